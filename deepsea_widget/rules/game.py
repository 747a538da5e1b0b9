"""The game: state, legal actions, turns, the end of a dive, scores, saving.

`Game` is the one place the rules live. Every game starts from a validated
start position (see `position.py`) and moves only through `apply`, so undo and
loading a save are "rebuild the start, replay the history".
"""
from __future__ import annotations

import json
import random
from operator import attrgetter

from . import events as ev
from .actions import Action, Drop, PickUp, Roll, Stay, TurnBack, action_from_dict
from .chips import LEVELS, STACK_SIZE, BankedItem, Item
from .errors import FieldError, IllegalActionError, SaveError
from .plain import plain, shown
from .position import (FULL_AIR, N_DIVES, is_int, json_kind, new_game_start, parse_saved_json, rng_from_json,
                       rng_to_json, validate_start, what_if_start)

_POSITION = attrgetter("position")
# Roll in the roll phase and Stay in the treasure phase are always legal: apply
# skips the full check for them (the bulk of all actions).
_ALWAYS_LEGAL = {"roll": Roll, "treasure": Stay}

# Actions are immutable values: legal_actions hands out shared instances.
_ROLL, _TURN_BACK, _STAY, _PICK_UP = Roll(), TurnBack(), Stay(), PickUp()
_DROPS: list = []


def _drops(n: int) -> list:
    while len(_DROPS) < n:
        _DROPS.append(Drop(len(_DROPS)))
    return _DROPS[:n]


SAVE_FORMAT = "deepsea_widget.game"
SAVE_VERSION = 1
SAVE_KEYS = ("format", "version", "start", "history", "state")
# The state keys every save has; later saves also record where each chip is.
_SUMMARY_FIRST_KEYS = frozenset({"dive", "air", "phase", "current_player", "positions", "returning", "scores",
                                 "trail_length"})


def _and(words) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    return " and ".join(filter(None, [", ".join(words[:-1]), words[-1]]))


def _same_json(a, b) -> bool:
    """``a == b`` with the same JSON types all through: true is not 1, and 1.0 is not 1."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    return a == b


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


class Game:
    """Deep Sea Adventure for 2..6 divers over three dives (see RULES.md)."""

    def __init__(self, players=3, seed=None, first_player=0):
        # a start built here is valid by construction: skip re-checking it
        self._setup(new_game_start(plain(players, "players"), plain(seed, "seed"),
                                    plain(first_player, "first_player")), checked=True)

    # ----- construction -------------------------------------------------
    @classmethod
    def from_position(cls, *, players, trail, positions, returning=None, carried=None, banked=None,
                      air=FULL_AIR, dive=1, turn=0, seed=None, last_returned=None) -> "Game":
        """A what-if position from public facts; ``turn`` is the seat whose turn starts next.

        ``trail``: per space None (blank), a level 1..4, or a tuple of levels (a stack).
        ``positions``: 0 = in the submarine; with ``returning`` True that means back this dive.
        ``carried``: per seat, items as levels; ``banked``: per seat, items as revealed values.
        Hidden values are drawn (seeded) from the chips not banked.
        """
        game = cls.__new__(cls)
        game._setup(what_if_start(**plain(dict(
            players=players, trail=trail, positions=positions, returning=returning, carried=carried,
            banked=banked, air=air, dive=dive, turn=turn, seed=seed, last_returned=last_returned))))
        return game

    def _setup(self, start: dict, checked: bool = False) -> None:
        if not checked:
            start = validate_start(start)
        self._start = start
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
        return self._phase

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

    def scores(self) -> list[int]:
        return [d.score for d in self._divers]

    def _rank_key(self, d: Diver):
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

    # ----- legal actions ------------------------------------------------
    def legal_actions(self) -> list:
        if self._phase == "roll":
            d = self._divers[self._current]
            if not d.returning and d.carried:
                return [_ROLL, _TURN_BACK]
            return [_ROLL]
        if self._phase == "treasure":
            d = self._divers[self._current]
            if self._trail[d.position - 1] is not None:
                return [_STAY, _PICK_UP]
            return [_STAY, *_drops(len(d.carried))]
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
            raise IllegalActionError(f"it is {self._names[self._current]}'s turn")
        d = self._divers[self._current]
        kind = type(action)
        if kind is Roll or kind is TurnBack:
            if self._phase != "roll":
                raise IllegalActionError(f"{d.name} has moved this turn: {self._treasure_choice()}")
            if kind is TurnBack:
                if d.returning:
                    raise IllegalActionError(f"{d.name} is already heading back (a diver turns back once per dive)")
                if not d.carried:
                    raise IllegalActionError("cannot turn back while carrying nothing")
            return
        if kind in (PickUp, Drop, Stay):
            if self._phase != "treasure":
                raise IllegalActionError(f"{d.name} must roll before a treasure action")
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
        raise IllegalActionError(f"not an action: {action!r}")

    def why_illegal(self, action, seat=None) -> str | None:
        """The rule ``action`` would break now, or None if it is legal."""
        try:
            self._check(action, seat)
        except IllegalActionError as exc:
            return str(exc)
        return None

    # ----- applying actions ---------------------------------------------
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
        elif kind is TurnBack:
            d = self._divers[self._current]
            d.returning = True
            self._events.append(ev.TurnedBack(d.seat, d.name))
        else:
            self._treasure(action)
        self._history.append(action)
        return self._events

    def _roll(self, dice) -> None:
        d = self._divers[self._current]
        if dice is None:
            r = self._rng.random
            dice = (int(r() * 3) + 1, int(r() * 3) + 1)
        c = len(d.carried)
        move = dice[0] + dice[1] - c
        if move < 0:
            move = 0
        seat, name = d.seat, d.name
        events = self._events
        events.append(ev.Rolled(seat, name, dice, c, move))
        # Spaces of the other divers on the trail are jumped over, not counted. The
        # list holds every diver's space: the walk never steps on the diver's own
        # space, and 0 (the sub) ends a walk back whether or not it is listed.
        divers = self._divers
        occupied = list(map(_POSITION, divers))
        jumped = []
        start = pos = end = d.position
        steps = move
        if d.returning:
            while steps and pos:
                pos -= 1
                if pos and pos in occupied:
                    jumped.append(pos)
                else:
                    steps -= 1
            end = pos
            path = tuple(range(start - 1, end - 1, -1))
        else:
            last = len(self._trail)
            while steps and pos < last:
                pos += 1
                if pos in occupied:
                    jumped.append(pos)
                else:
                    steps -= 1
                    end = pos  # past the last free space: stop on the deepest free one
            while jumped and jumped[-1] > end:  # divers beyond the deepest free space are not passed
                jumped.pop()
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
        self._turn_air = before = self._air
        self._air = after = before - len(d.carried)
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

    def _is_stuck(self, d: Diver, occupied) -> bool:
        """Heading deeper, empty-handed, nothing to pick up and no free space deeper."""
        if d.returning or d.carried:
            return False
        if d.position > 0 and self._trail[d.position - 1] is not None:
            return False
        return all(p in occupied for p in range(d.position + 1, len(self._trail) + 1))

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

    # ----- end of a dive and of the game --------------------------------
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

    # ----- undo, saving, loading ----------------------------------------
    @classmethod
    def _replay(cls, start: dict, actions) -> "Game":
        """The game from ``start`` (already checked) after ``actions`` (legal there)."""
        game = cls.__new__(cls)
        game._setup(start, checked=True)
        for action in actions:
            game.apply(action)
        return game

    def history_events(self) -> list[tuple]:
        """The events of each action in the history, one tuple per action, in order, as replaying
        the history from the start gives them (a loaded game's log is written from them)."""
        game = type(self).__new__(type(self))
        game._setup(self._start, checked=True)
        return [tuple(game.apply(action)) for action in self._history]

    def undo(self) -> Action:
        """Take back the last action (the rebuilt game rolls the same dice again)."""
        if not self._history:
            raise IllegalActionError("nothing to undo")
        undone = self._history[-1]
        replayed = self._replay(self._start, self._history[:-1])
        for name in ("_start", "_values", "_names", "_trail", "_divers", "_air", "_dive",
                     "_last_returned", "_rng", "_history", "_n_back", "_current", "_phase", "_air_out",
                     "_turn_air", "_events", "_opening_events"):
            setattr(self, name, getattr(replayed, name))
        return undone

    def _summary(self) -> dict:
        """What a save records of the state reached, to check a load against (see `from_json`)."""
        return {"dive": self._dive, "air": self._air, "phase": self._phase,
                "current_player": self._current,
                "positions": [d.position for d in self._divers],
                "returning": [d.returning for d in self._divers],
                "scores": self.scores(), "trail_length": len(self._trail),
                # where every chip is (by its number): a save whose start was edited no longer matches
                "trail": [None if s is None else list(s._chips) for s in self._trail],
                "carried": [[list(it._chips) for it in d.carried] for d in self._divers],
                "banked": [[list(it._chips) for it in d.banked] for d in self._divers]}

    def to_json(self, indent=None) -> str:
        """The whole game: the start position (hidden values included), every action, and a
        summary of the state reached (dive, air, phase, positions, headings, scores and where
        every chip is), which `from_json` checks. ``indent``: None (one line) or a number of spaces."""
        if indent is not None and not (is_int(indent) and 0 <= indent <= 16):
            raise ValueError(f"indent: must be None or a number of spaces 0..16, got {indent!r}")
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "start": self._start,
            "history": [a.to_dict() for a in self._history],
            "state": self._summary(),
        }, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text) -> "Game":
        """Load a game saved by `to_json`. Text that is not a save, or a save changed so that
        any part of it is wrong, raises `SaveError` (a ValueError) naming where in the save
        (``start.air``, ``history[12].dice``, ``state.positions``) and what is wrong."""
        try:
            return cls._load(parse_saved_json(text))
        except FieldError as exc:
            # Raised here, not in the check that failed, so a notebook's traceback shows the
            # caller's line and this one, not the frames of the walk. The failed check stays
            # reachable as the error's __context__ (suppressed from the display by `from None`).
            raise SaveError(exc.path, exc.reason) from None

    @classmethod
    def _load(cls, data) -> "Game":
        """The game of a save's parsed JSON; a `FieldError` (or `SaveError`) at the path of the
        first thing that is wrong."""
        if not isinstance(data, dict):
            raise SaveError((), f"not a saved game: a save is a JSON object, this is {json_kind(data)}")
        if "format" not in data or data["format"] != SAVE_FORMAT:
            raise SaveError(("format",), f"not a saved game: must be {SAVE_FORMAT!r}, got "
                                         f"{json_kind(data['format']) if 'format' in data else 'nothing'}")
        holds = f"a saved game holds {', '.join(SAVE_KEYS[:-1])} and {SAVE_KEYS[-1]}"
        if not is_int(data.get("version")) or data["version"] != SAVE_VERSION:
            raise SaveError(("version",), f"unknown save version {data.get('version')!r} "
                                          f"(this build reads {SAVE_VERSION})")
        for key in ("start", "history", "state"):
            if key not in data:
                raise SaveError((key,), f"missing ({holds})")
        unknown = sorted(set(data) - set(SAVE_KEYS))
        if unknown:
            raise SaveError((unknown[0],), f"not part of a saved game ({holds})")
        # in the file's order: the start, each action of the history, then the summary
        game = cls.__new__(cls)
        try:
            game._setup(data["start"])
        except FieldError as exc:
            raise exc.inside("start") from None
        if not isinstance(data["history"], list):
            raise SaveError(("history",), f"must be a list of actions, got {json_kind(data['history'])}")
        for i, a in enumerate(data["history"]):
            try:
                action = action_from_dict(a)
            except FieldError as exc:
                raise exc.inside("history", i) from None
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise SaveError(("history", i), f"cannot be played here: {exc}") from None
        game._check_summary(data["state"])
        return game

    def _check_summary(self, state) -> None:
        """SaveError unless a save's ``state`` is this game's summary (the state its replay
        reached): the first key that differs is named, with the saved and replayed values."""
        if not isinstance(state, dict):
            raise SaveError(("state",), f"must be an object (the summary the replay is checked against), "
                                        f"got {json_kind(state)}")
        summary = json.loads(json.dumps(self._summary()))  # (as written: lists, not tuples)
        # saves made before the chips were recorded have the first keys only: the chips' keys
        # are all there or none
        if not (set(summary) - _SUMMARY_FIRST_KEYS) & set(state):
            summary = {k: v for k, v in summary.items() if k in _SUMMARY_FIRST_KEYS}
        changed = "the file was changed or is corrupt"
        missing = [k for k in summary if k not in state]
        if missing:
            more = f", as {'is' if len(missing) == 2 else 'are'} {_and(missing[1:])}" if len(missing) > 1 else ""
            raise SaveError(("state", missing[0]), f"missing{more} ({changed})")
        unknown = sorted(k for k in state if k not in summary)
        if unknown:
            raise SaveError(("state", unknown[0]), f"not part of a saved game's state ({changed})")
        differ = [k for k in summary if not _same_json(summary[k], state[k])]
        if differ:
            k = differ[0]
            replay = f"replaying the {ev.plural(len(self._history), 'action')} in history"
            if isinstance(summary[k], (list, dict)) or isinstance(state[k], (list, dict)):
                said = f"does not match what {replay} gives"
            else:
                said = f"the save says {json.dumps(state[k])}, but {replay} gives {json.dumps(summary[k])}"
            more = (f"; {_and(differ[1:])} {'differs' if len(differ) == 2 else 'differ'} too"
                    if len(differ) > 1 else "")
            raise SaveError(("state", k), f"{said}{more} ({changed})")

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
        }

    def __repr__(self):
        state = "over" if self.is_over else f"{self._names[self._current]} to {self._phase}"
        return f"<Game dive {self._dive}/3, air {self._air}, {state}>"
