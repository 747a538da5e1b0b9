"""The five actions a diver can take, as small value-equal, hashable objects."""
from __future__ import annotations

from dataclasses import dataclass

from .plain import plain, shown

DIE_FACES = (1, 2, 3)


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


def action_from_dict(data) -> Action:
    """Parse an action dict (as made by ``to_dict``); ``ValueError`` names what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be a dict, got {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ValueError(f"an action's 'type' must be a string, got {shown(kind)}")
    allowed = {"type"}
    if kind in _SIMPLE:
        action = _SIMPLE[kind]()
    elif kind == "roll":
        allowed.add("dice")
        dice = data.get("dice")
        action = Roll(tuple(dice) if isinstance(dice, list) else dice)
    elif kind == "drop":
        allowed.add("index")
        if "index" not in data:
            raise ValueError("a drop action needs an 'index'")
        action = Drop(data["index"])
    else:
        raise ValueError(f"unknown action type {kind!r}")
    extra = set(data) - allowed
    if extra:
        raise ValueError(f"unexpected field(s) in {kind} action: {', '.join(sorted(map(shown, extra)))}")
    return action
