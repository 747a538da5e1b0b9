"""A game at a table of people and bots, driven by intents from a board.

`Table` is the board's brain without any Jupyter in it: it holds the live
`Game`, which seats are bots, the log, edit mode and undo, and turns each
intent (a plain dict from the front end) into engine calls. Every field of an
intent is checked; a malformed, stale, replayed or forged intent changes
nothing and leaves a specific message in ``error``.
"""
from __future__ import annotations

import itertools
import json
import random
from typing import NamedTuple

from .board_view import dive_summary
from .bots import PublicView
from .simulation.registry import BOTS, make_policy
from .edits import (check_chips, describe_edit, new_space, plain_refusal, refusal_reason, remove_last_space,
                    set_air_now)
from .rules import Game, IllegalActionError, SaveError, action_from_dict
from .rules.actions import TurnBack
from .rules.events import (AllStuck, Banked, Breathed, DiveEnded, DiveStarted, GameOver, Lost, Rolled,
                           StacksPlaced, plural)
from .rules.chips import N_CHIPS
from .rules.game import SAVE_FORMAT
from .rules.plain import MAX_DEPTH, plain, shown
from .rules.position import MAX_PLAYERS, MIN_PLAYERS, is_int, json_kind, name_problem, parse_saved_json

MAX_LOG = 400
MAX_TRAIL = N_CHIPS  # the board's editor stops at the game's trail (Game.from_position may go farther)
MAX_EARLIER = 50  # games a new game, a load or a set-up replaced, kept for undo
MAX_ERROR = 300  # characters of a refusal shown (a bad value is quoted; a huge one is cut)
TABLE_FORMAT = "deepsea_widget.table"
TABLE_VERSION = 1
# The fields each intent from a board may have (bot_step's "auto" is optional).
INTENT_FIELDS = {kind: frozenset({"type", "seq", *more}) for kind, more in {
    "action": ("seat", "action"), "bot_step": ("auto",), "undo": (), "new_game": (), "mode": ("mode",),
    "edit": ("edit",), "load": ("text",)}.items()}
TABLE_KEYS = frozenset({"format", "version", "bots", "undo_marks", "game"})  # what a table save holds
DEFAULT_PEOPLE = ["Player"]  # not "You": the log and the board say "<name> rolls", "<name>'s turn"
DEFAULT_BOTS = {"Bot Ada": "cautious", "Bot Bo": "cautious"}


class IntentError(ValueError):
    """An intent the table refuses; the message says exactly why."""


class LogLine(NamedTuple):
    """A line of the log: its ``text``; the game's history length when it was written
    (``moves``; None: a line of the game's start, or the note of a load, never undone); and the
    ``turn`` it belongs to (an id: the lines of one diver's turn share one; a note has its own)."""
    text: str
    moves: int | None
    turn: int
    note: bool = False


_TURN_IDS = itertools.count()
# Events that start a new turn in the log: a diver's breath begins its turn; the end of a dive
# (what was banked and lost, who starts the next) is a turn of its own.
_DIVE_END = (AllStuck, Banked, Lost, StacksPlaced, DiveEnded, GameOver, DiveStarted)


_HUGE = 10 ** 9  # no seat, space, air, level or index of an intent comes near this
MAX_NESTING = 16  # levels of lists and objects in an intent (a real one has 4 at most)


def _too_deep(value) -> bool:
    """Whether lists and dicts in ``value`` nest more than MAX_NESTING levels (looked at a
    level at a time, not recursively: a message may nest a few hundred deep)."""
    level = [value]
    for _ in range(MAX_NESTING + 1):
        level = [v for item in level
                 for v in (item.values() if isinstance(item, dict) else item if isinstance(item, list) else ())]
        if not level:
            return False
    return True


def _holds_huge(value) -> bool:
    """Whether ``value`` is, or a list in it holds, an int of 10 digits or more (Python cannot
    even print one of over 4,300 digits, so it is refused before any message quotes it)."""
    level = [value]  # a level at a time, not recursively: lists may nest a few hundred deep, or
    for _ in range(MAX_DEPTH + 1):  # hold themselves (past MAX_DEPTH, `plain` refuses the nesting)
        if any(is_int(item) and abs(item) >= _HUGE for item in level):
            return True
        level = [v for item in level if isinstance(item, list) for v in item]
        if not level:
            break
    return False


def _field(msg: dict, key: str, kind, what: str, where: str | None = None):
    """``msg[key]`` if it is a ``kind`` (int: not a bool); IntentError naming ``where`` if not."""
    where = where or f"{msg.get('type', 'intent')} intent"
    if key not in msg:
        raise IntentError(f"{where}: missing {key!r}")
    value = msg[key]
    ok = is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise IntentError(f"{where}: {key!r} must be {what}, got {value!r}")
    if kind is int and _holds_huge(value):
        raise IntentError(f"{where}: {key!r} must be {what}, got a number of 10 digits or more")
    return value


def _as_intent(check, *args) -> None:
    """Run an edit check; its ValueError becomes an IntentError (a refusal, nothing changed)."""
    try:
        check(*args)
    except IntentError:
        raise
    except ValueError as exc:
        raise IntentError(str(exc)) from None


# The fields of each edit op (besides "op"); "returning" is optional for move_diver.
EDIT_FIELDS = {"move_diver": {"seat", "position", "returning"}, "set_heading": {"seat", "returning"},
               "give_item": {"seat", "levels"}, "take_item": {"seat", "index"}, "set_air": {"air"},
               "set_space": {"space", "levels"}, "add_space": set(), "remove_space": set(),
               "set_turn": {"seat"}}


def seats_from(players, bots) -> tuple[list[str], dict[int, str]]:
    """Seat names (people first, then bots in the given order) and bot kind per seat.

    A bad name says where it came from: ``players[i]`` for a person, ``bots`` for a bot
    (the keys of ``bots`` are the bots' names); a wrong number of divers counts both."""
    if players is None and bots is None:
        players, bots = DEFAULT_PEOPLE, DEFAULT_BOTS
    if is_int(players):  # as in Game(players=3): "Diver 1", "Diver 2", ...
        if not 0 <= players <= MAX_PLAYERS:
            raise ValueError(f"players: a number of people must be 0 to {MAX_PLAYERS} (the game is for "
                             f"{MIN_PLAYERS} to {MAX_PLAYERS} divers, people and bots), got {players}")
        players = [f"Diver {i + 1}" for i in range(players)]
    if not (players is None or isinstance(players, (list, tuple))):
        raise ValueError(f"players: must be a list of names (or a number of people), got {players!r}")
    if not (bots is None or isinstance(bots, dict)):
        raise ValueError(f"bots: must be a dict of name to bot kind, e.g. {{'Cy': 'cautious'}}, got {bots!r}")
    people = list(players or [])
    bots = dict(bots or {})
    n = len(people) + len(bots)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"players, bots: the game is for {MIN_PLAYERS} to {MAX_PLAYERS} divers, got "
                         f"{_count(len(people), 'person', 'people')} and {_count(len(bots), 'bot', 'bots')} "
                         f"({plural(n, 'diver')})")
    for name, kind in bots.items():
        if not (isinstance(kind, str) and kind in BOTS):
            raise ValueError(f"bots[{shown(name)}]: unknown bot {shown(kind)}; known bots: {', '.join(sorted(BOTS))}")
    _check_names(people, list(bots))
    return people + list(bots), {len(people) + i: kind for i, kind in enumerate(bots.values())}


def _count(n: int, one: str, many: str) -> str:
    """``"no people"``, ``"1 person"``, ``"2 people"``."""
    return f"no {many}" if n == 0 else f"1 {one}" if n == 1 else f"{n} {many}"


def _check_names(people: list, bots: list) -> None:
    """The game's name rules (`name_problem`): a bad person's name is blamed on ``players[i]``
    (the game's words), a bad bot's name on ``bots``."""
    for i, name in enumerate(people):
        problem = name_problem(name, people[:i])
        if problem:
            raise ValueError(f"players[{i}]: {problem}")
    for name in bots:  # (bots' names are distinct keys: only a person may have one already)
        problem = (f"players[{people.index(name)}] is {name!r} already; every diver needs a name of its own"
                   if name in people else name_problem(name, []))
        if problem:
            raise ValueError(f"bots: {name!r} is not a valid bot name (the keys of bots are the bots' names): "
                             f"{problem}")


def position_of(game: Game) -> dict:
    """The game's public position as `Game.from_position` arguments (for edit mode).

    Mid-turn, the current diver's turn is taken from its start: the air is the
    air before it breathed, and the turn starts again with it.
    """
    divers = game.divers
    return {
        "players": list(game.players),
        "trail": [None if s is None else list(s.levels) for s in game.trail],
        "positions": [d.position for d in divers],
        "returning": [d.returning or d.back for d in divers],
        "carried": [[list(it.levels) for it in d.carried] for d in divers],
        "banked": [[list(it.values) for it in d.banked] for d in divers],
        "air": game.turn_start_air,
        "dive": game.dive,
        "turn": game.current_player,
        "last_returned": game.last_returned,
    }


def check_bot_seats(bot_seats, n: int) -> dict[int, str]:
    """``bot_seats`` ({seat: bot name}, or None for no bots) checked against a game of ``n`` seats."""
    if bot_seats is None:
        return {}
    if not isinstance(bot_seats, dict):
        raise ValueError(f"bot_seats: must be a dict of seat to bot name, e.g. {{1: 'cautious'}}, "
                         f"got {bot_seats!r}")
    for seat, kind in bot_seats.items():
        if not is_int(seat) or not 0 <= seat < n:
            raise ValueError(f"bot_seats: {shown(seat)} is not a seat of this game (seats are 0..{n - 1})")
        if not isinstance(kind, str) or kind not in BOTS:
            raise ValueError(f"bot_seats[{seat}]: unknown bot {shown(kind)}; known bots: {', '.join(sorted(BOTS))}")
    return {int(seat): kind for seat, kind in bot_seats.items()}


class Table:
    """People and bots around one game; see the module docstring."""

    def __init__(self, players=None, bots=None, seed=None, game: Game | None = None, bot_seats=None):
        dealt = game is None
        if game is None:
            if bot_seats is not None:
                raise ValueError("bot_seats: goes with game=...; for a new game name the bots in bots=")
            names, bot_seats = seats_from(players, bots)
            game = Game(players=names, seed=seed)
        elif not isinstance(game, Game):
            raise ValueError(f"game: must be a Game, got {type(game).__name__}")
        elif players is not None or bots is not None:
            raise ValueError("players, bots: the game given already has its players; "
                             "say which seats are bots with bot_seats={seat: bot name}")
        else:
            bot_seats = check_bot_seats(bot_seats, len(game.players))
        # Unseeded: fresh randomness for the bots and the edits' hidden values, as for the game.
        self._seed = seed if seed is not None else random.SystemRandom().getrandbits(64)
        self.bot_seats: dict[int, str] = bot_seats
        self._policies = {s: make_policy(kind) for s, kind in self.bot_seats.items()}
        self._bot_rng = random.Random(f"{self._seed}/table-bots")
        self.seq = 0  # the state version a board's intents must quote
        self.error = ""
        self.refusals = 0  # counts refused intents, so a repeated refusal still changes the view
        self.mode = "play"
        self._earlier: list[dict] = []  # what new games, loads and set-ups replaced (play-mode undo)
        self._before_edits: dict | None = None  # the table when edit mode began
        self._new_notes: list[str] = []  # the table's own log lines since the last change
        self.last_notes: list[str] = []  # ...those of the last change (the board reads them out)
        # whether the game is a deal of this table's (a new game), not a load, a set-up or a
        # game given: a deal nobody played is the first the undo list lets go (see `_keep`)
        self._dealt = dealt
        self._start_game(game)

    # ----- state ---------------------------------------------------------
    def _start_game(self, game: Game, note: str | None = None) -> None:
        self.game = game
        # the log, oldest line first (see `log` for the order it is shown in); an undo drops the
        # lines of the actions it takes back
        self._lines: list[LogLine] = []
        self._log_events(game.opening_events, None)
        self._start_moves = len(game.history)  # (a loaded game starts with its history)
        self.last_events: list[dict] = [e.to_dict() for e in game.opening_events]
        # the rolls of this game (a few hundred at most), each with the game's history length when
        # it was recorded, and None where a dive began (its dice start blank): the dice show the last
        self._rolls: list[tuple[int, dict | None]] = []
        self.summary = None  # the last dive end (or game end), for the board
        self._edit_stack: list[dict] = []  # the table before each edit (snapshots, for edit-mode undo)
        self._human_marks: list[int] = []  # history lengths before each human action
        if game.history:  # a loaded game: its log and dice are its own history's, nothing older
            self._write_history()
        if note:
            self._lines.append(LogLine(note, None, next(_TURN_IDS), note=True))
            self._new_notes.append(note)

    def _write_history(self) -> None:
        """The log and the rolls of a game that comes with a history (a load), as playing it here
        would have written them: a person's action at a time, a bot's turn at once (without its
        reasons, which a save does not keep). Nothing is shown as the last step's events."""
        record: list = []
        history = self.game.history_events()
        for moves, events in enumerate(history, start=1):
            record += events
            # (an action's first event is the acting diver's; its turn ends when a turn or dive starts)
            if (not self.is_bot(events[0].seat) or moves == len(history)
                    or any(isinstance(e, (Breathed, DiveEnded)) for e in events)):
                self._record(record, moves=moves)
                record = []
        self.last_events, self.summary = [], None

    def _snapshot(self, what: str) -> dict:
        """What `_start_game` and a load replace, to bring back by undo; ``what`` replaced it."""
        return {"what": what, "game": self.game, "lines": list(self._lines),
                "start_moves": self._start_moves, "last_events": self.last_events, "rolls": list(self._rolls),
                "summary": self.summary, "human_marks": list(self._human_marks), "bot_seats": self.bot_seats,
                "policies": self._policies, "dealt": self._dealt}

    def _keep(self, snapshot: dict) -> str:
        """Keep ``snapshot`` for undo. Past MAX_EARLIER kept, an older deal nobody played is let
        go first (nothing anyone built; never ``snapshot``, which Undo brings back first);
        else the oldest, and the returned note (for the log) says it can no longer come back
        ("" when nothing built was let go)."""
        kept = self._earlier + [snapshot]
        note = ""
        if len(kept) > MAX_EARLIER:
            unplayed = [i for i, s in enumerate(kept[:-1]) if s["dealt"] and not s["game"].history]
            dropped = kept.pop(unplayed[0] if unplayed else 0)
            if not unplayed:
                note = (f"Undo keeps the last {MAX_EARLIER} replaced games: the oldest, replaced by "
                        f"{dropped['what']}, can no longer come back (save a game to keep it)")
        self._earlier = kept
        return note

    def _restore(self, snapshot: dict) -> None:
        self.game, self._lines, self.last_events = snapshot["game"], snapshot["lines"], snapshot["last_events"]
        self._start_moves = snapshot["start_moves"]
        self._rolls = snapshot["rolls"]
        self.summary, self._human_marks = snapshot["summary"], snapshot["human_marks"]
        self.bot_seats, self._policies = snapshot["bot_seats"], snapshot["policies"]
        self._dealt = snapshot["dealt"]
        self._edit_stack = []

    def _record(self, events, actor: str | None = None, moves: int | None = None) -> None:
        """Log ``events`` (``actor``: a bot's reasons first), written when the game's history had
        ``moves`` actions (its length now when None)."""
        self.last_events = [e.to_dict() for e in events]
        moves = len(self.game.history) if moves is None else moves
        for e in events:
            if isinstance(e, Rolled):
                self._rolls.append((moves, {"name": e.name, "dice": list(e.dice), "move": e.move}))
            elif isinstance(e, DiveStarted):
                self._rolls.append((moves, None))
        self.summary = dive_summary(events) or self.summary
        if actor:  # (a bot's reasons: in its turn, after its breath, before what it did)
            self._add_line(LogLine(actor, moves, self._current_turn()))
        self._log_events(events, moves)

    def _log_events(self, events, moves: int | None) -> None:
        """Each event as a line of the log, in the turn it belongs to."""
        last = None
        for e in events:
            starts = isinstance(e, Breathed) or (isinstance(e, _DIVE_END) and not isinstance(last, _DIVE_END))
            turn = next(_TURN_IDS) if starts else self._current_turn()
            self._add_line(LogLine(str(e), moves, turn))
            last = e

    def _current_turn(self) -> int:
        """The turn of the newest line that is not a note (a new one if there is none)."""
        turn = next((line.turn for line in reversed(self._lines) if not line.note), None)
        return next(_TURN_IDS) if turn is None else turn

    def _add_line(self, line: LogLine) -> None:
        self._lines.append(line)
        if len(self._lines) > MAX_LOG:  # the oldest go
            del self._lines[:len(self._lines) - MAX_LOG]

    def _note(self, text: str) -> None:
        """A line of the table's own (undo, mode, edit): a turn of its own, the newest."""
        self._add_line(LogLine(text, len(self.game.history), next(_TURN_IDS), note=True))
        self._new_notes.append(text)

    def log_turns(self, max_lines: int | None = None) -> list[list[str]]:
        """The log as the board shows it: turns, the newest first (a turn is as new as its
        newest line), each turn's lines in the order they happened. A table's note (an undo,
        an edit) is a turn of its own; the lines of the turn it came in the middle of stay
        together. ``max_lines``: whole turns up to that many lines (at least the newest turn)."""
        turns: dict[int, list[str]] = {}
        for line in self._lines:
            turns.setdefault(line.turn, []).append(line.text)
            turns[line.turn] = turns.pop(line.turn)  # (moved last: ordered by their newest line)
        out, count = [], 0
        for lines in reversed(turns.values()):
            count += len(lines)
            if max_lines is not None and out and count > max_lines:
                break
            out.append(lines)
        return out

    @property
    def log(self) -> list[str]:
        """The log's lines in the order the board shows them (see `log_turns`)."""
        return [text for turn in self.log_turns() for text in turn]

    def _unlog_after(self, moves: int) -> None:
        """Drop the log lines written after the game had ``moves`` actions."""
        self._lines = [line for line in self._lines if line.moves is None or line.moves <= moves]

    def _last_turn_start(self) -> int:
        """The history length before the last turn the log wrote (a bot's turn is written at
        once, with its last action's number), for an undo with no person's action to go back to."""
        n = len(self.game.history)
        return next((line.moves for line in reversed(self._lines) if line.moves is not None and line.moves < n),
                    self._start_moves if self._start_moves < n else n - 1)

    @property
    def last_roll(self) -> dict | None:
        """The last roll of this dive (who rolled, the two dice, the spaces it moves), the same
        for every view of the board; None before the dive's first roll."""
        return self._rolls[-1][1] if self._rolls else None

    @property
    def can_undo(self) -> bool:
        return bool(self._edit_stack) if self.mode == "edit" else bool(self.game.history or self._earlier)

    def is_bot(self, seat) -> bool:
        return seat in self.bot_seats

    @property
    def bot_to_move(self) -> bool:
        return self.mode == "play" and not self.game.is_over and self.is_bot(self.game.current_player)

    # ----- what a script or a click does ---------------------------------
    def apply(self, action, seat=None) -> list:
        """Play ``action`` for the current (human) diver, as a click on the board would."""
        if self.mode != "play":
            raise IllegalActionError("the board is in edit mode: press 'Back to play' first")
        current = self.game.current_player
        if current is not None and self.is_bot(current) and seat is not None:
            raise IllegalActionError(f"it is {self.game.players[current]}'s turn (a bot): press Next")
        mark = len(self.game.history)
        events = self.game.apply(action, seat=seat)
        self._human_marks.append(mark)
        self._record(events)
        self._changed()
        return events

    def bot_step(self) -> list:
        """Let the bot whose turn it is play its whole turn; returns the events."""
        if not self.bot_to_move:
            raise IllegalActionError("no bot is to move" if self.mode == "play" else "the board is in edit mode")
        seat = self.game.current_player
        policy = self._policies[seat]
        view = PublicView(self.game)
        events, why = [], []
        while True:
            action = policy.choose(view, self._bot_rng)
            new = self.game.apply(action)
            events += new
            if policy.explanation not in why:  # (a reason given for each action of the turn: once)
                why.append(policy.explanation)
            # One turn: it ends when another diver is to move, a dive ends, or (the bot alone
            # in the water) its own next turn begins: back in the roll phase, not by turning back.
            if (self.game.is_over or self.game.current_player != seat
                    or any(isinstance(e, DiveStarted) for e in new)
                    or (self.game.phase == "roll" and not isinstance(action, TurnBack))):
                break
        self._record(events, f"{self.game.players[seat]} ({policy.name} bot): " + "; ".join(why))
        self._changed()
        return events

    def undo(self) -> None:
        """Undo back to before the last person's action (bots' replies go with it); in a
        game with no actions yet, back to the game a new game, a load or a set-up replaced.
        In edit mode, undo the last edit: the table comes back as it was (game, log, undo
        marks, summary). Undoing past a dive end drops that dive's summary."""
        if self.mode == "edit":
            if not self._edit_stack:
                raise IllegalActionError("no edit to undo")
            stack = self._edit_stack
            self._restore(stack.pop())  # the table as it was: game, log, undo marks, summary
            self._edit_stack = stack
            self.last_events = []
            self._note("Undid the last edit")
        elif not self.game.history and self._earlier:
            earlier = self._earlier.pop()
            self._restore(earlier)
            self.last_events = []  # (its last move is not played again)
            self._note(f"Undo: back to the game before {earlier['what']}")
        else:
            if not self.game.history:
                raise IllegalActionError("nothing to undo")
            target = self._human_marks.pop() if self._human_marks else self._last_turn_start()
            dive, over = self.game.dive, self.game.is_over
            taken = len(self.game.history) - target
            while len(self.game.history) > target:
                self.game.undo()
            if self.game.dive != dive or self.game.is_over != over:
                self.summary = None  # the dive end it showed is undone
            self.last_events = []
            self._unlog_after(target)  # what the undone actions wrote is gone from the log too
            self._rolls = [r for r in self._rolls if r[0] <= target]  # and so are their rolls
            self._note(f"Undo: took back {plural(taken, 'action')}; "
                       f"{self.game.players[self.game.current_player]} to play")
        self._changed()

    def new_game(self, seed=None) -> None:
        """A new game for the same seats (Undo brings the old one back)."""
        game = Game(players=list(self.game.players), seed=seed)
        self.set_mode("play")
        dropped = self._keep(self._snapshot("the new game"))
        self._dealt = True
        self._start_game(game, ". ".join(filter(None, ["New game (Undo brings the last one back)", dropped])))
        self._changed()

    def set_mode(self, mode: str) -> None:
        if mode not in ("play", "edit"):
            raise IntentError(f"mode must be 'play' or 'edit', got {mode!r}")
        if mode == self.mode:
            return
        if self.game.is_over and mode == "edit":
            raise IllegalActionError("the game is over: start a new game to set up a position")
        if mode == "edit":
            self._before_edits = self._snapshot("the set-up")
            note = "Edit mode: set up a what-if position"
        elif self._edit_stack:  # the position changed: the game before it can come back by undo
            dropped = self._keep(self._before_edits)
            note = ". ".join(filter(None, ["Back to play (Undo brings the game before the set-up back)", dropped]))
        else:
            note = "Back to play"
        self.mode = mode
        self._edit_stack = []
        self.last_events = []  # a switch of mode is not a move: nothing to show again
        self._note(note)
        self._changed()

    # ----- edit mode -----------------------------------------------------
    def edit(self, op: dict, enter_edit_mode: bool = False) -> None:
        """Change the position, validated by `Game.from_position`; in edit mode only, unless
        ``enter_edit_mode`` (then a refused edit leaves the table in play mode)."""
        if self.mode != "edit":
            if not enter_edit_mode:
                raise IllegalActionError("edits need edit mode")
            if self.game.is_over:
                raise IllegalActionError("the game is over: start a new game to set up a position")
        edited, kind = self._edited_game(op)
        if self.mode != "edit":
            self.set_mode("edit")
        stack = self._edit_stack + [self._snapshot("the edit")]
        self._dealt = False
        self._start_game(edited, f"Edit: {describe_edit(op, edited)}")
        self._edit_stack = stack
        self._changed()

    def edit_refusal(self, op: dict) -> str | None:
        """Why ``op`` would be refused now, in plain words (None: it would be accepted). Nothing
        changes: the board asks before it offers a control (Add / Remove a space)."""
        try:
            self._edited_game(op)
        except ValueError as exc:
            return refusal_reason(str(exc)) or str(exc)
        return None

    def _edited_game(self, op) -> tuple[Game, str]:
        """The game after edit ``op`` (nothing changes here); IntentError saying why not."""
        if not isinstance(op, dict):
            raise IntentError("edit: must be a dict with an 'op'")
        kind = op.get("op")
        if not isinstance(kind, str) or kind not in EDIT_FIELDS:
            raise IntentError(f"edit: unknown op {kind!r}; known: {', '.join(EDIT_FIELDS)}")
        extra = set(op) - EDIT_FIELDS[kind] - {"op"}
        if extra:
            raise IntentError(f"edit {kind}: unexpected field(s) {', '.join(sorted(map(repr, extra)))}; "
                              f"it takes {', '.join(sorted(EDIT_FIELDS[kind])) or 'no fields but op'}")
        where = f"edit {kind}"
        huge = next((key for key in sorted(op) if _holds_huge(op[key])), None)
        if huge is not None:
            raise IntentError(f"{where}: {huge!r} holds a number of 10 digits or more; no seat, space, "
                              f"level, air or index comes near that")
        op = plain(op, where)  # (numpy ints from a script, as the odds give them)
        pos = position_of(self.game)
        n = len(pos["players"])

        def field(key, kind_, what):
            return _field(op, key, kind_, what, where)

        def seat():
            s = field("seat", int, "a seat number")
            if not 0 <= s < n:
                raise IntentError(f"{where}: seat must be 0..{n - 1}, got {s}")
            return s

        if kind == "move_diver":
            s = seat()
            pos["positions"][s] = field("position", int, "a space number")
            if "returning" in op:
                pos["returning"][s] = field("returning", bool, "true or false")
        elif kind == "set_heading":
            s = seat()
            pos["returning"][s] = field("returning", bool, "true or false")
        elif kind == "give_item":
            s = seat()
            levels = field("levels", list, "a list of chip levels")
            _as_intent(check_chips, pos, levels, f"{where}: {pos['players'][s]}'s new item")
            pos["carried"][s].append(levels)
        elif kind == "take_item":
            s = seat()
            i = field("index", int, "an item number")
            if not 0 <= i < len(pos["carried"][s]):
                k = len(pos["carried"][s])
                raise IntentError(f"{where}: {pos['players'][s]} carries {k} item{'' if k == 1 else 's'}, "
                                  f"so there is no item at index {i} (index counts from 0)")
            pos["carried"][s].pop(i)
        elif kind == "set_air":  # the air now, as the board shows it (`set_air_now`)
            _as_intent(set_air_now, pos, field("air", int, "a whole number"), where)
        elif kind == "set_space":
            last = min(len(pos["trail"]) + 1, MAX_TRAIL)
            k = field("space", int, "a space number")
            if not 1 <= k <= last:
                raise IntentError(f"{where}: space must be 1..{last} (a trail has at most {MAX_TRAIL} spaces), "
                                  f"got {k}")
            if "levels" not in op:
                raise IntentError(f"{where}: missing 'levels' (a list of levels, or null for a blank)")
            levels = op["levels"]
            if levels is not None and not isinstance(levels, list):
                raise IntentError(f"{where}: 'levels' must be a list of levels or null (blank), got {levels!r}")
            if k == len(pos["trail"]) + 1:
                pos["trail"].append(None)
            pos["trail"][k - 1] = None  # its chip goes back to the box before the new one is counted
            _as_intent(check_chips, pos, levels, f"{where}: space {k}")
            pos["trail"][k - 1] = levels
        elif kind == "add_space":
            if len(pos["trail"]) >= MAX_TRAIL:
                raise IntentError(f"{where}: the trail is full (at most {MAX_TRAIL} spaces)")
            pos["trail"].append(new_space(pos))
        elif kind == "remove_space":
            _as_intent(remove_last_space, pos, where)
        else:  # set_turn
            pos["turn"] = seat()
        last = pos["last_returned"]
        if last is not None and not (pos["positions"][last] == 0 and pos["returning"][last]):
            pos["last_returned"] = None  # it left the sub: it no longer starts the next dive
        try:
            edited = Game.from_position(**pos, seed=random.Random(f"{self._seed}/{self.seq}").getrandbits(64))
        except ValueError as exc:
            raise IntentError(f"edit refused: {plain_refusal(str(exc), pos, kind)}") from None
        if edited.is_over:
            raise IntentError("edit refused: in this position nobody still out can move, so the last "
                              "dive, and the game, would end at once")
        return edited, kind

    # ----- saving --------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"format": TABLE_FORMAT, "version": TABLE_VERSION,
                           "bots": {str(s): k for s, k in self.bot_seats.items()},
                           "undo_marks": self._human_marks,
                           "game": json.loads(self.game.to_json())}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text) -> "Table":
        """A table from `to_json` text, or from a plain `Game.to_json` save (no bots). A file
        that is not such a save, or any part of it that is wrong, raises `SaveError` naming
        where in the save (``game.start.air``, ``bots["2"]``) and what is wrong."""
        try:
            return cls._from_saved(text)
        except SaveError as exc:
            # raised again here with a traceback of this frame only (a notebook shows the caller's
            # line and this one); `from None` keeps the failed check as its hidden __context__
            raise exc.with_traceback(None) from None

    @classmethod
    def _from_saved(cls, text) -> "Table":
        data = parse_saved_json(text)
        if not (isinstance(data, dict) and data.get("format") == TABLE_FORMAT):
            if isinstance(data, dict) and data.get("format") != SAVE_FORMAT:
                got = json_kind(data["format"]) if "format" in data else "nothing"
                raise SaveError(("format",), f"not a saved game: must be {TABLE_FORMAT!r} (App.save, "
                                             f"Table.to_json) or {SAVE_FORMAT!r} (Game.to_json), got {got}")
            return cls(game=Game.from_json(text))
        if not is_int(data.get("version")) or data["version"] != TABLE_VERSION:
            raise SaveError(("version",), f"unknown table save version {data.get('version')!r} "
                                          f"(this build reads {TABLE_VERSION})")
        holds = f"a table save holds {', '.join(sorted(TABLE_KEYS))}"
        unknown = sorted(set(data) - TABLE_KEYS)
        if unknown:
            raise SaveError((unknown[0],), f"not part of a table save ({holds})")
        if not isinstance(data.get("game"), dict):
            raise SaveError(("game",), f"must be an object (the saved game), got "
                                       f"{json_kind(data['game']) if 'game' in data else 'nothing'}")
        try:
            game = Game.from_json(json.dumps(data["game"]))
        except SaveError as exc:
            raise exc.inside("game") from None
        n = len(game.players)
        bots = data.get("bots")
        if not isinstance(bots, dict):
            raise SaveError(("bots",), f"must be an object of seat to bot name, e.g. {{\"1\": \"cautious\"}}, "
                                       f"got {json_kind(bots) if 'bots' in data else 'nothing'}")
        bot_seats = {}
        for key, kind in bots.items():
            if not (key.isascii() and key.isdigit() and key == str(int(key)) and int(key) < n):
                raise SaveError(("bots", key), f"not a seat of this game (seats are \"0\"..\"{n - 1}\")")
            if not isinstance(kind, str) or kind not in BOTS:
                raise SaveError(("bots", key), f"unknown bot {json_kind(kind)}; known bots: {', '.join(sorted(BOTS))}")
            bot_seats[int(key)] = kind
        marks = data.get("undo_marks", [])  # where each person's action began (saves before 2026-11-30 lack it)
        if not isinstance(marks, list):
            raise SaveError(("undo_marks",), f"must be a list of move numbers, got {json_kind(marks)}")
        for i, m in enumerate(marks):
            if not is_int(m) or not 0 <= m < len(game.history):
                raise SaveError(("undo_marks", i), f"must be a move number 0..{len(game.history) - 1} "
                                                   f"within the game's history, got {json_kind(m)}")
            if i and m <= marks[i - 1]:
                raise SaveError(("undo_marks", i), f"must be more than the mark before it ({marks[i - 1]}): "
                                                   f"the marks increase, each one once, got {m}")
        table = cls(game=game, bot_seats=bot_seats)
        table._human_marks = list(marks)
        return table

    def load_json(self, text: str) -> None:
        """Continue a saved game here (Undo brings the replaced one back). A bad save raises
        `SaveError` (see `from_json`) and changes nothing."""
        try:
            loaded = Table.from_json(text)
        except SaveError as exc:
            raise exc.with_traceback(None) from None  # (a short traceback: see from_json)
        self.set_mode("play")
        dropped = self._keep(self._snapshot("the load"))
        self.bot_seats, self._policies = loaded.bot_seats, loaded._policies
        self._dealt = False
        # (one line: a line of its own would go with the loaded game's last move at the first undo)
        self._start_game(loaded.game, ". ".join(filter(None, ["Loaded a saved game (Undo brings the last one back)",
                                                               dropped])))
        self._human_marks = loaded._human_marks  # (so Undo takes back a person's action and its bots' replies)
        self._changed()

    # ----- intents from the board ----------------------------------------
    def handle(self, msg) -> bool:
        """Apply one intent from the front end; False (and ``error`` set) if refused."""
        try:
            self._dispatch(msg)
        except (IntentError, IllegalActionError, ValueError) as exc:
            self.refuse(str(exc))
            return False
        self.error = ""
        return True

    def refuse(self, text: str) -> None:
        """Show ``text`` as the reason a message from the front end was refused (nothing else changes)."""
        self.error = text if len(text) <= MAX_ERROR else text[:MAX_ERROR - 1] + "…"
        self.refusals += 1

    def _dispatch(self, msg) -> None:
        if not isinstance(msg, dict):
            raise IntentError(f"malformed intent: expected an object, got {type(msg).__name__}")
        kind = msg.get("type")
        if not isinstance(kind, str):
            raise IntentError(f"malformed intent: 'type' must be a string, got {kind!r}")
        handlers = {"action": self._on_action, "bot_step": self._on_bot_step,
                    "undo": lambda m: self.undo(), "new_game": lambda m: self.new_game(),
                    "mode": lambda m: self.set_mode(_field(m, "mode", str, "'play' or 'edit'")),
                    "edit": lambda m: self.edit(m.get("edit")),
                    "load": self._on_load}
        if kind not in handlers:
            raise IntentError(f"malformed intent: unknown type {kind!r}")
        if _too_deep(msg):
            raise IntentError(f"malformed {kind} intent: lists and objects nested more than {MAX_NESTING} deep")
        extra = set(msg) - INTENT_FIELDS[kind]
        if extra:
            raise IntentError(f"malformed {kind} intent: unexpected field(s) {', '.join(sorted(map(repr, extra)))}; "
                              f"it takes {', '.join(sorted(INTENT_FIELDS[kind]))}")
        seq = _field(msg, "seq", int, "the board's state number")
        if seq != self.seq:
            raise IntentError(f"stale intent (state {seq}, the board is at state {self.seq}): "
                              "it was already handled or the board changed; try again")
        handlers[kind](msg)

    def _on_load(self, msg) -> None:
        try:
            self.load_json(_field(msg, "text", str, "the saved game's text"))
        except SaveError as exc:
            raise IntentError(f"load refused, the game goes on: {exc}") from None

    def _on_bot_step(self, msg) -> None:
        if "auto" in msg:  # (auto-play's steps say so; the board's Next does not have to)
            _field(msg, "auto", bool, "true or false")
        self.bot_step()

    def _on_action(self, msg) -> None:
        action_data = msg.get("action")
        try:
            action = action_from_dict(action_data)
        except ValueError as exc:
            raise IntentError(f"action intent: {exc}") from None
        if "dice" in action_data:
            raise IntentError("action intent: the board cannot choose the dice (the table rolls them)")
        seat = _field(msg, "seat", int, "the seat that acts")
        if not 0 <= seat < len(self.game.players):
            raise IntentError(f"action intent: no seat {seat}")
        if self.is_bot(seat):
            raise IntentError(f"action intent: {self.game.players[seat]} is a bot; people cannot move for it")
        self.apply(action, seat=seat)

    def _changed(self) -> None:
        self.seq += 1
        self.last_notes, self._new_notes = self._new_notes, []
        self.error = ""  # a refusal's message goes with the next change, from the board or from Python
