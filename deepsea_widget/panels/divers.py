"""Panel 3, every diver: P(home) per diver in the water.

Exact (the chain with skipping, `p_home_all`) when every diver in the water is
heading back; otherwise Monte Carlo (`estimate_home`, cautious bots) with 95%
Wilson intervals as error bars. The hover text names the method, and why.
"""
from __future__ import annotations

import math
import numbers
from collections.abc import Mapping

from ..odds.checks import as_int
from ..odds.game_odds import EXACT_HEADING_BACK, EXACT_LAST_TURN, EXACT_SURE
from ..simulation.seat_odds import ROLLOUTS, SIMULATED_DEEPER, SIMULATED_TOO_BIG, seat_odds
from ..rules import Game
from ..simulation.questions import DEFAULT_POLICY, POLICY_NAMES, check_policy, with_words
from ..rules.variant import CLASSIC
from ._common import AXIS, BAR, BAR_ALT, PANEL_WIDTH, THEME, estimate_pct, fmt_pct, game_name, plain_text
from ._layout import CHAR_EM, label_lines, merged, title_layout, with_note


def divers_odds(game, n: int = ROLLOUTS, seed: int = 0, policy: str = DEFAULT_POLICY) -> list:
    """Per seat: None (in the sub, not diving yet) or `seat_odds`' dict: {"p", "se", "method"}
    ("exact", "estimate", "back"); an exact one also has "why" ("heading back" or "last turn"), an
    estimate "low", "high" (95%), "n" and "why" ("deeper" or "too big"); each also has what every
    view shows: "shown", "label" and "question" (`simulation.questions`). ``policy``: how
    everyone plays on in the simulation ("odds" or "cautious")."""
    _check_game(game)
    check_policy(policy)
    return with_words([d.name for d in game.divers], seat_odds(game, n=n, seed=seed, policy=policy), policy)


def _check_game(game) -> None:
    if not isinstance(game, Game):
        raise ValueError(f"game must be a deepsea_widget Game, got {type(game).__name__}")


_METHODS = ("back", "exact", "estimate")
_KEYS = {"p", "se", "method", "low", "high", "n", "why", "shown", "label", "question"}


def _check_odds(odds, divers: int) -> list:
    """``divers_chart``'s precomputed odds: one entry per diver, each None or a dict as
    `divers_odds` gives (ValueError naming the entry and what is wrong with it)."""
    if not isinstance(odds, (list, tuple)):
        raise ValueError(f"odds must be a list with one entry per diver (None or a dict as divers_odds "
                         f"gives), got {odds!r}")
    if len(odds) != divers:
        raise ValueError(f"odds has {len(odds)} entries but the game has {divers} divers: one per diver")
    for i, o in enumerate(odds):
        if o is None:
            continue
        if not isinstance(o, Mapping):
            raise ValueError(f"odds[{i}] must be None or a dict with p, se and method, got {o!r}")
        unknown = sorted(map(repr, set(o) - _KEYS))
        if unknown:
            raise ValueError(f"odds[{i}] has unknown key(s) {', '.join(unknown)} "
                             f"(known: {', '.join(sorted(_KEYS))})")
        if o.get("method") not in _METHODS:
            raise ValueError(f"odds[{i}]['method'] must be one of {', '.join(map(repr, _METHODS))}, "
                             f"got {o.get('method')!r}")
        if "p" not in o:
            raise ValueError(f"odds[{i}] has no 'p' (its probability of getting home)")
        p = _unit(o["p"], f"odds[{i}]['p']")
        if o["method"] == "back" and p != 1:
            raise ValueError(f"odds[{i}]['p'] must be 1 for a diver back in the sub, got {o['p']!r}")
        se = o.get("se")
        if se is not None and (not _is_real(se) or se < 0 or not _finite(se)):
            raise ValueError(f"odds[{i}]['se'] must be None or a finite number, 0 or more, got {se!r}")
        low = _unit(o["low"], f"odds[{i}]['low']") if "low" in o else p
        high = _unit(o["high"], f"odds[{i}]['high']") if "high" in o else p
        if not low <= p <= high:
            raise ValueError(f"odds[{i}]: the interval must hold p (low <= p <= high), "
                             f"got low {low!r}, p {p!r}, high {high!r}")
        if "n" in o and as_int(f"odds[{i}]['n']", o["n"]) < 1:
            raise ValueError(f"odds[{i}]['n'] (rollouts) must be at least 1, got {o['n']!r}")
        whys = _WHY_EXACT if o["method"] == "exact" else _WHY
        if "why" in o and (not isinstance(o["why"], str) or o["why"] not in whys):
            raise ValueError(f"odds[{i}]['why'] must be one of {', '.join(map(repr, whys))}, got {o['why']!r}")
    return list(odds)


def _is_real(x) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def _finite(x) -> bool:
    try:
        return math.isfinite(x)
    except OverflowError:  # an int too big for a float
        return False


def _unit(x, name: str) -> float:
    """A probability: a real number in [0, 1] (not a bool, not nan)."""
    if not _is_real(x) or not 0 <= x <= 1:
        raise ValueError(f"{name} must be a probability, a number from 0 to 1, got {x!r}")
    return float(x)


_WHY = {SIMULATED_DEEPER: "some divers may still go deeper and pick up, which the exact chain does not model",
        SIMULATED_TOO_BIG: "the exact chain for this position is too big to solve live"}
_WHY_EXACT = {EXACT_HEADING_BACK: "every diver in the water is heading back with the items it carries, so the "
                                  "chain over positions, air and turns (with skipping) is solved exactly",
              EXACT_LAST_TURN: "the air ran out on this turn, so the dive ends with it and nobody else moves again",
              EXACT_SURE: "heading back, its next turn comes whatever the others do, and even its smallest "
                          "move gets it home"}


def _approx(shown: str, mark: str) -> str:
    """``mark`` before an estimate ("≈62%"), but ">99%" and "<1%" as they are (already not exact)."""
    return shown if shown[0] in "<>" else f"{mark}{shown}"


def whose_turn(game) -> int | None:
    """The seat whose turn it is (None once the game is over)."""
    return None if game.is_over else game.current_player


def _rows(names, odds, over=False, turn=None):
    """Per diver: bar height (None: no bar), error bar above and below, bar label, hover text.
    The diver whose turn it is (seat ``turn``) is named so in its hover text."""
    x, y, up, down, label, text, colours = [], [], [], [], [], [], []
    for seat, (name, o) in enumerate(zip(map(plain_text, names), odds)):
        turn_mark = ""
        if seat == turn:
            name = f"{name} (whose turn it is)"
            turn_mark = f"{name}. "
        x.append(seat)  # (the axis shows the names: `_name_ticks`)
        if o is None:
            y.append(0.0)  # no bar (and no error bar): its label says why
            up.append(None)
            down.append(None)
            label.append("" if over else "not dived")
            text.append(f"{name}: the game is over, no more dives" if over else
                        f"{name} is in the sub and has not dived yet: no odds to give")
            colours.append(BAR)
        elif o["method"] == "back":
            y.append(1.0)
            up.append(0.0)
            down.append(0.0)
            label.append("safe")
            text.append(f"{name} is back in the sub: home for sure")
            colours.append(BAR_ALT)
        elif o["method"] == "exact":
            y.append(o["p"])
            up.append(0.0)
            down.append(0.0)
            label.append(o.get("shown", fmt_pct(o["p"])))
            text.append(f"{turn_mark}{plain_text(o['question'])} Answer: {o['shown']}, exact "
                        f"({_WHY_EXACT[o.get('why', EXACT_HEADING_BACK)]})"
                        if "question" in o else f"{name}: P(home) {fmt_pct(o['p'], 1)}, exact: "
                        + _WHY_EXACT[o.get("why", EXACT_HEADING_BACK)])
            colours.append(BAR)
        else:
            p, low, high = o["p"], o.get("low", o["p"]), o.get("high", o["p"])
            y.append(p)
            up.append(high - p)
            down.append(p - low)
            label.append(o.get("shown", _approx(estimate_pct(p, 0, low, high), "≈")))
            why = _WHY.get(o.get("why"), _WHY[SIMULATED_DEEPER])
            shown = _approx(estimate_pct(p, 1, low, high), "about ")
            if "question" in o:
                text.append(f"{turn_mark}{plain_text(o['question'])} Answer: {o['shown']}, 95% interval "
                            f"{fmt_pct(low, 1)} to {fmt_pct(high, 1)} (Wilson); simulated because {why}")
            else:
                text.append(f"{name}: P(home) {shown}, 95% interval {fmt_pct(low, 1)} to {fmt_pct(high, 1)} "
                            f"(Wilson). Monte Carlo: {o.get('n', ROLLOUTS):,} simulated dives, because {why}")
            colours.append(BAR)
    return x, y, up, down, label, text, colours


def _title(odds, over=False, policy=DEFAULT_POLICY, variant=CLASSIC) -> str:
    if over:
        return with_note("Every diver: P(home)", "the game is over: no more dives")
    methods = {o["method"] for o in odds if o is not None}
    if not methods:
        note = "nobody has dived yet"
    elif "estimate" not in methods:
        note = "others move: all head home as they are; exact, with skipping"
    else:
        n = max(o.get("n", ROLLOUTS) for o in odds if o is not None and o["method"] == "estimate")
        note = f"others move: all play on like {POLICY_NAMES[policy]}; {n:,} simulated dives, error bars: 95% intervals"
    if variant.can_boost and methods:  # (each bar's question says how in full)
        note += f"; {game_name(variant)} game: each diver heading back boosts by its own one-diver rule"
    return with_note("Every diver: P(home)", note)


TICK_SIZE = 11  # px, the names under the bars


def _name_ticks(names, turn=None) -> dict:
    """The x axis: one bar a seat, labelled with its diver's name level, on up to two lines as
    wide as its bar's slot (six divers have about 55 px each), "…" where cut; the name of the
    diver whose turn it is (seat ``turn``) in bold and underlined."""
    slot = (PANEL_WIDTH - THEME["margin"]["l"] - THEME["margin"]["r"]) / max(1, len(names))
    width = max(4.0, slot / (TICK_SIZE * CHAR_EM) - 1)
    labels = [label_lines(n, width) for n in names]
    if turn is not None and 0 <= turn < len(labels):
        labels[turn] = "<br>".join(f"<b><u>{line}</u></b>" for line in labels[turn].split("<br>"))
    return dict(tickmode="array", tickvals=list(range(len(names))), tickangle=0, tickfont=dict(size=TICK_SIZE),
                ticktext=labels, automargin=True)


def divers_figure(names, odds, over: bool = False, turn: int | None = None, policy: str = DEFAULT_POLICY,
                  variant=CLASSIC) -> dict:
    """The every-diver panel as a figure description: a bar of P(home) per diver (``odds``:
    `divers_odds`' form), the diver whose turn it is (seat ``turn``) named in bold; each bar
    carries its question (``customdata``) where ``odds`` has one. ``variant``: the game's dice
    (a Boost game's title says so)."""
    x, y, up, down, label, text, colours = _rows(names, odds, over, turn)
    bar = dict(type="bar", x=x, y=y, marker=dict(color=colours), hovertext=text,
               customdata=[o.get("question", "") if o else "" for o in odds],
               hovertemplate="%{hovertext}<extra></extra>",
               error_y=dict(type="data", symmetric=False, array=up, arrayminus=down, visible=True,
                            color="rgb(128,128,128)", thickness=2),
               text=label, texttemplate="%{text}", textposition="outside", cliponaxis=False, name="P(home)")
    layout = merged(THEME, dict(showlegend=False), title_layout(_title(odds, over, policy, variant)), dict(
        xaxis=dict(**AXIS, **_name_ticks(names, turn)), yaxis=dict(range=[0, 1.15], tickformat=".0%", **AXIS)))
    return dict(data=[bar], layout=layout)


def divers_chart(game, odds=None) -> dict:
    """Bars of P(home) for every diver of ``game`` (``odds``: precomputed `divers_odds`,
    one entry per diver; a ValueError names an entry that is not of that form). The name
    of the diver whose turn it is is in bold and underlined. A figure description: show it
    with ``deepsea_widget.Figure``."""
    _check_game(game)
    if odds is None:
        odds = divers_odds(game)
    else:
        odds = _check_odds(odds, len(game.divers))
    return divers_figure([d.name for d in game.divers], odds, turn=whose_turn(game), variant=game.variant)
