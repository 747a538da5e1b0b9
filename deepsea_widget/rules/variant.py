"""Which edition's dice: the original game (two 1–3 dice, both kept) or Boost (RULES.md, "Boost").

A `Variant` holds everything an edition changes: the dice (each a tuple of equally likely
faces), how many dice a diver keeps when it does not boost, and the extra air a Boost costs.
Everything else (air, jumping, the far end, chips, dives) is the same in both. The engine,
the odds and the simulators take a variant and read its dice from here, nowhere else.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, product

from .errors import FieldError
from .plain import shown

# Bounds on a variant's parameters (a save may hold any): far beyond any edition, small enough
# that the choices of dice to keep and the rolls stay a handful.
MAX_DICE, MAX_FACES, MAX_FACE, MAX_BOOST_AIR = 6, 12, 20, 25


@dataclass(frozen=True)
class Variant:
    """An edition's dice. ``keep`` None: every die counts (the original game); an int: without a
    Boost the diver keeps that many dice of its choice. ``boost_air`` 0: no Boost to declare."""

    name: str
    dice: tuple  # per die, its equally likely faces
    keep: int | None = None
    boost_air: int = 0

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > 40:
            raise FieldError(("name",), f"must be a non-empty string of up to 40 characters, got {shown(self.name)}")
        dice = self.dice
        if (not isinstance(dice, (tuple, list)) or not 1 <= len(dice) <= MAX_DICE
                or any(not isinstance(faces, (tuple, list)) or not 1 <= len(faces) <= MAX_FACES for faces in dice)
                or any(not _is_int(f) or not 0 <= f <= MAX_FACE for faces in dice for f in faces)):
            raise FieldError(("dice",), f"must be a list of 1..{MAX_DICE} dice, each a list of 1..{MAX_FACES} "
                                        f"faces (whole numbers 0..{MAX_FACE}), got {shown(self.dice)}")
        dice = tuple(tuple(faces) for faces in dice)
        object.__setattr__(self, "dice", dice)
        if self.keep is not None and not (_is_int(self.keep) and 1 <= self.keep <= len(dice)):
            raise FieldError(("keep",), f"must be None or 1..{len(dice)} (dice kept without a Boost), "
                                        f"got {shown(self.keep)}")
        if not _is_int(self.boost_air) or not 0 <= self.boost_air <= MAX_BOOST_AIR:
            raise FieldError(("boost_air",), f"must be a whole number 0..{MAX_BOOST_AIR} (the air a Boost costs), "
                                             f"got {shown(self.boost_air)}")

    @property
    def can_boost(self) -> bool:
        """A diver may declare a Boost (keep every die, at ``boost_air`` more air)."""
        return self.keep is not None and self.keep < len(self.dice)

    @cached_property
    def rolls(self) -> tuple:
        """Every equally likely roll, one face per die."""
        return tuple(product(*self.dice))

    @cached_property
    def pairs(self) -> tuple:
        """The choices of dice to keep without a Boost, as tuples of die indices (0-based)."""
        n = len(self.dice)
        return ((tuple(range(n)),) if self.keep is None else tuple(combinations(range(n), self.keep)))

    def best_total(self, roll, boosting: bool = False) -> int:
        """The largest total a diver can keep from ``roll``: every die when boosting (or when
        the variant keeps them all), else the best ``keep`` of them."""
        if boosting or self.keep is None:
            return sum(roll)
        return sum(sorted(roll, reverse=True)[: self.keep])

    def roll(self, random) -> tuple:
        """One roll, a face per die; ``random()`` gives a float in [0, 1), one per die (the
        original game's dice draw as `dice.roll_dice` does: a seed rolls the same dice)."""
        return tuple([faces[int(random() * len(faces))] for faces in self.dice])

    def is_roll(self, dice) -> bool:
        """Whether ``dice`` (a tuple or list) is a roll of these dice: one face of each die, in order."""
        return (isinstance(dice, (tuple, list)) and len(dice) == len(self.dice)
                and all(_is_int(x) and x in faces for x, faces in zip(dice, self.dice)))

    @cached_property
    def dice_words(self) -> str:
        """What a roll of these dice is, for a message: "two faces, each 1, 2 or 3" (the
        original game), "three faces, one per die: 0 or 3, 1 or 3, 1 or 2" (Boost)."""
        n = _NUMBER_WORDS.get(len(self.dice), str(len(self.dice)))
        faces = [_or_words(sorted(set(f))) for f in self.dice]
        one = "face" if len(self.dice) == 1 else "faces"
        if len(set(faces)) == 1:
            return f"{n} {one}, each {faces[0]}"
        return f"{n} {one}, one per die: {', '.join(faces)}"

    def to_json(self):
        """The variant as a save records it: its name for the two editions, else its parameters."""
        if self == CLASSIC or self == BOOST:
            return self.name
        return {"name": self.name, "dice": [list(f) for f in self.dice], "keep": self.keep, "boost_air": self.boost_air}


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _or_words(items) -> str:
    """``"1, 2 or 3"``, ``"0 or 3"``, ``"5"``."""
    words = [str(x) for x in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


CLASSIC = Variant("classic", ((1, 2, 3), (1, 2, 3)))
# Second-hand descriptions of the 2024 edition: dice 0&3, 1&3, 1&2; keep two; a Boost costs one air.
BOOST = Variant("boost", ((0, 3), (1, 3), (1, 2)), keep=2, boost_air=1)
VARIANTS = {"classic": CLASSIC, "boost": BOOST}


def variant_of(value, field: str = "variant") -> Variant:
    """A `Variant` from a name ("classic", "boost"), a `Variant`, or a save's dict of parameters
    (``dice``, ``keep``, ``boost_air``); None means the original game. A `FieldError` names ``field``."""
    if value is None:
        return CLASSIC
    if isinstance(value, Variant):
        return value
    if isinstance(value, str):
        if value in VARIANTS:
            return VARIANTS[value]
        raise FieldError((field,), f"unknown variant {value!r} (classic or boost)")
    if isinstance(value, dict):
        unknown = sorted((k for k in value if k not in _PARAMETERS), key=str)
        if unknown:
            raise FieldError((field, unknown[0]), f"not a variant parameter (a variant has {', '.join(_PARAMETERS)})")
        if "dice" not in value:
            raise FieldError((field, "dice"), "missing (a variant's dice: per die, a list of its faces)")
        try:
            return Variant(value.get("name", "custom"), value["dice"], value.get("keep"), value.get("boost_air", 0))
        except FieldError as e:
            raise FieldError((field, *e.path), e.reason) from None
    raise FieldError((field,), f"expected 'classic', 'boost', a Variant or a variant's parameters, got {value!r}")


_PARAMETERS = ("name", "dice", "keep", "boost_air")
