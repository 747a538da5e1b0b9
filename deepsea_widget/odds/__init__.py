"""Odds of getting home: exact where the maths allows, Monte Carlo where it doesn't.

Definitions follow the "Odds of getting home" section of RULES.md: distance
counts the free spaces to the sub plus 1, air is read at the start of the
diver's turn before it breathes. Pure Python + numpy; no Jupyter imports.

- `p_home`, `turns_left`, `p_reach`, `home_table`: one diver, items and the
  others' breathing held fixed (exact; `exact=True` gives Fractions).
- `p_home_all`: every diver in the water heading back, with skipping (exact
  Markov chain; `StateBudgetExceeded` past its state budget).
- `wilson_interval`: the 95% interval every estimate's error bars use (the
  Monte Carlo itself, `estimate_home`, is in `deepsea_widget.simulation`).
- Teaching: `dice_sum_pmf`, `movement_pmf`, `expected_movement`,
  `point_of_no_return`, `one_more_chip`; points banked on a dive, with their
  variance and distribution: `dive_points`, `value_distribution`,
  `certainty_equivalent` (risk-neutral against risk-averse).

Decisions where RULES.md is silent:
- No air used at all (chips + others == 0): unlimited turns, and an empty-handed
  diver always moves 2..6, so P(home) = 1 (`turns_left` gives `math.inf`).
- Six items or more: no roll is above the load, the diver never moves: P = 0
  (it still takes its turns and breathes).
- Air must be 1..25: air at or below 0 at the start of a turn means the dive
  has already ended, so it is a `ValueError`, not P = 0.
- Distance must be at least 1 (0 would be "already in the sub").
- `p_home_all`: a seat at position 0 is back (P = 1.0); the seat whose turn
  starts must be in the water; two divers on one space, a negative position,
  a position beyond 1000, an unknown seat or lists of different lengths are
  `ValueError`s naming the argument.
"""
from __future__ import annotations

from .all_divers import DEFAULT_MAX_STATES, p_home_all
from .dice import dice_sum_pmf, expected_movement, movement_pmf
from .errors import StateBudgetExceeded
from .intervals import wilson_interval
from .points import DivePoints, certainty_equivalent, dive_points, value_distribution
from .risk import OneMoreChip, one_more_chip, point_of_no_return
from .single_diver import home_table, p_home, p_reach, turns_left

__all__ = [
    "DEFAULT_MAX_STATES", "DivePoints", "OneMoreChip", "certainty_equivalent", "dive_points", "value_distribution", "StateBudgetExceeded", "dice_sum_pmf",
    "expected_movement", "home_table", "movement_pmf", "one_more_chip", "p_home", "p_home_all",
    "p_reach", "point_of_no_return", "turns_left", "wilson_interval",
]
