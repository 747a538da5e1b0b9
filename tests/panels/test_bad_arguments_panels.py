"""More bad arguments the panels refuse with a ValueError naming the argument: `divers_chart`'s
game and precomputed odds, `turn_back_numbers`' moves and value, a number too long to print."""
from __future__ import annotations

import numpy as np
import pytest

from figure_helpers import drawn

from deepsea_widget.odds import p_home, p_home_all
from deepsea_widget.odds.dice import movement_pmf
from deepsea_widget.panels import (divers_chart, divers_odds, no_return_chart, odds_map, turn_back_chart,
                                   turn_back_numbers)
from deepsea_widget.rules import Game

EXACT = {"p": 0.5, "se": None, "method": "exact"}
ESTIMATE = {"p": 0.5, "se": 0.01, "low": 0.4, "high": 0.6, "n": 100, "method": "estimate", "why": "deeper"}


@pytest.mark.parametrize("game", ["g", None, Game(players=3, seed=1).public_view()], ids=repr)
def test_divers_chart_needs_a_game(game):
    with pytest.raises(ValueError, match="^game must be a deepsea_widget Game"):
        drawn(divers_chart(game))
    with pytest.raises(ValueError, match="^game must be a deepsea_widget Game"):
        divers_odds(game)


@pytest.mark.parametrize("odds, words", [
    ([1, 2, 3], r"^odds\[0\] must be None or a dict"),
    ("abc", "^odds must be a list with one entry per diver"),
    ({"p": 0.5}, "^odds must be a list with one entry per diver"),
    ([{"method": "exact"}] * 3, r"^odds\[0\] has no 'p'"),
    ([None], "^odds has 1 entries but the game has 3 divers"),
    ([None] * 4, "^odds has 4 entries but the game has 3 divers"),
    ([{"p": 2.0, "method": "exact"}] * 3, r"^odds\[0\]\['p'\] must be a probability"),
    ([None, {"p": -0.1, "method": "exact"}, None], r"^odds\[1\]\['p'\] must be a probability"),
    ([{"p": float("nan"), "method": "exact"}] * 3, r"^odds\[0\]\['p'\] must be a probability"),
    ([{"p": True, "method": "exact"}] * 3, r"^odds\[0\]\['p'\] must be a probability"),
    ([{"p": "0.5", "method": "exact"}] * 3, r"^odds\[0\]\['p'\] must be a probability"),
    ([dict(EXACT, se=-1)] * 3, r"^odds\[0\]\['se'\] must be None or a finite number, 0 or more"),
    ([dict(EXACT, se=float("inf"))] * 3, r"^odds\[0\]\['se'\] must be None or a finite number"),
    ([dict(EXACT, se="small")] * 3, r"^odds\[0\]\['se'\] must be None or a finite number"),
    ([dict(EXACT, method="guess")] * 3, r"^odds\[0\]\['method'\] must be one of"),
    ([{"p": 0.5}] * 3, r"^odds\[0\]\['method'\] must be one of"),
    ([dict(EXACT, P=0.5)] * 3, r"^odds\[0\] has unknown key\(s\) 'P'"),
    ([dict(EXACT, method="back")] * 3, r"^odds\[0\]\['p'\] must be 1 for a diver back in the sub"),
    ([dict(ESTIMATE, low=0.7)] * 3, r"^odds\[0\]: the interval must hold p"),
    ([dict(ESTIMATE, high=1.5)] * 3, r"^odds\[0\]\['high'\] must be a probability"),
    ([dict(ESTIMATE, n=0)] * 3, r"^odds\[0\]\['n'\] \(rollouts\) must be at least 1"),
    ([dict(ESTIMATE, n=2.5)] * 3, r"^odds\[0\]\['n'\] must be an integer"),
    ([dict(ESTIMATE, why="bored")] * 3, r"^odds\[0\]\['why'\] must be one of"),
    ([dict(ESTIMATE, why=["deeper"])] * 3, r"^odds\[0\]\['why'\] must be one of"),
])
def test_divers_chart_checks_its_precomputed_odds(odds, words):
    with pytest.raises(ValueError, match=words):
        drawn(divers_chart(Game(players=3, seed=1), odds))


def test_divers_chart_draws_valid_odds_one_bar_per_diver():
    game = Game(players=3, seed=1)
    back = {"p": 1.0, "se": None, "method": "back"}
    fig = drawn(divers_chart(game, (ESTIMATE, dict(EXACT, p=np.float64(0.25)), back)))
    assert fig.data[0].y == (0.5, 0.25, 1.0)
    assert drawn(divers_chart(game, [None] * 3)).data[0].y == (0.0, 0.0, 0.0)
    assert len(drawn(divers_chart(game, divers_odds(game, n=50))).data[0].y) == 3


def default_moves(distance, chips):
    return [(q, distance + m, 7.5 if m > 0 else None) for m, q in movement_pmf(chips).items()]


@pytest.mark.parametrize("moves, words", [
    ("x", "^moves must be a non-empty list of"),
    ([], "^moves must be a non-empty list of"),
    ({0: 1.0}, "^moves must be a non-empty list of"),
    ([(1.0, 10)], r"^moves\[0\] must be a triple"),
    (["abc"], r"^moves\[0\] must be a triple"),
    ([(1.0, 10, None)] * 5, "^moves: the probabilities must add up to 1.*got 5"),
    ([(0.5, 10, None)], "^moves: the probabilities must add up to 1"),
    ([(5.0, 10, None), (-4.0, 11, None)], r"^moves\[0\]: the probability must be a number from 0 to 1"),
    ([("1", 10, None)], r"^moves\[0\]: the probability must be a number from 0 to 1"),
    ([(True, 10, None)], r"^moves\[0\]: the probability must be a number from 0 to 1"),
    ([(1.0, 0, None)], r"^moves\[0\]: the new distance must be at least 1"),
    ([(1.0, 10.5, None)], r"^moves\[0\]: the new distance must be an integer"),
    ([(1.0, 10, -1)], r"^moves\[0\]: the item value must be a finite number of points, 0 or more"),
    ([(1.0, 10, "3")], r"^moves\[0\]: the item value must be a number of points"),
])
def test_turn_back_numbers_checks_moves(moves, words):
    with pytest.raises(ValueError, match=words):
        turn_back_numbers(9, 3, 14, 0, moves=moves)


def test_turn_back_numbers_takes_valid_moves():
    assert turn_back_numbers(9, 3, 14, 0, moves=default_moves(9, 3)) == turn_back_numbers(9, 3, 14, 0)
    rows = turn_back_numbers(9, 3, 14, 0, moves=[(1.0, None, None)])  # a sure move into the sub
    assert rows[1]["p"] == rows[2]["p"] == 1.0
    assert all(0.0 <= row["p"] <= 1.0 for row in rows)


@pytest.mark.parametrize("value", ["3", b"3", True, [3], 10 ** 400], ids=repr)
def test_turn_back_value_must_be_a_number(value):
    with pytest.raises(ValueError, match="^value must be a (finite )?number of points"):
        drawn(turn_back_chart(value=value))
    with pytest.raises(ValueError, match="^value must be a (finite )?number of points"):
        turn_back_numbers(9, 3, 14, 0, value=value)
    assert turn_back_numbers(9, 3, 14, 0, value=np.float64(3.0)) == turn_back_numbers(9, 3, 14, 0, value=3)


H = 10 ** 5000  # Python cannot print it: quoting it raised "Exceeds the limit (4300 digits)"


@pytest.mark.parametrize("call, name", [
    (lambda: p_home(3, 0, H), "air"),
    (lambda: p_home(3, -H, 5), "chips"),
    (lambda: p_home_all([H, 3], [1, 1], 5, 0), r"positions\[0\]"),
    (lambda: drawn(turn_back_chart(H, 0, 5)), "distance"),
    (lambda: drawn(odds_map(chips=H)), "chips"),
    (lambda: drawn(no_return_chart(others=H)), "others"),
], ids=["p_home air", "p_home chips", "p_home_all", "turn_back_chart", "odds_map", "no_return_chart"])
def test_a_number_too_long_to_print_is_refused_by_name(call, name):
    with pytest.raises(ValueError, match=f"^{name}: a number of 100 digits or more"):
        call()
