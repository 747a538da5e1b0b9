"""Dives and games played by policies: Monte Carlo odds (`estimate_home`, `seat_odds`), the
options of the diver to move (`decision`), the words every number carries (`questions`),
games and tournaments, and the search bot (which plans by simulating)."""
from .decision import decision
from .estimate import estimate_home
from .questions import DEFAULT_POLICY, POLICIES, POLICY_NAMES, check_policy
from .registry import BOTS, make_policy
from .seat_odds import seat_odds

__all__ = ["BOTS", "DEFAULT_POLICY", "POLICIES", "POLICY_NAMES", "check_policy", "decision", "estimate_home",
           "make_policy", "seat_odds"]
