"""The exact chain for up to four divers on the game's trail: dense boxes, where a move is a shift.

A *group* is every state with the same divers in the water (bit set ``S``)
and the same layer key (air, r, diver to move). It is held as a dense box over
the divers in ``S``, one axis each, in turn order starting with the diver to
move (array index = position + PAD). Along that first axis the index counts
*free* spaces, ``y = p - (divers standing below p)``, which makes jumping over
taken spaces free of thought: a move of m free spaces is ``y -> y - m``
(``y <= 0``: home), so all rolls of a group are one convolution along its
first axis (for 0-2 items, two running sums of 3).

After the move, one gather puts the states into the next group's layout (the
next diver first, in free spaces; the one who just moved last, in spaces).
Where each cell comes from depends only on the number of divers, so that is a
table built once per n and kept (`_tables`: int16, over spaces 1-32 only, 2 MB
each for four divers, a row a cache line), and each move only touches its group's box: about 7 ns a cell of a
big four-diver group, a few times less a state than the sorting solvers. The
gather builds its index a chunk of rows at a time (`_CHUNK` cells), so the
index never leaves the cache. A roll's 1/9 is not applied to the cells after
each move: each group keeps one factor its values are to be multiplied by
(`_Group.factor`), applied to the sums that settle the dive's ends, and to the
arriving cells only when states reach a group by paths of different rolls.

A box holds only the spaces with some probability along each axis: the gather
leaves out empty rows at either end of axis 0, and, for a big group, the spaces
above the highest one the mover reaches (`_mover_top`, a few slices of the
move's top rows): without that, each diver's axis kept up to three empty
spaces from its last move, and the deepest 4-diver boxes were a quarter bigger.

Divers left alone or in twos are not expanded at all: one diver's chance is a
lookup in `single_diver.home_table` (exact: nobody else breathes or stands in
the way), two divers' joint outcome one in `_pair_table`.

Memory: the arrays of a solve are kept for the next one (fresh pages cost more
than the arithmetic here): about 40 MB after one of the deepest 4-diver
questions, about 100 MB after many.

The chain's state count (`Chain.count`, the budget) counts each group's states
as they arrive; a state reached from two groups is counted twice.
"""
from __future__ import annotations

import math
from itertools import combinations

import numpy as np

from ._chain_tables import Chain
from ._pair_table import pair_outcomes
from .dice import DICE_OUTCOMES, MAX_MOVE
from .single_diver import home_table

DENSE_FAR = 32  # the game's trail; a chain with a diver farther out uses the other solvers
DENSE_SEATS = 4  # at most this many divers in the water (six would need 39**6 cells)
PAD = MAX_MOVE  # a move takes free coordinates down to 1 - MAX_MOVE: index 1
SIDE = DENSE_FAR + PAD + 1  # indices per axis: 0 .. PAD + DENSE_FAR
_FIRST = PAD + 1  # the index of space 1, where every box and the tables start
_WIDE = 40  # cells along axis 1 of a move's result (see `_tables`)
# The gather reads there a box of positions (at most DENSE_FAR) with DENSE_SEATS - 1 empty
# cells each side; a table packs (row, column) as row * _WIDE + column (column < SIDE)
# into an int16, as it does _NOWHERE.
assert DENSE_FAR + 2 * (DENSE_SEATS - 1) <= _WIDE and SIDE <= _WIDE and 128 * _WIDE <= 1 << 15
_NOWHERE = -128 * _WIDE  # a table's "no state here": far below any box, clipped onto an empty cell
_CHUNK = 1 << 16  # cells of index built at a time
_TRIM_FROM = 20_000  # cells of a group from which the mover's highest space is looked for (see `_mover_top`)
_BOX_SHAPE = (1, 2, 3, 2, 1)  # the dice sum's weights: a running sum of 3, twice

_TABLES: dict = {}  # n -> (step, free)


def applies(chain: Chain) -> bool:
    """Whether this solver can take ``chain`` (few enough divers, all on the trail)."""
    return chain.n <= DENSE_SEATS and chain.far <= DENSE_FAR


def _tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Where each cell of a group's layout comes from, for n divers (index arrays).

    Layout of a group: axis 0 the diver to move (free coordinate), axes 1..n-1
    the others in turn order (positions). ``step`` is for the gather after a
    move: for a cell of the next group's layout (axis 0 the next diver in free
    coordinates, the last axis the diver who moved, in positions), the two
    coordinates of its source cell that differ, packed as ``first * _WIDE +
    second``: the mover's free coordinate before the move and the next
    diver's position. (A move's result is laid out with exactly _WIDE cells
    along axis 1, so one multiplication turns that into a flat index.)
    ``free`` is for queuing states given in positions: for a cell of a layout,
    the first diver's position. Cells that stand for no state hold a large
    negative number. (The movement rule in array form: tests/test_one_movement_rule.py
    checks it against `rules.movement` cell by cell.)
    """
    got = _TABLES.get(n)
    if got is not None:
        return got
    # (only positions 1..DENSE_FAR, i.e. indices _FIRST.. : a box never reaches below; 64 bytes a row)
    shape = (DENSE_FAR,) * n
    c = [np.arange(1, DENSE_FAR + 1, dtype=np.int16).reshape([DENSE_FAR if i == j else 1 for i in range(n)])
         for j in range(n)]
    y, others = c[0], c[1:]

    def distinct_on_trail(values):
        ok = np.ones((1,) * n, dtype=bool)
        for i, a in enumerate(values):
            ok = ok & (a >= 1)
            for b in values[:i]:
                ok = ok & (a != b)
        return ok

    def free_space(y, others):
        """The y-th free space counted from the sub, given where the others stand."""
        p = np.broadcast_to(y, shape)
        for _ in others:
            p = y + sum((a <= p).astype(np.int16) for a in others)
        return p

    # free: the first diver's position p from its free coordinate y
    p = free_space(y, others)
    ok = distinct_on_trail(others) & (y >= 1) & (p <= DENSE_FAR)
    free = np.where(ok, p + PAD, _NOWHERE).astype(np.int16)
    # step: the next diver (axis 0) at free y among the others stands at p (as above);
    # the mover (last axis) at position q had free coordinate q - below before its move
    q = c[-1]
    below = (p < q).astype(np.int16) + sum((a < q).astype(np.int16) for a in others[:-1])
    step = np.where(ok, (q - below + PAD) * _WIDE + p + PAD, _NOWHERE).astype(np.int16)
    _TABLES[n] = _cache_aligned(step), _cache_aligned(free)
    return _TABLES[n]


def _cache_aligned(table: np.ndarray) -> np.ndarray:
    """A copy of ``table`` starting on a 64-byte boundary, so each row of DENSE_FAR int16 is one
    cache line (a gather reads a box of the table: rows cut at its ends, but whole lines)."""
    raw = np.empty(table.nbytes + 64, dtype=np.uint8)
    start = -raw.ctypes.data % 64
    out = raw[start:start + table.nbytes].view(table.dtype).reshape(table.shape)
    out[...] = table
    return out


class _Group:
    """The states of one group: a box at index ``lo``, in its layout, of probabilities
    divided by ``factor``."""

    __slots__ = ("seats", "array", "lo", "buffer", "factor")

    def __init__(self, seats: list[int]):
        self.seats = seats  # chain seats in the water: the diver to move, then turn order
        self.array = None
        self.lo: list[int] = []
        self.buffer = None  # the workspace memory that holds ``array``
        # what every value of ``array`` is still to be multiplied by: a roll's 1/9 is kept
        # here, once for the group, rather than applied to each of its cells
        self.factor = 1.0


class _Workspace:
    """Warm memory for one solve: flat float and index buffers, reused between calls.

    Touching fresh memory costs more here than the arithmetic on it (each new
    page is a fault), so workspaces are kept (`_POOL`) and handed back when a
    solve ends.
    """

    def __init__(self):
        self.free: list = []  # flat float arrays for groups, not in use
        self.scratch: dict = {}  # name -> flat array, contents undefined

    def take(self, size: int) -> np.ndarray:
        """A flat float array of at least ``size`` cells (contents undefined)."""
        for i, flat in enumerate(self.free):
            if flat.size >= size:
                return self.free.pop(i)
        return np.zeros(max(size, 1 << 16))

    def give_back(self, flat: np.ndarray) -> None:
        self.free.append(flat)

    def buffer(self, name: str, shape, dtype=np.float64) -> np.ndarray:
        """Scratch of ``shape`` (contents undefined), reusing the flat array kept under ``name``."""
        size = math.prod(shape)
        flat = self.scratch.get(name)
        if flat is None or flat.size < size:
            flat = self.scratch[name] = np.zeros(max(size, 2 * flat.size if flat is not None else 0),
                                                 dtype=dtype)
        return flat[:size].reshape(shape)


_POOL: list = []  # workspaces of finished solves


class DenseSolver:
    """Expands the groups of a `Chain` from the largest layer key down."""

    def __init__(self, chain: Chain):
        self.chain = chain
        self.groups: dict = {}
        try:
            self.space = _POOL.pop()
        except IndexError:  # the first solve, or several at once
            self.space = _Workspace()
        self.lone = home_table(max_distance=DENSE_FAR, max_chips=max(chain.chips))
        # whether a diver's move is the dice sum as it is (0-2 items, see `_move`)
        self.plain = [tuple(round(w * DICE_OUTCOMES) for _, w in moves) == _BOX_SHAPE for moves in chain.moves]
        # P(a move covers at least y free spaces) and P(it covers fewer), y = 0..MAX_MOVE, per
        # diver; each a sum of its own rolls (not 1 - the other), so a sure move falls short by 0
        y = np.arange(MAX_MOVE + 1)
        self.reach = [sum(w * (m >= y) for m, w in moves) for moves in chain.moves]
        self.short = [sum(w * (m < y) for m, w in moves) for moves in chain.moves]

    # -- queuing states -----------------------------------------------------------------
    def add_states(self, key, pos: tuple, mass: np.ndarray) -> None:
        """Queue distinct states (positions per diver, 0 = home; probability) for layer ``key``."""
        chain = self.chain
        t = key[2]
        in_water = np.zeros(mass.size, dtype=np.int64)
        for j in range(chain.n):
            in_water |= (pos[j] > 0).astype(np.int64) << j
        for s in np.unique(in_water).tolist():
            sel = in_water == s
            seats = self._seats(t, s)
            p = [pos[j][sel] + PAD for j in seats]
            lo = [int(a.min()) for a in p]
            shape = [int(a.max()) - b + 1 for a, b in zip(p, lo)]
            flat = np.zeros(1, dtype=np.intp)
            for a, b, size in zip(p, lo, shape):
                flat = flat * size + (a - b)
            values = np.bincount(flat, weights=mass[sel], minlength=math.prod(shape))
            self._push_positions(key[0], t, s, lo, values.reshape(shape))

    def _seats(self, t: int, in_water: int) -> list[int]:
        """The divers in ``in_water`` in turn order, starting with ``t``."""
        n = self.chain.n
        return [(t + k) % n for k in range(n) if in_water >> ((t + k) % n) & 1]

    def _push_positions(self, air: int, t: int, in_water: int, lo: list[int],
                        values: np.ndarray, factor: float = 1.0) -> None:
        """Queue states given in positions (a box at index ``lo``, axes in turn order from ``t``;
        the probabilities are ``values`` times ``factor``)."""
        chain = self.chain
        if not in_water & chain.carrying:  # only empty-handed divers left: all get home
            chain.home_mass[chain.full] += float(values.sum()) * factor
            return
        n = values.ndim
        if n == 1:  # one diver left: look its chance up
            chain.count(int(np.count_nonzero(values)))
            p_home = self.lone[chain.chips[t], air, lo[0] - PAD:lo[0] - PAD + values.size]
            chain.home_mass[chain.full] += float(values @ p_home) * factor
            chain.home_mass[chain.full ^ in_water] += float(values @ (1.0 - p_home)) * factor
            return
        if n == 2:  # two divers left: look up how the dive ends
            chain.count(int(np.count_nonzero(values)))
            o = next(j for j in range(chain.n) if j != t and in_water >> j & 1)
            table = pair_outcomes(chain.chips[t], chain.chips[o])[
                air, :, lo[0] - PAD:lo[0] - PAD + values.shape[0], lo[1] - PAD:lo[1] - PAD + values.shape[1]]
            first, second, both, neither = ((table.reshape(4, -1) @ values.reshape(-1)) * factor).tolist()
            home = chain.full ^ in_water  # the divers already home
            chain.home_mass[home | 1 << t] += first
            chain.home_mass[home | 1 << o] += second
            chain.home_mass[chain.full] += both
            chain.home_mass[home] += neither
            return
        # pad the first axis by n - 1 empty rows each side: a free coordinate y comes
        # from a position in y .. y + n - 1
        pad = n - 1
        source = self.space.buffer("positions", (values.shape[0] + 2 * pad,) + values.shape[1:])
        source[:pad] = 0.0
        source[pad:pad + values.shape[0]] = values
        source[pad + values.shape[0]:] = 0.0
        target = [max(lo[0] - pad, PAD + 1), lo[0] + values.shape[0] - 1]
        box = [(target[0], target[1])] + [(a, a + s - 1) for a, s in zip(lo[1:], values.shape[1:])]
        inner = math.prod(source.shape[1:])
        self._gather(air, t, in_water, source, box, _tables(n)[1], lo[0] - pad, inner, 0, factor)

    def _offsets(self, sizes, base: int, stride: int, shape, skip: int) -> np.ndarray:
        """The part of the flat source index that does not come from the table (see `_gather`)."""
        n = len(sizes)
        offsets = -base * stride
        inner = 1
        for k in range(n - 1, skip, -1):  # source axis k is target axis k - skip
            axis = k - skip
            along = np.arange(sizes[axis]) * inner
            offsets = offsets + along.reshape([sizes[axis] if i == axis else 1 for i in range(n)])
            inner *= shape[k]
        return offsets

    def _group(self, air: int, t: int, in_water: int) -> _Group:
        chain = self.chain
        key = chain.key(air, t, in_water) + (in_water,)
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = _Group(self._seats(t, in_water))
        return group

    def _gather(self, air, t, in_water, source, box, table, base, stride, skip,
                factor: float = 1.0) -> None:
        """Add the source cells for every cell of ``box`` to the group (air, t, in_water),
        empty rows at either end of axis 0 left out.

        The source's flat index is ``(table - base) * stride`` plus, for its
        axes ``skip + 1`` on, the cell's coordinates along the target's axes
        ``1`` on (from the box's corner). Cells the table has no state for come
        out negative (clipped onto the empty cell 0). The index is built and
        used a few rows at a time, so that it stays in the cache; so are the
        values gathered, which are counted there. The probabilities are the
        source's values times ``factor``.
        """
        if min(a for a, _ in box) < _FIRST or max(b for _, b in box) >= SIDE:
            raise AssertionError(f"dense chain: a box off the trail's tables: {box}")
        cut = tuple(slice(a - _FIRST, b + 1 - _FIRST) for a, b in box)  # (the tables start at _FIRST)
        sizes = [b - a + 1 for a, b in box]
        size = math.prod(sizes)
        flat = self.space.take(size)
        values = flat[:size].reshape(sizes)
        offsets = self._offsets(sizes, base, stride, source.shape, skip)
        tab = table[cut]
        row = size // sizes[0]
        step = max(1, _CHUNK // row)
        index = self.space.buffer("index", (min(step, sizes[0]),) + tuple(sizes[1:]), np.intp)
        src = source.ravel()
        bits = values.view(np.int64)  # no value is -0.0: a cell is 0.0 iff its bits are
        states = 0
        first = last = -1  # the first and the last chunk with a state (their first rows)
        for r in range(0, sizes[0], step):
            e = min(r + step, sizes[0])
            ix = index[:e - r]
            np.multiply(tab[r:e], stride, out=ix, dtype=np.intp)
            ix += offsets
            chunk = values[r:e]
            src.take(ix, mode="clip", out=chunk)
            k = int(np.count_nonzero(bits[r:e]))
            if k:
                states += k
                if first < 0:
                    first = r
                last = r
        if not states:
            self.space.give_back(flat)
            return
        # the first and the last row with a state, looked for a row at a time from the outer
        # ends of those chunks (seldom more than a few empty rows), not by another pass over them
        while not np.count_nonzero(bits[first]):
            first += 1
        last = min(last + step, sizes[0]) - 1
        while not np.count_nonzero(bits[last]):
            last -= 1
        self.chain.count(states)
        group = self._group(air, t, in_water)
        lo = [a for a, _ in box]
        values, lo[0] = values[first:last + 1], lo[0] + first
        if group.array is None:
            group.array, group.lo, group.buffer, group.factor = values, lo, flat, factor
            return
        if factor != group.factor:  # (states arriving by another path, after other rolls)
            values *= factor / group.factor
        old, old_lo = group.array, group.lo
        if all(a <= b and b + u <= a + s for a, s, b, u in zip(old_lo, old.shape, lo, values.shape)):
            # (the usual case) inside the group's box: add them there
            old[tuple(slice(b - a, b - a + u) for a, b, u in zip(old_lo, lo, values.shape))] += values
            self.space.give_back(flat)
            return
        # merge: a box around both
        new_lo = [min(a, b) for a, b in zip(old_lo, lo)]
        new_hi = [max(a + s, b + u) for a, s, b, u in zip(old_lo, old.shape, lo, values.shape)]
        new_shape = tuple(h - a for a, h in zip(new_lo, new_hi))
        size = math.prod(new_shape)
        merged_flat = self.space.take(size)
        merged = merged_flat[:size].reshape(new_shape)
        merged[...] = 0.0
        merged[tuple(slice(a - b, a - b + s) for a, b, s in zip(old_lo, new_lo, old.shape))] += old
        merged[tuple(slice(a - b, a - b + s) for a, b, s in zip(lo, new_lo, values.shape))] += values
        self.space.give_back(group.buffer)
        self.space.give_back(flat)
        group.array, group.lo, group.buffer = merged, new_lo, merged_flat

    # -- expanding ----------------------------------------------------------------------
    def run(self) -> None:
        """Expand every queued group and all that follow, to the end of the dive."""
        try:
            while self.groups:
                key = max(self.groups)
                group = self.groups.pop(key)
                self.expand(key, group)
                self.space.give_back(group.buffer)
        finally:  # (no buffer has to be clean: each use writes before it reads)
            _POOL.append(self.space)

    def expand(self, key, group: _Group) -> None:
        chain = self.chain
        air, _, t, in_water = key
        seats, a, lo = group.seats, group.array, group.lo
        n = len(seats)
        chain.layers += 1
        air_next = air - chain.chips[t]
        factor = group.factor
        if air_next <= 0:  # the dive ends after this move: who gets home on it?
            rows = max(0, min(a.shape[0], PAD + MAX_MOVE + 1 - lo[0]))  # those the sub is in reach of
            near = a[:rows].sum(axis=tuple(range(1, a.ndim)))
            y = slice(lo[0] - PAD, lo[0] - PAD + rows)
            chain.home_mass[chain.full ^ (in_water & ~(1 << t))] += float(self.reach[t][y] @ near) * factor
            chain.home_mass[chain.full ^ in_water] += (float(self.short[t][y] @ near)
                                                       + float(a[rows:].sum())) * factor
            return
        pad = n - 1
        moves = chain.moves[t]
        m_min, m_max = moves[0][0], moves[-1][0]
        z_lo = lo[0] - m_max  # index of the first row of the move's result
        rows = a.shape[0] + m_max - m_min
        first = max(z_lo, PAD + 1)  # the rows still in the water
        last = z_lo + rows - 1
        # the move's result, with pad empty rows each side of the first two axes, so that
        # every source cell the gather may ask for is inside (and cell 0 is empty)
        out = self.space.buffer("moved", (rows + 2 * pad, _WIDE) + a.shape[2:])
        used = 2 * pad + a.shape[1]  # the columns the gather may read
        out[:pad, :used] = 0.0
        out[pad + rows:, :used] = 0.0
        out[pad:pad + rows, :pad] = 0.0
        out[pad:pad + rows, pad + a.shape[1]:used] = 0.0
        moved = out[pad:pad + rows, pad:pad + a.shape[1]]
        factor *= self._move(a, moved, moves, self.plain[t])
        if z_lo <= PAD:  # y <= 0: home on this move
            home = moved[:PAD + 1 - z_lo].sum(axis=0)
            self._push_positions(air_next, seats[1], in_water & ~(1 << t), lo[1:], home, factor)
        if first > last:
            return
        # the next group: axis 0 the next diver in free spaces, ..., last the mover in spaces
        top = min(last + pad, SIDE - 1)  # the mover's highest space: its free coordinate + those below
        if a.size >= _TRIM_FROM:
            top = _mover_top(out[:, :used], z_lo - pad, lo[1] - pad, lo[2:], first, last, top)
        box = ([(max(lo[1] - pad, PAD + 1), lo[1] + a.shape[1] - 1)]
               + [(b, b + s - 1) for b, s in zip(lo[2:], a.shape[2:])]
               + [(first, top)])
        self._gather(air_next, seats[1], in_water, out, box, _tables(n)[0],
                     (z_lo - pad) * _WIDE + lo[1] - pad, math.prod(a.shape[2:]), 1, factor)

    def _move(self, a: np.ndarray, out: np.ndarray, moves, plain: bool):
        """Write into ``out`` every roll of the states ``a`` (free coordinates along axis 0):
        y -> y - m with probability w; out's row 0 is y = a's row 0 - the largest move.
        Returns the factor ``out`` is still to be multiplied by, which is left to the
        group's factor (one pass fewer over a big array)."""
        n_rows = a.shape[0]
        m_max = moves[-1][0]
        if plain:  # 0-2 items: two running sums of 3, then / 9
            run3 = self.space.buffer("run3", (n_rows + 2,) + a.shape[1:])
            # run3[i] = a[i] + a[i - 1] + a[i - 2]; out[k] = run3[k] + run3[k - 1] + run3[k - 2]
            _running_sum3(a, run3)
            _running_sum3(run3, out)
            return 1.0 / DICE_OUTCOMES
        out[...] = 0.0
        for m, w in moves:
            out[m_max - m:m_max - m + n_rows] += a * w
        return 1.0


def _mover_top(out: np.ndarray, row0: int, col0: int, others_lo: list[int], first: int, last: int,
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


def _running_sum3(a: np.ndarray, out: np.ndarray) -> None:
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
