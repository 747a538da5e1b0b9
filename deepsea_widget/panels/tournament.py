"""A tournament's result as a figure description: each bot's win share with its 95% interval
(and the equal share), and the distribution of its scores."""
from __future__ import annotations

from ._common import AXIS, COLOURS
from ._layout import merged


def tournament_chart(result) -> dict:
    """Win share (95% intervals over blocks of games) and scores per game, per bot, for a
    `simulation.tournament` result (show it with ``deepsea_widget.Figure``)."""
    rows = result.rows()
    bots = [r["bot"] for r in rows]
    win = dict(type="bar", x=bots, y=[r["win share"] for r in rows], name="win share",
               error_y=dict(type="data", symmetric=False, array=[r["95% CI"][1] - r["win share"] for r in rows],
                            arrayminus=[r["win share"] - r["95% CI"][0] for r in rows]),
               hovertemplate="%{x}: win share %{y:.3f}<extra></extra>", xaxis="x", yaxis="y")
    boxes = [dict(type="box", y=list(result.scores[r["bot"]]), name=r["bot"], boxmean=True, xaxis="x2", yaxis="y2")
             for r in rows]
    equal = dict(type="line", xref="x domain", x0=0, x1=1, yref="y", y0=result.equal_share, y1=result.equal_share,
                 line=dict(dash="dot", color="rgb(128,128,128)"))
    note = dict(text="equal share", xref="x domain", x=1, xanchor="right", yref="y", y=result.equal_share,
                yanchor="bottom", showarrow=False)
    titles = [dict(text=text, x=x, xanchor="center", xref="paper", y=1.0, yanchor="bottom", yref="paper",
                   showarrow=False, font=dict(size=16))
              for text, x in (("Win share (95% CI)", 0.225), ("Scores per game", 0.775))]
    layout = merged(COLOURS, dict(
        showlegend=False, height=380, margin=dict(t=40, l=40, r=10, b=40), shapes=[equal],
        annotations=[*titles, note],
        xaxis=dict(AXIS, anchor="y", domain=[0.0, 0.45]), yaxis=dict(AXIS, anchor="x"),
        xaxis2=dict(AXIS, anchor="y2", domain=[0.55, 1.0]), yaxis2=dict(AXIS, anchor="x2")))
    return dict(data=[win, *boxes], layout=layout)
