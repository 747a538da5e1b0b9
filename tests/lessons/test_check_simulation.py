"""The simulation checker's verdicts: a correct simulation passes; two wrong ones fail, each on the
positions its mistake changes and by about the standard errors that mistake predicts; a function
that cannot be checked gets a clear message."""
from __future__ import annotations

import math
import re

import numpy as np
import pytest

from deepsea_widget.lessons import DEFAULT_CASES, SimulationCheckError, check_simulation
from deepsea_widget.odds import p_home, p_reach


def gets_home(distance, chips, air, others, rng):
    """RULES.md's turn by turn, as a student writes it."""
    while True:
        air -= chips
        roll = rng.randint(1, 3) + rng.randint(1, 3)
        distance -= max(0, roll - chips)
        if distance <= 0:
            return True
        if air <= 0:
            return False
        air -= others
        if air <= 0:
            return False


def rounds_down(distance, chips, air, others, rng):
    """Wrong: exactly N moves, but N = air // (chips + others) (the last, partial round lost)."""
    turns = air // (chips + others)
    moved = sum(max(0, rng.randint(1, 3) + rng.randint(1, 3) - chips) for _ in range(turns))
    return moved >= distance


def ignores_the_others_turn(distance, chips, air, others, rng):
    """Wrong: the dive only ends on the diver's own turn (the others' breath never ends it)."""
    while True:
        air -= chips
        distance -= max(0, rng.randint(1, 3) + rng.randint(1, 3) - chips)
        if distance <= 0:
            return True
        if air <= 0:
            return False
        air -= others


def expected_shift(case, turns, dives):
    """Where a simulation that gives the diver ``turns`` moves lands, in standard errors of a
    correct one, and how much its own noise spreads that (in the same units)."""
    d, c, a, k = case
    p, wrong = p_home(d, c, a, k), p_reach(d, c, turns)
    se = math.sqrt(p * (1 - p) / dives)
    return (wrong - p) / se, math.sqrt(wrong * (1 - wrong) / dives) / se


def named_in_verdict(result, case):
    return case.position in result.verdict and case.off_by in result.verdict


@pytest.mark.parametrize("seed", [0, 1, "class 3B"])
def test_a_correct_simulation_passes(seed):
    result = check_simulation(gets_home, seed=seed)
    assert result.passed and result.disagreements == []
    assert result.verdict.startswith("PASS: gets_home agrees with the exact odds in all 9 positions")
    for case in result.cases:
        assert case.agrees and case.low <= float(case.exact) <= case.high
        assert abs(case.standard_errors) < 3.5  # (inside its 99.89% interval: |z| < 3.26)
        assert case.exact == p_home(case.distance, case.chips, case.air, case.others, exact=True)
    assert [(c.distance, c.chips, c.air, c.others) for c in result.cases] == list(DEFAULT_CASES)
    assert "exact chance (p_home)" in str(result) and "<table>" in result._repr_html_()


def test_the_same_seed_gives_the_same_dice():
    a, b, c = (check_simulation(gets_home, seed=s) for s in (5, 5, 6))
    assert [x.home for x in a.cases] == [x.home for x in b.cases] != [x.home for x in c.cases]


def test_rounding_the_turns_down_is_caught_where_the_last_round_is_partial():
    result = check_simulation(rounds_down, seed=0)
    assert not result.passed and result.verdict.startswith("FAIL: rounds_down disagrees")
    partial = {case for case in DEFAULT_CASES if case[2] % (case[1] + case[3])}
    assert {(c.distance, c.chips, c.air, c.others) for c in result.disagreements} == partial
    assert len(partial) == 5
    for case in result.cases:
        key = (case.distance, case.chips, case.air, case.others)
        if key in partial:
            shift, spread = expected_shift(key, case.air // (case.chips + case.others), case.dives)
            assert shift < -10 and abs(case.standard_errors - shift) <= 4 * spread + 1e-9
            assert named_in_verdict(result, case) and "too low" in case.off_by
        else:  # a whole number of rounds: rounding down changes nothing there
            assert case.agrees
    assert "gets home too rarely" in result.verdict
    assert re.search(r"distance 12, 1 item, air 14, others breathe 3: home \d+\.\d%, exact 58\.4%: "
                     r"\d+\.\d standard errors too low", result.verdict)


def test_forgetting_that_the_dive_ends_on_another_divers_turn_is_caught():
    result = check_simulation(ignores_the_others_turn, seed=0)
    assert not result.passed
    extra = {case for case in DEFAULT_CASES if case[3] and -(-(case[2] + case[3]) // (case[1] + case[3]))
             > -(-case[2] // (case[1] + case[3]))}
    assert extra == {(6, 2, 10, 3), (4, 2, 4, 2), (9, 2, 11, 2), (12, 1, 14, 3)}
    assert {(c.distance, c.chips, c.air, c.others) for c in result.disagreements} == extra
    for case in result.disagreements:
        key = (case.distance, case.chips, case.air, case.others)
        turns = -(-(case.air + case.others) // (case.chips + case.others))  # its extra turn
        shift, spread = expected_shift(key, turns, case.dives)
        assert shift > 10 and abs(case.standard_errors - shift) <= 4 * spread + 1e-9
        assert named_in_verdict(result, case) and "too high" in case.off_by
    assert "gets home too often" in result.verdict


def test_an_impossible_result_is_infinitely_many_standard_errors_off():
    result = check_simulation(lambda d, c, a, k, rng: rng.random() < 2, cases=[(3, 6, 10, 0), (1, 0, 5, 0)])
    never, always = result.cases
    assert never.exact == 0 and never.standard_errors == math.inf and not never.agrees
    assert "impossible: the exact chance is 0 (it can never get home)" in result.verdict
    assert always.exact == 1 and always.standard_errors == 0 and always.agrees


def test_a_numpy_bool_counts_as_true_or_false():
    assert check_simulation(lambda *args: np.bool_(gets_home(*args)), cases=[(6, 2, 10, 3)]).passed


def test_a_function_that_raises_is_named_with_its_error():
    def broken(distance, chips, air, others, rng):
        return distance / (chips - 2) > rng.random()

    with pytest.raises(SimulationCheckError, match=r"broken\(6, 2, 10, 3, rng\) raised ZeroDivisionError: "
                                                   r"division by zero \(dive 1 of this position\)") as err:
        check_simulation(broken)
    assert isinstance(err.value.__cause__, ZeroDivisionError)  # (its traceback shows the student's line)


@pytest.mark.parametrize("returned, words", [
    (None, r"returned None \(NoneType\), not True or False: .* Did a path end without `return`\?"),
    (1, r"returned 1 \(int\), not True or False: end every path with `return True`"),
    ("yes", r"returned 'yes' \(str\), not True or False"),
])
def test_a_function_that_returns_something_else_is_refused(returned, words):
    def sloppy(distance, chips, air, others, rng):
        rng.randint(1, 3)
        return returned

    with pytest.raises(SimulationCheckError, match=r"sloppy\(6, 2, 10, 3, rng\) " + words):
        check_simulation(sloppy)


def test_a_function_that_never_uses_rng_or_never_stops_is_refused():
    with pytest.raises(SimulationCheckError, match=r"returned without drawing from rng: roll each die with "
                                                   r"rng.randint\(1, 3\)"):
        check_simulation(lambda distance, chips, air, others, rng: True)

    def forgets_to_breathe(distance, chips, air, others, rng):
        while air > 0:
            distance -= max(0, rng.randint(1, 3) + rng.randint(1, 3) - chips)
        return distance <= 0

    with pytest.raises(SimulationCheckError, match=r"forgets_to_breathe\(6, 2, 10, 3, rng\) drew more than "
                                                   r"10,000 random numbers in one dive .* its loop does not end"):
        check_simulation(forgets_to_breathe)

    def swallows_the_stop(distance, chips, air, others, rng):
        for _ in range(20_000):
            try:
                rng.random()
            except Exception:
                pass
        return True

    with pytest.raises(SimulationCheckError, match="drew more than 10,000 random numbers in one dive"):
        check_simulation(swallows_the_stop)


@pytest.mark.parametrize("kwargs, words", [
    (dict(gets_home=3), r"gets_home: must be a function \(distance, chips, air, others, rng\)"),
    (dict(gets_home=lambda d, c, a, rng: True), r"gets_home: must take five arguments"),
    (dict(cases=[(6, 2, 10, 3), (4, 2, 0, 2)]), r"cases\[1\]: air must be at least 1"),
    (dict(cases=[(6, 2, 10)]), r"cases\[0\]: must be \(distance, chips, air, others\)"),
    (dict(cases=[(6, 2.5, 10, 3)]), r"cases\[0\]: chips must be an integer"),
    (dict(cases=[]), r"cases: give 1 to 100 positions, got 0"),
    (dict(cases="6, 2, 10, 3"), r"cases: must be a list"),
    (dict(dives=10), r"dives: a whole number of dives per position, 100 to 1,000,000, got 10"),
    (dict(dives=True), r"dives: .* got True"),
    (dict(seed=1.5), r"seed: an integer or a string"),
    (dict(level=1), r"level: the chance a correct simulation passes, strictly between 0 and 1"),
])
def test_bad_arguments_are_named(kwargs, words):
    kwargs = {"gets_home": gets_home, **kwargs}
    with pytest.raises(ValueError, match=words):
        check_simulation(**kwargs)
