"""How a move rearranges the dense solver's boxes of states (`four_divers`), as index tables.

A group's box has axis 0 the diver to move in free coordinates (y: the free spaces from the
sub to it, so a move of m free spaces is y -> y - m) and the other divers in spaces.
`tables(n)` says where each cell of the next group's box comes from after a move (and where
states given in spaces go); `mover_top` finds the highest space the mover stands on after
it; `running_sum3` is the dice: two running sums of 3 give the 1-2-3-2-1 of their sum.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np

from ..boost_tables import MAX_TOTAL
from ..dice import MAX_MOVE

DENSE_FAR = 32  # the game's trail; a chain with a diver farther out is not the dense solver's
DENSE_SEATS = 4  # at most this many divers in the water (six would need 45**6 cells)
# The longest move a layout takes: any variant's the odds take (a Boost: 8; the original
# game: MAX_MOVE, 6). A move takes free coordinates down to 1 - PAD: index 1. (The original
# game's answers do not depend on it: every index is a space plus PAD, the values the same.)
PAD = MAX_TOTAL
assert PAD >= MAX_MOVE
SIDE = DENSE_FAR + PAD + 1  # indices per axis: 0 .. PAD + DENSE_FAR
SPACE_1 = PAD + 1  # the index of space 1, where every box and the tables start
WIDE = SIDE  # cells along axis 1 of a move's result (see `tables`)
# The gather reads there a box of positions (at most DENSE_FAR) with DENSE_SEATS - 1 empty
# cells each side; a table packs (row, column) as row * WIDE + column (column < SIDE)
# into an int16, as it does NOWHERE.
assert DENSE_FAR + 2 * (DENSE_SEATS - 1) <= WIDE and SIDE <= WIDE and 128 * WIDE <= 1 << 15
NOWHERE = -128 * WIDE  # a table's "no state here": far below any box, clipped onto an empty cell

_TABLES: dict = {}  # n -> (step, free)


def tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Where each cell of a group's layout comes from, for n divers (index arrays, int16, over
    spaces 1..DENSE_FAR only: index = space - 1; built once per n and kept).

    Layout of a group: axis 0 the diver to move (free coordinate), axes 1..n-1 the others
    in turn order (positions). ``step`` is for the gather after a move: for a cell of the
    next group's layout (axis 0 the next diver in free coordinates, the last axis the diver
    who moved, in positions), the two coordinates of its source cell that differ, packed as
    ``first * WIDE + second``: the mover's free coordinate before the move and the next
    diver's position (a move's result has exactly WIDE cells along axis 1, so one
    multiplication turns that into a flat index). ``free`` is for queuing states given in
    positions: for a cell of a layout, the first diver's position. Cells that stand for no
    state hold NOWHERE. (The movement rule in array form: tests check it against
    `rules.movement` cell by cell.)
    """
    got = _TABLES.get(n)
    if got is not None:
        return got
    shape = (DENSE_FAR,) * n
    c = [np.arange(1, DENSE_FAR + 1, dtype=np.int16).reshape([DENSE_FAR if i == j else 1 for i in range(n)])
         for j in range(n)]
    y, others = c[0], c[1:]
    # free: the first diver's position p from its free coordinate y (the y-th free space
    # counted from the sub, given where the others stand)
    p = np.broadcast_to(y, shape)
    for _ in others:
        p = y + sum((a <= p).astype(np.int16) for a in others)
    ok = _distinct_on_trail(others, n) & (y >= 1) & (p <= DENSE_FAR)
    free = np.where(ok, p + PAD, NOWHERE).astype(np.int16)
    # step: the next diver (axis 0) at free y among the others stands at p (as above);
    # the mover (last axis) at position q had free coordinate q - below before its move
    q = c[-1]
    below = (p < q).astype(np.int16) + sum((a < q).astype(np.int16) for a in others[:-1])
    step = np.where(ok, (q - below + PAD) * WIDE + p + PAD, NOWHERE).astype(np.int16)
    _TABLES[n] = _cache_aligned(step), _cache_aligned(free)
    return _TABLES[n]


def _distinct_on_trail(values, n: int) -> np.ndarray:
    """Whether the coordinates ``values`` are all on the trail (>= 1) and all different."""
    ok = np.ones((1,) * n, dtype=bool)
    for i, a in enumerate(values):
        ok = ok & (a >= 1)
        for b in values[:i]:
            ok = ok & (a != b)
    return ok


def _cache_aligned(table: np.ndarray) -> np.ndarray:
    """A copy of ``table`` starting on a 64-byte boundary, so each row of DENSE_FAR int16 is one
    cache line (a gather reads a box of the table: rows cut at its ends, but whole lines)."""
    raw = np.empty(table.nbytes + 64, dtype=np.uint8)
    start = -raw.ctypes.data % 64
    out = raw[start:start + table.nbytes].view(table.dtype).reshape(table.shape)
    out[...] = table
    return out


def mover_top(out: np.ndarray, row0: int, col0: int, others_lo: list[int], first: int, last: int,
              top: int) -> int:
    """The highest space (index) the mover stands on in a state with some probability, at most ``top``.

    ``out`` is a move's result: axis 0 the mover's free coordinate y (row ``i`` is
    ``row0 + i``), axis 1 the next diver's space (column ``j`` is ``col0 + j``), the
    other axes the other divers' spaces (from ``others_lo``). The mover stands at or
    above space T exactly when fewer than y free spaces lie below T, i.e. when at
    least T - y of the others stand below T; those states form a few boxes (which
    others), so each T is a few slices of the top rows. Trimming the empty top of the
    mover's axis saves every later pass over the group (up to a fifth of its cells).
    """
    n_others = out.ndim - 1
    starts = [col0] + list(others_lo)
    for t in range(top, last, -1):
        below = [max(0, t - b) for b in starts]  # along each other's axis: the cells below t
        for y in range(max(first, t - n_others), last + 1):
            rows = out[y - row0]
            for who in combinations(range(n_others), t - y):
                cut = tuple(slice(0, below[k]) if k in who else slice(None) for k in range(n_others))
                if rows[cut].any():
                    return t
    return last


def running_sum3(a: np.ndarray, out: np.ndarray) -> None:
    """out[i] = a[i] + a[i - 1] + a[i - 2] along axis 0 (a is 0 outside its rows; out has two more)."""
    n = a.shape[0]
    if n == 1:
        out[0] = out[1] = out[2] = a[0]
        return
    np.add(a[1:], a[:-1], out=out[1:n])
    out[0] = a[0]
    out[n] = a[n - 1]
    out[n + 1] = 0.0
    out[2:] += a
