"""What the batch simulator starts from and what it answers: `DiveState` (the public facts of a
dive in progress) and `BatchResult` (per rollout, how the dive ended)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..rules.variant import CLASSIC, Variant


@dataclass(frozen=True)
class DiveState:
    """The public facts of a dive in progress that decide who gets home.

    ``phase`` is the current diver's phase: "roll" (it has breathed; ``air`` is
    the air after breathing, and after its Boost if it declared one), "keep" (a Boost game:
    it rolled ``rolled`` without a Boost and chooses the dice to keep) or "treasure" (it has
    moved). ``variant``: the edition's dice (`rules.variant`); ``boosted``: the current diver
    declared a Boost this turn; ``turn_start_air``: the air at the start of its turn, before it
    breathed (None: ``air``), which the one-diver Boost rule reads.
    """

    trail: tuple  # per space: True if it holds an item (a chip or a stack)
    positions: tuple
    returning: tuple
    back: tuple
    carried: tuple  # items carried per seat (a stack is one item)
    air: int
    current: int
    phase: str
    values: tuple | None = None  # per space: its item's expected value (level means), 0.0 if blank
    carried_values: tuple | None = None  # per seat: each item's expected value, in the order carried
    variant: Variant = CLASSIC
    boosted: bool = False
    rolled: tuple | None = None  # the faces on the table in the keep phase
    turn_start_air: int | None = None

    @property
    def players(self) -> int:
        return len(self.positions)

    @classmethod
    def from_game(cls, game) -> "DiveState":
        """Read a `Game`'s public state (never its hidden values), its variant included."""
        if game.is_over:
            raise ValueError("game: the game is over, there is no dive left to simulate")
        divers = game.divers
        return cls(
            trail=tuple(s is not None for s in game.trail),
            positions=tuple(d.position for d in divers),
            returning=tuple(bool(d.returning) for d in divers),
            back=tuple(bool(d.back) for d in divers),
            carried=tuple(len(d.carried) for d in divers),
            air=game.air, current=game.current_player, phase=game.phase,
            values=tuple(0.0 if s is None else s.expected_value for s in game.trail),
            carried_values=tuple(tuple(it.expected_value for it in d.carried) for d in divers),
            variant=game.variant, boosted=game.boosted,
            rolled=game.last_roll if game.phase == "keep" else None, turn_start_air=game.turn_start_air,
        )


@dataclass
class BatchResult:
    """Per rollout, at the end of the dive. Row i is rollout i.

    ``home[i, s]``: seat s is in the submarine (back, or never left).
    ``air``: the air track at the end (after the last breath or Boost; may be <= 0).
    ``turns``: turns started after the simulated position (the current turn not counted).
    ``positions``/``carried``: where each diver ended and how many items it held.
    ``held``: the expected value (level means) of what each diver held at the end.
    """

    home: np.ndarray
    air: np.ndarray
    turns: np.ndarray
    positions: np.ndarray
    carried: np.ndarray
    held: np.ndarray | None = None

    @property
    def n(self) -> int:
        return len(self.air)
