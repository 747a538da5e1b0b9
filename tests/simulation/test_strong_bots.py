"""The odds and search bots: legal, explained, and reasoning from the odds they claim."""
import random

import pytest

from deepsea_widget.simulation import make_policy
from deepsea_widget.bots.odds_bot import OddsPolicy, distance_home
from deepsea_widget.bots.policy import PublicView
from deepsea_widget.odds.single_diver import p_home
from deepsea_widget.rules import Game, Roll, Stay, TurnBack


@pytest.mark.parametrize("bot", ["odds", "search"])
def test_bots_play_legal_actions_and_explain_them(bot):
    game = Game(players=3, seed=11)
    policy, others = make_policy(bot), make_policy("cautious")
    view, rng = PublicView(game), random.Random(0)
    steps = 0
    while not game.is_over and steps < (400 if bot == "odds" else 60):
        mover = policy if game.current_player == 0 else others
        action = mover.choose(view, rng)
        assert action in game.legal_actions() or isinstance(action, Roll)
        if mover is policy:
            assert policy.explanation
        game.apply(action)
        steps += 1


def test_odds_bot_turns_back_when_one_more_move_is_too_risky():
    # far out with 3 items and little air: one more move deeper would be hopeless
    game = Game.from_position(players=2, trail=[1] * 6 + [2] * 7 + [3] * 7, positions=[15, 3], returning=[False, True],
                              carried=[[4, 4, 4], [1]], air=9, turn=0, seed=1)
    bot = OddsPolicy()
    view = PublicView(game)
    later = bot.p_one_more_move(view, 0)
    assert later < bot.nerve(view, 0)
    assert bot.choose(view, random.Random(0)) == TurnBack()
    assert f"would be {later:.1%}, below its 60% nerve" in bot.explanation


def test_odds_bot_never_says_100_percent_of_a_chance_below_one():
    # (its log said "P(home) after one more move is still 100.0%" of 0.999996...)
    game = Game.from_position(players=2, trail=[1] * 7 + [2] * 8, positions=[5, 0], returning=[False, False],
                              carried=[[1], []], air=8, turn=0, seed=1)
    bot = OddsPolicy()
    view = PublicView(game)
    later = bot.p_one_more_move(view, 0)
    assert 0.999 < later < 1
    assert bot.choose(view, random.Random(0)) == Roll()
    assert bot.explanation == ("kept diving: its chance of getting home after one more move (others frozen) "
                               "is still >99.9%")


@pytest.mark.parametrize("bot", ["odds", "cautious"])
def test_a_diver_carrying_something_turns_back_at_the_far_end(bot):
    """Another roll deeper could not move it (every space past it is taken): it would only
    burn the shared air, turn after turn."""
    from deepsea_widget.bots.policy import FAR_END

    game = Game.from_position(players=3, trail=[1, 1, None, 2, 2, 2], positions=[5, 6, 1], returning=[False] * 3,
                              carried=[[1], [], []], air=25, turn=0, seed=1)
    policy = make_policy(bot)
    assert policy.choose(PublicView(game), random.Random(0)) == TurnBack()
    assert policy.explanation == FAR_END


def test_odds_bot_says_when_it_cannot_get_home_either_way():
    game = Game.from_position(players=2, trail=[1] * 8 + [2] * 8 + [3] * 8, positions=[14, 3], returning=[False, True],
                              carried=[[], [4, 4, 4]], air=4, turn=0, seed=1)
    game.apply(Roll((1, 1)))
    bot = OddsPolicy()
    view = PublicView(game)
    assert bot.choose(view, random.Random(0)) == Stay()
    assert bot.explanation == "left the item: it cannot get home in time either way"


def test_odds_bot_keeps_diving_when_it_is_safe():
    game = Game.from_position(players=2, trail=[1] * 6 + [2] * 7 + [3] * 7, positions=[2, 0], returning=[False, False],
                              carried=[[1], []], air=25, turn=0, seed=1)
    bot = OddsPolicy()
    assert bot.choose(PublicView(game), random.Random(0)) == Roll()


def test_distance_counts_free_spaces_plus_one():
    game = Game.from_position(players=3, trail=[1] * 6 + [2] * 4, positions=[6, 2, 4], returning=[True, True, True],
                              carried=[[3], [3], [3]], air=20, turn=0, seed=1)
    view = PublicView(game)
    assert distance_home(view, 0) == 4  # spaces 1, 3, 5 are free
    # the odds it quotes are the exact single-diver odds
    assert p_home(4, 1, 20, 2) > 0.99


def test_a_game_of_dawdling_bots_stops_with_an_error_instead_of_looping(monkeypatch):
    from deepsea_widget.bots import Policy
    from deepsea_widget.simulation import games as simulate
    from deepsea_widget.rules import Stay

    class Dawdler(Policy):
        name = "dawdler"

        def choose(self, view, rng):  # roll once out of the sub, then never pick up
            return Stay() if view.phase == "treasure" else Roll()

    monkeypatch.setattr(simulate, "MAX_ACTIONS", 2_000)
    with pytest.raises(RuntimeError, match="did not finish"):
        simulate.play_game([Dawdler(), Dawdler()], seed=1)


@pytest.mark.parametrize("bot", ["odds", "search"])
def test_a_diver_that_can_go_no_deeper_and_carries_nothing_picks_up(bot):
    # Ann alone at the end of the trail, empty-handed, with air 1: getting home is hopeless, and
    # staying would repeat this turn for ever (nobody breathes). Found looping in a seeded
    # tournament game with the search bot.
    from deepsea_widget.rules import PickUp

    game = Game.from_position(players=["Ann", "Bob"], trail=[1] * 4 + [2] * 4 + [3] * 4 + [4] * 4,
                              positions=[16, 0], returning=[False, True], air=1, turn=0, seed=2)
    policy, view, rng = make_policy(bot), PublicView(game), random.Random(0)
    game.apply(policy.choose(view, rng))  # a roll: nowhere deeper to go
    assert game.phase == "treasure" and game.divers[0].position == 16
    assert policy.choose(view, rng) == PickUp()
    assert "no deeper" in policy.explanation
    for _ in range(20):  # and the dive ends: it breathes now
        if game.dive == 2:
            break
        game.apply(policy.choose(view, rng))
    assert game.dive == 2


def test_two_empty_handed_divers_at_the_end_of_the_trail_pick_up_rather_than_wait():
    from deepsea_widget.bots.policy import must_pick_up
    from deepsea_widget.rules import Stay

    game = Game.from_position(players=["Ann", "Bob"], trail=[1] * 4 + [2] * 4, positions=[7, 8], air=25, turn=0, seed=3)
    view = PublicView(game)
    game.apply(Roll(dice=(1, 1)))  # Ann: space 8 is taken, nowhere to go
    assert game.divers[0].position == 7 and must_pick_up(view)
    game.apply(Stay())
    game.apply(Roll(dice=(1, 1)))  # Bob at the last space
    assert must_pick_up(view)


def test_search_bot_names_the_item_it_would_drop():
    game = Game.from_position(players=2, trail=[1, 1, 2, 2, 3, None, 3, 4, 4], positions=[8, 0],
                              returning=[True, False], carried=[[3, 1], []], air=20, turn=0, seed=1)
    game.apply(Roll((2, 2)))  # 4 - 2 items = 2 spaces back, onto the blank space 6: it may drop there
    bot = make_policy("search")
    bot.choose(PublicView(game), random.Random(0))
    assert "drop item 1 (level 3)" in bot.explanation and "drop item 2 (level 1)" in bot.explanation
    # its numbers are simulated, and say from what
    assert bot.explanation.endswith("; simulated where the dive goes on: 120 dives a choice (a roll: 120 for "
                                    "each of the 9 dice outcomes), every diver then playing like the cautious bot")


def test_search_bot_plays_trails_too_long_for_its_rollouts_with_the_odds_bot():
    trail = [1] * 8 + [2] * 8 + [3] * 8 + [4] * 8 + [None] * 31  # 63 spaces: past the batch simulator's 61
    game = Game.from_position(players=2, trail=trail, positions=[40, 0], returning=[False, False], air=20, seed=1)
    bot = make_policy("search")
    assert bot.choose(PublicView(game), random.Random(0)) == Roll()
    assert bot.explanation.startswith("(a trail of 63 spaces is too long to search)")


def test_odds_bot_one_more_move_stops_at_the_far_end():
    """One free space deeper: every roll ends on space 10 (distance 10), not 10-14 spaces out."""
    from deepsea_widget.bots.policy import free_spaces_deeper, stuck_at_far_end

    g = Game.from_position(players=["Ann", "Bob"], trail=[1] * 5 + [2] * 5, positions=[9, 0],
                           returning=[False, True], carried=[[1], []], air=5, turn=0, seed=0)
    view = PublicView(g)
    assert view.air == 4
    assert free_spaces_deeper(view, 0) == [10] and not stuck_at_far_end(view)
    bot = OddsPolicy()
    assert bot.p_one_more_move(view, 0) == pytest.approx(p_home(10, 1, 4, 0), abs=1e-12)  # 0.8587
    assert isinstance(bot.choose(view, random.Random(0)), Roll)  # above its 60% nerve: dives on
