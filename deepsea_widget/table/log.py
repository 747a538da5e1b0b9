"""The table's record of one game: the log, the rolls and the last dive's summary.

`TableLog` writes each event as a line of the log in the turn it belongs to,
keeps the dice of every roll (the board shows the last), the events of the
last step (the board animates them) and the last dive end. An undo drops what
the actions it takes back wrote; a snapshot for undo is a `copy`.
"""
from __future__ import annotations

import copy
import itertools
from typing import NamedTuple

from ..board_view import dive_summary
from ..rules.events import (AllStuck, Banked, Breathed, DiceKept, DiceRolled, DiveEnded, DiveStarted, GameOver, Lost,
                            Rolled, StacksPlaced)

MAX_LOG = 400


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


class TableLog:
    """What the table has recorded of ``game`` since it came to the table: its opening events;
    for a loaded game, its history as playing it here would have written it (``is_bot(seat)``
    says whose turns are written at once: see `replay`); then ``note``, the table's line on how
    the game came (a new game, a load, an edit), if any."""

    def __init__(self, game, is_bot, note: str | None = None):
        self.lines: list[LogLine] = []  # oldest first (see `turns` for the order shown)
        self.write(game.opening_events, None)
        self.start_moves = len(game.history)  # (a loaded game starts with its history)
        self.last_events: list[dict] = [e.to_dict() for e in game.opening_events]
        # the rolls of this game (a few hundred at most), each with the game's history length when
        # it was recorded, and None where a dive began (its dice start blank): the dice show the last
        self.rolls: list[tuple[int, dict | None]] = []
        self.summary = None  # the last dive end (or game end), for the board
        if game.history:  # a loaded game: its log and dice are its own history's, nothing older
            self.replay(game, is_bot)
        if note:  # (never undone: moves None)
            self.lines.append(LogLine(note, None, next(_TURN_IDS), note=True))

    def copy(self) -> "TableLog":
        """A copy that later lines and rolls do not change (for undo)."""
        other = copy.copy(self)
        other.lines, other.rolls = list(self.lines), list(self.rolls)
        return other

    def replay(self, game, is_bot) -> None:
        """The log and the rolls of a game that comes with a history (a load), as playing it here
        would have written them: a person's action at a time, a bot's turn at once (without its
        reasons, which a save does not keep). Nothing is shown as the last step's events."""
        record: list = []
        history = game.history_events()
        for moves, events in enumerate(history, start=1):
            record += events
            # (an action's first event is the acting diver's; its turn ends when a turn or dive starts)
            if (not is_bot(events[0].seat) or moves == len(history)
                    or any(isinstance(e, (Breathed, DiveEnded)) for e in events)):
                self.record(record, moves)
                record = []
        self.last_events, self.summary = [], None

    def record(self, events, moves: int, actor: str | None = None) -> None:
        """Log ``events`` (``actor``: a bot's reasons first), written when the game's history had
        ``moves`` actions."""
        self.last_events = [e.to_dict() for e in events]
        for e in events:
            roll = roll_shown(e)
            if roll is not None or isinstance(e, DiveStarted):
                self.rolls.append((moves, roll))
        self.summary = dive_summary(events) or self.summary
        if actor:  # (a bot's reasons: in its turn, after its breath, before what it did)
            self._add(LogLine(actor, moves, self._current_turn()))
        self.write(events, moves)

    def write(self, events, moves: int | None) -> None:
        """Each event as a line of the log, in the turn it belongs to."""
        last = None
        for e in events:
            starts = isinstance(e, Breathed) or (isinstance(e, _DIVE_END) and not isinstance(last, _DIVE_END))
            turn = next(_TURN_IDS) if starts else self._current_turn()
            self._add(LogLine(str(e), moves, turn))
            last = e

    def note(self, text: str, moves: int) -> None:
        """A line of the table's own (undo, mode, edit): a turn of its own, the newest."""
        self._add(LogLine(text, moves, next(_TURN_IDS), note=True))

    def _current_turn(self) -> int:
        """The turn of the newest line that is not a note (a new one if there is none)."""
        turn = next((line.turn for line in reversed(self.lines) if not line.note), None)
        return next(_TURN_IDS) if turn is None else turn

    def _add(self, line: LogLine) -> None:
        self.lines.append(line)
        if len(self.lines) > MAX_LOG:  # the oldest go
            del self.lines[:len(self.lines) - MAX_LOG]

    def turns(self, max_lines: int | None = None) -> list[list[str]]:
        """The log as the board shows it: turns, the newest first (a turn is as new as its
        newest line), each turn's lines in the order they happened. A table's note (an undo,
        an edit) is a turn of its own; the lines of the turn it came in the middle of stay
        together. ``max_lines``: whole turns up to that many lines (at least the newest turn)."""
        turns: dict[int, list[str]] = {}
        for line in self.lines:
            turns.setdefault(line.turn, []).append(line.text)
            turns[line.turn] = turns.pop(line.turn)  # (moved last: ordered by their newest line)
        out, count = [], 0
        for lines in reversed(turns.values()):
            count += len(lines)
            if max_lines is not None and out and count > max_lines:
                break
            out.append(lines)
        return out

    def drop_after(self, moves: int) -> None:
        """Drop the lines and rolls written after the game had ``moves`` actions (an undo)."""
        self.lines = [line for line in self.lines if line.moves is None or line.moves <= moves]
        self.rolls = [r for r in self.rolls if r[0] <= moves]

    def last_turn_start(self, n: int) -> int:
        """The history length before the last turn the log wrote, in a game of ``n`` actions (a
        bot's turn is written at once, with its last action's number), for an undo with no
        person's action to go back to."""
        return next((line.moves for line in reversed(self.lines) if line.moves is not None and line.moves < n),
                    self.start_moves if self.start_moves < n else n - 1)

    @property
    def last_roll(self) -> dict | None:
        """The last roll of this dive as `roll_shown` gives it; None before the dive's first roll."""
        return self.rolls[-1][1] if self.rolls else None


def roll_shown(e) -> dict | None:
    """A roll as the board's dice show it, from its event (None: ``e`` is no roll): who rolled
    (``name``, ``seat``), the faces (``dice``) and the spaces it moves (``move``). A Boost
    game's roll also has ``kept`` (the die indices that count; None while the diver chooses:
    ``move`` is None then too) and ``boosted``; its choice of dice is a roll shown again, with
    the dice kept."""
    if isinstance(e, Rolled):
        return {"name": e.name, "dice": list(e.dice), "move": e.move}
    if isinstance(e, DiceRolled):
        return {"name": e.name, "seat": e.seat, "dice": list(e.dice), "move": None, "kept": None,
                "boosted": False, "keep": e.keep}
    if isinstance(e, DiceKept):
        return {"name": e.name, "seat": e.seat, "dice": list(e.dice), "move": e.move, "kept": list(e.kept),
                "boosted": e.boosted, "keep": len(e.kept)}
    return None
