"""The board widget: an anywidget that draws a game's public view as an SVG trail.

Python holds the game; the widget syncs a read-only copy of its public view
(`Game.public_view()`) and the front end (js/src, bundled into static/) draws it.
"""
from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

_STATIC = pathlib.Path(__file__).parent / "static"
_ESM = _STATIC / "widget.js"
_CSS = _STATIC / "widget.css"

if not (_ESM.is_file() and _CSS.is_file()):
    raise FileNotFoundError(
        f"the widget's front end is not built ({_ESM} is missing): run `make setup` "
        "(or `pip install -e .`, or `npm ci && npm run build` in js/) to bundle it"
    )


class Board(anywidget.AnyWidget):
    """The trail, the sub and the divers of a game, drawn in the notebook.

    >>> board = Board(Game(players=3, seed=1))   # doctest: +SKIP
    >>> board.game.apply(Roll()); board.refresh()  # doctest: +SKIP
    """

    _esm = _ESM
    _css = _CSS

    # The game's public view; the front end reads it and never writes it.
    view = traitlets.Dict().tag(sync=True)

    # Traits that only Python sets: changes to them from the front end are ignored.
    _READ_ONLY = frozenset({"view"})

    def __init__(self, game: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        if game is not None:
            self.refresh()

    def refresh(self) -> None:
        """Show the game's current state (call after changing the game)."""
        if self.game is None:
            raise ValueError("this board has no game: create it with Board(game)")
        # A new dict every time, so traitlets sees a change and syncs it.
        self.view = self.game.public_view()

    def set_state(self, sync_data: dict) -> None:
        # A view sent by a front end is never trusted: drop it and resend ours.
        forged = self._READ_ONLY & sync_data.keys()
        if forged:
            sync_data = {k: v for k, v in sync_data.items() if k not in forged}
        super().set_state(sync_data)
        if forged:
            self.send_state(sorted(forged))
