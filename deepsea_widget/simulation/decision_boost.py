"""`decision`'s options in a Boost game (RULES.md, "Boost"), and what every option is made of.

- Before rolling, each of the original game's options (turn back, dive on, keep heading
  home...) comes twice where the mover may boost: without a Boost (after the roll it keeps the
  dice that move it farthest) and with one ("boost and ..."), each averaged over the
  variant's equally likely rolls.
- After rolling (phase "keep"), the dice are known: each choice of dice is an option (choices
  keeping the same total move alike and are one option), and the mover's treasure action on
  landing is the named policy's.
- Where every diver then heads home, the exact chain (`p_home_all` with the game's variant)
  answers, each diver boosting by its own one-diver rule, as the simulated bots do.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules import CLASSIC, ROLLS, Boost, Keep, Roll, action_from_dict, move_end, move_points
from .questions import POLICY_NAMES

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class Plan:
    """One option: what the mover does now, for `decision` to play on copies of the game."""

    option: str
    roll: bool  # the mover rolls now (averaged over the equally likely rolls)
    before: tuple  # actions before rolling (TurnBack, Boost)
    after: str | None  # after the move, or now in the treasure phase: "stay", "pick", "drop"; None: the policy's
    words: str  # what the mover does, for the question
    boost: bool = False  # it declares a Boost now
    keep: tuple | None = None  # the dice it keeps (die indices), after rolling
    pairs: tuple = ()  # after rolling: every legal choice keeping the same total (``keep`` the first)

    def keep_action(self, game) -> Keep | None:
        """The `Keep` this plan makes in ``game``'s keep phase (None: the farthest, `farthest_keep`)."""
        return None if self.keep is None else Keep(self.keep)

    @staticmethod
    def treasure_words(policy: str) -> str:
        return f"picks up, drops or stays as {POLICY_NAMES[policy]} would"


def rolls_of(variant) -> tuple:
    """The equally likely rolls a roll option averages over (the original game's nine)."""
    return ROLLS if variant is CLASSIC else variant.rolls


def forced_roll(variant, dice) -> Roll:
    """A `Roll` of these faces in a game of ``variant``."""
    if variant is CLASSIC:
        return Roll(dice)
    return action_from_dict({"type": "roll", "dice": list(dice)}, variant)


def farthest_keep(game) -> Keep:
    """In ``game``'s keep phase, the legal `Keep` that keeps the largest total (the first such)."""
    roll = game.last_roll
    return max(game.legal_actions(), key=lambda k: sum(roll[i] for i in k.dice))


def boost_plans(game, plans: list[Plan]) -> list[Plan]:
    """Before rolling in a Boost game: each plan without a Boost and, where the mover may
    declare one, with it."""
    variant = game.variant
    n, keep = len(variant.dice), variant.keep
    if game.boosted:
        return [replace(p, words=f"has boosted this turn (all {_NUMBERS.get(n, n)} dice count) and {p.words}")
                for p in plans]
    may = Boost() in game.legal_actions()
    out = []
    for p in plans:
        without = (f"does not boost (after rolling it keeps the {_NUMBERS.get(keep, keep)} dice that move it "
                   f"farthest) and {p.words}") if may else \
            f"keeps the {_NUMBERS.get(keep, keep)} dice that move it farthest and {p.words}"
        out.append(replace(p, words=without))
        if may:
            air = variant.boost_air
            out.append(replace(p, option=f"boost and {p.option}", before=p.before + (Boost(),), boost=True,
                               words=f"boosts now (all {_NUMBERS.get(n, n)} dice count, for {air} more air) "
                                     f"and {p.words}"))
    return out


def keep_plans(game) -> list[Plan]:
    """After rolling without a Boost: one option per total the legal choices of dice keep."""
    roll = game.last_roll
    me = game.divers[game.current_player]
    occupied = {d.position for d in game.divers if d.seat != me.seat and d.position > 0}
    plans, same = [], {}
    for keep in game.legal_actions():
        same.setdefault(sum(roll[i] for i in keep.dice), []).append(keep.dice)
    for pairs in same.values():
        keep = Keep(pairs[0])
        faces = [roll[i] for i in keep.dice]
        move = move_points(sum(faces), len(me.carried))
        end = move_end(me.position, move, not me.returning, occupied, len(game.trail))
        where = "home to the submarine" if end == 0 else \
            ("staying on space {end}" if end == me.position else f"to space {end}").format(end=end)
        kept = " + ".join(map(str, faces))
        plans.append(Plan(f"keep {kept}", False, (), "stay" if end == 0 else None,
                          f"keeps {kept} = {sum(faces)} (a move of {move}, {where})", keep=keep.dice,
                          pairs=tuple(pairs)))
    return plans
