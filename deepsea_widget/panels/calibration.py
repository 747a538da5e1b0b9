"""Guesses against what happened (a calibration chart) as a figure description: per bin of
guessed chances, how often the diver got home, with its 95% interval, beside the diagonal
that perfect calibration would follow."""
from __future__ import annotations

from ._common import AXIS, BAR, COLOURS
from ._layout import merged, title_layout, with_message, with_note

TITLE = "Your guesses against what happened"
DIAGONAL = "perfectly calibrated"


def calibration_chart(table: list, brier: float | None = None, who: str = "your guesses") -> dict:
    """``table`` as `odds.calibration.calibration_table` gives it; ``brier`` its Brier score."""
    note = (f"Each dot: guesses of about that chance, and how often the diver got home (95% interval). "
            f"Brier score of {who}: " + ("no finished dives yet" if brier is None else f"{brier:.3f} (0 is perfect, "
                                          "0.25 is always saying 50%)"))
    dots = dict(type="scatter", mode="markers", name=who,
                x=[r["forecast"] for r in table], y=[r["observed"] for r in table],
                marker=dict(color=BAR, size=[min(24, 6 + 2 * r["n"]) for r in table]),
                error_y=dict(type="data", symmetric=False,
                             array=[r["interval"][1] - r["observed"] for r in table],
                             arrayminus=[r["observed"] - r["interval"][0] for r in table]),
                hovertext=[f"guessed {r['forecast']:.0%} on average ({r['n']} guesses): home {r['observed']:.0%} "
                           f"[{r['interval'][0]:.0%}–{r['interval'][1]:.0%}]" for r in table],
                hoverinfo="text")
    diagonal = dict(type="scatter", mode="lines", name=DIAGONAL, x=[0, 1], y=[0, 1],
                    line=dict(dash="dot", color="rgb(128,128,128)"), hoverinfo="skip")
    layout = merged(COLOURS, title_layout(with_note(TITLE, note)), dict(
        showlegend=False, height=360,
        xaxis=dict(AXIS, title=dict(text="chance guessed"), range=[0, 1], tickformat=".0%"),
        yaxis=dict(AXIS, title=dict(text="share that got home"), range=[0, 1.05], tickformat=".0%")))
    fig = dict(data=[diagonal, dots], layout=layout)
    return fig if table else with_message(fig, "No guesses with a finished dive yet")
