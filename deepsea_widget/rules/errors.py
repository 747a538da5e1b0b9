"""Errors raised by the rules engine."""
from __future__ import annotations

import json


class IllegalActionError(ValueError):
    """An action that the rules do not allow in the current state.

    The message names the rule that was broken; the game is left unchanged.
    """


def field_path(path) -> str:
    """``("start", "carried", 1, 0)`` as ``start.carried[1][0]``; a key that is not a plain name
    as ``["..."]`` (``bots["1"]``)."""
    out = ""
    for key in path:
        if isinstance(key, str) and key.isidentifier():
            out += f".{key}" if out else key
        elif isinstance(key, str):  # (escaped where it is not printable: a message must be sendable)
            out += f"[{json.dumps(key, ensure_ascii=not key.isprintable())}]"
        else:
            out += f"[{key!r}]"
    return out


class FieldError(ValueError):
    """A value the rules refuse, at ``path`` inside the data given (keys and list indices,
    e.g. ``("carried", 1, 0)``), for ``reason``. Its message is ``"carried[1][0]: <reason>"``.

    ``code`` names what is wrong for a program to test (``"both_on_space"``; None where no
    caller needs one yet) and ``facts`` holds the values involved (``seat``, ``other``,
    ``space``, ``got``...), so that a caller can say it in words of its own without reading
    the message. The codes and their facts are listed in `FIELD_CODES`.

    The checks of a start position and of an action raise it; a load adds where in the save
    that data sits (``start``, ``history[12]``), key by key, and raises a `SaveError`."""

    def __init__(self, path, reason: str, code: str | None = None, **facts):
        self.path = tuple(path)
        self.reason = reason
        self.code = code
        self.facts = facts
        super().__init__(f"{field_path(self.path)}: {reason}" if self.path else reason)

    def inside(self, *outer) -> "SaveError":
        """The same error as a `SaveError`, at ``outer`` + its path (e.g. ``inside("history", 3)``)."""
        return SaveError((*outer, *self.path), self.reason, self.code, **self.facts)


# What a start position's checks say is wrong (`FieldError.code`) -> the facts that come with it.
# Seats are numbers (0: the first diver), spaces count from 1 as the trail does; ``got`` is the
# value refused.
FIELD_CODES = {
    "position_range": ("seat", "got", "last"),  # a diver's space is not 0 (the sub) or 1..last
    "both_on_space": ("seat", "other", "space"),  # seat and other stand on one space
    "carries_in_sub": ("seat",),  # a diver that has not dived yet carries items
    "turn_back_in_sub": ("seat",),  # the diver whose turn starts is back in the sub
    "item_shape": ("got",),  # an item given by levels is not a level or a stack of 1..3
    "chip_level": ("got",),  # a chip level that is not 1..4
    "too_many_chips": ("level", "most"),  # more chips of a level than there are
    "chip_elsewhere": ("chip", "other"),  # a chip id already used at path ``other``
}


class SaveError(FieldError):
    """A save that cannot be loaded (`Game.from_json`, `Table.from_json`, ``play(load=...)``):
    not JSON, not a save, or a field that is missing, of the wrong type, out of range or
    inconsistent with the rest. ``path`` is where in the save, as keys and list indices (e.g.
    ``("start", "air")``, ``("history", 12, "dice")``; empty for the file as a whole), and
    the message reads ``start.air: must be 1..25 before a turn starts, got -5``.

    Nothing is loaded and nothing else changes."""
