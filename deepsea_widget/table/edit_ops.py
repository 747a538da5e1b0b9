"""Edit mode's ops: one small function per op, each checking its own fields.

An edit changes the game's position given as `Game.from_position` arguments
(`position_of`, a dict); `EDIT_OPS` maps each op's name to its function and the
fields it takes, and `edited_game` runs one and lets the rules engine check the
result. On top of the engine's checks, an op knows what a board user needs:
which chip a new space can hold (all 32 chips exist somewhere in a real game),
and refusals that number spaces and items from 1 and name divers.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from ..rules import Game
from ..rules.chips import CHIPS_PER_LEVEL, LEVELS, N_CHIPS, STACK_SIZE, level_of_value
from ..rules.errors import FieldError
from ..rules.plain import plain
from ..rules.position import FULL_AIR
from .edit_words import position_refusal
from .intents import TOO_LONG, EditRefused, field, holds_huge

MAX_TRAIL = N_CHIPS  # the board's editor stops at the game's trail (Game.from_position may go farther)


def position_of(game: Game) -> dict:
    """The game's public position as `Game.from_position` arguments (for edit mode).

    Mid-turn, the current diver's turn is taken from its start: the air is the
    air before it breathed, and the turn starts again with it.
    """
    divers = game.divers
    return {
        "players": list(game.players),
        "trail": [None if s is None else list(s.levels) for s in game.trail],
        "positions": [d.position for d in divers],
        "returning": [d.returning or d.back for d in divers],
        "carried": [[list(it.levels) for it in d.carried] for d in divers],
        "banked": [[list(it.values) for it in d.banked] for d in divers],
        "air": game.turn_start_air,
        "dive": game.dive,
        "turn": game.current_player,
        "last_returned": game.last_returned,
    }


# ----- the chips ---------------------------------------------------------------
def chips_left(pos: dict) -> dict[int, int]:
    """Per level, the chips not on the trail, carried or banked in ``pos``."""
    levels = [lv for space in pos["trail"] for lv in space or ()]
    levels += [lv for items in pos["carried"] for item in items for lv in item]
    levels += [level_of_value(v) for items in pos["banked"] for item in items for v in item]
    return {lv: CHIPS_PER_LEVEL - levels.count(lv) for lv in LEVELS}


def check_chips(e: "Op", levels, place: str) -> None:
    """EditRefused naming ``place`` if ``levels`` (chip levels to add) need more chips than are left."""
    well_formed = (isinstance(levels, list) and 1 <= len(levels) <= STACK_SIZE
                   and all(type(lv) is int and lv in LEVELS for lv in levels))
    if not well_formed:
        return  # a blank, or a malformed item the engine names
    left = chips_left(e.pos)
    for lv in set(levels):
        if levels.count(lv) > left[lv]:
            raise e.refusal(f"{place}: all {CHIPS_PER_LEVEL} level-{lv} chips are already in play (on the "
                            f"trail, carried or banked); blank a space or take an item first")


def new_space(pos: dict) -> list[int] | None:
    """What "Add a space" puts at the far end: a chip of the lowest level not in play, else a blank."""
    left = chips_left(pos)
    return next(([lv] for lv in LEVELS if left[lv] > 0), None)


# ----- the ops -----------------------------------------------------------------
class Op(NamedTuple):
    """An edit op being applied: its fields (``op``, plain Python values), the position it
    changes in place (``pos``, as `position_of` gives it) and how its refusals begin
    (``where``: "edit move_diver")."""
    op: dict
    pos: dict
    where: str

    def get(self, key: str, kind, what: str):
        """Field ``key``, a ``kind`` (`intents.field`); EditRefused if missing or not one."""
        return field(self.op, key, kind, what, self.where, EditRefused)

    def seat(self) -> int:
        """Field ``seat``, a seat of the position."""
        n = len(self.pos["players"])
        s = self.get("seat", int, "a seat number")
        if not 0 <= s < n:
            raise self.refusal(f"seat must be 0..{n - 1}, got {s}")
        return s

    def refusal(self, reason: str) -> EditRefused:
        return EditRefused(reason, self.where)


def move_diver(e: Op) -> None:
    """A diver to space ``position`` (0: the sub), and, if given, its heading (``returning``)."""
    s = e.seat()
    e.pos["positions"][s] = e.get("position", int, "a space number")
    if "returning" in e.op:
        e.pos["returning"][s] = e.get("returning", bool, "true or false")


def set_heading(e: Op) -> None:
    """A diver heading back (``returning`` true) or deeper."""
    e.pos["returning"][e.seat()] = e.get("returning", bool, "true or false")


def give_item(e: Op) -> None:
    """A diver carries one more item: ``levels``, its chips' levels (from the box)."""
    s = e.seat()
    levels = e.get("levels", list, "a list of chip levels")
    check_chips(e, levels, f"{e.pos['players'][s]}'s new item")
    e.pos["carried"][s].append(levels)


def take_item(e: Op) -> None:
    """A diver's item number ``index`` (from 0) goes back to the box."""
    s = e.seat()
    i = e.get("index", int, "an item number")
    k = len(e.pos["carried"][s])
    if not 0 <= i < k:
        raise e.refusal(f"{e.pos['players'][s]} carries {k} item{'' if k == 1 else 's'}, "
                        f"so there is no item at index {i} (index counts from 0)")
    e.pos["carried"][s].pop(i)


def set_air(e: Op) -> None:
    """``air`` is the air on the track now, the number the board's header, gauge and edit slider
    show. The diver to play has breathed at its turn's start (one air for each item it
    carries), so the air the position starts that turn with (``pos["air"]``, as
    `Game.from_position` takes it) is ``air`` plus that breath. 0 is the air run out as the
    diver breathed (the rest of the dive is its turn)."""
    air = e.get("air", int, "a whole number")
    turn = e.pos["turn"]
    who, breath = e.pos["players"][turn], len(e.pos["carried"][turn])
    low, high = (0, FULL_AIR - breath) if breath else (1, FULL_AIR)
    if not low <= air <= high:
        why = (f"{who} breathed {breath} (one for each item carried) at the start of the turn, from at most "
               f"{FULL_AIR}; 0: the air ran out as {who} breathed" if breath else
               f"{who} carries nothing, so breathed nothing: the air is what the turn started with")
        raise e.refusal(f"air must be {low} to {max(low, high)}: {why}; got {air}")
    e.pos["air"] = min(air + breath, FULL_AIR)  # (0 with more than 25 items: any start runs out)


def set_space(e: Op) -> None:
    """Trail space ``space`` (from 1; one past the end adds it) holds a stack of chips of
    ``levels`` (from the box; its old chips go back first), or is blank (``levels`` null)."""
    trail = e.pos["trail"]
    last = min(len(trail) + 1, MAX_TRAIL)
    k = e.get("space", int, "a space number")
    if not 1 <= k <= last:
        raise e.refusal(f"space must be 1..{last} (a trail has at most {MAX_TRAIL} spaces), got {k}")
    if "levels" not in e.op:
        raise e.refusal("missing 'levels' (a list of levels, or null for a blank)")
    levels = e.op["levels"]
    if levels is not None and not isinstance(levels, list):
        raise e.refusal(f"'levels' must be a list of levels or null (blank), got {levels!r}")
    if k == len(trail) + 1:
        trail.append(None)
    trail[k - 1] = None  # its chip goes back to the box before the new one is counted
    check_chips(e, levels, f"space {k}")
    trail[k - 1] = levels


def add_space(e: Op) -> None:
    """A space at the far end, with a chip of the lowest level not in play (`new_space`)."""
    if len(e.pos["trail"]) >= MAX_TRAIL:
        raise e.refusal(f"the trail is full (at most {MAX_TRAIL} spaces)")
    e.pos["trail"].append(new_space(e.pos))


def remove_space(e: Op) -> None:
    """The trail's last space goes, unless a diver stands there or it is the only one."""
    last = len(e.pos["trail"])
    if last <= 1:
        raise e.refusal("the trail needs at least one space")
    for name, p in zip(e.pos["players"], e.pos["positions"]):
        if p == last:
            raise e.refusal(f"{name} stands on space {last}; move the diver first")
    e.pos["trail"].pop()


def set_turn(e: Op) -> None:
    """The diver to play, at the start of its turn."""
    e.pos["turn"] = e.seat()


# op name -> its function and the fields it takes besides "op" (move_diver's "returning" is optional)
EDIT_OPS: dict[str, tuple[Callable[[Op], None], frozenset]] = {
    "move_diver": (move_diver, frozenset({"seat", "position", "returning"})),
    "set_heading": (set_heading, frozenset({"seat", "returning"})),
    "give_item": (give_item, frozenset({"seat", "levels"})),
    "take_item": (take_item, frozenset({"seat", "index"})),
    "set_air": (set_air, frozenset({"air"})),
    "set_space": (set_space, frozenset({"space", "levels"})),
    "add_space": (add_space, frozenset()),
    "remove_space": (remove_space, frozenset()),
    "set_turn": (set_turn, frozenset({"seat"})),
}
EDIT_FIELDS = {name: fields for name, (_, fields) in EDIT_OPS.items()}


def edited_game(game: Game, op, seed: int) -> Game:
    """The game after edit ``op`` (a dict with its "op" and fields; ``game`` does not change),
    its hidden values drawn from ``seed``; EditRefused saying why not (a ValueError naming
    where, for a value `rules.plain` refuses)."""
    if not isinstance(op, dict):
        raise EditRefused("must be a dict with an 'op'", "edit")
    kind = op.get("op")
    if not isinstance(kind, str) or kind not in EDIT_OPS:
        raise EditRefused(f"unknown op {kind!r}; known: {', '.join(EDIT_OPS)}", "edit")
    apply_op, fields = EDIT_OPS[kind]
    where = f"edit {kind}"
    extra = set(op) - fields - {"op"}
    if extra:
        raise EditRefused(f"unexpected field(s) {', '.join(sorted(map(repr, extra)))}; "
                          f"it takes {', '.join(sorted(fields)) or 'no fields but op'}", where)
    huge = next((key for key in sorted(op) if holds_huge(op[key])), None)
    if huge is not None:
        raise EditRefused(f"{huge!r} holds {TOO_LONG}; no seat, space, level, air or index comes near that", where)
    pos = position_of(game)
    apply_op(Op(plain(op, where), pos, where))  # (plain: numpy ints from a script, as the odds give them)
    last = pos["last_returned"]
    if last is not None and not (pos["positions"][last] == 0 and pos["returning"][last]):
        pos["last_returned"] = None  # it left the sub: it no longer starts the next dive
    try:
        edited = Game.from_position(**pos, seed=seed, variant=game.variant)  # (a Boost game stays one)
    except FieldError as exc:
        raise EditRefused(position_refusal(exc, pos["players"], kind), "edit refused") from None
    except ValueError as exc:  # (a check with no field to name: as the rules say it)
        raise EditRefused(str(exc), "edit refused") from None
    if edited.is_over:
        raise EditRefused("in this position nobody still out can move, so the last dive, and the game, "
                          "would end at once", "edit refused")
    return edited
