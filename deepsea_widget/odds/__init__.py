"""Odds of getting home, exact: RULES.md's "Odds of getting home", in pure Python + numpy.

- One diver, items and the others' breathing held fixed (`single_diver`): `p_home`,
  `turns_left`, `p_reach`, `home_table`; `p_home` and `home_table` take the Boost edition's
  dice too (``variant="boost"``, `boost_home`), and `boost_choice` says whether to boost now.
  Every diver in the water heading back, with skipping (`all_divers`): `p_home_all`
  (`StateBudgetExceeded` past its state budget; in a Boost game each diver boosts by its own
  one-diver rule).
- `wilson_interval`: the 95% interval of every estimate. Teaching: `dice_sum_pmf`, `movement_pmf`,
  `expected_movement`, `point_of_no_return`, `one_more_chip`, and the points banked on a dive
  (`dive_points`, `value_distribution`, `certainty_equivalent`). Where RULES.md is silent, each
  function's docstring says what was decided (no air used, six items or more, air 0).
"""
from __future__ import annotations

from .all_divers import DEFAULT_MAX_STATES, p_home_all
from .boost_home import BoostChoice, boost_choice
from .dice import dice_sum_pmf, expected_movement, movement_pmf
from .errors import StateBudgetExceeded
from .intervals import wilson_interval
from .points import DivePoints, certainty_equivalent, dive_points, value_distribution
from .risk import OneMoreChip, one_more_chip, point_of_no_return
from .single_diver import home_table, p_home, p_reach, turns_left

__all__ = [
    "BoostChoice", "DEFAULT_MAX_STATES", "DivePoints", "boost_choice", "OneMoreChip", "certainty_equivalent", "dive_points", "value_distribution", "StateBudgetExceeded", "dice_sum_pmf",
    "expected_movement", "home_table", "movement_pmf", "one_more_chip", "p_home", "p_home_all",
    "p_reach", "point_of_no_return", "turns_left", "wilson_interval",
]
