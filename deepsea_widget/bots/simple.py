"""Two simple bots: a random legal mover and a rule-based cautious diver."""
from __future__ import annotations

from ..rules import PickUp, Roll, Stay, TurnBack
from .policy import FAR_END, Policy, stuck_at_far_end

CAUTIOUS_MAX_ITEMS = 2


def cautious_turns_back(returning: bool, carried: int, air: int, position: int) -> bool:
    """The cautious turn-back rule (``air`` after breathing); fast simulators reuse it."""
    return (not returning and carried > 0
            and (carried >= CAUTIOUS_MAX_ITEMS or air <= 2 * position))


def cautious_picks_up(returning: bool, carried: int) -> bool:
    """On a space holding an item: the cautious pick-up rule."""
    return not returning and carried < CAUTIOUS_MAX_ITEMS


class RandomPolicy(Policy):
    """Any legal action, uniformly at random."""

    name = "random"

    def choose(self, view, rng):
        legal = view.legal_actions()
        self.explanation = "picked a legal action at random"
        return legal[int(rng.random() * len(legal))]


class CautiousPolicy(Policy):
    """A careful diver that keeps its load light and heads home early.

    - Going deeper, it picks up the item it lands on while it carries fewer
      than two items; it never picks up on the way back and never drops.
    - It turns back as soon as it carries two items, or carries one and the
      air left (after breathing) is at most twice its space number (how far out it
      is, counting every space, taken or not), or carries one with no free space
      deeper (another roll deeper could not move it).
    """

    name = "cautious"

    def choose(self, view, rng):
        me = view.me
        c = len(me.carried)
        if view.phase == "roll":
            if cautious_turns_back(me.returning, c, view.air, me.position):
                self.explanation = (f"turned back: carrying {c} items" if c >= CAUTIOUS_MAX_ITEMS else
                                    f"turned back: air {view.air} is at most twice its space, {me.position}")
                return TurnBack()
            if stuck_at_far_end(view):
                self.explanation = FAR_END
                return TurnBack()
            self.explanation = "kept going" if not me.returning else "kept heading home"
            return Roll()
        here = view.trail[me.position - 1]
        if here is not None and cautious_picks_up(me.returning, c):
            what = (f"a level-{here.levels[0]} item" if len(here.levels) == 1 else
                    f"a stack of {len(here.levels)} chips (levels {', '.join(map(str, here.levels))})")
            self.explanation = f"picked up {what} (carrying {c} before)"
            return PickUp()
        self.explanation = "did nothing on this space"
        return Stay()
