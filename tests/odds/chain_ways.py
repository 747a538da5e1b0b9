"""The ways through p_home_all's solvers, for tests that run a question through each.

The sorting solver hands a chain over from a given layer size (`which_solver.SMALL_LAYER` and
`SMALL_BOX_LAYER`): from the first layer (-1), after a few layers, or never. The dense solver
takes up to four divers on the trail; the box solver five or six divers, or, in the box
ways, every chain (`five_or_six_divers.MIN_SEATS` 1). `counting` tells whether a way was
taken: how often a solver's method ran (the real one runs).
"""
from __future__ import annotations

import contextlib

from deepsea_widget.odds.all_divers import five_or_six_divers, which_solver

NEVER = 10 ** 9
# name -> (layer size from which the dense solver takes over, the same for the box solver,
# the fewest divers the box solver takes)
WAYS = {"dense": (-1, NEVER, 5), "sorted-dense": (3, NEVER, 5), "sorted": (NEVER, NEVER, 5),
        "box": (NEVER, -1, 1), "sorted-box": (NEVER, 3, 1)}


@contextlib.contextmanager
def handover(dense_from: int, box_from: int = NEVER, box_seats: int = 5):
    """The sorting solver hands layers over to the dense one from ``dense_from`` states, to the
    box one (chains of ``box_seats`` divers or more) from ``box_from``."""
    saved = which_solver.SMALL_LAYER, which_solver.SMALL_BOX_LAYER, five_or_six_divers.MIN_SEATS
    which_solver.SMALL_LAYER, which_solver.SMALL_BOX_LAYER, five_or_six_divers.MIN_SEATS = (
        dense_from, box_from, box_seats)
    try:
        yield
    finally:
        which_solver.SMALL_LAYER, which_solver.SMALL_BOX_LAYER, five_or_six_divers.MIN_SEATS = saved


def solver(name: str):
    """The way ``name`` of `WAYS`, as a context."""
    return handover(*WAYS[name])


@contextlib.contextmanager
def counting(owner, name: str):
    """Count the calls of ``owner``'s method ``name`` within the context (the method itself runs
    as ever): yields a list that gets an item per call."""
    calls: list = []
    real = getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(name)
        return real(*args, **kwargs)

    setattr(owner, name, counted)
    try:
        yield calls
    finally:
        setattr(owner, name, real)
