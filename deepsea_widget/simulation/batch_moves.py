"""The rules on bit masks, for the batch simulator: the dice, breathing, moving and stuck
divers for many rollouts at once.

A rollout's trail is a bit mask: bit k stands for trail space k (bit 0, the sub, is never
set), so counting divers jumped is a popcount. The tables (`ROLL_TOTALS`, `POINTS`,
`BREATH`) are built from the rules' own functions; the mask arithmetic (`move_ends`,
`free_deeper`, `distance`, `stuck`) is checked against `rules.movement` for every case up
to a size in tests/test_one_movement_rule.py.
"""
from __future__ import annotations

import numpy as np

from ..rules.air import breath
from ..rules.chips import N_CHIPS
from ..rules.dice import ROLLS
from ..rules.movement import move_points
from ..rules.variant import MAX_DICE, MAX_FACE

# Trail spaces are bits 1..L of an int64, and masks up to bit L + 1 are formed: the longest
# trail the batch simulator plays (longer what-if trails are played by the engine).
MAX_BATCH_TRAIL = 61
# A diver carries at most every item there is (an item holds >= 1 of the 32 chips).
MAX_ITEMS = N_CHIPS

# The equally likely rolls, as their totals (drawn by index).
ROLL_TOTALS = np.array([sum(roll) for roll in ROLLS], dtype=np.int64)
# The largest total any variant's dice keep (rules/variant.py's bounds).
MAX_TOTAL = MAX_DICE * MAX_FACE
# POINTS[total * (MAX_ITEMS + 1) + items]: the free spaces a roll of ``total`` moves a diver
# carrying ``items`` (`rules.movement.move_points`); flat, for `np.take`.
POINTS = np.array([move_points(t, c) for t in range(MAX_TOTAL + 1) for c in range(MAX_ITEMS + 1)],
                  dtype=np.int64)
# BREATH[items]: the air a diver carrying ``items`` breathes (`rules.air.breath`).
BREATH = np.array([breath(c) for c in range(MAX_ITEMS + 1)], dtype=np.int64)
for _table in (ROLL_TOTALS, POINTS, BREATH):
    _table.setflags(write=False)


def move_points_of(totals, items):
    """`rules.movement.move_points` of each row's dice total and items carried."""
    return POINTS.take(totals * (MAX_ITEMS + 1) + items)


def _popcount_swar(x):
    """Set bits of non-negative int64 values (for numpy < 2.0, which lacks bitwise_count)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    total = x & 0xFF
    for shift in range(8, 64, 8):
        total = total + ((x >> shift) & 0xFF)
    return total


popcount = getattr(np, "bitwise_count", _popcount_swar)


def free_deeper(p, occupied, L):
    """How many spaces past ``p`` no diver stands on (`rules.movement.free_spaces_deeper`)."""
    deeper_spaces = ((1 << (L + 1)) - 1) ^ ((2 << p) - 1)  # bits p+1..L
    return L - p - popcount(occupied & deeper_spaces)


def no_free_deeper(p, occupied, L):
    """Where every space past ``p`` is taken (or none is left): no free space deeper."""
    deeper_spaces = ((1 << (L + 1)) - 1) & ~((1 << (p + 1)) - 1)  # bits p+1..L
    return (deeper_spaces & ~occupied) == 0


def distance(p, others):
    """The movement points a diver on trail space ``p`` (>= 1) needs to reach the sub
    (`rules.movement.distance_home`)."""
    return p - popcount(others & ((1 << p) - 2))  # bits 1..p-1


def stuck(p, returning, carried, occ, items, L):
    """`rules.movement.is_stuck`: going deeper, empty-handed, nothing on its space (or in the
    sub), and every space deeper taken by a diver. ``occ``/``items``: bit masks of the trail."""
    return ~returning & (carried == 0) & ((items >> p) & 1 == 0) & no_free_deeper(p, occ, L)


def move_ends(p, mv, deeper, others, L, D):
    """Where ``mv`` movement points take divers at ``p`` (`rules.movement.move_end`).

    ``others``: bit mask of the spaces other divers stand on. The mv-th free
    space is the least fixed point of q = p + mv + #taken(p, q] going deeper,
    q = p - mv - #taken[q, p) going back, reached from q = p +- mv in at most
    D rounds (only rollouts that jumped someone need a second round). Deeper
    past the last free space: the deepest free space, else stay put. Back:
    reaching or passing the sub ends in it (0).
    """
    sgn = np.where(deeper, 1, -1)
    shift = deeper.astype(np.int64)  # deeper: bits p+1..q; back: bits q..p-1
    base = p + sgn * mv

    def jumped(p, q, others, shift):
        qc = np.minimum(np.maximum(q, 0), L)
        lo = np.minimum(p, qc)
        hi = np.maximum(p, qc)
        return popcount(others & (((1 << hi) - (1 << lo)) << shift))

    cnt = jumped(p, base, others, shift)
    q = base + sgn * cnt
    todo = np.flatnonzero(cnt)
    for _ in range(D):
        if not todo.size:
            break
        qt = q[todo]
        qn = base[todo] + sgn[todo] * jumped(p[todo], qt, others[todo], shift[todo])
        q[todo] = qn
        todo = todo[qn != qt]
    end = np.maximum(q, 0)
    over = np.flatnonzero(q > L)  # only divers going deeper can pass the far end
    if over.size:
        po, oo = p[over], others[over]
        last = np.full(over.size, L, dtype=np.int64)
        for _ in range(D):
            taken = ((oo >> last) & 1).astype(bool) & (last > po)
            if not taken.any():
                break
            last = last - taken
        end[over] = np.where(last > po, last, po)
    return end
