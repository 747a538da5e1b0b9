"""Panel 1, the home-odds map: P(home) over distance (x) and air (y) for one item count.

The active diver's (distance, air) is marked, with contour lines at 50% and 90%;
``delta`` shows it with one item more or fewer ("what if I pick up one more / drop
one"). Once the game is over the map is blank with a message.
"""
from __future__ import annotations

import math
from functools import lru_cache


from ..odds.single_diver import home_table, p_home, turns_left
from ._common import (AXIS, FULL_AIR, MAX_DISTANCE, MODEL_NOTE, THEME, Situation, check_chart_args, fmt_pct,
                      plain_text, plural, shown_chance)
from ._layout import GAME_OVER, keep, merged, short_name, title_layout, with_message, with_note

DISTANCES = list(range(1, MAX_DISTANCE + 1))
AIRS = list(range(0, FULL_AIR + 1))  # row 0: no air left, the dive is over (blank)


@lru_cache(maxsize=64)
def _grid(chips: int, others: int):
    """(z, hover texts) for one item count and the others' breathing."""
    z = home_table(MAX_DISTANCE, max_chips=chips, max_air=FULL_AIR, others=others)[chips][:, 1:]
    text = []
    for a in AIRS:
        if a == 0:
            text.append(["no air left at the start of a turn: the dive is over"] * len(DISTANCES))
            continue
        n = turns_left(int(a), chips, others)
        row = []
        for i, d in enumerate(DISTANCES):
            p = shown_chance(int(d), chips, int(a), others, z[a, i])
            if chips >= 6:
                row.append(f"<b>0%</b><br>with {plural(chips, 'item')} no roll moves you: never home")
            elif math.isinf(n):
                row.append("<b>100%</b><br>nobody uses air: unlimited turns, home for sure")
            else:
                turns = "1 more turn" if n == 1 else f"{n} more turns"
                row.append(f"<b>{fmt_pct(p, 1)}</b><br>with {plural(chips, 'item')} you get {turns} (air {a} before breathing, "
                           f"others breathe {others}); {fmt_pct(p, 1)} of {n}-turn rolls cover "
                           f"{plural(int(d), 'space')}")
        text.append(row)
    # JSON has no NaN: the "no air" row goes to the front end as gaps (None)
    # (tuples: the cache's grids are shared by every figure made from them, so must not change)
    z = tuple(tuple(None if math.isnan(v) else v for v in row) for row in z.tolist())
    return z, tuple(map(tuple, text))


def _marker_text(name, distance, chips, air, others, returning=True, phase="roll") -> str:
    """The marker's hover. ``air``: before the diver breathes at the turn's start; a diver
    still going deeper gets the chance if it turned back (now, or at its next turn once it
    has moved; never with nothing carried)."""
    name = plain_text(name)
    if distance is None:
        return f"{name} is in the sub: not in the water yet"
    if air <= 0:
        return f"{name}: distance {distance}, no air left for another turn"
    p = shown_chance(distance, chips, air, others, p_home(distance, chips, air, others))
    how = ""
    if not returning:
        how = ", if it turned back now" if phase == "roll" else ", if it turns back at its next turn"
        if chips == 0:
            how += " (which a diver carrying nothing may not do)"
    return (f"{name}: distance {distance} to the sub (free spaces + 1), air {air} before it breathes, "
            f"{plural(chips, 'item')}, others breathe {others}: P(home) {fmt_pct(p)}{how}, in the one-diver "
            "model: the others stay where they are and keep breathing what they carry now (the 'Every "
            "diver' panel lets them move, jump, get home and stop breathing)")


def _marker(distance, air, hover) -> dict:
    """The "you are here" marker's x, y and hover (``hover()``: its text); none in the sub. A what-if
    set up from Python may be farther out than the map: its marker is drawn at the map's edge."""
    if distance is None:
        return dict(x=[], y=[], hovertext=[])
    beyond = f" (beyond the map's {MAX_DISTANCE}: drawn at its edge)" if distance > MAX_DISTANCE else ""
    return dict(x=[min(distance, MAX_DISTANCE)], y=[max(air, 0)], hovertext=[hover() + beyond])


# Said on the map, blank, once there is no diver in the water: no position to mark.
OVER_MESSAGE = f"{GAME_OVER}: no diver in the water, no position to map"


def _title(name, chips, others, delta=0, asked=None) -> str:
    """``delta``: the items shown minus those carried; ``asked``: the what-if chosen (-1, 0, 1)."""
    what = {-1: "if you drop one", 1: "if you pick up one more"}.get(delta, "")
    if asked == -1 and delta == 0:
        what = "nothing to drop"
    if what:  # the what-if first, kept whole: "Ann, if you pick up one more: P(home) with 3 items, ..."
        what = keep(f"{what}:")
        who = f"{short_name(name)}, {what} " if name else f"{what[0].upper()}{what[1:]} "
    else:
        who = f"{short_name(name)}: " if name else ""
    odds = keep(f"P(home) with {plural(chips, 'item')},") + " " + keep(f"others breathe {others}")
    return with_note(who + odds, MODEL_NOTE)


def map_figure(distance, chips, air, others, name=None, delta=0, asked=None, returning=True,
               phase="roll", message=None) -> dict:
    """The home-odds map as a figure description: P(home) with ``chips`` items, others breathing
    ``others``, the diver ``name`` marked at (``distance``, ``air``); ``delta``: the items shown
    minus those carried, ``asked``: the what-if chosen (-1, 0, 1); or blank with ``message``."""
    z, text = _grid(chips, others)
    heatmap = dict(
        type="heatmap", x=DISTANCES, y=AIRS, z=z, zmin=0, zmax=1, colorscale="Cividis", name="P(home)",
        hovertext=text, hovertemplate="distance %{x}, air %{y}: %{hovertext}<extra></extra>",
        colorbar=dict(title=dict(text="P(home)"), tickformat=".0%", thickness=12, outlinewidth=0))
    contours = [dict(
        type="contour", x=DISTANCES, y=AIRS, z=z, showscale=False, hoverinfo="skip", name=f"{level:.0%}",
        contours=dict(start=level, end=level, size=1, coloring="none", showlabels=True, labelformat=".0%",
                      labelfont=dict(color="white", size=11)),
        line=dict(color="white", width=2, dash=dash)) for level, dash in ((0.5, "dash"), (0.9, "solid"))]
    if message is None:
        here = _marker(distance, air, lambda: _marker_text(name or "the diver", distance, chips, air, others,
                                                           returning, phase))
    else:
        here = _marker(None, air, str)
    marker = dict(type="scatter", **here, mode="markers", name="you are here",
                  marker=dict(symbol="x", size=16, color="#e8384f", line=dict(color="white", width=2)),
                  hovertemplate="%{hovertext}<extra></extra>")
    title = GAME_OVER if message is not None else _title(name, chips, others, delta, asked)
    layout = merged(THEME, dict(showlegend=False), title_layout(title), dict(
        xaxis=dict(title=dict(text="distance to the sub (free spaces + 1)"), range=[0.5, MAX_DISTANCE + 0.5],
                   **AXIS),
        yaxis=dict(title=dict(text="air at the turn's start, before breathing"), range=[-0.5, FULL_AIR + 0.5],
                   **AXIS)))
    fig = dict(data=[heatmap, *contours, marker], layout=layout)
    return fig if message is None else with_message(fig, message)


def odds_map(distance: int | None = 9, chips: int = 3, air: int = 14, others: int = 0) -> dict:
    """P(home) heatmap for ``chips`` items and ``others`` breathing, with (distance, air) marked
    (a figure description: show it with ``deepsea_widget.Figure``)."""
    return map_figure(*check_chart_args(distance, chips, air, others, max_distance=MAX_DISTANCE))


def map_panel(sit: Situation | None, asked: int = 0) -> dict:
    """The live map for a game's active diver, with ``asked`` items more (1) or fewer (-1) than
    it carries (None: the game is over, no position to map)."""
    if sit is None:
        return map_figure(None, 0, FULL_AIR, 0, message=OVER_MESSAGE)
    chips = max(0, sit.chips + asked)
    return map_figure(sit.distance, chips, sit.air, sit.others, sit.name, chips - sit.chips, asked,
                      sit.returning, sit.phase)
