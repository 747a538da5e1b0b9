"""Two simple bots: a random legal mover and a rule-based cautious diver."""
from __future__ import annotations

from ..rules import Boost, PickUp, Roll, Stay, TurnBack
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
    """Any legal action, uniformly at random (in a Boost game too: a Boost, a choice of dice)."""

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
    - In a Boost game (RULES.md, "Boost"): heading home, it boosts by the one-diver rule
      (`boost_play.boosts_home`: when that gives the higher chance of getting home); diving it
      never boosts. It keeps the two dice that move it farthest, either way.
    """

    name = "cautious"

    def choose(self, view, rng):
        me = view.me
        c = len(me.carried)
        if view.phase == "keep":
            from .boost_play import farthest_keep, keep_options  # (the odds layer, only in a Boost game)

            best = farthest_keep(keep_options(view))
            self.explanation = f"kept {best.words}: the two dice that move it farthest"
            return best.keep
        if view.phase == "roll":
            if cautious_turns_back(me.returning, c, view.air, me.position):
                self.explanation = (f"turned back: carrying {c} items" if c >= CAUTIOUS_MAX_ITEMS else
                                    f"turned back: air {view.air} is at most twice its space, {me.position}")
                return TurnBack()
            if stuck_at_far_end(view):
                self.explanation = FAR_END
                return TurnBack()
            if me.returning and view.variant.can_boost and not view.boosted:
                return self._boost_or_roll(view)
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

    def _boost_or_roll(self, view):
        """Heading home in a Boost game, before rolling: the one-diver rule."""
        from .boost_play import boost_words, home_boost_choice

        choice = home_boost_choice(view, view.current_player)
        self.explanation = boost_words(choice, choice.should_boost, view.variant.keep)
        return Boost() if choice.should_boost else Roll()
