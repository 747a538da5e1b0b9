"""The live choices panel: the mover's options (`simulation.decision`) side by side, each
with its chance of getting home and the points it banks on average.

Each bar shows the option's number as the board's card shows it (``shown``), and carries
its question (as ``customdata`` and in its hover), so that one question reads the same
number everywhere. Others move here: everyone plays on as the named policy after this turn.
"""
from __future__ import annotations

from ..rules.variant import CLASSIC
from ..simulation.questions import POLICY_NAMES
from ._common import AXIS, BAR, BAR_ALT, BAR_MID, THEME, game_name, plain_text
from ._layout import GAME_OVER, keep, merged, short_name, title_layout, with_message, with_note

HEADROOM = 1.15
POINTS_FLOOR = 1.0
SUBPLOT_TITLES = 12
COLOURS = [BAR, BAR_MID, BAR_ALT]
# How the options read under the bars (two short lines in a narrow slot).
LABELS = {
    "turn back now": "turn back<br>now", "dive on, keep what you carry": "dive on,<br>keep items",
    "dive on, pick up where you land": "dive on,<br>pick up", "keep heading home": "keep heading<br>home",
    "keep heading home, drop your cheapest item": "head home,<br>drop one", "pick it up": "pick it<br>up",
    "leave it": "leave<br>it", "keep what you carry": "keep<br>items", "drop your cheapest item here": "drop<br>one",
    "stay": "stay",
}
OVER_MESSAGE = f"{GAME_OVER}: no diver in the water, no choice to weigh"
OTHERS_MOVE = "others move"
# Why the map's numbers differ, said where the others move.
FROZEN_ELSEWHERE = ("the map freezes them (they stay put and keep breathing what they carry), which is why "
                    "its numbers differ")


def _subplot_title(text: str, x: float) -> dict:
    return dict(text=text, x=x, xanchor="center", xref="paper", y=1.0, yanchor="bottom", yref="paper",
                showarrow=False, font=dict(size=14))


def choices_figure(name: str | None, options: list, policy: str = "odds", variant=CLASSIC) -> dict:
    """The panel for ``name``'s ``options`` (`decision`'s list); no options: the game is over.
    ``variant``: the game's dice (a Boost game's note says how everyone then plays it)."""
    who = POLICY_NAMES[policy]
    if not options or name is None:
        fig = _figure([], GAME_OVER)
        return with_message(fig, OVER_MESSAGE)
    boost = (f"; {game_name(variant)} game: each diver heading back then boosts by its own one-diver rule"
             if variant.can_boost else "")
    title = with_note(f"{short_name(name)}: {keep('what now?')}",
                      f"{OTHERS_MOVE}: after this choice all play on like {who}{boost}; ≈ marks a simulated estimate")
    return _figure(options, title)


def label(option: str) -> str:
    """An option's name under its bar (a Boost game's "boost and dive on, ...": "Boost:" first)."""
    if option.startswith("boost and "):
        return "Boost: " + LABELS.get(option[len("boost and "):], option[len("boost and "):])
    return LABELS.get(option, option)


def _figure(options: list, title: str) -> dict:
    x = [label(o["option"]) for o in options]
    hover = [f"{plain_text(o['question'])} Answer: {o['shown']}, {o['points_shown']} points"
             + (f" (95% interval {o['low']:.1%} to {o['high']:.1%})" if o["method"] == "estimate" else "")
             + f". Others move here; {FROZEN_ELSEWHERE}" for o in options]
    bars = []
    for key, shown, axis, y, name in (("p_home", "shown", "", "y", "P(home)"),
                                      ("points", "points_shown", "2", "y2", "expected points")):
        bars.append(dict(type="bar", x=x, y=[o[key] for o in options], text=[o[shown] for o in options],
                         customdata=[o["question"] for o in options], hovertext=hover,
                         marker=dict(color=[COLOURS[i % len(COLOURS)] for i in range(len(options))] or [BAR]),
                         texttemplate="%{text}",
                         textposition="outside", hovertemplate="%{hovertext}<extra></extra>", name=name,
                         xaxis=f"x{axis}", yaxis=y))
    top = max([o["points"] for o in options], default=0.0)
    axis = dict(tickangle=0, tickfont=dict(size=10), **AXIS)
    layout = merged(THEME, dict(showlegend=False), title_layout(title, room_below=SUBPLOT_TITLES), dict(
        xaxis=dict(axis, anchor="y", domain=[0.0, 0.44]), xaxis2=dict(axis, anchor="y2", domain=[0.56, 1.0]),
        yaxis=dict(AXIS, anchor="x", domain=[0.0, 1.0], range=[0, HEADROOM], tickformat=".0%"),
        yaxis2=dict(AXIS, anchor="x2", domain=[0.0, 1.0], range=[0, max(POINTS_FLOOR, HEADROOM * top)]),
        annotations=[_subplot_title("P(home)", 0.22), _subplot_title("expected points banked", 0.78)]))
    return dict(data=bars, layout=layout)
