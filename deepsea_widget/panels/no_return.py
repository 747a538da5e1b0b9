"""How far out is too far: the point of no return against the air, one line per number of items.

A notebook chart (not one of the live panels): for each item count, the largest
distance from which a diver heading back still gets home with P >= ``p``
(`odds.point_of_no_return`, the one-diver model: the others stay put and keep
breathing ``others`` air a round). Optionally a diver's own situation is marked.
"""
from __future__ import annotations

import math

from ..odds import p_home, point_of_no_return
from ..odds.checks import check_count, check_probability
from ._common import AXIS, FULL_AIR, MAX_DISTANCE, THEME, check_chart_args, fmt_pct, plural, shown_chance
from ._layout import merged, title_layout, with_note

AIRS = list(range(1, FULL_AIR + 1))
TOP = MAX_DISTANCE  # the chart's top, as on the odds map: the game's trail is 32 spaces long
# 0 items .. 5 items: Okabe and Ito's colour-blind-safe colours, readable on light and dark themes
LINE_COLOURS = ["#56B4E9", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#D55E00"]
TURN = "the diver's turn"  # whose turn's start the air is (the odds' air, before it breathes: RULES.md)


def _check_items(items) -> list[int]:
    if not isinstance(items, (list, tuple, range)):
        raise ValueError(f"items must be a list of item counts, e.g. [1, 2, 3], got {items!r}")
    items = list(items)
    if not items:
        raise ValueError("items must list at least one item count")
    checked = [check_count(f"items[{i}]", c) for i, c in enumerate(items)]
    for c in checked:
        if c > len(LINE_COLOURS) - 1:
            raise ValueError(f"items: at most {len(LINE_COLOURS) - 1} items a line "
                             f"(six or more never move), got {c}")
    return sorted(set(checked))


def no_return_chart(others: int = 0, p=0.5, items=(1, 2, 3, 4), *, distance: int | None = None,
                    chips: int | None = None, air: int | None = None) -> dict:
    """The point of no return for each item count in ``items``, against the air (1..25).

    - ``others``: the air the other divers in the water breathe each round (their items).
    - ``p``: the chance of getting home the line stands for (0.5: even odds).
    - ``distance``, ``chips``, ``air`` (all three or none): mark a diver there; its
      P(home) is in the marker's hover text.

    A distance on or below a line gets home with P >= ``p``; above it, less. A line
    at the chart's top (33, as on the odds map) means every distance on the game's
    32-space trail is that safe. A figure description: show it with ``deepsea_widget.Figure``.
    """
    others = check_count("others", others)
    p = check_probability("p", p)
    items = _check_items(items)
    marked = (distance, chips, air)
    if any(v is not None for v in marked) and any(v is None for v in marked):
        raise ValueError("distance, chips and air mark one diver: give all three or none")
    if distance is not None:
        distance, chips, air = check_chart_args(distance, chips, air, others, max_distance=TOP)[:3]
        if air < 1:
            raise ValueError(f"air must be 1 to {FULL_AIR} to mark a diver (0 or less: the dive is over), "
                             f"got {air}")
    share = "at least even odds" if p == 0.5 else f"at least a {_percent(p)} chance"
    data = []
    for c in items:
        reach = [point_of_no_return(c, a, others, p) for a in AIRS]
        shown = [min(d, TOP) for d in reach]  # (inf: every distance)
        text = [_hover(c, a, d, others, share) for a, d in zip(AIRS, reach)]
        data.append(dict(
            type="scatter", x=AIRS, y=shown, mode="lines+markers", line_shape="hv", name=plural(c, "item"),
            line=dict(color=LINE_COLOURS[c], width=2), marker=dict(size=4),
            hovertext=text, hovertemplate="%{hovertext}<extra></extra>"))
    if distance is not None:
        chance = shown_chance(distance, chips, air, others, p_home(distance, chips, air, others))
        data.append(dict(
            type="scatter", x=[air], y=[distance], mode="markers", name="this diver",
            marker=dict(symbol="x", size=13, color="#d62728", line=dict(width=1, color="white")),
            hovertext=[f"{distance} spaces out with {plural(chips, 'item')} and air {air} at the start of {TURN}: "
                       f"P(home) {fmt_pct(chance, 1)} (others breathe {others})"],
            hovertemplate="%{hovertext}<extra></extra>"))
    title = with_note(f"Point of no return: P(home) ≥ {_percent(p)}",
                      f"one-diver model, others frozen: they stay put and breathe {others} a round")
    layout = merged(THEME, dict(height=400, legend=dict(orientation="h", yanchor="top", y=-0.3, x=0),
                                margin=dict(b=105)), title_layout(title), dict(
        xaxis=dict(title=dict(text=f"air at the start of {TURN}"),
                   range=[0.5, FULL_AIR + 0.5], dtick=4, **AXIS),
        yaxis=dict(title=dict(text="distance (free spaces + 1)"), range=[0, TOP + 1], **AXIS)))
    return dict(data=data, layout=layout)


def _percent(p) -> str:
    """``p`` as a percentage with one decimal, or as many more as it takes not to read 0% or
    100% when it is neither: "50%", "33.3%", "99.99%"."""
    value = float(p) * 100
    for digits in range(1, 12):
        text = f"{value:.{digits}f}"
        if p == 1 or not (float(text) >= 100 or float(text) <= 0):
            break
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return f"{text}%"


def _hover(chips: int, air: int, reach, others: int, share: str) -> str:
    items = plural(chips, "item")
    air = f"{air} at the start of {TURN}"
    if reach == math.inf:
        return f"air {air}, {items}: no air is used, every distance gets home"
    if reach == 0:
        return f"air {air}, {items}: not even 1 space out gets home with {share}"
    if reach >= TOP:  # (the chart's top: one more than the game's 32 spaces)
        return f"air {air}, {items}: up to {reach} spaces out, more than the trail's length, with {share}"
    return f"air {air}, {items}: up to {plural(reach, 'space')} out gets home with {share}"
