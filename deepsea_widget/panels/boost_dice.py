"""Panel 4 in a Boost game (RULES.md, "Boost"): how far a diver carrying ``c`` items moves,
keeping the best two of the three dice or boosting to count all three (at more air).

The live dice panel (`dice.dice_figure`) draws this for a game whose variant has a Boost;
the counts come from the odds' own table of the variant's rolls (`odds.boost_tables`).
"""
from __future__ import annotations

from ..odds.boost_tables import turn_dice
from ._common import AXIS, BAR, BAR_ALT, THEME, game_name, plain_text, plural
from ._layout import GAME_OVER, keep, merged, short_name, title_layout, with_note


def _faces(variant) -> str:
    """The dice's faces in words: "0&3, 1&3, 1&2"."""
    return ", ".join("&".join(map(str, sorted(set(faces)))) for faces in variant.dice)


def _series(chips: int, variant, boosting: bool, moves: list[int]) -> tuple[list, list, list]:
    """Per move: its chance, its label (rolls of all) and its hover, keeping the best dice or boosting."""
    dice = turn_dice(variant)
    counts = dict(dice.moves(chips, boosting))
    n = dice.outcomes
    how = (f"boosting (all {len(variant.dice)} dice count, {variant.boost_air} more air)" if boosting
           else f"keeping the best {variant.keep} of the {len(variant.dice)} dice")
    y, labels, text = [], [], []
    for m in moves:
        k = counts.get(m, 0)
        y.append(k / n)
        labels.append(f"{k}/{n}" if k else "")
        still = f"; you still breathe {chips} air" if m == 0 and k else ""
        text.append(f"with {plural(chips, 'item')}, {how}: {plural(m, 'space')} in {k} of the {n} equally "
                    f"likely rolls ({k / n:.0%}){still}")
    return y, labels, text


def _mean(chips: int, variant, boosting: bool) -> float:
    dice = turn_dice(variant)
    return sum(m * k for m, k in dice.moves(chips, boosting)) / dice.outcomes


def boost_dice_figure(chips: int | None, name: str | None, variant) -> dict:
    """The dice panel of a Boost game as a figure description: the move with ``chips`` items by
    the diver ``name`` (None: the game is over; a move with 0 items, for reference), without a
    Boost (the best two dice) and with one (all three), side by side."""
    c = chips or 0
    dice = turn_dice(variant)
    moves = list(range(0, dice.pad + 1))
    data = []
    for boosting, colour, label in ((False, BAR, f"best {variant.keep}"), (True, BAR_ALT, "Boost: all")):
        y, labels, text = _series(c, variant, boosting, moves)
        data.append(dict(type="bar", x=moves, y=y, marker=dict(color=colour), hovertext=text,
                         hovertemplate="%{hovertext}<extra></extra>", text=labels, texttemplate="%{text}",
                         textposition="outside", name=label))
    p0 = [dict(dice.moves(c, b)).get(0, 0) / dice.outcomes for b in (False, True)]
    move = keep(f"move with {plural(c, 'item')}")
    note = (f"{game_name(variant)} game, dice {plain_text(_faces(variant))}: best {variant.keep} P(no move) "
            f"{p0[0]:.0%}, mean {_mean(c, variant, False):.2f}; Boost P(no move) {p0[1]:.0%}, mean "
            f"{_mean(c, variant, True):.2f}")
    title = with_note(f"{short_name(name)}: {move}" if name else move[0].upper() + move[1:], note)
    if chips is None:
        title = with_note(GAME_OVER, f"for reference: a move with 0 items ({game_name(variant)} game's dice)")
    layout = merged(THEME, dict(showlegend=True, barmode="group",
                                legend=dict(orientation="h", x=1, xanchor="right", y=1.0, yanchor="bottom")),
                    title_layout(title), dict(
        xaxis=dict(title=dict(text="free spaces moved (dice kept minus items, at least 0)"), dtick=1, **AXIS),
        yaxis=dict(title=dict(text=f"chance (of the {dice.outcomes} equally likely rolls)"), range=[0, 1.1],
                   tickformat=".0%", **AXIS)))
    return dict(data=data, layout=layout)
