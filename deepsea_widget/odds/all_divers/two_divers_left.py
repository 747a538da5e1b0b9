"""How the dive ends when two divers are left in the water: exact tables, one per pair of loads.

``pair_outcomes(c_first, c_second)`` answers, for the first diver about to move with the air
before it breathes, at every pair of trail spaces: the first diver home and the second not,
the second home and the first not, both home, neither (each summed on its own, never as what
is left of 1, so a diver sure to get home has exactly 0 where it does not). Same rules as the
chain (RULES.md); built on first use by one backward pass over the air, then kept. The dense
solver (`four_divers`) looks two divers up here instead of expanding them. A variant's tables
(Boost) play its two kinds of turn, each diver boosting where its rule says so in that cell
(`variant_turns`); the original game's are built as ever.
"""
from __future__ import annotations

import numpy as np

from ...rules.air import FULL_AIR, breath
from ...rules.chips import N_CHIPS
from ...rules.movement import move_end
from ..dice import DICE_OUTCOMES, MAX_MOVE, movement_weights
from ..single_diver import home_table
from .variant_turns import VariantTurns

TRAIL = N_CHIPS  # trail spaces covered by the tables: a new game's trail, a space per chip
FIRST, SECOND, BOTH, NEITHER = 0, 1, 2, 3  # the outcome channels

_TABLES: dict = {}  # (c_first, c_second), or (dice, rule, c_first, c_second) -> array [air, outcome, p, q]
_LANDING: dict = {}  # longest move -> the landing table, once built (see `_landing`)


def pair_outcomes(c_first: int, c_second: int, turns: VariantTurns | None = None,
                  seats: tuple[int, int] | None = None) -> np.ndarray:
    """``table[air, k, p, q]``: P(outcome k) with the first diver (``c_first`` items) on
    space p about to move, the second (``c_second`` items) on space q; air 1..25 before
    the first breathes. Outcomes k: FIRST (only the first gets home), SECOND, BOTH, NEITHER.
    Index 0 and cells with p == q stand for no position (their values mean nothing).

    ``turns``: a variant's (None: the original game), each diver playing its rule on every
    turn (`VariantTurns.boosting`, asked for ``seats``, the two divers' seats in its chain;
    the table depends on their items only, and is kept per variant's dice and rule)."""
    # (six or more items never move, but still breathe all they carry)
    if turns is None:
        key, seats = (c_first, c_second), (0, 1)  # (the original game's turns are the same whoever takes them)
    else:
        if seats is None or [turns.chips[s] for s in seats] != [min(c, turns.dice.never_moves)
                                                                for c in (c_first, c_second)]:
            raise ValueError(f"seats: a variant's pair table needs the seats of divers carrying "
                             f"{c_first} and {c_second} items in its chain, got {seats!r}")
        key = turns.dice, turns.policy, c_first, c_second
    table = _TABLES.get(key)
    if table is None:
        _build(turns, (c_first, seats[0]), (c_second, seats[1]))
        table = _TABLES[key]
    return table


def _build(turns: VariantTurns | None, a: tuple[int, int], b: tuple[int, int]) -> None:
    """Both tables of the pair (a moves first; b moves first: (items, seat) each) by one pass
    up the air. All rolls of a turn at once: arrays are [roll, mover's space, other's space]."""
    (c_a, seat_a), (c_b, seat_b) = a, b
    shape = (FULL_AIR + 1, 4, TRAIL + 1, TRAIL + 1)
    tables = {(c_a, c_b): np.zeros(shape), (c_b, c_a): np.zeros(shape)}  # one if c_a == c_b
    least = {c: breath(c) if turns is None else turns.least_air(c) for c in (c_a, c_b)}
    keys = tables if turns is None else {(turns.dice, turns.policy) + k: v for k, v in tables.items()}
    if least[c_a] == 0 and least[c_b] == 0:  # nobody uses air: both get home
        for table in tables.values():
            table[:, BOTH] = 1.0
        _TABLES.update(keys)
        return
    if turns is None:
        lone = home_table(max_distance=TRAIL, max_chips=max(c_a, c_b))
    else:
        lone = home_table(max_distance=TRAIL, max_chips=max(c_a, c_b), variant=turns.variant, boost=turns.policy)
    kinds = {c: _kinds(c, turns) for c in {c_a, c_b}}  # what one turn does, whatever the air
    seat = {c_a: seat_a, c_b: seat_b}
    # an empty-handed mover's turn keeps the air: do its partner's table first at each air
    order = [(c_a, c_b), (c_b, c_a)] if least[c_b] == 0 else [(c_b, c_a), (c_a, c_b)]
    if c_a == c_b:
        order = order[:1]
    for air in range(1, FULL_AIR + 1):
        for mover, other in order:
            out = tables[mover, other][air]
            boosting = False if turns is None else _boosting(turns, seat[mover], air, other)
            if not isinstance(boosting, np.ndarray):
                _turn(out, kinds[mover][boosting], air, lone[other], tables[other, mover])
                continue
            each = {}
            for kind, turn in kinds[mover].items():
                each[kind] = np.zeros(out.shape)
                _turn(each[kind], turn, air, lone[other], tables[other, mover])
            np.copyto(out, np.where(boosting, each[True], each[False]))
    _TABLES.update(keys)


def _kinds(c: int, turns: VariantTurns | None) -> dict:
    """Per kind of turn (False: no Boost) of a diver carrying ``c`` items: the air it takes, then
    P(home on this move), P(not), the same per roll, the other's table's index and the roll shape."""
    if turns is None:
        moves = {False: [(m, w / DICE_OUTCOMES) for m, w in movement_weights(c).items()]}
        longest = MAX_MOVE
    else:
        dice = turns.dice
        moves = {b: [(m, rolls / dice.outcomes) for m, rolls in dice.moves(c, b)] for b in dice.kinds("best")}
        longest = turns.longest
    land = _landing(longest)
    q = np.arange(TRAIL + 1)[None, None, :]  # the other's space
    out = {}
    for kind, weights in moves.items():
        w = np.array([p for _, p in weights])[:, None, None]
        end = land[np.array([m for m, _ in weights], dtype=np.int64)]  # [roll, mover's space, other's space]
        home = end == 0
        landed = np.where(home, 1, end)
        source = (q * (TRAIL + 1) + landed).reshape(-1)  # the other's table: [its space, mover's]
        air_used = breath(c) if turns is None else turns.air_used(c, kind)
        out[kind] = (air_used, (w * home).sum(axis=0), (w * ~home).sum(axis=0), (w * ~home).reshape(1, -1),
                     source, home.shape)
    return out


def _boosting(turns: VariantTurns, seat: int, air: int, other: int):
    """Whether the diver in ``seat`` boosts at ``air`` with the other (``other`` items) in the
    water: a bool for every cell, or an array [its space, the other's space]."""
    space = np.arange(TRAIL + 1)
    distance = space[1:]
    rule = turns.boosting(seat, air, distance, np.full(distance.size, other), False)
    if isinstance(rule, (bool, np.bool_)):
        return bool(rule)
    rule = np.concatenate(([False], rule))  # (index 0: no position)
    free = np.maximum(space[:, None] - (space[None, :] < space[:, None]), 0)  # its free distance
    return rule[free]


def _turn(out: np.ndarray, turn: tuple, air: int, alone_table: np.ndarray, next_tables: np.ndarray) -> None:
    """The ends of one kind of turn taken at ``air`` into ``out`` [outcome, mover's space, other's
    space] (zeros before): ``alone_table`` is the other's one-diver table, ``next_tables`` the
    other's pair table (roles swapped)."""
    air_used, reach, short, still, source, roll_shape = turn  # P(home on this move), P(not)
    after = air - air_used
    if after <= 0:  # the dive ends after this move
        out[FIRST] = reach
        out[NEITHER] = short
        return
    alone = alone_table[after, np.arange(TRAIL + 1)][None, :]  # the other, alone, moves next
    out[BOTH] = reach * alone
    out[FIRST] = reach * (1.0 - alone)
    # still out: the other moves next, from its table (roles swapped)
    nxt = next_tables[after].reshape(4, -1).take(source, axis=1)
    ends = (nxt * still).reshape((4,) + roll_shape).sum(axis=1)
    out[FIRST] += ends[SECOND]
    out[SECOND] += ends[FIRST]
    out[BOTH] += ends[BOTH]
    out[NEITHER] = ends[NEITHER]


def _landing(longest: int = MAX_MOVE) -> np.ndarray:
    """``land[m, p, q]``: where a diver on space p moving m (0..``longest``) free spaces toward the
    sub ends, the other diver on space q (0: home), by the movement rule (`rules.movement.move_end`).
    Cells with p == q or p == 0 stand for no position."""
    land = _LANDING.get(longest)
    if land is None:
        land = np.zeros((longest + 1, TRAIL + 1, TRAIL + 1), dtype=np.int64)
        for m in range(longest + 1):
            for p in range(TRAIL + 1):
                for q in range(TRAIL + 1):
                    land[m, p, q] = move_end(p, m, False, (q,), TRAIL)
        _LANDING[longest] = land
    return land
