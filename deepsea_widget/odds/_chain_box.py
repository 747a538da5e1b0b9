"""The exact chain for big layers: each layer merged in a dense box over the divers' positions.

How a layer is held: the moves into it arrive as batches of candidate states;
adding their probabilities into a dense box over each diver's range of
positions merges the duplicates, and scanning the box lists the layer's states,
which are expanded a cache-sized piece at a time. The box is filled slab by slab
so that its buffer stays small: fresh memory is the dearest thing here. About
0.25 us a state, whatever the layer's size; small layers are cheaper by sorting
(`_chain_sorted`), which hands its layers over here once they grow.
"""
from __future__ import annotations

import numpy as np

from ._chain_tables import WINDOW, Chain, jump_columns

_CHUNK = 16384  # states expanded at a time when a box would be too big and a layer is sorted instead
_SCAN = 1 << 16  # box cells scanned, then expanded, at a time
_SLAB = 1 << 20  # box cells merged at a time (the buffer's size)
_DECODE_TABLE = 1 << 16  # box index -> positions lookup tables, in cells
_BOX_CAP = 1 << 25  # the largest dense box (float64 cells); beyond it, sort instead


class _Pending:
    """The candidate states pushed into one layer, and each diver's range of positions in them.

    A batch is (block, mover, new_position, mass): the candidates' positions are
    ``block[j]`` for every diver but ``mover``, whose position is ``new_position``
    (blocks are shared by the batches of all rolls from one expanded chunk).
    """

    __slots__ = ("batches", "lo", "hi", "zero", "size")

    def __init__(self, n: int):
        self.batches: list = []
        self.lo = [1 << 30] * n  # smallest position > 0 seen
        self.hi = [0] * n  # largest position seen
        self.zero = [False] * n  # whether position 0 (home) is seen
        self.size = 0

    def add(self, block, block_ranges, mover, new_position, mass, mover_range) -> None:
        self.batches.append((block, mover, new_position, mass))
        self.size += mass.size
        for j, (lo, hi, zero) in enumerate(block_ranges):
            if j == mover:
                lo, hi, zero = mover_range
            if hi > 0 and lo < self.lo[j]:
                self.lo[j] = lo
            if hi > self.hi[j]:
                self.hi[j] = hi
            if zero:
                self.zero[j] = True


class BoxSolver:
    """Expands the layers of a `Chain` with dense boxes, from the largest key down."""

    def __init__(self, chain: Chain):
        self.chain = chain
        self.n, self.full, self.carrying = chain.n, chain.full, chain.carrying
        self.next_seat, self.steps = chain.next_seat, chain.steps
        self.next_flat = chain.next_seat.ravel()
        self.steps_flat = chain.steps.ravel()
        self.next_list, self.steps_list = chain.next_list, chain.steps_list
        self.far, self.gap_bit, self.moves, self.chips = chain.far, chain.gap_bit, chain.moves, chain.chips
        self.jumps = jump_columns()
        self.home_mass = chain.home_mass  # updated in place
        self.pending: dict = {}
        self.largest_box = 0
        self.buffer = np.zeros(0)

    def add_states(self, key, pos: tuple, mass) -> None:
        """Queue distinct states (positions per diver, probability) for layer ``key``."""
        order = np.argsort(pos[0], kind="stable")  # batches are kept sorted by diver 0's position
        pos = tuple(p.take(order) for p in pos)
        ranges = []
        for p in pos:
            positive = p[p > 0]
            ranges.append((int(positive.min()) if positive.size else 1 << 30,
                           int(positive.max()) if positive.size else 0, bool(positive.size < p.size)))
        pend = self.pending.get(key)
        if pend is None:
            pend = self.pending[key] = _Pending(self.n)
        pend.add(pos, ranges, 0, pos[0], mass.take(order), ranges[0])

    def run(self) -> None:
        """Expand every queued layer and all that follow, to the end of the dive."""
        while self.pending:
            key = max(self.pending)
            self.expand_layer(key, self.pending.pop(key))

    # -- merging a layer: a dense box over the divers' position ranges ------------------
    def expand_layer(self, key, pend: _Pending) -> None:
        """Merge the candidates of one layer and expand its states, one slab at a time.

        The layer is a dense box over each diver's range of positions (index
        order: diver 0 most significant). Candidates are added into the box
        (duplicates merge), then the box is scanned for its states. To keep the
        buffer small (fresh memory is expensive), the box is cut into slabs
        along diver 0's axis; every batch is kept sorted by diver 0's position,
        so a slab's share of a batch is a slice.
        """
        n = self.n
        self.chain.layers += 1
        sizes = [(pend.hi[j] - pend.lo[j] + 1 if pend.hi[j] > 0 else 0) + pend.zero[j]
                 for j in range(n)]
        box = 1
        for s in sizes:
            box *= s
        self.largest_box = max(self.largest_box, box)
        ranges = [(pend.lo[j], pend.hi[j], pend.zero[j]) for j in range(n)]
        per_row = box // sizes[0]  # cells per position of diver 0
        if per_row > _BOX_CAP:
            self._expand_layer_sorted(key, pend, ranges)
            return
        strides = [1] * n
        for j in range(n - 2, -1, -1):
            strides[j] = strides[j + 1] * sizes[j + 1]
        encode, decode = [], []
        for j in range(n):
            lo, hi, zero = ranges[j]
            enc = np.zeros(self.far + 1, dtype=np.int64)
            dec = [0] if zero else []
            if hi > 0:
                enc[lo:hi + 1] = (np.arange(hi - lo + 1) + zero) * strides[j]
                dec.extend(range(lo, hi + 1))
            encode.append(enc)
            decode.append(np.array(dec, dtype=np.intp))
        rows_per_slab = max(1, _SLAB // per_row)
        slab_cells = min(rows_per_slab, sizes[0]) * per_row
        n_slabs = -(-sizes[0] // rows_per_slab)
        if self.buffer.size < slab_cells:
            self.buffer = np.zeros(slab_cells)
        buffer = self.buffer
        # Blocks come sorted by diver 0's position, so a slab's share of a batch is a
        # slice; batches in which diver 0 itself moved are put in slab order once.
        work = [[] for _ in range(n_slabs)]  # per slab: (block, mover, new_p, mass, a, b)
        slab_starts = decode[0][np.arange(n_slabs) * rows_per_slab]  # diver 0's first position
        whole_bases: dict = {}
        for block, mover, new_p, mass in pend.batches:
            if n_slabs == 1:
                work[0].append((block, mover, new_p, mass, 0, mass.size))
                continue
            if mover != 0:
                cuts = block[0].searchsorted(slab_starts).tolist() + [mass.size]
            else:
                base = whole_bases.get(id(block))
                if base is None:
                    base = 0
                    for j in range(1, n):
                        base = base + encode[j].take(block[j])
                    whole_bases[id(block)] = base
                index = encode[0].take(new_p)
                index += base
                slab = (index // slab_cells).astype(np.uint16)
                order = np.argsort(slab, kind="stable")
                slab = slab[order]
                new_p, mass = index[order], mass[order]  # new_p now holds the box index
                block = None
                cuts = slab.searchsorted(np.arange(n_slabs + 1, dtype=np.uint16)).tolist()
            for k in range(n_slabs):
                if cuts[k] < cuts[k + 1]:
                    work[k].append((block, mover, new_p, mass, cuts[k], cuts[k + 1]))
        pend.batches = None
        del whole_bases
        high_tables, low_tables, low_cells = self._decode_tables(sizes, decode)
        for k in range(n_slabs):
            if not work[k]:
                continue
            row0 = k * rows_per_slab
            row1 = min(row0 + rows_per_slab, sizes[0])
            offset = row0 * per_row
            bases: dict = {}
            for block, mover, new_p, mass, a, b in work[k]:
                if block is None:  # index already computed, sorted by slab
                    np.add.at(buffer, new_p[a:b] - offset, mass[a:b])
                    continue
                base = bases.get((id(block), mover))
                if base is None:
                    base = -offset
                    for j in range(n):
                        if j != mover:
                            base = base + encode[j].take(block[j][a:b])
                    bases[id(block), mover] = base
                index = encode[mover].take(new_p[a:b])
                index += base
                np.add.at(buffer, index, mass[a:b])
            work[k] = None
            del bases
            cells = (row1 - row0) * per_row
            for s in range(0, cells, _SCAN):
                segment = buffer[s:min(s + _SCAN, cells)]
                where = np.flatnonzero(segment > 0)
                if not where.size:
                    continue
                mass = segment[where]
                segment[where] = 0.0
                self.chain.count(where.size)
                index = where + (offset + s)
                if high_tables is None:
                    pos = [None] * n
                    for j in range(n - 1):
                        q = index // strides[j]
                        index -= q * strides[j]
                        pos[j] = decode[j].take(q)
                    pos[n - 1] = decode[n - 1].take(index)
                else:
                    high = index // low_cells
                    index -= high * low_cells
                    pos = [t.take(high) for t in high_tables] + [t.take(index) for t in low_tables]
                self.expand(key, tuple(pos), mass, ranges)

    @staticmethod
    def _decode_tables(sizes, decode):
        """Positions of every diver for each value of the low and the high part of a box index.

        The last divers (the low part) and the first ones (the high part) each span at
        most _DECODE_TABLE cells, so one division and a lookup per diver decode an index.
        Returns (None, None, 0) when the box is too big for that.
        """
        n = len(sizes)
        split, low_cells = n, 1
        while split > 0 and low_cells * sizes[split - 1] <= _DECODE_TABLE:
            split -= 1
            low_cells *= sizes[split]
        high_cells = 1
        for s in sizes[:split]:
            high_cells *= s
        if high_cells > _DECODE_TABLE:
            return None, None, 0

        def tables(dims, cells):
            index = np.arange(cells)
            out = []
            for j in reversed(dims):
                index, coord = np.divmod(index, sizes[j])
                out.append(decode[j].take(coord))
            return out[::-1]

        return tables(range(split), high_cells), tables(range(split, n), low_cells), low_cells

    def _expand_layer_sorted(self, key, pend: _Pending, ranges) -> None:
        """The same for a layer whose box would be too big: sort the packed positions instead."""
        n = self.n
        width = max(self.far.bit_length(), 1)
        codes, masses = [], []
        for block, mover, new_p, mass in pend.batches:
            code = np.zeros(mass.size, dtype=np.int64)
            for j in range(n):
                code |= (new_p if j == mover else block[j]) << (width * j)
            codes.append(code)
            masses.append(mass)
        pend.batches = None
        distinct, inverse = np.unique(np.concatenate(codes), return_inverse=True)
        totals = np.bincount(inverse.ravel(), weights=np.concatenate(masses), minlength=distinct.size)
        del codes, masses, inverse
        for s in range(0, distinct.size, _CHUNK):
            code = distinct[s:s + _CHUNK]
            self.chain.count(code.size)
            pos = tuple((code >> (width * j)) & ((1 << width) - 1) for j in range(n))
            self.expand(key, pos, totals[s:s + _CHUNK], ranges)

    # -- expanding a chunk of states: one roll of the diver to move --------------------
    def expand(self, key, pos: tuple, mass: np.ndarray, ranges: list) -> None:
        n, full, carrying = self.n, self.full, self.carrying
        air, _, t = key
        air_next = air - self.chips[t]
        p = pos[t]
        in_water = full  # a plain int while nobody in this layer is home
        for j in range(n):
            if j != t and ranges[j][2]:
                if type(in_water) is int:
                    in_water = np.full(p.size, full, dtype=np.int64)
                in_water -= (pos[j] == 0).astype(np.int64) << j
        moves = self.moves[t]
        if moves[-1][0] > 0:
            occupied = None
            p_far = p + self.far
            for j in range(n):
                if j != t:
                    bits = self.gap_bit.take(p_far - pos[j])
                    occupied = bits if occupied is None else occupied | bits
            if occupied is None:
                occupied = np.zeros(p.size, dtype=np.intp)
            may_get_home = int(p.min()) <= WINDOW
        p_max = int(p.max())  # p_max - m bounds the new positions: no max() per roll
        for m, prob in moves:
            moved = mass * prob
            home = None
            if m == 0:
                new_p = p
            else:
                new_p = p - self.jumps[m].take(occupied)
                if may_get_home:
                    home = new_p <= 0
                    if home.any():
                        new_p = np.maximum(new_p, 0)
                    else:
                        home = None
            now_in = in_water
            if home is not None:
                now_in = now_in - (home.astype(np.int64) << t)
            if air_next <= 0:  # the dive ends after this move
                if type(now_in) is int:
                    self.home_mass[full ^ now_in] += moved.sum()
                else:
                    self.home_mass += np.bincount(full ^ now_in, weights=moved, minlength=full + 1)
                continue
            if type(now_in) is int:
                carriers = now_in & carrying
                if not carriers:  # only empty-handed divers left: they all get home
                    self.home_mass[full] += moved.sum()
                    continue
                t_next = self.next_list[t][now_in]
                self._push((air_next, self.steps_list[t_next][carriers], t_next),
                           pos, ranges, t, new_p, moved, p_max - m)
                continue
            carriers = now_in & carrying
            done = carriers == 0
            t_next = self.next_flat.take(t * (full + 1) + now_in)
            group = self.steps_flat.take(t_next * (full + 1) + carriers) * n + t_next
            if done.any():
                self.home_mass[full] += moved[done].sum()
                group[done] = -1
            counts = np.bincount(group + 1)
            for g in np.flatnonzero(counts):
                g = int(g) - 1
                if g < 0:
                    continue
                target = (air_next, g // n, g % n)
                if counts[g + 1] == group.size:
                    self._push(target, pos, ranges, t, new_p, moved, p_max - m)
                else:
                    sel = group == g
                    self._push(target, tuple(a[sel] for a in pos), ranges, t, new_p[sel], moved[sel],
                               p_max - m)

    def _push(self, key, block, ranges, mover, new_p, mass, hi) -> None:
        """Queue a batch for layer ``key``; ``hi`` bounds the mover's new positions from above."""
        pend = self.pending.get(key)
        if pend is None:
            pend = self.pending[key] = _Pending(self.n)
        hi = max(hi, 0)
        lo = int(new_p.min())
        zero = lo == 0
        if zero and hi > 0:
            lo = int(np.where(new_p > 0, new_p, hi).min())
        pend.add(block, ranges, mover, new_p, mass, (lo, hi, zero))
