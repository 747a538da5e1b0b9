"""Every air number a text on screen shows, and which air it says it is.

DESIGN.md: "Air on screen is the air on the track now; a number that uses another
air says so." So an air number is the air now unless its words name another:
"air 23 at the start of Ann's turn" (before Ann breathed), "... Ann's next turn" (or
"turn after next", once the others breathed what they carry),
a breath "air 23 → 21" / "(23 → 21)", the gauge's forecast "Ann's next turn, once
Ann has breathed: air 18". Shared by the Python and the browser tests of one position.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_BREATH = re.compile(r"(?:\b[Aa]ir |\()(-?\d+) → (-?\d+)")
_FORECAST = re.compile(r"(?P<who>[^.:;,()]+?)'s next turn, once (?P=who) has breathed: air (?P<n>-?\d+)")
_TURN_START = re.compile(r"\b[Aa]ir (?P<n>-?\d+) at the start of (?P<who>[^.:;,()]+?)'s "
                         r"(?P<next>next )?turn(?P<after> after next)?")
_AIR = re.compile(r"\b[Aa]ir (-?\d+)")


@dataclass(frozen=True)
class Claim:
    kind: str  # "now", "turn start", "next turn start", "breath", "forecast"
    number: int
    who: str = ""
    after: int | None = None  # a breath's air after it
    text: str = ""


def claims(text: str) -> list[Claim]:
    """Every air number in ``text`` with the air it claims to be."""
    out = []
    for m in _BREATH.finditer(text):
        out.append(Claim("breath", int(m[1]), after=int(m[2]), text=text))
    text = _BREATH.sub("", text)
    for m in _FORECAST.finditer(text):
        out.append(Claim("forecast", int(m["n"]), m["who"].strip(), text=text))
    text = _FORECAST.sub("", text)
    for m in _TURN_START.finditer(text):
        kind = "turn after next start" if m["after"] else "next turn start" if m["next"] else "turn start"
        out.append(Claim(kind, int(m["n"]), m["who"].strip(), text=text))
    text = _TURN_START.sub("", text)
    out += [Claim("now", int(m[1]), text=text) for m in _AIR.finditer(text)]
    return out


def expected(game, forecast=None) -> dict:
    """What each kind of claim must say in ``game`` (the diver to play's own words)."""
    divers = game.divers
    me = divers[game.current_player]
    others = sum(len(d.carried) for d in divers if d is not me and not d.back)
    return {"now": max(game.air, 0), "turn start": game.turn_start_air, "next turn start": game.air - others,
            "turn after next start": game.air - 2 * others - len(me.carried),
            "breath": (game.turn_start_air, game.air), "forecast": forecast, "who": me.name}


def check(texts, game, forecast=None, where: str = "") -> list[Claim]:
    """Every air number in ``texts`` says the air it claims to be in ``game``; returns the claims.
    A turn's start belongs to the diver to play ("the diver" in a chart of no one in particular)."""
    want = expected(game, forecast)
    found = []
    for text in texts:
        for c in claims(text):
            found.append(c)
            context = f"{where}: {c.kind} {c.number} in {text!r}"
            if c.kind == "breath":
                assert (c.number, c.after) == want["breath"], context
                continue
            assert c.number == want[c.kind], f"{context}; the {c.kind} air is {want[c.kind]}"
            if c.kind != "now":
                assert c.who in (want["who"], "the diver"), f"{context}: whose turn? ({want['who']} is to play)"
    return found


def strings(x):
    """Every string in a figure description or a view (nested dicts and lists)."""
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for v in x.values():
            yield from strings(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from strings(v)
