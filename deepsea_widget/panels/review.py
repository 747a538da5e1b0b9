"""A game's review as a figure description: the points each reviewed decision left on the
table (the best option's expected points less the chosen one's), one bar a decision."""
from __future__ import annotations

import math

from ._common import AXIS, BAR, COLOURS, plain_text
from ._layout import merged, title_layout, with_message, with_note

TITLE = "Points left on the table, decision by decision"
NOTE = "the best option's expected points less the chosen one's; 0: the best choice (chips at their level's mean)"


def review_chart(rows: list) -> dict:
    """One bar per row of `simulation.review.review` (show it with ``deepsea_widget.Figure``);
    its hover says when, what was chosen, and what the best option offered."""
    total = math.fsum(r["left"] for r in rows)
    title = with_note(f"{TITLE}: {total:.1f} in all", NOTE)
    hover = ["<br>".join(plain_text(line) for line in (
        r["when"], f"chose: {r['chose']}", f"best: {r['best']}", f"points left: {r['left_shown']}")) for r in rows]
    bars = dict(type="bar", x=list(range(1, len(rows) + 1)), y=[r["left"] for r in rows], marker=dict(color=BAR),
                name="points left", hovertext=hover, hoverinfo="text")
    layout = merged(COLOURS, title_layout(title), dict(
        showlegend=False, height=320,
        xaxis=dict(AXIS, title=dict(text="decision"), dtick=1 if len(rows) <= 20 else None),
        yaxis=dict(AXIS, title=dict(text="points left (on average)"), rangemode="tozero")))
    fig = dict(data=[bars], layout=layout)
    return fig if rows else with_message(fig, "No decisions to review yet")
