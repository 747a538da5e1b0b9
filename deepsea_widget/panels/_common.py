"""What every panel reads from a game: the active diver's distance, air, items and the others' breathing.

Follows the definitions of RULES.md ("Odds of getting home"): distance = free
spaces between the diver and the sub + 1, air = air at the start of its
(next) turn before breathing, k = items carried by the other divers in the water.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

from ..odds.checks import as_int, check_count, check_distance
from ..odds.game_odds import free_distance  # noqa: F401 (re-exported for the panels)
from ..odds.single_diver import p_home
from ..rules.chips import N_CHIPS
from ..rules.chips import levels_value as item_value  # noqa: F401 (re-exported for the panels)
from ..rules.events import fmt_pct, plural  # noqa: F401 (re-exported for the panels)
from ..rules.variant import CLASSIC

MEAN_CHIP = 7.5  # mean of all chip values 0..15: an item of unknown level
from ..rules.air import FULL_AIR  # noqa: E402 (the air track is a rule: defined once, in rules)
MAX_DISTANCE = 33  # the charts' last column: one past a 32-space trail's farthest distance (32)
MAX_CHIPS = N_CHIPS  # the game's chips

# Readable on light and dark notebook themes: transparent backgrounds, mid-grey text.
_GREY = "rgb(128,128,128)"
# px: the narrowest a panel is drawn. A panel takes its grid cell's width (the figure widget sizes
# it to its container, never below its layout's `width`), and the cells are at least this wide
# (live_panels.py), so titles and labels are wrapped to it (_layout.py). 370 px fits the output of a
# 500 px wide JupyterLab window (384 px once its side panels are collapsed).
PANEL_WIDTH = 370

COLOURS = dict(  # any chart of the project's: the notebook's own background shows through
    paper_bgcolor="rgba(0,0,0,0)",
    plot_bgcolor="rgba(0,0,0,0)",
    font=dict(color=_GREY, size=12),
    hoverlabel=dict(bgcolor="white", font=dict(color="black")),
)
THEME = dict(
    COLOURS,
    margin=dict(l=55, r=24, t=50, b=45),
    height=320,
    # axis titles and tick labels that need more room than the margins get it (never cut at the edge)
    xaxis=dict(automargin=True),
    yaxis=dict(automargin=True),
    # as wide as its container (the figure widget measures it: plotly alone would draw a view that is
    # not on the page yet 700 px wide), but never narrower than the width its titles are wrapped to
    autosize=True,
    width=PANEL_WIDTH,
)
AXIS = dict(gridcolor="rgba(128,128,128,0.25)", zerolinecolor="rgba(128,128,128,0.4)",
            linecolor=_GREY, tickcolor=_GREY)
BAR = "#2a788e"      # viridis blue-green
BAR_ALT = "#fde725"  # viridis yellow
BAR_MID = "#7ad151"  # viridis green


def check_chart_args(distance, chips, air, others, max_distance=None) -> tuple:
    """The arguments of the panels' chart functions, checked (ValueError naming the argument):
    distance None (in the sub) or 1.., chips 0..32, air up to 25 (0 or less: no air left),
    others 0..; with ``max_distance``, the distance must fit the chart."""
    if distance is not None:
        distance = check_distance(distance)
        if max_distance is not None and distance > max_distance:
            raise ValueError(f"distance must be at most {max_distance} on this chart, got {distance}")
    chips = check_count("chips", chips)
    if chips > MAX_CHIPS:
        raise ValueError(f"chips must be at most {MAX_CHIPS} (the game has {MAX_CHIPS} chips), got {chips}")
    air = as_int("air", air)
    if air > FULL_AIR:
        raise ValueError(f"air must be at most {FULL_AIR} (a full air track), got {air}")
    return distance, chips, air, check_count("others", others)


def check_value(value, name: str = "value"):
    """Points: None (work it out) or a finite real number >= 0 (no bools, no strings such as "3")."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a number of points, got {value!r}")
    try:
        v = float(value)
    except OverflowError:  # an int too big for a float
        v = math.inf
    if not math.isfinite(v) or v < 0:
        raise ValueError(f"{name} must be a finite number of points, 0 or more, got {value!r}")
    return v


# The map's and the turn-back chart's model, said under their titles: the others are frozen.
# (The "what now?" and "Every diver" panels let them move, so their numbers for the same
# diver differ: their notes say "others move".)
MODEL_NOTE = "one-diver model, others frozen: they stay put and keep breathing what they carry"


def boost_words(variant) -> str:
    """How a Boost game's one-diver odds play (`p_home(..., variant=...)`), for a panel's note
    or hover; "" for the original game."""
    if not variant.can_boost:
        return ""
    keep = "two" if variant.keep == 2 else str(variant.keep)
    return (f"{game_name(variant)} game: heading home it boosts (all {len(variant.dice)} dice, {variant.boost_air} "
            f"more air) when that gives the higher chance, else keeps the best {keep}")


def game_name(variant) -> str:
    """A variant's name as a panel says it: "Boost" (the 2024 edition), else the variant's own."""
    return "Boost" if variant.name == "boost" else variant.name


def model_note(variant=CLASSIC) -> str:
    """`MODEL_NOTE`, and in a Boost game how its dice play (`boost_words`)."""
    words = boost_words(variant)
    return f"{MODEL_NOTE}; {words}" if words else MODEL_NOTE


def plain_text(text: str) -> str:
    """``text`` (a diver's name) as plotly shows it, letter for letter: plotly reads <, > and &
    in titles, labels and hovers as markup."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def shown_chance(distance: int, chips: int, air: int, others: int, p: float, variant=CLASSIC) -> float:
    """``p``, one diver's exact P(home) (with ``variant``'s dice), to print: a chance that
    rounds to the float 1.0 but is not sure (1 - 9**-18, say) becomes the float just below 1,
    so that it reads ">99.9%", never "100%"."""
    if p == 1.0 and p_home(distance, chips, air, others, exact=True, variant=variant) != 1:
        return math.nextafter(1.0, 0.0)
    return p


def estimate_pct(p: float, digits: int = 0, low: float | None = None, high: float | None = None) -> str:
    """A Monte Carlo estimate as a percentage: like `fmt_pct`, but never 0% or 100%, which
    only an exact answer may say. One that would round to either reads as a strict bound that
    its 95% interval ``low``..``high`` supports: "<1%" when the whole interval is below 1%,
    but "<2%" for 2 dives home in 500 (interval 0.1% to 1.45%), and ">99.8%" for 3,998 in
    4,000 (interval from 99.82%), not ">99.9%". The board's badges say the same
    (`estimatePercent` in js/src/format.ts, with the same arithmetic)."""
    if not _finite_number(p):
        return "n/a"
    low = low if _finite_number(low) else p
    high = high if _finite_number(high) else p
    step = 10.0 ** -(digits + 2)  # the smallest step shown, as a probability
    steps = round(1 / step)  # 100% in steps
    if p <= step / 2:  # the least whole number of steps above ``high``
        return f"<{min(steps, max(1, math.floor(high / step + 1e-9) + 1)) / 10 ** digits:.{digits}f}%"
    if p >= 1 - step / 2:  # the greatest whole number of steps below ``low``
        return f">{max(0, min(steps - 1, math.ceil(low / step - 1e-9) - 1)) / 10 ** digits:.{digits}f}%"
    return fmt_pct(p, digits)


def _finite_number(x) -> bool:
    return isinstance(x, numbers.Real) and math.isfinite(x)


@dataclass(frozen=True)
class Situation:
    """The active diver as the odds see it (None fields: not in the water yet)."""

    seat: int
    name: str
    position: int
    distance: int | None  # None: still in the sub at the start of the dive
    air: int              # air at the start of its next turn, before it breathes (may be <= 0)
    chips: int
    others: int           # k: items of the other divers in the water
    value: float          # expected value of the items carried
    returning: bool
    phase: str
    occupied: tuple       # spaces where other divers in the water stand
    trail: tuple          # per space: None (blank) or levels
    trail_len: int
    variant: object = CLASSIC  # the game's dice (`rules.variant`): a Boost game's odds use its own
    boost_paid: int = 0   # the air a Boost declared this turn took (after the breath; 0: none)


def situation(game) -> Situation | None:
    """The active diver's odds inputs, or None when the game is over."""
    if game.is_over or game.current_player is None:
        return None
    seat = game.current_player
    divers = game.divers
    me = divers[seat]
    others = [d for d in divers if d is not me and not d.back]
    k = sum(len(d.carried) for d in others)
    occupied = tuple(sorted(d.position for d in others if d.position > 0))
    if game.phase == "roll":
        air = game.turn_start_air
    else:  # it has moved: its next turn starts after the others breathed
        air = game.air - k
    trail = tuple(None if it is None else tuple(it.levels) for it in game.trail)
    return Situation(
        seat=seat, name=me.name, position=me.position,
        distance=free_distance(me.position, occupied) if me.position > 0 else None,
        air=air, chips=len(me.carried), others=k,
        value=sum(item_value(it.levels) for it in me.carried),
        returning=me.returning, phase=game.phase, occupied=occupied,
        trail=trail, trail_len=len(trail), variant=game.variant,
        boost_paid=game.variant.boost_air if game.boosted and game.phase == "roll" else 0,
    )
