"""Edits and their refusals in the board's words.

`describe_edit` writes an accepted edit for the log ("Ann to space 4").
`position_refusal` says why the rules refuse an edited position as the board
numbers and names things (spaces and items from 1, divers by name), from what
the rules' `FieldError` carries (where, a code and the facts involved), never
from its message; `banner` and `tooltip` give an edit's refusal without its op
name, for the board's banner and for a control's tooltip.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from ..rules.errors import FieldError, field_path
from ..rules.events import describe_levels
from ..rules.plain import shown


def banner(reason: str) -> str:
    """An edit's refusal as the board's banner shows it ("Edit refused: Cy and Bob are both on
    space 5"), without the op name a Python caller sees."""
    return f"Edit refused: {reason}"


def tooltip(reason: str) -> str:
    """An edit's refusal capitalised as a tooltip is ("The trail is full (at most 32 spaces)")."""
    return reason[:1].upper() + reason[1:]


class _Names(NamedTuple):
    """The board's names for the seats and fields of a position with these ``players``."""
    players: list

    def diver(self, seat) -> str:
        return self.players[seat] if 0 <= seat < len(self.players) else f"seat {seat}"

    def place(self, path) -> str:
        """Where ``path`` is, as the board says it: "space 3", "Ann's item 2", "Ann's heading"."""
        field, index = (path[0], path[1:]) if path else ("", ())
        if field == "trail" and len(index) == 1:
            return f"space {index[0] + 1}"
        if field in _SEAT_FIELDS and len(index) == 1:
            return f"{self.diver(index[0])}'s {_SEAT_FIELDS[field]}"
        if field in _ITEM_WORDS and len(index) == 2:
            return f"{self.diver(index[0])}'s {_ITEM_WORDS[field]} {index[1] + 1}"
        return field_path(path)


_SEAT_FIELDS = {"positions": "position", "returning": "heading", "banked": "banked items", "carried": "items"}
_ITEM_WORDS = {"carried": "item", "banked": "banked item"}

# The board's words for what the rules refuse (`FieldError.code`, see rules.errors.FIELD_CODES),
# built from its facts. Sentences name the divers themselves; reasons follow where they are.
_SENTENCES: dict[str, Callable[[dict, _Names, str | None], str]] = {
    "both_on_space": lambda f, n, op: f"{n.diver(f['seat'])} and {n.diver(f['other'])} are both on space {f['space']}",
    "carries_in_sub": lambda f, n, op: (f"{n.diver(f['seat'])} carries items, so cannot wait in the submarine "
                                        f"before diving: choose Heading back first (a diver back in the sub banks "
                                        f"what it carries)"),
    "turn_back_in_sub": lambda f, n, op: (
        f"{n.diver(f['seat'])} is back in the submarine this dive, so cannot take the turn: choose a diver still "
        f"in the water" if op == "set_turn" else  # (the turn given to a diver back in the sub)
        f"{n.diver(f['seat'])} is the diver to play, so cannot be back in the submarine: give another diver the "
        f"turn first (Whose turn)"),
}
_REASONS: dict[str, Callable[[dict, _Names], str]] = {
    "position_range": lambda f, n: f"must be 0 (the sub) or a trail space 1..{f['last']}, got {shown(f['got'])}",
    "item_shape": lambda f, n: f"an item is a level 1..4 or a stack of 1..3 levels, got {shown(f['got'])}",
    "chip_level": lambda f, n: f"chip levels are 1..4, got {shown(f['got'])}",
    "too_many_chips": lambda f, n: f"more than {f['most']} level-{f['level']} chips in the position",
    "chip_elsewhere": lambda f, n: f"chip {f['chip']} is already in {n.place(f['other'])}",
}


def position_refusal(exc: FieldError, players: list, op: str | None = None) -> str:
    """Why the rules refuse the position edit ``op`` made, in the board's words, from ``exc``'s
    path, code and facts (``players``: the position's names). A check the board has no words
    for is said as where it is, then the rules' reason."""
    names = _Names(players)
    if exc.code in _SENTENCES:
        return _SENTENCES[exc.code](exc.facts, names, op)
    reason = _REASONS[exc.code](exc.facts, names) if exc.code in _REASONS else exc.reason
    return f"{names.place(exc.path)}: {reason}" if exc.path else reason


def describe_edit(op: dict, game) -> str:
    """An accepted edit in the board's words, for the log: "Ann to space 4", "air 12 now (air 14 at
    the start of Ann's turn; Ann breathed 2)";
    ``game``: the position it gave."""
    kind = op["op"]
    who = game.players[op["seat"]] if "seat" in op else ""
    heading = {True: "heading back", False: "heading deeper"}
    if kind == "move_diver" and op["position"] == 0:
        return f"{who} {'back in the sub' if game.divers[op['seat']].back else 'in the sub, not dived yet'}"
    if kind == "move_diver":
        return f"{who} to space {op['position']}" + (f", {heading[op['returning']]}" if "returning" in op else "")
    if kind == "set_heading":
        return f"{who} {heading[op['returning']]}"
    if kind == "give_item":
        return f"{who} gets {describe_levels(op['levels'])}"
    if kind == "take_item":
        return f"{who}'s item {op['index'] + 1} put back in the box"
    if kind == "set_air":  # the air now, and the turn's start if the diver to play breathed
        me = game.players[game.current_player]
        breath = game.turn_start_air - game.air
        return f"air {op['air']}" + (f" now (air {game.turn_start_air} at the start of {me}'s turn; {me} breathed "
                                     f"{breath})" if breath else "")
    if kind == "set_space":
        return f"space {op['space']} " + ("left blank" if op["levels"] is None else f"holds {describe_levels(op['levels'])}")
    if kind == "add_space":
        return "a space added at the far end"
    if kind == "remove_space":
        return "the last space removed"
    return f"{who} to play"  # set_turn
