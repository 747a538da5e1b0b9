"""The movement rule, written once: how far a roll moves a diver, where the move ends, and
when a diver is stuck (RULES.md, "A turn", step 3, and "Stuck divers").

A move counts free spaces only: spaces other divers stand on are jumped over and not
counted. Going deeper past the last free space the diver stops on the deepest free one (if
every space ahead is taken it stays put); going back, a move that reaches or passes the sub
ends in it (position 0). The engine moves its divers with `walk`; the odds' tables are built
from `move_end`, and the batch simulator's bit-mask form is checked against it for every
case up to a size (tests/test_one_movement_rule.py).

``occupied`` is any container of the spaces divers stand on: it may hold the mover's own
space and 0 (the sub), which never count as taken.
"""
from __future__ import annotations


def move_points(total: int, items: int) -> int:
    """Free spaces a roll moves a diver: the dice total less one per item carried, at least 0."""
    return total - items if total > items else 0


def walk(position: int, points: int, deeper: bool, occupied, trail_length: int) -> tuple:
    """Where a move of ``points`` free spaces from ``position`` ends, heading ``deeper`` or
    back, and the spaces of the divers it jumped on the way (a list, in order)."""
    jumped = []
    pos = end = position
    steps = points
    if not deeper:
        while steps and pos:
            pos -= 1
            if pos and pos in occupied:
                jumped.append(pos)
            else:
                steps -= 1
        return pos, jumped
    while steps and pos < trail_length:
        pos += 1
        if pos in occupied:
            jumped.append(pos)
        else:
            steps -= 1
            end = pos  # past the last free space: stop on the deepest free one
    while jumped and jumped[-1] > end:  # divers beyond the deepest free space are not passed
        jumped.pop()
    return end, jumped


def move_end(position: int, points: int, deeper: bool, occupied, trail_length: int) -> int:
    """Where a move of ``points`` free spaces from ``position`` ends (0: in the sub)."""
    return walk(position, points, deeper, occupied, trail_length)[0]


def free_spaces_deeper(position: int, occupied, trail_length: int) -> list:
    """The spaces past ``position`` that no diver stands on, nearest first."""
    return [p for p in range(position + 1, trail_length + 1) if p not in occupied]


def distance_home(position: int, occupied) -> int:
    """The movement points a diver on ``position`` needs to reach the sub: the free spaces
    between it and the sub, plus 1 (RULES.md's ``distance``; 0 in the sub)."""
    return position - sum(1 for p in set(occupied) if 0 < p < position)


def is_stuck(position: int, returning: bool, carrying: bool, on_item: bool, occupied,
             trail_length: int) -> bool:
    """A diver that can do nothing at all: heading deeper, empty-handed, on a blank space (or
    in the sub) and no free space deeper. (If every diver in the water is, the dive ends.)"""
    if returning or carrying or on_item:
        return False
    return all(p in occupied for p in range(position + 1, trail_length + 1))
