"""The table's three kinds of undo.

In play mode, Undo takes back the last person's action with its bots' replies,
or, in a game with no actions yet, brings back the game a new game, a load or a
set-up replaced (`Snapshot`s, MAX_EARLIER kept). In edit mode it takes back the
last edit: the table comes back as it was before it. At a fair-play table
(``fair_play``) Undo never takes back a roll or the end of a dive: the dice and
the chips' values everyone saw stay seen (`undo_refusal` says so in words).
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from ..rules import Game, IllegalActionError
from ..rules.actions import Roll
from ..rules.events import plural
from .log import TableLog

MAX_EARLIER = 50  # games a new game, a load or a set-up replaced, kept for undo
# Why a fair-play table refuses an undo, in the board's words.
FAIR_PLAY_ROLL = "Fair play: Undo cannot take back a roll (everyone has seen the dice)"
FAIR_PLAY_DIVE_END = "Fair play: Undo cannot take back the end of a dive (the chips' values were shown)"


class Snapshot(NamedTuple):
    """The table's game and what goes with it, as ``what`` (a new game, a load, an edit) found it."""
    what: str
    game: Game
    log: TableLog
    human_marks: list[int]
    bot_seats: dict[int, str]
    policies: dict
    dealt: bool


class Undo:
    """Undo, for `Table` (its base class). It reads and replaces the table's ``game``, ``_log``,
    ``_human_marks`` (history lengths before each person's action), ``bot_seats``,
    ``_policies`` and ``_dealt``, and keeps ``_earlier`` (replaced games, oldest first) and
    ``_edit_stack`` (the table before each edit of this visit to edit mode)."""

    game: Game
    mode: str
    fair_play: bool = False  # (Table sets it: see `undo_refusal`)
    bot_seats: dict[int, str]
    _log: TableLog
    _human_marks: list[int]
    _policies: dict
    _dealt: bool
    _earlier: list[Snapshot]
    _edit_stack: list[Snapshot]
    _note: Callable[[str], None]  # (Table's: a line of the table's own in the log)
    _changed: Callable[[], None]  # (Table's: a new state for the board)

    @property
    def can_undo(self) -> bool:
        if self.mode == "edit":
            return bool(self._edit_stack)
        return bool(self.game.history or self._earlier) and self.undo_refusal is None

    @property
    def undo_refusal(self) -> str | None:
        """Why a fair-play table refuses Undo now, in words (None: it does not refuse it, or
        there is nothing to undo): the actions Undo would take back hold a roll, or end a dive
        (or the game). An undo in edit mode, or back to a replaced game, is never refused."""
        if not self.fair_play or self.mode == "edit" or not self.game.history:
            return None
        target = self._undo_target()
        if any(isinstance(action, Roll) for action in self.game.history[target:]):
            return FAIR_PLAY_ROLL
        # (the log keeps (moves, None) where a dive began: moves > target is a dive ended since)
        if self.game.is_over or any(roll is None and moves > target for moves, roll in self._log.rolls):
            return FAIR_PLAY_DIVE_END
        return None

    def _undo_target(self) -> int:
        """The history length Undo goes back to in play mode: before the last person's action,
        or, with none, before the last turn the log wrote."""
        if self._human_marks:
            return self._human_marks[-1]
        return self._log.last_turn_start(len(self.game.history))

    def undo(self) -> None:
        """Undo back to before the last person's action (bots' replies go with it); in a
        game with no actions yet, back to the game a new game, a load or a set-up replaced.
        In edit mode, undo the last edit: the table comes back as it was (game, log, undo
        marks, summary). Undoing past a dive end drops that dive's summary. A fair-play table
        refuses to take back a roll or a dive's end (IllegalActionError: `undo_refusal`)."""
        refusal = self.undo_refusal
        if refusal:
            raise IllegalActionError(refusal)
        if self.mode == "edit":
            self._undo_edit()
        elif not self.game.history and self._earlier:
            self._undo_replaced()
        else:
            self._undo_actions()
        self._changed()

    def _undo_edit(self) -> None:
        if not self._edit_stack:
            raise IllegalActionError("no edit to undo")
        stack = self._edit_stack
        self._restore(stack.pop())  # the table as it was: game, log, undo marks, summary
        self._edit_stack = stack
        self._log.last_events = []
        self._note("Undid the last edit")

    def _undo_replaced(self) -> None:
        earlier = self._earlier.pop()
        self._restore(earlier)
        self._log.last_events = []  # (its last move is not played again)
        self._note(f"Undo: back to the game before {earlier.what}")

    def _undo_actions(self) -> None:
        if not self.game.history:
            raise IllegalActionError("nothing to undo")
        target = self._undo_target()
        if self._human_marks:
            self._human_marks.pop()
        dive, over = self.game.dive, self.game.is_over
        taken = len(self.game.history) - target
        while len(self.game.history) > target:
            self.game.undo()
        if self.game.dive != dive or self.game.is_over != over:
            self._log.summary = None  # the dive end it showed is undone
        self._log.last_events = []
        self._log.drop_after(target)  # what the undone actions wrote is gone from the log, and their rolls
        self._note(f"Undo: took back {plural(taken, 'action')}; "
                   f"{self.game.players[self.game.current_player]} to play")

    def _snapshot(self, what: str) -> Snapshot:
        """What a new game, a load or an edit (``what``) replaces, to bring back by undo."""
        return Snapshot(what, self.game, self._log.copy(), list(self._human_marks), self.bot_seats,
                        self._policies, self._dealt)

    def _keep(self, snapshot: Snapshot) -> str:
        """Keep ``snapshot`` for undo. Past MAX_EARLIER kept, an older deal nobody played is let
        go first (nothing anyone built; never ``snapshot``, which Undo brings back first);
        else the oldest, and the returned note (for the log) says it can no longer come back
        ("" when nothing built was let go)."""
        kept = self._earlier + [snapshot]
        note = ""
        if len(kept) > MAX_EARLIER:
            unplayed = [i for i, s in enumerate(kept[:-1]) if s.dealt and not s.game.history]
            dropped = kept.pop(unplayed[0] if unplayed else 0)
            if not unplayed:
                note = (f"Undo keeps the last {MAX_EARLIER} replaced games: the oldest, replaced by "
                        f"{dropped.what}, can no longer come back (save a game to keep it)")
        self._earlier = kept
        return note

    def _restore(self, snapshot: Snapshot) -> None:
        self.game, self._log, self._human_marks = snapshot.game, snapshot.log, snapshot.human_marks
        self.bot_seats, self._policies, self._dealt = snapshot.bot_seats, snapshot.policies, snapshot.dealt
        self._edit_stack = []
