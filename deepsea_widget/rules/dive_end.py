"""The end of a dive and of the game: banking, lost items laid down as stacks, the trail
closing up, who starts the next dive; scores and winners (RULES.md, "End of a dive" and
"End of the game").

`DiveEnd` is the part of `Game` (rules/game.py) that ends dives and ranks the divers.
"""
from __future__ import annotations

from . import events as ev
from .air import FULL_AIR
from .chips import STACK_SIZE, BankedItem, Item
from .position import N_DIVES


class DiveEnd:
    """`Game`'s end of a dive, scores and winners (a mixin: the state is `Game`'s)."""

    def scores(self) -> list[int]:
        return [d.score for d in self._divers]

    def _rank_key(self, d):
        counts = [0] * 5
        for item in d.banked:
            for lv in item.levels:
                counts[lv] += 1
        return (d.score, counts[4], counts[3], counts[2], counts[1])

    def winners(self) -> list[int]:
        """Winning seats once the game is over (several = a shared win); [] before."""
        if not self.is_over:
            return []
        keys = [self._rank_key(d) for d in self._divers]
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    def _end_dive(self) -> None:
        divers = self._divers
        returned = [d for d in divers if d.back]
        stranded = sorted((d for d in divers if not d.back and d.position > 0), key=lambda d: d.position)
        for d in returned:
            banked = [BankedItem(item._chips, self._values) for item in d.carried]
            d.banked.extend(banked)
            self._events.append(ev.Banked(d.seat, d.name, tuple(b.values for b in banked)))
        lost_chips = []
        for d in stranded:  # closest to the submarine first
            chips = [c for item in d.carried for c in item._chips]
            lost_chips.extend(chips)
            self._events.append(ev.Lost(d.seat, d.name, d.position, tuple(Item(chips).levels)))
        stacks = [Item(lost_chips[i:i + STACK_SIZE]) for i in range(0, len(lost_chips), STACK_SIZE)]
        before = len(self._trail)
        self._trail = [s for s in self._trail if s is not None]
        blanks = before - len(self._trail)
        self._trail.extend(stacks)
        if stacks:
            self._events.append(ev.StacksPlaced(tuple(s.levels for s in stacks),
                                                len(self._trail) - len(stacks) + 1))
        self._events.append(ev.DiveEnded(self._dive, tuple(d.seat for d in returned),
                                         tuple(d.seat for d in stranded), blanks, len(self._trail)))
        if stranded:
            first, reason = stranded[-1].seat, "stranded farthest from the submarine"
        elif self._last_returned is not None:
            first, reason = self._last_returned, "the last diver back in the submarine"
        else:  # nobody left the sub nor came back (e.g. an empty trail)
            first, reason = self._current if self._current is not None else 0, "the last diver to play"
        for d in divers:
            d.position, d.returning, d.back, d.carried = 0, False, False, []
        self._n_back = 0
        self._air_out = False
        self._last_returned = None
        self._boosted, self._last_roll, self._kept = False, None, None
        if self._dive == N_DIVES:
            self._phase, self._current = "over", None
            self._events.append(self._game_over_event())
            return
        self._dive += 1
        self._air = FULL_AIR
        self._events.append(ev.DiveStarted(self._dive, first, self._names[first], reason))
        self._start_turn_or_end(first)

    def _game_over_event(self) -> ev.GameOver:
        scores = self.scores()
        winners = self.winners()
        top = max(scores)
        tied = [s for s in range(len(scores)) if scores[s] == top]
        tiebreak = ""
        if len(tied) > 1:
            keys = {s: self._rank_key(self._divers[s]) for s in tied}
            names = " and ".join(self._names[s] for s in tied)
            for i, lv in zip(range(1, 5), (4, 3, 2, 1)):
                best = max(k[i] for k in keys.values())
                if any(k[i] != best for k in keys.values()):
                    lead = [s for s in tied if keys[s][i] == best]
                    tiebreak = (f"{names} tied on {ev.plural(top, 'point')}; "
                                f"{' and '.join(self._names[s] for s in lead)} banked more level-{lv} chips")
                    break
                tied = [s for s in tied if keys[s][i] == best]
                keys = {s: keys[s] for s in tied}
            else:
                tiebreak = f"{names} tied on points and on chips of every level"
        return ev.GameOver(tuple(scores), tuple(winners), self._names, tiebreak)

