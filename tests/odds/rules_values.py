"""RULES.md's exact reference values of the one-diver odds ("Odds of getting home"), for
the tests of the original game and of the Boost edition (which must leave them unchanged)."""
from __future__ import annotations

from fractions import Fraction

# The exact reference values of RULES.md ("Odds of getting home"): d, c, a, k, P(home).
RULES_VALUES = [
    (6, 2, 10, 3, Fraction(5, 27)),
    (10, 2, 10, 0, Fraction(34001, 59049)),
    (8, 3, 25, 0, Fraction(140818, 177147)),
    (20, 2, 25, 0, Fraction(88584568013, 94143178827)),
    (4, 2, 4, 2, Fraction(1, 9)),
    (4, 2, 4, 0, Fraction(50, 81)),
]
