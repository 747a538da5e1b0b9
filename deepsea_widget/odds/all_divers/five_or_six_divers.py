"""The box solver: the big layers of a chain of five or six divers in the water.

The dense solver's boxes of every cell would be too big for them (45**6 cells). Here each
layer is merged in a box over the divers' ranges of positions only (`five_or_six_divers_box`),
and its states are expanded a scan piece at a time: every roll of the diver to move, by the
jump table (`jumps`) and the chain's moves and breaths, each roll's states queued for their
layers. Small layers are cheaper by sorting (`small_layers`): `which_solver` says when it
hands a chain over.
"""
from __future__ import annotations

import numpy as np

from .chain import Chain
from .five_or_six_divers_box import Candidates, LayerBox, range_of, sorted_states
from .four_divers_moves import DENSE_SEATS
from .jumps import WINDOW, gap_bits, jump_columns

MIN_SEATS = DENSE_SEATS + 1  # the fewest divers in the water whose chains it takes


def takes(chain: Chain) -> bool:
    """Whether this solver takes ``chain``: five or six divers (fewer are the dense solver's)."""
    return chain.n >= MIN_SEATS


class BoxSolver:
    """Expands the layers of a `Chain` with dense boxes, from the largest key down."""

    def __init__(self, chain: Chain):
        self.chain = chain
        self.next_flat = np.array(chain.next_list, dtype=np.int64).ravel()  # [t * 2**n + in_water]
        self.steps_flat = np.array(chain.steps_list, dtype=np.int64).ravel()  # [t * 2**n + carriers]
        self.gap_bit = gap_bits(chain.far)
        self.jumps = jump_columns()
        self.pending: dict = {}  # layer key -> its `Candidates`
        self.buffer = np.zeros(0)  # a slab of a box, kept from layer to layer (all 0.0 between)

    def add_states(self, key, pos: tuple, mass: np.ndarray) -> None:
        """Queue distinct states (positions per diver, 0 = home; probability) for layer ``key``
        (as if diver 0 had moved there: in any order, see `LayerBox.slab_work`)."""
        ranges = [range_of(p) for p in pos]
        self._candidates(key).add(pos, ranges, 0, pos[0], mass, ranges[0])

    def run(self) -> None:
        """Expand every queued layer and all that follow, to the end of the dive."""
        while self.pending:
            key = max(self.pending)
            self.expand_layer(key, self.pending.pop(key))

    def expand_layer(self, key, cand: Candidates) -> None:
        """Merge the candidates of layer ``key`` in a box, a slab at a time, and expand its states."""
        chain = self.chain
        chain.layers += 1
        box = LayerBox(cand, chain.far)
        if not box.fits:
            for pos, mass in sorted_states(cand, chain.far):
                chain.count(mass.size)
                self.expand(key, pos, mass, box.ranges)
            return
        if self.buffer.size < box.slab_cells:
            self.buffer = np.zeros(box.slab_cells)
        work = box.slab_work(cand)
        cand.batches = None  # (each slab's share is let go once it is merged)
        for k in range(box.n_slabs):
            if not work[k]:
                continue
            cells = box.fill(self.buffer, k, work[k])
            work[k] = None
            chain.count(int(np.count_nonzero(self.buffer[:cells])))  # (past the budget: before any is expanded)
            for pos, mass in box.states(self.buffer, k, cells):
                self.expand(key, pos, mass, box.ranges)

    def expand(self, key, pos: tuple, mass: np.ndarray, ranges: list) -> None:
        """Every roll of the diver to move from the states ``pos`` (positions per diver, 0 = home)
        of layer ``key``, whose divers' positions ``ranges`` bounds: the dive's ends settled,
        the rest queued for their layers."""
        chain = self.chain
        air, _, t = key
        air_next = air - chain.breaths[t]
        p = pos[t]
        in_water = self._in_water(t, pos, ranges)
        occupied, may_get_home = self._occupied(t, pos)
        p_max = int(p.max())  # p_max - m bounds the new positions: no max() per roll
        for m, prob in chain.moves[t]:
            moved = mass * prob
            new_p, now_in = p, in_water
            if m > 0:
                new_p = p - self.jumps[m].take(occupied)
                if may_get_home:
                    home = new_p <= 0
                    if home.any():
                        new_p = np.maximum(new_p, 0)
                        now_in = now_in - (home.astype(np.int64) << t)
            if air_next <= 0:  # the dive ends after this move: whoever is home now stays home
                self._settle(now_in, moved)
            else:
                self._queue(air_next, t, pos, ranges, new_p, moved, now_in, p_max - m)

    def _in_water(self, t: int, pos: tuple, ranges: list):
        """Who is in the water (a bit set): a plain int while nobody in the layer is home, else per state."""
        in_water = self.chain.full
        for j in range(self.chain.n):
            if j != t and ranges[j][2]:
                if type(in_water) is int:
                    in_water = np.full(pos[t].size, in_water, dtype=np.int64)
                in_water -= (pos[j] == 0).astype(np.int64) << j
        return in_water

    def _occupied(self, t: int, pos: tuple):
        """The spaces below the mover others stand on (bit sets, `jumps`), and whether any of
        its moves may reach the sub; (None, False) if it never moves."""
        chain = self.chain
        if chain.moves[t][-1][0] == 0:
            return None, False
        p = pos[t]
        p_far = p + chain.far
        occupied = np.zeros(p.size, dtype=np.intp)
        for j in range(chain.n):
            if j != t:
                occupied |= self.gap_bit.take(p_far - pos[j])
        return occupied, int(p.min()) <= WINDOW  # (no move covers more than WINDOW spaces)

    def _settle(self, now_in, moved: np.ndarray) -> None:
        """The dive ends: the probability ``moved`` of the states with ``now_in`` in the water."""
        chain = self.chain
        if type(now_in) is int:
            chain.home_mass[chain.full ^ now_in] += moved.sum()
        else:
            chain.home_mass += np.bincount(chain.full ^ now_in, weights=moved, minlength=chain.full + 1)

    def _queue(self, air: int, t: int, pos: tuple, ranges: list, new_p, moved, now_in, hi: int) -> None:
        """Queue the states after ``t``'s move (``now_in``: who is still out) for their layers;
        ``hi`` bounds the mover's new positions from above."""
        chain = self.chain
        full, n = chain.full, chain.n
        if type(now_in) is int:  # the states are all in one layer
            carriers = now_in & chain.carrying
            if not carriers:  # only empty-handed divers left: they all get home
                chain.home_mass[full] += moved.sum()
                return
            t_next = chain.next_list[t][now_in]
            self._push((air, chain.steps_list[t_next][carriers], t_next), pos, ranges, t, new_p, moved, hi)
            return
        carriers = now_in & chain.carrying
        t_next = self.next_flat.take(t * (full + 1) + now_in)
        layer = self.steps_flat.take(t_next * (full + 1) + carriers) * n + t_next  # (r, t) of the key
        done = carriers == 0
        if done.any():
            chain.home_mass[full] += moved[done].sum()
            layer[done] = -1
        counts = np.bincount(layer + 1)
        for g in np.flatnonzero(counts[1:]).tolist():
            target = (air, g // n, g % n)
            if counts[g + 1] == layer.size:
                self._push(target, pos, ranges, t, new_p, moved, hi)
            else:
                sel = layer == g
                self._push(target, tuple(a[sel] for a in pos), ranges, t, new_p[sel], moved[sel], hi)

    def _push(self, key, block: tuple, ranges: list, mover: int, new_p, mass, hi: int) -> None:
        """Queue a batch for layer ``key``; ``hi`` bounds the mover's new positions from above."""
        hi = max(hi, 0)
        lo = int(new_p.min())
        zero = lo == 0
        if zero and hi > 0:
            lo = int(np.where(new_p > 0, new_p, hi).min())
        self._candidates(key).add(block, ranges, mover, new_p, mass, (lo, hi, zero))

    def _candidates(self, key) -> Candidates:
        cand = self.pending.get(key)
        if cand is None:
            cand = self.pending[key] = Candidates(self.chain.n)
        return cand
