"""`Game.copy` gives the game that replaying its history rebuilds, dice to come included,
and shares nothing that either game changes."""
from __future__ import annotations

import random

import pytest

from deepsea_widget.rules import Game


def _replayed(game: Game) -> Game:
    return Game._replay(game._start, game._history)


def _random_action(game: Game, rng: random.Random):
    return rng.choice(game.legal_actions())  # (a Roll without dice: the game's own dice)


def _play_alike(games, rng: random.Random, steps: int) -> None:
    """Play the same actions on every game in ``games`` and check they stay the same."""
    for _ in range(steps):
        if games[0].is_over:
            break
        action = _random_action(games[0], rng)
        events = [game.apply(action) for game in games]
        assert all(e == events[0] for e in events[1:])
        assert len({game.to_json() for game in games}) == 1


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 7), (4, 3), (5, 11), (6, 5)])
def test_a_copy_is_the_replayed_game_and_rolls_the_same_dice(players, seed):
    rng = random.Random(seed)
    game = Game(players=players, seed=seed)
    copies = 0
    while not game.is_over:
        if rng.random() < 0.15:
            copy, replayed = game.copy(), _replayed(game)
            assert copy.to_json() == replayed.to_json() == game.to_json()
            assert copy.public_view() == game.public_view()
            assert copy.opening_events == replayed.opening_events
            before = game.to_json()
            _play_alike([copy, replayed], random.Random(rng.random()), steps=12)
            assert game.to_json() == before  # playing the copy on left the game as it was,
            twin = _replayed(game)
            _play_alike([game, twin], random.Random(rng.random()), steps=3)  # its dice to come too
            copies += 1
            continue
        game.apply(_random_action(game, rng))
    assert copies >= 5


def test_a_copy_of_a_what_if_and_of_an_undone_game():
    game = Game.from_position(players=3, trail=[1, None, 2, (3, 4), None, 1, 2], positions=[3, 0, 6],
                              returning=[True, False, False], carried=[[2], [], [1, 3]], air=11, turn=2, seed=4)
    rng = random.Random(2)
    for _ in range(3):
        game.apply(_random_action(game, rng))
    game.undo()
    copy = game.copy()
    assert copy.to_json() == _replayed(game).to_json() == game.to_json()
    _play_alike([copy, game], rng, steps=40)  # the same future, the same dice


def test_changing_a_copy_leaves_the_original_alone():
    game = Game(players=3, seed=9)
    rng = random.Random(9)
    for _ in range(20):
        game.apply(_random_action(game, rng))
    before = game.to_json()
    copy = game.copy()
    copy.undo()
    while not copy.is_over:
        copy.apply(_random_action(copy, rng))
    assert game.to_json() == before
    assert copy._divers[0] is not game._divers[0] and copy._trail is not game._trail
