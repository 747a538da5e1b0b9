"""The ways through p_home_all's solvers, for tests that run a question through each.

The sorting solver hands its layers over to the dense solver (up to four divers on the
trail) from a given layer size: from the first layer (-1), after a few layers, or never.
"""
from __future__ import annotations

import contextlib

from deepsea_widget.odds import _chain_sorted

# name -> the layer size from which the sorting solver hands over to the dense one
WAYS = {"dense": -1, "sorted-dense": 3, "sorted": 10 ** 9}


@contextlib.contextmanager
def handover(limit: int):
    """The sorting solver hands layers over to the dense one from ``limit`` states."""
    saved = _chain_sorted.LAYER_LIMIT
    _chain_sorted.LAYER_LIMIT = limit
    try:
        yield
    finally:
        _chain_sorted.LAYER_LIMIT = saved


def solver(name: str):
    """The way ``name`` of `WAYS`, as a context."""
    return handover(WAYS[name])
