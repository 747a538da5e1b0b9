"""The batch simulator's building blocks, checked exactly against the rules engine.

Movement (jumping, the far end, the sub), the stuck rule, the random bot's
legal-action sets and the cautious bot's tables must give the engine's answer
on every case tried, not just on average.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from deepsea_widget.bots import CautiousPolicy, PublicView, RandomPolicy
from deepsea_widget.bots.simple import cautious_picks_up, cautious_turns_back
from deepsea_widget.simulation import batch as bs
from deepsea_widget.simulation import batch_bots, batch_moves
from deepsea_widget.rules import Game, Roll
from deepsea_widget.rules import events as ev

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def _random_layout(rng: random.Random, crowded=False):
    """A small random position: trail, divers (some back, some never left).

    ``crowded``: short, mostly blank trails full of empty-handed divers (where divers get stuck).
    """
    D = rng.randint(2, 6)
    L = rng.randint(1, D + 1) if crowded else rng.randint(1, 14)
    trail = [rng.choice([None] * (6 if crowded else 2) + [1]) for _ in range(L)]
    while sum(s is not None for s in trail) > 8:  # 8 chips per level
        trail[trail.index(1)] = None
    spaces = rng.sample(range(1, L + 1), min(L, rng.randint(0, D)))
    positions, returning, carried = [], [], []
    levels = iter([2, 3, 4] * 6)  # at most 18 carried items, 6 per level
    for s in range(D):
        if s < len(spaces):
            positions.append(spaces[s])
            returning.append(rng.random() < (0.15 if crowded else 0.5))
            carried.append([next(levels) for _ in range(rng.choice([0, 0, 0, 1]) if crowded else rng.randint(0, 3))])
        else:  # in the sub: back this dive, or not left yet
            positions.append(0)
            returning.append(rng.random() < 0.5)
            carried.append([])
    order = list(range(D))
    rng.shuffle(order)
    return (trail, [positions[i] for i in order], [returning[i] for i in order],
            [carried[i] for i in order])


def _masks(trail, positions):
    occ = sum(1 << p for p in positions if p > 0)
    items = sum(1 << (k + 1) for k, s in enumerate(trail) if s is not None)
    return occ, items


def test_movement_matches_the_engine_on_random_positions():
    rng = random.Random(20261129)
    tried = jumped = far = home = stayed = 0
    while tried < 4000:
        trail, positions, returning, carried = _random_layout(rng, crowded=tried % 4 == 0)
        movers = [s for s in range(len(positions)) if positions[s] > 0 or not returning[s]]
        if not movers:
            continue
        mover = rng.choice(movers)
        game = Game.from_position(players=NAMES[:len(positions)], trail=trail, positions=positions,
                                  returning=returning, carried=carried, air=25, turn=mover, seed=1)
        if game.dive != 1 or game.current_player != mover:
            continue  # everyone was stuck: the dive ended at once (tested below)
        dice = (rng.randint(1, 3), rng.randint(1, 3))
        events = game.apply(Roll(dice))
        moved = next(e for e in events if type(e) is ev.Moved)
        c = len(carried[mover])
        p = positions[mover]
        others = _masks(trail, positions)[0] & ~(1 << p)
        got = batch_moves.move_ends(np.array([p]), np.array([max(sum(dice) - c, 0)]), np.array([not returning[mover]]),
                       np.array([others], dtype=np.int64), len(trail), len(positions))
        assert int(got[0]) == moved.end, (trail, positions, returning, carried, mover, dice)
        tried += 1
        jumped += bool(moved.jumped)
        far += (not returning[mover]) and moved.end - moved.start - len(moved.jumped) < sum(dice) - c
        home += returning[mover] and moved.end == 0
        stayed += moved.end == moved.start and sum(dice) > c
    assert min(jumped, far, home, stayed) > 100, (jumped, far, home, stayed)  # every branch well exercised


def test_move_handles_many_rollouts_at_once():
    # the vectorised loop: rows needing different numbers of rounds side by side
    rng = random.Random(7)
    cases = []
    while len(cases) < 500:
        trail, positions, returning, carried = _random_layout(rng)
        movers = [s for s in range(len(positions)) if positions[s] > 0 and len(trail) == 14]
        if movers:
            m = rng.choice(movers)
            occ = _masks(trail, positions)[0] & ~(1 << positions[m])
            cases.append((positions[m], rng.randint(0, 6), not returning[m], occ, len(positions)))
    p, mv, deeper, occ, D = (np.array(x) for x in zip(*cases))
    together = batch_moves.move_ends(p, mv, deeper, occ.astype(np.int64), 14, 6)
    one_by_one = [int(batch_moves.move_ends(p[i:i + 1], mv[i:i + 1], deeper[i:i + 1], occ[i:i + 1].astype(np.int64), 14, 6)[0])
                  for i in range(len(p))]
    assert together.tolist() == one_by_one


def test_all_stuck_matches_the_engine():
    """A dive whose next diver is deeper and empty-handed ends at once iff everyone in the water is stuck."""
    rng = random.Random(5)
    checked = ended = 0
    while checked < 3000:
        trail, positions, returning, carried = _random_layout(rng, crowded=checked % 2 == 0)
        D = len(positions)
        candidates = [s for s in range(D) if not returning[s] and not carried[s]]
        if not candidates:
            continue
        turn = rng.choice(candidates)
        game = Game.from_position(players=NAMES[:D], trail=trail, positions=positions, returning=returning,
                                  carried=carried, air=25, turn=turn, seed=1)
        engine_says = any(type(e) is ev.AllStuck for e in game.opening_events)
        occ, items = _masks(trail, positions)
        L = len(trail)
        back = [positions[s] == 0 and returning[s] for s in range(D)]
        ours = all(back[s] or bool(bs.stuck(np.array(positions[s]), np.array(returning[s]),
                                            np.array(len(carried[s])), np.array(occ, dtype=np.int64),
                                            np.array(items, dtype=np.int64), L))
                   for s in range(D))
        assert ours == engine_says, (trail, positions, returning, carried, turn)
        checked += 1
        ended += engine_says
    assert ended > 200, ended


def test_random_bot_legal_action_sets_match_the_engine():
    """The vectorised random bot chooses uniformly over the engine's own legal actions."""
    rng = random.Random(3)
    bot = RandomPolicy()
    steps = 0
    for seed in range(40):
        game = Game(players=NAMES[:2 + seed % 5], seed=seed)
        view = PublicView(game)
        while not game.is_over:
            d = game.divers[game.current_player]
            legal = game.legal_actions()
            if game.phase == "roll":
                assert len(legal) == 1 + int(bs.can_turn_back(d.returning, len(d.carried)))
            else:
                here = game.trail[d.position - 1] is not None
                assert len(legal) == int(bs.treasure_choices(here, len(d.carried)))
            game.apply(bot.choose(view, rng))
            steps += 1
    assert steps > 5000


def test_cautious_tables_are_the_cautious_rules():
    tb, pu, (C1, A1, P1) = bs.cautious_tables(40)
    rng = random.Random(1)
    for _ in range(20000):
        r = rng.random() < 0.5
        c = rng.randint(0, batch_bots.MAX_ITEMS)
        a = rng.randint(batch_bots.AIR_MIN, batch_bots.AIR_MAX)
        p = rng.randint(0, 40)
        assert tb[((r * C1 + c) * A1 + (a - batch_bots.AIR_MIN)) * P1 + p] == cautious_turns_back(r, c, a, p)
        assert pu[r * C1 + c] == cautious_picks_up(r, c)


def test_cautious_bot_decisions_come_from_the_shared_rules(monkeypatch):
    # CautiousPolicy itself decides through the same two functions the tables are built from
    import deepsea_widget.bots.simple as simple

    calls = []
    monkeypatch.setattr(simple, "cautious_turns_back", lambda *a: calls.append(a) or True)
    game = Game.from_position(players=NAMES[:2], trail=[1, 1, 1], positions=[2, 0], carried=[[1], []],
                              turn=0, seed=0)
    assert type(CautiousPolicy().choose(PublicView(game), random.Random(0))).__name__ == "TurnBack"
    assert calls == [(False, 1, 24, 2)]


@pytest.mark.parametrize("x", [0, 1, 2 ** 40 + 5, 2 ** 62 - 1, 0x5555_5555_5555_5555])
def test_popcount_fallback(x):
    a = np.array([x], dtype=np.int64)
    assert int(batch_moves._popcount_swar(a)[0]) == bin(x).count("1") == int(bs.popcount(a)[0])


def _blocked_in_the_sub():
    """Cy is still in the sub heading deeper, and both trail spaces are taken."""
    return Game.from_position(players=["Ann", "Bob", "Cy"], trail=[1, 1], positions=[1, 2, 0],
                              returning=[True, True, False], carried=[[1], [1], []], air=25, turn=2, seed=0)


@pytest.mark.parametrize("codes", [[0, 0, 0], [1, 1, 1]])
def test_a_diver_blocked_in_the_sub_is_not_back(codes):
    """The engine keeps Cy in the water (not back) while it cannot leave the sub, so it plays
    again after Ann and Bob; the batch simulator must not end the dive early."""
    g = _blocked_in_the_sub()
    g.apply(Roll((1, 1)))
    assert not g.divers[2].back and g.divers[2].position == 0
    res = bs.simulate_batch(bs.DiveState.from_game(_blocked_in_the_sub()), codes, 2000,
                            np.random.default_rng(0))
    assert (res.turns >= 3).all()


def test_everyone_in_the_water_stuck_ends_the_dive_before_the_next_turn():
    """Cy jumps Ann and Bob to the last space; then all three are stuck (deeper, empty-handed,
    on blanks, nothing free ahead) and the dive ends before anyone's turn starts."""
    from deepsea_widget.simulation.estimate import estimate_home

    def start():
        return Game.from_position(players=["Ann", "Bob", "Cy"], trail=[1, 1, None, None, None],
                                  positions=[3, 4, 2], returning=[False] * 3, carried=[[], [], []], air=20,
                                  turn=2, seed=0)

    g = start()
    g.apply(Roll((1, 1)))
    assert g.divers[2].position == 5
    events = g.apply(g.legal_actions()[0])
    stuck_at = next(i for i, e in enumerate(events) if isinstance(e, ev.AllStuck))
    assert not any(isinstance(e, ev.Breathed) for e in events[:stuck_at])
    for codes in ([0, 0, 0], [1, 1, 1]):
        res = bs.simulate_batch(bs.DiveState.from_game(start()), codes, 500, np.random.default_rng(1))
        assert (res.turns == 0).all()
    assert estimate_home(start(), n=500, seed=0).mean_turns == 0.0
