"""Tests read figure descriptions through plotly's own figure class, which checks every
property against plotly's schema (so an invalid description fails the test that reads it)."""
from __future__ import annotations

import re

import plotly.graph_objects as go


def drawn(figure) -> go.Figure:
    """``figure`` (a description, or a `Figure` widget's) as a validated plotly figure."""
    return go.Figure(getattr(figure, "figure", figure))


def one_line(title: str) -> str:
    """A title's text with its lines joined by spaces, and its note's lines into one <sup>: what
    it says, however it is wrapped to the panels' width."""
    return re.sub(r"</sup><br><sup>|<br>", " ", title)
