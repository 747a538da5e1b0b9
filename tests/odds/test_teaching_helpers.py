"""Dice and movement distributions, the point of no return and the cost of one more item."""
from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deepsea_widget.odds import (
    dice_sum_pmf,
    expected_movement,
    movement_pmf,
    one_more_chip,
    p_home,
    point_of_no_return,
)


def test_dice_sum_pmf():
    counts = {}
    for a, b in product((1, 2, 3), repeat=2):
        counts[a + b] = counts.get(a + b, 0) + 1
    assert dice_sum_pmf(exact=True) == {s: Fraction(n, 9) for s, n in counts.items()}
    assert dice_sum_pmf() == {2: 1 / 9, 3: 2 / 9, 4: 3 / 9, 5: 2 / 9, 6: 1 / 9}


@pytest.mark.parametrize("chips", range(9))
def test_movement_pmf_by_enumeration(chips):
    expected = {}
    for a, b in product((1, 2, 3), repeat=2):
        m = max(0, a + b - chips)
        expected[m] = expected.get(m, 0) + Fraction(1, 9)
    assert movement_pmf(chips, exact=True) == expected
    assert sum(movement_pmf(chips, exact=True).values()) == 1
    assert movement_pmf(chips) == pytest.approx({m: float(p) for m, p in expected.items()})
    assert expected_movement(chips, exact=True) == sum(m * p for m, p in expected.items())


def test_expected_movement_values():
    assert expected_movement(0) == 4.0
    assert expected_movement(1) == 3.0
    assert expected_movement(2) == 2.0
    assert expected_movement(3, exact=True) == Fraction(10, 9)
    assert expected_movement(6) == 0.0
    assert movement_pmf(6) == {0: 1.0}


@pytest.mark.parametrize("fn", [movement_pmf, expected_movement])
def test_bad_chips(fn):
    with pytest.raises(ValueError, match="chips"):
        fn(-1)
    with pytest.raises(ValueError, match="chips"):
        fn(1.5)


@settings(deadline=None)  # timing belongs in benchmarks/, not in a pass/fail test
@given(c=st.integers(0, 8), a=st.integers(1, 25), k=st.integers(0, 24),
       p=st.sampled_from([0.01, 0.1, 0.25, 1 / 3, 0.5, 0.75, 0.9, 0.99, 1.0, Fraction(1, 2)]))
def test_point_of_no_return_is_the_last_distance_at_or_above_p(c, a, k, p):
    d = point_of_no_return(c, a, k, p)
    if d == math.inf:
        assert c + k == 0
        return
    if d >= 1:
        assert p_home(d, c, a, k, exact=True) >= Fraction(p)
    assert p_home(d + 1, c, a, k, exact=True) < Fraction(p)


def test_point_of_no_return_examples():
    assert point_of_no_return(0, 10, 0) == math.inf  # nobody uses air
    assert point_of_no_return(6, 25, 0) == 0  # never moves
    assert point_of_no_return(2, 25, 0, p=1.0) == 0  # a roll of 2 with 2 items moves nothing
    assert point_of_no_return(1, 25, 0, p=1.0) == 25  # one item: at least 1 a turn, 25 turns
    # RULES.md: P(10, 2 items, 10 air) = 34001/59049 = 0.5758...
    assert point_of_no_return(2, 10, 0, p=Fraction(34001, 59049)) >= 10
    assert point_of_no_return(2, 10, 0, p=Fraction(34001, 59049) + Fraction(1, 10 ** 9)) < 10


@pytest.mark.parametrize("p", [0, -0.1, 1.01, float("nan"), "0.5", None, True])
def test_point_of_no_return_bad_p(p):
    with pytest.raises(ValueError, match="p must be a probability"):
        point_of_no_return(2, 10, 0, p=p)


def test_point_of_no_return_takes_numpy_numbers():
    import numpy as np

    assert point_of_no_return(2, 14, p=np.float32(0.5)) == point_of_no_return(2, 14, p=0.5)
    assert point_of_no_return(2, 14, p=np.int64(1)) == point_of_no_return(2, 14, p=1)


def test_point_of_no_return_bad_air():
    with pytest.raises(ValueError, match="air"):
        point_of_no_return(2, 0)


@settings(deadline=None)  # timing belongs in benchmarks/, not in a pass/fail test
@given(d=st.integers(1, 40), c=st.integers(0, 8), a=st.integers(1, 25), k=st.integers(0, 24))
def test_one_more_chip(d, c, a, k):
    r = one_more_chip(d, c, a, k, exact=True)
    assert r.p_now == p_home(d, c, a, k, exact=True)
    assert r.p_with_one_more == p_home(d, c + 1, a, k, exact=True)
    assert r.cost == r.p_now - r.p_with_one_more >= 0
    f = one_more_chip(d, c, a, k)
    assert abs(f.cost - float(r.cost)) <= 1e-12


def test_one_more_chip_example():
    # RULES.md: 4 spaces, 2 items, 4 air, nobody else: 50/81; a third item leaves 2 turns of 0..3 spaces
    r = one_more_chip(4, 2, 4, 0, exact=True)
    assert r.p_now == Fraction(50, 81)
    assert r.p_with_one_more == p_home(4, 3, 4, 0, exact=True) == Fraction(5, 27)
    with pytest.raises(ValueError, match="distance"):
        one_more_chip(0, 1, 5)
