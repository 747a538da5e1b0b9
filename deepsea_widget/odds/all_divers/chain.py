"""What one `p_home_all` question fixes, and the probability it has settled so far.

`Chain` holds the divers in the water only (seats 0..n-1, every position > 0), their moves,
the turn order and the state budget (and, for a variant other than the original game, its
`VariantTurns`); ``home_mass[s]`` is the probability that the dive ends
with exactly the divers in bit set ``s`` home. A layer of the chain is keyed (air, r, t): t
the diver to move, r the seats from t to the next carrying diver in the water. Every move
lowers the key (a carrier's turn lowers the air; an empty-handed diver's turn keeps it but
moves the turn on toward the next carrier; once only empty-handed divers are left, they all
get home), so layers are expanded from the largest key down, each complete before it is.
"""
from __future__ import annotations

import math

import numpy as np

from ...rules.air import breath
from ..dice import DICE_OUTCOMES, MAX_MOVE, movement_weights
from ..errors import StateBudgetExceeded
from .variant_turns import VariantTurns

MAX_SEATS = 6


class Chain:
    """The fixed parts of one chain, its settled probability and the states counted so far."""

    def __init__(self, start: list[int], chips: list[int], max_states: int, turns: VariantTurns | None = None):
        n = self.n = len(start)
        self.start, self.chips, self.max_states = start, chips, max_states
        self.full = (1 << n) - 1
        # the original game's dice (turns None), or another variant's turns (the sorting solver's only)
        self.turns = turns
        # the air each diver breathes at its turn's start (a variant's: the least a turn takes)
        self.breaths = [breath(c) if turns is None else turns.least_air(c) for c in chips]
        self.carrying = sum(1 << i for i in range(n) if self.breaths[i] > 0)  # those who use air
        self.next_list, self.steps_list = _turn_tables(n)
        self.far = max(start)
        self.longest = MAX_MOVE if turns is None else turns.longest  # the longest move of a roll
        self.moves = None if turns is not None else \
            [[(m, w / DICE_OUTCOMES) for m, w in movement_weights(min(c, MAX_MOVE)).items()] for c in chips]
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


def _turn_tables(n: int) -> tuple[list, list]:
    """next_seat[t][in_water]: the seat after t to move (t itself if alone, -1 if none);
    steps_to_carrier[t][carriers]: seats from t (0 = t) to the next carrying diver."""
    next_seat = [[-1] * (1 << n) for _ in range(n)]
    steps = [[-1] * (1 << n) for _ in range(n)]
    for t in range(n):
        for s in range(1 << n):
            for k in range(1, n + 1):
                if s >> ((t + k) % n) & 1:
                    next_seat[t][s] = (t + k) % n
                    break
            for k in range(n):
                if s >> ((t + k) % n) & 1:
                    steps[t][s] = k
                    break
    return next_seat, steps
