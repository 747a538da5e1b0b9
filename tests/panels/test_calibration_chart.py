"""The calibration chart: a dot per bin of guesses with its interval, and the Brier score in words."""
from __future__ import annotations

from deepsea_widget.odds.calibration import brier_score, calibration_table


def test_the_calibration_chart_shows_each_bin_and_its_interval():
    import plotly.graph_objects as go

    from deepsea_widget.panels.calibration import calibration_chart

    table = calibration_table([0.1, 0.15, 0.9, 0.95, 1.0], [0, 0, 1, 1, 0])
    fig = go.Figure(calibration_chart(table, brier_score([0.1, 0.15, 0.9, 0.95, 1.0], [0, 0, 1, 1, 0])))
    dots = fig.data[1]
    assert list(dots.y) == [r["observed"] for r in table]
    assert list(dots.error_y.arrayminus) == [r["observed"] - r["interval"][0] for r in table]
    assert "Brier score of your guesses: 0.2" in fig.layout.title.text.replace("<br>", " ").replace("</sup> <sup>", " ")
    assert "No guesses" in str(go.Figure(calibration_chart([])).layout.annotations)
