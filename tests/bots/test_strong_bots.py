"""The odds and search bots: legal, explained, and reasoning from the odds they claim."""
import random

import pytest

from deepsea_widget.bots import make_policy
from deepsea_widget.bots.odds_bot import OddsPolicy, distance_home
from deepsea_widget.bots.policy import PublicView
from deepsea_widget.odds.single_diver import p_home
from deepsea_widget.rules import Game, Roll, TurnBack


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
    assert f"{later:.0%}" in bot.explanation


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
    from deepsea_widget.bots import Policy, simulate
    from deepsea_widget.rules import Stay

    class Dawdler(Policy):
        name = "dawdler"

        def choose(self, view, rng):  # roll once out of the sub, then never pick up
            return Stay() if view.phase == "treasure" else Roll()

    monkeypatch.setattr(simulate, "MAX_ACTIONS", 2_000)
    with pytest.raises(RuntimeError, match="did not finish"):
        simulate.play_game([Dawdler(), Dawdler()], seed=1)
