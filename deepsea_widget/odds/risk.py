"""Teaching helpers built on `p_home`: how far out is too far, and what one more item costs."""
from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from .checks import check_air, check_count, check_distance, check_flag, check_probability
from .dice import DICE_OUTCOMES, MAX_MOVE
from .single_diver import _exact_tails, p_home, turns_left


class OneMoreChip(NamedTuple):
    """P(home) now and with one more item carried (same distance, air and others)."""

    p_now: float | Fraction
    p_with_one_more: float | Fraction
    cost: float | Fraction  # p_now - p_with_one_more: what the extra item costs in P(home)


def point_of_no_return(chips: int, air: int, others: int = 0, p=0.5) -> int | float:
    """The largest distance from which a diver heading back still gets home with P >= ``p``.

    ``chips``, ``air`` (at the start of its turn, before breathing) and ``others``
    as in `p_home`; ``p`` in (0, 1] (a float or a `fractions.Fraction`; the
    comparison is exact). Returns 0 when even distance 1 is below ``p``: always
    with six or more items, and with four or five when few turns are left (five
    items at ``p = 0.5``, even at full air); ``math.inf`` when no air is used
    (``chips + others == 0``: every distance is safe).
    """
    chips = check_count("chips", chips)
    air = check_air(air)
    others = check_count("others", others)
    p = check_probability("p", p)
    turns = turns_left(air, chips, others)
    if turns == math.inf:
        return math.inf
    if chips >= MAX_MOVE:
        return 0
    tail = _exact_tails(chips)[turns]
    need = Fraction(p) * DICE_OUTCOMES ** turns  # P(home) >= p  <=>  count >= need
    best = 0
    for d in range(1, len(tail)):  # tail is non-increasing in d
        if tail[d] < need:
            break
        best = d
    return best


def one_more_chip(distance: int, chips: int, air: int, others: int = 0,
                  exact: bool = False) -> OneMoreChip:
    """What picking up one more item costs a diver heading back, in P(home).

    Compares `p_home` with ``chips`` and with ``chips + 1`` items, same
    distance, air and others (a stack counts as one item). The extra item costs
    one more air every turn and one space off every roll that still moves the
    diver (a roll at or below the load already moves 0).
    """
    distance = check_distance(distance)
    chips = check_count("chips", chips)
    air = check_air(air)
    others = check_count("others", others)
    exact = check_flag(exact)
    now = p_home(distance, chips, air, others, exact=exact)
    more = p_home(distance, chips + 1, air, others, exact=exact)
    return OneMoreChip(now, more, now - more)
