"""Helpers for scripted engine tests: positions with forced dice, event texts."""
from __future__ import annotations

from deepsea_widget import Game
from deepsea_widget.rules import Roll

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def make(trail, positions, **kw) -> Game:
    """A what-if position with named divers (Ann, Bob, ...) and a fixed seed."""
    kw.setdefault("players", NAMES[:len(positions)])
    kw.setdefault("seed", 0)
    return Game.from_position(trail=trail, positions=positions, **kw)


TRAIL8 = [1, 1, 1, 2, 2, 2, 3, 3]


def boost_game(trail, positions, **kw) -> Game:
    """A what-if position of the Boost variant with named divers (Ann, Bob, ...), seed 0."""
    kw.setdefault("variant", "boost")
    return make(trail, positions, **kw)


def roll(a, b) -> Roll:
    return Roll(dice=(a, b))


def texts(events) -> list[str]:
    return [str(e) for e in events]


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def play(game, *actions) -> list:
    """Apply actions in order; return every event they caused."""
    out = []
    for a in actions:
        out.extend(game.apply(a))
    return out


def trail_levels(game) -> list:
    return [None if s is None else s.levels for s in game.trail]


def carried_levels(game, seat) -> list:
    return [it.levels for it in game.divers[seat].carried]


def chips_of(item) -> tuple:
    """Chip ids of an item (private: tests may look)."""
    return item._chips
