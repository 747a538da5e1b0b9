"""The odds panels as figure descriptions: plain dicts that plotly.js draws.

Pure functions of a position, no widget: `odds_map`, `turn_back_chart`,
`divers_chart`, `dice_chart` and `no_return_chart` for a notebook cell (show one
with ``deepsea_widget.Figure``), and `map_panel`, `choices_figure`,
`divers_figure`, `dice_figure` for a game's live panels (`deepsea_widget.live_panels`).
"""
from __future__ import annotations

from ._common import PANEL_WIDTH, Situation, situation
from ._layout import in_words
from .choices import choices_figure
from .dice import dice_chart, dice_figure
from .divers import divers_chart, divers_figure, divers_odds, whose_turn
from .no_return import no_return_chart
from .odds_map import map_panel, odds_map
from .tournament import tournament_chart
from .turn_back import turn_back_chart, turn_back_numbers, turn_back_panel

__all__ = ["PANEL_WIDTH", "Situation", "choices_figure", "dice_chart", "dice_figure", "divers_chart", "divers_figure", "divers_odds", "in_words",
           "map_panel", "no_return_chart", "odds_map", "situation", "turn_back_chart", "turn_back_numbers",
           "tournament_chart", "turn_back_panel", "whose_turn"]
