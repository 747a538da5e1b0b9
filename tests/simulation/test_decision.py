"""`decision(game)`: the mover's options, each with its question, exact where the chain applies."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from deepsea_widget import decision
from deepsea_widget.bots import PublicView, make_policy
from deepsea_widget.odds import p_home, p_home_all
from deepsea_widget.rules import Game, Roll, TurnBack
from deepsea_widget.simulation.decision import (DIVE_KEEP, DIVE_PICK, HEAD_HOME, HEAD_HOME_DROP, LEAVE, PICK_UP,
                                                TURN_BACK)


def position(air=14, **kw):
    """Ann (seat 0) going deeper on space 9 with one item; Bob and Cy heading home."""
    spec = dict(players=["Ann", "Bob", "Cy"], trail=[1, 1, 1, None, 2, 2, 2, None, None, 3, 3, 3] + [None] * 6,
                positions=[9, 3, 6], returning=[False, True, True], carried=[[2], [1], [1, 1]],
                air=air, turn=0)
    spec.update(kw)
    return Game.from_position(**spec)


def by_option(options):
    return {o["option"]: o for o in options}


def test_every_option_says_its_question_and_the_numbers_are_probabilities():
    options = decision(position())
    assert [o["option"] for o in options] == [TURN_BACK, DIVE_KEEP, DIVE_PICK]
    for o in options:
        assert o["question"].startswith("If Ann ") and "odds bot" in o["question"] or "heads home with what it carries" in o["question"]
        assert "chance of being back in the submarine when this dive ends" in o["question"]
        assert 0 <= o["p_home"] <= 1 and o["points"] >= 0
        if o["method"] == "estimate":
            assert o["low"] <= o["p_home"] <= o["high"] and o["se"] >= 0 and "simulated dives" in o["question"]
    assert options[0]["method"] == "exact"  # the others head home: the chain with skipping
    assert options[1]["method"] == options[2]["method"] == "estimate"  # Ann dives on, and may pick up


def test_turning_back_now_with_the_others_heading_home_is_the_exact_chain():
    game = position()
    g = game.copy()
    g.apply(TurnBack())
    chain = p_home_all([9, 3, 6], [1, 1, 2], 14, 0)
    turn_back = by_option(decision(game))[TURN_BACK]
    assert turn_back["p_home"] == pytest.approx(chain[0], abs=1e-12)
    assert turn_back["points"] == pytest.approx(chain[0] * 5.5, abs=1e-12)  # one level-2 chip: 5.5 points


def test_a_diver_heading_home_keeps_going_exactly_as_the_chain_says():
    game = position(returning=[True, True, True])
    options = by_option(decision(game))
    assert set(options) == {HEAD_HOME, HEAD_HOME_DROP}
    assert options[HEAD_HOME]["method"] == "exact"
    assert options[HEAD_HOME]["p_home"] == pytest.approx(p_home_all([9, 3, 6], [1, 1, 2], 14, 0)[0], abs=1e-12)
    # dropping its only item: lighter, so at least as likely home, but it banks nothing
    assert options[HEAD_HOME_DROP]["points"] <= options[HEAD_HOME]["points"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_turning_back_now_never_rises_as_the_air_falls(seed):
    rng = random.Random(seed)
    for _ in range(4):
        positions = rng.sample(range(1, 19), 3)
        spec = dict(positions=positions, returning=[False, rng.random() < 0.5, True],
                    carried=[[rng.choice([1, 2, 3])] * rng.randint(1, 3), [1], [2, 2]])
        before = None
        for air in range(25, 0, -3):
            turn_back = by_option(decision(position(air=air, **spec)))[TURN_BACK]
            if before is not None:
                if turn_back["method"] == before["method"] == "exact":
                    assert turn_back["p_home"] <= before["p_home"] + 1e-12, (spec, air)
                else:  # an estimate: never above the other's interval
                    assert turn_back.get("low", turn_back["p_home"]) <= before.get("high", before["p_home"]) + 1e-12
            before = turn_back


def test_two_games_that_differ_only_in_hidden_values_give_identical_options():
    a, b = position(seed=1), position(seed=2)
    assert a.to_json() != b.to_json()  # their hidden chip values differ
    assert decision(a) == decision(b)


def test_the_treasure_phase_offers_pick_up_or_leave():
    game = position()
    game.apply(Roll(dice=(1, 1)))  # Ann moves 2 deeper, onto a level-2 chip
    options = by_option(decision(game))
    assert set(options) == {PICK_UP, LEAVE}
    assert all("picks up" in o["question"] or "leaves" in o["question"] for o in options.values())


def test_a_real_game_gives_options_all_the_way_and_none_when_over():
    game = Game(players=3, seed=4)
    bots = [make_policy("odds") for _ in range(3)]
    view, rng = PublicView(game), random.Random(0)
    while not game.is_over:
        options = decision(game, n=900)
        assert options and all(o["question"] and 0 <= o["p_home"] <= 1 for o in options)
        game.apply(bots[game.current_player].choose(view, rng))
    assert decision(game) == []


def test_the_cautious_policy_can_be_asked_for_and_bad_arguments_are_named():
    options = decision(position(), policy="cautious")
    assert all("cautious bot" in o["question"] for o in options if o["method"] == "estimate")
    with pytest.raises(ValueError, match="policy: must be one of 'odds', 'cautious'"):
        decision(position(), policy="brave")
    with pytest.raises(ValueError, match="n: must be a whole number of rollouts"):
        decision(position(), n=3)
    with pytest.raises(ValueError, match="game: must be a deepsea_widget Game"):
        decision("game")


def test_in_the_one_diver_model_more_free_distance_never_helps():
    """Standing deeper can raise P(home) by a hair in the chain through the jumps (a lesson
    shows such a case); the free distance itself never helps, in the one-diver model."""
    for c in range(0, 4):
        for air in (5, 12, 25):
            for k in (0, 2):
                values = [p_home(d, c, air, k, exact=True) for d in range(1, 30)]
                assert all(isinstance(v, Fraction) for v in values)
                assert all(x >= y for x, y in zip(values, values[1:]))
