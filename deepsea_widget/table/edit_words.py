"""Edits and their refusals in the board's words.

`describe_edit` writes an accepted edit for the log ("Ann to space 4");
`plain_refusal` rewords the engine's refusal of an edited position as the board
numbers and names things (spaces and items from 1, divers by name, not the
engine's field names); `refusal_reason` and `board_error` give a table's edit
refusal without its op name, for a tooltip and for the board's banner.
"""
from __future__ import annotations

import re

from ..rules.events import describe_levels


# How Table.edit's refusals begin: "edit refused: " (the engine's check) or "edit <op>: " (the op's
# own fields), so that a caller from Python learns which op failed
_EDIT_REFUSAL = re.compile(r"^edit( refused| [a-z_]+)?: ")


def _reason(text: str) -> str | None:
    """What follows an edit refusal's op name (None: ``text`` is not an edit refusal)."""
    match = _EDIT_REFUSAL.match(text)
    return None if match is None else text[match.end():]


def refusal_reason(text: str) -> str | None:
    """An edit refusal's reason without its op name, capitalised as a tooltip is ("The trail is
    full (at most 32 spaces)"); None if ``text`` is not an edit refusal."""
    reason = _reason(text)
    return None if reason is None else reason[:1].upper() + reason[1:]


def board_error(text: str) -> str:
    """A refusal as the board's banner shows it: an edit's in plain words ("Edit refused: Cy and
    Bob are both on space 5"), not the op names a Python caller sees; anything else as it is."""
    reason = _reason(text)
    return text if reason is None else f"Edit refused: {reason}"


_FIELD_WORDS = {"positions": "position", "returning": "heading", "banked": "banked items", "carried": "items"}


def plain_refusal(text: str, pos: dict, kind: str | None = None) -> str:
    """The engine's refusal of edit ``kind`` in the board's words: "space 3", "Ann's item 2", "Ann"."""
    names = pos["players"]

    def name(s: str) -> str:
        i = int(s)
        return names[i] if 0 <= i < len(names) else f"seat {i}"

    turn = pos.get("turn")
    if text.startswith("turn: ") and text.endswith("is already back in the submarine this dive") \
            and isinstance(turn, int) and 0 <= turn < len(names):
        if kind == "set_turn":  # the turn given to a diver back in the sub
            return (f"{names[turn]} is back in the submarine this dive, so cannot take the turn: "
                    "choose a diver still in the water")
        return (f"{names[turn]} is the diver to play, so cannot be back in the submarine: "
                "give another diver the turn first (Whose turn)")
    stuck = re.fullmatch(r"carried\[(\d+)\]: .* has not left the submarine, so carries nothing", text)
    if stuck:
        who = name(stuck.group(1))
        return (f"{who} carries items, so cannot wait in the submarine before diving: choose "
                f"Heading back first (a diver back in the sub banks what it carries)")
    prefix = re.match(r"(positions|returning|banked|carried)\[(\d+)\]: ", text)
    if prefix:  # "positions[3]: Di and Cy are both on space 5" -> "Di and Cy are both on space 5"
        who, rest = name(prefix.group(2)), text[prefix.end():]
        text = rest if rest.startswith(who) else f"{who}'s {_FIELD_WORDS[prefix.group(1)]}: {rest}"
    text = re.sub(r"\btrail\[(\d+)\]", lambda m: f"space {int(m.group(1)) + 1}", text)
    text = re.sub(r"\bcarried\[(\d+)\]\[(\d+)\]",
                  lambda m: f"{name(m.group(1))}'s item {int(m.group(2)) + 1}", text)
    text = re.sub(r"\b(?:carried|positions|returning|banked)\[(\d+)\]", lambda m: name(m.group(1)), text)
    return text


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
