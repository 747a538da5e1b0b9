"""Exact odds of getting home for every diver at once, with skipping ("exact with skipping").

Every diver still in the water heads back with the items it carries (no pick-up,
no drop), jumping spaces where other divers stand, in seat order, while the
shared air runs out as RULES.md says. That is a Markov chain over (positions,
air, whose turn); `p_home_all` pushes the probability of the current position
forward through it, layer by layer, with numpy, and adds up where it ends.

Why the layers are an order: a carrying diver's turn lowers the air; an empty-
handed diver's turn keeps the air but moves the turn on toward the next carrying
diver in the water (empty-handed divers never breathe; once only they are left,
they all get home for sure). So every move lowers the key (air, r), r = seats
from the diver to move to the next carrying diver in the water, and each
layer (air, r, diver to move) is complete before it is expanded.

How a layer is held: the moves into it arrive as batches of candidate states;
adding their probabilities into a dense box over each diver's range of
positions merges the duplicates, and scanning the box lists the layer's states,
which are expanded a cache-sized piece at a time. The box is filled slab by slab
so that its buffer stays small: fresh memory is the dearest thing here.
"""
from __future__ import annotations

import numpy as np

from ._checks import as_int, check_air
from .dice import DICE_OUTCOMES, MAX_MOVE, movement_weights
from .errors import StateBudgetExceeded

MAX_SEATS = 6
MAX_POSITION = 1000  # no trail is longer than 32 spaces; what-ifs may go farther, within reason
DEFAULT_MAX_STATES = 8_000_000  # ~2 s and ~600 MiB at the most; the deep 6-diver benchmark is 6.3M

# The spaces a move can see: at most MAX_MOVE free spaces plus the (at most 5)
# other divers jumped on the way.
_WINDOW = MAX_MOVE + MAX_SEATS - 1
_CHUNK = 16384  # states expanded at a time on the sorted path
_SCAN = 1 << 16  # box cells scanned, then expanded, at a time
_SLAB = 1 << 20  # box cells merged at a time (the buffer's size)
_DECODE_TABLE = 1 << 16  # box index -> positions lookup tables, in cells
_BOX_CAP = 1 << 25  # the largest dense box (float64 cells); beyond it, sort instead


def p_home_all(positions, chips, air: int, turn: int, *,
               max_states: int = DEFAULT_MAX_STATES) -> list[float]:
    """Exact P(home) per seat when every diver in the water heads back with its items.

    - ``positions[i]``: trail space of seat ``i`` (1 = next to the sub), 0 = back
      in the submarine (its P(home) is 1.0).
    - ``chips[i]``: items seat ``i`` carries, held fixed (a stack is one item).
    - ``air`` (1..25): the air on the track at the start of ``turn``'s turn,
      before that diver breathes.
    - ``turn``: the seat whose turn starts next (it must be in the water).

    Each diver in the water, in seat order, breathes its items, rolls and moves
    ``max(0, dice - items)`` free spaces toward the sub, jumping spaces where
    other divers in the water stand; reaching or passing the sub gets it home. If
    the air is at 0 or below after a diver breathed, that diver still finishes its
    move (so it can get home on it), then the dive ends and everyone still out is
    lost. Six or more items: the diver never moves (P = 0).

    Returns a list of floats, one per seat. Bad arguments raise `ValueError`
    naming the argument.

    Cost grows with the number of states (positions x air x turn) the rest of
    the dive can reach: a few thousand for a typical 4-diver position (a few
    ms), millions when many divers are far out with few items (about 0.25 us a
    state). Past ``max_states`` it raises `StateBudgetExceeded` instead of
    running on (fall back to Monte Carlo, `estimate_home`); the default lets the
    deep 6-diver benchmark (6.3 million states, ~1.5 s) through. For a live
    display pass a smaller budget, e.g. ``max_states=300_000`` (about 0.1 s).
    """
    positions, chips, air, turn = check_table_position(positions, chips, air, turn)
    max_states = as_int("max_states", max_states)
    if max_states < 1:
        raise ValueError(f"max_states must be at least 1, got {max_states}")
    in_water = [i for i, p in enumerate(positions) if p > 0]
    out = [1.0] * len(positions)
    if not in_water or all(chips[i] == 0 for i in in_water):
        return out  # nobody in the water uses air: everyone gets home
    probs = _solve([positions[i] for i in in_water], [chips[i] for i in in_water], air,
                   in_water.index(turn), max_states)
    for i, p in zip(in_water, probs):
        out[i] = p
    return out


def check_table_position(positions, chips, air, turn):
    """Validate `p_home_all`'s arguments; return them as plain ints and lists."""
    if isinstance(positions, (str, bytes)) or not hasattr(positions, "__len__"):
        raise ValueError(f"positions must be a list of trail spaces, one per seat, got {positions!r}")
    if isinstance(chips, (str, bytes)) or not hasattr(chips, "__len__"):
        raise ValueError(f"chips must be a list of item counts, one per seat, got {chips!r}")
    n = len(positions)
    if not 1 <= n <= MAX_SEATS:
        raise ValueError(f"positions must list 1 to {MAX_SEATS} seats, got {n}")
    if len(chips) != n:
        raise ValueError(f"chips has {len(chips)} entries but positions has {n}: one per seat")
    positions = [as_int(f"positions[{i}]", p) for i, p in enumerate(positions)]
    chips = [as_int(f"chips[{i}]", c) for i, c in enumerate(chips)]
    seen: dict[int, int] = {}
    for i, p in enumerate(positions):
        if p < 0:
            raise ValueError(f"positions[{i}] = {p}: a trail space is 1 or more (0 = in the submarine)")
        if p > MAX_POSITION:
            raise ValueError(f"positions[{i}] = {p}: beyond any trail (the game's has at most 32 "
                             f"spaces; up to {MAX_POSITION} is accepted)")
        if p > 0:
            if p in seen:
                raise ValueError(f"positions[{seen[p]}] and positions[{i}] are both {p}: "
                                 f"two divers cannot stand on one trail space")
            seen[p] = i
    for i, c in enumerate(chips):
        if c < 0:
            raise ValueError(f"chips[{i}] = {c}: a diver carries 0 items or more")
    air = check_air(air)
    turn = as_int("turn", turn)
    if not 0 <= turn < n:
        raise ValueError(f"turn = {turn}: no such seat (seats are 0..{n - 1})")
    if seen and positions[turn] == 0:
        raise ValueError(f"turn = {turn}: that seat is back in the submarine, so its turn cannot "
                         f"start (turn must be a seat still in the water)")
    return positions, chips, air, turn


def _solve(start: list[int], chips: list[int], air: int, turn: int, max_states: int,
           stats: dict | None = None) -> list[float]:
    """The chain for the divers in the water only (compact seat indices, all positions > 0).

    ``stats``, if given, receives the number of states and layers expanded.
    """
    n = len(start)
    full = (1 << n) - 1
    carrying = sum(1 << i for i in range(n) if chips[i] > 0)
    next_seat, steps = _turn_tables(n)
    next_list, steps_list = next_seat.tolist(), steps.tolist()
    far = max(start)
    gap_bit = np.zeros(2 * far + 1, dtype=np.intp)  # index: (mover - other) + far
    for gap in range(1, min(_WINDOW, far) + 1):
        gap_bit[far + gap] = 1 << (gap - 1)
    jumps = _jump_columns()
    moves = [[(m, w / DICE_OUTCOMES) for m, w in movement_weights(min(c, MAX_MOVE)).items()]
             for c in chips]
    run = _Run(n, full, carrying, next_seat, steps, next_list, steps_list, far, gap_bit, jumps,
               moves, chips, max_states)
    first = tuple(np.array([p], dtype=np.intp) for p in start)
    ranges = [(p, p, False) for p in start]
    key = (air, steps_list[turn][full & carrying], turn)
    run.pending[key] = _Pending(n)
    run.pending[key].add(first, ranges, 0, first[0], np.ones(1), (start[0], start[0], False))
    while run.pending:
        key = max(run.pending)
        run.expand_layer(key, run.pending.pop(key))
    if stats is not None:
        stats.update(states=run.states, layers=run.layers, largest_box=run.largest_box,
                     total_probability=float(run.home_mass.sum()))
    home_mass = run.home_mass
    return [float(home_mass[[s for s in range(1 << n) if s >> i & 1]].sum()) for i in range(n)]


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


class _Run:
    """One `_solve` call: the layers waiting to be expanded and the probability already settled."""

    def __init__(self, n, full, carrying, next_seat, steps, next_list, steps_list, far, gap_bit,
                 jumps, moves, chips, max_states):
        self.n, self.full, self.carrying = n, full, carrying
        self.next_seat, self.steps = next_seat, steps
        self.next_flat = next_seat.ravel()
        self.steps_flat = steps.ravel()
        self.next_list, self.steps_list = next_list, steps_list
        self.far, self.gap_bit, self.jumps, self.moves, self.chips = far, gap_bit, jumps, moves, chips
        self.max_states = max_states
        self.pending: dict = {}
        self.home_mass = np.zeros(1 << n)  # probability of each final "who is home" set
        self.states = self.layers = self.largest_box = 0
        self.buffer = np.zeros(0)

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
        self.layers += 1
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
                self._count(where.size)
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
            self._count(code.size)
            pos = tuple((code >> (width * j)) & ((1 << width) - 1) for j in range(n))
            self.expand(key, pos, totals[s:s + _CHUNK], ranges)

    def _count(self, k: int) -> None:
        self.states += k
        if self.states > self.max_states:
            raise StateBudgetExceeded(self.states, self.max_states)

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
            may_get_home = int(p.min()) <= _WINDOW
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


_JUMPS: list | None = None


def _jump_columns() -> list:
    """jumps[m][occupied]: spaces a diver covers moving m free spaces toward the sub, where
    bit g-1 of ``occupied`` says whether the space g below it is taken."""
    global _JUMPS
    if _JUMPS is None:
        table = np.zeros((1 << _WINDOW, MAX_MOVE + 1), dtype=np.intp)
        for occupied in range(1 << _WINDOW):
            gap = 0
            for m in range(1, MAX_MOVE + 1):
                gap += 1
                while occupied >> (gap - 1) & 1:
                    gap += 1
                table[occupied, m] = gap
        _JUMPS = [np.ascontiguousarray(table[:, m]) for m in range(MAX_MOVE + 1)]
    return _JUMPS


def _turn_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """next_seat[t, in_water]: the seat after t to move (t itself if alone, -1 if none);
    steps_to_carrier[t, carriers]: seats from t (0 = t) to the next carrying diver."""
    next_seat = np.full((n, 1 << n), -1, dtype=np.int64)
    steps = np.full((n, 1 << n), -1, dtype=np.int64)
    for t in range(n):
        for s in range(1 << n):
            for k in range(1, n + 1):
                if s >> ((t + k) % n) & 1:
                    next_seat[t, s] = (t + k) % n
                    break
            for k in range(n):
                if s >> ((t + k) % n) & 1:
                    steps[t, s] = k
                    break
    return next_seat, steps
