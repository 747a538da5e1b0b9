"""What an action caused, as small records with a plain-language ``str()``.

The board's log shows ``str(event)``; ``to_dict()`` gives the same facts to
the front end (dice faces, the path of a move for its animation).
"""
from __future__ import annotations

from dataclasses import dataclass, fields


def plural(n: int, word: str) -> str:
    """``"1 item"``, ``"2 items"`` (also for the panels' wording)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def fmt_pct(p: float, digits: int = 0) -> str:
    """A probability as a percentage with ``digits`` decimals that never rounds a
    possibility to 0% or 100% ("<1%", ">99.9%" instead); for the bots' and panels' words."""
    if p != p:  # nan
        return "n/a"
    step = 10.0 ** -(digits + 2)  # the smallest step shown, as a probability
    if 0 < p <= step / 2:  # (at exactly half a step, format() would round to 0%)
        return f"<{step:.{digits}%}"
    if 1 - step / 2 <= p < 1:
        return f">{1 - step:.{digits}%}"
    return f"{p:.{digits}%}"


def _space(pos: int) -> str:
    return "the submarine" if pos == 0 else f"space {pos}"


class Event:
    __slots__ = ()

    def to_dict(self) -> dict:
        data = {"type": type(self).__name__, "text": str(self)}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value
        return data


@dataclass(slots=True)
class Breathed(Event):
    seat: int
    name: str
    items: int
    air_before: int
    air_after: int

    def __str__(self):
        if self.items == 0:
            return f"{self.name} carries nothing: air stays {self.air_before}"
        return f"{self.name} breathes {self.items}: air {self.air_before} → {self.air_after}"


@dataclass(slots=True)
class AirRanOut(Event):
    seat: int
    name: str

    def __str__(self):
        return f"Air is out: {self.name} finishes this turn, then the dive ends"


@dataclass(slots=True)
class TurnedBack(Event):
    seat: int
    name: str

    def __str__(self):
        return f"{self.name} turns back toward the submarine"


@dataclass(slots=True)
class Rolled(Event):
    seat: int
    name: str
    dice: tuple
    items: int
    move: int

    def __str__(self):
        text = f"{self.name} rolls {'+'.join(map(str, self.dice))} = {sum(self.dice)}"
        return text + _minus_items(self.items, self.move)


def _minus_items(items: int, move: int) -> str:
    """``", minus 2 items: moves 3"`` (``": moves 5"`` carrying nothing)."""
    return (f", minus {plural(items, 'item')}" if items else "") + f": moves {move}"


@dataclass(slots=True)
class Boosted(Event):
    """A Boost declared (Boost variant): ``extra`` more air at once, before rolling."""

    seat: int
    name: str
    extra: int
    air_before: int
    air_after: int

    def __str__(self):
        return f"{self.name} boosts: air {self.air_before} → {self.air_after}"


@dataclass(slots=True)
class DiceRolled(Event):
    """A roll in a Boost game without a Boost: the faces, one per die; the diver now keeps
    ``keep`` of them (its next action, `Keep`)."""

    seat: int
    name: str
    dice: tuple
    keep: int

    def __str__(self):
        return f"{self.name} rolls {', '.join(map(str, self.dice))} and chooses {self.keep} dice to keep"


@dataclass(slots=True)
class DiceKept(Event):
    """The dice that count in a Boost game and the move they give: ``kept`` are die indices
    of ``dice`` (every die after a Boost); move = their total less the items, at least 0."""

    seat: int
    name: str
    dice: tuple
    kept: tuple
    boosted: bool
    items: int
    move: int

    def __str__(self):
        faces = [self.dice[i] for i in self.kept]
        how = "Boost, keeps " if self.boosted else "keeps "
        text = f"{self.name} rolls {', '.join(map(str, self.dice))}: {how}{' + '.join(map(str, faces))}"
        return text + f" = {sum(faces)}" + _minus_items(self.items, self.move)


@dataclass(slots=True)
class Moved(Event):
    """``path``: every space passed, in order, jumped ones included; 0 = the sub."""

    seat: int
    name: str
    start: int
    end: int
    path: tuple
    jumped: tuple  # names of the divers jumped over

    def __str__(self):
        if self.end == self.start:
            return f"{self.name} cannot move and stays on {_space(self.start)}"
        text = f"{self.name} moves from {_space(self.start)} to {_space(self.end)}"
        if self.jumped:
            text += ", jumping over " + ", ".join(self.jumped)
        return text


@dataclass(slots=True)
class ReachedSub(Event):
    seat: int
    name: str
    items: int

    def __str__(self):
        return f"{self.name} is back in the submarine with {plural(self.items, 'item')}"


@dataclass(slots=True)
class PickedUp(Event):
    seat: int
    name: str
    space: int
    levels: tuple

    def __str__(self):
        return f"{self.name} picks up {describe_levels(self.levels)} on space {self.space}"


@dataclass(slots=True)
class Dropped(Event):
    seat: int
    name: str
    space: int
    levels: tuple

    def __str__(self):
        return f"{self.name} drops {describe_levels(self.levels)} on space {self.space}"


@dataclass(slots=True)
class Stayed(Event):
    seat: int
    name: str

    def __str__(self):
        return f"{self.name} does nothing"


@dataclass(slots=True)
class AllStuck(Event):
    names: tuple

    def __str__(self):
        return ("Nobody left in the water can move, pick up or drop ("
                + ", ".join(self.names) + "): the dive ends")


@dataclass(slots=True)
class Banked(Event):
    seat: int
    name: str
    values: tuple  # one tuple of revealed values per item

    def __str__(self):
        if not self.values:
            return f"{self.name} is back with nothing to bank"
        shown = ", ".join("+".join(map(str, v)) for v in self.values)
        total = plural(sum(map(sum, self.values)), "point")
        return f"{self.name} banks {plural(len(self.values), 'item')}: {shown} = {total}"


@dataclass(slots=True)
class Lost(Event):
    seat: int
    name: str
    space: int
    levels: tuple  # levels of the lost chips, in pick-up order

    def __str__(self):
        if not self.levels:
            return f"{self.name} is stranded on space {self.space} with nothing to lose"
        n = len(self.levels)
        return f"{self.name} is stranded on space {self.space} and loses {n} chip{'s' if n != 1 else ''}"


@dataclass(slots=True)
class StacksPlaced(Event):
    stacks: tuple  # levels per new stack, in trail order
    first_space: int  # trail space of the first new stack after the trail closed up

    def __str__(self):
        n = len(self.stacks)
        return (f"The lost chips sink to the far end: {n} new stack{'s' if n != 1 else ''}"
                f" from space {self.first_space} ("
                + "; ".join(describe_levels(s) for s in self.stacks) + ")")


@dataclass(slots=True)
class DiveEnded(Event):
    dive: int
    returned: tuple  # seats back in the sub
    stranded: tuple  # seats lost in the water
    blanks_removed: int
    trail_length: int

    def __str__(self):
        return (f"Dive {self.dive} is over: {len(self.returned)} back, {len(self.stranded)} stranded; "
                f"{plural(self.blanks_removed, 'blank space')} removed, "
                f"the trail now has {plural(self.trail_length, 'space')}")


@dataclass(slots=True)
class DiveStarted(Event):
    dive: int
    first_seat: int
    first_name: str
    reason: str

    def __str__(self):
        return f"Dive {self.dive} starts with {self.first_name} ({self.reason}); air 25"


@dataclass(slots=True)
class GameOver(Event):
    scores: tuple
    winners: tuple
    names: tuple
    tiebreak: str  # "" when the top score was not tied

    def __str__(self):
        who = " and ".join(self.names[s] for s in self.winners)
        verb = "share the win" if len(self.winners) > 1 else "wins"
        text = f"Game over: {who} {verb} with {plural(self.scores[self.winners[0]], 'point')}"
        return text + (f" ({self.tiebreak})" if self.tiebreak else "")


def describe_levels(levels) -> str:
    if len(levels) == 1:
        return f"a level-{levels[0]} chip"
    return f"a stack of {len(levels)} chips (levels {', '.join(map(str, levels))})"
