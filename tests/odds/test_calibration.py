"""Brier score and calibration table: values worked by hand, edges, bad input."""
from __future__ import annotations

import pytest

from deepsea_widget.odds.calibration import brier_score, calibration_table
from deepsea_widget.odds.intervals import wilson_interval


def test_brier_score_by_hand():
    assert brier_score([1.0, 0.0], [1, 0]) == 0.0
    assert brier_score([0.5, 0.5, 0.5], [1, 0, 1]) == 0.25  # always 50%
    assert brier_score([0.8, 0.3], [1, 1]) == pytest.approx(((0.2) ** 2 + (0.7) ** 2) / 2)
    assert brier_score([], []) is None


def test_calibration_table_groups_forecasts_and_gives_honest_intervals():
    forecasts = [0.1, 0.15, 0.9, 0.95, 1.0, 0.5]
    outcomes = [0, 0, 1, 1, 0, 1]
    rows = calibration_table(forecasts, outcomes, bins=5)
    assert [(r["low"], r["n"]) for r in rows] == [(0.0, 2), (0.4, 1), (0.8, 3)]
    low_bin, mid_bin, top = rows
    assert low_bin["forecast"] == pytest.approx(0.125) and low_bin["observed"] == 0.0
    assert top["observed"] == pytest.approx(2 / 3) and top["forecast"] == pytest.approx(0.95)
    # every observed share 0 (or 1) still has an interval that is not a point
    assert low_bin["interval"][0] == 0.0 and low_bin["interval"][1] > 0.3
    assert mid_bin["interval"][1] == 1.0 and mid_bin["interval"][0] < 0.5
    assert top["interval"] == pytest.approx(tuple(map(float, wilson_interval(2 / 3, 3))))


@pytest.mark.parametrize("forecasts, outcomes, words", [
    ([0.5], [1, 0], "outcomes: one per forecast"),
    ([1.5], [1], r"forecasts\[0\]: must be a probability"),
    (["x"], [1], r"forecasts\[0\]: must be a probability"),
    ([0.5], [2], r"outcomes\[0\]: must be 1 \(home\) or 0"),
    ([0.5], [0.5], r"outcomes\[0\]: must be 1"),
])
def test_bad_input_names_the_field(forecasts, outcomes, words):
    with pytest.raises(ValueError, match=words):
        brier_score(forecasts, outcomes)
    with pytest.raises(ValueError, match="bins: must be"):
        calibration_table([0.5], [1], bins=0)

