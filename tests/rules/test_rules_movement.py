"""The movement rule's own functions (rules/movement.py) agree with each other and with RULES.md.

`move_end` is the rule; `free_spaces_deeper`, `distance_home` and `is_stuck` say the same
thing in other words, for every position, move and occupied set on short trails.
"""
from __future__ import annotations

import itertools

from deepsea_widget.rules import DIE_FACES, ROLLS, breath, move_points
from deepsea_widget.rules.movement import distance_home, free_spaces_deeper, is_stuck, move_end, walk


def test_the_worked_example_of_rules_md():
    # A on space 10 heading back, B on 5, C on 6, D on 14: B and C are jumped, so A's distance is 8
    occupied = {5, 6, 14}
    assert distance_home(10, occupied) == 8
    assert move_end(10, 7, False, occupied, 20) == 1 and move_end(10, 8, False, occupied, 20) == 0
    assert walk(10, 6, False, occupied, 20) == (2, [6, 5])
    # deeper past the last free space: the deepest free one; every space ahead taken: stay put
    assert walk(10, 6, True, {12, 14}, 14) == (13, [12])
    assert move_end(12, 3, True, {13, 14}, 14) == 12


def test_the_dice_and_the_air():
    assert DIE_FACES == (1, 2, 3) and len(ROLLS) == 9
    assert sorted(sum(r) for r in ROLLS) == [2, 3, 3, 4, 4, 4, 5, 5, 6]
    assert [move_points(6, c) for c in range(8)] == [6, 5, 4, 3, 2, 1, 0, 0]
    assert [breath(c) for c in range(4)] == [0, 1, 2, 3]


def test_free_spaces_distance_and_stuck_say_what_move_end_says():
    for L in range(0, 9):
        for p in range(L + 1):
            spaces = [q for q in range(1, L + 1) if q != p]
            for k in range(len(spaces) + 1):
                for others in map(set, itertools.combinations(spaces, k)):
                    free = free_spaces_deeper(p, others, L)
                    for m in range(1, 8):
                        assert move_end(p, m, True, others, L) == (free[min(m, len(free)) - 1] if free else p)
                        if p:
                            assert (move_end(p, m, False, others, L) == 0) == (m >= distance_home(p, others))
                    assert is_stuck(p, False, False, False, others, L) == (not free)
