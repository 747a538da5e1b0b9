"""More bad arguments the odds functions refuse with a ValueError naming the argument:
the ``exact`` switches, `wilson_interval`'s p, n and level, 0-d arrays for `p_home_all`."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from deepsea_widget.odds import (dice_sum_pmf, expected_movement, movement_pmf, one_more_chip, p_home,
                                 p_home_all, p_reach, wilson_interval)

EXACT_CALLS = {
    "dice_sum_pmf": lambda exact: dice_sum_pmf(exact=exact),
    "movement_pmf": lambda exact: movement_pmf(2, exact=exact),
    "expected_movement": lambda exact: expected_movement(2, exact=exact),
    "p_home": lambda exact: p_home(5, 2, 10, 1, exact=exact),
    "p_reach": lambda exact: p_reach(5, 2, 3, exact=exact),
    "one_more_chip": lambda exact: one_more_chip(5, 2, 10, 1, exact=exact),
}


@pytest.mark.parametrize("bad", ["no", "", None, 0, 1, 1.0, np.array([1, 0]), [True]], ids=repr)
@pytest.mark.parametrize("name", sorted(EXACT_CALLS))
def test_exact_accepts_only_true_or_false(name, bad):
    with pytest.raises(ValueError, match=r"^exact must be True or False, got "):
        EXACT_CALLS[name](bad)


@pytest.mark.parametrize("name", sorted(EXACT_CALLS))
def test_exact_true_and_false_still_work_numpy_bools_too(name):
    call = EXACT_CALLS[name]
    exact, rounded = call(True), call(False)
    assert call(np.True_) == exact and call(np.False_) == rounded
    first = lambda r: r[0] if isinstance(r, tuple) else next(iter(r.values())) if isinstance(r, dict) else r
    assert isinstance(first(exact), Fraction) and isinstance(first(rounded), float)


@pytest.mark.parametrize("kwargs, words", [
    (dict(level="0.9"), "^level: "),
    (dict(level=None), "^level: "),
    (dict(level=[0.9]), "^level: "),
    (dict(level=True), "^level: "),
    (dict(level=float("nan")), "^level: "),
    (dict(level=0), "^level: "),
    (dict(p=3 + 0j), "^p: "),
    (dict(p=True), "^p: "),
    (dict(p="0.5"), "^p: "),
    (dict(p=float("nan")), "^p: "),
    (dict(p=np.array([0.5, 2.0])), "^p: .*2"),
    (dict(n=object()), "^n "),
    (dict(n=None), "^n "),
    (dict(n=float("nan")), "^n "),
    (dict(n=3.5), "^n "),
    (dict(n="100"), "^n "),
    (dict(n=True), "^n "),
    (dict(n=0), "^n: .* at least 1"),
    (dict(n=np.array([10.0, 20.0])), "^n: "),
    (dict(n=np.array([10, 0])), "^n: .* at least 1"),
    (dict(p=[0.5, 0.2, 0.1], n=[10, 20]), "^p and n: "),
])
def test_wilson_interval_refuses_bad_arguments_by_name(kwargs, words):
    args = dict(p=0.5, n=100)
    args.update(kwargs)
    with pytest.raises(ValueError, match=words):
        wilson_interval(**args)


def test_wilson_interval_takes_counts_proportions_and_levels_of_any_real_kind():
    low, high = wilson_interval(0.5, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson_interval(Fraction(1, 2), np.int64(100), np.float64(0.95)) == (low, high)
    assert wilson_interval(np.float32(0.5), 100) == (low, high)
    assert wilson_interval(1, 10)[1] == 1.0
    lows, highs = wilson_interval([0.5, 0.5], np.array([100, 100], dtype=np.uint16))
    assert list(lows) == [low, low]


@pytest.mark.parametrize("positions, chips, words", [
    (np.array(5), np.array(1), "^positions must be a list"),
    ([5], np.array(1), "^chips must be a list"),
    (5, [1], "^positions must be a list"),
])
def test_p_home_all_refuses_zero_dimensional_arrays_like_other_non_lists(positions, chips, words):
    with pytest.raises(ValueError, match=words):
        p_home_all(positions, chips, 10, 0)
    assert p_home_all(np.array([5]), np.array([1]), 10, 0) == p_home_all([5], [1], 10, 0)
