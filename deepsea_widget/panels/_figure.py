"""`PanelFigure`: a plotly FigureWidget whose opening message already holds the figure.

plotly's FigureWidget opens its comm first and sends its data and layout in a
second message. A front end still loading plotly's (large) bundle can miss
that early message and draw an empty chart for good (anywidget issue #803,
plotly.py issue #4933; seen here in JupyterLab with several panels at once).
A PanelFigure keeps its comm closed until `publish`, then opens it with the
data and layout in the opening state, which the front end cannot miss.
"""
from __future__ import annotations

from copy import deepcopy

import plotly.graph_objects as go


class PanelFigure(go.FigureWidget):
    def __init__(self, *args, **kwargs):
        self._held = True  # set before the widget machinery runs, so open() waits
        super().__init__(*args, **kwargs)

    def open(self):
        if not getattr(self, "_held", False):
            super().open()

    def publish(self) -> "PanelFigure":
        """Open the comm with the figure as it is now (a no-op once open)."""
        if self.comm is None:
            self._held = False
            # updates made while closed changed _data/_layout only: resync the opening state
            self._widget_data = deepcopy(self._data)
            self._widget_layout = deepcopy(self._layout_obj._props)
            self.open()
        return self
