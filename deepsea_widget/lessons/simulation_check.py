"""Check a student's turn-by-turn simulation of one diver heading home against the exact odds.

`check_simulation(gets_home)` plays the student's function on a set of positions, compares the
share of dives that got home with the exact `p_home` through a Wilson interval, and names each
position where the two disagree and by how many standard errors.
"""
from __future__ import annotations

import html
import inspect
import math
import numbers
import random
import sys
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from ..odds.checks import as_int
from ..odds.intervals import wilson_interval
from ..odds.single_diver import p_home

# (distance, chips, air, others): the six worked values of the rules' "Odds of getting home",
# then three where rounding N down, or letting the dive go on past the others' breath, shows
DEFAULT_CASES = ((6, 2, 10, 3), (10, 2, 10, 0), (8, 3, 25, 0), (20, 2, 25, 0), (4, 2, 4, 2),
                 (4, 2, 4, 0), (9, 2, 11, 2), (12, 1, 14, 3), (3, 4, 6, 1))
DEFAULT_DIVES = 4000
MIN_DIVES, MAX_DIVES = 100, 1_000_000
MAX_CASES = 100
# Random numbers one simulated dive may draw: a dive has at most 25 turns of two dice, so a
# function past this is looping without end (the check stops it instead of hanging)
MAX_DRAWS = 10_000
ARGUMENTS = "(distance, chips, air, others, rng)"


class SimulationCheckError(ValueError):
    """The student's function could not be checked: it raised, returned something other than
    True or False, never used ``rng``, or kept drawing random numbers without end."""


class _Runaway(Exception):
    """Raised inside the student's function by its ``rng`` once a dive draws too much."""


class CountingRandom(random.Random):
    """A `random.Random` that counts the random numbers drawn (``draws``) and stops a dive that
    draws more than ``limit``: every method (randint, choice, random, ...) goes through these two."""

    def __init__(self, seed, limit: int = MAX_DRAWS):
        self.draws = 0
        self.limit = limit
        super().__init__(seed)

    def _count(self) -> None:
        self.draws += 1
        if self.draws > self.limit:
            raise _Runaway

    def random(self) -> float:
        self._count()
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._count()
        return super().getrandbits(k)


@dataclass(frozen=True)
class CaseCheck:
    """One position: the simulated share of dives home against the exact chance."""

    distance: int
    chips: int
    air: int
    others: int
    exact: Fraction  # p_home: the exact chance for this position
    dives: int
    home: int  # dives the student's function said got home
    low: float  # the Wilson interval of the simulated share, at the check's per-position level
    high: float
    standard_errors: float  # (share - exact) / the standard error a correct simulation would have
    agrees: bool  # the exact chance lies inside the interval

    @property
    def share(self) -> float:
        return self.home / self.dives

    @property
    def position(self) -> str:
        items = "item" if self.chips == 1 else "items"
        return (f"distance {self.distance}, {self.chips} {items}, air {self.air}, "
                f"others breathe {self.others}")

    @property
    def off_by(self) -> str:
        """How far the simulated share is from the exact chance, in words."""
        z = self.standard_errors
        if math.isinf(z):
            never = "it can never get home" if self.exact == 0 else "it always gets home"
            return f"impossible: the exact chance is {int(self.exact)} ({never})"
        side = "too high" if z > 0 else "too low"
        return f"{abs(z):.1f} standard errors {side}" if z else "exactly the exact chance"

    def describe(self) -> str:
        verdict = "agrees" if self.agrees else "DISAGREES"
        return (f"{self.position}: home in {self.home:,} of {self.dives:,} dives ({self.share:.1%}, "
                f"interval {self.low:.1%} to {self.high:.1%}); exact {float(self.exact):.1%}: "
                f"{self.off_by}; {verdict}")


@dataclass(frozen=True)
class SimulationCheck:
    """The checker's verdict: ``passed`` and ``verdict``, and ``cases`` one by one."""

    name: str
    cases: tuple
    level: float  # a correct simulation passes the whole check with at least this chance
    case_level: float  # the level of each position's interval (Bonferroni: 1 - (1 - level) / cases)
    seed: object

    @property
    def passed(self) -> bool:
        return all(c.agrees for c in self.cases)

    @property
    def disagreements(self) -> list:
        return [c for c in self.cases if not c.agrees]

    @property
    def question(self) -> str:
        return ("Each row: the share of simulated dives in which the diver got home, with a "
                f"{self.case_level:.2%} Wilson interval for the simulated diver's chance, against the "
                "exact chance (p_home) that a diver heading home from that position gets home, its items "
                f"and the others' breathing held fixed (a correct simulation passes all {len(self.cases)} "
                f"positions at least {self.level:.0%} of the time).")

    @property
    def verdict(self) -> str:
        n = len(self.cases)
        dives = f"{self.cases[0].dives:,} dives each" if len({c.dives for c in self.cases}) == 1 else "dives"
        if self.passed:
            worst = max(abs(c.standard_errors) for c in self.cases)
            return (f"PASS: {self.name} agrees with the exact odds in all {n} positions ({dives}; every "
                    f"exact chance inside its interval, the farthest {worst:.1f} standard errors away). "
                    f"A correct simulation passes this check at least {self.level:.0%} of the time.")
        bad = self.disagreements
        lines = [f"FAIL: {self.name} disagrees with the exact odds in {len(bad)} of {n} positions "
                 f"({dives}):"]
        lines += [f"  - {c.position}: home {c.share:.1%}, exact {float(c.exact):.1%}: {c.off_by}"
                  for c in bad]
        if all(c.standard_errors < 0 for c in bad):
            lines.append("It gets home too rarely: its diver gets fewer turns, or shorter moves, than the "
                         "rules give.")
        elif all(c.standard_errors > 0 for c in bad):
            lines.append("It gets home too often: its diver gets more turns, or longer moves, than the "
                         "rules give.")
        lines.append(f"A correct simulation fails this check less than {1 - self.level:.0%} of the time, "
                     "so this is very unlikely to be bad luck.")
        return "\n".join(lines)

    def __str__(self) -> str:
        return "\n".join([self.verdict, "", self.question, *(c.describe() for c in self.cases)])

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{c.distance}</td><td>{c.chips}</td><td>{c.air}</td><td>{c.others}</td>"
            f"<td>{c.home:,} / {c.dives:,}</td><td>{c.share:.1%} [{c.low:.1%}, {c.high:.1%}]</td>"
            f"<td>{c.exact} = {float(c.exact):.1%}</td><td>{html.escape(c.off_by)}</td>"
            f"<td>{'agrees' if c.agrees else '<b>disagrees</b>'}</td></tr>" for c in self.cases)
        head = "".join(f"<th>{h}</th>" for h in ("distance", "items", "air", "others", "home / dives",
                                                  "simulated share [interval]", "exact P(home)",
                                                  "off by", "verdict"))
        verdict = html.escape(self.verdict).replace("\n", "<br>")
        return (f"<p><b>{verdict}</b></p><table><tr>{head}</tr>{rows}</table>"
                f"<p>{html.escape(self.question)}</p>")


def check_simulation(gets_home, cases=DEFAULT_CASES, dives: int = DEFAULT_DIVES, seed: int = 0,
                     level: float = 0.99) -> SimulationCheck:
    """Check ``gets_home(distance, chips, air, others, rng)``, a simulation of one dive of a diver
    heading home that returns True (home) or False (lost), against the exact `p_home`.

    Each position of ``cases`` ((distance, chips, air, others), as `p_home` takes them) is played
    ``dives`` times, ``rng`` a `random.Random` seeded from ``seed`` (the same seed, the same
    dice). A position agrees when its exact chance lies inside the Wilson interval of the share of
    dives home; the intervals' level is set so that a correct simulation passes the whole check
    with probability at least ``level``. A function that raises, returns anything but True or
    False, never uses ``rng`` or draws without end raises `SimulationCheckError`, saying which.
    """
    _check_function(gets_home)
    cases = _checked_cases(cases)
    dives = _checked_dives(dives)
    seed = _checked_seed(seed)
    if isinstance(level, bool) or not isinstance(level, numbers.Real) or not 0 < level < 1:
        raise ValueError(f"level: the chance a correct simulation passes, strictly between 0 and 1, got {level!r}")
    case_level = 1 - (1 - float(level)) / len(cases)
    name = getattr(gets_home, "__name__", "the function")
    results = tuple(_check_case(gets_home, name, case, dives, seed, case_level) for case in cases)
    return SimulationCheck(name, results, float(level), case_level, seed)


def _check_case(fn, name: str, case: tuple, dives: int, seed, case_level: float) -> CaseCheck:
    d, c, a, k = case
    rng = CountingRandom(f"{seed}/{d},{c},{a},{k}")
    home = sum(_one_dive(fn, name, case, rng, dive) for dive in range(dives))
    exact = p_home(d, c, a, k, exact=True)
    low, high = wilson_interval(home / dives, dives, case_level)
    agrees = low <= float(exact) <= high
    return CaseCheck(d, c, a, k, exact, dives, home, low, high, _standard_errors(home, dives, exact), agrees)


def _one_dive(fn, name: str, case: tuple, rng: CountingRandom, dive: int) -> bool:
    call = f"{name}{tuple(case)[:4]}".replace(")", ", rng)")
    rng.draws = 0
    try:
        result = fn(*case, rng)
    except _Runaway:
        raise SimulationCheckError(
            f"{call} drew more than {MAX_DRAWS:,} random numbers in one dive (dive {dive + 1}): a dive "
            "has at most 25 turns, so its loop does not end. Does the air go down every turn, and "
            "does the loop stop when the diver is home or the air has run out?") from None
    except Exception as err:
        raise SimulationCheckError(
            f"{call} raised {type(err).__name__}: {err} (dive {dive + 1} of this position); fix the "
            "function and run the check again") from err
    if rng.draws > MAX_DRAWS:  # (it caught the stop itself and carried on)
        raise SimulationCheckError(f"{call} drew more than {MAX_DRAWS:,} random numbers in one dive: "
                                   "its loop does not end")
    if rng.draws == 0:
        raise SimulationCheckError(
            f"{call} returned without drawing from rng: roll each die with rng.randint(1, 3), so that "
            "every dive has its own dice and the check can be repeated with the same seed")
    np = sys.modules.get("numpy")  # (a numpy bool can only exist once numpy is loaded)
    if result is True or result is False or (np is not None and isinstance(result, np.bool_)):
        return bool(result)
    hint = " Did a path end without `return`?" if result is None else ""
    raise SimulationCheckError(
        f"{call} returned {result!r} ({type(result).__name__}), not True or False: end every path with "
        f"`return True` (the diver got home) or `return False` (it did not).{hint}")


def _standard_errors(home: int, dives: int, exact: Fraction) -> float:
    """How many standard errors of a correct simulation (sqrt(p (1 - p) / dives), p exact) the
    simulated share lies from the exact chance; infinite where the exact chance is 0 or 1 and the
    simulation differs (a correct one never can)."""
    gap = home / dives - float(exact)
    if exact in (0, 1):
        return 0.0 if gap == 0 else math.copysign(math.inf, gap)
    return gap / math.sqrt(float(exact * (1 - exact)) / dives)


def _check_function(fn) -> None:
    if not callable(fn):
        raise ValueError(f"gets_home: must be a function {ARGUMENTS} -> True or False, got {fn!r}")
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):  # (some built-ins have none: they are called as they are)
        return
    try:
        signature.bind(6, 2, 10, 3, random.Random(0))
    except TypeError:
        raise ValueError(f"gets_home: must take five arguments {ARGUMENTS}, but "
                         f"{getattr(fn, '__name__', 'it')}{signature} does not") from None


def _checked_cases(cases) -> tuple:
    if isinstance(cases, (str, bytes)) or not hasattr(cases, "__iter__"):
        raise ValueError(f"cases: must be a list of (distance, chips, air, others), got {cases!r}")
    out = []
    for i, case in enumerate(cases):
        if isinstance(case, (str, bytes)) or not hasattr(case, "__len__") or len(case) != 4:
            raise ValueError(f"cases[{i}]: must be (distance, chips, air, others), got {case!r}")
        try:
            d, c, a, k = (as_int(name, v) for name, v in zip(("distance", "chips", "air", "others"), case))
            p_home(d, c, a, k)  # (its checks: distance >= 1, counts >= 0, air 1..25)
        except ValueError as err:
            raise ValueError(f"cases[{i}]: {err}") from None
        out.append((d, c, a, k))
    if not 1 <= len(out) <= MAX_CASES:
        raise ValueError(f"cases: give 1 to {MAX_CASES} positions, got {len(out)}")
    return tuple(out)


def _checked_dives(dives) -> int:
    if isinstance(dives, bool) or not isinstance(dives, numbers.Integral) or not MIN_DIVES <= dives <= MAX_DIVES:
        raise ValueError(f"dives: a whole number of dives per position, {MIN_DIVES:,} to {MAX_DIVES:,}, "
                         f"got {dives!r}")
    return int(dives)


def _checked_seed(seed):
    if isinstance(seed, bool) or not isinstance(seed, (numbers.Integral, str)):
        raise ValueError(f"seed: an integer or a string (the same seed gives the same dice), got {seed!r}")
    return seed if isinstance(seed, str) else int(seed)
