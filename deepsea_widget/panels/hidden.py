"""A panel held back: a blank figure with a title and a message, and no data at all.

For a guess-first table, whose person guesses a chance before any panel shows it: a blank
made with `with_message` still carries its traces (hidden, but readable from the page), so
a panel that must not tell its number is this one instead.
"""
from __future__ import annotations

from ._common import THEME
from ._layout import merged, title_layout, with_message, with_note

# The live panels' titles while they are held back.
MAP = "Home-odds map"
CHOICES = "What now?"
DIVERS = "Every diver's chance of getting home"


def hidden_panel(title: str, message: str, note: str | None = "hidden until the guess") -> dict:
    """A figure description with ``title`` (and ``note`` under it) and ``message`` in its middle,
    and no traces."""
    layout = merged(THEME, dict(showlegend=False), title_layout(with_note(title, note)),
                    dict(xaxis=dict(visible=False), yaxis=dict(visible=False)))
    return with_message(dict(data=[], layout=layout), message)
