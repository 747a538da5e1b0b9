"""p_home, turns_left, p_reach and home_table against RULES.md and an independent turn-by-turn DP."""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deepsea_widget.odds import home_table, p_home, p_reach, turns_left

from rules_values import RULES_VALUES

DICE = [(a + b) for a in (1, 2, 3) for b in (1, 2, 3)]  # the 9 equally likely sums


def turn_by_turn(chips: int, others: int, one):
    """P(home) over (distance, air), following RULES.md's procedure literally, turn by turn.

    ``one`` is 1.0 (floats) or Fraction(1) (exact). Deliberately shares nothing
    with the package: no turn count, no table, just the rules.
    """

    @lru_cache(maxsize=None)
    def p(distance: int, air: int):
        if chips + others == 0:
            return one  # nobody breathes: the diver keeps rolling until it is home
        total = 0 * one
        for dice in DICE:
            a = air - chips  # breathe at the start of its own turn
            move = max(0, dice - chips)
            if move >= distance:
                total += one / 9  # home, even when a <= 0 now
            elif a <= 0:
                continue  # the air ran out on its own turn: lost
            elif a - others <= 0:
                continue  # the air ran out on another diver's turn: lost
            else:
                total += one / 9 * p(distance - move, a - others)
        return total

    return p


@pytest.mark.parametrize("d, c, a, k, expected", RULES_VALUES)
def test_rules_reference_values(d, c, a, k, expected):
    assert p_home(d, c, a, k, exact=True) == expected
    assert abs(p_home(d, c, a, k) - float(expected)) <= 1e-12
    assert isinstance(p_home(d, c, a, k), float)
    assert isinstance(p_home(d, c, a, k, exact=True), Fraction)


@pytest.mark.parametrize("d, c, a, k, expected", RULES_VALUES)
def test_independent_dp_reproduces_rules_values(d, c, a, k, expected):
    # the test's own DP must agree with RULES.md before it is trusted below
    assert turn_by_turn(c, k, Fraction(1))(d, a) == expected


def test_every_entry_matches_the_turn_by_turn_dp():
    """All 225,000 entries: d <= 40, c <= 8, a <= 25, k <= 24 (floats, 1e-12)."""
    checked = 0
    for k in range(25):
        table = home_table(max_distance=40, max_chips=8, max_air=25, others=k)
        for c in range(9):
            p = turn_by_turn(c, k, 1.0)
            expected = np.array([[p(d, a) for d in range(1, 41)] for a in range(1, 26)])
            assert np.max(np.abs(table[c, 1:, 1:] - expected)) <= 1e-12, (c, k)
            scalar = np.array([[p_home(d, c, a, k) for d in range(1, 41)] for a in range(1, 26)])
            assert np.max(np.abs(scalar - expected)) <= 1e-12, (c, k)
            checked += expected.size
    assert checked == 225_000


@pytest.mark.parametrize("c, k", [(0, 1), (1, 0), (1, 3), (2, 0), (2, 5), (3, 1), (4, 0), (5, 2),
                                  (6, 0), (8, 3), (0, 24), (3, 24)])
def test_exact_fractions_match_the_turn_by_turn_dp(c, k):
    p = turn_by_turn(c, k, Fraction(1))
    for a in (1, 2, 3, 7, 12, 19, 25):
        for d in (1, 2, 3, 5, 8, 13, 21, 34, 40):
            assert p_home(d, c, a, k, exact=True) == p(d, a), (d, c, a, k)


@settings(deadline=None)  # timing belongs in benchmarks/, not in a pass/fail test
@given(d=st.integers(1, 200), c=st.integers(0, 12), a=st.integers(1, 25), k=st.integers(0, 40))
def test_float_is_the_exact_fraction_rounded(d, c, a, k):
    exact = p_home(d, c, a, k, exact=True)
    assert abs(p_home(d, c, a, k) - float(exact)) <= 1e-15
    assert 0 <= exact <= 1


@settings(deadline=None)  # timing belongs in benchmarks/, not in a pass/fail test
@given(d=st.integers(1, 60), c=st.integers(0, 7), a=st.integers(1, 25), k=st.integers(0, 30))
def test_monotone_in_every_argument(d, c, a, k):
    p = p_home(d, c, a, k, exact=True)
    assert p_home(d + 1, c, a, k, exact=True) <= p  # farther out: never better
    assert p_home(d, c + 1, a, k, exact=True) <= p  # one more item: never better
    assert p_home(d, c, a, k + 1, exact=True) <= p  # others breathe more: never better
    if a < 25:
        assert p_home(d, c, a + 1, k, exact=True) >= p  # more air: never worse


@settings(deadline=None)  # timing belongs in benchmarks/, not in a pass/fail test
@given(d=st.integers(1, 150), c=st.integers(0, 8), a=st.integers(1, 25), k=st.integers(0, 24))
def test_p_home_is_p_reach_within_turns_left(d, c, a, k):
    turns = turns_left(a, c, k)
    if turns == math.inf:
        assert p_home(d, c, a, k) == 1.0
    else:
        assert p_home(d, c, a, k, exact=True) == p_reach(d, c, turns, exact=True)


def test_turns_left():
    assert turns_left(10, 2, 3) == 2  # RULES.md: 10 air, 5 per round -> 2 turns
    assert turns_left(25, 2, 0) == 13
    assert turns_left(4, 2, 2) == 1
    assert turns_left(1, 6, 0) == 1  # it always gets the turn it is about to start
    assert turns_left(25, 1, 0) == 25
    assert turns_left(7, 0, 0) == math.inf
    assert turns_left(7, 0, 1) == 7


def test_edge_cases():
    # nobody uses air: unlimited turns, and an empty-handed diver always moves 2..6
    assert p_home(1000, 0, 1, 0) == 1.0
    assert p_home(1000, 0, 1, 0, exact=True) == 1
    # six or more items: no roll is above the load, the diver never moves
    for c in (6, 7, 30):
        assert p_home(1, c, 25, 0) == 0.0
        assert p_home(1, c, 25, 4, exact=True) == 0
    # farther than the most it can move in its turns: 0, exactly
    assert p_home(6 * 25 + 1, 0, 25, 1) == 0.0
    assert p_home(6 * 25, 0, 25, 1, exact=True) == Fraction(1, 9 ** 25)
    # distance 1 with fewer than two items: any roll gets home
    assert p_home(1, 1, 1, 24) == 1.0
    # air exactly used up by its own breath: it still takes this turn, then the dive ends
    assert p_home(4, 2, 2, 0, exact=True) == Fraction(1, 9)


@pytest.mark.parametrize("args, name", [
    ((0, 1, 10), "distance"), ((-3, 1, 10), "distance"), ((1, -1, 10), "chips"),
    ((1, 1, 0), "air"), ((1, 1, -2), "air"), ((1, 1, 26), "air"), ((1, 1, 10, -1), "others"),
    ((1.5, 1, 10), "distance"), ((2, "1", 10), "chips"), ((2, 1, 10.0), "air"), ((True, 1, 10), "distance"),
    ((2, 1, None), "air"),
])
def test_bad_arguments_name_the_argument(args, name):
    with pytest.raises(ValueError, match=name):
        p_home(*args)
    with pytest.raises(ValueError, match=name):
        p_home(*args, exact=True)


def test_air_message_explains_the_dive_has_ended():
    with pytest.raises(ValueError, match="already ended"):
        p_home(3, 1, 0)


def test_numpy_integers_are_accepted():
    assert p_home(np.int64(6), np.int32(2), np.int16(10), np.uint8(3), exact=True) == Fraction(5, 27)
    assert turns_left(np.int64(10), np.int64(2), np.int64(3)) == 2


@pytest.mark.parametrize("args, name", [((0, 1), "air"), ((26, 1), "air"), ((5, -1), "chips"),
                                        ((5, 1, -1), "others")])
def test_turns_left_bad_arguments(args, name):
    with pytest.raises(ValueError, match=name):
        turns_left(*args)


def test_home_table_shape_and_padding():
    table = home_table(max_distance=12, max_chips=7, max_air=9, others=2)
    assert table.shape == (8, 10, 13)
    assert table.dtype == np.float64
    assert np.isnan(table[:, 0, :]).all()  # air 0 before a turn: the dive has ended
    assert (table[:, 1:, 0] == 1.0).all()  # distance 0: already home
    for c in range(8):
        for a in range(1, 10):
            for d in range(1, 13):
                assert table[c, a, d] == p_home(d, c, a, 2)


def test_home_table_defaults_and_bad_arguments():
    assert home_table().shape == (9, 26, 41)
    assert home_table(max_distance=0).shape == (9, 26, 1)
    with pytest.raises(ValueError, match="max_air"):
        home_table(max_air=26)
    with pytest.raises(ValueError, match="max_air"):
        home_table(max_air=0)
    with pytest.raises(ValueError, match="others"):
        home_table(others=-1)
    with pytest.raises(ValueError, match="max_chips"):
        home_table(max_chips=-1)


def test_p_reach():
    assert p_reach(0, 3, 0) == 1.0  # nothing left to cover
    assert p_reach(1, 0, 0) == 0.0  # no turn, no move
    assert p_reach(2, 0, 1) == 1.0
    assert p_reach(6, 0, 1, exact=True) == Fraction(1, 9)
    assert p_reach(7, 0, 1) == 0.0
    assert p_reach(3, 6, 25) == 0.0
    with pytest.raises(ValueError, match="turns"):
        p_reach(3, 1, 26)


def test_home_table_limits_and_huge_others():
    # from max_air on, any others' breathing leaves one turn: the same table, no int64 overflow
    huge = home_table(10, 8, 10, others=2 ** 63 - 5)
    assert np.array_equal(huge, home_table(10, 8, 10, others=10), equal_nan=True)
    assert huge[5, 10, 5] == p_home(5, 5, 10, 2 ** 63 - 5) == 0.0
    assert np.array_equal(home_table(5, 2, 25, others=10 ** 30), home_table(5, 2, 25, others=25), equal_nan=True)
    with pytest.raises(ValueError, match="max_distance must be at most 1000"):
        home_table(max_distance=10 ** 9)
    with pytest.raises(ValueError, match="max_chips must be at most 32"):
        home_table(max_chips=10 ** 6)


def test_exact_must_be_a_bool():
    with pytest.raises(ValueError, match="exact must be True or False"):
        p_home(5, 2, 10, 1, exact="no")
    with pytest.raises(ValueError, match="exact must be True or False"):
        p_reach(5, 2, 3, exact=1)
    assert p_home(5, 2, 10, 1, exact=np.True_) == p_home(5, 2, 10, 1, exact=True)
