"""deepsea_widget: play, teach and study Deep Sea Adventure in Jupyter.

The rules, odds and bots layers are plain Python; the widget, panels and app
layers (which import Jupyter packages) are loaded only when first used.
"""
from __future__ import annotations

import importlib

from .rules import Game, IllegalActionError

__all__ = ["App", "Board", "Game", "IllegalActionError", "Table", "play"]

# name -> submodule that defines it; imported lazily so that
# `import deepsea_widget.rules` never pulls in ipywidgets, anywidget or plotly.
_LAZY = {"play": ".app", "App": ".app", "Board": ".widget", "Table": ".table"}


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'deepsea_widget' has no attribute {name!r}")
    return getattr(importlib.import_module(module, __name__), name)
