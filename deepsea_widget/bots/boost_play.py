"""How the bots play a Boost game (RULES.md, "Boost"): when to boost, which dice to keep.

- **The one-diver rule** (heading home, the odds and cautious bots): boost now when
  `odds.boost_choice` says boosting gives the higher P(home), for the diver's distance, its
  items, the air at the start of its turn (before it breathed) and the others' items held
  fixed, every later turn played by the same rule (a tie: no Boost, the air is kept).
  `boosts_home` is that rule on plain numbers: the batch simulator's table of Boost decisions
  is filled by calling it, so both play one rule.
- **Keeping dice**: `keep_options` lists every legal `Keep` with the faces it keeps, the move
  and where the move ends (by the one movement rule); `farthest_keep` is the one that moves
  farthest (the first such pair, in die order, when totals tie).

In the original game none of this applies: no Boost to declare, every die counts.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..odds.boost_home import BoostChoice, boost_choice
from ..rules import Boost, Keep, move_end, move_points
from ..rules.events import fmt_pct
from .facts import distance_home, others_breath

_BOOST = Boost()
_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True)
class KeepOption:
    """One legal choice of dice: the `Keep`, the faces it keeps, their total, the move (total
    less items, at least 0) and the space the move ends on (0: the sub)."""

    keep: Keep
    faces: tuple
    total: int
    move: int
    end: int

    @property
    def words(self) -> str:
        """"3 + 2 = 5"."""
        return f"{' + '.join(map(str, self.faces))} = {self.total}"


def boosts_home(distance: int, chips: int, air: int, others: int, variant) -> bool:
    """The one-diver rule: a diver heading home ``distance`` from the sub with ``chips`` items,
    ``air`` at the start of its turn and the others breathing ``others`` boosts now when that
    gives the higher P(home) (`odds.boost_choice`; a tie: it does not)."""
    return boost_choice(distance, chips, air, others, variant=variant).should_boost


def home_boost_choice(view, seat: int) -> BoostChoice:
    """`odds.boost_choice` for ``seat``'s diver now: P(home) boosting this turn or not."""
    return boost_choice(distance_home(view, seat), len(view.divers[seat].carried), view.turn_start_air,
                        others_breath(view, seat), variant=view.variant)


def may_boost(view) -> bool:
    """The diver to move may declare a Boost now (a Boost game, before rolling, not yet)."""
    return view.variant.can_boost and view.phase == "roll" and _BOOST in view.legal_actions()


def boost_words(choice: BoostChoice, boosting: bool, keep: int) -> str:
    """The one-diver rule's reason, in words, for the log."""
    both = (f"{fmt_pct(choice.if_boost, 1)} boosting now, {fmt_pct(choice.if_not, 1)} keeping "
            f"{_NUMBERS.get(keep, keep)} dice "
            "(others frozen, later turns by the same rule)")
    if boosting:
        return f"boosted: heading home, its chance of getting home is {both}"
    return f"did not boost: heading home, its chance of getting home is {both}"


def keep_options(view) -> list[KeepOption]:
    """In the keep phase: every legal `Keep` of the diver to move, with its move and end."""
    me = view.me
    roll = view.last_roll
    occupied = {d.position for d in view.divers if d.seat != me.seat and d.position > 0}
    c, length = len(me.carried), len(view.trail)
    out = []
    for keep in view.legal_actions():
        faces = tuple(roll[i] for i in keep.dice)
        move = move_points(sum(faces), c)
        out.append(KeepOption(keep, faces, sum(faces), move,
                              move_end(me.position, move, not me.returning, occupied, length)))
    return out


def farthest_keep(options: list[KeepOption]) -> KeepOption:
    """The choice that moves farthest (the largest total; the first in die order on a tie)."""
    return max(options, key=lambda o: o.total)


__all__ = ["KeepOption", "boost_words", "boosts_home", "distance_home", "farthest_keep", "home_boost_choice",
           "keep_options", "may_boost", "others_breath"]
