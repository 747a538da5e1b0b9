"""Points banked on a dive: exact expectations and variances against brute force."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from deepsea_widget.odds import p_home
from deepsea_widget.odds.points import certainty_equivalent, dive_points, value_distribution
from deepsea_widget.rules.chips import LEVEL_MEAN, LEVEL_VALUES


def test_values_are_drawn_without_replacement_from_the_levels_eight():
    one = value_distribution([1])
    assert one == {0: Fraction(1, 4), 1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4)}
    # two level-1 chips: every ordered pair of the eight chips, none twice
    chips = LEVEL_VALUES[1]
    pairs = [a + b for a, b in itertools.permutations(range(8), 2) for a, b in [(chips[a], chips[b])]]
    brute = {v: Fraction(pairs.count(v), len(pairs)) for v in set(pairs)}
    assert value_distribution([1, 1]) == dict(sorted(brute.items()))
    mixed = value_distribution([2, 4, 4])
    assert sum(mixed.values()) == 1
    assert sum(v * p for v, p in mixed.items()) == Fraction(int(2 * (LEVEL_MEAN[2] + 2 * LEVEL_MEAN[4])), 2)
    with pytest.raises(ValueError, match=r"levels\[1\]: a chip level is 1, 2, 3 or 4"):
        value_distribution([1, 5])


def test_expected_points_are_p_home_times_the_level_means_and_the_variance_is_exact():
    pts = dive_points(9, [2, 3], 14, 2)
    p = p_home(9, 2, 14, 2, exact=True)
    assert pts.p_home == p
    assert pts.mean == p * Fraction(int(2 * (LEVEL_MEAN[2] + LEVEL_MEAN[3])), 2)
    # the variance by brute force over the joint draws
    values = [a + b for a in LEVEL_VALUES[2] for b in LEVEL_VALUES[3]]
    second = sum(Fraction(v * v, len(values)) for v in values)
    assert pts.variance == p * second - pts.mean ** 2
    assert sum(pts.distribution.values()) == 1 and pts.distribution[0] >= 1 - p


def test_a_simulation_agrees_with_the_exact_mean_and_variance():
    rng = random.Random(1)
    pts = dive_points(6, [1, 4], 12, 1)
    p = float(pts.p_home)
    draws = []
    for _ in range(40_000):
        home = rng.random() < p
        draws.append((rng.choice(LEVEL_VALUES[1]) + rng.choice(LEVEL_VALUES[4])) if home else 0)
    mean = sum(draws) / len(draws)
    var = sum((d - mean) ** 2 for d in draws) / (len(draws) - 1)
    assert abs(mean - float(pts.mean)) < 4 * (var / len(draws)) ** 0.5
    assert var == pytest.approx(float(pts.variance), rel=0.05)


def test_a_risk_averse_diver_can_prefer_the_smaller_mean():
    safe, bold = dive_points(8, [2], 8, 0), dive_points(8, [2, 4], 8, 0)  # 8 out, air 8: one item, or a level-4 too
    assert bold.mean > 2 * safe.mean  # risk-neutral: take the second item (11.1 against 5.5 points)
    assert bold.sd > 8 * safe.sd  # but its points swing far more (sd 9.4 against 1.1)
    assert certainty_equivalent(bold, 0) == float(bold.mean)
    assert certainty_equivalent(safe, 0.2) > certainty_equivalent(bold, 0.2)  # risk-averse: leave it
    with pytest.raises(ValueError, match="aversion"):
        certainty_equivalent(safe, -1)
