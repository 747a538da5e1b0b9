"""A Boost game's turn (RULES.md, "Boost"): declaring a Boost, rolling every die, keeping some.

`BoostTurns` is the part of `Game` (rules/game.py) that plays what a variant adds to a turn.
Before rolling, a diver still in the water may declare a Boost (`Boost`, once per turn, with
or without turning back): it costs the variant's ``boost_air`` at once, paid with the breath
(air at 0 or below: the diver finishes its turn, then the dive ends). A Roll rolls every die;
after a Boost all of them count, else the phase is "keep" and the diver keeps the variant's
number of dice by index (`Keep`). The move is the kept total less the items carried, at
least 0, by the one movement rule (movement.py). In the original game none of this happens:
every die counts at once (turn.py).
"""
from __future__ import annotations

from . import events as ev
from .actions import Boost, Keep
from .dice import DIE_FACES, N_DICE, roll_dice
from .errors import IllegalActionError
from .movement import move_points
from .variant import CLASSIC

_CLASSIC_DICE = (DIE_FACES,) * N_DICE


class BoostTurns:
    """`Game`'s Boost declaration and choice of dice (a mixin: the state is `Game`'s)."""

    def _set_variant(self, variant) -> None:
        self._variant = variant
        if variant is CLASSIC:  # (the common case first)
            self._choosing, self._roll_dice, self._keeps = False, roll_dice, ()
        else:
            self._choosing = variant.can_boost  # a Boost to declare and dice to choose
            # (the original game's dice draw as they always have, so a seed plays the same game)
            self._roll_dice = roll_dice if variant.dice == _CLASSIC_DICE else variant.roll
            self._keeps = tuple(Keep(p) for p in variant.pairs) if variant.can_boost else ()
        self._boosted = False
        self._last_roll = None
        self._kept = None

    # ----- public state -------------------------------------------------
    @property
    def boosted(self) -> bool:
        """The current diver declared a Boost this turn."""
        return self._boosted

    @property
    def last_roll(self) -> tuple | None:
        """The faces of this dive's last roll, one per die (None before the dive's first roll)."""
        return self._last_roll

    @property
    def kept(self) -> tuple | None:
        """The die indices that counted in `last_roll`: every die in the original game and after
        a Boost, the diver's choice otherwise; None while it chooses (phase "keep") or before a roll."""
        if self._last_roll is None or self._choosing:
            return self._kept
        return tuple(range(len(self._last_roll)))

    def _variant_view(self) -> dict:
        """A variant game's extra public facts (none for the original game: its view is as it was)."""
        if not self._choosing and self._variant.dice == _CLASSIC_DICE:
            return {}
        roll = self._last_roll
        return {"variant": self._variant.to_json(), "boosted": self._boosted,
                "rolled": None if roll is None else list(roll),
                "kept": None if self.kept is None else list(self.kept)}

    # ----- what is allowed ----------------------------------------------
    def _may_boost(self, d) -> bool:
        """Diver ``d`` (whose turn it is, before rolling) may declare a Boost now."""
        if self._boosted:
            return False
        if d.returning or d.carried:  # (cannot be stuck)
            return True
        occupied = {o.position for o in self._divers if not o.back and o.position > 0}
        return not self._is_stuck(d, occupied)

    def _keep_choice(self) -> str:
        """What the diver in its keep phase does, in words."""
        n = len(self._last_roll)
        return f"next, keep {self._variant.keep} of the {n} dice (by die index, 0..{n - 1})"

    def _check_boost_or_keep(self, action, d) -> None:
        """IllegalActionError naming the rule a `Boost` or `Keep` breaks now; changes nothing."""
        variant = self._variant
        if not self._choosing:
            what = "no Boost" if type(action) is Boost else "no choice of dice (every die counts)"
            game = "the original game" if variant.dice == _CLASSIC_DICE else f"this game ({variant.name})"
            raise IllegalActionError(f"there is {what} in {game}")
        if type(action) is Boost:
            if self._phase != "roll":
                raise IllegalActionError(f"{d.name} has rolled: a Boost is declared before rolling")
            if self._boosted:
                raise IllegalActionError(f"{d.name} has already boosted this turn (once per turn)")
            if not self._may_boost(d):
                raise IllegalActionError(f"{d.name} can do nothing this turn (heading deeper, empty-handed, on a "
                                         "blank space, no free space deeper), so it cannot boost either")
            return
        if self._phase == "roll":
            raise IllegalActionError(f"{d.name} must roll before choosing the dice to keep")
        if self._phase != "keep":
            why = "it boosted, so every die counted" if self._boosted else "it kept its dice"
            raise IllegalActionError(f"{d.name} has moved this turn ({why}): {self._treasure_choice()}")
        n = len(self._last_roll)
        for i in action.dice:
            if i >= n:
                raise IllegalActionError(f"die {i} was not rolled: the dice are 0..{n - 1}")
        if len(set(action.dice)) != len(action.dice):
            raise IllegalActionError(f"{d.name} keeps the same die twice: keep {variant.keep} different dice")
        if len(action.dice) != variant.keep:
            raise IllegalActionError(f"{d.name} keeps {variant.keep} dice, not {len(action.dice)} "
                                     "(all of them count only after a Boost, declared before rolling)")

    # ----- playing --------------------------------------------------------
    def _boost(self) -> None:
        d = self._divers[self._current]
        before = self._air
        self._air = after = before - self._variant.boost_air
        self._boosted = True
        self._events.append(ev.Boosted(d.seat, d.name, before - after, before, after))
        if after <= 0 and not self._air_out:  # paid with the breath: the turn goes on, then the dive ends
            self._air_out = True
            self._events.append(ev.AirRanOut(d.seat, d.name))

    def _boost_move(self, d, dice, kept, c: int) -> int | None:
        """A Roll (``kept`` None) or a Keep (``kept``: die indices) of diver ``d``, carrying ``c``
        items: the events and the move of the dice that count, or None when the diver has just
        rolled without a Boost and now keeps some (phase "keep")."""
        if kept is None:
            if dice is None:
                dice = self._roll_dice(self._rng.random)
            elif not self._variant.is_roll(dice):  # (before any change)
                self._refuse_dice(dice)
            self._last_roll = dice
            if not self._boosted:
                self._kept = None
                self._phase = "keep"
                self._events.append(ev.DiceRolled(d.seat, d.name, dice, self._variant.keep))
                return None
            kept = tuple(range(len(dice)))
        dice = self._last_roll
        move = move_points(sum([dice[i] for i in kept]), c)
        self._kept = kept
        self._events.append(ev.DiceKept(d.seat, d.name, dice, kept, self._boosted, c, move))
        return move
