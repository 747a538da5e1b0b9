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


@dataclass(frozen=True)
class Variant:
    """An edition's dice. ``keep`` None: every die counts (the original game); an int: without a
    Boost the diver keeps that many dice of its choice. ``boost_air`` 0: no Boost to declare."""

    name: str
    dice: tuple  # per die, its equally likely faces
    keep: int | None = None
    boost_air: int = 0

    def __post_init__(self):
        dice = tuple(tuple(faces) for faces in self.dice)
        if not dice or any(not faces for faces in dice) or any(
                not isinstance(f, int) or isinstance(f, bool) or f < 0 for faces in dice for f in faces):
            raise FieldError(("dice",), f"must be non-empty tuples of faces >= 0, got {self.dice!r}")
        object.__setattr__(self, "dice", dice)
        if self.keep is not None and not (1 <= self.keep <= len(dice)):
            raise FieldError(("keep",), f"must be None or 1..{len(dice)}, got {self.keep!r}")
        if not isinstance(self.boost_air, int) or isinstance(self.boost_air, bool) or self.boost_air < 0:
            raise FieldError(("boost_air",), f"must be an int >= 0, got {self.boost_air!r}")

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

    def to_json(self):
        """The variant as a save records it: its name for the two editions, else its parameters."""
        if self == CLASSIC or self == BOOST:
            return self.name
        return {"name": self.name, "dice": [list(f) for f in self.dice], "keep": self.keep, "boost_air": self.boost_air}


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
    if isinstance(value, dict) and set(value) <= {"name", "dice", "keep", "boost_air"} and "dice" in value:
        try:
            return Variant(str(value.get("name", "custom")), value["dice"], value.get("keep"), value.get("boost_air", 0))
        except FieldError as e:
            raise FieldError((field, *e.path), e.reason) from None
        except TypeError as e:
            raise FieldError((field,), str(e)) from None
    raise FieldError((field,), f"expected 'classic', 'boost' or a Variant, got {value!r}")
