"""The bots in Boost games (RULES.md, "Boost"): always legal, boosting by the one-diver rule heading
home, keeping the dice their rules name; the Boost-blind odds bot never boosts."""
from __future__ import annotations

import random

import pytest

from deepsea_widget.bots import BOTS, CautiousPolicy, PublicView, make_policy
from deepsea_widget.bots.odds_bot import OddsPolicy, distance_home, others_breath
from deepsea_widget.odds import boost_choice
from deepsea_widget.rules import Boost, Game, Keep, Roll, TurnBack
from deepsea_widget.simulation import make_policy as make_any_policy


def play(game, policies, rng, steps=5000):
    """Play ``game`` out; every action must be one of ``legal_actions``. Returns the actions."""
    view = PublicView(game)
    actions = []
    while not game.is_over:
        bot = policies[game.current_player]
        action = bot.choose(view, rng)
        assert action in game.legal_actions(), (bot.name, action, game.phase, game.legal_actions())
        assert bot.explanation
        game.apply(action)
        actions.append(action)
        assert len(actions) < steps
    return actions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("bots", [("random",), ("cautious",), ("odds",), ("odds-noboost",),
                                  ("odds", "cautious", "random", "odds-noboost")])
def test_every_bot_plays_boost_games_legally(players, bots):
    boosts = keeps = 0
    for seed in range(3):
        game = Game(players=players, seed=seed, variant="boost")
        policies = [make_policy(bots[i % len(bots)]) for i in range(players)]
        actions = play(game, policies, random.Random(seed))
        boosts += sum(type(a) is Boost for a in actions)
        keeps += sum(type(a) is Keep for a in actions)
    assert keeps > 0
    if bots == ("odds-noboost",):
        assert boosts == 0  # Boost-blind
    else:
        assert boosts > 0


def test_the_search_bot_plays_a_boost_game_legally_and_weighs_boosts_and_dice():
    game = Game(players=3, seed=5, variant="boost")
    search, others = make_any_policy("search"), make_policy("cautious")
    search.rollouts = 40
    view, rng = PublicView(game), random.Random(0)
    weighed_boosts = kept = 0
    for _ in range(120):
        if game.is_over:
            break
        bot = search if game.current_player == 0 else others
        action = bot.choose(view, rng)
        assert action in game.legal_actions()
        if bot is search and Boost() in game.legal_actions():
            assert "boost" in bot.explanation  # chose to boost, or said what a Boost was worth
            weighed_boosts += 1
        if bot is search and game.phase == "keep":
            assert bot.explanation.startswith("chose to keep ")
            kept += 1
        game.apply(action)
    assert weighed_boosts and kept


def returning_position(d, c, air, k, seed=0):
    """Ann (seat 0) heading home ``d`` spaces out with ``c`` level-1 items at the start of her
    turn with ``air``; Bob deeper, carrying ``k`` items (the others' breath)."""
    return Game.from_position(players=["Ann", "Bob"], trail=[None] * 30, positions=[d, 25], returning=[True, False],
                              carried=[[1] * c, [2] * k], air=air, turn=0, seed=seed, variant="boost")


POSITIONS = [(d, c, air, k) for d in (2, 4, 6, 9, 13) for c in (1, 2, 3) for air in (2, 4, 7, 10, 16) for k in (0, 2)]


@pytest.mark.parametrize("bot", [OddsPolicy(), CautiousPolicy()], ids=["odds", "cautious"])
def test_heading_home_it_boosts_exactly_when_boost_choice_says_so(bot):
    decided = {True: 0, False: 0}
    for d, c, air, k in POSITIONS:
        game = returning_position(d, c, air, k)
        view = PublicView(game)
        assert (distance_home(view, 0), others_breath(view, 0), game.turn_start_air) == (d, k, air)
        choice = boost_choice(d, c, air, k)
        action = bot.choose(view, random.Random(0))
        assert action == (Boost() if choice.should_boost else Roll()), (d, c, air, k, choice)
        assert ("boosted" if choice.should_boost else "did not boost") in bot.explanation
        decided[choice.should_boost] += 1
        if choice.should_boost:  # after the Boost it rolls: all three dice count
            game.apply(action)
            assert bot.choose(view, random.Random(0)) == Roll()
    assert decided[True] >= 10 and decided[False] >= 10, decided


def test_the_boost_rule_reads_the_air_at_the_start_of_the_turn_and_the_others_breath():
    # RULES.md's example: d 6, c 2, a 10, k 3: boosting 37/64 > not (boost_choice says boost)
    game = Game.from_position(players=["Ann", "Bob", "Cy"], trail=[None] * 20, positions=[6, 12, 15],
                              returning=[True, False, False], carried=[[1, 1], [2], [2, 3]], air=10, turn=0,
                              variant="boost")
    assert game.air == 8 and game.turn_start_air == 10  # she has breathed her two items
    choice = boost_choice(6, 2, 10, 3, exact=True)
    assert choice.should_boost
    bot = OddsPolicy()
    assert bot.choose(PublicView(game), random.Random(0)) == Boost()
    assert "boosted" in bot.explanation and "57.8% boosting now, 48.4% keeping two dice" in bot.explanation


def test_the_boost_blind_odds_bot_never_boosts_and_reckons_without_it():
    blind = make_policy("odds-noboost")
    assert blind.name == "odds-noboost" and isinstance(blind, OddsPolicy) and not blind.boost
    for d, c, air, k in POSITIONS:
        game = returning_position(d, c, air, k)
        assert blind.choose(PublicView(game), random.Random(0)) == Roll()
    assert "odds-noboost" in BOTS
    with pytest.raises(ValueError, match="boost: must be True or False"):
        OddsPolicy(boost="sometimes")


def test_in_the_original_game_the_blind_and_the_aware_odds_bots_are_the_same_bot():
    actions = []
    for name in ("odds", "odds-noboost"):
        game = Game(players=3, seed=2)
        actions.append(play(game, [make_policy(name) for _ in range(3)], random.Random(1)))
    assert actions[0] == actions[1]
    assert not any(type(a) in (Boost, Keep) for a in actions[0])


def keep_position(position, returning, carried, trail, dice, others=None):
    others = (len(trail),) if others is None else others
    game = Game.from_position(players=["Ann", "Bob"][:1 + len(others)], trail=trail,
                              positions=[position, *others], returning=[returning] + [False] * len(others),
                              carried=[carried] + [[]] * len(others), air=20, turn=0, variant="boost")
    game.apply(Roll(dice))
    assert game.phase == "keep"
    return game


TRAIL = [None, None, None, None, 1, None, None, None, 3, None] + [None] * 10


def test_diving_the_odds_bot_keeps_the_dice_that_land_on_an_item_it_wants_not_the_farthest():
    # from space 2, empty-handed, rolling 0, 3, 1: keeping 0 + 3 lands on space 5 (a level-1 chip);
    # 3 + 1, the farthest, on the blank space 6
    game = keep_position(2, False, [], TRAIL, (0, 3, 1))
    bot = OddsPolicy()
    assert bot.choose(PublicView(game), random.Random(0)) == Keep((0, 1))
    assert "lands on space 5" in bot.explanation
    # the cautious bot keeps the farthest
    assert CautiousPolicy().choose(PublicView(game), random.Random(0)) == Keep((1, 2))


def test_diving_of_two_wanted_items_the_odds_bot_takes_the_one_worth_more_home():
    # from space 2 rolling 3, 3, 2: 3 + 3 lands on space 8, 3 + 2 on space 7
    trail = [None] * 6 + [1, 3] + [None] * 8
    game = keep_position(2, False, [], trail, (3, 3, 2))
    assert OddsPolicy().choose(PublicView(game), random.Random(0)) == Keep((0, 1))  # the level-3 chip
    trail = [None] * 6 + [3, 1] + [None] * 8
    game = keep_position(2, False, [], trail, (3, 3, 2))
    assert OddsPolicy().choose(PublicView(game), random.Random(0)) in (Keep((0, 2)), Keep((1, 2)))


def test_with_no_item_it_wants_in_reach_it_keeps_the_farthest_and_heading_home_too():
    game = keep_position(2, False, [], [None] * 20, (0, 3, 1))
    bot = OddsPolicy()
    assert bot.choose(PublicView(game), random.Random(0)) == Keep((1, 2))
    assert "farthest" in bot.explanation
    game = keep_position(12, True, [2], TRAIL, (3, 1, 2))
    assert bot.choose(PublicView(game), random.Random(0)) == Keep((0, 2))
    assert "farthest home" in bot.explanation
    assert CautiousPolicy().choose(PublicView(game), random.Random(0)) == Keep((0, 2))


def test_diving_the_bots_never_boost_and_the_odds_bot_still_turns_back_by_its_nerve():
    game = Game.from_position(players=["Ann", "Bob"], trail=[1] * 6 + [2] * 7 + [3] * 7, positions=[15, 3],
                              returning=[False, True], carried=[[4, 4, 4], [1]], air=9, turn=0, seed=1,
                              variant="boost")
    bot = OddsPolicy()
    view = PublicView(game)
    assert bot.p_one_more_move(view, 0) < bot.nerve(view, 0)
    assert bot.choose(view, random.Random(0)) == TurnBack()
    game.apply(TurnBack())  # now heading home: the one-diver rule
    choice = boost_choice(distance_home(view, 0), 3, 9, 1)
    assert bot.choose(view, random.Random(0)) == (Boost() if choice.should_boost else Roll())
    fresh = Game(players=3, seed=1, variant="boost")  # diving empty-handed: a roll, never a Boost
    for policy in (OddsPolicy(), CautiousPolicy()):
        assert policy.choose(PublicView(fresh), random.Random(0)) == Roll()
