"""Argument checks shared by the odds functions: each error names the argument and why."""
from __future__ import annotations

import math
import numbers
import operator
import sys

from ..rules.air import FULL_AIR
from ..rules.plain import TOO_LONG, is_huge


def as_int(name: str, value) -> int:
    """``value`` as a plain int (numpy integers accepted); bools, floats and the rest refused,
    and so is an int of 100 digits or more (which no later message could even quote)."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if type(value) is not int:
        try:
            value = operator.index(value)
        except TypeError:
            raise ValueError(f"{name} must be an integer, got {value!r}") from None
    if is_huge(value):
        raise ValueError(f"{name}: {TOO_LONG}")
    return value


def check_probability(name: str, p):
    """A probability in (0, 1]: a float, an int or a `fractions.Fraction` (numpy numbers as plain
    ones), kept exact; bools, NaN, strings and the rest refused."""
    np = sys.modules.get("numpy")
    if isinstance(p, bool) or (np is not None and isinstance(p, np.bool_)) or not isinstance(p, numbers.Real):
        raise ValueError(f"{name} must be a probability in (0, 1], got {p!r}")
    if np is not None and isinstance(p, np.floating):
        p = float(p)  # compared exactly, like any float
    elif np is not None and isinstance(p, np.integer):
        p = int(p)
    if not 0 < p <= 1 or (isinstance(p, float) and math.isnan(p)):
        raise ValueError(f"{name} must be a probability in (0, 1], got {p!r}")
    return p


def check_flag(value, name: str = "exact") -> bool:
    """A yes/no switch such as ``exact``: True or False (numpy's bool too); 0, 1, None, "" refused."""
    if value is True or value is False:
        return value
    np = sys.modules.get("numpy")  # a numpy bool can only exist once numpy is loaded
    if np is not None and isinstance(value, np.bool_):
        return bool(value)
    raise ValueError(f"{name} must be True or False, got {value!r}")


def check_count(name: str, value) -> int:
    """A number of items (chips carried, air the others breathe): an integer >= 0."""
    value = as_int(name, value)
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, got {value}")
    return value


def check_distance(value, name: str = "distance") -> int:
    value = as_int(name, value)
    if value < 1:
        raise ValueError(
            f"{name} must be at least 1 (it counts the free spaces between the diver and the "
            f"submarine, plus 1), got {value}")
    return value


def check_air(value, name: str = "air") -> int:
    """Air at the start of a diver's turn, before it breathes: 1..25."""
    value = as_int(name, value)
    if value < 1:
        raise ValueError(
            f"{name} must be at least 1: it is read at the start of the diver's turn, before it "
            f"breathes, and at {value} the dive has already ended")
    if value > FULL_AIR:
        raise ValueError(f"{name} must be at most {FULL_AIR} (a full air track), got {value}")
    return value
