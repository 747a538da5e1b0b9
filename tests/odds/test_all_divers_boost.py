"""p_home_all in a Boost game (RULES.md, "Boost"): each diver heading home boosts by its own
one-diver rule (or never, or always), against RULES.md played out literally in fractions through
every way of the solvers (`chain_ways`: the dense solver takes up to four divers, from the first
layer in its way; five or six are sorted), against the one-diver odds where the chain is one
diver, and the dense solver against the sorting one on bigger chains."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deepsea_widget.odds import boost_choice, p_home, p_home_all
from deepsea_widget.odds.all_divers import five_or_six_divers, four_divers, solve_chain
from deepsea_widget.odds.all_divers.four_divers_turns import DenseTurns
from deepsea_widget.odds.all_divers.variant_turns import VariantTurns
from deepsea_widget.rules import BOOST, Variant
from deepsea_widget.rules.air import breath

from chain_ways import WAYS, counting, solver

CHEAP = Variant("cheap boost", BOOST.dice, keep=2, boost_air=0)
DEAR = Variant("dear boost", BOOST.dice, keep=2, boost_air=3)
KEEP_ONE = Variant("keep one of four", ((1, 2), (0, 3), (1, 3), (0, 2)), keep=1, boost_air=1)


def brute_force(positions, chips, air, turn, variant=BOOST, boost="best", boosted=False):
    """The rules played out literally, in fractions: at the start of each turn the diver decides
    (by `boost_choice`, for its free distance, its items, the air before it breathes and the
    items of the others in the water), breathes (and pays the Boost), rolls every die, keeps the
    best two (all when boosting), and walks toward the sub counting free spaces only."""
    n = len(positions)

    def walk(pos, seat, steps):
        taken = {pos[j] for j in range(n) if j != seat and pos[j] > 0}
        x = pos[seat]
        while steps > 0:
            x -= 1
            if x <= 0:
                return 0
            if x not in taken:
                steps -= 1
        return x

    def boosts(pos, air, seat, first):
        if first and boosted:
            return True
        if boost != "best":
            return boost == "always"
        here = pos[seat]
        distance = here - sum(1 for j in range(n) if j != seat and 0 < pos[j] < here)
        others = sum(chips[j] for j in range(n) if j != seat and pos[j] > 0)
        return boost_choice(distance, chips[seat], air, others, variant=variant).should_boost

    @lru_cache(maxsize=None)
    def value(pos, air, seat, first):
        b = boosts(pos, air, seat, first)
        air -= breath(chips[seat]) + (variant.boost_air if b else 0)
        total = [Fraction(0)] * n
        for roll in variant.rolls:
            new = list(pos)
            new[seat] = walk(pos, seat, max(0, variant.best_total(roll, b) - chips[seat]))
            new = tuple(new)
            if air <= 0 or all(p == 0 for p in new):
                outcome = [Fraction(p == 0) for p in new]
            else:
                nxt = (seat + 1) % n
                while new[nxt] == 0:
                    nxt = (nxt + 1) % n
                outcome = value(new, air, nxt, False)
            for i in range(n):
                total[i] += outcome[i] / len(variant.rolls)
        return tuple(total)

    out = value(tuple(positions), air, turn, True)
    return [Fraction(1) if p == 0 else v for p, v in zip(positions, out)]


@st.composite
def small_positions(draw, max_seats=4, max_space=10, max_air=10, min_seats=1):
    n = draw(st.integers(min_seats, max_seats))
    spaces = draw(st.lists(st.integers(1, max_space), min_size=n, max_size=n, unique=True))
    home = draw(st.lists(st.booleans(), min_size=n, max_size=n)) if min_seats == 1 else [False] * n
    positions = [0 if h else s for s, h in zip(spaces, home)]
    assume(any(positions))
    chips = draw(st.lists(st.sampled_from([0, 0, 1, 1, 1, 2, 2, 3, 5, 8]), min_size=n, max_size=n))
    air = draw(st.integers(1, max_air))
    turn = draw(st.sampled_from([i for i in range(n) if positions[i] > 0]))
    return positions, chips, air, turn


def every_way(case, **kwargs) -> dict:
    """``p_home_all(*case, variant="boost", **kwargs)`` by each way of `chain_ways.WAYS`, checking
    which solver took it: the dense one in its way whenever up to four divers are in the water
    (from the first layer, or the second after a Boost declared already), never the box one."""
    kwargs = {"variant": "boost", **kwargs}
    in_water = sum(1 for p in case[0] if p > 0)
    out = {}
    for name in WAYS:
        with solver(name), counting(four_divers.DenseSolver, "run") as dense, \
                counting(five_or_six_divers.BoxSolver, "run") as box, counting(DenseTurns, "pair") as pairs:
            out[name] = p_home_all(*case, **kwargs)
        assert not box, name
        if name == "dense" and in_water <= 4 and not kwargs.get("boosted"):
            assert len(dense) == 1, name
            carrying = any(c > 0 for c, p in zip(case[1], case[0]) if p > 0) or kwargs.get("boost") == "always"
            if in_water == 2 and carrying:  # (two divers: looked up at once)
                assert pairs, name
        if name == "dense" and kwargs.get("boosted"):  # (the first layer sorted, the rest dense)
            assert len(dense) <= 1, name
        if in_water > 4:
            assert not dense, name
    return out


def assert_every_way_is(answers: dict, exact) -> None:
    for name, got in answers.items():
        assert got == pytest.approx([float(x) for x in exact], abs=1e-12), name


@settings(max_examples=120, deadline=None)
@given(small_positions(), st.sampled_from(["best", "never", "always"]), st.booleans())
def test_matches_the_rules_played_out_in_fractions(case, boost, boosted):
    exact = brute_force(*case, boost=boost, boosted=boosted)
    assert_every_way_is(every_way(case, boost=boost, boosted=boosted), exact)


@settings(max_examples=40, deadline=None)
@given(small_positions(max_seats=3, max_space=8, max_air=9), st.sampled_from([CHEAP, DEAR, KEEP_ONE]))
def test_other_variants_match_too(case, variant):
    exact = brute_force(*case, variant=variant)
    assert_every_way_is(every_way(case, variant=variant), exact)


@settings(max_examples=10, deadline=None)
@given(small_positions(max_seats=6, max_space=12, max_air=10, min_seats=5))
def test_five_and_six_divers_match(case):
    exact = brute_force(*case)
    assert_every_way_is(every_way(case), exact)


@pytest.mark.parametrize("case,variant,boost,boosted", [
    (([18, 22, 20, 16], [1, 1, 1, 1], 14, 0), BOOST, "best", False),
    (([12, 9, 11, 13], [2, 1, 2, 2], 22, 1), BOOST, "best", False),
    (([20, 26, 14, 23], [0, 4, 0, 2], 16, 0), BOOST, "best", False),  # (empty-handed divers boost too)
    (([20, 14, 26, 11], [1, 3, 0, 2], 18, 3), BOOST, "best", True),
    (([9, 31, 20], [3, 1, 0], 25, 1), BOOST, "always", False),
    (([24, 17, 29, 21], [1, 2, 1, 0], 16, 0), BOOST, "never", False),
    (([15, 20, 11, 24], [1, 0, 2, 1], 20, 0), KEEP_ONE, "best", False),
])
def test_dense_agrees_with_sorted_on_bigger_chains(case, variant, boost, boosted):
    """Chains of 10^4..10^6 states (beyond brute force here): the dense solver, from the first
    layer or after a few sorted ones, expanding groups of three or four divers by kind of turn
    and looking one or two left up in the variant's tables, gives the sorting solver's numbers."""
    def solved(name):
        stats = {}
        turns = VariantTurns(variant, boost, case[1], boosted)
        with solver(name), counting(four_divers.DenseSolver, "expand") as groups:
            got = solve_chain(*case, 10 ** 8, stats, turns=turns)
        assert abs(stats["total_probability"] - 1.0) <= 1e-12
        return got, stats["states"], len(groups)

    want, states, groups = solved("sorted")
    assert 10 ** 4 <= states <= 10 ** 6 and not groups
    for name in ("dense", "sorted-dense"):
        got, _, groups = solved(name)
        assert got == pytest.approx(want, abs=1e-12), name
        assert groups, name


def test_the_rules_worked_example_in_a_boost_game():
    """RULES.md's four divers (air 10, A to move): every diver heading home by its own rule."""
    case = ([10, 5, 6, 14], [1, 2, 2, 1], 10, 0)
    got = p_home_all(*case, variant="boost")
    assert got == pytest.approx([float(x) for x in brute_force(*case)], abs=1e-12)
    assert got != p_home_all(*case) and got[3] == 0.0


@pytest.mark.parametrize("distance,chips,air", [(5, 2, 9), (9, 1, 4), (6, 2, 4), (12, 3, 14), (3, 0, 2), (20, 1, 25)])
def test_one_diver_alone_is_the_one_diver_odds(distance, chips, air):
    """Alone in the water nobody else breathes: the chain is `p_home` with the best rule, and a
    Boost declared already is `boost_choice`'s ``if_boost``."""
    assert p_home_all([distance], [chips], air, 0, variant="boost")[0] == pytest.approx(
        p_home(distance, chips, air, 0, variant="boost", boost="best"), abs=1e-14)
    assert p_home_all([distance], [chips], air, 0, variant="boost", boost="never")[0] == pytest.approx(
        p_home(distance, chips, air, 0, variant="boost", boost="never"), abs=1e-14)
    assert p_home_all([distance], [chips], air, 0, variant="boost", boosted=True)[0] == pytest.approx(
        boost_choice(distance, chips, air, 0).if_boost, abs=1e-14)


def test_the_original_game_is_unchanged_by_naming_it():
    case = ([10, 5, 6, 14], [1, 2, 2, 1], 10, 0)
    assert p_home_all(*case, variant="classic") == p_home_all(*case) == \
        p_home_all(*case, variant="classic", boost="never")


def test_empty_handed_divers_may_boost_when_the_others_breathing_could_end_the_dive():
    """Bob carries nothing, but Ann's items use the air: with little left, Bob boosting to get
    home sooner is his one-diver rule's choice, and the chain plays it."""
    case = ([3, 12], [4, 0], 7, 1)
    assert boost_choice(11, 0, 7, 4).should_boost
    best, never = p_home_all(*case, variant="boost"), p_home_all(*case, variant="boost", boost="never")
    assert best[1] > never[1]
    assert best == pytest.approx([float(x) for x in brute_force(*case)], abs=1e-12)


@pytest.mark.parametrize("kwargs,match", [
    (dict(variant="turbo"), "variant"),
    (dict(boost="sometimes", variant="boost"), "boost must be"),
    (dict(boost="always"), "boost='always' needs a variant with a Boost"),
    (dict(boosted=True), "boosted: 'classic' has no Boost"),
    (dict(boosted=1, variant="boost"), "boosted must be True or False"),
])
def test_bad_arguments_say_which_and_why(kwargs, match):
    with pytest.raises(ValueError, match=match):
        p_home_all([10, 5], [1, 2], 10, 0, **kwargs)
