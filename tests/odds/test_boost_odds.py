"""p_home(..., variant="boost"), boost_choice and home_table(variant=...) against RULES.md's
"Boost" values and a plain recursion written here, over the 8 rolls, sharing nothing with
the package's tables."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

import numpy as np
import pytest

from deepsea_widget.odds import BoostChoice, boost_choice, home_table, p_home
from deepsea_widget.rules.variant import BOOST, CLASSIC, Variant

from rules_values import RULES_VALUES  # the original game's: they must not change

# RULES.md, "Boost": three dice, faces 0&3, 1&3, 1&2; a Boost costs one air on top of the breath.
FACES = ((0, 0, 0, 3, 3, 3), (1, 1, 1, 3, 3, 3), (1, 1, 1, 2, 2, 2))
ROLLS = sorted(set(product(*FACES)))  # the 8 rolls, equally likely (27 of the 216 face triples each)
BOOST_AIR = 1

# RULES.md's examples (exact): d, c, a, k, best play, never boosting.
RULES_BOOST = [
    (6, 2, 10, 3, Fraction(37, 64), Fraction(3, 8)),
    (4, 2, 4, 2, Fraction(3, 8), Fraction(1, 4)),
]

CHIPS = [0, 1, 2, 3, 6, 7, 9]
OTHERS = [0, 1, 2, 5, 24, 30]
AIRS = [1, 2, 3, 7, 13, 18, 25]
DISTANCES = [1, 2, 3, 5, 8, 13, 21, 33, 40, 41, 57]


@lru_cache(maxsize=None)
def plain(chips: int, others: int, rule: str, boost_air: int = BOOST_AIR):
    """(value, turn): P(home) at a turn's start under ``rule``, and P(home) taking this turn
    boosting or not and then playing by ``rule``; RULES.md's turn, step by step, in Fractions."""

    @lru_cache(maxsize=None)
    def value(distance: int, air: int) -> Fraction:
        ways = {"best": (False, True), "never": (False,), "always": (True,)}[rule]
        return max(turn(distance, air, boosting) for boosting in ways)

    def turn(distance: int, air: int, boosting: bool) -> Fraction:
        total = Fraction(0)
        for roll in ROLLS:
            a = air - chips - (boost_air if boosting else 0)  # breathe (and pay the Boost)
            kept = sum(roll) if boosting else sum(roll) - min(roll)  # all three, or the best two
            move = max(0, kept - chips)
            if move >= distance:
                total += 1  # home, even when a <= 0 now
            elif a <= 0 or a - others <= 0:
                continue  # the air ran out on its own turn or on another diver's
            else:
                total += value(distance - move, a - others)
        return total / len(ROLLS)

    return value, turn


def test_the_test_rolls_are_the_rules_dice():
    assert len(ROLLS) == 8 and sorted(BOOST.rolls) == ROLLS and BOOST.boost_air == BOOST_AIR


@pytest.mark.parametrize("d, c, a, k, best, never", RULES_BOOST)
def test_rules_boost_values(d, c, a, k, best, never):
    assert p_home(d, c, a, k, variant="boost", exact=True) == best
    assert p_home(d, c, a, k, variant="boost", boost="never", exact=True) == never
    assert p_home(d, c, a, k, variant="boost") == float(best)
    assert p_home(d, c, a, k, variant="boost", boost="never") == float(never)
    value, _ = plain(c, k, "best")
    assert value(d, a) == best and plain(c, k, "never")[0](d, a) == never  # the recursion too


@pytest.mark.parametrize("chips", CHIPS)
def test_every_rule_matches_the_plain_recursion_exactly(chips):
    for others in OTHERS:
        for rule in ("best", "never", "always"):
            value, _ = plain(chips, others, rule)
            for air in AIRS:
                for d in DISTANCES:
                    got = p_home(d, chips, air, others, variant="boost", boost=rule, exact=True)
                    assert isinstance(got, Fraction)
                    assert got == value(d, air), (d, chips, air, others, rule)
                    as_float = p_home(d, chips, air, others, variant="boost", boost=rule)
                    assert type(as_float) is float and as_float == float(got), (d, chips, air, others, rule)


@pytest.mark.parametrize("chips", CHIPS)
def test_the_best_rule_never_loses_to_never_or_always(chips):
    for others, air, d in product(OTHERS, AIRS, DISTANCES):
        best = p_home(d, chips, air, others, variant="boost", exact=True)
        assert best >= p_home(d, chips, air, others, variant="boost", boost="never", exact=True)
        assert best >= p_home(d, chips, air, others, variant="boost", boost="always", exact=True)


def test_the_option_is_worth_something_and_sometimes_nothing():
    worth = [p_home(d, c, a, k, variant="boost") - p_home(d, c, a, k, variant="boost", boost="never")
             for d, c, a, k in product(range(1, 30, 4), range(5), range(1, 26, 3), (0, 2, 5))]
    assert max(worth) > 0.2 and min(worth) == 0.0


def test_the_whole_table_is_the_exact_fractions_rounded():
    """Every entry d <= 40, c <= 8, a <= 25, k <= 24: the float table (numpy, every (c, k) at
    once) equals float() of the exact counts; the other rules for a few k."""
    for rule, ks in (("best", range(25)), ("never", (0, 1, 3)), ("always", (0, 1, 3))):
        for k in ks:
            table = home_table(40, 8, 25, k, variant="boost", boost=rule)
            assert table.shape == (9, 26, 41)
            exact = np.array([[[float(p_home(d, c, a, k, variant="boost", boost=rule, exact=True))
                                for d in range(1, 41)] for a in range(1, 26)] for c in range(9)])
            assert np.array_equal(table[:, 1:, 1:], exact), (rule, k)


def test_home_table_pads_and_reads_like_the_classic_one():
    table = home_table(50, 10, 12, 3, variant="boost")
    assert table.shape == (11, 13, 51)
    assert np.isnan(table[:, 0, :]).all() and (table[:, 1:, 0] == 1.0).all()
    for c, a, d in product(range(11), range(1, 13), range(1, 51)):
        assert table[c, a, d] == p_home(d, c, a, 3, variant="boost"), (c, a, d)
    wide = home_table(1000, 32, 25, 100, variant="boost", boost="never")
    assert wide.shape == (33, 26, 1001) and (wide[:, 1:, 300:] == 0).all()


def test_far_distances_and_loads():
    assert p_home(1000, 0, 25, 1, variant="boost") == 0.0
    assert p_home(1000, 0, 25, 0, variant="boost") == 1.0  # keeping two dice uses no air: it always gets home
    assert p_home(3, 0, 25, 0, variant="boost", boost="always", exact=True) == 1
    assert p_home(1, 8, 25, 0, variant="boost", exact=True) == 0  # 3 + 3 + 2 = 8 less 8 items: no move
    assert p_home(1, 7, 25, 0, variant="boost", boost="never", exact=True) == 0
    assert p_home(1, 7, 8, 0, variant="boost", exact=True) == Fraction(1, 8)  # one turn: boosting a 3, 3, 2
    assert p_home(1, 7, 25, 0, variant="boost", exact=True) == 1 - Fraction(7, 8) ** 4  # 25, 17, 9, 1


def test_boost_choice_gives_both_numbers():
    for d, c, a, k in product((1, 4, 6, 11, 25, 45), (0, 1, 2, 4, 7), (1, 2, 5, 10, 25), (0, 1, 3, 24)):
        _, turn = plain(c, k, "best")
        exact = boost_choice(d, c, a, k, exact=True)
        assert isinstance(exact, BoostChoice)
        assert exact.if_boost == turn(d, a, True) and exact.if_not == turn(d, a, False), (d, c, a, k)
        assert exact.p_home == p_home(d, c, a, k, variant="boost", exact=True)
        assert exact.should_boost == (exact.if_boost > exact.if_not)
        floats = boost_choice(d, c, a, k)
        assert (floats.if_boost, floats.if_not) == (float(exact.if_boost), float(exact.if_not))
    choice = boost_choice(6, 2, 10, 3)  # RULES.md's example: boosting now pays
    assert choice.should_boost and choice.p_home == 37 / 64
    tie = boost_choice(1, 0, 10, 0, exact=True)  # any roll gets home: keep the air
    assert tie.if_boost == tie.if_not == 1 and not tie.should_boost


def test_the_variant_may_be_given_as_a_variant_or_its_parameters():
    as_dict = {"name": "boost", "dice": [[0, 3], [1, 3], [1, 2]], "keep": 2, "boost_air": 1}
    for variant in (BOOST, as_dict):
        assert p_home(6, 2, 10, 3, variant=variant, exact=True) == Fraction(37, 64)
    dearer = Variant("dear boost", BOOST.dice, keep=2, boost_air=3)  # a Boost at 3 air, not 1
    assert p_home(6, 2, 10, 3, variant=dearer, boost="never", exact=True) == Fraction(3, 8)
    gaps = [p_home(d, c, a, k, variant="boost", exact=True) - p_home(d, c, a, k, variant=dearer, exact=True)
            for d, c, a, k in product((3, 8, 15), (0, 1, 3), (4, 11, 25), (0, 2))]
    assert min(gaps) == 0 and max(gaps) > 0


@pytest.mark.parametrize("boost_air", [0, 2, 3])
def test_a_boost_at_another_price_matches_the_plain_recursion(boost_air):
    """The Boost's air is a parameter (RULES.md): free (a Boost that uses no air when nobody
    breathes), or dearer."""
    variant = Variant("priced boost", BOOST.dice, keep=2, boost_air=boost_air)
    for c, k, rule in product((0, 1, 2, 4), (0, 1, 3), ("best", "never", "always")):
        value, _ = plain(c, k, rule, boost_air)
        for air, d in product((1, 2, 5, 12, 25), (1, 3, 6, 14, 30, 44)):
            got = p_home(d, c, air, k, variant=variant, boost=rule, exact=True)
            assert got == value(d, air), (d, c, air, k, rule)
            assert p_home(d, c, air, k, variant=variant, boost=rule) == float(got)


def test_other_dice_within_the_bounds_are_answered():
    coins = Variant("six coins", ((0, 1),) * 6)  # 64 rolls, every die counts, no Boost
    assert p_home(1, 0, 10, 5, variant=coins, exact=True) == 1 - Fraction(1, 64) ** 2  # two turns
    assert p_home(1, 0, 10, 0, variant=coins, exact=True) == 1  # no air used: it rolls until it moves
    assert p_home(7, 0, 25, 0, variant=coins, boost="never") == 1.0
    with pytest.raises(ValueError, match="^boost"):
        p_home(1, 0, 10, 5, variant=coins, boost="always")


@pytest.mark.parametrize("c, k", [(0, 0), (0, 1), (1, 0), (2, 3), (3, 1), (6, 0)])
def test_the_classic_dice_under_another_name_give_the_classic_numbers(c, k):
    """The variant engine (9 rolls: exact integers only) against the original's closed form."""
    renamed = Variant("two dice", CLASSIC.dice)
    table = home_table(40, 8, 25, k, variant=renamed)
    assert np.array_equal(table[:, 1:], home_table(40, 8, 25, k)[:, 1:])
    for a, d in product((1, 4, 13, 25), (1, 5, 17, 40, 90)):
        assert p_home(d, c, a, k, variant=renamed, exact=True) == p_home(d, c, a, k, exact=True)
        assert p_home(d, c, a, k, variant=renamed) == p_home(d, c, a, k)


@pytest.mark.parametrize("d, c, a, k, expected", RULES_VALUES)
def test_the_original_game_is_unchanged(d, c, a, k, expected):
    for kwargs in ({}, {"variant": "classic"}, {"variant": CLASSIC}, {"variant": None},
                   {"boost": "never"}, {"variant": "classic", "boost": "best"}):
        assert p_home(d, c, a, k, exact=True, **kwargs) == expected
        assert p_home(d, c, a, k, **kwargs) == p_home(d, c, a, k)
    assert p_home(d, c, a, k) == float(expected)


def test_the_original_table_is_unchanged():
    for k in (0, 3, 24):
        assert np.array_equal(home_table(40, 8, 25, k, variant="classic", boost="never"),
                              home_table(40, 8, 25, k), equal_nan=True)


@pytest.mark.parametrize("kwargs, field", [
    ({"variant": "bost"}, "variant"),
    ({"variant": 3}, "variant"),
    ({"variant": np.array(["boost", "classic"])}, "variant"),
    ({"variant": {"dice": "no"}}, "variant"),
    ({"variant": Variant("big", ((9, 9), (9, 9)))}, "variant"),  # totals past the tables' 12
    ({"variant": Variant("too many", ((0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1),) * 6)}, "variant"),  # 12^6 rolls
    ({"variant": {"dice": [[1, 2]], "speed": 3}}, "variant"),
    ({"boost": "sometimes"}, "boost"),
    ({"boost": None}, "boost"),
    ({"boost": np.array(["best", "never"])}, "boost"),
    ({"boost": "always"}, "boost"),  # the original game has no Boost
    ({"variant": "boost", "boost": "Best"}, "boost"),
])
def test_bad_variant_or_boost_names_the_field(kwargs, field):
    with pytest.raises(ValueError, match=f"^{field}"):
        p_home(6, 2, 10, 3, **kwargs)
    with pytest.raises(ValueError, match=f"^{field}"):
        home_table(40, 8, 25, 3, **kwargs)


@pytest.mark.parametrize("bad", [1, None, "yes"])
def test_exact_must_be_true_or_false_in_a_boost_game_too(bad):
    with pytest.raises(ValueError, match="^exact"):
        p_home(6, 2, 10, 3, variant="boost", exact=bad)


def test_bad_counts_are_refused_before_the_variant_is_read():
    with pytest.raises(ValueError, match="^distance"):
        p_home(0, 2, 10, 3, variant="boost")
    with pytest.raises(ValueError, match="^air"):
        p_home(3, 2, 0, 3, variant="boost", boost="never")


@pytest.mark.parametrize("args, kwargs, field", [
    ((0, 2, 10, 3), {}, "distance"),
    ((6, -1, 10, 3), {}, "chips"),
    ((6, 2, 26, 3), {}, "air"),
    ((6, 2, 10, -2), {}, "others"),
    ((6, 2, 10, 3), {"variant": "classic"}, "variant"),  # no Boost to choose
    ((6, 2, 10, 3), {"variant": "bost"}, "variant"),
    ((6, 2, 10, 3), {"exact": "yes"}, "exact"),
])
def test_boost_choice_bad_arguments_name_the_field(args, kwargs, field):
    with pytest.raises(ValueError, match=f"^{field}"):
        boost_choice(*args, **kwargs)
