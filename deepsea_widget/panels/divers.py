"""Panel 3, every diver: P(home) per diver in the water.

Exact (the chain with skipping, `p_home_all`) when every diver in the water is
heading back; otherwise Monte Carlo (`estimate_home`, cautious bots) with 95%
error bars. The hover text names the method.
"""
from __future__ import annotations

import plotly.graph_objects as go

from ._figure import PanelFigure
from ..odds.game_odds import ROLLOUTS, seat_odds
from ._common import AXIS, BAR, BAR_ALT, THEME, fmt_pct



def divers_odds(game, n: int = ROLLOUTS, seed: int = 0) -> list:
    """Per seat: None (in the sub, not diving yet) or {"p", "se", "method"} ("exact", "estimate", "back")."""
    return seat_odds(game, n=n, seed=seed)


def _rows(names, odds):
    x, y, err, text, colours = [], [], [], [], []
    for name, o in zip(names, odds):
        x.append(name)
        if o is None:
            y.append(0.0)
            err.append(0.0)
            text.append(f"{name} is in the sub and has not dived yet")
            colours.append(BAR)
        elif o["method"] == "back":
            y.append(1.0)
            err.append(0.0)
            text.append(f"{name} is back in the sub: home for sure")
            colours.append(BAR_ALT)
        elif o["method"] == "exact":
            y.append(o["p"])
            err.append(0.0)
            text.append(f"{name}: P(home) {o['p']:.1%}, exact: every diver in the water is heading back, "
                        "so the chain over positions, air and turns (with skipping) is solved exactly")
            colours.append(BAR)
        else:
            half = 1.96 * (o["se"] or 0.0)
            y.append(o["p"])
            err.append(half)
            text.append(f"{name}: P(home) about {o['p']:.1%} ± {half:.1%} (95%), Monte Carlo: "
                        f"{ROLLOUTS} simulated dives with cautious bots, because some divers are still going deeper")
            colours.append(BAR)
    return x, y, err, text, colours


def _title(odds) -> str:
    methods = {o["method"] for o in odds if o is not None}
    if not methods:
        return "Every diver: P(home)"
    how = "exact, with skipping" if "estimate" not in methods else f"Monte Carlo, {ROLLOUTS} dives"
    return f"Every diver: P(home) ({how})"


def _figure(names, odds) -> go.Figure:
    x, y, err, text, colours = _rows(names, odds)
    fig = go.Figure(go.Bar(
        x=x, y=y, marker_color=colours, hovertext=text, hovertemplate="%{hovertext}<extra></extra>",
        error_y=dict(type="data", array=err, visible=True, color="rgb(128,128,128)", thickness=2),
        texttemplate="%{y:.0%}", textposition="outside", name="P(home)"))
    fig.update_layout(**THEME, title=dict(text=_title(odds), x=0.02), showlegend=False)
    fig.update_xaxes(**AXIS)
    fig.update_yaxes(range=[0, 1.15], tickformat=".0%", **AXIS)
    return fig


def divers_chart(game, odds=None) -> go.Figure:
    """Bars of P(home) for every diver of ``game`` (``odds``: precomputed `divers_odds`)."""
    if odds is None:
        odds = divers_odds(game)
    return _figure([d.name for d in game.divers], odds)


class DiversPanel:
    def __init__(self, names):
        self.figure = PanelFigure(_figure(list(names), [None] * len(names)))
        self._key = None

    @property
    def widget(self):
        return self.figure.publish()

    def update(self, names, odds, force: bool = False) -> None:
        key = (tuple(names), tuple(None if o is None else (o["p"], o["se"], o["method"]) for o in odds))
        if key == self._key and not force:
            return
        self._key = key
        x, y, err, text, colours = _rows(names, odds)
        with self.figure.batch_update():
            self.figure.data[0].update(x=x, y=y, hovertext=text, marker_color=colours,
                                       error_y=dict(array=err))
            self.figure.layout.title.text = _title(odds)
