"""Exact outcomes when two divers are left in the water: one table per pair of item counts.

For the dense chain solver: once a move leaves two divers in the water, their
states are looked up instead of expanded. ``pair_outcomes(c_first, c_second)``
answers, for the first diver about to move with the air before it breathes,
at every pair of trail spaces, how the dive ends: the first diver home and the
second not, the second home and the first not, both home (the rest: neither).

Same rules as the chain (RULES.md): the mover breathes its items, rolls, moves
``max(0, dice - items)`` free spaces jumping the other's space, and gets home
by reaching or passing the sub; if the air is at 0 or below after it breathed,
the dive ends after that move. A diver left alone is `single_diver`'s exact
one-diver case. The table is built on first use per pair of item counts by one
backward pass over the air (a few ms), then kept (0.7 MB each).
"""
from __future__ import annotations

import numpy as np

from ._checks import FULL_AIR
from .dice import DICE_OUTCOMES, movement_weights
from .single_diver import NEVER_MOVES, home_table

TRAIL = 32  # trail spaces covered by the tables
FIRST, SECOND, BOTH = 0, 1, 2  # the outcome channels

_TABLES: dict = {}  # (c_first, c_second) -> array [air, first's space, second's space, outcome]


def pair_outcomes(c_first: int, c_second: int) -> np.ndarray:
    """``table[air, p, q, k]``: P(outcome k) with the first diver (``c_first`` items) on
    space p about to move, the second (``c_second`` items) on space q; air 1..25 before
    the first breathes. Outcomes: FIRST (only the first gets home), SECOND, BOTH.
    Index 0 and cells with p == q stand for no position (their values mean nothing)."""
    key = min(c_first, NEVER_MOVES), min(c_second, NEVER_MOVES)
    table = _TABLES.get(key)
    if table is None:
        _build(*key)
        table = _TABLES[key]
    return table


def _build(c_a: int, c_b: int) -> None:
    """Both tables of the pair (a moves first; b moves first) by one pass up the air."""
    shape = (FULL_AIR + 1, TRAIL + 1, TRAIL + 1, 3)
    tables = {(c_a, c_b): np.zeros(shape), (c_b, c_a): np.zeros(shape)}  # one if c_a == c_b
    if c_a == 0 and c_b == 0:  # nobody breathes: both get home
        for table in tables.values():
            table[..., BOTH] = 1.0
        _TABLES.update(tables)
        return
    lone = home_table(max_distance=TRAIL, max_chips=NEVER_MOVES)
    space = np.arange(TRAIL + 1)
    p, q = space[:, None], space[None, :]  # the mover's space, the other's space
    y = p - (q < p)  # the mover's free coordinate: spaces to the sub, the other's not counted
    # an empty-handed mover's turn keeps the air: do its partner's table first at each air
    order = [(c_a, c_b), (c_b, c_a)] if c_b == 0 else [(c_b, c_a), (c_a, c_b)]
    if c_a == c_b:
        order = order[:1]
    for air in range(1, FULL_AIR + 1):
        for mover, other in order:
            out = tables[mover, other][air]
            after = air - mover
            for move, weight in movement_weights(mover).items():
                w = weight / DICE_OUTCOMES
                left = y - move
                home = left <= 0
                if after <= 0:  # the dive ends after this move
                    out[..., FIRST] += w * home
                    continue
                alone = lone[other, after, q]  # the other, alone, moves next
                out[..., BOTH] += w * home * alone
                out[..., FIRST] += w * home * (1.0 - alone)
                # still out: the other moves next, from its table (roles swapped)
                landed = np.where(home, 1, left + (q <= left))  # the left-th free space
                landed = np.minimum(landed, TRAIL)
                nxt = tables[other, mover][after][np.broadcast_to(q, landed.shape), landed]
                still = w * ~home
                out[..., FIRST] += still * nxt[..., SECOND]
                out[..., SECOND] += still * nxt[..., FIRST]
                out[..., BOTH] += still * nxt[..., BOTH]
    _TABLES.update(tables)
