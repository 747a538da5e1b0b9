"""`PlotlyLibrary`: plotly's widget bundle (about 5 MB), once, for every odds panel.

A plotly FigureWidget carries that bundle as its own front-end module (`_esm`), so
each panel sent it to the page when the app opened, the page parsed it once per
panel, and a notebook saved with its widget state held one copy per panel (about
20 MB for the app). A `PanelFigure`'s module is instead a small loader
(js/src/plotlyLoader.ts) that imports the bundle from this one shared model, once
per page (per bundle digest), and names the model in its ``_plotly_library`` trait.

The model is never displayed. `shared_library` keeps one per kernel and makes a
new one if it was closed (``Widget.close_all()``, say); panels made before keep
the one they name.
"""
from __future__ import annotations

import hashlib

import anywidget
import plotly.graph_objects as go
import traitlets

_library: PlotlyLibrary | None = None


def plotly_bundle() -> str:
    """The text of plotly's own FigureWidget front end (what each FigureWidget would send)."""
    return str(go.FigureWidget._esm)  # (anywidget keeps it as a file's contents; str reads them)


class PlotlyLibrary(anywidget.AnyWidget):
    """A model that only holds plotly's widget bundle (``source``) and its ``digest``."""

    _esm = "export default {};\n"  # (never displayed: the panels read its state)
    source = traitlets.Unicode().tag(sync=True)
    digest = traitlets.Unicode().tag(sync=True)

    def __init__(self, **kwargs):
        source = plotly_bundle()
        super().__init__(source=source, digest=hashlib.sha256(source.encode()).hexdigest()[:32], **kwargs)


def shared_library() -> PlotlyLibrary:
    """This kernel's shared plotly bundle: made (and opened) on first use, and again if closed."""
    global _library
    if _library is None or _library.comm is None:
        _library = PlotlyLibrary()
    return _library
