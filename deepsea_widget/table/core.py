"""`Table`: people and bots around one game (see the package docstring for the other parts).

It holds the live game, the seats, the log and the mode, and does what a click
or a script asks: an action, a bot's turn, a new game, a mode switch, an edit,
a load. Undo is its base class (undo.py); intents come in through `handle`.
``fair_play=True`` makes Undo refuse to take back a roll or a dive's end.
``variant="boost"`` deals a Boost game (RULES.md, "Boost"); a new game, a load, an undo and
edit mode keep the game's own variant.
"""
from __future__ import annotations

import random

from ..bots import PublicView
from ..rules import Game, IllegalActionError, SaveError
from ..rules.actions import Boost, TurnBack
from ..rules.events import DiveStarted
from ..simulation.registry import make_policy
from . import edit_words
from .edit_ops import edited_game
from .guesses import Guesses, chance_of, fair_play_for
from .intents import EditRefused, IntentError, clipped, dispatch
from .log import TableLog
from .saves import read_table_save, table_json
from .seats import check_bot_seats, seats_from
from .undo import Snapshot, Undo


class Table(Undo):
    """People and bots around one game; see the package docstring."""

    def __init__(self, players=None, bots=None, seed=None, game: Game | None = None, bot_seats=None,
                 fair_play: bool | None = None, variant=None, guess_first: bool = False):
        # Undo never takes back a roll or a dive's end (see Undo.undo_refusal); None: on with guess first
        self.fair_play = fair_play_for(fair_play, guess_first)
        self.guess_first = guess_first  # people guess their diver's chance before the board shows it
        self.guesses = Guesses()  # (guesses.py: the guesses made here, and what the board hides)
        dealt = game is None
        if game is None:
            if bot_seats is not None:
                raise ValueError("bot_seats: goes with game=...; for a new game name the bots in bots=")
            names, bot_seats = seats_from(players, bots)
            game = Game(players=names, seed=seed, variant="classic" if variant is None else variant)
        elif not isinstance(game, Game):
            raise ValueError(f"game: must be a Game, got {type(game).__name__}")
        elif variant is not None:
            raise ValueError("variant: the game given already has its variant (Game(..., variant=...)); "
                             "pass variant= for a new game only")
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
        self._banner = ""  # the last refusal as the board's banner says it (`board_error`)
        self.mode = "play"
        self._earlier: list[Snapshot] = []  # what new games, loads and set-ups replaced (play-mode undo)
        self._before_edits: Snapshot | None = None  # the table when edit mode began
        self._new_notes: list[str] = []  # the table's own log lines since the last change
        self.last_notes: list[str] = []  # ...those of the last change (the board reads them out)
        # whether the game is a deal of this table's (a new game), not a load, a set-up or a
        # game given: a deal nobody played is the first the undo list lets go (see `_keep`)
        self._dealt = dealt
        self._start_game(game)

    # ----- state ---------------------------------------------------------
    def _start_game(self, game: Game, note: str | None = None) -> None:
        self.game = game
        # the log, the rolls and the last dive's summary; an undo drops what the actions it takes back wrote
        self._log = TableLog(game, self.is_bot, note)
        self._edit_stack: list[Snapshot] = []  # the table before each edit (for edit-mode undo)
        self._human_marks: list[int] = []  # history lengths before each human action
        if note:
            self._new_notes.append(note)

    def _note(self, text: str) -> None:
        """A line of the table's own (undo, mode, edit): a turn of its own, the newest."""
        self._log.note(text, len(self.game.history))
        self._new_notes.append(text)

    def _changed(self) -> None:
        self.seq += 1
        self.last_notes, self._new_notes = self._new_notes, []
        self.error = ""  # a refusal's message goes with the next change, from the board or from Python
        self.guesses.prune(self.game)  # (guesses whose turn an undo took back)

    def log_turns(self, max_lines: int | None = None) -> list[list[str]]:
        """The log as the board shows it: turns, the newest first (see `TableLog.turns`)."""
        return self._log.turns(max_lines)

    @property
    def log(self) -> list[str]:
        """The log's lines in the order the board shows them (see `log_turns`)."""
        return [text for turn in self.log_turns() for text in turn]

    @property
    def last_events(self) -> list[dict]:
        """The events of the last step, for the board to show (none after an undo, a load, a mode switch)."""
        return self._log.last_events

    @property
    def summary(self) -> dict | None:
        """The last dive end (or game end) this game's log holds, for the board."""
        return self._log.summary

    @property
    def last_roll(self) -> dict | None:
        """The last roll of this dive (who rolled, the two dice, the spaces it moves), the same
        for every view of the board; None before the dive's first roll."""
        return self._log.last_roll

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
        self.guesses.check_act(self)  # guess first: a person guesses before acting at a turn's start
        mark = len(self.game.history)
        events = self.game.apply(action, seat=seat)
        self._human_marks.append(mark)
        self._log.record(events, len(self.game.history))
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
            # in the water) its own next turn begins: back in the roll phase, not by turning
            # back or declaring a Boost (both before rolling). A Boost game's "keep" phase is
            # the same turn: the bot keeps its dice next.
            if (self.game.is_over or self.game.current_player != seat
                    or any(isinstance(e, DiveStarted) for e in new)
                    or (self.game.phase == "roll" and not isinstance(action, (TurnBack, Boost)))):
                break
        self._log.record(events, len(self.game.history),
                         f"{self.game.players[seat]} ({policy.name} bot): " + "; ".join(why))
        self._changed()
        return events

    def guess(self, value) -> dict:
        """Guess first: the person to move guesses its diver's chance of getting home before the
        board shows it: a number 0 to 1, or a percentage as text ("40%"). Returns the guess's row
        (`guesses.Guesses.record`); a bad value (ValueError naming ``guess``) or no guess asked
        now (IllegalActionError saying why) changes nothing."""
        row = self.guesses.record(self, chance_of(value))
        self._log.last_events = []  # (a guess is not a move: nothing to show again)
        self._note(f"{row['name']} guessed {row['guess_text']}; the odds say {row['shown_text']}")
        self._changed()
        return row

    def new_game(self, seed=None) -> None:
        """A new game for the same seats and the same variant (Undo brings the old one back)."""
        game = Game(players=list(self.game.players), seed=seed, variant=self.game.variant)
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
        self._log.last_events = []  # a switch of mode is not a move: nothing to show again
        self._note(note)
        self._changed()

    # ----- edit mode -----------------------------------------------------
    def edit(self, op: dict, enter_edit_mode: bool = False) -> None:
        """Change the position (one of `edit_ops.EDIT_OPS`), validated by `Game.from_position`;
        in edit mode only, unless ``enter_edit_mode`` (then a refused edit leaves the table in
        play mode)."""
        if self.mode != "edit":
            if not enter_edit_mode:
                raise IllegalActionError("edits need edit mode")
            if self.game.is_over:
                raise IllegalActionError("the game is over: start a new game to set up a position")
        edited = edited_game(self.game, op, self._edit_seed())
        if self.mode != "edit":
            self.set_mode("edit")
        stack = self._edit_stack + [self._snapshot("the edit")]
        self._dealt = False
        self._start_game(edited, f"Edit: {edit_words.describe_edit(op, edited)}")
        self._edit_stack = stack
        self._changed()

    def edit_refusal(self, op: dict) -> str | None:
        """Why ``op`` would be refused now, in plain words (None: it would be accepted). Nothing
        changes: the board asks before it offers a control (Add / Remove a space)."""
        try:
            edited_game(self.game, op, self._edit_seed())
        except EditRefused as exc:
            return edit_words.tooltip(exc.reason)
        except ValueError as exc:
            return str(exc)
        return None

    def _edit_seed(self) -> int:
        """The seed of an edited position's hidden values: the table's, at this state."""
        return random.Random(f"{self._seed}/{self.seq}").getrandbits(64)

    # ----- saving --------------------------------------------------------
    def to_json(self) -> str:
        return table_json(self.game, self.bot_seats, self._human_marks)

    @classmethod
    def from_json(cls, text) -> "Table":
        """A table from `to_json` text, or from a plain `Game.to_json` save (no bots). A file
        that is not such a save, or any part of it that is wrong, raises `SaveError` naming
        where in the save (``game.start.air``, ``bots["2"]``) and what is wrong."""
        try:
            game, bot_seats, marks = read_table_save(text)
            table = cls(game=game, bot_seats=bot_seats)
        except SaveError as exc:
            # raised again here with a traceback of this frame only (a notebook shows the caller's
            # line and this one); `from None` keeps the failed check as its hidden __context__
            raise exc.with_traceback(None) from None
        table._human_marks = marks
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
        """Apply one intent from the front end (`intents.dispatch`); False (and ``error`` set) if refused."""
        try:
            dispatch(self, msg)
        except (IntentError, IllegalActionError, ValueError) as exc:
            self.refuse(str(exc), exc)
            return False
        self.error = ""
        return True

    def refuse(self, text: str, exc: Exception | None = None) -> None:
        """Show ``text`` as the reason a message from the front end was refused (nothing else
        changes); ``exc``: the refusal itself, if there is one (an edit's says it in the board's words)."""
        self.error = clipped(text)
        self._banner = clipped(edit_words.banner(exc.reason)) if isinstance(exc, EditRefused) else self.error
        self.refusals += 1

    @property
    def board_error(self) -> str:
        """``error`` as the board's banner shows it: an edit's refusal without the op name a Python
        caller sees ("Edit refused: Cy and Bob are both on space 5"); any other as it is."""
        return self._banner if self.error else ""
