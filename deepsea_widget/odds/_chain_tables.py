"""What the solvers of the exact chain share: the moves, the jumps over taken spaces, the turn order.

`Chain` holds the fixed parts of one `p_home_all` question (divers in the water
only, compact seat indices 0..n-1, every start position > 0) and the
probability already settled: ``home_mass[s]`` is the probability that the dive
ends with exactly the divers in bit set ``s`` home.

A layer of the chain is keyed (air, r, t): t the diver to move, r the seats
from t to the next carrying diver in the water. Every move lowers the key (a
carrier's turn lowers the air; an empty-handed diver's turn keeps it but moves
the turn on toward the next carrier), so layers are expanded from the largest
key down, each complete before it is expanded.
"""
from __future__ import annotations

import math

import numpy as np

from ..rules.movement import move_end
from .dice import DICE_OUTCOMES, MAX_MOVE, movement_weights
from .errors import StateBudgetExceeded

MAX_SEATS = 6
# The spaces a move can see: at most MAX_MOVE free spaces plus the (at most 5)
# other divers jumped on the way.
WINDOW = MAX_MOVE + MAX_SEATS - 1


class Chain:
    """The fixed parts of one chain, its settled probability and the states counted so far."""

    def __init__(self, start: list[int], chips: list[int], max_states: int):
        n = self.n = len(start)
        self.start, self.chips, self.max_states = start, chips, max_states
        self.full = (1 << n) - 1
        self.carrying = sum(1 << i for i in range(n) if chips[i] > 0)
        self.next_seat, self.steps = _turn_tables(n)
        self.next_list, self.steps_list = self.next_seat.tolist(), self.steps.tolist()
        self.far = far = max(start)
        self.gap_bit = np.zeros(2 * far + 1, dtype=np.intp)  # index: (mover - other) + far
        for gap in range(1, min(WINDOW, far) + 1):
            self.gap_bit[far + gap] = 1 << (gap - 1)
        self.moves = [[(m, w / DICE_OUTCOMES) for m, w in movement_weights(min(c, MAX_MOVE)).items()]
                      for c in chips]
        self.home_mass = np.zeros(1 << n)
        self.states = self.layers = 0

    def key(self, air: int, t: int, in_water: int) -> tuple[int, int, int]:
        """The layer of the states where ``t`` is to move with ``air`` and ``in_water`` (a bit set)."""
        return air, self.steps_list[t][in_water & self.carrying], t

    def count(self, k: int) -> None:
        """Count ``k`` more states expanded; past the budget raise `StateBudgetExceeded`."""
        self.states += k
        if self.states > self.max_states:
            raise StateBudgetExceeded(self.states, self.max_states)

    def result(self) -> list[float]:
        """P(home) per diver from the settled probability: its share of the dive's ends where it
        is home. Every end is settled as a sum of its own (never as what is left of 1), so a
        diver sure to get home has no probability of the others and gets exactly 1.0, and
        no answer is above 1 (the total is 1 give or take a few ulps). The converse holds too:
        a diver who may still be lost never gets 1.0, even when its chance rounds to it (1 -
        9**-18, say): it gets the float just below, so that nothing reads "100%" unless sure."""
        mass = self.home_mass
        out = []
        for i in range(self.n):
            home = float(mass[[s for s in range(1 << self.n) if s >> i & 1]].sum())
            lost = float(mass[[s for s in range(1 << self.n) if not s >> i & 1]].sum())
            p = home / (home + lost) if home > 0.0 else 0.0
            out.append(math.nextafter(1.0, 0.0) if p == 1.0 and lost > 0.0 else p)
        return out


_JUMP_TABLE: np.ndarray | None = None


def jump_table() -> np.ndarray:
    """table[occupied, m]: spaces a diver covers moving m free spaces toward the sub, where
    bit g-1 of ``occupied`` says whether the space g below it is taken (int64, a row per set).

    Built from the movement rule (`rules.movement.move_end`), for a diver far enough from
    the sub that no move reaches it."""
    global _JUMP_TABLE
    if _JUMP_TABLE is None:
        top = WINDOW + MAX_MOVE + 1  # a move covers at most WINDOW + MAX_MOVE spaces
        table = np.zeros((1 << WINDOW, MAX_MOVE + 1), dtype=np.int64)
        for occupied in range(1 << WINDOW):
            taken = {top - g for g in range(1, WINDOW + 1) if occupied >> (g - 1) & 1}
            table[occupied] = [top - move_end(top, m, False, taken, top) for m in range(MAX_MOVE + 1)]
        _JUMP_TABLE = table
    return _JUMP_TABLE


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
