"""The odds bot: decides with the one-diver odds of getting home (``odds.p_home``: exact for
that model, in which the others stand still and breathe a fixed amount; not the chain with
skipping of ``p_home_all``).

In plain words:
- *Turning back*: before each roll while going deeper with treasure, it works
  out the exact chance of getting home if it goes one more move deeper first
  and turns back after it (averaged over the roll). It keeps diving while that
  chance stays at or above its *nerve* (``threshold``); otherwise it turns. With
  no free space deeper it turns back at once: another roll could not move it.
  The nerve moves with the situation: in the last dive a diver strictly ahead
  plays safer, and one behind or level needs points and accepts more risk.
- *Picking up and dropping*: an item is worth its level's mean value (1.5, 5.5,
  9.5, 13.5 points). It takes an item when the expected points it brings home
  (items' value times the chance of getting home) go up, counting that the
  extra weight slows it and costs everyone air; on the way back it drops its
  cheapest item when that raises the expected points.
- *A Boost game* (RULES.md, "Boost"; `boost_play`): its odds are the variant's (`p_home`
  with ``variant``: heading home it would boost whenever that gives the higher chance).
  Heading home, before rolling, it boosts when `odds.boost_choice` says boosting now gives
  the higher chance of getting home (others frozen), and keeps the two dice that move it
  farthest. Diving it never boosts (its rule values a move deeper only by the chance of
  getting home from there, which a longer move and a spent air only lower); it keeps the two
  dice that land it on an item it would pick up (by its pick-up rule; of several, the one
  that brings the most expected points home), else the two that move it farthest. Its one
  more move deeper, for turning back, is the farthest pair's. ``boost=False`` (the
  ``odds-noboost`` bot) never boosts and counts its odds as never boosting: Boost-blind.
"""
from __future__ import annotations

import functools

from ..odds.game_odds import free_distance
from ..odds.single_diver import p_home
from ..rules import CLASSIC, ROLLS, Boost, Drop, PickUp, Roll, Stay, TurnBack, move_points
from ..rules.events import fmt_pct
from .boost_play import boost_words, farthest_keep, home_boost_choice, keep_options
from .facts import distance_home, others_breath
from .policy import FAR_END, Policy, free_spaces_deeper, must_pick_up, stuck_at_far_end

DICE = [sum(roll) for roll in ROLLS]  # the totals of the 9 equally likely rolls
__all__ = ["DICE", "OddsPolicy", "distance_home", "item_value", "others_breath"]


def item_value(item) -> float:
    return item.expected_value


@functools.lru_cache(maxsize=8)
def roll_totals(variant) -> tuple:
    """The totals of a variant's equally likely rolls, keeping the best dice (no Boost): the
    move deeper the odds bot reckons with (`DICE` for the original game)."""
    return tuple(DICE) if variant is CLASSIC else tuple(variant.best_total(r) for r in variant.rolls)


class OddsPolicy(Policy):
    """Exact-odds diver; ``threshold`` is its nerve (see the module docstring). ``boost``: in a
    Boost game it boosts heading home by the one-diver rule (False: never; its odds then count
    no Boost either, a Boost-blind bot named ``odds-noboost``)."""

    name = "odds"

    def __init__(self, threshold=0.6, last_dive_shift=0.15, boost=True):
        super().__init__()
        self.threshold = threshold
        self.last_dive_shift = last_dive_shift
        if not isinstance(boost, bool):
            raise ValueError(f"boost: must be True or False, got {boost!r}")
        self.boost = boost
        if not boost:
            self.name = "odds-noboost"

    def nerve(self, view, seat) -> float:
        """The P(home) it insists on, after looking at the score in the last dive (strictly ahead:
        higher; behind or level: lower)."""
        t = self.threshold
        if view.dive == 3:
            scores = view.scores()
            best_other = max(s for i, s in enumerate(scores) if i != seat)
            t += self.last_dive_shift if scores[seat] > best_other else -self.last_dive_shift
        return min(max(t, 0.05), 0.95)

    def p_home(self, view, d, c, a, k) -> float:
        """`p_home` with the game's dice (a Boost game: boosting by the best rule, or never for
        the Boost-blind bot)."""
        variant = view.variant
        if variant is CLASSIC:
            return p_home(d, c, a, k)
        return p_home(d, c, a, k, variant=variant, boost="best" if self.boost else "never")

    def p_one_more_move(self, view, seat) -> float:
        """P(home) if it goes one more move deeper now and turns back next turn."""
        me = view.divers[seat]
        c, k, air = len(me.carried), others_breath(view, seat), view.air
        if air <= 0:
            return 0.0
        air_next = air - k
        if air_next <= 0:
            return 0.0
        deeper = free_spaces_deeper(view, seat)
        d_now = distance_home(view, seat)
        totals = roll_totals(view.variant)
        total = 0.0
        for dice_sum in totals:
            m = min(move_points(dice_sum, c), len(deeper))
            d = d_now + m  # each free space moved deeper is one more to come back
            total += self.p_home(view, d, c, air_next, k)
        return total / len(totals)  # (a sum of n at most 1 each, then / n: never above 1)

    def choose(self, view, rng):
        if view.phase == "roll":
            return self._roll_phase(view)
        if view.phase == "keep":
            return self._keep_phase(view)
        return self._treasure_phase(view)

    def _roll_phase(self, view):
        seat = view.current_player
        me = view.divers[seat]
        c = len(me.carried)
        if me.returning or c == 0:
            if me.returning and self.boost and view.variant.can_boost and not view.boosted:
                choice = home_boost_choice(view, seat)
                self.explanation = boost_words(choice, choice.should_boost, view.variant.keep)
                return Boost() if choice.should_boost else Roll()
            self.explanation = "rolled"
            return Roll()
        if stuck_at_far_end(view):
            self.explanation = FAR_END
            return TurnBack()
        later = self.p_one_more_move(view, seat)
        nerve = self.nerve(view, seat)
        if later < nerve:
            self.explanation = (f"turned back: its chance of getting home after one more move (others frozen) "
                                f"would be {fmt_pct(later, 1)}, "
                                f"below its {nerve:.0%} nerve")
            return TurnBack()
        self.explanation = (f"kept diving: its chance of getting home after one more move (others frozen) "
                            f"is still {fmt_pct(later, 1)}")
        return Roll()

    def _keep_phase(self, view):
        """A Boost game, after rolling: heading home the farthest move; diving, the dice that land
        on an item it would pick up (the most expected points home), else the farthest move."""
        options = keep_options(view)
        best = farthest_keep(options)
        me = view.me
        if me.returning:
            self.explanation = f"kept {best.words}: the two dice that move it farthest home"
            return best.keep
        wanted = []
        for o in options:
            score = self._landing_score(view, o.end)
            if score is not None:
                wanted.append((score, o.total, -options.index(o), o))
        if not wanted:
            self.explanation = f"kept {best.words}: the two dice that move it farthest (none lands on an item it wants)"
            return best.keep
        score, _, _, o = max(wanted, key=lambda w: w[:3])
        item = view.trail[o.end - 1]
        self.explanation = (f"kept {o.words}: it lands on space {o.end}, an item worth ~{item_value(item):.1f} it "
                            f"will pick up (expected points home, others frozen: {score:.1f})")
        return o.keep

    def _landing_score(self, view, end: int):
        """If the diver to move landed on ``end``: None unless an item lies there that it would
        pick up (`_treasure_phase`'s rule), else the expected points it would then carry home."""
        if end <= 0 or view.trail[end - 1] is None:
            return None
        seat = view.current_player
        me = view.divers[seat]
        c, k = len(me.carried), others_breath(view, seat)
        occupied = {o.position for o in view.divers if o.seat != seat and o.position > 0}
        must = c == 0 and all(p in occupied for p in range(end + 1, len(view.trail) + 1))  # `must_pick_up`
        d = free_distance(end, occupied)
        held = sum(item_value(it) for it in me.carried)
        worth = item_value(view.trail[end - 1])
        p_more = self._p_plan(view, d, c + 1, k)
        if must or (held + worth) * p_more - held * self._p_plan(view, d, c, k) > 0:
            return (held + worth) * p_more
        return None

    def _treasure_phase(self, view):
        seat = view.current_player
        me = view.divers[seat]
        c = len(me.carried)
        k = others_breath(view, seat)
        if must_pick_up(view):
            self.explanation = "picked up: it can go no deeper and carries nothing, so staying gains nothing"
            return PickUp()
        here = view.trail[me.position - 1]
        d = distance_home(view, seat)
        held = sum(item_value(it) for it in me.carried)
        p_now = self._p_plan(view, d, c, k)
        if here is not None:
            p_more = self._p_plan(view, d, c + 1, k)
            gain = (held + item_value(here)) * p_more - held * p_now
            if gain > 0:
                self.explanation = (f"picked up (worth ~{item_value(here):.1f}): expected points home (others frozen) "
                                    f"{held * p_now:.1f} → {(held + item_value(here)) * p_more:.1f}")
                return PickUp()
            if p_now == 0:
                self.explanation = "left the item: it cannot get home in time either way"
            else:
                self.explanation = (f"left the item: its chance of getting home (others frozen) would fall from "
                                    f"{fmt_pct(p_now)} to {fmt_pct(p_more)}")
            return Stay()
        if me.returning and c:
            cheapest = min(range(c), key=lambda i: item_value(me.carried[i]))
            p_less = self._p_plan(view, d, c - 1, k)
            kept = held - item_value(me.carried[cheapest])
            if kept * p_less > held * p_now:
                self.explanation = (f"dropped its cheapest item: expected points home (others frozen) "
                                    f"{held * p_now:.1f} → {kept * p_less:.1f}")
                return Drop(cheapest)
        self.explanation = "did nothing"
        return Stay()

    def _p_plan(self, view, d, c, k) -> float:
        """P(home) from distance ``d`` with ``c`` items, heading back from the next turn on."""
        air_next = view.air - k  # the others breathe before its next turn
        if view.air <= 0 or air_next <= 0:
            return 0.0
        return self.p_home(view, d, c, air_next, k)
