"""How the box solver (`five_or_six_divers`) merges one layer's candidate states into distinct ones.

The moves into a layer arrive as batches of candidate states (`Candidates`). Adding their
probabilities into a dense box over each diver's range of positions (`LayerBox`) merges the
duplicates, and scanning the box lists the layer's states. The box is filled and scanned a
slab at a time along diver 0's axis, so that its buffer stays small (fresh memory is the
dearest thing here); a layer whose box would be too big even so is sorted (`sorted_states`).
"""
from __future__ import annotations

import math

import numpy as np

_SCAN = 1 << 16  # box cells scanned, then expanded, at a time
_SLAB = 1 << 20  # box cells merged at a time (the buffer's size)
_DECODE_TABLE = 1 << 16  # box index -> positions lookup tables, in cells
_BOX_CAP = 1 << 25  # the most cells per position of diver 0; a bigger box is sorted instead
_CHUNK = 16384  # states expanded at a time when a layer is sorted
_NONE = 1 << 30  # the smallest position > 0 of a diver never seen out of the sub


class Candidates:
    """The candidate states pushed into one layer, and each diver's range of positions in them.

    A batch is (block, mover, new_position, mass): the candidates' positions are ``block[j]``
    for every diver but ``mover``, whose position is ``new_position``. Blocks are shared by the
    batches of all rolls from one expanded piece, and sorted by diver 0's position (unless
    diver 0 is the mover).
    """

    __slots__ = ("batches", "lo", "hi", "zero")

    def __init__(self, n: int):
        self.batches: list = []
        self.lo = [_NONE] * n  # smallest position > 0 seen
        self.hi = [0] * n  # largest position seen
        self.zero = [False] * n  # whether position 0 (home) is seen

    def add(self, block, block_ranges, mover, new_position, mass, mover_range) -> None:
        """Add a batch; ``block_ranges[j]`` (lo, hi, zero) bounds ``block[j]``, ``mover_range`` the mover's."""
        self.batches.append((block, mover, new_position, mass))
        for j, (lo, hi, zero) in enumerate(block_ranges):
            if j == mover:
                lo, hi, zero = mover_range
            if hi > 0 and lo < self.lo[j]:
                self.lo[j] = lo
            if hi > self.hi[j]:
                self.hi[j] = hi
            if zero:
                self.zero[j] = True


def range_of(positions: np.ndarray) -> tuple[int, int, bool]:
    """(smallest position > 0, largest, whether 0 is among them) of a diver's positions."""
    out = positions[positions > 0]
    return (int(out.min()) if out.size else _NONE, int(out.max()) if out.size else 0,
            bool(out.size < positions.size))


class LayerBox:
    """A layer's dense box: an axis per diver over its range of positions (home first, if seen),
    diver 0's axis the outermost, cut into slabs of whole rows of diver 0."""

    def __init__(self, cand: Candidates, far: int):
        self.ranges = list(zip(cand.lo, cand.hi, cand.zero))
        self.sizes = [(hi - lo + 1 if hi > 0 else 0) + zero for lo, hi, zero in self.ranges]
        self.per_row = math.prod(self.sizes[1:])  # cells per position of diver 0
        self.fits = self.per_row <= _BOX_CAP
        if self.fits:
            self._lay_out(far)

    def _lay_out(self, far: int) -> None:
        """Each diver's part of a cell's index per position (``encode``), its positions along its
        axis (``decode``), the slabs, and the tables that decode an index."""
        sizes = self.sizes
        self.strides = [math.prod(sizes[j + 1:]) for j in range(len(sizes))]
        self.encode, self.decode = [], []
        for (lo, hi, zero), stride in zip(self.ranges, self.strides):
            enc = np.zeros(far + 1, dtype=np.int64)
            dec = [0] if zero else []
            if hi > 0:
                enc[lo:hi + 1] = (np.arange(hi - lo + 1) + zero) * stride
                dec.extend(range(lo, hi + 1))
            self.encode.append(enc)
            self.decode.append(np.array(dec, dtype=np.intp))
        self.rows_per_slab = max(1, _SLAB // self.per_row)
        self.slab_cells = min(self.rows_per_slab, sizes[0]) * self.per_row
        self.n_slabs = -(-sizes[0] // self.rows_per_slab)
        self.tables = None  # (built on first use: a layer past the budget never needs them)

    def slab_work(self, cand: Candidates) -> list:
        """Per slab, its share of every batch: (block, mover, new_position, mass, a, b), the rows
        a:b. Blocks are sorted by diver 0's position, so a share is a slice; a batch in which
        diver 0 itself moved (in any order) is put in slab order once, as box indices (block None)."""
        n_slabs = self.n_slabs
        if n_slabs == 1:
            return [[(block, mover, new_p, mass, 0, mass.size) for block, mover, new_p, mass in cand.batches]]
        work: list = [[] for _ in range(n_slabs)]
        slab_starts = self.decode[0][np.arange(n_slabs) * self.rows_per_slab]  # diver 0's first position
        bases: dict = {}
        for block, mover, new_p, mass in cand.batches:
            if mover != 0:
                cuts = block[0].searchsorted(slab_starts).tolist() + [mass.size]
            else:
                block, new_p, mass, cuts = self._in_slab_order(block, new_p, mass, bases)
            for k in range(n_slabs):
                if cuts[k] < cuts[k + 1]:
                    work[k].append((block, mover, new_p, mass, cuts[k], cuts[k + 1]))
        return work

    def _in_slab_order(self, block, new_p, mass, bases: dict):
        """A batch in which diver 0 moved: (None, its box indices and masses in slab order, the cuts)."""
        base = bases.get(id(block))
        if base is None:  # (the same for every roll of the block)
            base = 0
            for j in range(1, len(block)):
                base = base + self.encode[j].take(block[j])
            bases[id(block)] = base
        index = self.encode[0].take(new_p)
        index += base
        slab = (index // self.slab_cells).astype(np.uint16)
        order = np.argsort(slab, kind="stable")
        cuts = slab[order].searchsorted(np.arange(self.n_slabs + 1, dtype=np.uint16)).tolist()
        return None, index[order], mass[order], cuts

    def fill(self, buffer: np.ndarray, k: int, work: list) -> int:
        """Add slab ``k``'s share of the batches (``work``) into ``buffer`` (all 0.0 before);
        returns the slab's cells."""
        row0 = k * self.rows_per_slab
        offset = row0 * self.per_row
        bases: dict = {}
        for block, mover, new_p, mass, a, b in work:
            if block is None:  # box indices already
                np.add.at(buffer, new_p[a:b] - offset, mass[a:b])
                continue
            base = bases.get((id(block), mover))
            if base is None:  # (the same for every roll of the block)
                base = -offset
                for j in range(len(block)):
                    if j != mover:
                        base = base + self.encode[j].take(block[j][a:b])
                bases[id(block), mover] = base
            index = self.encode[mover].take(new_p[a:b])
            index += base
            np.add.at(buffer, index, mass[a:b])
        return (min(row0 + self.rows_per_slab, self.sizes[0]) - row0) * self.per_row

    def states(self, buffer: np.ndarray, k: int, cells: int):
        """Slab ``k``'s states, filled in ``buffer``: (positions per diver, probability) a scan
        piece at a time, in index order (so sorted by diver 0's position); leaves ``buffer`` 0.0."""
        offset = k * self.rows_per_slab * self.per_row
        for s in range(0, cells, _SCAN):
            segment = buffer[s:min(s + _SCAN, cells)]
            where = np.flatnonzero(segment > 0)
            if not where.size:
                continue
            mass = segment[where]
            segment[where] = 0.0
            yield self._positions(where + (offset + s)), mass

    def _positions(self, index: np.ndarray) -> tuple:
        """Each diver's position in the cells ``index`` (changed in place)."""
        if self.tables is None:
            self.tables = _decode_tables(self.sizes, self.decode)
        high_tables, low_tables, low_cells = self.tables
        if high_tables is not None:  # one division and a lookup per diver
            high = index // low_cells
            index -= high * low_cells
            return tuple([t.take(high) for t in high_tables] + [t.take(index) for t in low_tables])
        pos = []
        for stride, dec in zip(self.strides[:-1], self.decode):
            q = index // stride
            index -= q * stride
            pos.append(dec.take(q))
        pos.append(self.decode[-1].take(index))
        return tuple(pos)


def _decode_tables(sizes: list[int], decode: list) -> tuple:
    """Positions of every diver for each value of the low and the high part of a box index.

    The last divers (the low part) and the first ones (the high part) each span at most
    _DECODE_TABLE cells, so one division and a lookup per diver decode an index. Returns
    (None, None, 0) when the box is too big for that."""
    n = len(sizes)
    split, low_cells = n, 1
    while split > 0 and low_cells * sizes[split - 1] <= _DECODE_TABLE:
        split -= 1
        low_cells *= sizes[split]
    if math.prod(sizes[:split]) > _DECODE_TABLE:
        return None, None, 0

    def tables(dims, cells):
        index = np.arange(cells)
        out = []
        for j in reversed(dims):
            index, coord = np.divmod(index, sizes[j])
            out.append(decode[j].take(coord))
        return out[::-1]

    return tables(range(split), math.prod(sizes[:split])), tables(range(split, n), low_cells), low_cells


def sorted_states(cand: Candidates, far: int):
    """A layer's distinct states by sorting (for a box too big): (positions per diver,
    probability) a chunk at a time, sorted by diver 0's position as a box's would be."""
    n = len(cand.lo)
    width = max(far.bit_length(), 1)
    shifts = [width * (n - 1 - j) for j in range(n)]  # diver 0 the most significant
    codes, masses = [], []
    for block, mover, new_p, mass in cand.batches:
        code = np.zeros(mass.size, dtype=np.int64)
        for j in range(n):
            code |= (new_p if j == mover else block[j]) << shifts[j]
        codes.append(code)
        masses.append(mass)
    cand.batches = None
    distinct, inverse = np.unique(np.concatenate(codes), return_inverse=True)
    totals = np.bincount(inverse.ravel(), weights=np.concatenate(masses), minlength=distinct.size)
    del codes, masses, inverse
    low = (1 << width) - 1
    for s in range(0, distinct.size, _CHUNK):
        code = distinct[s:s + _CHUNK]
        yield tuple((code >> shift) & low for shift in shifts), totals[s:s + _CHUNK]
