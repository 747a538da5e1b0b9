"""The ways through p_home_all's solvers, for tests that run a question through each.

The sorted solver hands its layers over from a given size (-1: from the first
layer, a huge number: never) to the dense solver (up to four divers on the
trail) or, with the dense one switched off, to the box solver.
"""
from __future__ import annotations

import contextlib

from deepsea_widget.odds import _chain_dense, _chain_sorted

# name -> (layer size at which the sorted solver hands over, whether the dense solver may
# take over). From the first layer, after a few layers, or never (the sorted one alone).
WAYS = {"box": (-1, False), "dense": (-1, True), "sorted-box": (3, False),
        "sorted-dense": (3, True), "sorted": (10 ** 9, True)}


@contextlib.contextmanager
def handover(limit: int, dense: bool = True):
    """The sorted solver hands layers over from ``limit`` states; ``dense=False``: to the box solver."""
    saved = _chain_sorted.LAYER_LIMIT, _chain_sorted.BOX_LAYER_LIMIT, _chain_dense.DENSE_SEATS
    _chain_sorted.LAYER_LIMIT = _chain_sorted.BOX_LAYER_LIMIT = limit
    _chain_dense.DENSE_SEATS = saved[2] if dense else 0
    try:
        yield
    finally:
        _chain_sorted.LAYER_LIMIT, _chain_sorted.BOX_LAYER_LIMIT, _chain_dense.DENSE_SEATS = saved


def solver(name: str):
    """The way ``name`` of `WAYS`, as a context."""
    return handover(*WAYS[name])
