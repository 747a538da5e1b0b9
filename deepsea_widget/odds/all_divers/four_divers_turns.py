"""How a diver takes its turn in the dense solver (`four_divers`): the original game's one kind
of turn, or a variant's two (keeping the best dice, or a Boost: `variant_turns`).

A group of the dense solver holds every state with the same air, diver to move and divers in
the water, so the items the others carry in the water are the same in all of them: the
one-diver rule (`VariantTurns.boosting`) then depends on the mover's free distance alone. That
is its free coordinate y, axis 0 of the group's box: the free spaces from the sub to it, its own
space counted and the others' jumped (`game_odds.free_distance`). So a group's rows split into
spans of one kind of turn (`DenseTurns.spans`), each moved with its own moves and air.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dice import DICE_OUTCOMES
from ..single_diver import home_table
from .chain import Chain
from .four_divers_moves import DENSE_FAR
from .two_divers_left import pair_outcomes

_BOX_SHAPE = (1, 2, 3, 2, 1)  # the original dice sum's weights: a running sum of 3, twice
# (dice, rule, the mover's items as the rule counts them, air, the others' items) -> whether the
# mover boosts, per free distance 1..DENSE_FAR (or one bool for all), as asked so far
_RULES: dict = {}
_RULES_KEPT = 20_000  # at most (a question asks a few hundred), then afresh


@dataclass(frozen=True, eq=False)
class Kind:
    """One kind of turn of one diver: its moves [(free spaces, P)], whether they are the
    original dice sum as it is (0-2 items: `four_divers_moves.running_sum3` twice), the air it
    takes, and P(a move covers at least y free spaces) / P(fewer), y = 0..longest move (each
    a sum of its own rolls, not 1 - the other, so a sure move falls short by exactly 0). A
    variant's also has ``rolls``, [(free spaces, rolls giving it)], and ``per_roll``, 1 / rolls."""

    boosting: bool
    moves: tuple
    plain: bool
    air_used: int
    reach: np.ndarray
    short: np.ndarray
    rolls: tuple | None = None
    per_roll: float = 1.0


def _kind(boosting: bool, moves, air_used: int, longest: int, plain: bool = False, rolls=None,
          per_roll: float = 1.0) -> Kind:
    y = np.arange(longest + 1)
    reach = sum(w * (m >= y) for m, w in moves)
    short = sum(w * (m < y) for m, w in moves)
    return Kind(boosting, tuple(moves), plain, air_used, reach, short, rolls, per_roll)


class DenseTurns:
    """The turns of a `Chain`'s divers as the dense solver plays them, and the tables it looks
    one or two divers left up in (the same rule: `single_diver.home_table`, `two_divers_left`)."""

    def __init__(self, chain: Chain):
        self.chain = chain
        turns = self.turns = chain.turns
        if turns is None:  # the original game: one kind of turn
            self.kinds = [{False: _kind(False, moves, breath, chain.longest,
                                        tuple(round(w * DICE_OUTCOMES) for _, w in moves) == _BOX_SHAPE)}
                          for moves, breath in zip(chain.moves, chain.breaths)]
            self.lone = home_table(max_distance=DENSE_FAR, max_chips=max(chain.chips))
        else:
            if turns.boosted_first and chain.layers == 0:
                # (a Boost declared already is the first layer's, which `which_solver` sorts)
                raise ValueError("the dense solver does not take a chain's first layer with a Boost declared")
            dice = turns.dice
            self.kinds = [{b: _kind(b, moves, turns.air_used(c, b), chain.longest, rolls=dice.moves(c, b),
                                    per_roll=1.0 / dice.outcomes)
                           for b, moves in kinds.items()} for c, kinds in zip(chain.chips, turns.moves)]
            self.lone = home_table(max_distance=DENSE_FAR, max_chips=max(chain.chips), variant=turns.variant,
                                   boost=turns.policy)
        self.rule: dict = {}  # (t, air, in_water) -> the kind per free coordinate 0..DENSE_FAR

    def spans(self, t: int, air: int, in_water: int, y0: int, rows: int) -> list[tuple[Kind, int, int, list]]:
        """Diver ``t``'s turn at ``air`` in rows 0..rows-1 of its group's box (free coordinates
        from ``y0`` on): per kind of turn taken there, (kind, its first row, the row past its
        last, the runs of rows of the other kind between them as (first, past the last)). A
        kind without such runs comes first."""
        kinds = self.kinds[t]
        if len(kinds) == 1:
            return [(next(iter(kinds.values())), 0, rows, [])]
        key = t, air, in_water
        rule = self.rule.get(key)
        if rule is None:
            rule = self.rule[key] = self._rule(t, air, in_water)
        if isinstance(rule, Kind):
            return [(rule, 0, rows, [])]
        cut = rule[y0:y0 + rows]
        starts = [0] + (np.flatnonzero(cut[1:] != cut[:-1]) + 1).tolist()
        runs = [(bool(cut[a]), a, b) for a, b in zip(starts, starts[1:] + [rows])]
        out = []
        for boosting in (False, True):
            mine = [(a, b) for kind, a, b in runs if kind == boosting]
            if mine:
                r0, r1 = mine[0][0], mine[-1][1]
                out.append((kinds[boosting], r0, r1, [(a, b) for kind, a, b in runs
                                                      if kind != boosting and r0 < a < r1]))
        return sorted(out, key=lambda span: len(span[3]) > 0)

    def _rule(self, t: int, air: int, in_water: int):
        """The kind diver ``t`` takes at ``air`` with ``in_water``: one for all rows, or whether
        it boosts per free coordinate 0..DENSE_FAR (0 stands for no state)."""
        chain = self.chain
        others = sum(chain.chips[j] for j in range(chain.n) if j != t and in_water >> j & 1)
        turns = self.turns
        key = turns.dice, turns.policy, turns.chips[t], air, others
        boosting = _RULES.get(key)
        if boosting is None:
            if len(_RULES) >= _RULES_KEPT:
                _RULES.clear()
            distance = np.arange(1, DENSE_FAR + 1)
            boosting = _RULES[key] = turns.boosting(t, air, distance, np.full(distance.size, others), False)
        if isinstance(boosting, (bool, np.bool_)):
            return self.kinds[t][bool(boosting)]
        return np.concatenate(([False], boosting))

    def pair(self, t: int, o: int) -> np.ndarray:
        """`two_divers_left.pair_outcomes` for diver ``t`` to move and ``o`` the other."""
        chips = self.chain.chips
        if self.turns is None:
            return pair_outcomes(chips[t], chips[o])
        return pair_outcomes(chips[t], chips[o], self.turns, (t, o))
