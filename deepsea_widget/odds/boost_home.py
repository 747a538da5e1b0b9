"""Odds of getting home with the Boost edition's dice (RULES.md, "Boost"), or any variant's.

The question: one diver heading back, its items and the others' breathing held fixed as in
the original definition (``distance``, ``chips``, ``air`` before it breathes, ``others``),
who at the start of each of its turns, before rolling, boosts or not by the rule ``boost``:

- ``"best"``: whichever gives the higher P(home) (a tie: it does not boost), otherwise keeping
  the best two dice. This is the most P(home) any way of choosing can give.
- ``"never"``: it never boosts (what the dice give without the option: the option's worth is
  the difference). ``"always"``: it boosts every turn.

Each turn: air -= items (+ a Boost's air); roll; move = the kept dice less the items, at
least 0; home if the move reaches the sub (even when the air ran out now), else lost at air
<= 0, else air -= others, lost at air <= 0, else the next turn. `single_diver.p_home` and
`single_diver.home_table` take ``variant`` and ``boost`` and come here for any variant but
the original; `boost_choice` answers "should it boost now?". Every float is the exact
fraction correctly rounded (see `boost_tables`). The dice and the Boost's extra air are
`rules.variant`'s, second-hand defaults (RULES.md).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..rules.variant import BOOST, CLASSIC, Variant, variant_of
from .boost_tables import (MANY_OTHERS, MAX_ROLLS, MAX_TOTAL, POLICIES, ExactRows, TurnDice, exact_rows,
                           float_table, turn_dice, width_for)
from .checks import check_air, check_count, check_distance, check_flag

# (dice, policy) -> the float table (boost_tables.float_table), the widest built so far
_TABLES: dict[tuple[TurnDice, str], np.ndarray] = {}


def checked_variant(variant, boost) -> Variant:
    """The variant named by ``variant`` (see `rules.variant.variant_of`) after checking ``boost``
    against it: one of "best", "never", "always", and "always" only where a Boost exists. A
    `ValueError` names the argument."""
    variant = variant_of(variant, "variant")
    if boost.__class__ is not str or boost not in POLICIES:
        raise ValueError(f"boost must be 'best', 'never' or 'always', got {boost!r}")
    if boost == "always" and not variant.can_boost:
        raise ValueError(f"boost='always' needs a variant with a Boost; {variant.name!r} has none")
    if variant is not BOOST and variant is not CLASSIC:
        top, rolls = sum(max(faces) for faces in variant.dice), math.prod(map(len, variant.dice))
        if top > MAX_TOTAL or rolls > MAX_ROLLS:
            raise ValueError(f"variant: the odds take dice totals up to {MAX_TOTAL} and up to {MAX_ROLLS:,} "
                             f"rolls; {variant.name!r} totals up to {top} in {rolls:,} rolls")
    return variant


def variant_p_home(distance: int, chips: int, air: int, others: int, variant: Variant,
                   boost: str, exact: bool) -> float | Fraction:
    """P(home) for ``variant`` (not the original game) and the rule ``boost``, arguments checked."""
    dice = turn_dice(variant)
    chips, others = min(chips, dice.never_moves), min(others, MANY_OTHERS)
    if exact:
        count, whole = exact_rows(dice, boost, chips, others, width_for(distance, dice)).count(distance, air)
        return Fraction(count, whole)
    table = _table(dice, boost, width_for(distance, dice))
    return float(table[others, chips, air, min(dice.pad + distance, table.shape[3] - 1)])


def variant_home_table(max_distance: int, max_chips: int, max_air: int, others: int,
                       variant: Variant, boost: str) -> np.ndarray:
    """`single_diver.home_table` for ``variant`` (not the original game), arguments checked:
    ``table[c, a, d] == p_home(d, c, a, others, variant=variant, boost=boost)``."""
    dice = turn_dice(variant)
    values = _table(dice, boost, width_for(max_distance, dice))[min(others, MANY_OTHERS)]
    chips = np.minimum(np.arange(max_chips + 1), dice.never_moves)
    dist = np.minimum(dice.pad + np.arange(max_distance + 1), values.shape[2] - 1)
    table = values[chips[:, None, None], np.arange(max_air + 1)[None, :, None], dist[None, None, :]]
    table[:, 0, :] = np.nan  # air 0 at the start of a turn cannot happen: the dive has ended
    return table


def _table(dice: TurnDice, policy: str, width: int) -> np.ndarray:
    table = _TABLES.get((dice, policy))
    if table is None or table.shape[3] < dice.pad + width:
        table = _TABLES[dice, policy] = float_table(dice, policy, width)
    return table


@dataclass(frozen=True)
class BoostChoice:
    """Should a diver heading back boost on this turn? P(home) both ways, each then playing on
    by the best rule (on every later turn it boosts or not, whichever gives the higher P(home)).

    - ``if_boost``: P(home) if it boosts now; ``if_not``: if it keeps two dice now.
    - ``should_boost``: boosting now gives the higher P(home) (a tie: no, the air is kept).
    - ``p_home``: the larger of the two, ``p_home(..., boost="best")``.
    Floats, or `fractions.Fraction` with ``exact=True``. The others' breathing is held fixed.
    """

    if_boost: float | Fraction
    if_not: float | Fraction

    @property
    def should_boost(self) -> bool:
        return self.if_boost > self.if_not

    @property
    def p_home(self) -> float | Fraction:
        return self.if_boost if self.should_boost else self.if_not


def boost_choice(distance: int, chips: int, air: int, others: int = 0, *, exact: bool = False,
                 variant="boost") -> BoostChoice:
    """Boost now or not? P(home) for one diver heading back either way (then the best rule).

    Arguments as in `single_diver.p_home` (``distance`` >= 1, ``chips``, ``air`` 1..25 before
    it breathes, ``others`` held fixed); ``variant`` must have a Boost ("boost" or a `Variant`
    that can boost). The board and bots read ``should_boost``; a lesson shows both numbers.
    """
    distance, chips = check_distance(distance), check_count("chips", chips)
    air, others = check_air(air), check_count("others", others)
    exact = check_flag(exact)
    variant = checked_variant(variant, "best")
    if not variant.can_boost:
        raise ValueError(f"variant: {variant.name!r} has no Boost to choose")
    dice = turn_dice(variant)
    chips, others = min(chips, dice.never_moves), min(others, MANY_OTHERS)
    after = exact_rows(dice, "best", chips, others, width_for(distance, dice))
    if_boost, if_not = (_one_turn(dice, after, boosting, distance, chips, air, others)
                        for boosting in (True, False))
    if exact:
        return BoostChoice(Fraction(*if_boost), Fraction(*if_not))
    return BoostChoice(if_boost[0] / if_boost[1], if_not[0] / if_not[1])  # (int / int: rounded once)


def _one_turn(dice: TurnDice, after: ExactRows, boosting: bool, distance: int, chips: int,
              air: int, others: int) -> tuple[int, int]:
    """P(home) taking this turn one way, then playing by ``after``, as (count, outcomes ** n)."""
    left = air - dice.air_used(boosting, chips, others)
    terms = []  # (rolls, count, turns after this one)
    for move, rolls in dice.moves(chips, boosting):
        if move >= distance:
            terms.append((rolls, 1, 0))
        elif left > 0:
            terms.append((rolls, after.scaled(distance - move, left), after.turns[left]))
    turns = max((t for _, _, t in terms), default=0)
    count = sum(rolls * n * dice.outcomes ** (turns - t) for rolls, n, t in terms)
    return count, dice.outcomes ** (turns + 1)
