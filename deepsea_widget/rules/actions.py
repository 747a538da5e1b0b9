"""The actions a diver can take, as small value-equal, hashable objects: the original game's
five (roll, turn back, pick up, drop, stay) and Boost's two (boost, keep: RULES.md "Boost")."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import FieldError
from .plain import plain, shown
from .variant import BOOST, CLASSIC, Variant


@dataclass(frozen=True, slots=True)
class TurnBack:
    """Turn toward the submarine (once per dive, only while carrying something)."""

    def to_dict(self) -> dict:
        return {"type": "turn_back"}


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice (and, unless the diver must choose dice to keep, move).

    ``dice`` forces the faces, one per die: ``(a, b)``, each 1..3, in the original game;
    ``(a, b, c)`` in a Boost game (0 or 3, 1 or 3, 1 or 2). A game checks them against its own
    dice; a variant with other faces parses its forced rolls with ``action_from_dict(data, variant)``."""

    dice: tuple | None = None

    def __post_init__(self):
        if self.dice is None:
            return
        d = plain(self.dice, "dice")
        if not (CLASSIC.is_roll(d) or BOOST.is_roll(d)):
            boost = (f" (or, in a Boost game, {BOOST.dice_words})"
                     if isinstance(d, (tuple, list)) and len(d) == len(BOOST.dice) else "")
            raise ValueError(f"dice must be {CLASSIC.dice_words}{boost}; got {d!r}")
        object.__setattr__(self, "dice", tuple(d))

    def to_dict(self) -> dict:
        return {"type": "roll"} if self.dice is None else {"type": "roll", "dice": list(self.dice)}


@dataclass(frozen=True, slots=True)
class Boost:
    """Declare a Boost (a Boost game only): before rolling, once per turn; all the dice count
    and it costs the variant's ``boost_air`` more air at once."""

    def to_dict(self) -> dict:
        return {"type": "boost"}


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep these dice of the roll (a Boost game, after rolling without a Boost): die indices
    from 0, as many as the variant keeps (``Keep((0, 2))``: the first and the third die).
    The order does not matter (kept sorted); the game checks the indices."""

    dice: tuple

    def __post_init__(self):
        d = plain(self.dice, "Keep dice")
        if not isinstance(d, (tuple, list)) or not all(_is_index(i) for i in d):
            raise ValueError(f"Keep dice must be die indices (whole numbers from 0), got {d!r}")
        object.__setattr__(self, "dice", tuple(sorted(d)))

    def to_dict(self) -> dict:
        return {"type": "keep", "dice": list(self.dice)}


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take the item (chip or whole stack) on the diver's space."""

    def to_dict(self) -> dict:
        return {"type": "pick_up"}


@dataclass(frozen=True, slots=True)
class Drop:
    """Put carried item ``index`` (0-based, pick-up order) on the diver's blank space."""

    index: int

    def __post_init__(self):
        object.__setattr__(self, "index", plain(self.index, "Drop index"))
        if not isinstance(self.index, int) or isinstance(self.index, bool) or self.index < 0:
            raise ValueError(f"Drop index must be a non-negative int, got {self.index!r}")

    def to_dict(self) -> dict:
        return {"type": "drop", "index": self.index}


@dataclass(frozen=True, slots=True)
class Stay:
    """Do nothing on this space."""

    def to_dict(self) -> dict:
        return {"type": "stay"}


Action = TurnBack | Roll | Boost | Keep | PickUp | Drop | Stay

_SIMPLE = {"turn_back": TurnBack, "pick_up": PickUp, "stay": Stay}
_TYPES = "roll, turn_back, pick_up, drop or stay"
_BOOST_TYPES = "roll, turn_back, boost, keep, pick_up, drop or stay"


def _is_index(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _forced_roll(dice: tuple) -> Roll:
    """A Roll of ``dice`` already checked against the game's variant (any variant's faces)."""
    action = object.__new__(Roll)
    object.__setattr__(action, "dice", dice)
    return action


def action_from_dict(data, variant: Variant | None = None) -> Action:
    """Parse an action dict (as made by ``to_dict``) of a game of ``variant`` (None: the
    original game); `FieldError` (a ValueError) names the field that is wrong (``type``,
    ``dice``, ``index``) and why. Forced dice are checked against the variant's dice."""
    variant = CLASSIC if variant is None else variant
    boost = variant.can_boost
    types = _BOOST_TYPES if boost else _TYPES
    if not isinstance(data, dict):
        raise FieldError((), f"an action must be an object like {{\"type\": \"roll\"}}, got {type(data).__name__}")
    if "type" not in data:
        raise FieldError(("type",), f"missing (an action's type is one of {types})")
    kind = data["type"]
    if not isinstance(kind, str):
        raise FieldError(("type",), f"must be a string ({types}), got {shown(kind)}")
    allowed = ("type",)
    if kind in _SIMPLE:
        action = _SIMPLE[kind]()
    elif kind == "roll":
        allowed = ("type", "dice")
        dice = data.get("dice")  # (none or null: the dice are rolled)
        if dice is not None and not (isinstance(dice, list) and variant.is_roll(dice)):
            raise FieldError(("dice",), f"must be {variant.dice_words}, got {shown(dice)}")
        action = Roll() if dice is None else _forced_roll(tuple(dice))
    elif kind == "drop":
        allowed = ("type", "index")
        if "index" not in data:
            raise FieldError(("index",), "missing (a drop action names the carried item it drops, from 0)")
        index = data["index"]
        if not _is_index(index):
            raise FieldError(("index",), f"must be a whole number 0 or more (a carried item), got {shown(index)}")
        action = Drop(index)
    elif boost and kind == "boost":
        action = Boost()
    elif boost and kind == "keep":
        allowed = ("type", "dice")
        if "dice" not in data:
            raise FieldError(("dice",), "missing (a keep action names the dice it keeps, by index from 0)")
        dice = data["dice"]
        if not (isinstance(dice, list) and all(map(_is_index, dice))):
            raise FieldError(("dice",), f"must be a list of die indices (whole numbers from 0), got {shown(dice)}")
        action = Keep(tuple(dice))
    elif kind in ("boost", "keep"):
        raise FieldError(("type",), f"{shown(kind)} is an action of the Boost variant, not of this game's "
                                    f"({variant.name}; it is one of {types})")
    else:
        raise FieldError(("type",), f"unknown action type {shown(kind)} (it is one of {types})")
    extra = sorted((k for k in data if k not in allowed), key=str)
    if extra:
        more = f" (nor are {', '.join(map(shown, extra[1:]))})" if len(extra) > 1 else ""
        raise FieldError((extra[0],), f"not a field of a {kind} action{more}; it has {' and '.join(allowed)}")
    return action
