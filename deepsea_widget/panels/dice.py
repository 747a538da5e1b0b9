"""Panel 4, dice and movement: how far a diver carrying ``c`` items moves (2d3 minus items, floored at 0)."""
from __future__ import annotations

import plotly.graph_objects as go

from ..odds.dice import DICE_WEIGHTS, MAX_MOVE, expected_movement, movement_weights
from ._figure import PanelFigure
from ._common import AXIS, BAR, BAR_ALT, THEME, check_chart_args, plural
from ._layout import GAME_OVER, keep, short_name, title_layout, update_changed, with_note

MOVES = list(range(0, MAX_MOVE + 1))


def _data(chips: int, name: str | None = None):
    """The bars, their hover texts and colours, and the title (naming the diver ``name``, if given)."""
    weights = movement_weights(chips)
    y = [weights.get(m, 0) / 9 for m in MOVES]
    text = []
    for m in MOVES:
        w = weights.get(m, 0)
        sums = [s for s in DICE_WEIGHTS if max(0, s - chips) == m]
        rolls = " or ".join(str(s) for s in sums)
        if not sums:
            text.append(f"with {plural(chips, 'item')} no roll of 2 to 6 moves you exactly "
                        f"{plural(m, 'space')}: 0 of the 9 rolls")
        elif m == 0:
            text.append(f"with {plural(chips, 'item')} a roll of {rolls} moves you nowhere: "
                        f"{w} of the 9 rolls ({w / 9:.0%}); you still breathe {chips} air")
        else:
            text.append(f"with {plural(chips, 'item')} a roll of {rolls} moves you {plural(m, 'space')}: "
                        f"{w} of the 9 rolls ({w / 9:.0%})")
    colours = [BAR_ALT if m == 0 else BAR for m in MOVES]
    move = keep(f"move with {plural(chips, 'item')}")
    title = with_note(f"{short_name(name)}: {move}" if name else move[0].upper() + move[1:],
                      f"P(no move) {y[0]:.0%}, mean {expected_movement(chips):.2f} spaces a turn")
    return y, text, colours, title


def _labels(y) -> list[str]:
    """Each bar's chance as the exact share of the 9 rolls ("2/9"): rounded percentages (11%,
    22%, 33%, 22%, 11%) would add up to 99%."""
    return [f"{round(p * 9)}/9" for p in y]


def _figure(chips: int) -> go.Figure:
    y, text, colours, title = _data(chips)
    fig = go.Figure(go.Bar(x=MOVES, y=y, marker_color=colours, hovertext=text,
                           hovertemplate="%{hovertext}<extra></extra>",
                           text=_labels(y), texttemplate="%{text}", textposition="outside", name="P(move)"))
    fig.update_layout(**THEME, showlegend=False)
    fig.update_layout(title_layout(title))
    fig.update_xaxes(title="free spaces moved (2d3 minus items, at least 0)", dtick=1, **AXIS)
    fig.update_yaxes(title="chance (of the 9 equally likely rolls)", range=[0, 1.1], tickformat=".0%", **AXIS)
    return fig


def dice_chart(chips: int = 0) -> go.Figure:
    """The distribution of one move for a diver carrying ``chips`` items, with P(no move)."""
    return _figure(check_chart_args(None, chips, 0, 0)[1])


class DicePanel:
    def __init__(self):
        self.figure = PanelFigure(_figure(0))
        self._key = 0, None  # (items, diver) drawn

    @property
    def widget(self):
        return self.figure.publish()

    def update(self, chips: int | None, force: bool = False, name: str | None = None) -> None:
        """Draw a move with ``chips`` items by the diver ``name``; None: the game is over (a move
        with 0 items, for reference)."""
        if (chips, name) == self._key and not force:
            return
        self._key = chips, name
        y, text, colours, title = _data(chips or 0, name)
        if chips is None:
            title = with_note(GAME_OVER, "for reference: a move with 0 items (2d3)")
        with self.figure.batch_update():
            update_changed(self.figure.data[0], dict(y=y, text=_labels(y), hovertext=text, marker=dict(color=colours)))
            update_changed(self.figure.layout, title_layout(title))
