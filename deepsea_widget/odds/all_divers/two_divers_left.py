"""How the dive ends when two divers are left in the water: exact tables, one per pair of loads.

``pair_outcomes(c_first, c_second)`` answers, for the first diver about to move with the air
before it breathes, at every pair of trail spaces: the first diver home and the second not,
the second home and the first not, both home, neither (each summed on its own, never as what
is left of 1, so a diver sure to get home has exactly 0 where it does not). Same rules as the
chain (RULES.md); built on first use by one backward pass over the air, then kept. The dense
solver (`four_divers`) looks two divers up here instead of expanding them.
"""
from __future__ import annotations

import numpy as np

from ...rules.air import FULL_AIR, breath
from ...rules.chips import N_CHIPS
from ...rules.movement import move_end
from ..dice import DICE_OUTCOMES, MAX_MOVE, movement_weights
from ..single_diver import home_table

TRAIL = N_CHIPS  # trail spaces covered by the tables: a new game's trail, a space per chip
FIRST, SECOND, BOTH, NEITHER = 0, 1, 2, 3  # the outcome channels

_TABLES: dict = {}  # (c_first, c_second) -> array [air, outcome, first's space, second's space]
_LANDING: list = []  # the landing table, once built (see `_landing`)


def pair_outcomes(c_first: int, c_second: int) -> np.ndarray:
    """``table[air, k, p, q]``: P(outcome k) with the first diver (``c_first`` items) on
    space p about to move, the second (``c_second`` items) on space q; air 1..25 before
    the first breathes. Outcomes k: FIRST (only the first gets home), SECOND, BOTH, NEITHER.
    Index 0 and cells with p == q stand for no position (their values mean nothing)."""
    key = c_first, c_second  # (six or more items never move, but still breathe all they carry)
    table = _TABLES.get(key)
    if table is None:
        _build(*key)
        table = _TABLES[key]
    return table


def _build(c_a: int, c_b: int) -> None:
    """Both tables of the pair (a moves first; b moves first) by one pass up the air.

    All rolls of a turn at once: arrays are [roll, mover's space, other's space]."""
    shape = (FULL_AIR + 1, 4, TRAIL + 1, TRAIL + 1)
    tables = {(c_a, c_b): np.zeros(shape), (c_b, c_a): np.zeros(shape)}  # one if c_a == c_b
    if c_a == 0 and c_b == 0:  # nobody breathes: both get home
        for table in tables.values():
            table[:, BOTH] = 1.0
        _TABLES.update(tables)
        return
    lone = home_table(max_distance=TRAIL, max_chips=max(c_a, c_b))
    space = np.arange(TRAIL + 1)
    land = _landing()
    q = space[None, None, :]  # the other's space
    turns = {}  # what one turn does, whatever the air: per (mover's items)
    for c in {c_a, c_b}:
        weights = movement_weights(c)
        moves = np.array(list(weights), dtype=np.int64)
        w = np.array(list(weights.values()))[:, None, None] / DICE_OUTCOMES
        end = land[moves]  # [roll, mover's space, other's space]
        home = end == 0
        landed = np.where(home, 1, end)
        source = (q * (TRAIL + 1) + landed).reshape(-1)  # the other's table: [its space, mover's]
        turns[c] = ((w * home).sum(axis=0), (w * ~home).sum(axis=0), (w * ~home).reshape(1, -1), source,
                    home.shape)
    # an empty-handed mover's turn keeps the air: do its partner's table first at each air
    order = [(c_a, c_b), (c_b, c_a)] if c_b == 0 else [(c_b, c_a), (c_a, c_b)]
    if c_a == c_b:
        order = order[:1]
    for air in range(1, FULL_AIR + 1):
        for mover, other in order:
            out = tables[mover, other][air]
            reach, short, still, source, roll_shape = turns[mover]  # P(home on this move), P(not)
            after = air - breath(mover)
            if after <= 0:  # the dive ends after this move
                out[FIRST] = reach
                out[NEITHER] = short
                continue
            alone = lone[other, after, space][None, :]  # the other, alone, moves next
            out[BOTH] = reach * alone
            out[FIRST] = reach * (1.0 - alone)
            # still out: the other moves next, from its table (roles swapped)
            nxt = tables[other, mover][after].reshape(4, -1).take(source, axis=1)
            ends = (nxt * still).reshape((4,) + roll_shape).sum(axis=1)
            out[FIRST] += ends[SECOND]
            out[SECOND] += ends[FIRST]
            out[BOTH] += ends[BOTH]
            out[NEITHER] = ends[NEITHER]
    _TABLES.update(tables)


def _landing() -> np.ndarray:
    """``land[m, p, q]``: where a diver on space p moving m free spaces toward the sub ends, the
    other diver on space q (0: home), by the movement rule (`rules.movement.move_end`). Cells
    with p == q or p == 0 stand for no position."""
    if not _LANDING:
        land = np.zeros((MAX_MOVE + 1, TRAIL + 1, TRAIL + 1), dtype=np.int64)
        for m in range(MAX_MOVE + 1):
            for p in range(TRAIL + 1):
                for q in range(TRAIL + 1):
                    land[m, p, q] = move_end(p, m, False, (q,), TRAIL)
        _LANDING.append(land)
    return _LANDING[0]
