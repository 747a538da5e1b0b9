"""The five actions a diver can take, as small value-equal, hashable objects."""
from __future__ import annotations

from dataclasses import dataclass

from .dice import DIE_FACES
from .errors import FieldError
from .plain import plain, shown


@dataclass(frozen=True, slots=True)
class TurnBack:
    """Turn toward the submarine (once per dive, only while carrying something)."""

    def to_dict(self) -> dict:
        return {"type": "turn_back"}


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the two dice and move. ``dice=(a, b)`` forces the faces (each 1..3)."""

    dice: tuple[int, int] | None = None

    def __post_init__(self):
        if self.dice is None:
            return
        d = plain(self.dice, "dice")
        if (not isinstance(d, (tuple, list)) or len(d) != 2
                or any(not isinstance(x, int) or isinstance(x, bool) or x not in DIE_FACES for x in d)):
            raise ValueError(f"dice must be two faces, each 1, 2 or 3; got {d!r}")
        object.__setattr__(self, "dice", (d[0], d[1]))

    def to_dict(self) -> dict:
        return {"type": "roll"} if self.dice is None else {"type": "roll", "dice": list(self.dice)}


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


Action = TurnBack | Roll | PickUp | Drop | Stay

_SIMPLE = {"turn_back": TurnBack, "pick_up": PickUp, "stay": Stay}
_TYPES = "roll, turn_back, pick_up, drop or stay"


def _is_face(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x in DIE_FACES


def action_from_dict(data) -> Action:
    """Parse an action dict (as made by ``to_dict``); `FieldError` (a ValueError) names the
    field that is wrong (``type``, ``dice``, ``index``) and why."""
    if not isinstance(data, dict):
        raise FieldError((), f"an action must be an object like {{\"type\": \"roll\"}}, got {type(data).__name__}")
    if "type" not in data:
        raise FieldError(("type",), f"missing (an action's type is one of {_TYPES})")
    kind = data["type"]
    if not isinstance(kind, str):
        raise FieldError(("type",), f"must be a string ({_TYPES}), got {shown(kind)}")
    allowed = ("type",)
    if kind in _SIMPLE:
        action = _SIMPLE[kind]()
    elif kind == "roll":
        allowed = ("type", "dice")
        dice = data.get("dice")  # (none or null: the dice are rolled)
        if dice is not None and not (isinstance(dice, list) and len(dice) == 2 and all(map(_is_face, dice))):
            raise FieldError(("dice",), f"must be two faces, each 1, 2 or 3, got {shown(dice)}")
        action = Roll(None if dice is None else tuple(dice))
    elif kind == "drop":
        allowed = ("type", "index")
        if "index" not in data:
            raise FieldError(("index",), "missing (a drop action names the carried item it drops, from 0)")
        index = data["index"]
        if not (isinstance(index, int) and not isinstance(index, bool) and index >= 0):
            raise FieldError(("index",), f"must be a whole number 0 or more (a carried item), got {shown(index)}")
        action = Drop(index)
    else:
        raise FieldError(("type",), f"unknown action type {shown(kind)} (it is one of {_TYPES})")
    extra = sorted((k for k in data if k not in allowed), key=str)
    if extra:
        more = f" (nor are {', '.join(map(shown, extra[1:]))})" if len(extra) > 1 else ""
        raise FieldError((extra[0],), f"not a field of a {kind} action{more}; it has {' and '.join(allowed)}")
    return action
