"""How many spaces a move covers when it jumps other divers: the movement rule as a table.

What a diver sees below it is a bit set, ``occupied`` (bit g-1: the space g below it is taken;
`gap_bits` gives each other diver's bit). ``jump_table()[occupied, m]`` is the spaces a move of m
free spaces covers, built from the movement rule (`rules.movement.move_end`) for a diver far
from the sub; a move that covers at least the diver's space gets it home. The original game's
dice move at most MAX_MOVE (6) free spaces; another variant's (Boost: 8) pass their longest
move, ``longest``, and get a table and a window of their own. The sorting and box
solvers move with it (`small_layers`, `five_or_six_divers`); tests/test_one_movement_rule.py
checks that form against move_end on every short trail.
"""
from __future__ import annotations

import numpy as np

from ...rules.movement import move_end
from ..dice import MAX_MOVE
from .chain import MAX_SEATS


def window(longest: int = MAX_MOVE) -> int:
    """The spaces a move can see: at most ``longest`` free spaces plus the (at most 5) other
    divers jumped on the way."""
    return longest + MAX_SEATS - 1


WINDOW = window()  # the original game's

_JUMP_TABLES: dict[int, np.ndarray] = {}  # longest move -> its jump table, once built
_JUMP_COLUMNS: list = []  # the original game's table a column per move, once built (see `jump_columns`)


def jump_table(longest: int = MAX_MOVE) -> np.ndarray:
    """table[occupied, m]: spaces a diver covers moving m (0..``longest``) free spaces toward the
    sub, where bit g-1 of ``occupied`` says whether the space g below it is taken (int64, a row
    per set of the ``window(longest)`` spaces below).

    Built from the movement rule (`rules.movement.move_end`), for a diver far enough from
    the sub that no move reaches it."""
    table = _JUMP_TABLES.get(longest)
    if table is None:
        seen = window(longest)
        top = seen + longest + 1  # a move covers at most seen + longest spaces
        table = np.zeros((1 << seen, longest + 1), dtype=np.int64)
        for occupied in range(1 << seen):
            taken = {top - g for g in range(1, seen + 1) if occupied >> (g - 1) & 1}
            table[occupied] = [top - move_end(top, m, False, taken, top) for m in range(longest + 1)]
        _JUMP_TABLES[longest] = table
    return table


def jump_columns() -> list:
    """`jump_table` a column per move: ``columns[m][occupied]`` (contiguous, one move at a time)."""
    if not _JUMP_COLUMNS:
        table = jump_table()
        _JUMP_COLUMNS.extend(np.ascontiguousarray(table[:, m], dtype=np.intp) for m in range(MAX_MOVE + 1))
    return _JUMP_COLUMNS


def gap_bits(far: int, longest: int = MAX_MOVE) -> np.ndarray:
    """``bits[(mover - other) + far]``: the bit of ``occupied`` another diver sets, for divers on
    spaces 0..far (none for a diver above the mover or out of sight of a move of ``longest``)."""
    bits = np.zeros(2 * far + 1, dtype=np.intp)
    for gap in range(1, min(window(longest), far) + 1):
        bits[far + gap] = 1 << (gap - 1)
    return bits
