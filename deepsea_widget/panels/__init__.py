"""Live plotly odds panels: the home-odds map, turn back now or later, every diver, dice and movement.

Each panel also works alone: `odds_map`, `turn_back_chart`, `divers_chart`,
`dice_chart` return a figure for a notebook cell. `Panels` composes the four
as FigureWidgets that follow a game (the app puts them below the board).
`no_return_chart` (the point of no return against the air) is for notebooks only.
"""
from __future__ import annotations

from ._common import Situation, situation
from .dice import dice_chart
from .divers import divers_chart, divers_odds
from .no_return import no_return_chart
from .odds_map import odds_map
from .turn_back import turn_back_chart, turn_back_numbers


def __getattr__(name):
    if name == "Panels":  # needs ipywidgets: imported on first use
        from .composer import Panels

        return Panels
    raise AttributeError(name)


__all__ = ["Panels", "Situation", "dice_chart", "divers_chart", "divers_odds", "no_return_chart", "odds_map",
           "situation", "turn_back_chart", "turn_back_numbers"]
