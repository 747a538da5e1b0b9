"""How good are forecasts of getting home? The Brier score and a calibration table.

A forecast is a probability (a student's guess, or the number the board showed); its
outcome is whether the diver was back in the submarine when the dive ended (1) or not (0).
The Brier score is the mean of (forecast - outcome)²: 0 is perfect, 0.25 is what always
saying 50% scores. A calibration table groups the forecasts into bins and puts beside each
bin's mean forecast how often the divers in it got home, with its 95% Wilson interval.
"""
from __future__ import annotations

import math

from .intervals import wilson_interval


def _checked(forecasts, outcomes) -> tuple[list, list]:
    forecasts, outcomes = list(forecasts), list(outcomes)
    if len(forecasts) != len(outcomes):
        raise ValueError(f"outcomes: one per forecast, got {len(outcomes)} for {len(forecasts)} forecasts")
    for i, f in enumerate(forecasts):
        if isinstance(f, bool) or not isinstance(f, (int, float)) or not 0.0 <= f <= 1.0:
            raise ValueError(f"forecasts[{i}]: must be a probability 0 to 1, got {f!r}")
    for i, o in enumerate(outcomes):
        if o not in (0, 1, True, False) or isinstance(o, float) and o not in (0.0, 1.0):
            raise ValueError(f"outcomes[{i}]: must be 1 (home) or 0 (not), got {o!r}")
    return [float(f) for f in forecasts], [int(o) for o in outcomes]


def brier_score(forecasts, outcomes) -> float | None:
    """The mean of (forecast - outcome)² (None when there are none yet)."""
    forecasts, outcomes = _checked(forecasts, outcomes)
    if not forecasts:
        return None
    return math.fsum((f - o) ** 2 for f, o in zip(forecasts, outcomes)) / len(forecasts)


def calibration_table(forecasts, outcomes, bins: int = 5) -> list[dict]:
    """One row per bin of forecasts (equal widths over 0..1; the last includes 1) that holds
    any: ``low``, ``high``, ``n``, ``forecast`` (their mean), ``observed`` (the share that got
    home) and ``interval`` (its 95% Wilson interval)."""
    if isinstance(bins, bool) or not isinstance(bins, int) or not 1 <= bins <= 100:
        raise ValueError(f"bins: must be a whole number 1 to 100, got {bins!r}")
    forecasts, outcomes = _checked(forecasts, outcomes)
    rows = []
    for b in range(bins):
        low, high = b / bins, (b + 1) / bins
        members = [(f, o) for f, o in zip(forecasts, outcomes)
                   if low <= f < high or (b == bins - 1 and f == 1.0)]
        if not members:
            continue
        n = len(members)
        observed = sum(o for _, o in members) / n
        lo, hi = wilson_interval(observed, n)
        rows.append({"low": low, "high": high, "n": n, "forecast": math.fsum(f for f, _ in members) / n,
                     "observed": observed, "interval": (float(lo), float(hi))})
    return rows
