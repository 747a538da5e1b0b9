"""The dense solver: the chain for up to four divers on the game's trail, a group at a time.

A group is every state with the same divers in the water and layer key, held as a dense
box (`four_divers_moves`: axis 0 the diver to move in free spaces, so all rolls are one
convolution; the others in spaces). After a move, one gather lays the states out for the
next diver. Divers left alone or in pairs are looked up, not expanded (`single_diver`,
`two_divers_left`). A roll's 1/9 waits in the group's factor until its sums settle the
dive's ends. The budget counts each group's states as they arrive (a state from two groups
twice). A variant's chain (Boost) goes the same way: a group's rows split by the kind of turn
the mover takes there, each moved with its own dice and air (`four_divers_turns`).
"""
from __future__ import annotations

import math

import numpy as np

from ..dice import DICE_OUTCOMES
from .chain import Chain
from .four_divers_moves import (DENSE_FAR, DENSE_SEATS, PAD, SIDE, SPACE_1, WIDE, mover_top, running_sum3,
                                tables)
from .four_divers_turns import DenseTurns, Kind
from .warm_memory import keep_workspace, take_workspace

_CHUNK = 1 << 16  # cells of index built at a time (so that the index stays in the cache)
_TRIM_FROM = 20_000  # cells of a group from which the mover's highest space is looked for (`mover_top`)


def takes(chain: Chain) -> bool:
    """Whether this solver can take ``chain`` (few enough divers, all on the trail, moves its
    layout holds; a variant's chain only after a Boost declared on its first turn, see
    `which_solver`)."""
    return (chain.n <= DENSE_SEATS and chain.far <= DENSE_FAR and chain.longest <= PAD
            and not (chain.turns is not None and chain.turns.boosted_first and chain.layers == 0))


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


class DenseSolver:
    """Expands the groups of a `Chain` from the largest layer key down."""

    def __init__(self, chain: Chain):
        self.chain = chain
        self.groups: dict = {}
        self.space = take_workspace()
        self.turns = DenseTurns(chain)  # the divers' kinds of turn, and the tables of one or two left
        self.lone = self.turns.lone

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
        elif values.ndim == 1:
            self._settle_alone(air, t, in_water, lo, values, factor)
        elif values.ndim == 2:
            self._settle_pair(air, t, in_water, lo, values, factor)
        else:
            self._queue_positions(air, t, in_water, lo, values, factor)

    def _settle_alone(self, air, t, in_water, lo, values, factor) -> None:
        """One diver left: its chance is looked up (`single_diver.home_table`)."""
        chain = self.chain
        chain.count(int(np.count_nonzero(values)))
        p_home = self.lone[chain.chips[t], air, lo[0] - PAD:lo[0] - PAD + values.size]
        chain.home_mass[chain.full] += float(values @ p_home) * factor
        chain.home_mass[chain.full ^ in_water] += float(values @ (1.0 - p_home)) * factor

    def _settle_pair(self, air, t, in_water, lo, values, factor) -> None:
        """Two divers left: how the dive ends is looked up (`two_divers_left`)."""
        chain = self.chain
        chain.count(int(np.count_nonzero(values)))
        o = next(j for j in range(chain.n) if j != t and in_water >> j & 1)
        table = self.turns.pair(t, o)[
            air, :, lo[0] - PAD:lo[0] - PAD + values.shape[0], lo[1] - PAD:lo[1] - PAD + values.shape[1]]
        first, second, both, neither = ((table.reshape(4, -1) @ values.reshape(-1)) * factor).tolist()
        home = chain.full ^ in_water  # the divers already home
        chain.home_mass[home | 1 << t] += first
        chain.home_mass[home | 1 << o] += second
        chain.home_mass[chain.full] += both
        chain.home_mass[home] += neither

    def _queue_positions(self, air, t, in_water, lo, values, factor) -> None:
        """Three or four divers: into their group, the first axis turned into free spaces."""
        n = values.ndim
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
        self._gather(air, t, in_water, source, box, tables(n)[1], lo[0] - pad, inner, 0, factor)

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
        empty rows at either end of axis 0 left out (see `_gather_cells`); the probabilities
        are the source's values times ``factor``."""
        got = self._gather_cells(source, box, table, base, stride, skip)
        if got is not None:
            values, lo, flat = got
            self._add_to_group(self._group(air, t, in_water), values, lo, flat, factor)

    def _gather_cells(self, source, box, table, base, stride, skip):
        """The source cells for every cell of ``box``, without the empty rows at either end of
        axis 0: (values, their box's corner, the workspace array holding them), or None.

        The source's flat index is ``(table - base) * stride`` plus, for its axes ``skip + 1``
        on, the cell's coordinates along the target's axes ``1`` on (from the box's corner).
        Cells the table has no state for come out negative (clipped onto the empty cell 0).
        The index is built and used a few rows at a time, so that it stays in the cache; so
        are the values gathered, which are counted there.
        """
        if min(a for a, _ in box) < SPACE_1 or max(b for _, b in box) >= SIDE:
            raise AssertionError(f"dense chain: a box off the trail's tables: {box}")
        cut = tuple(slice(a - SPACE_1, b + 1 - SPACE_1) for a, b in box)  # (the tables start at SPACE_1)
        sizes = [b - a + 1 for a, b in box]
        size = math.prod(sizes)
        flat = self.space.take(size)
        values = flat[:size].reshape(sizes)
        offsets = _offsets(sizes, base, stride, source.shape, skip)
        tab = table[cut]
        step = max(1, _CHUNK // (size // sizes[0]))
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
            src.take(ix, mode="clip", out=values[r:e])
            k = int(np.count_nonzero(bits[r:e]))
            if k:
                states += k
                first = r if first < 0 else first
                last = r
        if not states:
            self.space.give_back(flat)
            return None
        # the first and the last row with a state, looked for a row at a time from the outer
        # ends of those chunks (seldom more than a few empty rows), not by another pass over them
        while not np.count_nonzero(bits[first]):
            first += 1
        last = min(last + step, sizes[0]) - 1
        while not np.count_nonzero(bits[last]):
            last -= 1
        self.chain.count(states)
        lo = [a for a, _ in box]
        lo[0] += first
        return values[first:last + 1], lo, flat

    def _add_to_group(self, group: _Group, values: np.ndarray, lo: list[int], flat: np.ndarray,
                      factor: float) -> None:
        """Add ``values`` times ``factor`` (a box at ``lo``, held in ``flat``) into ``group``."""
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
            keep_workspace(self.space)

    def expand(self, key, group: _Group) -> None:
        """Every roll of the group's states: the dive's ends settled, the rest gathered into the
        next diver's groups. Each kind of turn taken in the group (`DenseTurns.spans`) moves the
        rows from its first to its last, the other kind's rows between them left out (zeros:
        in a copy, or, for the last kind, in the group's own box, done with)."""
        air, _, t, in_water = key
        a, lo = group.array, group.lo
        self.chain.layers += 1
        spans = self.turns.spans(t, air, in_water, lo[0] - PAD, a.shape[0])
        for i, (kind, r0, r1, holes) in enumerate(spans):
            rows = a[r0:r1]
            if holes and i < len(spans) - 1:
                rows = self.space.buffer("kind rows", rows.shape)
                rows[...] = a[r0:r1]
            for h0, h1 in holes:
                rows[h0 - r0:h1 - r0] = 0.0
            self._take_turn(air, t, in_water, group.seats, kind, rows, [lo[0] + r0] + lo[1:], group.factor)

    def _take_turn(self, air: int, t: int, in_water: int, seats: list[int], kind: Kind, a: np.ndarray,
                   lo: list[int], factor: float) -> None:
        """Diver ``t`` takes a turn of ``kind`` in the states ``a`` (a box at ``lo``, times ``factor``)."""
        n = len(seats)
        air_next = air - kind.air_used
        if air_next <= 0:  # the dive ends after this move: who gets home on it?
            self._settle_last_move(t, in_water, a, lo, factor, kind)
            return
        pad = n - 1
        moves = kind.moves
        m_min, m_max = moves[0][0], moves[-1][0]
        z_lo = lo[0] - m_max  # index of the first row of the move's result
        rows = a.shape[0] + m_max - m_min
        first = max(z_lo, PAD + 1)  # the rows still in the water
        last = z_lo + rows - 1
        # the move's result, with pad empty rows each side of the first two axes, so that
        # every source cell the gather may ask for is inside (and cell 0 is empty)
        out = self.space.buffer("moved", (rows + 2 * pad, WIDE) + a.shape[2:])
        used = 2 * pad + a.shape[1]  # the columns the gather may read
        out[:pad, :used] = 0.0
        out[pad + rows:, :used] = 0.0
        out[pad:pad + rows, :pad] = 0.0
        out[pad:pad + rows, pad + a.shape[1]:used] = 0.0
        moved = out[pad:pad + rows, pad:pad + a.shape[1]]
        factor = factor * self._move(a, moved, kind)
        if z_lo <= PAD:  # y <= 0: home on this move
            home = moved[:PAD + 1 - z_lo].sum(axis=0)
            self._push_positions(air_next, seats[1], in_water & ~(1 << t), lo[1:], home, factor)
        if first > last:
            return
        # the next group: axis 0 the next diver in free spaces, ..., last the mover in spaces
        top = min(last + pad, SIDE - 1)  # the mover's highest space: its free coordinate + those below
        if a.size >= _TRIM_FROM:
            top = mover_top(out[:, :used], z_lo - pad, lo[1] - pad, lo[2:], first, last, top)
        box = ([(max(lo[1] - pad, PAD + 1), lo[1] + a.shape[1] - 1)]
               + [(b, b + s - 1) for b, s in zip(lo[2:], a.shape[2:])]
               + [(first, top)])
        self._gather(air_next, seats[1], in_water, out, box, tables(n)[0],
                     (z_lo - pad) * WIDE + lo[1] - pad, math.prod(a.shape[2:]), 1, factor)

    def _settle_last_move(self, t: int, in_water: int, a: np.ndarray, lo: list[int], factor: float,
                          kind: Kind) -> None:
        """The dive ends after ``t``'s move (of ``kind``): who gets home on it?"""
        chain = self.chain
        longest = kind.reach.size - 1
        rows = max(0, min(a.shape[0], PAD + longest + 1 - lo[0]))  # those the sub is in reach of
        near = a[:rows].sum(axis=tuple(range(1, a.ndim)))
        y = slice(lo[0] - PAD, lo[0] - PAD + rows)
        chain.home_mass[chain.full ^ (in_water & ~(1 << t))] += float(kind.reach[y] @ near) * factor
        chain.home_mass[chain.full ^ in_water] += (float(kind.short[y] @ near)
                                                   + float(a[rows:].sum())) * factor

    def _move(self, a: np.ndarray, out: np.ndarray, kind: Kind):
        """Write into ``out`` every roll of the states ``a`` (free coordinates along axis 0):
        y -> y - m with probability w; out's row 0 is y = a's row 0 - the largest move.
        Returns the factor ``out`` is still to be multiplied by, which is left to the
        group's factor (one pass fewer over a big array)."""
        n_rows = a.shape[0]
        moves = kind.moves
        m_max = moves[-1][0]
        if kind.plain:  # 0-2 items: two running sums of 3, then / 9
            run3 = self.space.buffer("run3", (n_rows + 2,) + a.shape[1:])
            # run3[i] = a[i] + a[i - 1] + a[i - 2]; out[k] = run3[k] + run3[k - 1] + run3[k - 2]
            running_sum3(a, run3)
            running_sum3(run3, out)
            return 1.0 / DICE_OUTCOMES
        if kind.rolls is not None:  # a variant's: each move's count of rolls, then / the rolls
            return self._move_by_rolls(a, out, kind)
        out[...] = 0.0
        for m, w in moves:
            out[m_max - m:m_max - m + n_rows] += a * w
        return 1.0

    def _move_by_rolls(self, a: np.ndarray, out: np.ndarray, kind: Kind) -> float:
        """`_move` for a variant's kind of turn: ``a`` added once per roll giving each move
        (whole numbers, so the sums are exact), times the same count computed once."""
        n_rows = a.shape[0]
        counts, m_max = kind.rolls, kind.rolls[-1][0]
        out[n_rows:] = 0.0  # (the largest move's rows are written, not added to)
        times: dict = {1: a}
        for m, count in reversed(counts):
            here = out[m_max - m:m_max - m + n_rows]
            if count not in times:
                times[count] = np.multiply(a, count, out=self.space.buffer(f"times{count}", a.shape))
            if m == m_max:
                here[...] = times[count]
            else:
                here += times[count]
        return kind.per_roll

def _offsets(sizes, base: int, stride: int, shape, skip: int) -> np.ndarray:
    """The part of the flat source index that does not come from the table (see `_gather_cells`)."""
    n = len(sizes)
    offsets = -base * stride
    inner = 1
    for k in range(n - 1, skip, -1):  # source axis k is target axis k - skip
        axis = k - skip
        along = np.arange(sizes[axis]) * inner
        offsets = offsets + along.reshape([sizes[axis] if i == axis else 1 for i in range(n)])
        inner *= shape[k]
    return offsets
