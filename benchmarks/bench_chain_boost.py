"""Benchmark p_home_all in a Boost game against the original game's, side by side in one run.

    python benchmarks/bench_chain_boost.py          # each case 5 times, CPU medians

The same positions, asked of the original game's dice and of Boost's (each diver heading home
boosting by its own one-diver rule). Both hand big layers of up to four divers to the dense
solver; five or six divers in a Boost game are sorted to the end, where the original game's
go to the box solver (`all_divers.which_solver`). Prints states, CPU medians and the ratio
Boost / original.
"""
from __future__ import annotations

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from deepsea_widget.odds.all_divers import p_home_all, solve_chain  # noqa: E402
from deepsea_widget.odds.all_divers.variant_turns import VariantTurns  # noqa: E402
from deepsea_widget.rules import BOOST  # noqa: E402

# (label, positions, chips, air, turn): bench_odds_exact.py's chains
CASES = [
    ("4 divers (RULES.md example)", [10, 5, 6, 14], [1, 2, 2, 1], 10, 0),
    ("5 divers", [12, 7, 15, 4, 10], [1, 2, 1, 2, 1], 15, 0),
    ("6 divers", [14, 9, 18, 6, 12, 20], [1, 2, 1, 2, 1, 2], 16, 0),
    ("4 divers deep, 1 item each", [20, 25, 30, 28], [1, 1, 1, 1], 25, 0),
]
REPEAT = 5


def states(case, variant) -> int:
    stats: dict = {}
    turns = None if variant == "classic" else VariantTurns(BOOST, "best", case[1], False)
    solve_chain(case[0], case[1], case[2], case[3], 10 ** 9, stats=stats, turns=turns)
    return stats["states"]


def cpu_median(case, variant) -> float:
    times = []
    for _ in range(REPEAT):
        start = time.process_time()
        p_home_all(*case, variant=variant, max_states=10 ** 9)
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    print(f"{'case':30s} {'states (orig / boost)':>24s} {'original':>10s} {'boost':>10s} {'ratio':>7s}")
    for label, *case in CASES:
        p_home_all(*case, variant="boost", max_states=10 ** 9)  # (tables and the rule's cells filled)
        counts = f"{states(case, 'classic'):,} / {states(case, 'boost'):,}"
        ours, boost = cpu_median(case, "classic"), cpu_median(case, "boost")
        print(f"{label:30s} {counts:>24s} {ours * 1e3:8.1f}ms {boost * 1e3:8.1f}ms {boost / ours:7.2f}")


if __name__ == "__main__":
    main()
