"""Intents from a board: every field checked, then handed to the table.

An intent is a plain dict from the front end (``{"type": "action", "seq": 3,
...}``). `dispatch` refuses a malformed, stale or forged one with an
`IntentError` that says why, before anything changes; `INTENTS` says which
fields each type takes and what it does. The size guard (`too_deep`,
`holds_huge`) is the table's one check of how big an intent's values may be.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from ..rules import Roll, action_from_dict
from ..rules.errors import SaveError
from ..rules.position import is_int

MAX_ERROR = 300  # characters of a refusal shown (a bad value is quoted; a huge one is cut)


class IntentError(ValueError):
    """An intent the table refuses; the message says exactly why: ``where`` (the intent or op
    refused, "action intent", "edit set_air"; None where the reason says it), then ``reason``."""

    def __init__(self, reason: str, where: str | None = None):
        self.reason, self.where = reason, where
        super().__init__(f"{where}: {reason}" if where else reason)


class EditRefused(IntentError):
    """An edit the table refuses. ``where`` is "edit <op>" (the op's own check), "edit refused"
    (the rules' check of the position it made) or "edit" (no op to name); ``reason`` is in the
    board's words, which the board shows without ``where`` (`edit_words.banner`)."""


# ----- the size guard ------------------------------------------------------
# No seat, space, air, level or index of an intent comes near 10 digits, and a real intent nests
# 4 levels at most. (The rules' own door, `rules.plain`, lets a script go farther: 100 digits, 50
# levels; an intent meets these limits first, so its refusal names the intent's field.)
HUGE_DIGITS = 10
HUGE = 10 ** (HUGE_DIGITS - 1)
TOO_LONG = f"a number of {HUGE_DIGITS} digits or more"
MAX_NESTING = 16


def _levels(value, dicts: bool):
    """``[value]``, then the items of the lists in it (and the values of its dicts if ``dicts``),
    then theirs: MAX_NESTING + 2 levels at most. A level at a time, not recursively: a message
    may nest a few hundred deep, and a list from a script may hold itself."""
    level = [value]
    for _ in range(MAX_NESTING + 2):
        yield level
        level = [v for item in level for v in _items(item, dicts)]
        if not level:
            return


def _items(item, dicts: bool):
    if isinstance(item, list):
        return item
    return item.values() if dicts and isinstance(item, dict) else ()


def too_deep(value) -> bool:
    """Whether lists and dicts in ``value`` nest more than MAX_NESTING levels."""
    return sum(1 for _ in _levels(value, dicts=True)) > MAX_NESTING + 1


def holds_huge(value) -> bool:
    """Whether ``value`` is, or a list in it holds, an int of HUGE_DIGITS digits or more (Python
    cannot even print one of over 4,300 digits, so it is refused before any message quotes it)."""
    return any(is_int(item) and abs(item) >= HUGE for level in _levels(value, dicts=False) for item in level)


# ----- fields ----------------------------------------------------------------
def field(msg: dict, key: str, kind, what: str, where: str | None = None, error=IntentError):
    """``msg[key]`` if it is a ``kind`` (int: not a bool); an ``error`` naming ``where`` if not."""
    where = where or f"{msg.get('type', 'intent')} intent"
    if key not in msg:
        raise error(f"missing {key!r}", where)
    value = msg[key]
    ok = is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise error(f"{key!r} must be {what}, got {value!r}", where)
    if kind is int and holds_huge(value):
        raise error(f"{key!r} must be {what}, got {TOO_LONG}", where)
    return value


# ----- one handler per type ----------------------------------------------------
def _on_action(table, msg) -> None:
    action_data = msg.get("action")
    try:
        # (the game's variant: a Boost game's boost and keep, and its dice, are its own)
        action = action_from_dict(action_data, table.game.variant)
    except ValueError as exc:
        raise IntentError(str(exc), "action intent") from None
    if isinstance(action, Roll) and "dice" in action_data:  # (a keep's "dice" are the die indices it keeps)
        raise IntentError("the board cannot choose the dice (the table rolls them)", "action intent")
    seat = field(msg, "seat", int, "the seat that acts")
    if not 0 <= seat < len(table.game.players):
        raise IntentError(f"no seat {seat}", "action intent")
    if table.is_bot(seat):
        raise IntentError(f"{table.game.players[seat]} is a bot; people cannot move for it", "action intent")
    table.apply(action, seat=seat)


def _on_bot_step(table, msg) -> None:
    if "auto" in msg:  # (auto-play's steps say so; the board's Next does not have to)
        field(msg, "auto", bool, "true or false")
    table.bot_step()


def _on_load(table, msg) -> None:
    try:
        table.load_json(field(msg, "text", str, "the saved game's text"))
    except SaveError as exc:
        raise IntentError(str(exc), "load refused, the game goes on") from None


def _on_guess(table, msg) -> None:
    percent = msg.get("percent")
    if not ("percent" in msg and isinstance(percent, (int, float)) and not isinstance(percent, bool)
            and not holds_huge(percent) and 0 <= percent <= 100):
        got = TOO_LONG if is_int(percent) and holds_huge(percent) else repr(percent)
        raise IntentError(f"'percent' must be the guessed chance, a number from 0 to 100, got {got}", "guess intent")
    table.guess(percent / 100)


class Intent(NamedTuple):
    fields: frozenset  # every field it may have ("type" and "seq" too; bot_step's "auto" is optional)
    handle: Callable  # handle(table, msg), once the fields are known and the state number is right


def _intent(handle, *fields) -> Intent:
    return Intent(frozenset({"type", "seq", *fields}), handle)


INTENTS = {
    "action": _intent(_on_action, "seat", "action"),
    "bot_step": _intent(_on_bot_step, "auto"),
    "undo": _intent(lambda table, msg: table.undo()),
    "new_game": _intent(lambda table, msg: table.new_game()),
    "mode": _intent(lambda table, msg: table.set_mode(field(msg, "mode", str, "'play' or 'edit'")), "mode"),
    "edit": _intent(lambda table, msg: table.edit(msg.get("edit")), "edit"),
    "load": _intent(_on_load, "text"),
    "guess": _intent(_on_guess, "percent"),  # guess first: the person's guess, in percent
}


def dispatch(table, msg) -> None:
    """Check intent ``msg``'s type, size, fields and state number, then let its handler apply it
    to ``table``; IntentError (or the engine's refusal) saying why not."""
    if not isinstance(msg, dict):
        raise IntentError(f"malformed intent: expected an object, got {type(msg).__name__}")
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise IntentError(f"malformed intent: 'type' must be a string, got {kind!r}")
    if kind not in INTENTS:
        raise IntentError(f"malformed intent: unknown type {kind!r}")
    if too_deep(msg):
        raise IntentError(f"malformed {kind} intent: lists and objects nested more than {MAX_NESTING} deep")
    fields = INTENTS[kind].fields
    extra = set(msg) - fields
    if extra:
        raise IntentError(f"malformed {kind} intent: unexpected field(s) {', '.join(sorted(map(repr, extra)))}; "
                          f"it takes {', '.join(sorted(fields))}")
    seq = field(msg, "seq", int, "the board's state number")
    if seq != table.seq:
        raise IntentError(f"stale intent (state {seq}, the board is at state {table.seq}): "
                          "it was already handled or the board changed; try again")
    INTENTS[kind].handle(table, msg)


def clipped(text: str) -> str:
    """``text`` cut to MAX_ERROR characters for the board's banner."""
    return text if len(text) <= MAX_ERROR else text[:MAX_ERROR - 1] + "…"
