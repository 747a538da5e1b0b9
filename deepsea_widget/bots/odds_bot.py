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
"""
from __future__ import annotations

from ..odds.game_odds import free_distance
from ..odds.single_diver import p_home
from ..rules import ROLLS, Drop, PickUp, Roll, Stay, TurnBack, move_points
from ..rules.events import fmt_pct
from .policy import FAR_END, Policy, free_spaces_deeper, must_pick_up, stuck_at_far_end

DICE = [sum(roll) for roll in ROLLS]  # the totals of the 9 equally likely rolls


def item_value(item) -> float:
    return item.expected_value


def distance_home(view, seat) -> int:
    """Movement points the diver needs to reach the sub: free spaces on the way + 1."""
    occupied = {d.position for d in view.divers if d.seat != seat and d.position > 0}
    return free_distance(view.divers[seat].position, occupied)


def others_breath(view, seat) -> int:
    return sum(len(d.carried) for d in view.divers if d.seat != seat and not d.back)


class OddsPolicy(Policy):
    """Exact-odds diver; ``threshold`` is its nerve (see the module docstring)."""

    name = "odds"

    def __init__(self, threshold=0.6, last_dive_shift=0.15):
        super().__init__()
        self.threshold = threshold
        self.last_dive_shift = last_dive_shift

    def nerve(self, view, seat) -> float:
        """The P(home) it insists on, after looking at the score in the last dive (strictly ahead:
        higher; behind or level: lower)."""
        t = self.threshold
        if view.dive == 3:
            scores = view.scores()
            best_other = max(s for i, s in enumerate(scores) if i != seat)
            t += self.last_dive_shift if scores[seat] > best_other else -self.last_dive_shift
        return min(max(t, 0.05), 0.95)

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
        total = 0.0
        for dice_sum in DICE:
            m = min(move_points(dice_sum, c), len(deeper))
            d = d_now + m  # each free space moved deeper is one more to come back
            total += p_home(d, c, air_next, k)
        return total / len(DICE)  # (a sum of nine at most 1 each, then / 9: never above 1)

    def choose(self, view, rng):
        seat = view.current_player
        me = view.divers[seat]
        c = len(me.carried)
        k = others_breath(view, seat)
        if view.phase == "roll":
            if me.returning or c == 0:
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
        if must_pick_up(view):
            self.explanation = "picked up: it can go no deeper and carries nothing, so staying gains nothing"
            return PickUp()
        here = view.trail[me.position - 1]
        d = distance_home(view, seat)
        held = sum(item_value(it) for it in me.carried)
        p_now = self._p_plan(view, seat, d, c, k)
        if here is not None:
            p_more = self._p_plan(view, seat, d, c + 1, k)
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
            p_less = self._p_plan(view, seat, d, c - 1, k)
            kept = held - item_value(me.carried[cheapest])
            if kept * p_less > held * p_now:
                self.explanation = (f"dropped its cheapest item: expected points home (others frozen) "
                                    f"{held * p_now:.1f} → {kept * p_less:.1f}")
                return Drop(cheapest)
        self.explanation = "did nothing"
        return Stay()

    def _p_plan(self, view, seat, d, c, k) -> float:
        """P(home) from this space with ``c`` items, heading back from the next turn on."""
        air_next = view.air - k  # the others breathe before its next turn
        if view.air <= 0 or air_next <= 0:
            return 0.0
        return p_home(d, c, air_next, k)
