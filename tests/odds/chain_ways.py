"""The ways through p_home_all's solvers, for tests that run a question through each.

The sorting solver hands a chain of up to four divers on the trail over to the dense solver
from a given layer size (`which_solver.SMALL_LAYER`): from the first layer (-1), after a few
layers, or never.
"""
from __future__ import annotations

import contextlib

from deepsea_widget.odds.all_divers import which_solver

# name -> the layer size from which the sorting solver hands over to the dense one
WAYS = {"dense": -1, "sorted-dense": 3, "sorted": 10 ** 9}


@contextlib.contextmanager
def handover(limit: int):
    """The sorting solver hands layers over to the dense one from ``limit`` states."""
    saved = which_solver.SMALL_LAYER
    which_solver.SMALL_LAYER = limit
    try:
        yield
    finally:
        which_solver.SMALL_LAYER = saved


def solver(name: str):
    """The way ``name`` of `WAYS`, as a context."""
    return handover(WAYS[name])
