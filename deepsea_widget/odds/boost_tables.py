"""The tables behind the odds of a variant's dice (`boost_home`): P(home) for one diver heading
back, its items and the others' breathing held fixed, for every distance and air at once.

The turn is RULES.md's ("Odds of getting home", "Boost"): air -= breath (+ a Boost's air);
roll; move = the kept dice's total less the items, at least 0; home if the move reaches the
sub (even when the air ran out now), else lost at air <= 0, else air -= others, lost at
air <= 0, else the next turn. A policy says which kinds of turn the diver may take:
``"best"`` (each turn, boost or not, whichever gives the higher P(home)), ``"never"`` or
``"always"`` (boost every turn).

Two engines, one answer:

- `exact_rows`: integer counts for one (chips, others), exact. Air ``a`` allows at most
  ``turns[a] = ceil(a / cheapest turn's air)`` more turns, so every P(home) at air ``a`` is a
  count over ``outcomes ** turns[a]`` (8 ** turns for Boost's dice).
- `float_table`: every (others, chips) at once in numpy, air layer by air layer. Its floats are
  exact, not merely close: with 8 = 2 ** 3 equally likely rolls every value at air ``a`` is a
  multiple of ``2 ** -(3 * turns[a])`` in [0, 1], so while ``3 * turns <= 53`` every product
  and sum is a float without rounding (whatever order the matrix product adds in). The few
  (chips, others) past that (one air a turn: 25 turns) or with turns that use no air come from
  `exact_rows`, divided once (Python rounds ``int / int`` correctly). So every float is the
  exact fraction correctly rounded.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ..rules.air import FULL_AIR, breath
from ..rules.movement import move_points
from ..rules.variant import Variant

NEAR = 40  # the distances a first table covers (any trail: 32 spaces, distance <= 33) ...
BLOCK = NEAR  # ... and the width of each further block of distances, built on demand
MAX_TOTAL = 12  # the largest dice total these tables take (their size grows with it) ...
MAX_ROLLS = 4096  # ... and the most rolls (faces multiplied over the dice) they count
MANY_OTHERS = FULL_AIR  # from here on, others give every air one turn: one column serves them all
POLICIES = ("best", "never", "always")
_FLOAT_BITS = 53


@dataclass(frozen=True, eq=False)
class TurnDice:
    """What one roll of a variant's dice does: ``keep`` and ``boost`` list (best total kept,
    number of equally likely rolls giving it) without and with a Boost (``boost`` empty when
    the variant has none); ``outcomes`` rolls in all; ``boost_air`` a Boost's extra air.
    One object per variant (`turn_dice`): the caches below key on it by identity (fast)."""

    outcomes: int
    keep: tuple
    boost: tuple
    boost_air: int
    _moves: dict = field(default_factory=dict, repr=False)

    @cached_property
    def pad(self) -> int:
        """The longest move of any roll: the distances below 1 (home) a table keeps."""
        return max(total for total, _ in self.keep + self.boost)

    @cached_property
    def never_moves(self) -> int:
        """From this many items on no roll moves the diver (P(home) 0)."""
        return self.pad

    def moves(self, chips: int, boosting: bool) -> tuple:
        """(move, rolls) for a diver carrying ``chips`` items: move = total less items, >= 0."""
        moves = self._moves.get((chips, boosting))
        if moves is None:
            out = Counter()
            for total, rolls in (self.boost if boosting else self.keep):
                out[move_points(total, chips)] += rolls
            moves = self._moves[chips, boosting] = tuple(sorted(out.items()))
        return moves

    def kinds(self, policy: str) -> tuple:
        """The turns ``policy`` allows: False = keep the best dice, True = boost."""
        kinds = {"best": (False, True), "never": (False,), "always": (True,)}[policy]
        return kinds if self.boost else tuple(k for k in kinds if not k)

    def air_used(self, boosting: bool, chips: int, others: int) -> int:
        """Air gone between two of the diver's turns: its breath, a Boost's air, the others'."""
        return breath(chips) + (self.boost_air if boosting else 0) + others


def turn_dice(variant: Variant) -> TurnDice:
    """A variant's dice as the odds count them (every roll from ``variant.rolls``); the same
    object for the same `Variant` object (kept by identity: hashing a Variant costs more)."""
    known = _DICE.get(id(variant))
    if known is not None and known[0] is variant:
        return known[1]
    dice = _dice_of(variant)  # (equal variants share one TurnDice)
    if len(_DICE) > 64:
        _DICE.clear()
    _DICE[id(variant)] = (variant, dice)  # the variant kept alive: its id is not reused meanwhile
    return dice


_DICE: dict[int, tuple[Variant, TurnDice]] = {}


@lru_cache(maxsize=None)
def _dice_of(variant: Variant) -> TurnDice:
    def totals(boosting):
        return tuple(sorted(Counter(variant.best_total(r, boosting) for r in variant.rolls).items()))

    return TurnDice(len(variant.rolls), totals(False), totals(True) if variant.can_boost else (),
                    variant.boost_air if variant.can_boost else 0)


def width_for(distance: int, dice: TurnDice) -> int:
    """The table width (distances 0..width-1) that holds ``distance``: 1 + NEAR, or blocks of
    BLOCK more up to the farthest a diver goes in FULL_AIR turns; past it every value is the
    last column's."""
    farthest = FULL_AIR * dice.pad + 1  # no diver gets this far in 25 turns
    blocks = -(-min(max(distance, NEAR), farthest) // BLOCK)
    return 1 + blocks * BLOCK


@dataclass(frozen=True)
class ExactRows:
    """P(home) for one (chips, others) under a policy, exact: ``rows[a][pad + d] /
    outcomes ** turns[a]`` from distance ``d`` (d <= 0: home) with air ``a`` (0: the dive is over)."""

    outcomes: int
    pad: int
    turns: tuple
    rows: tuple  # per air 0..FULL_AIR, an object array of Python ints

    def count(self, distance: int, air: int) -> tuple[int, int]:
        """(numerator, denominator) of P(home) from ``distance`` (past the width: the last column)."""
        return self.scaled(distance, air), self.outcomes ** self.turns[air]

    def scaled(self, distance: int, air: int) -> int:
        """P(home) times ``outcomes ** turns[air]``, an integer."""
        row = self.rows[air]
        return int(row[min(self.pad + distance, len(row) - 1)])


@lru_cache(maxsize=1024)
def exact_rows(dice: TurnDice, policy: str, chips: int, others: int, width: int) -> ExactRows:
    """Integer counts of P(home), distances up to ``width - 1``, for every air 0..FULL_AIR."""
    pad = dice.pad
    kinds = [(dice.air_used(b, chips, others), dice.moves(chips, b)) for b in dice.kinds(policy)]
    if any(used == 0 and moves[-1][0] > 0 for used, moves in kinds):
        # a turn that uses no air and may move: taken again and again, it surely gets home
        return _constant_rows(dice, pad, width, 1)
    kinds = [k for k in kinds if k[0] > 0]  # a turn that neither uses air nor moves changes nothing
    if not kinds:
        return _constant_rows(dice, pad, width, 0)
    cheapest = min(used for used, _ in kinds)
    turns = (0,) + tuple(-(-a // cheapest) for a in range(1, FULL_AIR + 1))
    rows = [_padded_row(pad, width, 1, 0)]  # air 0: home only by this move
    for a in range(1, FULL_AIR + 1):
        best = None
        for used, moves in kinds:
            src = rows[max(a - used, 0)]
            total = sum(rolls * src[pad + 1 - m: pad + width - m] for m, rolls in moves)
            total = total * dice.outcomes ** (turns[a] - 1 - turns[max(a - used, 0)])
            best = total if best is None else np.maximum(best, total)
        row = _padded_row(pad, width, dice.outcomes ** turns[a], 0)
        row[pad + 1:] = best
        rows.append(row)
    return ExactRows(dice.outcomes, pad, turns, tuple(rows))


def _padded_row(pad: int, width: int, home, rest) -> np.ndarray:
    row = np.empty(pad + width, dtype=object)
    row[:pad + 1] = home
    row[pad + 1:] = rest
    return row


def _constant_rows(dice: TurnDice, pad: int, width: int, value: int) -> ExactRows:
    row = _padded_row(pad, width, 1, value)
    return ExactRows(dice.outcomes, pad, (0,) * (FULL_AIR + 1), (row,) * (FULL_AIR + 1))


def float_exact(dice: TurnDice, policy: str, chips: int, others: int) -> bool:
    """Whether `float_table`'s arithmetic is exact for (chips, others): a power-of-two number of
    rolls and at most 53 bits of denominator (the most turns the air allows)."""
    n = dice.outcomes
    if n & (n - 1):
        return False
    cheapest = min(dice.air_used(b, chips, others) for b in dice.kinds(policy))
    return cheapest > 0 and (n.bit_length() - 1) * -(-FULL_AIR // cheapest) <= _FLOAT_BITS


def float_table(dice: TurnDice, policy: str, width: int) -> np.ndarray:
    """P(home) as floats, ``table[others, chips, air, pad + d]`` for others 0..MANY_OTHERS, chips
    0..never_moves, air 0..FULL_AIR (0: over), distances d from -pad (home) to ``width - 1``."""
    values = _layers(dice, policy, width)
    for c in range(dice.never_moves + 1):
        for k in range(MANY_OTHERS + 1):
            if not float_exact(dice, policy, c, k):
                exact = exact_rows(dice, policy, c, k, width)
                for a, row in enumerate(exact.rows):
                    values[k, c, a] = (row / dice.outcomes ** exact.turns[a]).astype(float)
    return values


def _layers(dice: TurnDice, policy: str, width: int) -> np.ndarray:
    """``values[others, chips, air, pad + d]``, air layer by air layer, every (chips, others) at
    once; exact where `float_exact` says so (the rest `float_table` replaces)."""
    pad, blocks = dice.pad, (width - 1) // BLOCK
    chips = np.arange(dice.never_moves + 1)[:, None]
    others = np.arange(MANY_OTHERS + 1)[None, :]
    values = np.zeros((others.size, chips.size, FULL_AIR + 1, pad + width))
    values[:, :, :, :pad + 1] = 1.0  # distance 0 or less: home
    kinds = [(np.array([[dice.air_used(b, int(c), int(k)) for k in others[0]] for c in chips[:, 0]]),
              _move_matrices(dice, b, chips.size, pad)) for b in dice.kinds(policy)]
    for a in range(1, FULL_AIR + 1):
        best = None
        for used, matrices in kinds:
            src = values[others, chips, np.maximum(a - used, 0)]  # (chips, others, pad + width)
            # each block of BLOCK distances reads pad + BLOCK columns: one matrix product per chips
            windows = sliding_window_view(src[:, :, 1:], pad + BLOCK, axis=2)[:, :, ::BLOCK][:, :, :blocks]
            rows = windows.reshape(chips.size, others.size * blocks, pad + BLOCK)  # (a copy)
            out = (rows @ matrices).reshape(chips.size, others.size, blocks * BLOCK)
            best = out if best is None else np.maximum(best, out)
        values[:, :, a, pad + 1: pad + width] = best.transpose(1, 0, 2)
    return values


def _move_matrices(dice: TurnDice, boosting: bool, n_chips: int, pad: int) -> np.ndarray:
    """Per chips, the (pad + BLOCK) x BLOCK matrix taking a block's source columns to P(home):
    entry [pad + j - move, j] = P(that move), for the block's j-th distance."""
    out = np.zeros((n_chips, pad + BLOCK, BLOCK))
    j = np.arange(BLOCK)
    for c in range(n_chips):
        for m, rolls in dice.moves(c, boosting):
            out[c, pad + j - m, j] += rolls / dice.outcomes
    return out
