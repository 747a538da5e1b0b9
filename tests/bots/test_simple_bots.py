"""The random and cautious bots: only legal actions, the cautious rules, play_game records."""
from __future__ import annotations

import random

import pytest

from deepsea_widget import Game
from deepsea_widget.bots import CautiousPolicy, Policy, PublicView, RandomPolicy, make_policy
from deepsea_widget.simulation.games import play_game, simulate
from deepsea_widget.rules import Drop, PickUp, Roll, Stay, TurnBack


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("bots", [("random",), ("cautious",), ("random", "cautious")])
def test_bots_only_ever_return_legal_actions(players, bots):
    for seed in range(4):
        game = Game(players=players, seed=seed)
        rng = random.Random(seed)
        policies = [make_policy(bots[i % len(bots)]) for i in range(players)]
        view = PublicView(game)
        steps = 0
        while not game.is_over:
            action = policies[game.current_player].choose(view, rng)
            assert action in game.legal_actions(), (action, game.legal_actions())
            assert isinstance(policies[game.current_player].explanation, str)
            game.apply(action)
            steps += 1
            assert steps < 5000


def test_random_bot_picks_every_legal_action_sometimes():
    g = Game.from_position(players=2, trail=[1, None, 2], positions=[2, 0], returning=[True, False],
                           carried=[[3, 4], []], seed=1)
    g.apply(Roll(dice=(1, 1)))  # 2 - 2 = 0: stays on the blank space 2
    legal = g.legal_actions()
    assert legal == [Stay(), Drop(0), Drop(1)]
    rng = random.Random(0)
    seen = {RandomPolicy().choose(PublicView(g), rng) for _ in range(200)}
    assert seen == set(legal)


def cautious_choice(**kw):
    g = Game.from_position(**kw)
    return CautiousPolicy().choose(PublicView(g), random.Random(0)), g


def test_cautious_turns_back_with_two_items():
    action, _ = cautious_choice(players=2, trail=[1] * 6, positions=[3, 0], carried=[[1, 1], []], air=25)
    assert action == TurnBack()


def test_cautious_turns_back_with_one_item_when_air_is_short():
    # after breathing: air 9 - 1 = 8 <= 2 * 4
    action, g = cautious_choice(players=2, trail=[1] * 6, positions=[4, 0], carried=[[1], []], air=9)
    assert g.air == 8 and action == TurnBack()
    action, g = cautious_choice(players=2, trail=[1] * 6, positions=[4, 0], carried=[[1], []], air=10)
    assert g.air == 9 and action == Roll()


def test_cautious_never_turns_back_empty_handed_and_keeps_going():
    action, _ = cautious_choice(players=2, trail=[1] * 6, positions=[5, 0], carried=[[], []], air=2)
    assert action == Roll()


def test_cautious_picks_up_while_light_and_going_deeper_only():
    g = Game.from_position(players=2, trail=[1] * 6, positions=[1, 0], carried=[[1], []], seed=2)
    g.apply(Roll(dice=(1, 1)))
    assert CautiousPolicy().choose(PublicView(g), random.Random(0)) == PickUp()
    g = Game.from_position(players=2, trail=[1] * 6, positions=[1, 0], carried=[[1, 1], []], seed=2)
    g.apply(Roll(dice=(2, 2)))
    assert CautiousPolicy().choose(PublicView(g), random.Random(0)) == Stay()
    g = Game.from_position(players=2, trail=[1] * 6, positions=[5, 0], returning=[True, False],
                           carried=[[1], []], seed=2)
    g.apply(Roll(dice=(1, 1)))
    assert CautiousPolicy().choose(PublicView(g), random.Random(0)) == Stay()


def test_cautious_never_drops():
    g = Game.from_position(players=2, trail=[1, None, 1], positions=[3, 0], returning=[True, False],
                           carried=[[1, 2, 3], []], seed=2)
    g.apply(Roll(dice=(2, 2)))  # 4 - 3 = 1 toward the sub: blank space 2
    assert g.phase == "treasure" and len(g.legal_actions()) == 4
    assert CautiousPolicy().choose(PublicView(g), random.Random(0)) == Stay()


def test_make_policy_by_name_or_object_and_rejects_unknown():
    assert isinstance(make_policy("random"), RandomPolicy)
    assert isinstance(make_policy("cautious"), CautiousPolicy)
    p = CautiousPolicy()
    assert make_policy(p) is p and isinstance(p, Policy)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        make_policy("nobody")


def test_play_game_is_deterministic_and_records_the_game():
    a = play_game(["random", "cautious", "random", "cautious"], seed=11)
    b = play_game(["random", "cautious", "random", "cautious"], seed=11)
    assert a == b
    assert len(a.dive_turns) == 3 and all(t >= 0 for t in a.dive_turns)
    assert sum(a.win_share) == pytest.approx(1.0)
    assert all(r + s <= 3 for r, s in zip(a.returned, a.stranded))


def test_simulate_rejects_bad_game_counts():
    for games in (0, -1, 2.5):
        with pytest.raises(ValueError, match="games"):
            simulate(players=3, games=games, seed=1)


def test_cautious_says_when_it_picks_up_a_stack():
    game = Game.from_position(players=2, trail=[1, (1, 1, 4), 2, 2], positions=[0, 0], carried=[[], []],
                              air=25, seed=1)
    game.apply(Roll((1, 1)))  # onto the stack on space 2
    bot = CautiousPolicy()
    assert bot.choose(PublicView(game), random.Random(0)) == PickUp()
    assert bot.explanation == "picked up a stack of 3 chips (levels 1, 1, 4) (carrying 0 before)"


def test_unseeded_games_give_the_bots_fresh_randomness():
    class FirstDraw(RandomPolicy):
        """The random bot, noting the first number its generator gives in a game."""

        first = None

        def choose(self, view, rng):
            if self.first is None:
                self.first = rng.getrandbits(64)
            return super().choose(view, rng)

    one, two = FirstDraw(), FirstDraw()
    play_game([one, "random"])
    play_game([two, "random"])
    assert one.first != two.first
    seeded = [FirstDraw(), FirstDraw()]
    for bot in seeded:
        play_game([bot, "random"], seed=5)
    assert seeded[0].first == seeded[1].first


def test_simulate_refuses_more_bots_than_seats_before_playing():
    played = []
    with pytest.raises(ValueError, match=r"^bots: 3 bots for 2 seats \(players=2\); give at most 2"):
        simulate(players=2, games=1, seed=1, bots=["random", "cautious", "odds"], progress=played.append)
    assert played == []
    assert simulate(players=3, games=1, seed=1, bots=["random", "odds"])["seat_bots"] == ["random", "odds", "random"]
