"""The sorting solver: expands the chain a layer at a time, for any number of divers, any trail.

A state is one int64 code (the divers' positions packed side by side); a layer's duplicate
states merge by one sort, and all rolls of all its states are expanded at once, in about 40
numpy calls whatever the layer's size. That suits small layers, where a call's fixed cost
outweighs a state's; `which_solver` says when another solver takes the rest of a chain.
"""
from __future__ import annotations

import numpy as np

from .chain import Chain
from .jumps import gap_bits, jump_table


class SortingSolver:
    """Expands a `Chain` layer by layer from its start, from the largest layer key down."""

    def __init__(self, chain: Chain):
        self.chain = chain
        width = chain.far.bit_length()
        self.low = (1 << width) - 1
        self.shifts = [width * j for j in range(chain.n)]
        table = jump_table(chain.longest)

        def rolls(moves):  # spaces covered per roll given what is taken; P(roll)
            return np.ascontiguousarray(table[:, [m for m, _ in moves]]), np.array([w for _, w in moves])

        # per diver (and, in a variant, per kind of turn: boosting or not)
        self.rolls = [rolls(moves) for moves in chain.moves] if chain.turns is None else \
            [{boosting: rolls(m) for boosting, m in kinds.items()} for kinds in chain.turns.moves]
        self.gap_bit = gap_bits(chain.far, chain.longest)  # index: (mover - other) + far
        self.pending: dict = {}  # layer key -> batches (codes, probabilities) queued for it

    def decode(self, codes: np.ndarray) -> tuple:
        """Each diver's positions in the states ``codes``."""
        return tuple((codes >> s) & self.low for s in self.shifts)

    def solve(self, air: int, turn: int, hand_over) -> None:
        """Expand the whole chain from its start (``turn`` to move, ``air`` before it breathes).

        Before each layer ``hand_over(chain, states)`` is asked (`which_solver`): a solver it
        returns takes that layer and every layer still queued, and finishes the chain."""
        chain = self.chain
        start = np.array([sum(p << s for p, s in zip(chain.start, self.shifts))], dtype=np.int64)
        pending = self.pending
        pending[chain.key(air, turn, chain.full)] = [(start, np.ones(1))]
        while pending:
            key = max(pending)
            codes, mass = _merge(pending.pop(key))
            big = hand_over(chain, codes.size)
            if big is not None:
                big.add_states(key, self.decode(codes), mass)
                for later, batches in pending.items():
                    codes, mass = _merge(batches)
                    big.add_states(later, self.decode(codes), mass)
                big.run()
                return
            self.expand(key, codes, mass)

    def expand(self, key, codes: np.ndarray, mass: np.ndarray) -> None:
        """Every roll of the states of layer ``key``: the dive's ends settled, the rest queued."""
        chain = self.chain
        chain.count(codes.size)
        first = chain.layers == 0
        chain.layers += 1
        layer_air, _, t = key
        pos = self.decode(codes)
        occupied = np.zeros(codes.size, dtype=np.int64)  # bit g-1: space p - g is taken
        in_water = np.full(codes.size, 1 << t, dtype=np.int64)
        for j in range(chain.n):
            if j != t:
                occupied |= self.gap_bit.take(pos[t] - pos[j] + chain.far)
                in_water |= (pos[j] > 0).astype(np.int64) << j
        if chain.turns is None:
            self.move(t, layer_air - chain.breaths[t], self.rolls[t], codes, mass, pos[t], occupied, in_water)
            return
        boosting = chain.turns.boosting(t, layer_air, *self.distance_and_others(t, pos), first)
        for kind, rolls in self.rolls[t].items():
            air_next = layer_air - chain.turns.air_used(chain.chips[t], kind)
            if isinstance(boosting, (bool, np.bool_)):
                if kind == boosting:
                    self.move(t, air_next, rolls, codes, mass, pos[t], occupied, in_water)
                continue
            sel = boosting if kind else ~boosting
            if sel.any():
                self.move(t, air_next, rolls, codes[sel], mass[sel], pos[t][sel], occupied[sel], in_water[sel])

    def distance_and_others(self, t: int, pos: tuple) -> tuple[np.ndarray, np.ndarray]:
        """Per state: diver ``t``'s free distance home (its space less the divers below it, as
        `free_distance` counts it), and the items the other divers in the water carry."""
        chain = self.chain
        below = np.zeros(pos[t].size, dtype=np.int64)
        others = np.zeros(pos[t].size, dtype=np.int64)
        for j in range(chain.n):
            if j != t:
                there = pos[j] > 0
                below += there & (pos[j] < pos[t])
                others += there * chain.chips[j]
        return pos[t] - below, others

    def move(self, t: int, air_next: int, rolls: tuple, codes: np.ndarray, mass: np.ndarray, p: np.ndarray,
             occupied: np.ndarray, in_water: np.ndarray) -> None:
        """Diver ``t`` (on ``p``) rolls and moves in these states; then the air is ``air_next``."""
        chain = self.chain
        covered_by_roll, probs = rolls
        covered = covered_by_roll.take(occupied, axis=0)  # (states, rolls)
        home = covered >= p[:, None]
        if home.any():
            covered = np.where(home, p[:, None], covered)
        new_codes = (codes[:, None] - (covered << self.shifts[t])).ravel()
        new_mass = (mass[:, None] * probs).ravel()
        now_in = (in_water[:, None] - (home.astype(np.int64) << t)).ravel()
        if air_next <= 0:  # the dive ends after this move: whoever is home now stays home
            chain.home_mass += np.bincount(chain.full ^ now_in, weights=new_mass, minlength=chain.full + 1)
            return
        self.queue(t, air_next, new_codes, new_mass, now_in)

    def queue(self, t: int, air: int, codes: np.ndarray, mass: np.ndarray, in_water: np.ndarray) -> None:
        """Queue the states after ``t``'s move for their layers (``in_water``: who is still out)."""
        chain, full = self.chain, self.chain.full
        present = np.flatnonzero(np.bincount(in_water, minlength=full + 1)).tolist()
        for s in present:
            if len(present) == 1:
                c, m = codes, mass
            else:
                sel = in_water == s
                c, m = codes[sel], mass[sel]
            if not s & chain.carrying:  # only empty-handed divers left: they all get home
                chain.home_mass[full] += m.sum()
                continue
            self.pending.setdefault(chain.key(air, chain.next_list[t][s], s), []).append((c, m))


def _merge(batches) -> tuple[np.ndarray, np.ndarray]:
    """One array of distinct codes (sorted) and their total probability."""
    codes = batches[0][0] if len(batches) == 1 else np.concatenate([b[0] for b in batches])
    mass = batches[0][1] if len(batches) == 1 else np.concatenate([b[1] for b in batches])
    if codes.size > 1:  # sort, then add up each run of equal codes
        order = codes.argsort()
        codes = codes.take(order)
        starts = np.flatnonzero(np.concatenate(([True], codes[1:] != codes[:-1])))
        codes = codes.take(starts)
        mass = np.add.reduceat(mass.take(order), starts)
    return codes, mass
