"""Lessons: tools a lesson notebook hands to students, built on the odds and the simulations.

- `check_simulation`: checks a student's turn-by-turn simulation of one diver heading home
  against the exact odds, naming each position where they disagree and by how many
  standard errors (`SimulationCheck`, `CaseCheck`; `SimulationCheckError` for a function
  that cannot be checked).
"""
from .simulation_check import (DEFAULT_CASES, CaseCheck, CountingRandom, SimulationCheck,
                               SimulationCheckError, check_simulation)

__all__ = ["DEFAULT_CASES", "CaseCheck", "CountingRandom", "SimulationCheck", "SimulationCheckError",
           "check_simulation"]
