"""The exact side of a real game's odds: what `p_home_all` takes from a game, its state
budget, and when a diver is sure to get home (`simulation.seat_odds` uses these)."""
from __future__ import annotations

from ..rules.movement import distance_home, move_points
from ..rules.variant import CLASSIC
from .boost_home import checked_variant
from .dice import DICE_WEIGHTS

# States of the exact chain the board solves live: with up to four divers in the water about
# what a simulation of the dive costs; deeper what-ifs are simulated (docs/benchmarks.md)
EXACT_BUDGET = 1_000_000
# five or six divers in the water cost several times more a state (the box solver, and the
# sorting solver before it hands over; a Boost game's five or six are sorted to the end)
EXACT_BUDGET_MANY = 60_000


def exact_budget(divers_in_water: int) -> int:
    """The state budget of the board's exact odds for this many divers in the water, whatever
    the variant: the dense solver takes a Boost game's chains of up to four divers too (about
    2-3 times the original game's time)."""
    return EXACT_BUDGET if divers_in_water <= 4 else EXACT_BUDGET_MANY


def exact_options(game) -> dict | None:
    """`p_home_all`'s keyword arguments for ``game``'s edition: ``variant``, and ``boosted`` where
    the diver to move has declared a Boost this turn and not rolled yet. None if the chain does
    not count the variant's dice (any the odds tables take: `boost_home.checked_variant`)."""
    variant = game.variant
    if variant == CLASSIC:
        return {}
    try:
        checked_variant(variant, "best")
    except ValueError:
        return None
    return {"variant": variant, "boosted": game.phase == "roll" and game.boosted}


def free_distance(position: int, occupied) -> int:
    """`distance` as the odds define it: free spaces between ``position`` (>= 1) and the sub,
    plus 1 (spaces in ``occupied`` are jumped, so they do not count): `rules.movement.distance_home`."""
    return distance_home(position, occupied)


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
def sure_home(game, seat: int) -> bool:
    """Whether the diver in ``seat`` gets home for sure while others may still go deeper: it
    heads back, its next turn comes (the air at its start is fixed by what the divers before it
    carry now, as none can pick up before it breathes), and its smallest move (the smallest roll less its items)
    reaches the sub even if every diver below it has left (spaces others take only shorten it)."""
    divers = game.divers
    d = divers[seat]
    if not d.returning or d.back or d.position <= 0:
        return False
    smallest = move_points(min(DICE_WEIGHTS), len(d.carried))
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
