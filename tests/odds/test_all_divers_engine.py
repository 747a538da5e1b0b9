"""p_home_all against the rules engine itself: brute-force rollouts of the real `Game`.

Every diver in the water has already turned back; each rollout rebuilds the
position with its own seed, rolls on every turn and does nothing in the
treasure phase (so items are kept), until the engine says the dive ended.
The share of rollouts in which each seat was back must be within 4 standard
errors of the exact chain with skipping.
"""
from __future__ import annotations

import math

import pytest

from deepsea_widget.odds import p_home_all
from deepsea_widget.rules import Game, Roll, Stay
from deepsea_widget.rules import events as ev

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
ROLLOUTS = 1500


def engine_home_counts(positions, chips, air, turn, rollouts):
    n = len(positions)
    levels = iter([lv for lv in (1, 2, 3, 4) for _ in range(8)])  # 32 chips to hand out
    carried = [[next(levels) for _ in range(c)] if p > 0 else [] for p, c in zip(positions, chips)]
    trail = [None] * (max(positions) + 2)  # blank spaces: staying put is the only treasure action
    counts = [0] * n
    for seed in range(rollouts):
        g = Game.from_position(players=NAMES[:n], trail=trail, positions=list(positions),
                               returning=[True] * n, carried=carried, air=air, dive=1, turn=turn,
                               seed=seed)
        returned = None
        for _ in range(10_000):
            assert g.dive == 1
            action = Roll() if g.phase == "roll" else Stay()
            assert action in g.legal_actions()
            for e in g.apply(action):
                if type(e) is ev.DiveEnded and e.dive == 1:  # later dives may end in the same apply
                    returned = set(e.returned)
            if returned is not None:
                break
        assert returned is not None, "the dive did not end"
        for seat in returned:
            counts[seat] += 1
    return counts


@pytest.mark.parametrize("positions, chips, air, turn", [
    ([10, 5, 6, 14], [1, 2, 2, 1], 10, 0),  # the worked example of RULES.md
    ([9, 4, 0, 7, 12], [0, 3, 2, 1, 2], 12, 3),  # an empty-handed diver, one already back
    ([6, 11, 3, 8, 14, 2], [2, 1, 6, 0, 1, 3], 14, 1),  # one that never moves, six seats
    ([3, 2, 1], [1, 2, 1], 2, 2),  # a short dive: the air runs out within the first round
])
def test_engine_rollouts_agree_with_the_chain(positions, chips, air, turn):
    exact = p_home_all(positions, chips, air, turn)
    counts = engine_home_counts(positions, chips, air, turn, ROLLOUTS)
    for seat, (p, count) in enumerate(zip(exact, counts)):
        share = count / ROLLOUTS
        if p in (0.0, 1.0):
            assert share == p, (seat, p, share)
            continue
        se = math.sqrt(p * (1 - p) / ROLLOUTS)
        assert abs(share - p) <= 4 * se, (seat, p, share, se)
