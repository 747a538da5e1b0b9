"""Boost games (RULES.md, "Boost") in the simulation layer: estimate_home on both paths, seat_odds
(exact by the chain where everyone heads home, simulated for dice it does not count, and saying
so), games, tournaments and the CLI."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from estimate_helpers import Position, engine_rollouts

from deepsea_widget.bots import Policy, RandomPolicy
from deepsea_widget.odds import p_home_all
from deepsea_widget.rules import BOOST, Game, Roll, Variant
from deepsea_widget.simulation import estimate_home, seat_odds
from deepsea_widget.simulation.batch import POLICY_CODES, DiveState, simulate_batch
from deepsea_widget.simulation.estimate import batch_codes, batch_nerves, simulate_engine
from deepsea_widget.simulation.games import play_game, simulate
from deepsea_widget.simulation.questions import with_words
from deepsea_widget.simulation.tournament import tournament

ROOT = Path(__file__).resolve().parents[2]
MID = dict(players=["Ann", "Bob", "Cy", "Dee"],
           trail=[None, 1, None, 1, 1, (2, 2), None, 2, 2, None, 3, 3, (3, 4, 4), 3, None, 4, 4, 4],
           positions=[3, 7, 10, 0], returning=[False, True, False, False],
           carried=[[1], [2, (1, 1)], [], []], air=14, turn=1)
HOME = dict(players=4, trail=[1] * 8 + [2] * 8, positions=[10, 5, 6, 14], returning=[True] * 4,
            carried=[[3], [3, 3], [4, 4], [4]], air=10, turn=0, seed=1)


@pytest.mark.parametrize("policies", ["odds", "cautious", ["random", "odds", "cautious", "random"]])
def test_the_engine_path_agrees_with_the_batch_path_in_a_boost_game(policies):
    game = Game.from_position(variant="boost", **MID)
    batch = estimate_home(game, n=20_000, policies=policies, seed=1, method="batch")
    engine = estimate_home(game, n=800, policies=policies, seed=1, method="engine")
    assert (batch.method, engine.method) == ("batch", "engine")
    for b, e in zip(batch, engine):
        assert abs(b.estimate - e.estimate) <= 4 * np.hypot(b.stderr, e.stderr) + 1e-3


def test_a_variant_of_ones_own_plays_in_both_simulators_roll_by_roll():
    """A Boost that costs two air (a `Variant` with Boost's faces): the batch simulator and the
    engine, given the same faces, play every rollout alike."""
    dear = Variant("dear boost", BOOST.dice, keep=2, boost_air=2)
    position = Position("dear boost", {**MID, "variant": dear})
    game = position.game(0)
    assert game.variant == dear
    policies = ["odds", "cautious", "odds", "cautious"]
    n, rolls = 200, 80
    rng = np.random.default_rng(3)
    faces = np.stack([rng.choice(die, size=(n, rolls)) for die in dear.dice], axis=2)
    batch = simulate_batch(DiveState.from_game(game), [POLICY_CODES[p] for p in policies], n,
                           np.random.default_rng(0), nerves=batch_nerves(game, policies), dice=faces)
    engine = engine_rollouts(position, policies, n, seed="dear", dice=faces)
    assert engine.seen["boost"] > 0
    for field in ("home", "positions", "carried", "air"):
        assert np.array_equal(getattr(batch, field), getattr(engine, field)), field


def test_the_boost_blind_bot_runs_on_the_engine():
    game = Game.from_position(variant="boost", **MID)
    assert batch_codes(["odds-noboost"] * 4) is None
    est = estimate_home(game, n=60, policies="odds-noboost", seed=2)
    assert est.method == "engine" and est.policies == ("odds-noboost",) * 4


def test_the_engine_rolls_a_games_own_dice():
    game = Game.from_position(variant="boost", **MID)
    rolled = []

    class Watch(Policy):
        name = "watch"

        def choose(self, view, rng):
            if view.phase == "keep":
                rolled.append(view.last_roll)
            return RandomPolicy().choose(view, rng)

    simulate_engine(game, [Watch()] * 4, 30, random.Random(1))
    assert rolled and all(BOOST.is_roll(r) for r in rolled)


def test_everyone_heading_home_in_a_boost_game_is_exact_and_the_bots_play_the_chains_rule():
    """The chain (each diver heading home boosting by its own one-diver rule) gives the badges, and
    the cautious bots, who boost by that rule and drop nothing, get home as often in simulation
    (seeded; 99.9% intervals). (The odds bot may drop an item on the way home: another question.)"""
    game = Game.from_position(variant="boost", **HOME)
    odds = seat_odds(game)
    chain = p_home_all([10, 5, 6, 14], [1, 2, 2, 1], 10, 0, variant="boost")
    assert [o["p"] for o in odds] == chain and chain != p_home_all([10, 5, 6, 14], [1, 2, 2, 1], 10, 0)
    assert all(o["method"] == "exact" and o["why"] == "heading back" and o["variant"] == "boost" for o in odds)
    q = with_words(["Ann", "Bob", "Cy", "Dee"], odds, "odds")[0]["question"]
    assert "each diver heading back boosts by its own one-diver rule" in q and "estimated" not in q
    for seat, est in enumerate(estimate_home(game, n=20_000, seed=3, policies="cautious")):
        low, high = est.interval(0.999)
        assert low <= chain[seat] <= high, (seat, est.estimate, chain[seat])


def test_dice_the_chain_does_not_count_are_simulated_and_say_why():
    big = Variant("big", ((1, 7), (1, 7)))  # totals up to 14: past the odds tables (no Boost: the cautious bot plays it)
    game = Game.from_position(variant=big, **HOME)
    odds = seat_odds(game, n=2000, seed=1, policy="cautious")
    assert all(o["method"] == "estimate" and o["why"] == "variant" and o["variant"] == "big" for o in odds)
    q = with_words(["Ann", "Bob", "Cy", "Dee"], odds, "cautious")[0]["question"]
    assert "estimated from 2,000 simulated dives" in q and "do not count big's dice" in q
    with pytest.raises(ValueError, match="variant: the odds take dice totals up to 12"):
        p_home_all([10, 5, 6, 14], [1, 2, 2, 1], 10, 0, variant=big)


def test_with_the_dice_on_the_table_and_the_air_out_the_mover_still_moves():
    """The keep phase after the breath that ran the air out: the mover's move is still to come,
    so its odds are simulated, never read as already lost."""
    game = Game.from_position(players=["Ann", "Bob"], trail=[None] * 10, positions=[2, 6], returning=[True, False],
                              carried=[[1, 1], [2]], air=2, turn=0, variant="boost")
    game.apply(Roll((3, 3, 2)))  # 3 + 3 - 2 items = 4 >= 2: home whatever it keeps but 3 + 2 ... also home
    assert game.phase == "keep" and game.air <= 0
    odds = seat_odds(game, n=500, seed=0)
    assert odds[0]["method"] == "estimate" and odds[0]["p"] == 1.0
    assert odds[1] == {"p": 0.0, "se": None, "method": "exact", "why": "last turn"}


def test_play_game_and_simulate_take_the_variant():
    a = play_game(["odds", "cautious", "random"], seed=3, variant="boost")
    b = play_game(["odds", "cautious", "random"], seed=3, variant="boost")
    c = play_game(["odds", "cautious", "random"], seed=3)
    assert a == b and a != c
    result = simulate(players=3, games=4, seed=1, bots=["odds", "cautious"], variant="boost")
    assert result["variant"] == "boost"
    assert "variant" not in simulate(players=3, games=4, seed=1, bots=["odds", "cautious"])
    with pytest.raises(ValueError, match="variant"):
        simulate(players=3, games=1, variant="turbo")


def test_a_tournament_of_boost_aware_and_boost_blind_bots():
    r = tournament(["odds", "odds-noboost"], players=3, games=12, seed=2, workers=1, progress=False,
                   variant="boost")
    assert r.variant == "boost" and str(r).startswith("12 games of boost, 3 divers, seed 2")
    assert set(r.results) == {"odds", "odds-noboost"}
    diff, (low, high) = r.paired_difference("odds", "odds-noboost")
    assert low <= diff <= high
    classic = tournament(["odds", "odds-noboost"], players=3, games=6, seed=2, workers=1, progress=False)
    assert classic.variant == "classic" and str(classic).startswith("6 games, 3 divers")
    # (in the original game there is no Boost: the two bots are one, game for game)
    assert classic.results["odds"].mean_score == classic.results["odds-noboost"].mean_score
    with pytest.raises(ValueError, match="variant"):
        tournament(["odds", "cautious"], games=2, variant="turbo", progress=False)


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "deepsea_widget", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_the_command_line_plays_boost_games():
    sim = run_cli("simulate", "--players", "3", "--games", "6", "--seed", "1", "--bots", "odds,odds-noboost",
                  "--variant", "boost")
    assert sim.returncode == 0, sim.stderr
    assert sim.stdout.startswith("6 games of boost, 3 divers, seed 1;")
    assert "odds-noboost" in sim.stdout
    tour = run_cli("tournament", "--players", "3", "--games", "4", "--seed", "1", "--bots", "odds,odds-noboost",
                   "--variant", "boost", "--workers", "1")
    assert tour.returncode == 0, tour.stderr
    assert tour.stdout.startswith("4 games of boost, 3 divers, seed 1;")
    bad = run_cli("simulate", "--variant", "turbo")
    assert bad.returncode == 2 and "argument --variant: invalid choice: 'turbo'" in bad.stderr
