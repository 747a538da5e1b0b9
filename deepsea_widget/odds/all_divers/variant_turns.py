"""How a diver takes its turn in the chain of a variant other than the original game
(RULES.md, "Boost"): the moves of its kept dice, and whether it boosts.

Each diver heading back, at the start of each of its turns, boosts or not by the rule
``boost`` (the same names as `single_diver.p_home`'s):

- ``"best"``: by its own one-diver rule, the choice `boost_home.boost_choice` makes for it: it
  boosts when that gives the higher P(home) for its free distance, its items, the air at the
  start of its turn and the items the other divers still in the water carry, held fixed (a
  tie: it does not). Several divers sharing the air have no single best way to play, so this
  names one: each diver plays as if it were alone with the others frozen. (An empty-handed
  diver may boost too, when the others' breathing could end the dive before it is home.)
- ``"never"``: nobody boosts; ``"always"``: every diver boosts every turn.

Without a Boost a diver keeps the best dice it may (`TurnDice.keep`), with one every die counts;
either way it moves their total less its items, at least 0, jumping divers as in the original
game. A Boost costs ``boost_air`` more air, paid with the breath.
"""
from __future__ import annotations

import numpy as np

from ...rules.air import breath
from ...rules.variant import Variant
from ..boost_home import boost_choice
from ..boost_tables import MANY_OTHERS, TurnDice, turn_dice

# per variant's dice: (distance, chips, air, others) -> the one-diver rule's choice, as asked so far
_RULE: dict[TurnDice, dict[tuple, bool]] = {}
_RULE_CELLS = 200_000  # a variant's choices kept at most (a game's trail asks a few thousand)


class VariantTurns:
    """The turns of a variant's chain: per diver its moves with and without a Boost, the air
    a turn takes at least, and who boosts in which state."""

    def __init__(self, variant: Variant, policy: str, chips: list[int], boosted: bool):
        dice = self.dice = turn_dice(variant)
        self.variant, self.policy = variant, policy
        self.boosted_first = boosted  # the diver to move first has declared a Boost already
        self.longest = dice.pad  # the longest move of any roll
        self.chips = [min(c, dice.never_moves) for c in chips]
        self.moves = [{b: [(m, rolls / dice.outcomes) for m, rolls in dice.moves(c, b)]
                       for b in dice.kinds("best")} for c in chips]
        self.rule = _RULE.setdefault(dice, {})

    def least_air(self, chips: int) -> int:
        """The air a turn of a diver carrying ``chips`` items takes whatever it does: its breath,
        and under ``"always"`` a Boost's air (it then uses air even empty-handed)."""
        return breath(chips) + (self.dice.boost_air if self.policy == "always" else 0)

    def air_used(self, chips: int, boosting: bool) -> int:
        """The air a turn takes: the breath and, boosting, a Boost's air."""
        return breath(chips) + (self.dice.boost_air if boosting else 0)

    def boosting(self, t: int, air: int, distance: np.ndarray, others: np.ndarray, first: bool):
        """Whether diver ``t`` boosts at the start of its turn with ``air``: a bool for every state
        alike, or an array, one per state (``distance``: its free distance; ``others``: the items
        the other divers in the water carry). ``first``: the chain's first turn."""
        if first and self.boosted_first:
            return True
        if self.policy != "best" or not self.dice.boost:
            return self.policy == "always"
        c = self.chips[t]
        codes = distance * (MANY_OTHERS + 1) + np.minimum(others, MANY_OTHERS)
        unique, where = np.unique(codes, return_inverse=True)
        choices = np.array([self.one_diver_rule(int(u) // (MANY_OTHERS + 1), c, air, int(u) % (MANY_OTHERS + 1))
                            for u in unique])
        return choices[where.reshape(-1)]

    def one_diver_rule(self, distance: int, chips: int, air: int, others: int) -> bool:
        """`boost_choice`'s ``should_boost``, asked once per variant and position."""
        key = (distance, chips, air, others)
        choice = self.rule.get(key)
        if choice is None:
            if len(self.rule) >= _RULE_CELLS:  # (far what-ifs: start afresh rather than grow on)
                self.rule.clear()
            choice = self.rule[key] = boost_choice(distance, chips, air, others,
                                                   variant=self.variant).should_boost
        return choice
