"""The words every number on screen carries: which question it answers, and how it is shown.

One place, so that a number and its question read the same on the board's cards, in the
panels and in the notebooks (the board and the panels take these strings as they are).
"""
from __future__ import annotations

import math

from ..odds.game_odds import EXACT_LAST_TURN, EXACT_SURE
from .seat_odds import SIMULATED_TOO_BIG, SIMULATED_VARIANT
from ..rules.events import fmt_pct

# Short names for labels, and what each policy does, for questions.
POLICY_NAMES = {"odds": "the odds bot", "cautious": "the cautious bot"}
POLICIES = {
    "odds": "the odds bot (it dives on while its chance of getting home stays high, takes an item when that "
            "adds points on average, and on the way home drops its cheapest one when that does)",
    "cautious": "the cautious bot (it takes at most two items and turns back when the air left is at most "
                "twice its space)",
}
DEFAULT_POLICY = "odds"
# How each policy plays a Boost game (RULES.md, "Boost"): the one-diver rule heading back.
BOOST_PLAY = {
    "odds": "diving, the odds bot never boosts and keeps the two dice that land it on an item it would pick up, "
            "else the two that move it farthest",
    "cautious": "diving, the cautious bot never boosts and keeps the two dice that move it farthest",
}
# How each diver heading back plays a Boost game, in the chain and in every simulated policy alike.
ONE_DIVER_RULE = ("each diver heading back boosts by its own one-diver rule (when boosting now gives it the higher "
                  "chance of getting home, its items and the others' breathing held fixed)")
# What an exact number for a diver in the water assumes (the chain with skipping).
EXACT_ASSUMES = "every diver heads home with what it carries (no more pick-ups or drops)"
HOME = "chance of being back in the submarine when this dive ends"


def check_policy(policy) -> str:
    if policy not in POLICIES:
        raise ValueError(f"odds_policy: must be one of {', '.join(map(repr, POLICIES))}, got {policy!r}")
    return policy


def boost_clause(policy: str, variant=None) -> str:
    """How everyone plays a Boost game under ``policy``, for a question: each diver heading back
    boosts by its own one-diver rule."""
    keep = 2 if variant is None or not variant.keep else variant.keep
    kept = "two" if keep == 2 else keep
    return f"{ONE_DIVER_RULE} and keeps the {kept} dice that move it farthest; {BOOST_PLAY[policy]}"


def exact_boost_clause(variant_name: str | None) -> str:
    """What an exact number of a Boost game adds to `EXACT_ASSUMES`: how the divers heading home
    boost (the chain's rule, `p_home_all`'s ``boost="best"``); nothing in the original game."""
    if not variant_name:
        return ""
    return f"; in this {variant_name} game {ONE_DIVER_RULE} and keeps the dice that move it farthest"


def estimate_text(p: float, low: float, high: float, digits: int = 0) -> str:
    """An estimate as shown: "≈62%", or a strict bound its interval supports ("<1%", ">99%")."""
    step = 10.0 ** -(digits + 2)
    steps = round(1 / step)
    if p <= step / 2:
        return f"<{min(steps, max(1, math.floor(high / step + 1e-9) + 1)) / 10 ** digits:.{digits}f}%"
    if p >= 1 - step / 2:
        return f">{max(0, min(steps - 1, math.ceil(low / step - 1e-9) - 1)) / 10 ** digits:.{digits}f}%"
    return "≈" + fmt_pct(p, digits)


def chance_text(p: float, method: str, low: float | None = None, high: float | None = None) -> str:
    """A chance as every view shows it: exact ones plain ("62%"), estimates marked ("≈62%")."""
    if method == "estimate":
        return estimate_text(p, p if low is None else low, p if high is None else high)
    return fmt_pct(p)


def points_text(points: float) -> str:
    """Expected points with one decimal; a possibility never reads 0.0 ("<0.1" instead)."""
    return "<0.1" if 0 < points < 0.05 else f"{points:.1f}"


def seat_question(name: str, odds: dict, policy: str) -> str:
    """The question a diver's P(home) badge (`seat_odds`) answers."""
    method, why = odds["method"], odds.get("why")
    if method == "back":
        return f"{name} is back in the submarine: home for sure this dive."
    if method == "exact" and why == EXACT_LAST_TURN:
        return f"{name}'s {HOME}: the air ran out this turn, so nobody moves again."
    if method == "exact" and why == EXACT_SURE:
        return f"{name}'s {HOME}: heading home, its next move gets it there whatever anyone does."
    if method == "exact":
        return f"{name}'s {HOME}, if {EXACT_ASSUMES}{exact_boost_clause(odds.get('variant'))}."
    too_big = " (too big to work out exactly live)" if why == SIMULATED_TOO_BIG else ""
    if why == SIMULATED_VARIANT:
        too_big = f" (the exact every-diver odds do not count {odds['variant']}'s dice)"
    boost = f"; in this {odds['variant']} game {boost_clause(policy)}" if odds.get("variant") else ""
    return (f"{name}'s {HOME}, if everyone plays on like {POLICIES[policy]}{boost}; estimated from "
            f"{odds.get('n', 0):,} simulated dives{too_big}.")


def seat_label(odds: dict, policy: str) -> str:
    """A few words under a badge saying what it assumes."""
    if odds["method"] == "estimate":
        return f"if all play on like {POLICY_NAMES[policy]}"
    if odds["method"] == "exact" and odds.get("why") not in (EXACT_LAST_TURN, EXACT_SURE):
        return "if all head home as they are"
    return ""


def with_words(names: list, odds: list, policy: str) -> list:
    """`seat_odds`' entries with what every view shows: ``shown`` (the number), ``label`` (a
    few words on what it assumes) and ``question``."""
    out = []
    for name, entry in zip(names, odds):
        if entry is None:
            out.append(None)
            continue
        shown = "safe" if entry["method"] == "back" else chance_text(entry["p"], entry["method"], entry.get("low"),
                                                                    entry.get("high"))
        out.append(dict(entry, shown=shown, label=seat_label(entry, policy),
                        question=seat_question(name, entry, policy)))
    return out
