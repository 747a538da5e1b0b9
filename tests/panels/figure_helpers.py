"""Tests read figure descriptions through plotly's own figure class, which checks every
property against plotly's schema (so an invalid description fails the test that reads it)."""
from __future__ import annotations

import plotly.graph_objects as go


def drawn(figure) -> go.Figure:
    """``figure`` (a description, or a `Figure` widget's) as a validated plotly figure."""
    return go.Figure(getattr(figure, "figure", figure))
