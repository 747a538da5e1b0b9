"""A turn: applying an action, rolling and moving, the treasure action, whose turn is next.

`Turns` is the part of `Game` (rules/game.py) that plays: `apply` checks an action and
changes the state through the steps of RULES.md's "A turn" (breathe, direction, roll and
move, treasure action). The rules themselves are in air.py, dice.py and movement.py; a Boost
game's declaration and choice of dice are in boost.py.
"""
from __future__ import annotations

from operator import attrgetter

from . import events as ev
from .actions import Boost, Drop, PickUp, Roll, Stay, TurnBack
from .air import breath
from .movement import is_stuck, move_points, walk

_POSITION = attrgetter("position")
# Roll in the roll phase and Stay in the treasure phase are always legal: apply
# skips the full check for them (the bulk of all actions). (A Roll that forces dice
# that are not this game's is refused by _roll before it changes anything.)
_ALWAYS_LEGAL = {"roll": Roll, "treasure": Stay}
_TREASURE = frozenset({Stay, PickUp, Drop})


class Turns:
    """`Game`'s turns (a mixin: the state is `Game`'s)."""

    def apply(self, action, seat=None) -> list:
        """Apply ``action`` for the current diver and return the events it caused.

        ``seat``, when given, must be the current player (a click from a seat
        whose turn it is not is refused). Illegal actions raise
        `IllegalActionError` and leave the game exactly as it was.
        """
        kind = type(action)
        if seat is not None or kind is not _ALWAYS_LEGAL.get(self._phase):
            self._check(action, seat)
        self._events = []
        if kind is Roll:
            self._roll(action.dice)
        elif kind in _TREASURE:
            self._treasure(action)
        elif kind is TurnBack:
            d = self._divers[self._current]
            d.returning = True
            self._events.append(ev.TurnedBack(d.seat, d.name))
        elif kind is Boost:
            self._boost()
        else:
            self._roll(None, action.dice)  # Keep
        self._history.append(action)
        return self._events

    def _roll(self, dice, kept=None) -> None:
        """Roll ``dice`` (None: roll them) and move; in a Boost game, move by the dice ``kept``
        (a `Keep`) or after a Boost, else roll and let the diver choose (phase "keep")."""
        d = self._divers[self._current]
        c = len(d.carried)
        seat, name = d.seat, d.name
        events = self._events
        if self._choosing:
            move = self._boost_move(d, dice, kept, c)
            if move is None:  # the diver chooses its dice first
                return
        else:
            if dice is None:
                dice = self._roll_dice(self._rng.random)
            elif not self._variant.is_roll(dice):  # forced dice of another game's (before any change)
                self._refuse_dice(dice)
            self._last_roll = dice
            move = move_points(sum(dice), c)
            events.append(ev.Rolled(seat, name, dice, c, move))
        # Every diver's space, the mover's own and the sub's 0 included: the walk counts neither.
        divers = self._divers
        occupied = list(map(_POSITION, divers))
        start = d.position
        end, jumped = walk(start, move, not d.returning, occupied, len(self._trail))
        if d.returning:
            path = tuple(range(start - 1, end - 1, -1))
        else:
            path = tuple(range(start + 1, end + 1))
        jumped = tuple([divers[occupied.index(p)].name for p in jumped]) if jumped else ()
        d.position = end
        events.append(ev.Moved(seat, name, start, end, path, jumped))
        if end:
            self._phase = "treasure"
            return
        if d.returning:
            d.back = True
            self._n_back += 1
            self._last_returned = seat
            events.append(ev.ReachedSub(seat, name, c))
        self._end_turn()  # in the sub: no treasure action

    def _treasure(self, action) -> None:
        d = self._divers[self._current]
        space = d.position
        kind = type(action)
        if kind is Stay:
            self._events.append(ev.Stayed(d.seat, d.name))
        elif kind is PickUp:
            item = self._trail[space - 1]
            self._trail[space - 1] = None
            d.carried.append(item)
            self._events.append(ev.PickedUp(d.seat, d.name, space, item.levels))
        else:
            item = d.carried.pop(action.index)
            self._trail[space - 1] = item
            self._events.append(ev.Dropped(d.seat, d.name, space, item.levels))
        self._end_turn()

    # ----- turns --------------------------------------------------------
    def _begin_turn(self, seat) -> None:
        d = self._divers[seat]
        self._current = seat
        self._phase = "roll"
        self._boosted = False
        self._turn_air = before = self._air
        self._air = after = before - breath(len(d.carried))
        self._events.append(ev.Breathed(seat, d.name, before - after, before, after))
        if after <= 0:
            self._air_out = True
            self._events.append(ev.AirRanOut(seat, d.name))

    def _end_turn(self) -> None:
        divers = self._divers
        n = len(divers)
        if self._air_out or self._n_back == n:
            self._end_dive()
            return
        nxt = self._current
        while True:
            nxt = nxt + 1 if nxt + 1 < n else 0
            if not divers[nxt].back:
                break
        self._start_turn_or_end(nxt)

    def _is_stuck(self, d, occupied) -> bool:
        """Diver ``d`` can do nothing at all (`movement.is_stuck`)."""
        on_item = d.position > 0 and self._trail[d.position - 1] is not None
        return is_stuck(d.position, d.returning, bool(d.carried), on_item, occupied, len(self._trail))

    def _start_turn_or_end(self, seat) -> None:
        d = self._divers[seat]
        if (d.returning or d.carried  # cannot be stuck, so not everyone is
                or len(self._trail) - d.position >= len(self._divers)):  # more spaces deeper than other divers
            self._begin_turn(seat)
            return
        in_water = [d for d in self._divers if not d.back]
        occupied = {d.position for d in in_water if d.position > 0}
        if all(self._is_stuck(d, occupied) for d in in_water):
            self._events.append(ev.AllStuck(tuple(d.name for d in in_water)))
            self._end_dive()
        else:
            self._begin_turn(seat)

