"""Panel 2, turn back now or later: P(home) and the expected points banked.

Compares turning back now with one more move deeper first (averaged over the
roll), keeping the items or picking up what lies where the diver lands. Items
are valued at their level means (1.5, 5.5, 9.5, 13.5). An option the rules do
not allow keeps its slot, empty, with a "not allowed" note (its hover says what
it would give); the points axis reaches at least 1 point, so a tiny expected
value never fills the chart.
"""
from __future__ import annotations

import math
import numbers

from ..odds.checks import check_distance
from ..odds.boost_tables import turn_dice
from ..odds.dice import movement_pmf
from ..odds.single_diver import p_home
from ..rules.variant import CLASSIC
from ._common import (AXIS, BAR, BAR_ALT, BAR_MID, FULL_AIR, MEAN_CHIP, THEME, Situation, check_chart_args,
                      check_value, fmt_pct, free_distance, item_value, model_note, plain_text, plural, shown_chance)
from ._layout import GAME_OVER, keep, merged, short_name, title_layout, with_message, with_note
from .odds_map import whose_turn

# short, on two lines: three bars in each half of a 420 px panel leave about 50 px a label
LABELS = ("turn back<br>now", "dive on,<br>keep items", "dive on,<br>pick up")
POINTS_FLOOR = 1.0  # the points axis reaches at least 1 point: a tiny expected value stays a sliver
HEADROOM = 1.15  # above the tallest bar, for its label (as the P(home) axis: 0 to 115%)
SUBPLOT_TITLES = 12  # px under the title for the subplots' titles
NOT_ALLOWED = "not allowed"  # the name of the notes on the slot of an option the rules do not allow


def _p(distance, chips, air, others, variant=CLASSIC) -> float:
    if distance is None:
        return 1.0  # in the sub
    if air <= 0:
        return 0.0
    air = min(air, FULL_AIR)
    return shown_chance(distance, chips, air, others, float(p_home(distance, chips, air, others, variant=variant)),
                        variant)


def move_pmf(chips: int, variant=CLASSIC) -> list[tuple[int, float]]:
    """One move deeper with ``chips`` items: (spaces, probability). A Boost game's diver going
    deeper keeps the two dice that move it farthest, without a Boost."""
    if not variant.can_boost:
        return list(movement_pmf(chips).items())
    dice = turn_dice(variant)
    return [(m, rolls / dice.outcomes) for m, rolls in dice.moves(chips, False)]


# A Boost game's move deeper, in words (the turn-back panel's hovers).
BOOST_MOVE = "keeping the two dice that move it farthest, no Boost"


def _the_roll(variant) -> str:
    """What one more move deeper is averaged over, in words."""
    return f"the roll, {BOOST_MOVE}" if variant.can_boost else "the roll"


def turn_back_numbers(distance, chips, air, others=0, value=None, moves=None, *, name=None,
                      phase="roll", variant=CLASSIC) -> list[dict]:
    """Rows ``{"label", "p", "ev", "text"}`` for the three choices.

    ``air``: at the start of the diver's turn, before it breathes; the texts say so, naming
    ``name``'s turn (its next turn once it has moved: ``phase`` is not "roll"), or "the diver's".

    ``value``: expected points carried (default: ``chips`` items of unknown level,
    7.5 each). ``moves``: ``[(prob, new_distance, item_value_or_None), ...]`` for one
    move deeper (default: an empty trail, every landing space holding an item of
    unknown level). The probabilities must add up to 1, each new distance be None
    (in the sub) or 1 or more, each item value None or a number of points, 0 or more.
    ``variant``: the game's dice (a Boost game's: see `move_pmf` and `p_home`).
    """
    distance, chips, air, others = check_chart_args(distance, chips, air, others)
    value = MEAN_CHIP * chips if value is None else check_value(value)
    if moves is not None:
        moves = _check_moves(moves)
    if moves is None:  # from the sub, a move of 0 stays in the sub (distance None)
        moves = [(q, None if distance is None and m == 0 else (distance or 0) + m, MEAN_CHIP if m > 0 else None)
                 for m, q in move_pmf(chips, variant)]
    rows = []
    p_now = _p(distance, chips, air, others, variant)
    where = "in the sub" if distance is None else f"{distance} to go"
    whose = whose_turn(name, phase)
    air_now = f"air {air} at the start of {whose}" if air > 0 else "no air left for another turn"
    rows.append({"label": LABELS[0], "p": p_now, "ev": p_now * value,
                 "text": f"turn back now ({where}, {plural(chips, 'item')}, {air_now}): P(home) {fmt_pct(p_now)}; "
                         f"you bank {fmt_pct(p_now)} of {value:.1f} points = {fmt_points(p_now * value)} on average"})
    next_air = air - chips - others  # this turn's breath and the others' before the next turn
    after = ("the diver's next turn" if not name else f"{plain_text(name)}'s next turn" if phase == "roll"
             else f"{plain_text(name)}'s turn after next")
    then = f"then back with air {next_air} at the start of {after}" if next_air > 0 else \
        "then no air left for the way back"
    weight = math.fsum(q for q, _, _ in moves)  # 1, give or take an ulp
    # (each chance a share of the moves' total weight: never above 1, exactly 1 when sure)
    p_keep = math.fsum(q * _p(d, chips, next_air, others, variant) for q, d, _ in moves) / weight
    rows.append({"label": LABELS[1], "p": p_keep, "ev": p_keep * value,
                 "text": f"one more move deeper (averaged over {_the_roll(variant)}), {then}: "
                         f"P(home) {fmt_pct(p_keep)}; expected {fmt_points(p_keep * value)} points"})
    # A diver carrying nothing that ends its move on a blank may not turn back then: such a roll does
    # not get it home this way (0 here; the hover says so). (One that ends in the sub is home.)
    on_blank = [chips == 0 and item is None and d is not None for _, d, item in moves]
    chance = lambda d, c: _p(d, c, next_air, others, variant)  # noqa: E731 (after this turn's breaths)
    picks = [(q, 0.0 if blank else chance(d, chips), value) if item is None else
             (q, chance(d, chips + 1), value + item) for (q, d, item), blank in zip(moves, on_blank)]
    p_pick = math.fsum(q * p for q, p, _ in picks) / weight
    ev_pick = math.fsum(q * p * v for q, p, v in picks) / weight
    text = (f"one more move deeper and pick up what is there (one more item weighs you down): "
            f"P(home) {fmt_pct(p_pick)}; expected {fmt_points(ev_pick)} points")
    row = {"label": LABELS[2], "p": p_pick, "ev": ev_pick, "text": text}
    blank = math.fsum(q for (q, _, _), b in zip(moves, on_blank) if b) / weight
    if all(on_blank):  # nothing to pick up wherever it ends: the plan cannot be carried out
        row.update(allowed=False, text="not allowed: wherever the roll takes it, it ends on a blank space with "
                                       "nothing to pick up, and a diver carrying nothing cannot turn back")
    elif blank > 0:
        row["text"] += (f". {fmt_pct(blank)} of the rolls end on a blank space: with nothing to pick up it "
                        f"still carries nothing and may not turn back, so those count as not getting home this way")
    rows.append(row)
    return rows


def _check_moves(moves) -> list:
    """`turn_back_numbers`' ``moves``, checked: a list of ``(prob, new_distance, item_value_or_None)``
    with probabilities from 0 to 1 adding up to 1 (ValueError naming the entry)."""
    form = "(probability, new distance or None, item value or None)"
    if not isinstance(moves, (list, tuple)) or not moves:
        raise ValueError(f"moves must be a non-empty list of {form}, one per roll outcome, got {moves!r}")
    out = []
    for i, move in enumerate(moves):
        if not isinstance(move, (list, tuple)) or len(move) != 3:
            raise ValueError(f"moves[{i}] must be a triple {form}, got {move!r}")
        q, d, item = move
        if isinstance(q, bool) or not isinstance(q, numbers.Real) or not 0 <= q <= 1:
            raise ValueError(f"moves[{i}]: the probability must be a number from 0 to 1, got {q!r}")
        if d is not None:
            d = check_distance(d, f"moves[{i}]: the new distance")
        if item is not None:
            item = check_value(item, f"moves[{i}]: the item value")
        out.append((float(q), d, item))
    total = math.fsum(q for q, _, _ in out)
    if abs(total - 1) > 1e-9:
        raise ValueError(f"moves: the probabilities must add up to 1 (one per roll outcome), got {total:g}")
    return out


def game_moves(sit: Situation) -> list:
    """One move deeper from the diver's space: (prob, new distance, value of the item there or None)."""
    occ = set(sit.occupied)
    out = []
    for m, q in move_pmf(sit.chips, sit.variant):
        pos = end = sit.position
        steps = m
        while steps > 0 and pos < sit.trail_len:
            pos += 1
            if pos not in occ:
                steps -= 1
                end = pos
        here = sit.trail[end - 1] if end >= 1 else None
        out.append((q, free_distance(end, occ) if end > 0 else None,
                    item_value(here) if here else None))
    return out


def _title(name, returning, phase="roll", variant=CLASSIC) -> str:
    who = f"{short_name(name)}: " if name else ""
    if returning:
        title = f"{who}{keep('already heading back:')} {keep('P(home) and expected points')}"
    elif phase != "roll":
        title = f"{who}next turn: {keep('turn back,')} {keep('or one more move first?')}"
    else:
        title = f"{who}{keep('turn back now')} {keep('or after one more move?')}"
    return with_note(title, model_note(variant))


def fmt_points(ev: float) -> str:
    """Expected points with one decimal; a possibility never reads 0.0 ("<0.1" instead)."""
    return "<0.1" if 0 < ev < 0.05 else f"{ev:.1f}"


def _bars(rows) -> tuple[dict, dict]:
    """Per trace (P(home), expected points): the bars' updates; an option the rules do not
    allow (``"allowed": False``) has no bar and no number, only its label and a note."""
    ok = [r.get("allowed", True) for r in rows]
    common = dict(x=[r["label"] for r in rows], hovertext=[r["text"] for r in rows])

    def bars(key, fmt) -> dict:
        return dict(common, y=[r[key] if a else None for r, a in zip(rows, ok)],
                    text=[fmt(r[key]) if a else "" for r, a in zip(rows, ok)])

    return bars("p", fmt_pct), bars("ev", fmt_points)


def _points_range(rows) -> list:
    """The points axis: from 0 to the tallest bar and a little, but at least `POINTS_FLOOR`."""
    top = max([r["ev"] for r in rows if r.get("allowed", True)], default=0.0)
    return [0, max(POINTS_FLOOR, HEADROOM * top)]


def _notes(rows) -> list:
    """A "not allowed" note on the empty slot of each option the rules do not allow, in both
    subplots, its hover the option's explanation."""
    notes = []
    for i, row in enumerate(rows):
        if not row.get("allowed", True):
            notes += [dict(name=NOT_ALLOWED, text="not<br>allowed", x=i, y=0, xref=f"x{axis}", yref=f"y{axis}",
                           yanchor="bottom", showarrow=False, font=dict(size=11), hovertext=row["text"])
                      for axis in ("", "2")]
    return notes


def _subplot_title(text: str, x: float) -> dict:
    return dict(text=text, x=x, xanchor="center", xref="paper", y=1.0, yanchor="bottom", yref="paper",
                showarrow=False, font=dict(size=16))


# the two subplots side by side, 12% of the width apart
_LEFT, _RIGHT = [0.0, 0.44], [0.56, 1.0]


def turn_back_figure(rows, title: str, message: str | None = None) -> dict:
    """The turn-back panel as a figure description: P(home) and expected points of each of
    ``rows`` (`turn_back_numbers`' form) side by side, or blank with ``message``."""
    colours = [BAR, BAR_MID, BAR_ALT]
    p, ev = _bars(rows)
    data = [dict(type="bar", marker=dict(color=colours), texttemplate="%{text}", textposition="outside",
                 hovertemplate="%{hovertext}<extra></extra>", name=name, xaxis=x, yaxis=y, **bars)
            for name, bars, x, y in (("P(home)", p, "x", "y"), ("expected points", ev, "x2", "y2"))]
    axis = dict(tickangle=0, tickfont=dict(size=10), **AXIS)
    layout = merged(THEME, dict(showlegend=False), title_layout(title, room_below=SUBPLOT_TITLES), dict(
        xaxis=dict(axis, anchor="y", domain=_LEFT), xaxis2=dict(axis, anchor="y2", domain=_RIGHT),
        yaxis=dict(AXIS, anchor="x", domain=[0.0, 1.0], range=[0, HEADROOM], tickformat=".0%"),
        yaxis2=dict(AXIS, anchor="x2", domain=[0.0, 1.0], range=_points_range(rows)),
        annotations=[_subplot_title("P(home)", 0.22), _subplot_title("expected points banked", 0.78),
                     *_notes(rows)]))
    fig = dict(data=data, layout=layout)
    return fig if message is None else with_message(fig, message)


def turn_back_chart(distance: int | None = 9, chips: int = 3, air: int = 14, others: int = 0,
                    value: float | None = None) -> dict:
    """Turn back now vs one more move deeper, for a diver on an empty trail (see `turn_back_numbers`);
    an option the rules do not allow (turning back with nothing carried, staying in the sub at a
    dive's start) keeps its slot, empty, with a "not allowed" note. A figure description: show it
    with ``deepsea_widget.Figure``."""
    rows = turn_back_numbers(distance, chips, air, others, value)
    return turn_back_figure(_not_allowed(rows, distance, chips), _title(None, False))


# What turning back is called once this turn's move is made (the numbers are for the next turn).
NEXT_TURN_LABEL = "turn back<br>next turn"


def situation_rows(sit: Situation) -> list[dict]:
    moves = game_moves(sit)
    rows = turn_back_numbers(sit.distance, sit.chips, sit.air, sit.others, sit.value, moves, name=sit.name,
                             phase=sit.phase, variant=sit.variant)
    if sit.returning:  # only "keep going home" applies
        return [dict(rows[0], label="keep heading home",
                     text=rows[0]["text"].replace("turn back now", "heading home"))]
    when = "one more turn" if sit.phase == "roll" else "at the next turn"  # (after the roll: the next turn's choices)
    if sit.distance is not None and all(d == sit.distance for _, d, _ in moves):  # no roll moves it
        free = any(p not in sit.occupied for p in range(sit.position + 1, sit.trail_len + 1))
        stay = f"{when}, staying put ({'its load cancels every roll' if free else 'no free space lies deeper'})"
        deeper = f"one more move deeper (averaged over {_the_roll(sit.variant)})"
        rows = _reworded(rows, (deeper, stay),
                         ("one more move deeper and", f"{stay}, and"))
    elif sit.phase != "roll":
        rows = _reworded(rows, ("one more move deeper", "at the next turn one more move deeper"))
    if sit.phase != "roll":
        rows = _reworded(rows, ("turn back now", "turn back at the next turn"))
        rows[0]["label"] = NEXT_TURN_LABEL
    return _not_allowed(rows, sit.distance, sit.chips)


def _reworded(rows: list[dict], *changes: tuple[str, str]) -> list[dict]:
    """``rows`` with each ``(old, new)`` wording replaced in their hover texts."""
    out = []
    for row in rows:
        text = row["text"]
        for old, new in changes:
            text = text.replace(old, new)
        out.append(dict(row, text=text))
    return out


def _not_allowed(rows: list[dict], distance: int | None, chips: int) -> list[dict]:
    """``rows`` of a diver going deeper, with the options the rules do not allow marked so."""
    rows = list(rows)
    if distance is None:  # in the sub at the start of a dive: every diver dives (rolls)
        rows[0] = dict(rows[0], label="stay in<br>the sub: no", allowed=False,
                       text="not allowed: a diver in the sub at the start of a dive must dive (roll). "
                            "(If it could stay: home for sure, with nothing to bank)")
    elif chips == 0:  # RULES.md: only a diver carrying something may turn back
        rows[0] = dict(rows[0], label="turn back:<br>not allowed", allowed=False,
                       text="not allowed: a diver carrying nothing cannot turn back. (If it could: "
                            + rows[0]["text"] + ")")
    if chips == 0:  # one more move keeping nothing: still nothing carried, so no turning back then
        rows[1] = dict(rows[1], allowed=False,
                       text="not allowed: after one more move it would still carry nothing, and a diver "
                            "carrying nothing cannot turn back. (If it could: " + rows[1]["text"] + ")")
    return rows


OVER_MESSAGE = f"{GAME_OVER}: no diver in the water, no choice to weigh"


def turn_back_panel(sit: Situation | None) -> dict:
    """The live panel for a game's active diver (None: the game is over, no choice to weigh)."""
    if sit is None:  # no diver to advise: no bars, and the panel says why
        return turn_back_figure([], GAME_OVER, OVER_MESSAGE)
    return turn_back_figure(situation_rows(sit), _title(sit.name, sit.returning, sit.phase, sit.variant))
