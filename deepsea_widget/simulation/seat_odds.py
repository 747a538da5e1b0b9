"""P(home) for every seat of a real game: exact when the maths allows, else simulated.

Exact (`p_home_all`, the chain with skipping) applies when every diver still in the water is
heading back; the items are held fixed. Otherwise, or when the exact chain would need more
than its state budget, the rest of the dive is simulated with a named policy's bots
(`estimate_home`) and the answer carries its 95% interval (Wilson), the rollouts behind it
and why it was simulated. The board's badges and the every-diver panel use this.
"""
from __future__ import annotations

from ..odds.all_divers import MAX_POSITION, p_home_all
from ..odds.errors import StateBudgetExceeded
from ..odds.game_odds import (EXACT_HEADING_BACK, EXACT_LAST_TURN, EXACT_SURE, exact_budget, exact_inputs,
                              sure_home)
from .batch import MAX_BATCH_TRAIL
from .estimate import estimate_home

ROLLOUTS = 4000  # standard error <= 0.8 points
# A what-if trail longer than the batch simulator takes is simulated on the engine itself,
# with fewer rollouts (standard error <= 2.3 points)
ENGINE_ROLLOUTS = 500
SIMULATED_DEEPER = "deeper"  # why an estimate: some divers may still go deeper and pick up
SIMULATED_TOO_BIG = "too big"  # why an estimate: the exact chain is over its budget (or out of its reach)


def _exact(p: float, last_turn: bool) -> dict:
    return {"p": p, "se": None, "method": "exact", "why": EXACT_LAST_TURN if last_turn else EXACT_HEADING_BACK}


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
    default `exact_budget` of the divers in the water). A finished game gives
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
    if all(d.back or d.returning for d in divers) or (last_turn and not mover_decides):
        inputs = exact_inputs(game)
        if max_states is None:
            max_states = exact_budget(sum(1 for d in divers if d.position > 0 and not d.back))
        if inputs is not None and max(inputs[0]) > MAX_POSITION:  # a what-if beyond the chain's reach
            probs, why = None, SIMULATED_TOO_BIG
        else:
            try:
                probs = [1.0 if d.back else 0.0 for d in divers] if inputs is None else \
                    p_home_all(*inputs, max_states=max_states)
            except StateBudgetExceeded:
                probs, why = None, SIMULATED_TOO_BIG  # too deep to solve quickly: simulate below
        if probs is not None:
            return [{"p": 1.0, "se": None, "method": "back"} if d.back else
                    None if d.position == 0 else  # (still in the sub, not dived: no badge)
                    _exact(float(probs[s]), last_turn) for s, d in enumerate(divers)]
    if len(game.trail) > MAX_BATCH_TRAIL:
        n = min(n, ENGINE_ROLLOUTS)
    est = estimate_home(game, n=n, seed=seed, policies=policy)
    out = []
    for s, d in enumerate(divers):
        if d.back:
            out.append({"p": 1.0, "se": None, "method": "back"})
        elif last_turn and s != game.current_player:  # it never moves again this dive
            out.append(_exact(0.0, True) if d.position > 0 else None)
        elif sure_home(game, s):
            out.append({"p": 1.0, "se": None, "method": "exact", "why": EXACT_SURE})
        elif d.position > 0 or s == game.current_player:
            low, high = est[s].interval(0.95)
            out.append({"p": float(est[s].estimate), "se": float(est[s].stderr), "low": low, "high": high,
                        "n": est[s].n, "method": "estimate", "why": why})
        else:
            out.append(None)
    return out
