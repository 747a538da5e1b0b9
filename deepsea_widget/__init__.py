"""deepsea_widget: play, teach and study Deep Sea Adventure in Jupyter.

The rules, odds and bots layers are plain Python; the widget, panels and app
layers (which import Jupyter packages) are loaded only when first used.
"""
from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version

from .rules import Game, IllegalActionError, SaveError

# name -> submodule that defines it; imported lazily so that
# `import deepsea_widget.rules` never pulls in ipywidgets, anywidget or plotly.
_LAZY = {
    "play": ".app", "App": ".app", "Board": ".widget", "Table": ".table",
    "estimate_home": ".simulation",
    **{name: ".odds" for name in ("p_home", "p_home_all", "home_table", "turns_left",
                                   "movement_pmf", "point_of_no_return", "one_more_chip", "dice_sum_pmf",
                                   "expected_movement", "StateBudgetExceeded", "p_reach",
                                   "wilson_interval")},
    "decision": ".simulation", "Policy": ".bots", "PublicView": ".bots", "make_policy": ".bots",
    "simulate": ".simulation.games", "play_game": ".simulation.games", "tournament": ".simulation.tournament",
    "odds_map": ".panels", "turn_back_chart": ".panels", "divers_chart": ".panels", "dice_chart": ".panels",
    "no_return_chart": ".panels", "tournament_chart": ".panels", "Figure": ".figure", "Panels": ".live_panels",
}

try:
    __version__ = version("deepsea_widget")  # (set once, in pyproject.toml)
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["Game", "IllegalActionError", "SaveError", *_LAZY]


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'deepsea_widget' has no attribute {name!r}")
    return getattr(importlib.import_module(module, __name__), name)
