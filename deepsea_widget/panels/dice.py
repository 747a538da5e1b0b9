"""Panel 4, dice and movement: how far a diver carrying ``c`` items moves (2d3 minus items, floored at 0)."""
from __future__ import annotations

from ..odds.dice import DICE_WEIGHTS, MAX_MOVE, expected_movement, movement_weights
from ..rules.variant import CLASSIC
from ._common import AXIS, BAR, BAR_ALT, THEME, check_chart_args, plural
from .boost_dice import boost_dice_figure
from ._layout import GAME_OVER, keep, merged, short_name, title_layout, with_note

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


def dice_figure(chips: int | None, name: str | None = None, variant=CLASSIC) -> dict:
    """The dice panel as a figure description: a move with ``chips`` items by the diver
    ``name``; None: the game is over (a move with 0 items, for reference). ``variant``: the
    game's dice (a Boost game's: `boost_dice.boost_dice_figure`)."""
    if variant.can_boost:
        return boost_dice_figure(chips, name, variant)
    y, text, colours, title = _data(chips or 0, name)
    if chips is None:
        title = with_note(GAME_OVER, "for reference: a move with 0 items (2d3)")
    bar = dict(type="bar", x=MOVES, y=y, marker=dict(color=colours), hovertext=text,
               hovertemplate="%{hovertext}<extra></extra>", text=_labels(y), texttemplate="%{text}",
               textposition="outside", name="P(move)")
    layout = merged(THEME, dict(showlegend=False), title_layout(title), dict(
        xaxis=dict(title=dict(text="free spaces moved (2d3 minus items, at least 0)"), dtick=1, **AXIS),
        yaxis=dict(title=dict(text="chance (of the 9 equally likely rolls)"), range=[0, 1.1], tickformat=".0%",
                   **AXIS)))
    return dict(data=[bar], layout=layout)


def dice_chart(chips: int = 0) -> dict:
    """The distribution of one move for a diver carrying ``chips`` items, with P(no move)
    (a figure description: show it with ``deepsea_widget.Figure``)."""
    return dice_figure(check_chart_args(None, chips, 0, 0)[1])
