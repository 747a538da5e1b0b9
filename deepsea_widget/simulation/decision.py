"""`decision(game)`: the choices of the diver to move, each with its chance of getting home
and the points it banks on average, and the question that number answers.

Every option fixes what the mover does now (this turn's action; a roll is averaged over
its nine equally likely outcomes), then everyone plays the rest of the dive as one named
policy (`POLICIES`). Where every diver in the water then heads home, the exact chain with
skipping answers (`p_home_all`: nobody's load changes again, and the question says so);
otherwise the batch simulator does, with a 95% interval. Only public facts enter: chips
count at their level's mean value.

A Boost game (RULES.md, "Boost"; decision_boost.py): before rolling, each option comes with
and without a Boost (without one, the mover keeps the two dice that move it farthest; the
rolls averaged are the variant's eight); after rolling, each choice of dice is an option
(the dice are known then). Everyone then plays the named policy, each diver heading back
boosting by its own one-diver rule, and every question says so; where every diver then
heads home, the exact chain plays that rule too (`p_home_all` with the game's variant).
"""
from __future__ import annotations

import math
import random

import numpy as np

from ..odds.all_divers import p_home_all
from .batch import MAX_TRAIL, DiveState, simulate_batch
from ..odds.errors import StateBudgetExceeded
from .estimate import batch_codes, batch_nerves, simulate_engine, wilson_interval
from ..odds.game_odds import exact_budget, exact_inputs, exact_options
from .seat_odds import ENGINE_ROLLOUTS
from ..rules import CLASSIC, Drop, Game, PickUp, Stay, TurnBack
from ..rules import events as ev
from .decision_boost import Plan, boost_plans, forced_roll, keep_plans, rolls_of, farthest_keep
from .questions import (DEFAULT_POLICY, EXACT_ASSUMES, HOME, POLICIES, boost_clause, chance_text,
                        exact_boost_clause, points_text)

ROLLOUTS = 3996  # nine equal shares, one per roll (about 0.8 points of standard error)

TURN_BACK = "turn back now"
DIVE_KEEP = "dive on, keep what you carry"
DIVE_PICK = "dive on, pick up where you land"
HEAD_HOME = "keep heading home"
HEAD_HOME_DROP = "keep heading home, drop your cheapest item"
PICK_UP = "pick it up"
LEAVE = "leave it"
KEEP = "keep what you carry"
DROP_HERE = "drop your cheapest item here"
STAY = "stay"
_Plan = Plan


def decision(game, policy: str = DEFAULT_POLICY, n: int = ROLLOUTS, seed: int = 0) -> list[dict]:
    """The options of the diver to move now, in the order a panel shows them.

    Each option is a dict: ``option`` (its name), ``p_home`` (its chance of being in the
    submarine when the dive ends), ``points`` (expected points banked this dive: the items it
    carries home, each chip at its level's mean), ``method`` ("exact", or "estimate" with
    ``se``, ``low`` and ``high``, a 95% interval for ``p_home``, and ``points_se``) and
    ``question``: the plain sentence the numbers answer; ``shown`` and ``points_shown`` are the
    numbers as every view shows them. ``policy`` (a key of `POLICIES`)
    is how everyone plays after this turn's choice; ``n`` and ``seed`` set the simulation.
    A finished game has no options. In a Boost game each option also has ``boost`` (the
    mover boosts this turn) and, after rolling, ``keep`` (the die indices it keeps) and
    ``pairs`` (every legal choice keeping that total: they move alike, so they are one option).
    """
    if not isinstance(game, Game):
        raise ValueError(f"game: must be a deepsea_widget Game, got {type(game).__name__}")
    if policy not in POLICIES:
        raise ValueError(f"policy: must be one of {', '.join(map(repr, POLICIES))}, got {policy!r}")
    if not isinstance(n, int) or isinstance(n, bool) or not 9 <= n <= 1_000_000:
        raise ValueError(f"n: must be a whole number of rollouts from 9 to 1,000,000, got {n!r}")
    if game.is_over:
        return []
    out = []
    rolls = len(rolls_of(game.variant))
    for plan in _plans(game):
        result = _evaluate(game, plan, policy, n - n % rolls, seed)
        result.update(option=plan.option,
                      question=_question(game, plan, policy, result["method"], result.get("n", 0)),
                      shown=chance_text(result["p_home"], result["method"], result.get("low"), result.get("high")),
                      points_shown=("≈" if result["method"] == "estimate" else "") + points_text(result["points"]))
        if game.variant.can_boost:
            result.update(boost=plan.boost or game.boosted)
            if plan.keep is not None:
                result.update(keep=list(plan.keep), pairs=[list(p) for p in plan.pairs])
        out.append(result)
    return out


def _plans(game) -> list[_Plan]:
    if game.phase == "keep":
        return keep_plans(game)
    plans = _classic_plans(game)
    if game.phase == "roll" and game.variant.can_boost:
        return boost_plans(game, plans)
    return plans


def _classic_plans(game) -> list[_Plan]:
    me = game.divers[game.current_player]
    c = len(me.carried)
    if game.phase == "roll":
        if me.returning:
            plans = [_Plan(HEAD_HOME, True, (), "stay", "keeps heading home with what it carries")]
            if c:
                plans.append(_Plan(HEAD_HOME_DROP, True, (), "drop",
                                   "keeps heading home and drops its cheapest item where it lands, if it may"))
            return plans
        plans = [_Plan(TURN_BACK, True, (TurnBack(),), "stay", "turns back now and carries home what it has")] \
            if c else []
        return plans + [_Plan(DIVE_KEEP, True, (), "stay", "dives on and leaves what it lands on"),
                        _Plan(DIVE_PICK, True, (), "pick", "dives on and picks up what it lands on")]
    here = game.trail[me.position - 1] if me.position > 0 else None
    if here is not None:
        return [_Plan(PICK_UP, False, (), "pick", "picks up the item where it stands"),
                _Plan(LEAVE, False, (), "stay", "leaves the item where it stands")]
    if c:
        return [_Plan(KEEP, False, (), "stay", "keeps what it carries"),
                _Plan(DROP_HERE, False, (), "drop", "drops its cheapest item here")]
    return [_Plan(STAY, False, (), "stay", "has nothing to pick up or drop here")]


def _evaluate(game, plan: _Plan, policy: str, n: int, seed: int) -> dict:
    """P(home) and expected points of ``plan`` for the mover, exact where every outcome is."""
    seat = game.current_player
    outcomes = []  # per roll (or the one outcome): (weight, ("known", home, held) | ("exact", p, held) | ("sim", game))
    for dice in (rolls_of(game.variant) if plan.roll else [None]):
        g = game.copy()
        for action in plan.before:
            g.apply(action)
        ended = _apply(g, forced_roll(g.variant, dice) if dice is not None else None, seat)
        if ended is None and g.phase == "keep" and g.current_player == seat:  # (a Boost game's dice to keep)
            ended = _apply(g, plan.keep_action(g) or farthest_keep(g), seat)
        if ended is None:
            ended = _apply(g, _after(g, plan.after, seat), seat)
        outcomes.append(ended if ended is not None else _exact_or_sim(g, seat))
    weight = 1.0 / len(outcomes)
    sims = [g for kind, *rest in outcomes if kind == "sim" for g in rest]
    if not sims:
        p = math.fsum(weight * o[1] for o in outcomes)
        points = math.fsum(weight * o[1] * o[2] for o in outcomes)
        return {"p_home": min(1.0, p), "points": points, "method": "exact"}
    sim_home, sim_points, rows = _simulate(sims, seat, policy, n // len(outcomes), seed)
    homes, points, i = [], [], 0
    for kind, *rest in outcomes:
        if kind == "sim":
            homes.append(sim_home[i])
            points.append(sim_points[i])
            i += 1
        else:
            homes.append(np.full(rows, float(rest[0])))
            points.append(np.full(rows, rest[0] * rest[1]))
    home, pts = np.concatenate(homes), np.concatenate(points)
    p = float(home.mean())
    se = float(np.sqrt(sum(h.var() for h in homes) / rows) / len(outcomes))  # (stratified by roll)
    low, high = wilson_interval(p, home.size)
    return {"p_home": p, "points": float(pts.mean()), "method": "estimate", "se": se,
            "low": float(low), "high": float(high), "n": int(home.size),
            "points_se": float(np.sqrt(sum(x.var() for x in points) / rows) / len(outcomes))}


def _after(g, what: str | None, seat: int):
    """This turn's treasure action for ``seat`` after its move (None: its turn is over, or
    ``what`` is None: the named policy plays it)."""
    if what is None or g.current_player != seat or g.phase != "treasure":
        return None
    me = g.divers[seat]
    here = g.trail[me.position - 1] if me.position > 0 else None
    if what == "pick" and here is not None:
        return PickUp()
    if what == "drop" and here is None and me.carried:
        return Drop(min(range(len(me.carried)), key=lambda i: me.carried[i].expected_value))
    return Stay()


def _apply(g, action, seat: int):
    """Apply ``action`` (None: nothing); ("known", home, held) if the dive ended with it."""
    if action is None:
        return None
    me = g.divers[seat]
    held = _held(me)
    if isinstance(action, PickUp):
        held += g.trail[me.position - 1].expected_value
    elif isinstance(action, Drop):
        held -= me.carried[action.index].expected_value
    for event in g.apply(action):
        if isinstance(event, ev.DiveEnded):
            home = seat not in event.stranded
            return ("known", float(home), held if home else 0.0)
    return None


def _held(diver) -> float:
    return math.fsum(it.expected_value for it in diver.carried)


def _exact_or_sim(g, seat: int):
    """Exact when every diver in the water heads home (the chain with skipping, in which
    nobody's load changes again: the question says so); else simulated."""
    divers = g.divers
    if not all(d.back or d.returning for d in divers) or len(g.trail) > MAX_TRAIL:
        return ("sim", g)
    inputs = exact_inputs(g)
    me = divers[seat]
    if inputs is None:  # the dive ends with this turn: nobody moves again
        home = me.back or me.position == 0
        return ("known", float(home), _held(me) if home else 0.0)
    options = exact_options(g)
    if options is None:  # (dice the chain does not count)
        return ("sim", g)
    in_water = sum(1 for d in divers if d.position > 0 and not d.back)
    try:
        probs = p_home_all(*inputs, max_states=exact_budget(in_water), **options)
    except (StateBudgetExceeded, ValueError):
        return ("sim", g)
    return ("exact", float(probs[seat]), _held(me))


def _simulate(games, seat: int, policy: str, rows: int, seed: int):
    """Per game (grouped by whose turn and phase), ``rows`` rollouts of the rest of the dive
    played by ``policy``: the mover's home (0/1) and points banked, per game."""
    policies = [policy] * len(games[0].players)
    codes = batch_codes(policies)
    nerves = batch_nerves(games[0], policies)
    homes, points = [None] * len(games), [None] * len(games)
    groups: dict = {}
    for i, g in enumerate(games):
        groups.setdefault((g.current_player, g.phase), []).append(i)
    long_trail = len(games[0].trail) > MAX_TRAIL  # (the batch simulator stops there: the engine plays)
    if long_trail:
        rows = max(1, ENGINE_ROLLOUTS // len(games))
    for key, members in groups.items():
        if long_trail:
            parts = [simulate_engine(games[i], policies, rows, random.Random(f"{seed}/{i}")) for i in members]
            result = type(parts[0])(**{f: np.concatenate([getattr(r, f) for r in parts])
                                       for f in ("home", "air", "turns", "positions", "carried", "held")})
        else:
            starts = [(DiveState.from_game(games[i]), rows) for i in members]
            result = simulate_batch(starts, codes, rows * len(members),
                                    np.random.default_rng([seed, key[0], key[1] == "roll"]), nerves=nerves)
        home = result.home[:, seat].astype(float)
        pts = home * result.held[:, seat]
        for j, i in enumerate(members):
            homes[i], points[i] = home[j * rows:(j + 1) * rows], pts[j * rows:(j + 1) * rows]
    return homes, points, rows


def _question(game, plan: _Plan, policy: str, method: str, n: int = 0) -> str:
    name = game.divers[game.current_player].name
    if method == "exact":
        then, how = EXACT_ASSUMES, ""
        if game.variant is not CLASSIC:
            then += exact_boost_clause(game.variant.name)
    else:
        then, how = f"everyone plays like {POLICIES[policy]}", f" (estimated from {n:,} simulated dives)"
        if game.variant is not CLASSIC:
            then += f"; in this {game.variant.name} game {boost_clause(policy, game.variant)}"
    words = plan.words if plan.after is not None else f"{plan.words}, then {plan.treasure_words(policy)}"
    return (f"If {name} {words}, and after that {then}: {name}'s {HOME}, and the points {name} "
            f"banks on average{how}.")
