"""The Boost edition's one-diver odds against the original game's, measured alternately in one run.

    python benchmarks/bench_odds_boost.py            # 7 runs
    python benchmarks/bench_odds_boost.py --runs 11

The full table in each game: ``home_table(40, 8, 25, k)`` for every others k = 0..24
(distance <= 40, chips <= 8, air <= 25: 225,000 floats), once from nothing (every cache
emptied: what a first question costs) and once warm (the tables built). The Boost table is
the best rule's (boost or not, whichever gives the higher P(home)); the rule "never" cold
too. Then one warm `p_home` question and one `boost_choice`. CPU (process) time; each run
alternates which game goes first. Prints every run, the medians and Boost / original.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from deepsea_widget.odds import boost_choice, boost_home, boost_tables, home_table, p_home, single_diver  # noqa: E402

OTHERS = range(25)


def empty_caches():
    single_diver._ROWS = None
    single_diver._ARRAY = None
    single_diver._EXACT.clear()
    boost_home._TABLES.clear()
    boost_tables.exact_rows.cache_clear()


def cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def full_table(**kwargs):
    return [home_table(40, 8, 25, k, **kwargs) for k in OTHERS]


def one_run(boost_first: bool) -> dict:
    cases = [("original", {}), ("boost", {"variant": "boost"})]
    out = {}
    for name, kwargs in (cases[::-1] if boost_first else cases):
        empty_caches()
        out[f"{name} cold"] = cpu(lambda: full_table(**kwargs))
        out[f"{name} warm"] = cpu(lambda: full_table(**kwargs))
    empty_caches()
    out["boost never cold"] = cpu(lambda: full_table(variant="boost", boost="never"))
    return out


def per_question(rng) -> dict:
    queries = [(rng.randint(1, 40), rng.randint(0, 8), rng.randint(1, 25), rng.randint(0, 24))
               for _ in range(20_000)]
    for q in queries:  # warm: every table built
        p_home(*q), p_home(*q, variant="boost"), boost_choice(*q)
    return {
        "p_home, original": cpu(lambda: [p_home(*q) for q in queries]) / len(queries),
        "p_home, boost": cpu(lambda: [p_home(*q, variant="boost") for q in queries]) / len(queries),
        "boost_choice": cpu(lambda: [boost_choice(*q) for q in queries]) / len(queries),
    }


def check_answers():
    """The two tables' shapes and RULES.md's examples, so that a fast wrong table cannot pass."""
    original, boost = full_table(), full_table(variant="boost")
    assert all(t.shape == (9, 26, 41) for t in original + boost)
    assert boost[3][2, 10, 6] == 37 / 64 and boost[2][2, 4, 4] == 3 / 8
    assert original[3][2, 10, 6] == 5 / 27
    assert all((b[:, 1:] >= n[:, 1:]).all() for b, n in zip(boost, full_table(variant="boost", boost="never")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, Python {platform.python_version()}, numpy {np.__version__}, "
          f"{platform.machine()}, {os.cpu_count()} CPUs, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    check_answers()
    runs = [one_run(boost_first=i % 2 == 1) for i in range(args.runs)]
    names = list(runs[0])
    print("full table (d <= 40, c <= 8, a <= 25, k <= 24), CPU ms per run:")
    for name in names:
        times = [r[name] * 1e3 for r in runs]
        print(f"  {name:<17} median {statistics.median(times):7.2f}  [{min(times):.2f}-{max(times):.2f}]  "
              + " ".join(f"{t:.2f}" for t in times))
    for kind in ("cold", "warm"):
        ratios = [r[f"boost {kind}"] / r[f"original {kind}"] for r in runs]
        print(f"  boost / original, {kind}: median {statistics.median(ratios):.2f} "
              f"[{min(ratios):.2f}-{max(ratios):.2f}] (target: at most 3)")
    never = [r["boost never cold"] / r["original cold"] for r in runs]
    print(f"  boost never / original, cold: median {statistics.median(never):.2f}")
    per = per_question(random.Random(1))
    print("one question, warm: " + ", ".join(f"{k} {v * 1e6:.2f} us" for k, v in per.items()))
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),)
    print(f"load average at the end {load[0]:.1f}")


if __name__ == "__main__":
    main()
