"""The notebook experience: `play()` puts a board and the live odds panels in a cell."""
from __future__ import annotations

import os
import pathlib
import tempfile

import ipywidgets

from .figure import Figure, PlotlyLibrary
from .panels.calibration import calibration_chart
from .table import Table, results, results_csv
from .table.guesses import Calibration, panel_choices
from .widget import Board

# After a change from the front end, the panels redraw once the board reports its
# new state painted, or this many seconds later if no view reports (a hidden tab).
PAINT_WAIT = 0.25


class App(ipywidgets.VBox):
    """A table's board with its live odds panels beside it (below it when the output is
    narrow), in one widget. ``app.game`` is
    the live `Game`; ``app.apply(action)`` plays an action from Python for the diver whose
    turn it is, as a click would (a script may also move for a bot); ``app.edit(...)`` sets
    up a what-if; ``app.save(path)`` writes the table; ``app.results()`` gives the players'
    results (scores, the log in words) and ``app.results_csv()`` the same as the CSV the
    classroom app's Download results saves; ``app.close()`` closes the board, the
    panels and every widget they hold. ``app_mode=True`` (the classroom app) refuses the
    board's Export and offers Download results. At a guess-first table, ``app.guess(p)``
    is the person's guess (as the board's box), ``app.calibration()`` every guess against
    what happened, and ``app.calibration_chart()`` its chart.

    A closed app refuses to play or edit (RuntimeError saying so, and nothing changes): make a
    new one with `play`. ``app.game`` and ``app.table`` stay readable, and ``app.save`` still
    keeps the game as it stood when the app was closed (shown again, it is blank)."""

    _closed = False  # (a class default: a half-built app that ipywidgets closes has it too)

    def __init__(self, table: Table, panels: bool = True, odds_policy: str = "odds", app_mode: bool = False):
        if not isinstance(panels, bool):
            raise ValueError(f"panels: must be True or False, got {panels!r}")
        self.board = Board(table=table, odds_policy=odds_policy, app_mode=app_mode)
        self.panels = None
        children = [self.board]
        if panels:
            from .live_panels import Panels

            self.panels = Panels(get_game=lambda: self.board.table.game,
                                 get_odds=lambda: self.board.view.get("badges"),
                                 get_choices=lambda: panel_choices(self.board.view),
                                 get_hidden=lambda: self.board.view.get("guess"), odds_policy=odds_policy)
            # clicks and bot steps from the front end: redraw once the board has painted
            # them (plotly.js's redraw of four figures takes a browser tens of ms: sent
            # with the board's state, it would often hold back the board's frame)
            self.board.on_change(lambda: self.panels.mark_dirty(within=PAINT_WAIT))
            self.board.on_painted(self.panels.flush)
            children.append(self.panels)
        super().__init__(children=children)
        self.add_class("deepsea-app")

    def close(self) -> None:
        """Close the board, the panels and every widget inside them, freeing what the kernel
        holds for them (the cell's output goes blank). A re-run `play()` cell makes a new app
        and leaves the old one open until it is closed or the kernel restarts. Closing a closed
        app does nothing."""
        if self._closed:
            return
        self._closed = True
        held = self.children
        # take the views off the page first, so none is left drawing a closed widget
        self.children = ()
        for widget in held:
            _close_held(widget)
            widget.close()
        _close_held(self)
        super().close()

    def _check_open(self, call: str) -> None:
        """RuntimeError naming ``call`` if the app is closed (before anything changes)."""
        if self._closed:
            raise RuntimeError(
                f"{call}: this app is closed (app.close() freed its board and panels), so it no "
                f"longer plays or edits its game; app.save(path) still keeps it: start a new one "
                f"with play(), or continue a saved game with play(load=path)")

    def _shown(self) -> None:
        # a change made from Python shows in the panels at once (no deferred redraw)
        if self.panels is not None:
            self.panels.flush()

    @property
    def table(self) -> Table:
        return self.board.table

    @property
    def game(self):
        return self.board.table.game

    def apply(self, action):
        """Play ``action`` for the diver whose turn it is; returns the events."""
        self._check_open("app.apply")
        try:
            return self.table.apply(action)
        finally:
            self.board.refresh()
            self._shown()

    def bot_step(self):
        """Let the bot whose turn it is play its turn (what `Next` does)."""
        self._check_open("app.bot_step")
        try:
            return self.table.bot_step()
        finally:
            self.board.refresh()
            self._shown()

    def undo(self) -> None:
        self._check_open("app.undo")
        try:
            self.table.undo()
        finally:
            self.board.refresh()
            self._shown()

    def edit(self, **op) -> None:
        """One what-if edit, e.g. ``app.edit(op="set_air", air=9)`` (enters edit mode unless
        the edit is refused: then nothing changes)."""
        self._check_open("app.edit")
        try:
            self.table.edit(op, enter_edit_mode=True)
        finally:
            self.board.refresh()
            self._shown()

    def back_to_play(self) -> None:
        self._check_open("app.back_to_play")
        self.table.set_mode("play")
        self.board.refresh()
        self._shown()

    @property
    def guess_asked(self) -> bool:
        """Whether a guess is asked now: guess first, a person's turn starts and it has not guessed."""
        return self.table.guesses.asking(self.table) is not None

    def guess(self, p) -> dict:
        """Guess first (``play(..., guess_first=True)``): the person whose turn starts guesses
        its diver's chance of getting home, before the board shows its number. ``p``: a chance
        from 0 to 1 (0.4), or a percentage as text ("40%"); a number above 1 is refused, not
        read as a percentage. Returns the guess's row (as `calibration` gives it, ``outcome``
        None until the dive ends) and shows the number beside the guess. A bad ``p`` (ValueError
        naming ``guess``) or a moment with no guess to make (IllegalActionError saying why:
        a bot's turn, after the roll, guessed already) changes nothing."""
        self._check_open("app.guess")
        try:
            return self.table.guess(p)
        finally:
            self.board.refresh()
            self._shown()

    def calibration(self) -> Calibration:
        """Every guess made at this table, oldest first (``.rows``: ``guess``, ``shown`` (the
        number the board showed), ``shown_text``, ``method``, ``question``, the position:
        ``game``, ``dive``, ``seat``, ``name``, ``space``, ``heading``, ``items``, ``air``; and
        ``outcome``: 1 if that diver was back in the submarine when that dive ended, 0 if not,
        None before), and over the rows with an outcome the Brier score of the guesses
        (``.brier``) and of the board's numbers (``.brier_shown``). A closed app still gives it."""
        return self.table.guesses.calibration()

    def calibration_chart(self, of: str = "guesses", bins: int = 5) -> Figure:
        """The calibration chart of the guesses (``of="shown"``: of the board's numbers) over
        the dives that ended: per bin of chances, how often the diver got home, beside the
        diagonal of perfect calibration, with the Brier score."""
        calibration = self.calibration()
        brier = calibration.brier if of == "guesses" else calibration.brier_shown
        who = "your guesses" if of == "guesses" else "the board's numbers"
        return Figure(calibration_chart(calibration.table(of, bins), brier, who=who))

    def results(self) -> dict[str, list[dict]]:
        """The players' results as sections of rows (`table.results`): ``"game"``, ``"scores"``
        and ``"log"`` (the game in words); public facts only. A closed app still gives them."""
        return results(self.table)

    def results_csv(self) -> str:
        """`results` as the CSV text the classroom app's Download results button saves."""
        return results_csv(self.results())

    def save(self, path) -> pathlib.Path:
        """Write the game, which seats are bots and the undo marks as JSON to ``path``,
        replacing the file in one step: a failed write leaves any earlier save there whole."""
        path = _path("path", path)
        if path.is_dir():
            raise IsADirectoryError(f"path: {str(path)!r} is a folder; give a file name, e.g. game.json")
        if not path.parent.is_dir():
            raise FileNotFoundError(f"path: the folder {str(path.parent)!r} does not exist")
        text = self.table.to_json()
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644  # mkstemp's own is 0o600
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(temp, mode)
            os.replace(temp, path)
        except BaseException:
            os.unlink(temp)
            raise
        return path


def play(players=None, bots=None, seed=None, load=None, panels=True, odds_policy="odds", fair_play=None,
         app_mode=False, variant=None, guess_first=False) -> App:
    """Show a game in the notebook: people and bots at one table.

    ``play()`` is one person ("Player") against two cautious bots;
    ``play(players=["Ann", "Bob"], bots={"Cy": "cautious"})`` seats the people
    first, then the bots. ``load=path`` continues a game saved with `App.save`
    (a bad file raises `SaveError`, a ValueError, naming where in the save and
    what is wrong). ``panels=False`` shows the board alone (no odds panels).
    ``fair_play=True``: Undo never takes back a roll or the end of a dive (the
    board says why where Undo is refused). ``app_mode=True`` is the classroom
    app's board: fair play, Export refused (a save tells the chips' values and the
    dice to come), a Download results button. ``variant="boost"`` plays the Boost
    edition (RULES.md, "Boost": three dice, keep two, or boost to move by all three at
    one more air); None or "classic" the original game. New game keeps the variant.
    ``guess_first=True``: a person guesses its diver's chance of getting home (on the
    board, or ``app.guess(p)``) before the board shows it, and plays fair unless
    ``fair_play=False``; ``app.calibration()`` scores the guesses.
    """
    fair_play = _fair_play(fair_play, app_mode, guess_first)
    if load is not None:
        if players is not None or bots is not None or seed is not None or variant is not None:
            raise ValueError("load: a saved game brings its own players, bots, dice and variant; "
                             "pass load= alone (players, bots, seed and variant are for a new game)")
        from .rules import SaveError

        data = _path("load", load).read_bytes()  # the JSON parser finds the encoding, or says it is not JSON
        try:
            table = Table.from_json(data)
        except SaveError as exc:
            # one short traceback in a notebook: the play(load=...) line and this one (the
            # failed check stays reachable as the error's __context__, not shown)
            raise exc.with_traceback(None) from None
        table.fair_play, table.guess_first = fair_play, guess_first
        return App(table, panels=panels, odds_policy=odds_policy, app_mode=app_mode)
    return App(Table(players=players, bots=bots, seed=seed, fair_play=fair_play, variant=variant,
                     guess_first=guess_first), panels=panels,
               odds_policy=odds_policy, app_mode=app_mode)


def _fair_play(fair_play, app_mode, guess_first) -> bool:
    """play()'s fair play: as given, or (None) on in app mode or with guess first; ValueError
    naming the argument."""
    if not isinstance(app_mode, bool):
        raise ValueError(f"app_mode: must be True or False, got {app_mode!r}")
    if not isinstance(guess_first, bool):
        raise ValueError(f"guess_first: must be True or False, got {guess_first!r}")
    if fair_play is None:
        return app_mode or guess_first
    if not isinstance(fair_play, bool):
        raise ValueError(f"fair_play: must be True, False or None (on in app mode), got {fair_play!r}")
    if app_mode and not fair_play:
        raise ValueError("fair_play: the classroom app (app_mode=True) always plays fair; "
                         "leave fair_play out or pass True")
    return fair_play


def _path(name: str, value) -> pathlib.Path:
    """``value`` as a file path, or ValueError naming the argument."""
    if not isinstance(value, (str, os.PathLike)) or isinstance(value, bytes):
        raise ValueError(f"{name}: must be a file path (a str or a pathlib.Path), got {value!r}")
    return pathlib.Path(value)


def _close_held(widget: ipywidgets.Widget) -> None:
    """Close every widget ``widget`` holds in its traits (children, layout, style...), deeply,
    but for the kernel's shared plotly.js model, which other figures may name.
    (ipywidgets closes one widget at a time; `Widget.close_all` would close every widget.)"""
    for name in widget.keys:
        value = getattr(widget, name)
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(item, ipywidgets.Widget) and item.comm is not None and not isinstance(item, PlotlyLibrary):
                _close_held(item)
                item.close()
