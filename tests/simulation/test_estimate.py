"""estimate_home: its answers against exact odds and the engine, its guarantees, its guard rails."""
from __future__ import annotations

import math
import random

import numpy as np
import pytest

from deepsea_widget.bots import CautiousPolicy, Policy, PublicView, RandomPolicy
from deepsea_widget.simulation.estimate import HomeEstimate, SeatEstimate, estimate_home
from deepsea_widget.odds.single_diver import p_home
from deepsea_widget.rules import Game, Roll

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
TRAIL = [1] * 8 + [2] * 8 + [None] * 8  # 24 spaces; the bots heading back never touch it


def heading_back(positions, chips, air, turn, seed=0):
    """Every diver in the water heads back with fixed items; position 0 = back in the sub."""
    levels = iter([3] * 8 + [4] * 8)
    return Game.from_position(players=NAMES[:len(positions)], trail=TRAIL, positions=positions,
                              returning=[True] * len(positions),
                              carried=[[next(levels) for _ in range(c)] if p > 0 else [] for p, c in zip(positions, chips)],
                              air=air, turn=turn, seed=seed)


def within(est: SeatEstimate, exact: float, k=4.0) -> bool:
    # An exact 0 or 1 must come out exactly (no rollout may disagree).
    se = math.sqrt(exact * (1 - exact) / est.n)
    return abs(est.estimate - exact) <= k * se


MID = dict(players=NAMES[:4],
           trail=[None, 1, None, 1, 1, (2, 2), None, 2, 2, None, 3, 3, (3, 4, 4), 3, None, 4, 4, 4],
           positions=[3, 7, 10, 0], returning=[False, True, False, False],
           carried=[[1], [2, (1, 1)], [], []], air=14, turn=1)


# ----- what it answers ------------------------------------------------------
def test_result_per_seat():
    game = Game.from_position(seed=0, **MID)
    r = estimate_home(game, n=2000, seed=1)
    assert isinstance(r, HomeEstimate) and len(r) == 4 and r.method == "batch" and r.n == 2000
    assert r.policies == ("cautious",) * 4
    for s, seat in enumerate(r):
        assert isinstance(seat, SeatEstimate) and seat.n == 2000 and 0 <= seat.estimate <= 1
        assert seat.stderr == pytest.approx(math.sqrt(seat.estimate * (1 - seat.estimate) / 2000))
        assert r[s] is seat and r.estimates[s] == seat.estimate and r.stderrs[s] == seat.stderr
        est, se, n = seat  # a plain named tuple
    assert r.mean_turns > 0 and r.seconds >= 0


def test_rules_example_exact_with_skipping():
    """RULES.md: A on 10 with 1 item, B on 5 with 2, C on 6 with 2, D on 14 with 1, air 10, A next."""
    game = heading_back([10, 5, 6, 14], [1, 2, 2, 1], air=10, turn=0)
    r = estimate_home(game, n=40_000, seed=3)
    for seat, exact in zip(r, [0.296754, 0.598234, 0.443358, 0.0]):
        assert within(seat, exact), (seat, exact)


def test_a_diver_that_never_left_counts_home():
    # Ann breathes the last air (2 items, air 2), finishes her turn, and the dive ends:
    # Bob never left the sub (home), Cy is back (home), Dee is stranded on 5.
    game = Game.from_position(players=NAMES[:4], trail=[1, 1, None, 1, 2, 2], positions=[3, 0, 0, 5],
                              returning=[True, False, True, True], carried=[[2, 2], [], [], [1]],
                              air=2, turn=0, seed=0)
    assert game.air == 0 and game.phase == "roll"
    for method in ("batch", "engine"):
        r = estimate_home(game, n=20_000 if method == "batch" else 3000, seed=4, method=method)
        assert within(r[0], 1 / 3)  # needs 3 moves: a roll of 5 or 6 with 2 items
        assert r.estimates[1:] == [1.0, 1.0, 0.0] and r.stderrs[1:] == [0.0, 0.0, 0.0]


def test_divers_already_back_are_certain():
    game = heading_back([0, 7, 0, 12], [0, 2, 0, 1], air=15, turn=1)
    r = estimate_home(game, n=500, seed=0)
    assert r[0] == (1.0, 0.0, 500) and r[2] == (1.0, 0.0, 500)


def test_mid_turn_positions():
    # after breathing (roll phase) and after moving (treasure phase): the current turn is finished first
    game = Game.from_position(seed=0, **MID)
    assert game.phase == "roll"
    roll_phase = estimate_home(game, n=20_000, seed=5)
    game.apply(Roll((3, 3)))  # Bob, 2 items: 4 free spaces toward the sub, jumping Ann on 3
    assert game.phase == "treasure" and game.divers[1].position == 2
    treasure = estimate_home(game, n=20_000, seed=5)
    assert treasure[1].estimate > roll_phase[1].estimate  # he got closer


# ----- exact odds with skipping (the other half of the odds package) -----------
def _p_home_all():
    from deepsea_widget.odds import p_home_all

    return p_home_all


@pytest.mark.parametrize("positions,chips,air,turn", [
    ([10, 5, 6, 14], [1, 2, 2, 1], 10, 0),
    ([4, 9], [2, 1], 7, 1),
    ([12, 3, 0, 8, 5], [1, 3, 0, 2, 1], 14, 3),
    ([2, 4, 6, 8, 10, 12], [1, 1, 1, 1, 1, 1], 11, 5),
    ([7, 6, 5], [3, 2, 1], 6, 2),
    ([20, 1, 15, 9], [1, 4, 2, 2], 25, 0),
])
def test_agrees_with_exact_p_home_all(positions, chips, air, turn):
    """Every diver in the water heads back and the cautious bot keeps its items: exact ground truth."""
    p_home_all = _p_home_all()
    exact = p_home_all(positions, chips, air, turn)
    game = heading_back(positions, chips, air, turn)
    r = estimate_home(game, n=30_000, seed=sum(positions))
    for seat, p in zip(r, exact):
        assert within(seat, p), (positions, [s.estimate for s in r], exact)


# ----- the slow path and the fast path agree -----------------------------------
@pytest.mark.parametrize("policies", ["cautious", "random"])
def test_engine_path_agrees_with_batch_path(policies):
    game = Game.from_position(seed=0, **MID)
    game.apply(Roll((2, 3)))  # mid-turn
    fast = estimate_home(game, n=50_000, seed=6, policies=policies)
    slow = estimate_home(game, n=2000, seed=6, policies=policies, method="engine")
    assert fast.method == "batch" and slow.method == "engine"
    for f, s in zip(fast, slow):
        se = math.sqrt(f.stderr ** 2 + s.stderr ** 2) or 1e-12
        assert abs(f.estimate - s.estimate) <= 4 * se, (fast.estimates, slow.estimates)
    assert abs(fast.mean_turns - slow.mean_turns) < 0.5


class _Homebody(Policy):
    """Never picks anything up: a policy the batch simulator does not know."""

    name = "homebody"

    def choose(self, view, rng):
        legal = view.legal_actions()
        return legal[0]  # Roll, or Stay


class _BraveCautious(CautiousPolicy):
    name = "brave"


class _Unnamed(CautiousPolicy):  # decides as it likes, and only inherits the cautious bot's name
    def choose(self, view, rng):
        return super().choose(view, rng)


class _Mine(_Homebody):  # a policy of one's own that names itself nothing
    name = Policy.name


def test_other_policies_run_on_the_engine():
    game = Game.from_position(seed=0, **MID)
    r = estimate_home(game, n=200, seed=1, policies=[_Homebody(), "cautious", RandomPolicy(), "random"])
    assert r.method == "engine" and r.policies == ("homebody", "cautious", "random", "random")
    # a subclass may decide differently, so it is not vectorised
    assert estimate_home(game, n=50, seed=1, policies=_BraveCautious()).method == "engine"
    assert estimate_home(game, n=50, seed=1, policies=CautiousPolicy()).method == "batch"
    # a subclass that only inherits a name is not labelled as that bot
    assert estimate_home(game, n=20, seed=1, policies=_Unnamed()).policies == ("_Unnamed (from the cautious bot)",) * 4
    assert estimate_home(game, n=20, seed=1, policies=_BraveCautious()).policies == ("brave",) * 4
    assert estimate_home(game, n=20, seed=1, policies=_Mine()).policies == ("_Mine",) * 4  # not "from the policy bot"
    with pytest.raises(ValueError, match="method"):
        estimate_home(game, n=50, policies=_Homebody(), method="batch")
    # homebodies never turn back: Ann, Cy and Dee (going deeper, or still in the sub) never get
    # home; Bob, heading back with his 2 items while only Ann's 1 item is breathed besides,
    # does at least as well as on an empty trail from space 7 (divers below him only help)
    slow = estimate_home(game, n=300, seed=2, policies=_Homebody())
    assert [slow.estimates[i] for i in (0, 2, 3)] == [0.0, 0.0, 0.0]
    assert slow[1].interval()[1] >= p_home(7, 2, 14, 1)


def test_very_long_trails_run_on_the_engine():
    game = Game.from_position(players=NAMES[:2], trail=[1] + [None] * 70, positions=[40, 0],
                              returning=[True, False], carried=[[2], []], air=25, turn=0, seed=0)
    r = estimate_home(game, n=30, seed=0)
    assert r.method == "engine"
    with pytest.raises(ValueError, match="method"):
        estimate_home(game, n=30, method="batch")


# ----- guarantees ---------------------------------------------------------------
@pytest.mark.parametrize("method,n", [("batch", 3000), ("engine", 100)])
def test_deterministic_for_a_seed(method, n):
    game = Game.from_position(seed=0, **MID)
    a = estimate_home(game, n=n, seed=11, policies="random", method=method)
    b = estimate_home(game, n=n, seed=11, policies="random", method=method)
    c = estimate_home(game, n=n, seed=12, policies="random", method=method)
    assert a.seats == b.seats and a.mean_turns == b.mean_turns
    assert a.seats != c.seats


@pytest.mark.parametrize("method", ["batch", "engine"])
def test_a_numpy_int_seed_is_a_seed(method):
    # (the engine path gave "TypeError: The only supported seed types are: None, int, ...")
    game = Game.from_position(seed=0, **MID)
    assert (estimate_home(game, n=40, seed=np.int64(5), method=method).seats
            == estimate_home(game, n=40, seed=5, method=method).seats)


@pytest.mark.parametrize("method,n", [("batch", 3000), ("engine", 100)])
def test_hidden_values_do_not_matter(method, n):
    # same public position, different hidden values (the what-if seed draws them)
    one = Game.from_position(seed=1, **MID)
    two = Game.from_position(seed=2, **MID)
    assert one.to_json() != two.to_json()
    assert (estimate_home(one, n=n, seed=3, method=method).seats
            == estimate_home(two, n=n, seed=3, method=method).seats)


def test_the_game_is_left_alone():
    game = Game.from_position(seed=0, **MID)
    game.apply(Roll((1, 2)))
    before = game.to_json()
    estimate_home(game, n=500, seed=0)
    estimate_home(game, n=20, seed=0, method="engine")
    assert game.to_json() == before


def test_a_real_game_in_any_phase():
    game = Game(players=NAMES[:5], seed=8)
    view, bot, rng = PublicView(game), CautiousPolicy(), random.Random(8)
    checked = 0
    while not game.is_over and checked < 40:
        r = estimate_home(game, n=200, seed=checked)
        assert len(r) == 5 and all(0 <= p <= 1 for p in r.estimates)
        for s, d in enumerate(game.divers):
            if d.back:
                assert r[s].estimate == 1.0
        game.apply(bot.choose(view, rng))
        checked += 1


# ----- guard rails ------------------------------------------------------------------
def _finished_game():
    game = Game(players=NAMES[:2], seed=0)
    view, bot, rng = PublicView(game), CautiousPolicy(), random.Random(0)
    while not game.is_over:
        game.apply(bot.choose(view, rng))
    return game


@pytest.mark.parametrize("kwargs,field", [
    (dict(n=0), "n"), (dict(n=-5), "n"), (dict(n=10 ** 9), "n"), (dict(n=2.5), "n"), (dict(n=True), "n"), (dict(n="100"), "n"),
    (dict(policies="nobody"), "policies"), (dict(policies=["cautious"] * 3), "policies"),
    (dict(policies=["cautious", 7, "random", "random"]), r"policies\[1\]"), (dict(policies=42), "policies"),
    (dict(seed=-1), "seed"), (dict(seed="abc"), "seed"), (dict(seed=1.5), "seed"),
    (dict(method="fast"), "method"),
])
def test_bad_arguments_name_the_argument(kwargs, field):
    game = Game.from_position(seed=0, **MID)
    with pytest.raises(ValueError, match=f"^{field}"):
        estimate_home(game, **kwargs)


def test_a_finished_game_or_no_game_is_refused():
    with pytest.raises(ValueError, match="^game: the game is over"):
        estimate_home(_finished_game())
    with pytest.raises(ValueError, match="^game"):
        estimate_home(Game(players=2, seed=0).public_view())


def test_wilson_interval_known_values():
    from deepsea_widget.odds import wilson_interval

    low, high = wilson_interval(0.5, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    z2 = 1.959963984540054 ** 2
    assert wilson_interval(1.0, 4000) == (pytest.approx(4000 / (4000 + z2)), 1.0)  # all agreed: not a point
    assert wilson_interval(0.0, 10) == (0.0, pytest.approx(z2 / (10 + z2)))
    lows, highs = wilson_interval(np.array([0.0, 0.5, 1.0]), np.array([10, 100, 4000]))
    assert lows[1] == pytest.approx(low) and highs[0] == pytest.approx(z2 / (10 + z2))
    for bad in [dict(p=0.5, n=0), dict(p=1.5, n=10), dict(p=0.5, n=10, level=1)]:
        with pytest.raises(ValueError):
            wilson_interval(**bad)


def test_wilson_intervals_keep_their_coverage_near_certain_outcomes():
    """Near P = 1 the textbook estimate +- 1.96 standard errors covers the truth a third
    of the time (it is a point when every rollout agrees); the Wilson interval ~95%."""
    from deepsea_widget.odds import wilson_interval

    rng = np.random.default_rng(5)
    for p, n in [(0.999, 400), (0.9999, 4000), (0.3, 400)]:
        p_hat = rng.binomial(n, p, size=20_000) / n
        low, high = wilson_interval(p_hat, np.full(p_hat.size, n))
        wilson = np.mean((low <= p) & (p <= high))
        half = 1.96 * np.sqrt(p_hat * (1 - p_hat) / n)
        wald = np.mean(np.abs(p_hat - p) <= half)
        assert 0.92 <= wilson <= 0.99, (p, n, wilson)
        if p > 0.99:
            assert wald < 0.7, (p, n, wald)


def test_wilson_coverage_dips_where_the_lesson_says():
    """The exact coverage (a sum over the binomial distribution, no sampling) at its worst
    point, P = 0.17/n, as 02_odds_lesson, the README and the docstring state it: about 84%
    for Wilson, about 16% for estimate +- 1.96 standard errors."""
    from math import comb

    from deepsea_widget.odds import wilson_interval

    for n in (10, 200):
        p = 0.171 / n
        k = np.arange(n + 1)
        pmf = np.array([comb(n, int(i)) * p ** int(i) * (1 - p) ** (n - int(i)) for i in k])
        low, high = wilson_interval(k / n, np.full(n + 1, n))
        wilson = pmf[(low <= p) & (p <= high)].sum()
        half = 1.96 * np.sqrt(k / n * (1 - k / n) / n)
        wald = pmf[np.abs(k / n - p) <= half].sum()
        assert 0.83 < wilson < 0.85 and 0.15 < wald < 0.17, (n, wilson, wald)


def test_each_seat_gives_its_interval():
    game = Game(players=3, seed=4)
    r = estimate_home(game, n=500, seed=2)
    for seat in r:
        low, high = seat.interval()
        assert 0 <= low <= seat.estimate <= high <= 1
        assert seat.interval(0.99)[0] <= low
