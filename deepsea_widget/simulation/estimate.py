"""Monte Carlo odds of getting home: the rest of the current dive, played by bots.

`estimate_home` answers "what are my odds?" where the exact chain cannot:
divers still going deeper, picking up and deciding when to turn. The cautious,
random and odds bots run in the numpy batch simulator (`batch`); any other
policy runs on the real engine, one rollout at a time (labelled "engine").
"""
from __future__ import annotations

import math
import numbers
import random
import time
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..bots import CautiousPolicy, Policy, PublicView, RandomPolicy
from .registry import BOTS, make_policy
from ..bots.odds_bot import OddsPolicy
from ..odds.intervals import wilson_interval
from ..rules import CLASSIC, Game, Roll, action_from_dict
from ..rules import events as ev
from ..rules.chips import levels_value
from ..rules.dice import roll_dice
from ..rules.plain import shown
from .batch import MAX_BATCH_TRAIL, POLICY_CODES, BatchResult, DiveState, simulate_batch

METHOD_BATCH = "batch"  # numpy batch simulator, vectorised bots
METHOD_ENGINE = "engine"  # the rules engine itself, one rollout at a time (slow path)
_METHODS = ("auto", METHOD_BATCH, METHOD_ENGINE)
MAX_ROLLOUTS = 10_000_000  # a bound on n, far past any use (10,000 give a standard error <= 0.5 points)
_MAX_ACTIONS = 1_000_000  # per engine rollout: a guard against a policy that never ends a dive


class SeatEstimate(NamedTuple):
    """P(home) for one seat: the estimate, its standard error, the rollouts behind it."""

    estimate: float
    stderr: float
    n: int

    def interval(self, level: float = 0.95) -> tuple[float, float]:
        """The Wilson score interval for P(home) at ``level`` (see `wilson_interval`)."""
        return wilson_interval(self.estimate, self.n, level)


@dataclass(frozen=True)
class HomeEstimate:
    """`estimate_home`'s answer: one `SeatEstimate` per seat (index it by seat).

    ``method`` is "batch" (numpy batch simulator) or "engine" (the real engine,
    one rollout at a time); ``policies`` names the bot of each seat;
    ``mean_turns`` is the mean number of turns the rest of the dive took.
    """

    seats: tuple
    method: str
    n: int
    policies: tuple
    mean_turns: float
    seconds: float

    def __getitem__(self, seat) -> SeatEstimate:
        return self.seats[seat]

    def __len__(self) -> int:
        return len(self.seats)

    def __iter__(self):
        return iter(self.seats)

    @property
    def estimates(self) -> list:
        return [s.estimate for s in self.seats]

    @property
    def stderrs(self) -> list:
        return [s.stderr for s in self.seats]


def estimate_home(game, n=10_000, policies=None, seed=None, *, method="auto") -> HomeEstimate:
    """Estimate each seat's chance to be in the submarine when the current dive ends.

    ``game``: a `Game` in any phase (the current diver may be mid-turn).
    ``n``: rollouts; ``seed``: an int for a reproducible answer (None: fresh).
    ``policies``: None (the cautious bot for every seat), one bot for all, or a
    list per seat of bot names ("cautious", "random") or `Policy` objects.
    ``method``: "auto" (batch when every seat's bot is vectorised, else
    engine), "batch" or "engine". The batch simulator runs the cautious,
    random and odds bots (by name, or as exactly `CautiousPolicy`,
    `RandomPolicy` or `OddsPolicy` objects) on trails of up to 61 spaces;
    anything else takes the engine.

    A diver already back counts 1.0. A diver still in the sub that never left
    it (the dive ended before its first move, or the trail had no room) is
    counted home too: it is in the submarine and loses nothing. The standard
    error is the binomial sqrt(p(1 - p) / n), 0 when every rollout agreed: for
    error bars use each seat's ``interval()`` (Wilson), which stays honest
    there. The estimate never depends on unbanked values: the batch simulator
    never reads them, and the engine keeps only who got home from its copies of
    the game (which do see them as they bank). A Boost game (``game.variant``) is played with
    its own dice on both paths (docs/bots.md, "Boost"); ``odds-noboost`` runs on the engine.
    """

    if not isinstance(game, Game):
        raise ValueError(f"game: must be a deepsea_widget Game, got {type(game).__name__}")
    if game.is_over:
        raise ValueError("game: the game is over, there is no dive left to simulate")
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or not 1 <= n <= MAX_ROLLOUTS:
        raise ValueError(f"n: must be an int from 1 to {MAX_ROLLOUTS:,} (number of rollouts), got {shown(n)}")
    n = int(n)
    _check_seed(seed)
    if method not in _METHODS:
        raise ValueError(f"method: must be one of {', '.join(map(repr, _METHODS))}, got {method!r}")
    seat_policies = resolve_policies(policies, len(game.players))
    codes = batch_codes(seat_policies)
    if method == METHOD_BATCH and codes is None:
        raise ValueError("method: 'batch' runs only the cautious, random and odds bots; "
                         f"got {', '.join(_policy_name(p) for p in seat_policies)}")
    if codes is not None and len(game.trail) > MAX_BATCH_TRAIL:
        if method == METHOD_BATCH:
            raise ValueError(f"method: 'batch' handles trails of up to {MAX_BATCH_TRAIL} spaces; "
                             f"this one has {len(game.trail)}")
        codes = None
    use_batch = codes is not None and method != METHOD_ENGINE

    t0 = time.perf_counter()
    if use_batch:
        result = simulate_batch(DiveState.from_game(game), codes, n, np.random.default_rng(seed),
                                nerves=batch_nerves(game, seat_policies))
    else:
        result = simulate_engine(game, seat_policies, n, random.Random(None if seed is None else int(seed)))
    seconds = time.perf_counter() - t0

    p = result.home.mean(axis=0)
    seats = tuple(SeatEstimate(float(x), math.sqrt(max(float(x) * (1.0 - float(x)), 0.0) / n), n) for x in p)
    return HomeEstimate(seats=seats, method=METHOD_BATCH if use_batch else METHOD_ENGINE, n=n,
                        policies=tuple(_policy_name(p) for p in seat_policies),
                        mean_turns=float(result.turns.mean()), seconds=seconds)


def _check_seed(seed) -> None:
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed: must be None or a non-negative int, got {seed!r}")


def resolve_policies(policies, players: int) -> list:
    """Per seat: a bot name or a `Policy` object, checked (ValueError names the entry)."""

    if policies is None:
        return ["cautious"] * players
    if isinstance(policies, (str, Policy)):
        policies = [policies] * players
    if not isinstance(policies, (list, tuple)):
        raise ValueError(f"policies: give None, a bot name, a Policy or a list per seat, got {policies!r}")
    if len(policies) != players:
        raise ValueError(f"policies: needs one entry per seat ({players}), got {len(policies)}")
    out = []
    for i, spec in enumerate(policies):
        if isinstance(spec, Policy) or (isinstance(spec, str) and spec in BOTS):
            out.append(spec)
        else:
            raise ValueError(f"policies[{i}]: unknown bot {spec!r}; known bots: {', '.join(sorted(BOTS))}"
                             " or a Policy object")
    return out


def batch_codes(seat_policies):
    """The batch simulator's policy codes, or None when some seat's bot is not vectorised.

    Only the exact bots qualify (a subclass may change how they decide).
    """

    exact = {CautiousPolicy: "cautious", RandomPolicy: "random", OddsPolicy: "odds"}
    codes = []
    for spec in seat_policies:
        name = spec if isinstance(spec, str) else exact.get(type(spec))
        if name not in POLICY_CODES:
            return None
        codes.append(POLICY_CODES[name])
    return codes


def batch_nerves(game, seat_policies) -> list:
    """Per seat, the P(home) an odds diver insists on in this game now (`OddsPolicy.nerve`: it
    moves with the scores in the last dive); 0.0 for seats of other bots."""

    view = PublicView(game)
    out = []
    for seat, spec in enumerate(seat_policies):
        bot = make_policy(spec) if isinstance(spec, str) else spec
        out.append(bot.nerve(view, seat) if type(bot) is OddsPolicy else 0.0)
    return out


def _policy_name(spec) -> str:
    """A seat's bot as `HomeEstimate.policies` names it: a bot's own name, or, for a class that
    only inherits one (it may decide otherwise), its class name and the bot it comes from."""

    if isinstance(spec, str):
        return spec
    kind = type(spec)
    name = getattr(spec, "name", None)
    if name in (None, Policy.name):  # (the base class's placeholder: no bot of that name)
        return kind.__name__
    if "name" in vars(kind) or "name" in vars(spec):
        return name
    return f"{kind.__name__} (from the {name} bot)"


def simulate_engine(game, seat_policies, n: int, rng: random.Random) -> BatchResult:
    """The slow path: ``n`` rollouts on copies of the real engine, one at a time.

    Each rollout is ``game.copy()`` played by the policies through a
    `PublicView` until the dive ends. The dice come from ``rng`` as forced
    `Roll` faces (every copy holds the same dice generator, so letting the copy
    roll would repeat one game ``n`` times), the game's own dice (``game.variant``).
    Returns what `simulate_batch` returns.
    """

    if game.is_over:
        raise ValueError("game: the game is over, there is no dive left to simulate")
    bots = [make_policy(p) for p in seat_policies]
    D = len(game.players)

    res = BatchResult(home=np.zeros((n, D), bool), air=np.zeros(n, np.int64), turns=np.zeros(n, np.int64),
                      positions=np.zeros((n, D), np.int64), carried=np.zeros((n, D), np.int64),
                      held=np.zeros((n, D), float))
    dive = game.dive
    variant = game.variant
    if variant is CLASSIC:
        def roll():
            return Roll(roll_dice(rng.random))
    else:
        def roll():
            return action_from_dict({"type": "roll", "dice": list(variant.roll(rng.random))}, variant)
    for i in range(n):
        ended, air, turns, pos, car, held = _engine_rollout(game.copy(), bots, rng, roll)
        if ended is None:
            raise RuntimeError(f"engine rollout {i} did not end the dive within {_MAX_ACTIONS} actions")
        assert ended.dive == dive
        stranded = set(ended.stranded)
        res.home[i] = [s not in stranded for s in range(D)]
        res.air[i], res.turns[i] = air, turns
        res.positions[i], res.carried[i], res.held[i] = pos, car, held
    return res


def _engine_rollout(g, bots, rng, roll):
    """Play ``g`` to the end of its dive (``roll()``: a forced `Roll` of fresh dice). Returns the
    `DiveEnded` event (None if it never came) and, as the dive ended, the air, the turns started,
    and per seat the position, the items carried and their expected value."""
    view = PublicView(g)
    turns = 0
    for _ in range(_MAX_ACTIONS):
        action = bots[g.current_player].choose(view, rng)
        if type(action) is Roll and action.dice is None:
            action = roll()
        # The dive's last state: read now, then patched with what the last action did.
        air = g.air
        pos = [d.position for d in g.divers]
        car = [len(d.carried) for d in g.divers]
        held = [sum(it.expected_value for it in d.carried) for d in g.divers]
        for e in g.apply(action):
            kind = type(e)
            if kind is ev.DiveEnded:
                return e, air, turns, pos, car, held
            if kind is ev.Breathed:
                turns += 1
                air = e.air_after
            elif kind is ev.Boosted:
                air = e.air_after
            elif kind is ev.Moved:
                pos[e.seat] = e.end
            elif kind is ev.PickedUp:
                car[e.seat] += 1
                held[e.seat] += levels_value(e.levels)
            elif kind is ev.Dropped:
                car[e.seat] -= 1
                held[e.seat] -= levels_value(e.levels)
    return None, None, turns, None, None, None
