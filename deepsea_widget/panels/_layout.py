"""Titles that fit a panel's width, a blank panel with a message in place of stale data
(`with_message`), and a panel in words (`in_words`, for screen readers).

A figure is at least `PANEL_WIDTH` px wide and plotly does not wrap a title: a
line longer than the width is cut at the figure's edge. So titles are wrapped
here by words, to `TITLE_CHARS` characters a line (what fits the narrowest
figure), and the top margin is made room for as many lines as a title has.
Titles start below plotly's toolbar (its mode bar, at the top right), so it
never covers them. Mark a phrase that must stay on one line with `keep`.
"""
from __future__ import annotations

import html
import re

from ._common import PANEL_WIDTH, plain_text

TITLE_SIZE = 16  # px (plotly's default would be 17 for the panels' 12 px font: 16 fits 3 more characters a line)
TITLE_X = 0.02  # the title starts 2% of the width in from the left
# plotly's toolbar (figure.MODEBAR_CONFIG's four buttons) at the figure's top right: 120 x 22 px,
# 2 px in from the edges (measured in Chromium). Titles start below it, so every line of a title and
# of its note may take the figure's whole width.
MODEBAR_BOTTOM = 24
TITLE_TOP = MODEBAR_BOTTOM + 4  # px above the title's first line
LINE_SPACING = 1.3  # plotly's, in em
SUP = 0.7  # plotly draws <sup> text at 70% of the size
# A character of prose is about 0.47 em wide in Arial (Liberation Sans on Linux, what plotly's
# "Open Sans, verdana, arial" usually finds) and 0.54 em in DejaVu Sans, the widest common fallback;
# a capital is wider, and M, W, m, w about 1 em (so a name in capitals still fits: `chars`).
CHAR_EM = 0.55
TITLE_CHARS = int((PANEL_WIDTH * (1 - TITLE_X) - 10) / (TITLE_SIZE * CHAR_EM))  # 40 for 370 px
NOTE_CHARS = int(TITLE_CHARS / SUP)  # a <sup> line
NAME_CHARS = 20  # a diver's name in a title: even 20 wide letters fit one line
_BIND = "\x1f"  # joins the words of a phrase `wrap` keeps on one line (a control character: no name has it); never shown


def keep(phrase: str) -> str:
    """``phrase`` as one word for `wrap` (it goes back to plain spaces once wrapped)."""
    return phrase.replace(" ", _BIND)


def chars(text: str) -> float:
    """The width of ``text`` in characters of prose: a capital counts 1.3, M, W, m and w 1.8."""
    return sum(1.8 if c in "MWmw" else 1.3 if c.isupper() else 1.0 for c in text)


def cut(text: str, width: float) -> str:
    """``text`` at most ``width`` characters wide (`chars`), ending in "…" if cut."""
    if chars(text) <= width:
        return text
    while text and chars(text) > width - 1:
        text = text[:-1]
    return text.rstrip() + "…"


def short_name(name: str) -> str:
    """A diver's name as a title shows it: at most `NAME_CHARS` characters wide, "…" if cut,
    letter for letter (`plain_text`)."""
    return plain_text(cut(name, NAME_CHARS))


def label_lines(name: str, width: float, lines: int = 2) -> str:
    """A diver's name as an axis label: at most ``lines`` lines of ``width`` characters,
    broken at spaces, "…" where cut, letter for letter (`plain_text`)."""
    wrapped = [cut(line, width) for line in wrap(name, int(width))]
    if len(wrapped) > lines:  # the last line shown says that more follows
        wrapped = wrapped[:lines - 1] + [cut(wrapped[lines - 1], width - 1).removesuffix("…") + "…"]
    return "<br>".join(plain_text(line) for line in wrapped)


def wrap(text: str, width: int = TITLE_CHARS) -> list[str]:
    """``text`` in lines at most ``width`` characters wide (`chars` of the text as shown: "&lt;" is
    one character), broken at spaces (a `keep` phrase longer than a line is broken too; a word
    longer than a line gets a line of its own)."""
    def shown(words: str) -> float:
        return chars(html.unescape(words))

    words = []
    for word in text.split(" "):
        words.extend(word.split(_BIND) if shown(word) > width else [word.replace(_BIND, " ")])
    lines = [""]
    for word in filter(None, words):
        if lines[-1] and shown(lines[-1]) + 1 + shown(word) > width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return lines


def with_note(title: str, note: str | None = None) -> str:
    """A panel's title, wrapped to the panel's width, with a smaller note (<sup>) under it."""
    lines = wrap(title)
    if note:
        lines += [f"<sup>{line}</sup>" for line in wrap(note, NOTE_CHARS)]
    return "<br>".join(lines)


def title_layout(text: str, room_below: int = 0) -> dict:
    """`update_layout` arguments for a title of one or more lines (from `with_note`): set at the
    figure's top, below plotly's toolbar, with a top margin that holds every line (and
    ``room_below`` px more, e.g. for subplot titles)."""
    lines = text.count("<br>") + 1
    top = TITLE_TOP + lines * LINE_SPACING * TITLE_SIZE + 10 + room_below
    # plotly.js draws a title's text above its top anchor: by about 0.9 em with several lines,
    # 0.2 em with one (measured in Chromium): the pad takes that back
    lift = TITLE_SIZE * (0.9 if lines > 1 else 0.2)
    return dict(title=dict(text=text, x=TITLE_X, xanchor="left", y=1, yref="container", yanchor="top",
                           pad=dict(t=round(TITLE_TOP + lift)), font=dict(size=TITLE_SIZE)),
                margin=dict(t=round(top)))


def merged(*parts: dict) -> dict:
    """The dicts ``parts`` merged into a new one, later ones winning, parts that are dicts on
    both sides merged the same way (as plotly's ``update_layout`` merges ``margin=dict(t=...)``)."""
    out: dict = {}
    for part in parts:
        for key, value in part.items():
            old = out.get(key)
            out[key] = merged(old, value) if isinstance(old, dict) and isinstance(value, dict) else value
    return out


GAME_OVER = "The game is over"  # a panel's title once there is no diver to show
MESSAGE = "panel message"  # the name of a blank panel's message (an annotation)


def with_message(fig: dict, message: str) -> dict:
    """``fig`` blanked with ``message`` in the middle of its plot area: its traces, axes and
    other annotations hidden (a new figure; ``fig`` is left as it is)."""
    layout = dict(fig["layout"])
    for key in [k for k in layout if re.fullmatch(r"[xy]axis\d*", k)]:
        layout[key] = dict(layout[key], visible=False)
    notes = [dict(note, visible=False) for note in layout.get("annotations", ())]
    notes.append(dict(name=MESSAGE, text="<br>".join(wrap(message, TITLE_CHARS)), xref="paper", yref="paper",
                      x=0.5, y=0.5, showarrow=False, font=dict(size=14)))
    layout["annotations"] = notes
    return dict(fig, data=[dict(trace, visible=False) for trace in fig["data"]], layout=layout)


def in_words(fig: dict) -> str:
    """What a panel (a figure description) shows, as plain sentences for a screen reader: its
    title (the note under it in brackets), the message that blanks it, if any, then the hover
    text of each point shown; a sentence that several hovers repeat is said once (a heatmap's
    grid, whose cells are read by pointing, is left out)."""
    layout = fig.get("layout", {})
    sentences = [_words(layout.get("title", {}).get("text") or "")]
    sentences += [_words(note.get("text") or "") for note in layout.get("annotations", ())
                  if note.get("name") == MESSAGE and note.get("visible") is not False]
    for trace in fig.get("data", ()):
        if trace.get("visible") is False:
            continue
        hover = trace.get("hovertext")
        for text in [hover] if isinstance(hover, str) else hover or ():
            if isinstance(text, str):  # (a heatmap's rows are lists)
                sentences.append(_words(text))
    said: list[str] = []
    for text in sentences:  # each said once: a hover's sentence that others repeat, too
        parts = [part for part in _SENTENCE_END.split(text)
                 if len(part.split()) < _SAID_ONCE or part not in said]
        if parts and " ".join(parts) not in said:
            said.extend(parts)
    return " ".join(s[0].upper() + s[1:] + ("" if s[-1] in ".!?" else ".") for s in said if s)


_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=[A-Z])")  # (not after "1." in "1.5": no space follows)
_SAID_ONCE = 6  # words from which a sentence is not said again (a short one may be part of a name)


def _words(markup: str) -> str:
    """plotly's pseudo-HTML as plain text: a line break is a space, <sup> a note in brackets,
    other tags go, entities become their characters ("&lt;" is "<")."""
    text = markup.replace("</sup><br><sup>", " ").replace("<sup>", " (").replace("</sup>", ")")
    text = re.sub(r"<[^>]*>", " ", text)  # (<br> and the rest; a name's "<" is "&lt;" here)
    return " ".join(html.unescape(text).split())
