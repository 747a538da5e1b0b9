"""`decision(game)` in a Boost game (RULES.md, "Boost"): the mover's real options (with and
without a Boost before rolling, each choice of dice after), simulated, each with its question."""
from __future__ import annotations

import random

import pytest

from deepsea_widget import decision
from deepsea_widget.bots import PublicView, make_policy
from deepsea_widget.odds import boost_choice, p_home_all
from deepsea_widget.rules import BOOST, Boost, Game, Keep, Roll, Stay, TurnBack
from deepsea_widget.simulation.decision import DIVE_KEEP, DIVE_PICK, HEAD_HOME, HEAD_HOME_DROP, TURN_BACK

ONE_DIVER_RULE = "each diver heading back boosts by its own one-diver rule"


def position(variant="boost", **kw):
    """Ann (seat 0) going deeper on space 9 with one item; Bob and Cy heading home."""
    spec = dict(players=["Ann", "Bob", "Cy"], trail=[1, 1, 1, None, 2, 2, 2, None, None, 3, 3, 3] + [None] * 6,
                positions=[9, 3, 6], returning=[False, True, True], carried=[[2], [1], [1, 1]],
                air=14, turn=0, variant=variant)
    spec.update(kw)
    return Game.from_position(**spec)


def by_option(options):
    return {o["option"]: o for o in options}


def test_before_rolling_each_option_comes_with_and_without_a_boost():
    options = decision(position(), n=1800)
    names = [o["option"] for o in options]
    assert names == [TURN_BACK, f"boost and {TURN_BACK}", DIVE_KEEP, f"boost and {DIVE_KEEP}",
                     DIVE_PICK, f"boost and {DIVE_PICK}"]
    for o in options:
        assert o["boost"] == o["option"].startswith("boost and ")
        q = o["question"]
        assert q.startswith("If Ann boosts now (all three dice count, for 1 more air)" if o["boost"] else
                            "If Ann does not boost (after rolling it keeps the two dice that move it farthest)")
        assert ONE_DIVER_RULE in q and "in this boost game" in q
        if TURN_BACK in o["option"]:  # then everyone heads home: the chain, each boosting by the rule
            assert o["method"] == "exact" and "every diver heads home with what it carries" in q
            assert "simulated" not in q and "the odds bot" not in q
            continue
        assert o["method"] == "estimate" and "simulated dives" in q and "the odds bot" in q
        assert o["low"] <= o["p_home"] <= o["high"] and 0 <= o["points"]
        assert o["n"] == 1800 - 1800 % 8  # eight equally likely rolls, an equal share each


def test_the_original_game_keeps_its_options_and_numbers():
    classic = decision(position(variant="classic"))
    assert [o["option"] for o in classic] == [TURN_BACK, DIVE_KEEP, DIVE_PICK]
    assert all("boost" not in o and "keep" not in o for o in classic)
    assert classic[0]["method"] == "exact"  # the others head home: the chain with skipping


def test_everyone_heading_home_is_exact_in_a_boost_game_and_says_how_they_boost():
    """Each option's turn played on every roll, then the chain (`p_home_all` with the game's
    variant): the average over the eight rolls of its answers from the next diver's turn."""
    game = position(returning=[True, True, True])
    options = by_option(decision(game, n=900))
    assert set(options) == {HEAD_HOME, f"boost and {HEAD_HOME}", HEAD_HOME_DROP, f"boost and {HEAD_HOME_DROP}"}
    for o in options.values():
        assert o["method"] == "exact" and ONE_DIVER_RULE in o["question"] and "estimated" not in o["question"]
    for boost in (False, True):  # by hand: Ann (on 9, one item) moves on each roll, then Bob's turn starts
        total = 0.0
        for roll in BOOST.rolls:
            g = game.copy()
            if boost:
                g.apply(Boost())
            g.apply(Roll(roll))
            if g.phase == "keep":
                g.apply(max(g.legal_actions(), key=lambda k: sum(roll[i] for i in k.dice)))
            if g.phase == "treasure":
                g.apply(Stay())
            assert g.dive == 1 and g.air > 0  # (no roll ends the dive here)
            positions = [0 if d.back else d.position for d in g.divers]
            total += p_home_all(positions, [len(d.carried) for d in g.divers], g.turn_start_air, g.current_player,
                                variant="boost")[0]  # (the air before Bob breathed)
        name = f"boost and {HEAD_HOME}" if boost else HEAD_HOME
        assert options[name]["p_home"] == pytest.approx(total / len(BOOST.rolls), abs=1e-12)


@pytest.mark.parametrize("d,c,air", [(9, 1, 3), (9, 1, 4), (6, 2, 4), (8, 2, 4), (5, 1, 1)])
def test_alone_in_the_water_the_options_agree_with_the_exact_one_diver_odds(d, c, air):
    """With the others back in the sub nobody else breathes: heading home over blank spaces,
    the rest played by the one-diver rule, P(home) boosting now or not is exactly
    `boost_choice`'s two numbers (boosting is worth it in some of these, not in others); the
    simulation must find them within its error."""
    game = Game.from_position(players=["Ann", "Bob"], trail=[None] * 16, positions=[d, 0], returning=[True, True],
                              carried=[[2] * c, []], air=air, turn=0, variant="boost")
    exact = boost_choice(d, c, air, 0)
    options = by_option(decision(game, n=9000, seed=air))
    for name, p in ((HEAD_HOME, exact.if_not), (f"boost and {HEAD_HOME}", exact.if_boost)):
        o = options[name]
        if o["method"] == "exact":  # (the air runs out with this turn: every outcome is known)
            assert o["p_home"] == pytest.approx(p, abs=1e-12)
        else:
            assert abs(o["p_home"] - p) <= 4 * o["se"] + 3 / o["n"], (name, o["p_home"], p, o["se"])
        assert o["points"] == pytest.approx(5.5 * c * o["p_home"])  # level-2 chips, 5.5 on average


def test_after_rolling_each_choice_of_dice_is_an_option():
    game = position()
    game.apply(Roll((3, 1, 2)))  # Ann (1 item) keeps 3 + 1 (moves 3), 3 + 2 (4) or 1 + 2 (2)
    options = decision(game, n=900)
    assert [o["option"] for o in options] == ["keep 3 + 1", "keep 3 + 2", "keep 1 + 2"]
    assert [o["keep"] for o in options] == [[0, 1], [0, 2], [1, 2]]
    assert all(Keep(tuple(o["keep"])) in game.legal_actions() for o in options)
    assert "keeps 3 + 2 = 5 (a move of 4, to space 13), then picks up, drops or stays as the odds bot would" \
        in options[1]["question"]
    assert all(not o["boost"] and ONE_DIVER_RULE in o["question"] for o in options)


def test_choices_keeping_the_same_total_are_one_option():
    game = position()
    game.apply(Roll((3, 3, 2)))
    options = decision(game, n=900)
    assert [o["option"] for o in options] == ["keep 3 + 3", "keep 3 + 2"]
    assert [o["pairs"] for o in options] == [[[0, 1]], [[0, 2], [1, 2]]]
    assert options[1]["keep"] == [0, 2]


def test_a_diver_that_boosted_has_only_its_roll_left_to_weigh():
    game = position()
    game.apply(Boost())
    options = decision(game, n=900)
    assert [o["option"] for o in options] == [TURN_BACK, DIVE_KEEP, DIVE_PICK]
    assert all(o["boost"] and "has boosted this turn (all three dice count)" in o["question"] for o in options)
    game.apply(TurnBack())
    assert [o["option"] for o in decision(game, n=900)] == [HEAD_HOME, HEAD_HOME_DROP]


def test_the_cautious_policy_is_named_in_a_boost_games_questions():
    options = decision(position(), policy="cautious", n=900)
    assert all("the cautious bot never boosts and keeps the two dice that move it farthest" in o["question"]
               for o in options if o["method"] == "estimate")
    assert {o["method"] for o in options} == {"exact", "estimate"}  # (turning back: everyone heads home)


def test_a_whole_boost_game_gives_options_at_every_step():
    game = Game(players=3, seed=4, variant="boost")
    bots = [make_policy("odds") for _ in range(3)]
    view, rng = PublicView(game), random.Random(0)
    phases = set()
    while not game.is_over:
        options = decision(game, n=90)
        assert options and all(o["question"] and 0 <= o["p_home"] <= 1 for o in options)
        phases.add(game.phase)
        game.apply(bots[game.current_player].choose(view, rng))
    assert phases == {"roll", "keep", "treasure"}
