"""Dives and games played by policies: the options of the diver to move (`decision`)."""
from .decision import DEFAULT_POLICY, POLICIES, decision

__all__ = ["DEFAULT_POLICY", "POLICIES", "decision"]
