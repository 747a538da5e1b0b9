"""The dice and how far a diver moves: the distributions every odds function starts from.

Counted from the rules' dice (`rules.dice.ROLLS`) and move (`rules.movement.move_points`):
two dice with faces 1, 2, 3, so the sum 2..6 has weights 1, 2, 3, 2, 1 out of 9, and a
diver carrying ``c`` items moves ``max(0, sum - c)`` free spaces.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..rules.dice import DIE_FACES, ROLLS  # noqa: F401 (DIE_FACES: re-exported for the odds' readers)
from ..rules.movement import move_points
from .checks import check_count, check_flag

DICE_WEIGHTS = dict(sorted(Counter(map(sum, ROLLS)).items()))  # {2: 1, 3: 2, 4: 3, 5: 2, 6: 1} out of DICE_OUTCOMES
DICE_OUTCOMES = len(ROLLS)
MAX_MOVE = move_points(max(DICE_WEIGHTS), 0)  # no diver moves more (the highest sum, nothing carried): 6


def movement_weights(chips: int) -> dict[int, int]:
    """Movement -> number of the 9 equally likely dice outcomes giving it, for ``chips`` items."""
    out: dict[int, int] = {}
    for total, w in DICE_WEIGHTS.items():
        m = move_points(total, chips)
        out[m] = out.get(m, 0) + w
    return dict(sorted(out.items()))


def dice_sum_pmf(exact: bool = False) -> dict[int, float | Fraction]:
    """P(sum of the two 1-3 dice = s) for s = 2..6: 1/9, 2/9, 3/9, 2/9, 1/9.

    ``exact=True`` gives `fractions.Fraction` values (for teaching and tests).
    """
    exact = check_flag(exact)
    return {s: _prob(w, exact) for s, w in DICE_WEIGHTS.items()}


def movement_pmf(chips: int, exact: bool = False) -> dict[int, float | Fraction]:
    """P(move m free spaces) for a diver carrying ``chips`` items: m = max(0, sum - chips).

    With 0 items the move is 2..6; every item carried takes one off the roll,
    and a roll at or below the number of items means no move at all. With 6
    or more items the diver never moves (``{0: 1}``).
    """
    chips = check_count("chips", chips)
    exact = check_flag(exact)
    return {m: _prob(w, exact) for m, w in movement_weights(chips).items()}


def expected_movement(chips: int, exact: bool = False) -> float | Fraction:
    """Mean free spaces moved per turn carrying ``chips`` items: 4 with none, 3 with one, 2
    with two, then 10/9, 4/9, 1/9 and 0 (an item only takes a space off a roll that still moves)."""
    chips = check_count("chips", chips)
    exact = check_flag(exact)
    mean = Fraction(sum(m * w for m, w in movement_weights(chips).items()), DICE_OUTCOMES)
    return mean if exact else float(mean)


def _prob(weight: int, exact: bool) -> float | Fraction:
    return Fraction(weight, DICE_OUTCOMES) if exact else weight / DICE_OUTCOMES
