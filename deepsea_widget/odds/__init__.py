"""Odds of getting home: exact where the maths allows, Monte Carlo where it doesn't.

Definitions follow the "Odds of getting home" section of RULES.md: distance
counts the free spaces to the sub plus 1, air is read at the start of the
diver's turn before it breathes. Pure Python + numpy; no Jupyter imports.
"""
from __future__ import annotations

import importlib

from .all_divers import DEFAULT_MAX_STATES, p_home_all
from .dice import dice_sum_pmf, expected_movement, movement_pmf
from .errors import StateBudgetExceeded
from .risk import OneMoreChip, one_more_chip, point_of_no_return
from .single_diver import home_table, p_home, p_reach, turns_left

__all__ = [
    "DEFAULT_MAX_STATES", "OneMoreChip", "StateBudgetExceeded", "dice_sum_pmf", "estimate_home",
    "expected_movement", "home_table", "movement_pmf", "one_more_chip", "p_home", "p_home_all",
    "p_reach", "point_of_no_return", "turns_left",
]

_LAZY = {"estimate_home": ".estimate"}  # Monte Carlo: loaded on first use


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'deepsea_widget.odds' has no attribute {name!r}")
    return getattr(importlib.import_module(module, __name__), name)
