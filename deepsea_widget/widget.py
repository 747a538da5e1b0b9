"""The board widget: an anywidget that draws a table's game and sends intents back.

Python holds the game (in a `Table`); the widget syncs one read-only trait,
``view`` (see `board_view`), and the front end (js/src, bundled into static/)
draws it and sends intents (`Table.handle` checks every one of them). After
drawing a new state a view also reports ``{"type": "painted", "seq": N}`` once
the browser has painted it; the app holds the odds panels' redraw until then,
so their plotly work does not delay the board's frame. ``{"type": "export"}``
asks for the save (refused on the classroom app's board: ``app_mode``), and
``{"type": "results"}`` for the player's results as CSV (`table.results`).
"""
from __future__ import annotations

import pathlib
from typing import Any, Callable

import anywidget
import traitlets

from .board_view import EXPORT_REFUSED, badges, board_view, choices
from .simulation.questions import DEFAULT_POLICY, check_policy
from .table import Table, results, results_csv, results_filename

_STATIC = pathlib.Path(__file__).parent / "static"
_ESM = _STATIC / "widget.js"
_CSS = _STATIC / "widget.css"

if not (_ESM.is_file() and _CSS.is_file()):
    raise FileNotFoundError(
        f"the widget's front end is not built ({_ESM} is missing): run `make setup` "
        "(or `pip install -e .`, or `npm ci && npm run build` in js/) to bundle it"
    )


# The board's own messages (not intents for the table): their fields, and their form in words.
_BOARD_MESSAGES = {
    "export": ({"type"}, '{"type": "export"}'),
    "painted": ({"type", "seq"}, '{"type": "painted", "seq": <the state number>}'),
    "results": ({"type"}, '{"type": "results"}'),
}


class Board(anywidget.AnyWidget):
    """The trail, the sub, the divers and the controls of a table's game.

    ``Board(game)`` shows a game (no bots); ``Board(table=Table(...))`` a table
    of people and bots. After changing ``board.game`` from Python, call
    `refresh` (the app's ``apply`` does it for you). ``odds_policy`` ("odds" or
    "cautious") is how everyone is assumed to play on in the odds the board shows.
    ``app_mode=True`` (the classroom app) refuses Export, whose save would tell the
    chips' values and the dice to come, and offers Download results instead.
    ``guess_first=True`` (a new table's; None: the table's own) keeps people's odds out of the
    view until they guess (`table.guesses`).
    """

    _esm = _ESM
    _css = _CSS

    # Everything the front end shows; it reads it and never writes it.
    view = traitlets.Dict().tag(sync=True)

    # Traits that only Python sets: changes to them from the front end are ignored.
    _READ_ONLY = frozenset({"view"})

    def __init__(self, game: Any = None, table: Table | None = None, odds_policy: str = DEFAULT_POLICY,
                 app_mode: bool = False, guess_first: bool | None = None, **kwargs: Any) -> None:
        self.odds_policy = check_policy(odds_policy)
        if not isinstance(app_mode, bool):
            raise ValueError(f"app_mode: must be True or False, got {app_mode!r}")
        self.app_mode = app_mode
        if guess_first is not None and not isinstance(guess_first, bool):
            raise ValueError(f"guess_first: must be True, False or None (the table's own), got {guess_first!r}")
        if table is None:
            first = bool(guess_first)
            table = Table(game=game, guess_first=first) if game is not None else Table(guess_first=first)
        elif isinstance(table, Table) and guess_first not in (None, table.guess_first):
            raise ValueError(f"guess_first: the table given has guess_first={table.guess_first}; "
                             "set it on the table (Table(..., guess_first=True)) and leave it out here")
        elif not isinstance(table, Table):
            raise ValueError(f"table: must be a Table, got {type(table).__name__}")
        elif game is not None:
            raise ValueError("game: the table given already has its game; pass game= or table=, not both")
        super().__init__(**kwargs)
        self.table = table
        table.guesses.policy = self.odds_policy  # (a guess is set beside this board's number)
        self._listeners: list[Callable[[], None]] = []
        self._painted_listeners: list[Callable[[], None]] = []
        self.paint_reports = 0  # views' reports that the current state is painted
        self.on_msg(self._on_msg)
        self.refresh()

    @property
    def game(self):
        return self.table.game

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change the board shows (the panels use it)."""
        self._listeners.append(callback)

    def on_painted(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when a view reports that the browser painted the current state."""
        self._painted_listeners.append(callback)

    def refresh(self) -> None:
        """Show the table's current state (call after changing the game from Python)."""
        # Two steps, so a click shows at once: first the new state with the last
        # odds badges (and the mover's choices not yet worked out), then, after the
        # Monte Carlo, the new badges and choices. A new dict every time, so
        # traitlets sees a change and syncs it.
        game, policy = self.table.game, self.odds_policy
        n = len(game.players)
        last = self.view.get("badges") if self.view else None
        if last is not None and len(last) == n:
            self.view = board_view(self.table, odds=last, policy=policy, app_mode=self.app_mode)
        self.view = board_view(self.table, odds=badges(game, policy=policy), options=choices(game, policy=policy),
                               policy=policy, app_mode=self.app_mode)
        for callback in self._listeners:
            callback()

    def _on_msg(self, _widget, content, _buffers) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if isinstance(kind, str) and kind in _BOARD_MESSAGES:  # the board's own messages, not intents for the table
            fields, form = _BOARD_MESSAGES[kind]
            extra, missing = sorted(content.keys() - fields), sorted(fields - content.keys())
            wrong = (f"unexpected field(s) {', '.join(map(repr, extra))}" if extra else
                     f"missing {', '.join(map(repr, missing))}" if missing else
                     f"'seq' must be a whole number, got {content['seq']!r}"
                     if kind == "painted" and type(content["seq"]) is not int else "")
            if wrong:
                self.table.refuse(f"malformed {kind!r} message from the board: {wrong} (expected {form})")
                self.refresh()
            elif kind == "export" and self.app_mode:
                self.table.refuse(EXPORT_REFUSED)  # (the banner says why; nothing is sent)
                self.refresh()
            elif kind == "export":
                self.send({"type": "export", "text": self.table.to_json()})
            elif kind == "results":  # public facts only: any board answers it
                self.send({"type": "results", "text": results_csv(results(self.table)),
                           "filename": results_filename(self.table)})
            elif content["seq"] == self.table.seq:  # painted (an older state's frame: ignored)
                self.paint_reports += 1
                for callback in self._painted_listeners:
                    callback()
            return
        # auto-play from a second view of this board, already stepped by the first: dropped (a
        # step without a state number is malformed, not stale: the table refuses it)
        if (isinstance(content, dict) and content.get("type") == "bot_step" and content.get("auto") is True
                and type(content.get("seq")) is int and content["seq"] != self.table.seq):
            return
        self.table.handle(content)
        self.refresh()

    def set_state(self, sync_data: dict) -> None:
        # A view sent by a front end is never trusted: drop it and resend ours.
        forged = self._READ_ONLY & sync_data.keys()
        if forged:
            sync_data = {k: v for k, v in sync_data.items() if k not in forged}
        super().set_state(sync_data)
        if forged:
            self.send_state(sorted(forged))
