"""Points banked on a dive: the expected value, the variance and the whole distribution.

A diver banks its items' hidden values if it gets home, nothing otherwise. Chip values
by level: 0–3, 4–7, 8–11, 12–15, two chips of each value, drawn without replacement
from the level's eight. Exact (Fractions) in the one-diver model (`p_home`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ..rules.chips import LEVEL_VALUES
from .checks import check_count
from .single_diver import p_home


@dataclass(frozen=True)
class DivePoints:
    """What a diver banks this dive: its chance of getting home, the mean and variance of the
    points banked, and their distribution ({points: probability}, 0 included)."""

    p_home: Fraction
    mean: Fraction
    variance: Fraction
    distribution: dict

    @property
    def sd(self) -> float:
        return float(self.variance) ** 0.5


def value_distribution(levels) -> dict:
    """The distribution of the hidden values of chips of these levels ({total: probability},
    exact), each level's chips drawn without replacement from its eight."""
    levels = list(levels)
    for i, lv in enumerate(levels):
        if lv not in LEVEL_VALUES:
            raise ValueError(f"levels[{i}]: a chip level is 1, 2, 3 or 4, got {lv!r}")
    total: Counter = Counter({0: Fraction(1)})
    for lv, k in Counter(levels).items():
        if k > 8:
            raise ValueError(f"levels: at most 8 chips of level {lv}, got {k}")
        draws = list(combinations(LEVEL_VALUES[lv], k))
        part = Counter(sum(d) for d in draws)
        step: Counter = Counter()
        for a, pa in total.items():
            for b, nb in part.items():
                step[a + b] += pa * Fraction(nb, len(draws))
        total = step
    return dict(sorted(total.items()))


def dive_points(distance: int, levels, air: int, others: int = 0) -> DivePoints:
    """Points banked by a diver heading home from ``distance`` with items of ``levels`` (one
    level per chip; a stack is several), ``air`` at the start of its turn and ``others`` breathed
    by the others a round (the one-diver model: they are frozen). Exact."""
    levels = list(levels)
    chips = check_count("chips", len(levels))
    p = p_home(distance, chips, air, others, exact=True)
    values = value_distribution(levels)
    dist: Counter = Counter()
    for v, pv in values.items():
        dist[v] += p * pv
    dist[0] += 1 - p
    mean = sum(v * q for v, q in dist.items())
    variance = sum((v - mean) ** 2 * q for v, q in dist.items())
    return DivePoints(p, mean, variance, dict(sorted((v, q) for v, q in dist.items() if q)))


def certainty_equivalent(points: DivePoints, aversion: float) -> float:
    """What a risk-averse diver would take for sure instead: mean - aversion x variance / 2
    (``aversion`` 0: risk-neutral, the mean itself)."""
    if aversion < 0:
        raise ValueError(f"aversion: 0 (risk-neutral) or more, got {aversion!r}")
    return float(points.mean) - aversion * float(points.variance) / 2
