"""More bad arguments `simulate` and `tournament` refuse up front, with a ValueError naming the
argument, before any game is played (none of these tests plays more than a few quick games)."""
from __future__ import annotations

import pytest

from deepsea_widget.bots import CautiousPolicy
from deepsea_widget.simulation.games import simulate
from deepsea_widget.simulation.tournament import MAX_GAMES, tournament
from deepsea_widget.rules import Game


class Refusing:
    """An executor that fails the test if a tournament hands it any work."""

    def map(self, fn, tasks):
        raise AssertionError("the executor was used despite a bad argument")


@pytest.mark.parametrize("kwargs, words", [
    (dict(players="4"), "^players: "),
    (dict(players=4.0), "^players: "),
    (dict(players=True), "^players: "),
    (dict(players=7), "^players: "),
    (dict(bots=()), "^bots: give at least one bot"),
    (dict(bots=[]), "^bots: give at least one bot"),
    (dict(bots="cautious"), r"^bots: must be a list of bot names.*e\.g\. \["),
    (dict(bots=5), "^bots: must be a list"),
    (dict(bots=[["random"]]), r"^bots\[0\]: unknown bot \['random'\]"),
    (dict(bots=["random", "nobody"]), r"^bots\[1\]: unknown bot 'nobody'"),
    (dict(seed=[1]), "^seed: must be an int, a string or None"),
    (dict(seed=1.5), "^seed: must be an int, a string or None"),
    (dict(progress=5), "^progress: "),
    (dict(games=True), "^games: "),
    (dict(games=2.0), "^games: "),
])
def test_simulate_refuses_bad_arguments_before_playing(kwargs, words):
    calls = []
    args = dict(players=2, games=2, seed=1, bots=["random"], progress=calls.append)
    args.update(kwargs)
    with pytest.raises(ValueError, match=words):
        simulate(**args)
    assert calls == []  # no game was played


def test_simulate_seeds_follow_games_rule():
    for seed in (1.5, [1], b"1", True):
        with pytest.raises(ValueError) as game_error:
            Game(players=2, seed=seed)
        with pytest.raises(ValueError) as sim_error:
            simulate(players=2, games=1, seed=seed, bots=["random"])
        assert str(sim_error.value) == str(game_error.value)
    done = []
    result = simulate(players=2, games=2, seed="abc", bots=["random", CautiousPolicy()], progress=done.append)
    assert done == [1, 2] and result["seat_bots"] == ["random", "cautious"]
    assert simulate(players=2, games=2, seed="abc", bots=["random", "cautious"]) == result


@pytest.mark.parametrize("kwargs, words", [
    (dict(seed=[1]), "^seed: must be an int, a string or None"),
    (dict(seed=1.5), "^seed: must be an int, a string or None"),
    (dict(bots=[["random"], "cautious"]), r"^bots\[0\]: unknown bot"),
    (dict(bots="random"), r"^bots: must be a list of bot names.*e\.g\. \["),
    (dict(bots=["random", CautiousPolicy()]), r"^bots\[1\]: unknown bot"),
    (dict(games=True), "^games: "),
    (dict(games=MAX_GAMES + 1), f"^games: must be at most {MAX_GAMES:,}"),
    (dict(games=10 ** 12), f"^games: must be at most {MAX_GAMES:,}"),
    (dict(seed=-1), "^seed: must be 0 or more, got -1"),  # (it replayed seed 1's games)
    (dict(bots=["random"]), r"^bots: a tournament needs two or more different bots, got \['random'\]"),
])
def test_tournament_refuses_bad_arguments_before_playing(kwargs, words):
    args = dict(bots=["random", "cautious"], players=2, games=2, seed=1, executor=Refusing(), progress=False)
    args.update(kwargs)
    with pytest.raises(ValueError, match=words):
        tournament(**args)


@pytest.mark.parametrize("executor", [5, "pool", object()], ids=["int", "str", "object"])
def test_tournament_needs_an_executor_with_a_map_method(executor):
    with pytest.raises(ValueError, match="^executor: .*map method"):
        tournament(bots=["random", "cautious"], players=2, games=2, seed=1, executor=executor, progress=False)


def test_a_string_seed_plays_a_tournament_like_a_game():
    class Serial:
        def map(self, fn, tasks):
            return map(fn, tasks)

    first = tournament(bots=["random", "cautious"], players=2, games=4, seed="abc", executor=Serial(),
                       progress=False)
    again = tournament(bots=["random", "cautious"], players=2, games=4, seed="abc", executor=Serial(),
                       progress=False)
    assert first.games == 4 and first.scores == again.scores


@pytest.mark.parametrize("workers, words", [
    ("2", r"^workers: must be a whole number of processes, got '2'"),
    (0, "^workers: must be 1 to 256, got 0"),
    (2 ** 70, "^workers: must be 1 to 256, got 1180591620717411303424"),  # (an OverflowError deep in multiprocessing)
])
def test_tournament_refuses_a_bad_number_of_workers_by_name(workers, words):
    with pytest.raises(ValueError, match=words):
        tournament(bots=["random", "cautious"], players=2, games=2, seed=1, progress=False, workers=workers)


def test_simulate_stops_at_the_tournaments_largest_size_and_refuses_a_negative_seed():
    with pytest.raises(ValueError, match=f"^games: must be at most {MAX_GAMES:,}"):
        simulate(games=MAX_GAMES + 1)
    with pytest.raises(ValueError, match="^seed: must be 0 or more, got -7"):
        simulate(games=1, seed=-7)
