"""The dense solver's own parts (`all_divers.four_divers`): its index tables, its reuse of memory,
the chains it takes, its lookups of two divers left, how a variant's group splits by kind of turn.

Its answers are checked with the sorting solver's in test_all_divers.py (brute force through
every way, big chains against the sorting solver); these tests pin down what those cannot see.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deepsea_widget.odds import StateBudgetExceeded, all_divers
from deepsea_widget.odds.all_divers import four_divers, warm_memory
from deepsea_widget.odds.all_divers.chain import Chain
from deepsea_widget.odds.all_divers.four_divers_moves import DENSE_FAR, NOWHERE, PAD, WIDE, mover_top, tables
from deepsea_widget.odds.all_divers.four_divers_turns import DenseTurns
from deepsea_widget.odds.all_divers.two_divers_left import BOTH, FIRST, NEITHER, SECOND, pair_outcomes
from deepsea_widget.odds.all_divers.variant_turns import VariantTurns
from deepsea_widget.rules import BOOST
from deepsea_widget.rules.air import breath

from chain_ways import handover


def free_space(y, taken):
    """The y-th free space counted from the sub, the spaces in ``taken`` skipped (the literal way)."""
    p = 0
    while y > 0:
        p += 1
        if p not in taken:
            y -= 1
    return p


def free_coordinate(p, others):
    return p - sum(1 for q in others if q < p)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tables_say_where_each_cell_comes_from(n):
    step, free = tables(n)  # over spaces 1..DENSE_FAR (every box lies there): index = space - 1
    assert step.shape == free.shape == (DENSE_FAR,) * n
    assert step.ctypes.data % 64 == 0 and free.ctypes.data % 64 == 0  # a row of 32 int16 is one cache line
    cells = [(1, 2, 3, 4)[:n], (5, 1, 9, 7)[:n], (3, 30, 31, 32)[:n], (32, 31, 1, 2)[:n],
             (7, 8, 6, 9)[:n], (1, 32, 16, 15)[:n]]
    for y, *others in cells:  # axis 0 a free coordinate, the rest positions
        if len(set(others)) < len(others):
            continue
        p = free_space(y, set(others))
        index = (y - 1,) + tuple(q - 1 for q in others)
        assert free[index] == (p + PAD if p <= DENSE_FAR else NOWHERE)
        # after a move: axis 0 the next diver (free), the last axis the mover (a position)
        mover = others[-1]
        if p > DENSE_FAR:
            assert step[index] == NOWHERE
            continue
        before = free_coordinate(mover, [p] + others[:-1])
        assert step[index] == (before + PAD) * WIDE + p + PAD
    # no state: two divers on one space, a free coordinate past the trail's free spaces
    nowhere = [(3,) + (5,) * (n - 1)] if n > 2 else []
    nowhere += [(DENSE_FAR,) + tuple(range(1, n))]
    for cell in nowhere:
        index = tuple(c - 1 for c in cell)
        assert step[index] == NOWHERE and free[index] == NOWHERE


def test_memory_is_reused_and_a_budget_stop_leaves_nothing_behind():
    deep = ([20, 25, 30, 28], [1, 1, 1, 1], 25, 0)
    small = ([12, 9, 15, 4], [1, 0, 2, 1], 14, 2)
    first = all_divers.p_home_all(*deep)
    with pytest.raises(StateBudgetExceeded):
        all_divers.p_home_all(*deep, max_states=200_000)  # stops inside the dense solver
    assert all_divers.p_home_all(*small) == pytest.approx(_sorted_only(small), abs=1e-13)
    assert all_divers.p_home_all(*deep) == first
    assert warm_memory._POOL  # kept for the next question


def _sorted_only(case):
    with handover(10 ** 9):
        return all_divers.p_home_all(*case)


def test_what_ifs_beyond_the_trail_and_five_divers_are_not_its():
    chain = Chain([40, 10], [1, 1], 10 ** 6)
    assert not four_divers.takes(chain)
    assert not four_divers.takes(Chain([5, 6, 7, 8, 9], [1] * 5, 10 ** 6))
    assert four_divers.takes(Chain([32, 31, 30, 29], [1] * 4, 10 ** 6))


def test_a_boost_chain_is_its_but_not_a_first_layer_with_a_boost_declared():
    """Moves up to 8 fit its layout (PAD); a Boost declared already is the first layer's only."""
    assert PAD >= BOOST_LONGEST
    chips = [1, 2, 0, 3]
    assert four_divers.takes(Chain([32, 31, 30, 29], chips, 10 ** 6, VariantTurns(BOOST, "best", chips, False)))
    declared = Chain([32, 31, 30, 29], chips, 10 ** 6, VariantTurns(BOOST, "best", chips, True))
    assert not four_divers.takes(declared)
    declared.layers = 1  # (after the sorting solver's first layer)
    assert four_divers.takes(declared)


BOOST_LONGEST = 8  # three dice 0&3, 1&3, 1&2, every one counted


@pytest.mark.parametrize("boost", ["best", "never", "always"])
def test_a_groups_rows_split_by_the_kind_of_turn_the_rule_says(boost):
    """`DenseTurns.spans`: in a Boost chain each row of a group (the mover's free distance) is
    moved by exactly one kind of turn, the one its rule gives there (`VariantTurns.boosting`,
    the others' items in the water fixed), at that kind's air; the other kind's rows inside a
    span are left out. The original game's one kind takes every row."""
    chips = [1, 2, 0, 3]
    chain = Chain([20, 25, 30, 28], chips, 10 ** 6, VariantTurns(BOOST, boost, chips, False))
    turns = DenseTurns(chain)
    kinds_seen = set()
    for t, air, in_water in itertools.product(range(4), (2, 3, 5, 9, 14, 25), (0b1111, 0b0111, 0b1101, 0b1011)):
        if not in_water >> t & 1:
            continue
        others = sum(chips[j] for j in range(4) if j != t and in_water >> j & 1)
        for y0, rows in ((1, DENSE_FAR), (3, 10), (12, 5), (30, 3)):
            want = np.broadcast_to(chain.turns.boosting(t, air, np.arange(y0, y0 + rows), np.full(rows, others),
                                                        False), (rows,))
            got = np.full(rows, -1)
            spans = turns.spans(t, air, in_water, y0, rows)
            assert not any(holes for _, _, _, holes in spans[:-1])  # (only the last may need its box zeroed)
            for kind, r0, r1, holes in spans:
                assert kind.air_used == breath(chips[t]) + (BOOST.boost_air if kind.boosting else 0)
                for r in set(range(r0, r1)) - {r for h0, h1 in holes for r in range(h0, h1)}:
                    assert got[r] == -1
                    got[r] = kind.boosting
            assert (got == want).all(), (t, air, in_water, y0, rows)
            kinds_seen.add(tuple(sorted(set(want.tolist()))))
    assert kinds_seen == ({(False, True), (False,), (True,)} if boost == "best" else {(boost == "always",)})
    original = DenseTurns(Chain([20, 25, 30, 28], chips, 10 ** 6))
    [(kind, r0, r1, holes)] = original.spans(1, 9, 0b1111, 3, 10)
    assert (r0, r1, holes, kind.air_used) == (0, 10, [], breath(2))


def test_a_variants_pair_table_needs_the_seats_its_rule_asks_for():
    turns = VariantTurns(BOOST, "best", [3, 1], False)
    with pytest.raises(ValueError, match="seats"):
        pair_outcomes(3, 1, turns)
    with pytest.raises(ValueError, match="seats"):
        pair_outcomes(3, 1, turns, (1, 0))
    table = pair_outcomes(3, 1, turns, (0, 1))
    assert table.shape == pair_outcomes(3, 1).shape and not np.array_equal(table, pair_outcomes(3, 1))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.lists(st.integers(1, DENSE_FAR), min_size=n, max_size=n, unique=True),
    st.lists(st.sampled_from([0, 1, 1, 2, 3, 4, 5, 6, 8, 12]), min_size=n, max_size=n),
    st.integers(1, 10), st.integers(0, n - 1))))
def test_whole_trail_positions_match_the_sorted_solver(case):
    """Anywhere on the 32-space trail, every item count (two running sums for 0-2 items,
    plain shifted copies from 3 on, no move at all from 6 on, but still breathing them all)."""
    positions, chips, air, turn = case
    with handover(-1):  # the dense solver from the first layer
        dense = all_divers.p_home_all(positions, chips, air, turn)
    assert dense == pytest.approx(_sorted_only(case), abs=1e-13)


@settings(max_examples=15, deadline=None)
@given(st.tuples(
    st.lists(st.integers(12, DENSE_FAR), min_size=4, max_size=4, unique=True),
    st.lists(st.sampled_from([0, 1, 1, 2, 3]), min_size=4, max_size=4),
    st.integers(8, 25), st.integers(0, 3)))
def test_a_gather_done_in_many_small_chunks_gives_the_same_odds(case):
    """The gather builds its index a chunk of rows at a time (`_CHUNK` cells; a big
    4-diver group takes several). With a tiny chunk every gather takes many, and a
    group's first and last rows with states fall anywhere among them."""
    positions, chips, air, turn = case
    if not any(chips):
        chips = [1] + chips[1:]
    with handover(-1):
        whole = all_divers.p_home_all(positions, chips, air, turn)
        chunk = four_divers._CHUNK
        four_divers._CHUNK = 50  # (one row a chunk in nearly every gather)
        try:
            chunked = all_divers.p_home_all(positions, chips, air, turn)
        finally:
            four_divers._CHUNK = chunk
    assert chunked == whole  # the same arithmetic, cell for cell
    if air <= 12:  # (the sorted solver is slow on the deepest ones)
        assert whole == pytest.approx(_sorted_only((positions, chips, air, turn)), abs=1e-13)


def test_every_item_count_moves_as_the_dice_say():
    """One diver among empty-handed ones far behind it: P(home) per item count, against the
    sorted solver, for all seatings."""
    for chips, seat, air in itertools.product(range(14), range(3), (3, 10)):
        positions = [30, 31, 32]
        positions[seat] = 4
        items = [0, 0, 0]
        items[seat] = chips
        case = (positions, items, air, seat)
        with handover(-1):
            dense = all_divers.p_home_all(*case)
        assert dense == pytest.approx(_sorted_only(case), abs=1e-13), (chips, seat, air)


def two_divers_brute_force(p, q, c_first, c_second, air):
    """How the dive ends for two divers, RULES.md played out: {(first home, second home): P}."""
    from functools import lru_cache

    chips = (c_first, c_second)

    def move(pos, seat, steps):
        x, other = pos[seat], pos[1 - seat]
        while steps > 0:
            x -= 1
            if x <= 0:
                return 0
            if x != other:
                steps -= 1
        return x

    @lru_cache(maxsize=None)
    def ends(pos, air, seat):
        air -= chips[seat]
        out: dict = {}
        for a in (1, 2, 3):
            for b in (1, 2, 3):
                new = list(pos)
                new[seat] = move(pos, seat, max(0, a + b - chips[seat]))
                new = tuple(new)
                if air <= 0 or all(x == 0 for x in new):
                    result = {(new[0] == 0, new[1] == 0): 1.0}
                elif 0 in new:  # one left: it moves on alone (its own turns, or all of them)
                    left = 1 - new.index(0)
                    result = {}
                    for (h0, h1), pr in ends_alone(new, air, left).items():
                        result[h0, h1] = result.get((h0, h1), 0.0) + pr
                else:
                    result = ends(new, air, 1 - seat)
                for k, pr in result.items():
                    out[k] = out.get(k, 0.0) + pr / 9
        return out

    def ends_alone(pos, air, seat):
        if chips[seat] == 0:
            return {(True, True): 1.0}
        return ends(pos, air, seat)

    return ends((p, q), air, 0)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 13), st.integers(0, 13), st.integers(1, 14), st.integers(1, 14),
       st.integers(1, 25))
def test_two_divers_left_are_looked_up_exactly(c_first, c_second, p, q, air):
    if p == q:
        return
    table = pair_outcomes(c_first, c_second)[air, :, p, q]
    want = two_divers_brute_force(p, q, c_first, c_second, air)
    assert table[FIRST] == pytest.approx(want.get((True, False), 0.0), abs=1e-12)
    assert table[SECOND] == pytest.approx(want.get((False, True), 0.0), abs=1e-12)
    assert table[BOTH] == pytest.approx(want.get((True, True), 0.0), abs=1e-12)
    assert table[NEITHER] == pytest.approx(want.get((False, False), 0.0), abs=1e-12)
    # an outcome that cannot happen has exactly 0 (not a few ulps left over from 1)
    for k, ends in ((FIRST, (True, False)), (SECOND, (False, True)), (BOTH, (True, True)), (NEITHER, (False, False))):
        if not want.get(ends):
            assert table[k] == 0.0, (k, table)


@settings(max_examples=400, deadline=None)
@given(st.integers(2, 4), st.data())
def test_mover_top_is_the_highest_space_the_mover_reaches(n, data):
    """`mover_top` finds, from slices of a move's top rows, the highest space the mover stands
    on in a state with some probability: here against the literal count over every such state
    in the rows still in the water (at least the top row's free coordinate, where the box would
    end anyway; at most the cap it is given). As in `expand`, rows below ``first`` (divers home
    on this move) may hold probability, which must not count."""
    rows = data.draw(st.integers(1, 6))
    sizes = [data.draw(st.integers(1, 6)) for _ in range(n - 1)]
    row0 = data.draw(st.integers(-3, 10))  # the mover's free coordinate in row 0
    first = data.draw(st.integers(max(1, row0), max(1, row0) + rows - 1))  # the first row in the water
    starts = [data.draw(st.integers(1, 12)) for _ in range(n - 1)]  # each other's lowest space
    out = np.zeros((rows, *sizes))
    reached = []
    for cell in data.draw(st.lists(st.tuples(*[st.integers(0, s - 1) for s in (rows, *sizes)]), max_size=6)):
        others = [b + c for b, c in zip(starts, cell[1:])]
        if len(set(others)) == len(others):  # (two divers on one space: no state)
            out[cell] = 0.5
            if row0 + cell[0] >= first:
                reached.append(free_space(row0 + cell[0], set(others)))
    last = row0 + rows - 1
    if first > last:
        return
    cap = data.draw(st.integers(last, last + n - 1))
    got = mover_top(out, row0, starts[0], starts[1:], first, last, cap)
    assert got == min(cap, max(reached + [last]))
