"""Panel 1, the home-odds map: P(home) over distance (x) and air (y) for one item count.

The active diver's (distance, air) is marked, with contour lines at 50% and 90%; the air is
the air at the start of its turn (RULES.md), and the texts say whose turn and the air now.
The others are frozen (the one-diver model). ``delta`` shows the diver with one item more or
fewer ("what if I pick up one more / drop one"). Once the game is over the map is blank.
"""
from __future__ import annotations

import math
from functools import lru_cache


from ..odds.boost_tables import turn_dice
from ..odds.single_diver import home_table, p_home, turns_left
from ..rules.variant import CLASSIC
from ._common import (AXIS, FULL_AIR, MAX_DISTANCE, THEME, Situation, boost_words, check_chart_args, fmt_pct,
                      model_note, plain_text, plural, shown_chance)
from ._layout import GAME_OVER, keep, merged, short_name, title_layout, with_message, with_note

DISTANCES = list(range(1, MAX_DISTANCE + 1))
AIRS = list(range(0, FULL_AIR + 1))  # row 0: no air left, the dive is over (blank)


@lru_cache(maxsize=64)
def _grid(chips: int, others: int, variant=CLASSIC):
    """(z, hover texts) for one item count and the others' breathing, with ``variant``'s dice."""
    z = home_table(MAX_DISTANCE, max_chips=chips, max_air=FULL_AIR, others=others, variant=variant)[chips][:, 1:]
    text = []
    for a in AIRS:
        if a == 0:
            text.append(["no air left: the dive is over"] * len(DISTANCES))
            continue
        if variant.can_boost:
            text.append(_boost_row(z, int(a), chips, others, variant))
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
                row.append(f"<b>{fmt_pct(p, 1)}</b><br>with {plural(chips, 'item')} you get {turns} (others "
                           f"breathe {others}); {fmt_pct(p, 1)} of {n}-turn rolls cover {plural(int(d), 'space')}")
        text.append(row)
    # JSON has no NaN: the "no air" row goes to the front end as gaps (None)
    # (tuples: the cache's grids are shared by every figure made from them, so must not change)
    z = tuple(tuple(None if math.isnan(v) else v for v in row) for row in z.tolist())
    return z, tuple(map(tuple, text))


def _boost_row(z, a: int, chips: int, others: int, variant) -> list[str]:
    """A Boost game's hover texts for air ``a``: the diver's turns depend on when it boosts."""
    if chips >= turn_dice(variant).never_moves:
        return [f"<b>0%</b><br>with {plural(chips, 'item')} no roll moves you: never home"] * len(DISTANCES)
    return [f"<b>{fmt_pct(shown_chance(int(d), chips, a, others, z[a, i], variant), 1)}</b><br>with "
            f"{plural(chips, 'item')}, others breathing {others}; {boost_words(variant)}"
            for i, d in enumerate(DISTANCES)]


# Why the map's number differs from the live panels' that let the others move (its marker's hover).
FROZEN = ("Others frozen: they stay where they are and keep breathing what they carry. The 'what now?' "
          "and 'Every diver' panels let them move, which is why their numbers differ.")


def whose_turn(name: str | None, phase: str = "roll") -> str:
    """Whose turn's start the air of the odds is, in words: "Ann's turn" (the turn being played,
    which Ann started by breathing), "Ann's next turn" (once Ann has moved: the others breathe
    first), "the diver's turn" (a chart of no one in particular). Plotly markup (`plain_text`)."""
    if not name:
        return "the diver's turn"
    return f"{plain_text(name)}'s {'turn' if phase == 'roll' else 'next turn'}"


def air_now_words(name: str, air: int, now: int | None, others: int, phase: str = "roll",
                  boost_paid: int = 0) -> str:
    """The air on the track now beside ``air``, the air at the start of a turn, and why they differ:
    " (air 21 now: Ann breathed 2)", " (air 21 now; the others breathe 1 first)", " (air 20 now:
    Ann breathed 2 and boosted for 1)" (``boost_paid``: a Boost's air this turn); "" if the same."""
    if now is None or now == air:
        return ""
    if phase != "roll":
        return f" (air {max(now, 0)} now; the others breathe {others} first)"
    boosted = f" and boosted for {boost_paid}" if boost_paid else ""
    if now <= 0:
        return f" (air 0 now: {plain_text(name)} breathed{boosted}: the last of it)"
    return f" (air {now} now: {plain_text(name)} breathed {air - now - boost_paid}{boosted})"


def _marker_text(name, distance, chips, air, others, returning=True, phase="roll", now=None,
                 whose="the diver's turn", variant=CLASSIC, boost_paid=0) -> str:
    """The marker's hover. ``air``: at the start of ``whose`` (`whose_turn`), before the diver
    breathes; ``now``: the air on the track now (None: a chart of no game). A diver still going
    deeper gets the chance if it turned back (now, or at its next turn once it has moved; never
    with nothing carried)."""
    if distance is None:
        return f"{plain_text(name)} is in the sub: not in the water yet"
    if air <= 0:
        return f"{plain_text(name)}: distance {distance}, no air left for another turn"
    p = shown_chance(distance, chips, air, others, p_home(distance, chips, air, others, variant=variant), variant)
    how = f" ({boost_words(variant)})" if variant.can_boost else ""
    if not returning:
        how += ", if it turned back now" if phase == "roll" else ", if it turns back at its next turn"
        if chips == 0:
            how += " (which a diver carrying nothing may not do)"
    return (f"{plain_text(name)}: distance {distance} to the sub (free spaces + 1), air {air} at the start of "
            f"{whose}{air_now_words(name, air, now, others, phase, boost_paid)}, {plural(chips, 'item')}, "
            f"others breathe {others}: P(home) {fmt_pct(p)}{how}. {FROZEN}")


def _marker(distance, air, hover) -> dict:
    """The "you are here" marker's x, y and hover (``hover()``: its text); none in the sub. A what-if
    set up from Python may be farther out than the map: its marker is drawn at the map's edge."""
    if distance is None:
        return dict(x=[], y=[], hovertext=[])
    beyond = f" (beyond the map's {MAX_DISTANCE}: drawn at its edge)" if distance > MAX_DISTANCE else ""
    return dict(x=[min(distance, MAX_DISTANCE)], y=[max(air, 0)], hovertext=[hover() + beyond])


# Said on the map, blank, once there is no diver in the water: no position to mark.
OVER_MESSAGE = f"{GAME_OVER}: no diver in the water, no position to map"


def _title(name, chips, others, delta=0, asked=None, variant=CLASSIC) -> str:
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
    return with_note(who + odds, model_note(variant))


def map_figure(distance, chips, air, others, name=None, delta=0, asked=None, returning=True,
               phase="roll", message=None, now=None, variant=CLASSIC, boost_paid=0) -> dict:
    """The home-odds map as a figure description: P(home) with ``chips`` items, others breathing
    ``others``, the diver ``name`` marked at (``distance``, ``air``), ``air`` at the start of its
    turn (its next turn once it has moved: ``phase``) and ``now`` on the track now (None: a chart
    of no game); ``delta``: the items shown minus those carried, ``asked``: the what-if chosen
    (-1, 0, 1); or blank with ``message``. ``variant``: the game's dice (a Boost game's odds)."""
    z, text = _grid(chips, others, variant)
    whose = whose_turn(name, phase)
    # (in a template plotly reads "%{...}": a name's "%" is written as a character reference)
    template = f"distance %{{x}}, air %{{y}} at the start of {whose.replace('%', '&#37;')}: %{{hovertext}}"
    heatmap = dict(
        type="heatmap", x=DISTANCES, y=AIRS, z=z, zmin=0, zmax=1, colorscale="Cividis", name="P(home)",
        hovertext=text, hovertemplate=f"{template}<extra></extra>",
        colorbar=dict(title=dict(text="P(home)"), tickformat=".0%", thickness=12, outlinewidth=0))
    contours = [dict(
        type="contour", x=DISTANCES, y=AIRS, z=z, showscale=False, hoverinfo="skip", name=f"{level:.0%}",
        contours=dict(start=level, end=level, size=1, coloring="none", showlabels=True, labelformat=".0%",
                      labelfont=dict(color="white", size=11)),
        line=dict(color="white", width=2, dash=dash)) for level, dash in ((0.5, "dash"), (0.9, "solid"))]
    if message is None:
        here = _marker(distance, air, lambda: _marker_text(name or "the diver", distance, chips, air, others,
                                                           returning, phase, now, whose, variant,
                                                           boost_paid))
    else:
        here = _marker(None, air, str)
    marker = dict(type="scatter", **here, mode="markers", name="you are here",
                  marker=dict(symbol="x", size=16, color="#e8384f", line=dict(color="white", width=2)),
                  hovertemplate="%{hovertext}<extra></extra>")
    title = GAME_OVER if message is not None else _title(name, chips, others, delta, asked, variant)
    layout = merged(THEME, dict(showlegend=False), title_layout(title), dict(
        xaxis=dict(title=dict(text="distance to the sub (free spaces + 1)"), range=[0.5, MAX_DISTANCE + 0.5],
                   **AXIS),
        yaxis=dict(title=dict(text=f"air at the start of {whose}"), range=[-0.5, FULL_AIR + 0.5],
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
                      sit.returning, sit.phase, now=air_now(sit), variant=sit.variant, boost_paid=sit.boost_paid)


def air_now(sit: Situation) -> int:
    """The air on the track now, from the diver's odds inputs: before its roll it has breathed
    what it carries since its turn started with ``sit.air``; after, ``sit.air`` is its next turn's
    start, once the others have breathed theirs."""
    return sit.air - sit.chips - sit.boost_paid if sit.phase == "roll" else sit.air + sit.others
