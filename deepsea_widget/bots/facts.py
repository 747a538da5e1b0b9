"""What a thinking bot reads off the public view before it works out odds: how far the diver
to move is from the sub, and what the others breathe between two of its turns."""
from __future__ import annotations

from ..odds.game_odds import free_distance


def distance_home(view, seat) -> int:
    """Movement points the diver needs to reach the sub: free spaces on the way + 1."""
    occupied = {d.position for d in view.divers if d.seat != seat and d.position > 0}
    return free_distance(view.divers[seat].position, occupied)


def others_breath(view, seat) -> int:
    """The items the other divers still in the water carry: the air they breathe between two
    of ``seat``'s turns, as the one-diver odds hold it fixed."""
    return sum(len(d.carried) for d in view.divers if d.seat != seat and not d.back)
