"""A game at a table of people and bots, driven by intents from a board.

`Table` (core.py) is the board's brain without any Jupyter in it: it holds the
live `Game`, which seats are bots, the log, edit mode and undo, and turns each
intent (a plain dict from the front end) into engine calls. Every field of an
intent is checked; a malformed, stale, replayed or forged intent changes
nothing and leaves a specific message in ``error``.

Where each part lives:
  core.py        `Table`: the game, play (apply, bot_step), new game, modes, edits, loads
  seats.py       who sits where: people's and bots' names, bot seats
  intents.py     intents from the board: the size guard, field checks, one handler per type
  log.py         the table's record of a game: log lines, rolls, the last dive's summary
  undo.py        the three kinds of undo (actions, replaced games, edits); fair play's limits
  edit_ops.py    edit mode's ops: one small function per op, each checking its own fields
  edit_words.py  edits and their refusals in the board's words
  saves.py       the table's save format (a game, its bot seats and undo marks)
  results.py     a player's own results (scores, the log in words) as sections and CSV
  guesses.py     guess first: people guess their chance before the board shows it; calibration
"""
from __future__ import annotations

from .core import Table
from .edit_ops import EDIT_FIELDS, EDIT_OPS, MAX_TRAIL, position_of
from .intents import INTENTS, MAX_ERROR, MAX_NESTING, EditRefused, IntentError
from .log import MAX_LOG, LogLine
from .guesses import Calibration, Guesses
from .results import (RESULTS_FORMAT, RESULTS_VERSION, calibration_rows, guess_rows, log_rows, results, results_csv,
                      results_filename)
from .saves import TABLE_FORMAT, TABLE_KEYS, TABLE_VERSION
from .seats import DEFAULT_BOTS, DEFAULT_PEOPLE, check_bot_seats, seats_from
from .undo import FAIR_PLAY_DIVE_END, FAIR_PLAY_ROLL, MAX_EARLIER

__all__ = ["Calibration", "DEFAULT_BOTS", "DEFAULT_PEOPLE", "EDIT_FIELDS", "EDIT_OPS", "EditRefused",
           "FAIR_PLAY_DIVE_END", "FAIR_PLAY_ROLL", "Guesses", "INTENTS", "IntentError", "LogLine", "MAX_EARLIER",
           "MAX_ERROR", "MAX_LOG", "MAX_NESTING", "MAX_TRAIL", "RESULTS_FORMAT", "RESULTS_VERSION", "TABLE_FORMAT",
           "TABLE_KEYS", "TABLE_VERSION", "Table", "calibration_rows", "check_bot_seats", "guess_rows", "log_rows",
           "position_of", "results", "results_csv", "results_filename", "seats_from"]
