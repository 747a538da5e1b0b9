"""Helpers for the estimate tests: test positions, the engine's own slow simulation, comparisons.

The reference is the rules engine itself: every rollout builds the position
afresh with its own seed (so the game rolls its own dice with ``Roll()``),
and the bots play it through a `PublicView` until the dive ends. Nothing here
shares code with the batch simulator.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from deepsea_widget.bots import PublicView, make_policy
from deepsea_widget.rules import Game, Roll
from deepsea_widget.rules import events as ev

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
MIN_COUNT = 20


@dataclass
class Position:
    """A public position, built the same way for any seed (the seed only moves hidden values and dice).

    ``setup``: keyword arguments of `Game.from_position`, or {"players": k} for a new game
    (either with ``variant``, e.g. "boost").
    ``prefix``: actions applied after setup (every Roll with forced dice).
    """

    name: str
    setup: dict
    prefix: list = field(default_factory=list)

    def game(self, seed=0) -> Game:
        kw = dict(self.setup)
        if set(kw) - {"variant"} == {"players"}:
            g = Game(players=NAMES[:kw["players"]], seed=seed, variant=kw.get("variant", "classic"))
        else:
            kw.setdefault("players", NAMES[:len(kw["positions"])])
            g = Game.from_position(seed=seed, **kw)
        for a in self.prefix:
            g.apply(a)
        return g


@dataclass
class Rollouts:
    """What the engine's rollouts ended with, as arrays (row = rollout), and what they went through."""

    home: np.ndarray
    air: np.ndarray
    turns: np.ndarray
    positions: np.ndarray
    carried: np.ndarray
    seen: Counter


def forced_prefix(players, seed, stop, bots=("cautious",), variant="classic"):
    """Play a real game with bots until ``stop(game)``; return its actions with every roll's faces fixed.

    Replaying the result on `Game(players, seed=anything, variant=variant)` reaches the same public position.
    """
    g = Game(players=NAMES[:players], seed=seed, variant=variant)
    rng = random.Random(seed)
    view = PublicView(g)
    pols = [make_policy(bots[i % len(bots)]) for i in range(players)]
    out = []
    while not stop(g):
        if g.is_over:
            raise ValueError("the game ended before stop() held")
        a = pols[g.current_player].choose(view, rng)
        events = g.apply(a)
        if type(a) is Roll:
            a = Roll(next(e.dice for e in events if type(e) in (ev.Rolled, ev.DiceRolled, ev.DiceKept)))
        out.append(a)
    return out


def engine_rollouts(position: Position, policies, n: int, seed=0, dice=None) -> Rollouts:
    """The engine's own simulation of the rest of the dive, ``n`` times (``dice``: an
    ``(n, rolls, dice)`` array of faces that rollout i rolls in order, instead of its own)."""
    D = len(position.game(0).players)
    bots = [make_policy(p) for p in policies]
    home = np.zeros((n, D), bool)
    air_out = np.zeros(n, np.int64)
    turns_out = np.zeros(n, np.int64)
    pos_out = np.zeros((n, D), np.int64)
    car_out = np.zeros((n, D), np.int64)
    seen = Counter()
    for i in range(n):
        g = position.game(seed=f"{seed}/{i}")
        dive = g.dive
        rng = random.Random(f"{seed}/{i}/bots")
        rolls_made = 0
        view = PublicView(g)
        turns = 0
        while True:
            assert g.dive == dive and not g.is_over
            seat = g.current_player
            action = bots[seat].choose(view, rng)
            assert action in g.legal_actions()
            if dice is not None and type(action) is Roll:
                action = Roll(tuple(int(f) for f in dice[i, rolls_made]))
                rolls_made += 1
            before_air = g.air
            pos = [d.position for d in g.divers]
            car = [len(d.carried) for d in g.divers]
            returning = g.divers[seat].returning
            events = g.apply(action)
            end = None
            for e in events:
                k = type(e)
                if k is ev.DiveEnded:
                    end = e
                    break
                if k is ev.Breathed:
                    turns += 1
                    before_air = e.air_after
                elif k is ev.Boosted:
                    before_air = e.air_after
                    seen["boost"] += 1
                elif k is ev.Moved:
                    pos[e.seat] = e.end
                    seen["move"] += 1
                    if e.jumped:
                        seen["jump"] += 1
                    if not returning and e.end - e.start - len(e.jumped) < rolled.move:
                        seen["far end"] += 1
                    if e.end == e.start and rolled.move > 0:
                        seen["cannot move"] += 1
                elif k is ev.Rolled or k is ev.DiceKept:
                    rolled = e
                    if k is ev.DiceKept and not e.boosted:
                        seen["keep"] += 1
                elif k is ev.PickedUp:
                    car[e.seat] += 1
                    seen["pick up"] += 1
                elif k is ev.Dropped:
                    car[e.seat] -= 1
                    seen["drop"] += 1
                elif k is ev.TurnedBack:
                    seen["turn back"] += 1
                elif k is ev.ReachedSub:
                    seen["reached sub"] += 1
                elif k is ev.AirRanOut:
                    seen["air out"] += 1
                elif k is ev.AllStuck:
                    seen["all stuck"] += 1
            if end is not None:
                stranded = set(end.stranded)
                home[i] = [s not in stranded for s in range(D)]
                if any(p == 0 and s not in end.returned for s, p in enumerate(pos)):
                    seen["never left"] += 1
                air_out[i], turns_out[i] = before_air, turns
                pos_out[i], car_out[i] = pos, car
                seen["air out end" if before_air <= 0 else "other end"] += 1
                break
    return Rollouts(home, air_out, turns_out, pos_out, car_out, seen)


def _z_exact(k: int, n: int, p: float) -> float:
    """|z| equivalent of the two-sided exact binomial test of ``k`` in ``n`` at rate ``p``."""
    from statistics import NormalDist

    if p <= 0 or p >= 1:
        return 0.0 if k == (0 if p <= 0 else n) else math.inf
    pmf = [math.comb(n, i) * p ** i * (1 - p) ** (n - i) if i <= 200 or i >= n - 200 else 0.0
           for i in range(n + 1)]
    here = pmf[k]
    two_sided = min(1.0, sum(q for q in pmf if q <= here * (1 + 1e-9)))
    return NormalDist().inv_cdf(1 - two_sided / 2) if two_sided > 0 else math.inf


def _z_mean(a, b):
    """Two-sample z of the means, with the variance of both samples pooled (as under the
    hypothesis of one distribution: a rare value seen in one sample only does not make the
    standard error collapse). 0 when both samples are constant and equal."""
    a = np.asarray(a, float)
    b = np.asarray(b, float)
    both = np.concatenate([a, b])
    se = math.sqrt(both.var() * (1 / len(a) + 1 / len(b)))
    diff = a.mean() - b.mean()
    if se == 0.0:
        return 0.0 if diff == 0 else math.inf
    return diff / se


def _z_prop(x, y):
    """Two-sample z of proportions (booleans), pooled standard error. Where the smaller sample
    expects fewer than MIN_COUNT rollouts on the rarer side, counts are Poisson, not normal:
    then the z is the normal quantile of the exact two-sided binomial p-value of the smaller
    sample's count, with the larger sample's proportion taken as known."""
    x = np.asarray(x, bool)
    y = np.asarray(y, bool)
    pooled = (x.sum() + y.sum()) / (len(x) + len(y))
    small, large = (x, y) if len(x) <= len(y) else (y, x)
    if 0 < pooled < 1 and min(pooled, 1 - pooled) * len(small) < MIN_COUNT:
        return _z_exact(int(small.sum()), len(small), float(large.mean())) * (1 if x.mean() >= y.mean() else -1)
    se = math.sqrt(pooled * (1 - pooled) * (1 / len(x) + 1 / len(y)))
    diff = x.mean() - y.mean()
    if se == 0.0:
        return 0.0 if diff == 0 else math.inf
    return diff / se


def comparisons(batch, ref) -> list[tuple[str, float]]:
    """Every statistic compared between two sets of rollouts, as (label, z)."""
    out = []
    D = batch.home.shape[1]
    for s in range(D):
        out.append((f"P(home) seat {s}", _z_prop(batch.home[:, s], ref.home[:, s])))
        out.append((f"mean end position seat {s}", _z_mean(batch.positions[:, s], ref.positions[:, s])))
        out.append((f"mean items at end seat {s}", _z_mean(batch.carried[:, s], ref.carried[:, s])))
    out.append(("P(everyone home)", _z_prop(batch.home.all(axis=1), ref.home.all(axis=1))))
    out.append(("mean final air", _z_mean(batch.air, ref.air)))
    out.append(("mean turns", _z_mean(batch.turns, ref.turns)))
    # Distributions: P(X <= v) at every v where both samples expect at least
    # MIN_COUNT rollouts on each side (in thinner tails counts are Poisson, not normal).
    edge = MIN_COUNT / min(len(batch.air), len(ref.air))
    for label, xb, xr in (("turns", batch.turns, ref.turns), ("final air", batch.air, ref.air)):
        both = np.concatenate([xb, xr])
        for v in np.unique(both):
            cdf = (both <= v).mean()
            if edge <= cdf <= 1 - edge:
                out.append((f"P({label} <= {v})", _z_prop(xb <= v, xr <= v)))
    return out


def assert_same_distribution(batch, ref, label="", limit=4.0):
    zs = comparisons(batch, ref)
    bad = [(name, z) for name, z in zs if not abs(z) <= limit]
    assert not bad, (f"{label}: {len(bad)} of {len(zs)} statistics differ by more than {limit} standard errors: "
                     + "; ".join(f"{name}: z = {z:.2f}" for name, z in bad))
    return zs
