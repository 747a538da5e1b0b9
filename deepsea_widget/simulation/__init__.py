"""Dives and games played by policies: the options of the diver to move (`decision`), and
the words every number on screen carries (`questions`)."""
from .decision import decision
from .questions import DEFAULT_POLICY, POLICIES, POLICY_NAMES, check_policy

__all__ = ["DEFAULT_POLICY", "POLICIES", "POLICY_NAMES", "check_policy", "decision"]
