"""The bot interface: a `Policy` chooses an action from public information only.

Bots never get the `Game` itself (whose saves hold the hidden values): they
get a `PublicView`, which exposes what a player at the table can see.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..rules import movement


class PublicView:
    """Read-only public facts of a game: levels and positions, never unbanked values."""

    __slots__ = ("_game",)

    def __init__(self, game):
        self._game = game

    players = property(lambda self: self._game.players)
    current_player = property(lambda self: self._game.current_player)
    phase = property(lambda self: self._game.phase)
    air = property(lambda self: self._game.air)
    turn_start_air = property(lambda self: self._game.turn_start_air)
    dive = property(lambda self: self._game.dive)
    is_over = property(lambda self: self._game.is_over)
    trail = property(lambda self: self._game.trail)
    divers = property(lambda self: self._game.divers)
    # The edition's dice (`rules.variant`): a Boost game's declaration this turn, the faces of
    # the dive's last roll and the dice that counted (None while the diver chooses).
    variant = property(lambda self: self._game.variant)
    boosted = property(lambda self: self._game.boosted)
    last_roll = property(lambda self: self._game.last_roll)
    kept = property(lambda self: self._game.kept)

    def legal_actions(self) -> list:
        return self._game.legal_actions()

    def scores(self) -> list:
        return self._game.scores()

    @property
    def me(self):
        """The diver whose turn it is."""
        return self._game.divers[self._game.current_player]


def must_pick_up(view: PublicView) -> bool:
    """In the treasure phase: the current diver heads deeper empty-handed, has no free space
    deeper and stands on an item. Staying can never gain it anything (it cannot move, turn
    back or breathe), and if everyone in the water stayed like that the dive would never end,
    so every thinking bot picks the item up."""
    me = view.me
    if view.phase != "treasure" or me.returning or me.carried or me.position == 0:
        return False
    if view.trail[me.position - 1] is None:
        return False  # a blank: stuck, which the rules handle
    return no_free_space_deeper(view)


def free_spaces_deeper(view: PublicView, seat: int) -> list[int]:
    """The spaces past ``seat``'s diver that no other diver stands on."""
    occupied = {d.position for d in view.divers if d.seat != seat and d.position > 0}
    return movement.free_spaces_deeper(view.divers[seat].position, occupied, len(view.trail))


def no_free_space_deeper(view: PublicView) -> bool:
    """The current diver, on the trail, has no free space deeper: every space past it is
    taken (or it stands on the last one), so a roll deeper cannot move it."""
    return view.me.position > 0 and not free_spaces_deeper(view, view.current_player)


# Why a thinking bot turns back at the far end (a roll deeper would move it nowhere).
FAR_END = "turned back: no free space deeper, so another roll deeper would only use air"


def stuck_at_far_end(view: PublicView) -> bool:
    """In the roll phase: the current diver heads deeper carrying something, with no free
    space deeper. Rolling deeper again cannot move it, while everyone's air runs down: every
    bot but the random one turns back here."""
    me = view.me
    return view.phase == "roll" and not me.returning and bool(me.carried) and no_free_space_deeper(view)


class Policy(ABC):
    """Chooses the current diver's action. Subclasses set ``name`` and ``choose``.

    ``explanation`` holds one sentence on the last choice, for the board's log.
    """

    name = "policy"

    def __init__(self):
        self.explanation = ""

    @abstractmethod
    def choose(self, view: PublicView, rng: random.Random):
        """Return one of ``view.legal_actions()`` for the current diver."""

    def __repr__(self):
        return f"<{type(self).__name__} {self.name!r}>"
