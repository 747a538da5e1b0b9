"""Panel 3, every diver: P(home) per diver in the water.

Exact (the chain with skipping, `p_home_all`) when every diver in the water is
heading back; otherwise Monte Carlo (`estimate_home`, cautious bots) with 95%
error bars. The hover text names the method.
"""
from __future__ import annotations

import plotly.graph_objects as go

from ._figure import PanelFigure
from ._common import AXIS, BAR, BAR_ALT, THEME, fmt_pct

ROLLOUTS = 4000


def _exact_inputs(game):
    divers = game.divers
    positions = [0 if d.back else d.position for d in divers]
    chips = [len(d.carried) for d in divers]
    if game.phase == "roll":
        return positions, chips, game.turn_start_air, game.current_player
    if game.air <= 0:
        return None
    n = len(divers)
    for step in range(1, n + 1):
        nxt = (game.current_player + step) % n
        if positions[nxt] > 0:
            return positions, chips, game.air, nxt
    return None


def divers_odds(game, n: int = ROLLOUTS, seed: int = 0) -> list:
    """Per seat: None (in the sub, not diving yet) or {"p", "se", "method"} ("exact", "estimate", "back")."""
    divers = game.divers
    if game.is_over:
        return [None] * len(divers)
    if all(d.back or d.returning for d in divers):
        from ..odds.all_divers import p_home_all

        inputs = _exact_inputs(game)
        probs = [1.0 if d.back else 0.0 for d in divers] if inputs is None else p_home_all(*inputs)
        return [{"p": 1.0, "se": None, "method": "back"} if d.back else
                {"p": float(probs[s]), "se": None, "method": "exact"} for s, d in enumerate(divers)]
    from ..odds.estimate import estimate_home

    est = estimate_home(game, n=n, seed=seed)
    out = []
    for s, d in enumerate(divers):
        if d.back:
            out.append({"p": 1.0, "se": None, "method": "back"})
        elif d.position > 0 or s == game.current_player:
            out.append({"p": float(est[s].estimate), "se": float(est[s].stderr), "method": "estimate"})
        else:
            out.append(None)
    return out


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
