"""Errors the odds functions raise beyond `ValueError` for bad arguments."""
from __future__ import annotations


class StateBudgetExceeded(RuntimeError):
    """The exact chain with skipping would need more states than its budget allows.

    Raised by `p_home_all` instead of running for minutes or exhausting memory;
    the caller should fall back to Monte Carlo (`estimate_home`) or pass a larger
    ``max_states``. ``states`` is how many states had been reached when it
    stopped, ``budget`` the limit.
    """

    def __init__(self, states: int, budget: int):
        self.states = states
        self.budget = budget
        super().__init__(
            f"the exact chain with skipping needs more than max_states={budget:,} states for "
            f"this position (it had reached {states:,}); use a Monte Carlo estimate "
            f"(estimate_home) or pass a larger max_states")
