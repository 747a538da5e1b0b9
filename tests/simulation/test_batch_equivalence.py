"""The batch simulator is the engine, in distribution: same bots, same positions, same outcomes.

For each position the engine plays the rest of the dive thousands of times
(`estimate_helpers.engine_rollouts`: a fresh game per rollout rolling its own
dice with ``Roll()``, the real bots deciding through a `PublicView`), the
batch simulator 100,000 times, and every statistic must agree within 4
standard errors: P(home) per seat and for everyone, the mean end position and
items per seat, the mean and the distribution (CDF) of the dive's length and
of the final air. Set DEEPSEA_EQUIV_SCALE=5 for a five times larger engine run.

Boost games (RULES.md, "Boost") too: the same comparisons on Boost positions (new dives,
mid-dive, every mid-turn phase: boosted before rolling, the dice on the table, the treasure
phase), and roll by roll given the faces of the three dice.
"""
from __future__ import annotations

import os
import zlib

import numpy as np
import pytest
from estimate_helpers import Position, assert_same_distribution, engine_rollouts, forced_prefix

from deepsea_widget.simulation.batch import POLICY_CODES, DiveState, simulate_batch
from deepsea_widget.simulation.estimate import batch_nerves
from deepsea_widget.rules import BOOST, Boost, Keep, Roll, TurnBack

SCALE = float(os.environ.get("DEEPSEA_EQUIV_SCALE", "1"))
BATCH_N = 100_000

MID = dict(trail=[None, 1, None, 1, 1, (2, 2), None, 2, 2, None, 3, 3, (3, 4, 4), 3, None, 4, 4, 4],
           positions=[3, 7, 10, 0], returning=[False, True, False, False],
           carried=[[1], [2, (1, 1)], [], []], air=14, turn=1)


def _in_dive_2(g):
    return g.dive == 2 and all(d.position > 0 for d in g.divers) and any(d.carried for d in g.divers)


POSITIONS = {p.name: p for p in [
    Position("new 4-diver dive", {"players": 4}),
    Position("new 2-diver dive", {"players": 2}),
    Position("new 6-diver dive", {"players": 6}),
    Position("deeper and returning, stacks", MID),
    Position("mid-turn: treasure phase", MID, prefix=[Roll((2, 3))]),
    Position("mid-turn: roll phase, may turn back", {**MID, "turn": 0}),
    Position("crowd of 5: jumping", dict(
        trail=[1, 1, None, 1, 2, None, 2, 2, 3, None, 3, 3, 4, 4, None, 4],
        positions=[9, 8, 7, 5, 11], returning=[True, True, False, True, False],
        carried=[[1], [1, 2], [], [(2, 3)], []], air=12, turn=0)),
    Position("far end", dict(
        trail=[1, None, 2, None, None, 3], positions=[2, 5, 6], returning=[False] * 3,
        carried=[[1], [], []], air=20, turn=0)),
    Position("far end, carrying", dict(
        trail=[1, 1, None, 2, 2, 2], positions=[5, 6, 1], returning=[False] * 3,
        carried=[[1], [], []], air=25, turn=0)),
    Position("stuck divers", dict(
        trail=[1, None, 1, None, None, 2, None, None], positions=[5, 7, 8, 3],
        returning=[False, False, False, True], carried=[[], [], [], [1]], air=20, turn=3)),
    Position("air runs out mid-turn", dict(
        trail=[1, 1, None, 1, None, 2, 2, None, 3, 3], positions=[4, 6, 9, 2],
        returning=[True, False, True, True], carried=[[1, 1, 1], [2], [3, 3], [1]], air=2, turn=0)),
    Position("low air, a few turns left", dict(
        trail=[1, 1, None, 1, None, 2, 2, None, 3, 3, 3, None, 4, 4], positions=[4, 6, 9, 12],
        returning=[True, False, True, False], carried=[[1], [2], [3, 3], [4]], air=9, turn=1)),
    Position("6 divers mid-dive", dict(
        trail=[1, None, 1, 1, None, 2, 2, None, 2, 3, None, 3, 3, 4, None, 4, 4, 4],
        positions=[2, 5, 8, 11, 15, 0], returning=[True, False, True, False, True, False],
        carried=[[1], [2], [2, 1], [], [3, (4, 4)], []], air=16, turn=4)),
    Position("2 divers mid-dive", dict(
        trail=[1, None, 1, 1, None, 2, 2, None, 2, 3, 3, 3, 4, 4], positions=[6, 10],
        returning=[True, False], carried=[[1, 2], [3]], air=11, turn=1)),
    Position("never left the sub", dict(
        trail=[1, 1, None, 1, 2, 2], positions=[3, 0, 0, 5], returning=[True, False, True, True],
        carried=[[2, 2], [], [], [1]], air=2, turn=0)),
    Position("dive 2 of a real game", {"players": 4}, prefix=forced_prefix(4, 11, _in_dive_2)),
]}


def _boost(spec):
    return {**spec, "variant": "boost"}


BOOST_MID = _boost(MID)
BOOST_POSITIONS = {p.name: p for p in [
    Position("boost: new 4-diver dive", {"players": 4, "variant": "boost"}),
    Position("boost: new 6-diver dive", {"players": 6, "variant": "boost"}),
    Position("boost: deeper and returning, stacks", BOOST_MID),
    Position("boost: boosted before rolling, heading home", BOOST_MID, prefix=[Boost()]),
    Position("boost: boosted before rolling, may still turn back", {**BOOST_MID, "turn": 0}, prefix=[Boost()]),
    Position("boost: turned back, may still boost", {**BOOST_MID, "turn": 0}, prefix=[TurnBack()]),
    Position("boost: the dice on the table, heading home", BOOST_MID, prefix=[Roll((3, 1, 2))]),
    Position("boost: the dice on the table, diving", {**BOOST_MID, "turn": 0}, prefix=[Roll((0, 3, 1))]),
    Position("boost: treasure phase", {**BOOST_MID, "turn": 0}, prefix=[Roll((0, 1, 2)), Keep((1, 2))]),
    Position("boost: crowd of 5: jumping", _boost(POSITIONS["crowd of 5: jumping"].setup)),
    Position("boost: far end, carrying", _boost(POSITIONS["far end, carrying"].setup)),
    Position("boost: stuck divers", _boost(POSITIONS["stuck divers"].setup)),
    Position("boost: a Boost runs the air out", _boost(POSITIONS["air runs out mid-turn"].setup)),
    Position("boost: low air, a few turns left", _boost(POSITIONS["low air, a few turns left"].setup)),
    Position("boost: never left the sub", _boost(POSITIONS["never left the sub"].setup)),
    Position("boost: dive 2 of a real game", {"players": 4, "variant": "boost"},
             prefix=forced_prefix(4, 11, _in_dive_2, variant="boost")),
]}

# (policies by seat pattern, engine rollouts per position, positions)
RUNS = {
    "cautious": (["cautious"], 2000, list(POSITIONS)),
    "random": (["random"], 1500, list(POSITIONS)),
    "mixed": (["cautious", "random", "random"], 1500,
              ["new 4-diver dive", "deeper and returning, stacks", "crowd of 5: jumping", "6 divers mid-dive"]),
    "odds mixed": (["odds", "random", "cautious"], 1000,
                     ["new 4-diver dive", "deeper and returning, stacks", "crowd of 5: jumping", "6 divers mid-dive",
                      "dive 2 of a real game"]),
}
RUNS.update({
    # (the cautious and odds bots are also compared roll by roll below, on every Boost position)
    "boost cautious": (["cautious"], 1500, ["boost: new 4-diver dive", "boost: deeper and returning, stacks",
                                            "boost: turned back, may still boost", "boost: stuck divers",
                                            "boost: a Boost runs the air out"]),
    "boost random": (["random"], 1500, list(BOOST_POSITIONS)),
    "boost odds mixed": (["odds", "random", "cautious"], 1000,
                         ["boost: new 4-diver dive", "boost: deeper and returning, stacks",
                          "boost: the dice on the table, diving", "boost: crowd of 5: jumping",
                          "boost: dive 2 of a real game"]),
})
CASES = [(run, name) for run, (_, _, names) in RUNS.items() for name in names]
ALL_POSITIONS = {**POSITIONS, **BOOST_POSITIONS}

_cache: dict = {}


def _policies(run, players):
    pattern = RUNS[run][0]
    return [pattern[s % len(pattern)] for s in range(players)]


def _both(run, name):
    """(batch result, engine rollouts) for one case, computed once per session."""
    key = (run, name)
    if key not in _cache:
        position = ALL_POSITIONS[name]
        game = position.game(0)
        policies = _policies(run, len(game.players))
        n_ref = int(RUNS[run][1] * SCALE)
        ref = engine_rollouts(position, policies, n_ref, seed=f"{run}/{name}")
        batch = simulate_batch(DiveState.from_game(game), [POLICY_CODES[p] for p in policies], BATCH_N,
                               np.random.default_rng(zlib.crc32(f"{run}/{name}".encode())),
                               nerves=batch_nerves(game, policies))
        _cache[key] = (batch, ref)
    return _cache[key]


@pytest.mark.parametrize("run,name", CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_batch_equals_engine_in_distribution(run, name):
    batch, ref = _both(run, name)
    assert_same_distribution(batch, ref, f"{run} bots, {name}")


def test_the_positions_exercise_every_rule():
    """Over all the cases above the engine went through every rule the batch simulator implements
    (in the original game's cases, and in the Boost cases by themselves)."""
    for boost in (False, True):
        seen = {}
        for run, name in CASES:
            if name.startswith("boost:") == boost:
                for feature, count in _both(run, name)[1].seen.items():
                    seen[feature] = seen.get(feature, 0) + count
        for feature in ("jump", "far end", "cannot move", "all stuck", "air out", "air out end", "other end",
                        "turn back", "pick up", "drop", "reached sub", "never left") + (("boost", "keep") * boost):
            assert seen.get(feature, 0) >= 20, (boost, feature, seen)


@pytest.mark.parametrize("bots", [["odds"], ["cautious"], ["odds", "cautious"]])
@pytest.mark.parametrize("name", list(POSITIONS))
def test_deterministic_bots_match_the_engine_roll_by_roll(name, bots):
    """Given the same dice, the batch simulator and the engine play every rollout alike: who
    gets home, where each diver ends and what it carries (the odds and cautious bots decide
    without chance, so each rollout is the same dive in both)."""
    position = POSITIONS[name]
    game = position.game(0)
    players = len(game.players)
    policies = [bots[s % len(bots)] for s in range(players)]
    n, rolls = 300, 120
    faces = np.random.default_rng(zlib.crc32(name.encode())).integers(1, 4, size=(n, rolls, 2))
    batch = simulate_batch(DiveState.from_game(game), [POLICY_CODES[p] for p in policies], n,
                           np.random.default_rng(0), nerves=batch_nerves(game, policies), dice=faces.sum(axis=2))
    engine = engine_rollouts(position, policies, n, seed=name, dice=faces)
    assert np.array_equal(batch.home, engine.home)
    assert np.array_equal(batch.positions, engine.positions)
    assert np.array_equal(batch.carried, engine.carried)
    assert np.array_equal(batch.air, engine.air)


@pytest.mark.parametrize("bots", [["odds"], ["cautious"], ["odds", "cautious"]])
@pytest.mark.parametrize("name", list(BOOST_POSITIONS))
def test_boost_games_match_the_engine_roll_by_roll(name, bots):
    """Given the same faces of the three dice, the batch simulator and the engine play every
    Boost rollout alike: each Boost declared (the one-diver rule heading home), each choice of
    dice (the farthest, or the odds bot's landing on an item it wants), every move and pick-up."""
    position = BOOST_POSITIONS[name]
    game = position.game(0)
    policies = [bots[s % len(bots)] for s in range(len(game.players))]
    n, rolls = 300, 120
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    faces = np.stack([rng.choice(die, size=(n, rolls)) for die in BOOST.dice], axis=2)
    batch = simulate_batch(DiveState.from_game(game), [POLICY_CODES[p] for p in policies], n,
                           np.random.default_rng(0), nerves=batch_nerves(game, policies), dice=faces)
    engine = engine_rollouts(position, policies, n, seed=name, dice=faces)
    assert engine.seen["boost"] + engine.seen["keep"] > 0
    assert np.array_equal(batch.home, engine.home)
    assert np.array_equal(batch.positions, engine.positions)
    assert np.array_equal(batch.carried, engine.carried)
    assert np.array_equal(batch.air, engine.air)


def test_a_boost_game_is_read_with_its_variant_and_its_turn_so_far():
    game = BOOST_POSITIONS["boost: boosted before rolling, heading home"].game(0)
    state = DiveState.from_game(game)
    assert state.variant == BOOST and state.boosted and state.turn_start_air == game.turn_start_air
    assert state.air == game.turn_start_air - 2 - 1  # Bob breathed his two items (a stack is one), then boosted
    on_table = DiveState.from_game(BOOST_POSITIONS["boost: the dice on the table, diving"].game(0))
    assert on_table.phase == "keep" and on_table.rolled == (0, 3, 1)
    with pytest.raises(ValueError, match="every start must share"):
        simulate_batch([(state, 5), (DiveState.from_game(POSITIONS["deeper and returning, stacks"].game(0)), 5)],
                       [0] * 4, 10, np.random.default_rng(0))


@pytest.mark.parametrize("name", ["new 4-diver dive", "crowd of 5: jumping", "stuck divers", "never left the sub"])
def test_batch_invariants(name):
    game = POSITIONS[name].game(0)
    state = DiveState.from_game(game)
    for codes in ([0] * state.players, [1] * state.players):
        r = simulate_batch(state, codes, 20_000, np.random.default_rng(9))
        L = len(state.trail)
        assert ((r.positions >= 0) & (r.positions <= L)).all()
        assert (r.home == (r.positions == 0)).all()  # home means in the sub
        on_trail = np.where(r.positions > 0, r.positions, -np.arange(state.players))  # distinct on the trail
        assert all(len(set(row)) == state.players for row in on_trail[:2000])
        assert (r.carried >= 0).all()
        assert r.carried.sum(axis=1).max() <= sum(state.carried) + sum(state.trail)
        assert (r.air <= state.air).all()
        # A dive ends with air left and someone out only when everyone in the water is stuck,
        # and stuck divers carry nothing.
        ended_early = (r.air > 0) & ~r.home.all(axis=1)
        assert (r.carried[ended_early] * ~r.home[ended_early] == 0).all()
        if name == "stuck divers":
            assert ended_early.any()
        for s in range(state.players):
            if state.back[s]:
                assert r.home[:, s].all()


def test_batch_is_deterministic_for_a_seed():
    state = DiveState.from_game(POSITIONS["deeper and returning, stacks"].game(0))
    a = simulate_batch(state, [0, 1, 0, 1], 5000, np.random.default_rng(42))
    b = simulate_batch(state, [0, 1, 0, 1], 5000, np.random.default_rng(42))
    c = simulate_batch(state, [0, 1, 0, 1], 5000, np.random.default_rng(43))
    for f in ("home", "air", "turns", "positions", "carried"):
        assert np.array_equal(getattr(a, f), getattr(b, f))
    assert not np.array_equal(a.turns, c.turns)
