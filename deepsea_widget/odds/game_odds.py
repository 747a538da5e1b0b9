"""P(home) for every seat of a real game: exact when the maths allows, else Monte Carlo.

Exact (`p_home_all`, the chain with skipping) applies when every diver still in
the water is heading back; the items are held fixed. Otherwise, or when the
exact chain would need more than ``max_states`` states, the rest of the dive is
simulated with a named policy's bots (`estimate_home`; the odds bot by default) and the answer carries its
95% interval (Wilson), the rollouts behind it and why it was simulated. The
board's badges and the panels both use this.
"""
from __future__ import annotations

from .all_divers import MAX_POSITION, p_home_all
from .batch_sim import MAX_TRAIL
from .errors import StateBudgetExceeded

ROLLOUTS = 4000  # standard error <= 0.8 points, a few tens of ms
# A what-if trail longer than the batch simulator takes (61 spaces: Python set-ups only) is
# simulated on the engine itself: ROLLOUTS took about 2 s there, 1.2 s since 2026-12-02's faster
# Game.copy; fewer there (500: about 0.15 s, standard error <= 2.3 points)
ENGINE_ROLLOUTS = 500
# states, up to 4 divers in the water: at most about 20 ms, best of 3 (2026-12-02: 600k-1M states a
# median 16 ms, worst 21 ms; the panels' whole refresh for such what-ifs 9-21 ms either way), near
# what the simulation of ROLLOUTS costs (8-12 ms); deeper ones are simulated. (300,000 until
# 2026-12-02, when that cost up to 60 ms.)
EXACT_BUDGET = 1_000_000
# five or six divers in the water cost about 0.3 us a state (the box solver): at most ~20 ms before
# a deeper what-if falls back to simulation (positions from real 5-6 player games stay under 50,000)
EXACT_BUDGET_MANY = 60_000


def exact_budget(divers_in_water: int) -> int:
    """The state budget of the board's exact odds for this many divers in the water."""
    return EXACT_BUDGET if divers_in_water <= 4 else EXACT_BUDGET_MANY


def free_distance(position: int, occupied) -> int:
    """`distance` as the odds define it: free spaces between ``position`` and the sub, plus 1
    (spaces in ``occupied`` are jumped, so they do not count)."""
    return 1 + sum(1 for p in range(1, position) if p not in occupied)


def exact_inputs(game):
    """`p_home_all` arguments for the game now, or None if the dive ends with this turn.

    In the roll phase the current diver's turn is taken from its start (air
    before it breathed); after its move, the next diver in the water starts.
    """
    divers = game.divers
    positions = [0 if d.back else d.position for d in divers]
    chips = [len(d.carried) for d in divers]
    if game.phase == "roll":
        return positions, chips, game.turn_start_air, game.current_player
    if game.air <= 0:  # air ran out on this turn: the dive ends when it does
        return None
    n = len(divers)
    for step in range(1, n + 1):
        nxt = (game.current_player + step) % n
        if positions[nxt] > 0:
            return positions, chips, game.air, nxt
    return None


EXACT_HEADING_BACK = "heading back"  # why exact: every diver in the water heads back with its items
EXACT_LAST_TURN = "last turn"  # why exact: the air ran out on this turn, nobody else moves again
EXACT_SURE = "sure"  # why exact: its next move gets it home whatever anyone rolls or picks up
SIMULATED_DEEPER = "deeper"  # why an estimate: some divers may still go deeper and pick up
SIMULATED_TOO_BIG = "too big"  # why an estimate: the exact chain is over ``max_states`` (or out of its reach)


def _exact(p: float, last_turn: bool) -> dict:
    return {"p": p, "se": None, "method": "exact", "why": EXACT_LAST_TURN if last_turn else EXACT_HEADING_BACK}


def sure_home(game, seat: int) -> bool:
    """Whether the diver in ``seat`` gets home for sure while others may still go deeper: it
    heads back, its next turn comes (the air at its start is fixed by what the divers before it
    carry now, as none can pick up before it breathes), and its smallest move (2 minus its items)
    reaches the sub even if every diver below it has left (spaces others take only shorten it)."""
    divers = game.divers
    d = divers[seat]
    if not d.returning or d.back or d.position <= 0:
        return False
    smallest = max(0, 2 - len(d.carried))
    if seat == game.current_player:
        if game.phase != "roll":  # it moved this turn, and may pick up before its next one
            return False
        # this turn is its (it finishes it even if the air ran out): nobody moves before it
        occupied = {o.position for i, o in enumerate(divers) if i != seat and o.position > 0 and not o.back}
        return smallest >= free_distance(d.position, occupied)
    if smallest < d.position:
        return False
    air = game.air  # (the diver to move has breathed)
    for step in range(1, len(divers)):
        nxt = (game.current_player + step) % len(divers)
        if nxt == seat:
            return air > 0
        if divers[nxt].position > 0 and not divers[nxt].back:
            air -= len(divers[nxt].carried)
    return False


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
    from .estimate import estimate_home

    if len(game.trail) > MAX_TRAIL:
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
