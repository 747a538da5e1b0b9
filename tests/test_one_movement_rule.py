"""The faster forms of the movement and air rules, checked against the rules themselves.

The movement rule is written once, in `deepsea_widget.rules.movement` (the engine moves
with it); the odds' jump and landing tables are built from it. Two forms must stay
vectorised for speed, and are checked here against it case by case, for every case up to
a size: the batch simulator's bit masks (`simulation.batch_moves`), the dense chain
solver's layout tables (`odds.all_divers.four_divers_moves.tables`) and the sorting and box
solvers' jumps (`odds.all_divers.jumps`). A new dice or
movement rule changes `rules`; these tests then say which fast form no longer follows it.
The one-diver odds count a diver's turns by a closed form of the air rule (`rules.air`),
checked here as well.
"""
from __future__ import annotations

import itertools

import numpy as np

from deepsea_widget.odds.all_divers.four_divers_moves import DENSE_FAR, NOWHERE, PAD, WIDE, tables
from deepsea_widget.odds.all_divers.jumps import gap_bits, jump_table
from deepsea_widget.odds.dice import MAX_MOVE
from deepsea_widget.rules.movement import distance_home, free_spaces_deeper, is_stuck, move_end
from deepsea_widget.simulation import batch_moves as bm

MAX_OTHERS = 5  # six divers at most: five others on the trail


def _cases(L: int, max_others: int):
    """Every (position, other divers' spaces) on a trail of L spaces, up to ``max_others`` others."""
    for p in range(L + 1):
        spaces = [q for q in range(1, L + 1) if q != p]
        for k in range(min(max_others, len(spaces)) + 1):
            for others in itertools.combinations(spaces, k):
                yield p, others


def _check_trail(L: int, max_others: int) -> int:
    """Every position, move, heading, occupied set and (for stuck) load and item on a trail of
    L spaces, through the bit-mask forms at once, against the rule one case at a time."""
    by_count: dict = {}  # number of others -> cases (the mask form takes their count + 1 as D)
    for p, others in _cases(L, max_others):
        by_count.setdefault(len(others), []).append((p, others))
    checked = 0
    for k, cases in by_count.items():
        p = np.array([c[0] for c in cases], dtype=np.int64)
        others = np.array([sum(1 << q for q in c[1]) for c in cases], dtype=np.int64)
        occ = others | np.where(p > 0, 1 << p, 0)  # every diver's space, the mover's too
        # the free spaces deeper, the distance home (on the trail) and being stuck
        assert bm.free_deeper(p, others, L).tolist() == [len(free_spaces_deeper(q, o, L)) for q, o in cases]
        assert bm.free_deeper(p, occ, L).tolist() == [len(free_spaces_deeper(q, o, L)) for q, o in cases]
        assert bm.no_free_deeper(p, occ, L).tolist() == [not free_spaces_deeper(q, o, L) for q, o in cases]
        on = p > 0
        assert bm.distance(p[on], others[on]).tolist() == [distance_home(q, o) for q, o in cases if q > 0]
        for returning, carried, item in itertools.product((False, True), (0, 1), (False, True)):
            items = np.where(item & (p > 0), 1 << p, 0)
            got = bm.stuck(p, np.full(p.size, returning), np.full(p.size, carried), occ, items, L)
            want = [is_stuck(q, returning, carried > 0, item and q > 0, set(o) | {q}, L) for q, o in cases]
            assert got.tolist() == want, (L, returning, carried, item)
        # where every move ends, both ways
        for deeper, mv in itertools.product((True, False), range(MAX_MOVE + 1)):
            if not deeper and not on.any():
                continue
            rows = np.arange(p.size) if deeper else np.flatnonzero(on)  # (heading back from the sub: no case)
            got = bm.move_ends(p[rows], np.full(rows.size, mv), np.full(rows.size, deeper), others[rows], L, k + 1)
            want = [move_end(cases[i][0], mv, deeper, cases[i][1], L) for i in rows]
            assert got.tolist() == want, (L, k, deeper, mv)
            checked += rows.size
    return checked


def test_the_batch_simulators_bit_masks_follow_the_movement_rule():
    checked = sum(_check_trail(L, MAX_OTHERS) for L in range(0, 13))
    # the longest trail the masks hold (its top bits), with up to one other diver
    checked += _check_trail(bm.MAX_BATCH_TRAIL, 1)
    assert checked > 400_000  # (moves checked)
    # the tables are the rules' own answers: a roll's points and a breath, for every load
    from deepsea_widget.rules import ROLLS, breath, move_points

    assert bm.ROLL_TOTALS.tolist() == [sum(roll) for roll in ROLLS]
    totals = np.repeat(np.arange(7), bm.MAX_ITEMS + 1)
    loads = np.tile(np.arange(bm.MAX_ITEMS + 1), 7)
    assert bm.move_points_of(totals, loads).tolist() == [move_points(t, c) for t, c in zip(totals, loads)]
    assert bm.BREATH.tolist() == [breath(c) for c in range(bm.MAX_ITEMS + 1)]


def _free_space(y: int, others) -> int:
    """The y-th free space from the sub (others' spaces not counted), by the rule: where a diver
    leaving the sub with y movement points ends on a trail long enough never to stop it."""
    return move_end(0, y, True, others, DENSE_FAR + len(others) + 1)


def test_the_dense_chains_tables_follow_the_movement_rule():
    """`tables(n)`: for a cell (the first diver's free coordinate y, the others' spaces), the
    first diver's space (``free``), and after a move (``step``) the mover's distance home before
    it (the mover is the last axis). Every cell for 2 and 3 divers; for 4, every cell within
    spaces 1..20 (the table is one formula for any n and cell: the small box holds every order)."""
    for n, top in ((2, DENSE_FAR), (3, DENSE_FAR), (4, 20)):
        step, free = tables(n)
        for others in itertools.product(range(1, top + 1), repeat=n - 1):
            index = tuple(q - 1 for q in others)
            if len(set(others)) < len(others):  # two divers on one space: no state
                assert (free[(slice(None),) + index] == NOWHERE).all()
                assert (step[(slice(None),) + index] == NOWHERE).all()
                continue
            for y in range(1, top + 1):
                p = _free_space(y, others)
                if p > DENSE_FAR:  # beyond the trail's free spaces: no state
                    assert free[(y - 1,) + index] == NOWHERE and step[(y - 1,) + index] == NOWHERE
                    continue
                assert free[(y - 1,) + index] == p + PAD
                before = distance_home(others[-1], (p,) + others[:-1])
                assert step[(y - 1,) + index] == (before + PAD) * WIDE + p + PAD


def _check_jumps(L: int, max_others: int, far: int, longest: int = MAX_MOVE) -> int:
    """The jump form on a trail of L spaces: every diver heading back, every move up to
    ``longest``, up to ``max_others`` others on the trail, with and without one back in the sub."""
    table, bits, checked = jump_table(longest), gap_bits(far, longest), 0
    for p, others in _cases(L, max_others):
        if p == 0:
            continue
        for seen in (others, others + (0,)):  # (the solvers see a diver back in the sub too)
            occupied = 0
            for q in seen:
                occupied |= int(bits[p - q + far])
            got = [max(p - int(c), 0) for c in table[occupied]]  # home once it covers space p
            assert got == [move_end(p, m, False, others, L) for m in range(longest + 1)], (p, seen, far)
            checked += longest + 1
    return checked


def test_the_sorting_and_box_solvers_jumps_follow_the_movement_rule():
    """`jumps`: the others' bits below a diver (`gap_bits`), the spaces a move covers given them
    (`jump_table`), home once it covers the diver's space; every case on every trail up to 12
    spaces with up to five others, and on the 32-space trail (a chain's farthest diver a few
    spaces farther still) with up to two."""
    checked = sum(_check_jumps(L, MAX_OTHERS, L) for L in range(1, 13))
    checked += _check_jumps(32, 2, 32) + _check_jumps(32, 2, 40)
    assert checked > 500_000


def test_a_boost_chains_jumps_follow_the_movement_rule():
    """The same for moves up to 8 (Boost's three dice, `all_divers.variant_turns`), whose
    window sees two spaces farther: every trail up to 14 spaces with up to five others."""
    checked = sum(_check_jumps(L, MAX_OTHERS, L, longest=8) for L in range(1, 15))
    checked += _check_jumps(32, 2, 40, longest=8)
    assert checked > 500_000


def test_the_one_diver_odds_breathe_as_the_air_rule_says():
    """`turns_left`'s closed form, ceil(air / (items + others)), against turns played out with
    `rules.air.breath`, for every air, load and others' breath (RULES.md's odds definition)."""
    from deepsea_widget.odds import turns_left
    from deepsea_widget.rules import FULL_AIR, breath

    for air, items, others in itertools.product(range(1, FULL_AIR + 1), range(9), range(9)):
        if breath(items) + others == 0:
            continue  # nobody uses air: unlimited turns
        left, turns = air, 0
        while True:
            left -= breath(items)
            turns += 1
            if left <= 0 or (left := left - others) <= 0:
                break
        assert turns_left(air, items, others) == turns, (air, items, others)
