"""The game: its state, legal actions and views; `Game` is where a script starts.

`Game` holds the state and answers questions about it; the rest of it is in the
modules named for the part of the rules they play: turn.py (a turn: apply, roll and
move, treasure action), dive_end.py (end of a dive, scores, winners) and saves.py
(undo, JSON). The rules the turns use are in air.py, dice.py and movement.py. Every
game starts from a validated start position (position.py) and moves only through
`apply`, so undo and loading a save are "rebuild the start, replay the history".
A game is of a `Variant` (variant.py): the original game, or Boost, whose turns boost.py plays.
"""
from __future__ import annotations

import random

from .actions import Boost, Drop, Keep, PickUp, Roll, Stay, TurnBack
from .air import FULL_AIR
from .boost import BoostTurns
from .chips import BankedItem, Item
from .dive_end import DiveEnd
from .errors import IllegalActionError
from .plain import plain, shown
from .position import is_int, new_game_start, rng_from_json, what_if_start
from .saves import SAVE_FORMAT, SAVE_KEYS, SAVE_VERSION, Saves
from .start_check import validate_start
from .turn import Turns
from .variant import CLASSIC, variant_of

__all__ = ["Diver", "Game", "SAVE_FORMAT", "SAVE_KEYS", "SAVE_VERSION"]

# Actions are immutable values: legal_actions hands out shared instances.
_ROLL, _TURN_BACK, _STAY, _PICK_UP, _BOOST = Roll(), TurnBack(), Stay(), PickUp(), Boost()
_DROPS: list = []


def _drops(n: int) -> list:
    while len(_DROPS) < n:
        _DROPS.append(Drop(len(_DROPS)))
    return _DROPS[:n]


class Diver:
    """One diver. ``position``: 0 = in the submarine, k = trail space k (1-based)."""

    __slots__ = ("seat", "name", "position", "returning", "back", "carried", "banked")

    def __init__(self, seat, name):
        self.seat = seat
        self.name = name
        self.position = 0
        self.returning = False
        self.back = False  # returned to the submarine this dive
        self.carried: list[Item] = []
        self.banked: list[BankedItem] = []

    @property
    def score(self) -> int:
        return sum(item.value for item in self.banked)

    def copy(self) -> "Diver":
        """The same diver, with its own lists (the items themselves never change)."""
        d = Diver(self.seat, self.name)
        d.position, d.returning, d.back = self.position, self.returning, self.back
        d.carried, d.banked = list(self.carried), list(self.banked)
        return d

    def __repr__(self):
        heading = "back" if self.back else ("returning" if self.returning else "deeper")
        return (f"Diver({self.name!r}, position={self.position}, {heading}, "
                f"carried={[it.levels for it in self.carried]}, banked={len(self.banked)})")


class Game(Turns, BoostTurns, DiveEnd, Saves):
    """Deep Sea Adventure for 2..6 divers over three dives (see RULES.md). ``variant``: "classic"
    (the original game, the default), "boost" (RULES.md "Boost") or a `Variant`."""

    def __init__(self, players=3, seed=None, first_player=0, variant="classic"):
        # a start built here is valid by construction: skip re-checking it
        self._setup(new_game_start(plain(players, "players"), plain(seed, "seed"),
                                    plain(first_player, "first_player"), variant), checked=True)

    # ----- construction -------------------------------------------------
    @classmethod
    def from_position(cls, *, players, trail, positions, returning=None, carried=None, banked=None,
                      air=FULL_AIR, dive=1, turn=0, seed=None, last_returned=None, variant="classic") -> "Game":
        """A what-if position from public facts; ``turn`` is the seat whose turn starts next.

        ``trail``: per space None (blank), a level 1..4, or a tuple of levels (a stack).
        ``positions``: 0 = in the submarine; with ``returning`` True that means back this dive.
        ``carried``: per seat, items as levels; ``banked``: per seat, items as revealed values.
        Hidden values are drawn (seeded) from the chips not banked. ``variant`` as for `Game`.
        """
        game = cls.__new__(cls)
        game._setup(what_if_start(variant=variant, **plain(dict(
            players=players, trail=trail, positions=positions, returning=returning, carried=carried,
            banked=banked, air=air, dive=dive, turn=turn, seed=seed, last_returned=last_returned))))
        return game

    def _setup(self, start: dict, checked: bool = False) -> None:
        if not checked:
            start = validate_start(start)
        self._start = start
        self._set_variant(variant_of(start.get("variant")))
        self._values = start["values"]
        self._names = tuple(start["players"])
        self._trail = [None if ids is None else Item(ids) for ids in start["trail"]]
        self._divers = []
        for s, name in enumerate(self._names):
            d = Diver(s, name)
            d.position = start["positions"][s]
            d.returning = start["returning"][s]
            d.back = d.position == 0 and d.returning
            d.carried = [Item(ids) for ids in start["carried"][s]]
            d.banked = [BankedItem(ids, self._values) for ids in start["banked"][s]]
            self._divers.append(d)
        self._n_back = sum(d.back for d in self._divers)
        self._air = start["air"]
        self._dive = start["dive"]
        self._last_returned = start["last_returned"]
        self._rng = rng_from_json(start["rng"])
        self._history: list[Action] = []
        self._current = None
        self._phase = "roll"
        self._air_out = False
        self._turn_air = self._air
        self._events: list = []
        self._start_turn_or_end(start["turn"])
        self._opening_events = tuple(self._events)

    # ----- public state -------------------------------------------------
    @property
    def players(self) -> tuple:
        return self._names

    @property
    def current_player(self):
        return self._current

    @property
    def last_returned(self):
        """The seat that last got back to the sub this dive (it starts the next one unless
        someone is stranded), or None."""
        return self._last_returned

    @property
    def phase(self) -> str:
        """"roll" (before rolling: turn back, boost), "keep" (a Boost game: choose the dice to
        keep), "treasure" (after moving), "over"."""
        return self._phase

    @property
    def variant(self):
        """The game's `Variant` (its dice; `CLASSIC`: the original game)."""
        return self._variant

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def air(self) -> int:
        return self._air

    @property
    def turn_start_air(self) -> int:
        """Air at the start of the current diver's turn, before it breathed (the odds' ``a``)."""
        return self._turn_air

    @property
    def dive(self) -> int:
        return self._dive

    @property
    def trail(self) -> tuple:
        return tuple(self._trail)

    @property
    def divers(self) -> tuple:
        return tuple(self._divers)

    @property
    def history(self) -> tuple:
        return tuple(self._history)

    @property
    def opening_events(self) -> tuple:
        """Events of setting the game up (the first diver's breath)."""
        return self._opening_events

    # ----- legal actions ------------------------------------------------
    def legal_actions(self) -> list:
        """The actions the current diver may take now (in a Boost game, Boost after Roll and
        TurnBack while it may boost, and the `Keep` choices after rolling without one)."""
        if self._phase == "roll":
            d = self._divers[self._current]
            if self._choosing and self._may_boost(d):
                return [_ROLL, _TURN_BACK, _BOOST] if not d.returning and d.carried else [_ROLL, _BOOST]
            if not d.returning and d.carried:
                return [_ROLL, _TURN_BACK]
            return [_ROLL]
        if self._phase == "treasure":
            d = self._divers[self._current]
            if self._trail[d.position - 1] is not None:
                return [_STAY, _PICK_UP]
            return [_STAY, *_drops(len(d.carried))]
        if self._phase == "keep":
            return list(self._keeps)
        return []

    def _treasure_choice(self) -> str:
        """What the diver in its treasure phase may do, in words (as `legal_actions` has it)."""
        d = self._divers[self._current]
        if d.position > 0 and self._trail[d.position - 1] is not None:
            return "pick up or stay"
        if d.carried:
            return "drop an item or stay"
        return "stay (nothing here to pick up, nothing carried to drop)"

    def _check(self, action, seat) -> None:
        """Raise IllegalActionError naming the rule ``action`` breaks; change nothing."""
        if self._phase == "over":
            raise IllegalActionError("the game is over")
        if seat is not None and not is_int(seat):
            raise IllegalActionError(f"seat must be a seat number, got {seat!r}")
        if seat is not None and not 0 <= seat < len(self._names):
            raise IllegalActionError(f"seat {shown(seat)}: no such seat (seats are 0..{len(self._names) - 1})")
        if seat is not None and seat != self._current:
            if type(action) is Boost and self._divers[seat].back:
                raise IllegalActionError(f"{self._names[seat]} is back in the submarine: it takes no more turns "
                                         "this dive, so it cannot boost")
            raise IllegalActionError(f"it is {self._names[self._current]}'s turn")
        d = self._divers[self._current]
        kind = type(action)
        if kind is Roll or kind is TurnBack:
            if self._phase != "roll":
                raise IllegalActionError(f"{d.name} has rolled: {self._keep_choice()}" if self._phase == "keep" else
                                         f"{d.name} has moved this turn: {self._treasure_choice()}")
            if kind is Roll and action.dice is not None and not self._variant.is_roll(action.dice):
                self._refuse_dice(action.dice)
            if kind is TurnBack:
                if d.returning:
                    raise IllegalActionError(f"{d.name} is already heading back (a diver turns back once per dive)")
                if not d.carried:
                    raise IllegalActionError("cannot turn back while carrying nothing")
            return
        if kind in (PickUp, Drop, Stay):
            if self._phase != "treasure":
                raise IllegalActionError(f"{d.name} must choose the dice to keep before a treasure action"
                                         if self._phase == "keep" else f"{d.name} must roll before a treasure action")
            here = self._trail[d.position - 1]
            if kind is PickUp and here is None:
                raise IllegalActionError(f"space {d.position} is blank: nothing to pick up")
            if kind is Drop:
                if not d.carried:  # (the first reason a diver with nothing cannot drop, wherever it stands)
                    raise IllegalActionError(f"{d.name} carries nothing to drop")
                if here is not None:
                    raise IllegalActionError(f"can only drop on a blank space; space {d.position} holds an item")
                if action.index >= len(d.carried):
                    raise IllegalActionError(
                        f"cannot drop item {action.index}: {d.name} carries {len(d.carried)} "
                        f"(items 0..{len(d.carried) - 1})")
            return
        if kind is Boost or kind is Keep:
            self._check_boost_or_keep(action, d)
            return
        raise IllegalActionError(f"not an action: {action!r}")

    def _refuse_dice(self, dice) -> None:
        """IllegalActionError: forced ``dice`` that are not a roll of this game's dice."""
        raise IllegalActionError(f"dice must be {self._variant.dice_words}; got {dice!r}"
                                 + ("" if self._variant == CLASSIC else f" (this game: {self._variant.name})"))

    def why_illegal(self, action, seat=None) -> str | None:
        """The rule ``action`` would break now, or None if it is legal."""
        try:
            self._check(action, seat)
        except IllegalActionError as exc:
            return str(exc)
        return None

    def copy(self) -> "Game":
        """An independent game in the same state, the same dice to come included: the state
        as replaying the history would rebuild it (the tests check that), in a few
        microseconds rather than a replay's milliseconds (look-ahead bots copy many times a
        decision). Items, events and the start are never changed in place, so they are shared."""
        game = type(self).__new__(type(self))
        game.__dict__.update(self.__dict__)
        game._trail = list(self._trail)
        game._divers = [d.copy() for d in self._divers]
        game._rng = random.Random()
        game._rng.setstate(self._rng.getstate())
        game._history = list(self._history)
        game._events = list(self._events)
        return game

    # ----- views --------------------------------------------------------
    def public_view(self) -> dict:
        """Everything a player may see, as plain JSON-able data (never unbanked values)."""
        return {
            "dive": self._dive, "air": self._air, "turn_start_air": self._turn_air,
            "phase": self._phase, "current_player": self._current, "is_over": self.is_over,
            "trail": [None if s is None else list(s.levels) for s in self._trail],
            "divers": [{"name": d.name, "position": d.position, "returning": d.returning,
                        "back": d.back, "carried": [list(it.levels) for it in d.carried],
                        "banked": [list(it.levels) for it in d.banked], "score": d.score}
                       for d in self._divers],
            "legal": [a.to_dict() for a in self.legal_actions()],
            "scores": self.scores(), "winners": self.winners(),
        } | self._variant_view()

    def __repr__(self):
        state = "over" if self.is_over else f"{self._names[self._current]} to {self._phase}"
        return f"<Game dive {self._dive}/3, air {self._air}, {state}>"
