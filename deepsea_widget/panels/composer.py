"""`Panels`: the four odds panels side by side, kept in step with a game.

Changes only mark the panels dirty; one redraw then runs when the kernel's
event loop is next free, or at a set time (at once outside a running loop), so
a burst of bot moves costs one redraw of the latest state, never a queue of
stale ones. An earlier `flush` (say, once the board has painted) takes the
scheduled redraw's place.
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable

import ipywidgets

from ._common import PANEL_WIDTH, situation
from ._figure import PanelFigure
from .dice import DicePanel
from .divers import DiversPanel, divers_odds, whose_turn
from .odds_map import OddsMapPanel
from .turn_back import TurnBackPanel


MAX_REPLACED = 12  # figure widgets replaced per Panels: a front end that never works is left alone


class Panels(ipywidgets.GridBox):
    """The home-odds map, turn back now or later, every diver, dice and movement.

    ``Panels(game)`` follows a fixed game (call `refresh` after changing it);
    ``Panels(get_game=..., get_odds=...)`` reads the game (and optionally the
    per-diver odds, e.g. the board's badges) from callables on each redraw.
    """

    def __init__(self, game: Any = None, *, get_game: Callable[[], Any] | None = None,
                 get_odds: Callable[[], Any] | None = None, **kwargs):
        if get_game is None:
            if game is None:
                raise ValueError("Panels: pass a game or get_game")
            get_game = lambda: game  # noqa: E731
        self._get_game = get_game
        self._get_odds = get_odds
        names = [d.name for d in get_game().divers]
        self.odds_map = OddsMapPanel()
        self.turn_back = TurnBackPanel()
        self.divers = DiversPanel(names)
        self.dice = DicePanel()
        self._dirty = False
        self._pending: asyncio.Handle | None = None  # the scheduled redraw
        self.redraws = 0  # how many times the panels were brought up to date
        self.replaced = 0  # figures put in place of one whose front end stopped applying updates
        for panel in self._panels:
            panel.figure.on_stale = lambda panel=panel: self._replace_figure(panel)
        # draw the current game before the figures open, so it is in their opening state
        self.flush(force=True)
        super().__init__(
            children=[self.odds_map.widget, self.turn_back.widget, self.divers.widget, self.dice.widget],
            layout=ipywidgets.Layout(grid_template_columns=f"repeat(auto-fit, minmax({PANEL_WIDTH}px, 1fr))",
                                     grid_gap="8px", width="100%"),
            **kwargs)
        self.add_class("deepsea-panels")

    @property
    def _panels(self) -> list:
        return [self.odds_map, self.turn_back, self.divers, self.dice]

    @property
    def figures(self) -> list:
        return [panel.figure for panel in self._panels]

    def _replace_figure(self, panel) -> None:
        """Put a fresh figure widget (a new front end) in place of ``panel``'s, whose front end
        stopped applying updates (see `PanelFigure`); at most MAX_REPLACED times in all."""
        if self.replaced >= MAX_REPLACED:
            return
        self.replaced += 1
        old = panel.figure
        new = PanelFigure(old.to_dict())  # the figure as the kernel has it now
        new.on_stale = lambda: self._replace_figure(panel)
        panel.figure = new
        shown = new.publish()
        holder = getattr(panel, "_widget", None)  # the map's box: its item control, then the figure
        if holder is not None:
            holder.children = tuple(shown if c is old else c for c in holder.children)
        self.children = tuple(shown if c is old else c for c in self.children)
        old.close()

    def mark_dirty(self, within: float = 0.0) -> None:
        """Note that the game changed; redraw once the event loop is free, or with ``within``
        (seconds) at the latest that much later, unless `flush` runs first (coalesces bursts)."""
        self._dirty = True
        if self._pending is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a plain script or test: no loop to defer to
            self.flush()
            return
        self._pending = (loop.call_later(within, self.flush) if within > 0
                         else loop.call_soon(self.flush))

    def refresh(self) -> None:
        """Redraw now for the current game."""
        self._dirty = True
        self.flush()

    def flush(self, force: bool = False) -> None:
        """Bring the panels up to date if anything changed since the last redraw."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        if not (self._dirty or force):
            return
        self._dirty = False
        game = self._get_game()
        sit = situation(game)
        odds = self._get_odds() if self._get_odds is not None else None
        if odds is None or len(odds) != len(game.divers):
            odds = divers_odds(game)
        self.odds_map.update(sit, force=force)
        self.turn_back.update(sit, force=force)
        self.divers.update([d.name for d in game.divers], odds, force=force, over=game.is_over,
                           turn=whose_turn(game))
        self.dice.update(None if sit is None else sit.chips, force=force,
                         name=None if sit is None else game.divers[sit.seat].name)
        self.redraws += 1
