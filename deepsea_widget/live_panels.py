"""`Panels`: the four odds panels, kept in step with a game (a grid: side by side when wide).

Each panel is a `Figure` widget showing a figure description from `panels`; a
redraw makes the four descriptions afresh and each figure sends its views only
what changed. Changes only mark the panels dirty; one redraw then runs when the
kernel's event loop is next free, or at a set time (at once outside a running
loop), so a burst of bot moves costs one redraw of the latest state, never a
queue of stale ones. An earlier `flush` (say, once the board has painted) takes
the scheduled redraw's place.
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable

import ipywidgets

from .figure import Figure
from .panels import PANEL_WIDTH, choices_figure, dice_figure, divers_figure, divers_odds, map_panel, situation, whose_turn
from .simulation import DEFAULT_POLICY, check_policy, decision
from .table.guesses import panels_shown


class Panels(ipywidgets.GridBox):
    """The home-odds map, the mover's choices, every diver, dice and movement.

    ``Panels(game)`` follows a fixed game (call `refresh` after changing it);
    ``Panels(get_game=..., get_odds=..., get_choices=...)`` reads the game (and optionally
    the per-diver odds and the mover's choices, e.g. the board's) from callables on each
    redraw. ``panels.odds_map`` (and ``turn_back``, ``divers``, ``dice``) is a panel's
    `Figure`; ``panels.items_choice`` picks the map's what-if (-1 drop one, 0 as carried,
    1 pick up one). ``odds_policy``: how everyone plays on in the simulated odds.
    ``get_hidden`` gives the board's guess-first part (``view["guess"]``): a panel that would
    tell a number still hidden is blank until the guess (`table.guesses.panels_shown`).
    """

    def __init__(self, game: Any = None, *, get_game: Callable[[], Any] | None = None,
                 get_odds: Callable[[], Any] | None = None, get_choices: Callable[[], Any] | None = None,
                 odds_policy: str = DEFAULT_POLICY, get_hidden: Callable[[], Any] | None = None, **kwargs):
        self.odds_policy = check_policy(odds_policy)
        self._get_choices = get_choices
        self._get_hidden = get_hidden
        if get_game is None:
            if game is None:
                raise ValueError("Panels: pass a game or get_game")
            get_game = lambda: game  # noqa: E731
        self._get_game = get_game
        self._get_odds = get_odds
        self._dirty = False
        self._pending: asyncio.Handle | None = None  # the scheduled redraw
        self.redraws = 0  # how many times the panels were brought up to date
        # Radio buttons, not toggle buttons: a screen reader hears which one is chosen
        # (ipywidgets' toggle buttons show it by colour only).
        self.items_choice = ipywidgets.RadioButtons(
            options=[("drop one", -1), ("as carried", 0), ("pick up one", 1)], value=0,
            description="items:", orientation="horizontal")
        self.items_choice.add_class("deepsea-items-choice")
        # the current game is drawn before the figures open, so it is in their opening state
        self.odds_map, self.turn_back, self.divers, self.dice = (Figure(fig) for fig in self._shown())
        self.items_choice.observe(lambda _change: self.refresh(), names="value")
        self._show_choice()
        super().__init__(
            children=[ipywidgets.VBox([self.items_choice, self.odds_map]), self.turn_back, self.divers, self.dice],
            layout=ipywidgets.Layout(grid_template_columns=f"repeat(auto-fit, minmax({PANEL_WIDTH}px, 1fr))",
                                     grid_gap="8px", width="100%"),
            **kwargs)
        self.add_class("deepsea-panels")

    @property
    def figures(self) -> list[Figure]:
        return [self.odds_map, self.turn_back, self.divers, self.dice]

    @property
    def chips_shown(self) -> int | None:
        """The item count the map shows (carried, plus the what-if); None once the game is over."""
        sit = situation(self._get_game())
        return None if sit is None else max(0, sit.chips + self.items_choice.value)

    def _figures(self) -> list[dict]:
        """The four panels' figure descriptions for the game as it is now."""
        game = self._get_game()
        sit = situation(game)
        policy = self.odds_policy
        odds = self._get_odds() if self._get_odds is not None else None
        if odds is None or len(odds) != len(game.divers):
            odds = divers_odds(game, policy=policy)
        given = self._get_choices() if self._get_choices is not None else None
        if given is not None and given.get("seat") == game.current_player:
            options = given["options"]
        else:
            options = decision(game, policy=policy)
        names = [d.name for d in game.divers]
        variant = game.variant  # (a Boost game's panels use its dice and say so)
        return [map_panel(sit, self.items_choice.value),
                choices_figure(None if sit is None else sit.name, options, policy, variant=variant),
                divers_figure(names, odds, over=game.is_over, turn=whose_turn(game), policy=policy, variant=variant),
                dice_figure(None if sit is None else sit.chips, None if sit is None else sit.name, variant=variant)]

    def _shown(self) -> list[dict]:
        """`_figures` as a guess-first board lets them show (blank while they would tell a hidden number)."""
        return panels_shown(self._figures(), self._get_hidden() if self._get_hidden is not None else None)

    def _show_choice(self) -> None:
        """The map's what-if choice, only while there is a diver to ask it for."""
        shown = situation(self._get_game()) is not None
        self.items_choice.disabled = not shown
        self.items_choice.layout.display = None if shown else "none"

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
        for figure, description in zip(self.figures, self._shown()):
            figure.update(description)
        self._show_choice()
        self.redraws += 1
