"""p_home_all (exact with skipping) against RULES.md, a plain brute force, and p_home where it is exact."""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deepsea_widget.odds import DEFAULT_MAX_STATES, StateBudgetExceeded, p_home, p_home_all
from deepsea_widget.odds import all_divers
from deepsea_widget.odds.game_odds import free_distance

from chain_ways import WAYS, solver


def each_solver(case):
    """p_home_all's answer for ``case`` from each way."""
    out = {}
    for name in WAYS:
        with solver(name):
            out[name] = p_home_all(*case)
    return out

DICE = [(a + b) for a in (1, 2, 3) for b in (1, 2, 3)]  # the 9 equally likely sums


def brute_force(positions, chips, air, turn, one=1.0):
    """RULES.md played out literally: recursion over (positions, air, seat to move), no cleverness.
    ``one=Fraction(1)``: in exact fractions."""
    n = len(positions)

    def move(pos, seat, steps):
        taken = {pos[j] for j in range(n) if j != seat and pos[j] > 0}
        x = pos[seat]
        while steps > 0:
            x -= 1
            if x <= 0:
                return 0  # reached or passed the sub
            if x not in taken:
                steps -= 1  # only free spaces count
        return x

    @lru_cache(maxsize=None)
    def value(pos, air, seat):
        air -= chips[seat]  # breathe at the start of its own turn
        total = [0 * one] * n
        for dice in DICE:
            new = list(pos)
            new[seat] = move(pos, seat, max(0, dice - chips[seat]))
            new = tuple(new)
            if air <= 0 or all(p == 0 for p in new):  # the dive ends after this move
                outcome = [one if p == 0 else 0 * one for p in new]
            else:
                nxt = (seat + 1) % n
                while new[nxt] == 0:
                    nxt = (nxt + 1) % n
                outcome = value(new, air, nxt)
            for i in range(n):
                total[i] += outcome[i] / 9
        return tuple(total)

    if all(p == 0 for p in positions):
        return [one] * n
    out = value(tuple(positions), air, turn)
    return [one if p == 0 else v for p, v in zip(positions, out)]


def test_rules_worked_example():
    # RULES.md: air 10, A's turn; A on 10 with 1 item, B on 5 with 2, C on 6 with 2, D on 14 with 1.
    probs = p_home_all([10, 5, 6, 14], [1, 2, 2, 1], 10, 0)
    assert [round(p, 6) for p in probs] == [0.296754, 0.598234, 0.443358, 0.0]
    assert probs[3] == 0.0
    assert all(type(p) is float for p in probs)
    # ... and the fixed-k table would have said 0.0123 for A: RULES.md counts A's trail space 10 there;
    # by its own definition (free spaces + 1, B and C are jumped) A's distance is 8, and fixed k gives 5/27
    assert round(p_home(10, 1, 10, 5), 4) == 0.0123
    assert free_distance(10, {5, 6, 14}) == 8 and p_home(8, 1, 10, 5, exact=True) == Fraction(5, 27)


def test_worked_example_matches_brute_force():
    case = ([10, 5, 6, 14], [1, 2, 2, 1], 10, 0)
    exact = brute_force(*case)
    for name, probs in each_solver(case).items():
        assert probs == pytest.approx(exact, abs=1e-12), name


@st.composite
def small_positions(draw, max_seats=5, max_space=12, max_air=12):
    n = draw(st.integers(1, max_seats))
    spaces = draw(st.lists(st.integers(1, max_space), min_size=n, max_size=n, unique=True))
    home = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    positions = [0 if h else s for s, h in zip(spaces, home)]
    assume(any(positions))
    chips = draw(st.lists(st.sampled_from([0, 0, 1, 1, 1, 2, 2, 3, 4, 5, 6, 8]), min_size=n, max_size=n))
    air = draw(st.integers(1, max_air))
    turn = draw(st.sampled_from([i for i in range(n) if positions[i] > 0]))
    return positions, chips, air, turn


@settings(max_examples=150, deadline=None)
@given(small_positions())
def test_matches_brute_force(case):
    exact = brute_force(*case)
    for name, probs in each_solver(case).items():
        assert probs == pytest.approx(exact, abs=1e-12), name


@settings(max_examples=25, deadline=None)
@given(small_positions(max_seats=6, max_space=16, max_air=16))
def test_matches_brute_force_bigger(case):
    exact = brute_force(*case)
    for name, probs in each_solver(case).items():
        assert probs == pytest.approx(exact, abs=1e-12), name


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_one_mover_among_static_divers_is_p_home(data):
    """Exactly when the fixed-k model holds: every other diver in the water carries 6 or more items.

    They never move (no roll is above their load), so they never come between
    the mover and the sub in a way the distance has not already counted (it
    counts free spaces), they never get home, and they breathe the same every
    round: k is truly fixed. (Other divers that move can overtake it or get
    home and stop breathing, so p_home is then only an approximation.)
    """
    n = data.draw(st.integers(1, 6))
    positions = data.draw(st.lists(st.integers(1, 30), min_size=n, max_size=n, unique=True))
    for i in range(n):
        if data.draw(st.booleans()) and sum(p > 0 for p in positions) > 1:
            positions[i] = 0
    in_water = [i for i in range(n) if positions[i] > 0]
    mover = data.draw(st.sampled_from(in_water))
    chips = [data.draw(st.integers(6, 9)) for _ in range(n)]
    chips[mover] = data.draw(st.integers(0, 5))
    air = data.draw(st.integers(1, 25))
    turn = data.draw(st.sampled_from(in_water))
    probs = p_home_all(positions, chips, air, turn)

    others = [j for j in in_water if j != mover]
    distance = positions[mover] - sum(positions[j] < positions[mover] for j in others)
    k = sum(chips[j] for j in others)
    # air left when the mover's first turn starts: the divers before it breathe first
    before, seat = 0, turn
    while seat != mover:
        before += chips[seat] if positions[seat] > 0 else 0
        seat = (seat + 1) % n
    expected = 0.0 if air - before <= 0 else p_home(distance, chips[mover], air - before, k)
    assert probs[mover] == pytest.approx(expected, abs=1e-12)
    for j in range(n):
        if j != mover:
            assert probs[j] == (1.0 if positions[j] == 0 else 0.0)


@settings(deadline=None)  # timing belongs in benchmarks/, not in a pass/fail test
@given(d=st.integers(1, 32), c=st.integers(0, 8), air=st.integers(1, 25), seats=st.integers(1, 6),
       seat=st.integers(0, 5))
def test_a_single_diver_in_the_water_is_p_home(d, c, air, seats, seat):
    seat %= seats
    positions = [0] * seats
    positions[seat] = d
    chips = [3] * seats  # items of divers back in the sub are irrelevant
    chips[seat] = c
    probs = p_home_all(positions, chips, air, seat)
    assert probs[seat] == pytest.approx(p_home(d, c, air, 0), abs=1e-12)
    assert [p for i, p in enumerate(probs) if i != seat] == [1.0] * (seats - 1)


@settings(max_examples=60, deadline=None)
@given(small_positions(max_seats=4, max_space=14, max_air=14), st.integers(0, 4), st.integers(0, 5))
def test_a_diver_back_in_the_sub_changes_nothing(case, where, its_chips):
    positions, chips, air, turn = case
    where = min(where, len(positions))
    before = p_home_all(positions, chips, air, turn)
    positions2 = positions[:where] + [0] + positions[where:]
    chips2 = chips[:where] + [its_chips] + chips[where:]
    turn2 = turn + (where <= turn)
    after = p_home_all(positions2, chips2, air, turn2)
    assert after[where] == 1.0
    assert after[:where] + after[where + 1:] == pytest.approx(before, abs=1e-12)


def test_trivial_positions():
    assert p_home_all([0, 0, 0], [1, 2, 3], 5, 1) == [1.0, 1.0, 1.0]  # everyone is back
    assert p_home_all([30, 29, 0], [0, 0, 4], 1, 0) == [1.0, 1.0, 1.0]  # nobody out there breathes
    assert p_home_all([5, 9], [6, 7], 25, 0) == [0.0, 0.0]  # nobody can move
    assert p_home_all([1, 2], [1, 1], 1, 0) == [1.0, 0.0]  # A is home on its last breath; B never moves


def test_accepts_tuples_and_numpy():
    import numpy as np  # a dependency of the package: never skipped
    a = p_home_all((10, 5, 6, 14), (1, 2, 2, 1), 10, 0)
    b = p_home_all(np.array([10, 5, 6, 14]), np.array([1, 2, 2, 1]), np.int64(10), np.int64(0))
    assert a == b


@pytest.mark.parametrize("args, match", [
    (([3, -1], [1, 1], 10, 0), r"positions\[1\] = -1"),
    (([4, 4], [1, 1], 10, 0), r"positions\[0\] and positions\[1\] are both 4"),
    (([4, 1001], [1, 1], 10, 0), r"positions\[1\] = 1001: beyond any trail"),
    (([4, 5], [1], 10, 0), "chips has 1 entries but positions has 2"),
    (([4, 5], [1, -2], 10, 0), r"chips\[1\] = -2"),
    (([4, 5], [1, 1], 0, 0), "air.*already ended"),
    (([4, 5], [1, 1], 26, 0), "air must be at most 25"),
    (([4, 5], [1, 1], 10, 2), "turn = 2: no such seat"),
    (([4, 5], [1, 1], 10, -1), "turn = -1: no such seat"),
    (([0, 5], [1, 1], 10, 0), "turn = 0: that seat is back in the submarine"),
    (([], [], 10, 0), "1 to 6 seats"),
    (([1, 2, 3, 4, 5, 6, 7], [0] * 7, 10, 0), "1 to 6 seats"),
    (([4.5, 5], [1, 1], 10, 0), r"positions\[0\] must be an integer"),
    (([4, 5], [1, True], 10, 0), r"chips\[1\] must be an integer"),
    (("45", [1, 1], 10, 0), "positions must be a list"),
    (({0: 3, 1: 5}, [1, 1], 10, 0), "positions must be a list"),
    (({3, 5}, [1, 1], 10, 0), "positions must be a list"),
    (([4, 5], {0: 1, 1: 1}, 10, 0), "chips must be a list"),
    (([4, 5], 2, 10, 0), "chips must be a list"),
    (([4, 5], [1, 1], 10, 1.0), "turn must be an integer"),
])
def test_bad_arguments_say_which_and_why(args, match):
    with pytest.raises(ValueError, match=match):
        p_home_all(*args)


def test_state_budget():
    position = ([20, 25, 30, 28], [1, 1, 1, 1], 25, 0)
    with pytest.raises(StateBudgetExceeded, match="max_states=1,000") as info:
        p_home_all(*position, max_states=1000)
    assert isinstance(info.value, RuntimeError)
    assert info.value.budget == 1000 and info.value.states > 1000
    assert "estimate_home" in str(info.value)
    with pytest.raises(ValueError, match="max_states"):
        p_home_all(*position, max_states=1.5)
    with pytest.raises(ValueError, match="max_states must be at least 1"):
        p_home_all(*position, max_states=0)
    assert DEFAULT_MAX_STATES >= 6_000_000  # the deep 6-diver benchmark position fits


@pytest.mark.parametrize("name", WAYS)
@pytest.mark.parametrize("position", [
    ([10, 5, 6, 14], [1, 2, 2, 1], 10, 0),
    ([12, 9, 15, 4, 11], [1, 0, 2, 1, 3], 14, 2),
    ([8, 0, 13, 7, 10, 3], [2, 1, 0, 1, 6, 1], 16, 5),
])
def test_probability_is_conserved(position, name):
    positions, chips, air, turn = position
    in_water = [i for i in range(len(positions)) if positions[i] > 0]
    stats = {}
    with solver(name):
        all_divers.solve_chain([positions[i] for i in in_water], [chips[i] for i in in_water], air,
                               in_water.index(turn), 10 ** 7, stats)
    assert abs(stats["total_probability"] - 1.0) <= 1e-12
    assert stats["states"] > 0 and stats["layers"] > 0


def test_solvers_agree_on_big_chains():
    """Chains of 10^4..10^6 states (beyond brute force here): every way gives the same numbers,
    and the box and sorting solvers count the same states (the dense one counts a state once
    per group it arrives from, and looks a lone diver's chance up instead of expanding it)."""
    cases = [([18, 22, 20, 16], [1, 1, 1, 1], 14, 0), ([12, 9, 11, 13], [2, 1, 2, 2], 22, 1),
             ([14, 9, 18, 6, 12], [1, 2, 1, 0, 2], 13, 3), ([30, 22, 27, 25], [0, 0, 0, 1], 25, 2),
             ([9, 31, 20], [3, 1, 0], 25, 1), ([32, 1], [1, 4], 25, 0)]
    for case in cases:
        answers, counts = {}, {}
        for name in WAYS:
            stats = {}
            with solver(name):
                answers[name] = all_divers.solve_chain(*case, 10 ** 8, stats)
            counts[name] = stats["states"]
            assert abs(stats["total_probability"] - 1.0) <= 1e-12
        for name in WAYS:
            assert answers[name] == pytest.approx(answers["sorted"], abs=1e-13), name
        assert counts["box"] == counts["sorted-box"] == counts["sorted"]
        assert counts["sorted"] > 10_000 or len(case[0]) < 4
        assert counts["dense"] > 0


def test_which_solver_takes_which_layer():
    """Sorting while layers are small; up to four divers on the trail go dense after that, five
    or six divers to the box solver; what-ifs beyond the trail with fewer are sorted to the end."""
    from deepsea_widget.odds.all_divers.chain import Chain
    from deepsea_widget.odds.all_divers.five_or_six_divers import BoxSolver
    from deepsea_widget.odds.all_divers.four_divers import DenseSolver
    from deepsea_widget.odds.all_divers.which_solver import SMALL_BOX_LAYER, SMALL_LAYER, big_layer_solver

    four = Chain([32, 31, 30, 29], [1] * 4, 10 ** 6)
    assert big_layer_solver(four, SMALL_LAYER) is None
    big = big_layer_solver(four, SMALL_LAYER + 1)
    assert isinstance(big, DenseSolver)
    big.run()  # (nothing queued: it hands its memory back)
    for many in (Chain([5, 6, 7, 8, 9], [1] * 5, 10 ** 6), Chain([40, 6, 7, 8, 9, 3], [1] * 6, 10 ** 6)):
        assert big_layer_solver(many, SMALL_BOX_LAYER) is None
        assert isinstance(big_layer_solver(many, SMALL_BOX_LAYER + 1), BoxSolver)
    assert big_layer_solver(Chain([40, 10], [1, 1], 10 ** 6), 10 ** 9) is None


def test_what_ifs_beyond_the_trail_with_up_to_four_divers_are_sorted_to_the_end():
    """No other solver takes them: every way that leaves them alone gives the same floats, bit for bit."""
    answers = each_solver(([40, 10, 20], [1, 0, 1], 12, 0))
    assert answers["dense"] == answers["sorted-dense"] == answers["sorted"]


# 5- and 6-diver positions: a game's, deep ones (bench_odds_exact.py's "5 divers" and "6 divers"),
# divers home, empty-handed, never moving, beyond the trail; and RULES.md's example (4 divers)
BOX_CASES = [
    ([10, 5, 6, 14], [1, 2, 2, 1], 10, 0),
    ([12, 7, 15, 4, 10], [1, 2, 1, 2, 1], 15, 0),
    ([14, 9, 18, 6, 12, 20], [1, 2, 1, 2, 1, 2], 16, 0),
    ([14, 9, 18, 6, 12], [1, 2, 1, 0, 2], 13, 3),
    ([8, 0, 13, 7, 10, 3], [2, 1, 0, 1, 6, 1], 16, 5),
    ([22, 17, 25, 11, 30, 19], [1, 1, 2, 1, 2, 2], 12, 2),
    ([18, 0, 14, 11, 9, 19], [1, 0, 2, 1, 1, 0], 14, 2),
    ([31, 3, 27, 9, 0, 15], [2, 1, 1, 3, 4, 1], 25, 1),
    ([3, 1, 5, 2, 4, 6], [1, 1, 1, 1, 1, 1], 25, 4),
    ([40, 20, 33, 28, 12], [2, 1, 2, 1, 1], 16, 0),
]


@pytest.mark.parametrize("case", BOX_CASES)
def test_the_box_solver_agrees_with_the_sorting_solver(case):
    """From the first layer or after a few, and as p_home_all chooses: within 1e-12 of the
    sorting solver alone, the same states counted, probability conserved."""
    positions, chips, air, turn = case
    in_water = [i for i in range(len(positions)) if positions[i] > 0]
    question = ([positions[i] for i in in_water], [chips[i] for i in in_water], air, in_water.index(turn))
    answers, counts = {}, {}
    for name in ("sorted", "box", "sorted-box"):
        stats = {}
        with solver(name):
            answers[name] = all_divers.solve_chain(*question, 10 ** 8, stats)
            answers[name, "p_home_all"] = p_home_all(*case, max_states=10 ** 8)
        counts[name] = stats["states"]
        assert abs(stats["total_probability"] - 1.0) <= 1e-12
    for name in ("box", "sorted-box"):
        assert answers[name] == pytest.approx(answers["sorted"], abs=1e-12, rel=0), name
        assert answers[name, "p_home_all"] == pytest.approx(answers["sorted", "p_home_all"], abs=1e-12, rel=0)
        assert counts[name] == counts["sorted"]
    assert p_home_all(*case, max_states=10 ** 8) == pytest.approx(answers["sorted", "p_home_all"], abs=1e-12, rel=0)


@pytest.mark.parametrize("knobs", [{"_SLAB": 64}, {"_SCAN": 512}, {"_BOX_CAP": 8}, {"_CHUNK": 7},
                                   {"_DECODE_TABLE": 4}, {"_BOX_CAP": 60, "_SLAB": 16, "_SCAN": 5}])
def test_the_box_solvers_internal_paths_agree(monkeypatch, knobs):
    """Cut the box into many slabs, scan in tiny pieces, sort the layers whose box is too big
    (and box the next in slabs), decode without tables: the same numbers."""
    from deepsea_widget.odds.all_divers import five_or_six_divers_box

    cases = [BOX_CASES[0], BOX_CASES[3], BOX_CASES[4], ([12, 9, 15, 4, 11], [1, 0, 2, 1, 3], 14, 2)]
    with solver("sorted"):
        expected = [p_home_all(*c) for c in cases]
    for knob, value in knobs.items():
        monkeypatch.setattr(five_or_six_divers_box, knob, value)
    with solver("box"):  # the box solver from the first layer
        for case, want in zip(cases, expected):
            assert p_home_all(*case) == pytest.approx(want, abs=1e-12, rel=0)


def test_a_sorted_layer_comes_out_in_diver_0s_order():
    """As a box's scan does: the box solver cuts the next layer's batches into slabs by it."""
    import numpy as np

    from deepsea_widget.odds.all_divers.five_or_six_divers_box import Candidates, range_of, sorted_states

    rng = np.random.default_rng(5)
    pos = tuple(rng.integers(0, 33, 5000) for _ in range(5))
    cand = Candidates(5)
    moved = rng.integers(0, 33, 5000)  # diver 2's new positions
    cand.add(pos, [range_of(p) for p in pos], 2, moved, rng.random(5000), range_of(moved))
    first = np.concatenate([states[0] for states, _ in sorted_states(cand, 32)])
    assert first.size > 4000 and (np.diff(first) >= 0).all()


def test_probabilities_are_in_range():
    probs = p_home_all([14, 3, 22, 9, 17, 6], [1, 2, 0, 3, 1, 2], 12, 3)
    assert all(0.0 <= p <= 1.0 for p in probs)
    assert not any(math.isnan(p) for p in probs)


def test_a_diver_sure_to_get_home_gets_exactly_one():
    # 10 turns of at least 1 space each for 7 spaces (1 item, nobody else breathes): sure
    assert p_home_all([7], [1], 10, 0) == [1.0]
    # the diver on space 3 carries 1 and the others 3 in all: at least ceil(10 / 4) = 3 turns
    # of at least 1 space each cover its 3 spaces; the chain's sum of many small
    # probabilities alone came to 0.9999999999999998
    assert p_home_all([3, 5, 7], [1, 2, 1], 10, 0)[0] == 1.0


@pytest.mark.parametrize("case, seat", [
    # found by an audit: a sure diver got 1.0000000000000002, 1.0000000000000004 and
    # 0.9999999999999999, when what was lost was settled as what was left of 1
    (([1, 8, 7, 11], [0, 2, 3, 3], 10, 0), 0),
    (([10, 2, 4, 9], [2, 0, 2, 3], 9, 3), 1),
    (([10, 9], [1, 1], 19, 1), 0),
    (([10, 9], [1, 1], 19, 1), 1),
])
def test_a_sure_diver_gets_exactly_one_by_every_solver(case, seat):
    assert brute_force(*case, one=Fraction(1))[seat] == 1
    for name, probs in each_solver(case).items():
        assert probs[seat] == 1.0, (name, probs)


@settings(max_examples=120, deadline=None)
@given(small_positions(max_seats=4, max_space=11))
def test_never_above_one_and_exactly_one_or_zero_when_sure(case):
    exact = brute_force(*case, one=Fraction(1))
    for name, probs in each_solver(case).items():
        assert all(0.0 <= p <= 1.0 for p in probs), (name, probs)
        for p, want in zip(probs, exact):
            if want in (0, 1):
                assert p == want, (name, probs, exact)
            else:  # (never 1.0 or 0.0 unless sure: a reader takes "100%" for sure)
                assert 0.0 < p < 1.0, (name, probs, exact)


def test_a_chance_that_rounds_to_one_but_is_not_sure_is_never_one():
    # 19 spaces with 1 item and 18 turns of at least 1 space: lost only if all 18 rolls are
    # the lowest, 9**-18, and 1 - 9**-18 is the float 1.0; the divers panel read "100%, exact"
    assert p_home_all([19], [1], 18, 0) == [math.nextafter(1.0, 0.0)]
    assert p_home_all([18], [1], 18, 0) == [1.0]  # one space nearer: sure
