"""P(home) for every seat of a real game: exact when the maths allows, else simulated.

Exact (`p_home_all`, the chain with skipping) applies when every diver still in the water is
heading back; the items are held fixed. Otherwise, or when the exact chain would need more
than its state budget, the rest of the dive is simulated with a named policy's bots
(`estimate_home`) and the answer carries its 95% interval (Wilson), the rollouts behind it
and why it was simulated. The board's badges and the every-diver panel use this.

In a Boost game (RULES.md, "Boost") each diver heading back boosts by its own one-diver rule,
in the chain and in the simulation alike; its entries carry ``variant`` (its name). The chain
takes any dice the odds tables take; others are simulated (``why`` "variant").
"""
from __future__ import annotations

from ..odds.all_divers import MAX_POSITION, p_home_all
from ..odds.errors import StateBudgetExceeded
from ..odds.game_odds import (EXACT_HEADING_BACK, EXACT_LAST_TURN, EXACT_SURE, exact_budget, exact_inputs,
                              exact_options, sure_home)
from ..rules import CLASSIC, ROLLS
from .batch import MAX_BATCH_TRAIL
from .estimate import estimate_home

ROLLOUTS = 4000  # standard error <= 0.8 points
# A what-if trail longer than the batch simulator takes is simulated on the engine itself,
# with fewer rollouts (standard error <= 2.3 points)
ENGINE_ROLLOUTS = 500
SIMULATED_DEEPER = "deeper"  # why an estimate: some divers may still go deeper and pick up
SIMULATED_TOO_BIG = "too big"  # why an estimate: the exact chain is over its budget (or out of its reach)
SIMULATED_VARIANT = "variant"  # why an estimate: the exact chain does not count this variant's dice
# `sure_home` reckons with the original game's smallest kept total (2): a variant whose smallest
# is at least that may use it too
_SMALLEST = min(sum(roll) for roll in ROLLS)


def _exact(p: float, last_turn: bool) -> dict:
    return {"p": p, "se": None, "method": "exact", "why": EXACT_LAST_TURN if last_turn else EXACT_HEADING_BACK}


def _exact_odds(game, max_states, last_turn: bool):
    """Every seat's exact entry where each diver in the water heads back (or nobody moves again),
    by the chain with skipping; else (None, why the odds are simulated)."""
    divers = game.divers
    inputs, options = exact_inputs(game), exact_options(game)
    if max_states is None:
        max_states = exact_budget(sum(1 for d in divers if d.position > 0 and not d.back))
    if inputs is not None and options is None:  # dice the chain does not count
        return None, SIMULATED_VARIANT
    if inputs is not None and max(inputs[0]) > MAX_POSITION:  # a what-if beyond the chain's reach
        return None, SIMULATED_TOO_BIG
    try:
        probs = [1.0 if d.back else 0.0 for d in divers] if inputs is None else \
            p_home_all(*inputs, max_states=max_states, **options)
    except StateBudgetExceeded:
        return None, SIMULATED_TOO_BIG  # too deep to solve quickly: simulate
    variant = {} if inputs is None or not options else {"variant": game.variant.name}  # (its rule in the question)
    return [{"p": 1.0, "se": None, "method": "back"} if d.back else
            None if d.position == 0 else  # (still in the sub, not dived: no badge)
            dict(_exact(float(probs[s]), last_turn), **variant) for s, d in enumerate(divers)], None


def seat_odds(game, n: int = ROLLOUTS, seed: int = 0, max_states: int | None = None, policy: str = "odds") -> list:
    """Per seat: None (in the sub, not diving yet) or {"p", "se", "method"}.

    ``method`` is "back" (in the sub this dive), "exact" or "estimate". Exact
    has ``why``: "heading back" (every diver in the water heads back), "last
    turn" (the air ran out on this turn and the mover has no choice left:
    nobody else moves again) or "sure" (`sure_home`: its next move gets it home
    whatever the others do). An
    estimate also has ``se`` (its standard error), ``low`` and ``high`` (its
    95% Wilson interval), ``n`` (rollouts) and ``why`` ("deeper": someone may
    still go deeper; "too big": the exact chain is over ``max_states``, by
    default `exact_budget` of the divers in the water; "variant": dice the chain does not
    count). In a game of another variant than the original (Boost) the estimates, and the exact
    entries of divers heading back, have ``variant`` (its name). A finished game gives
    all None. A trail longer than 61 spaces is simulated with at most
    `ENGINE_ROLLOUTS` rollouts (on the engine: the batch simulator stops there). ``policy``: the
    bot every seat plays in the simulation ("odds" or "cautious").
    """
    divers = game.divers
    if game.is_over:
        return [None] * len(divers)
    why = SIMULATED_DEEPER
    # The air ran out on this turn: the dive ends with it, so nobody else moves again and
    # where they head does not matter; only a mover still heading deeper has a choice left.
    last_turn = game.air <= 0
    mover_decides = last_turn and game.phase == "roll" and not divers[game.current_player].returning
    classic = game.variant is CLASSIC
    if (all(d.back or d.returning for d in divers) or (last_turn and not mover_decides)) \
            and (classic or game.phase != "keep"):  # (in the keep phase the mover has yet to move)
        exact, why = _exact_odds(game, max_states, last_turn)
        if exact is not None:
            return exact
    if len(game.trail) > MAX_BATCH_TRAIL:
        n = min(n, ENGINE_ROLLOUTS)
    est = estimate_home(game, n=n, seed=seed, policies=policy)
    # (in a Boost game the divers before another one may boost, spending air `sure_home` does
    # not count: there it answers for the diver to move only)
    sure_mover = classic or min(game.variant.best_total(r) for r in game.variant.rolls) >= _SMALLEST
    out = []
    for s, d in enumerate(divers):
        if d.back:
            out.append({"p": 1.0, "se": None, "method": "back"})
        elif last_turn and s != game.current_player:  # it never moves again this dive
            out.append(_exact(0.0, True) if d.position > 0 else None)
        elif (classic or (sure_mover and s == game.current_player)) and sure_home(game, s):
            out.append({"p": 1.0, "se": None, "method": "exact", "why": EXACT_SURE})
        elif d.position > 0 or s == game.current_player:
            low, high = est[s].interval(0.95)
            entry = {"p": float(est[s].estimate), "se": float(est[s].stderr), "low": low, "high": high,
                     "n": est[s].n, "method": "estimate", "why": why}
            out.append(entry if classic else dict(entry, variant=game.variant.name))
        else:
            out.append(None)
    return out
