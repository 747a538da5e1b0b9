"""Benchmark the exact odds against plain memoised DPs, measured side by side in one run.

    python benchmarks/bench_odds_exact.py            # everything (the slow references take minutes)
    python benchmarks/bench_odds_exact.py --quick    # skip references slower than ~10 s

For each case: the work size, our time, the reference's time (a straightforward
memoised DP in pure Python, `_odds_reference.py`) and the ratio. Times are
wall clock and CPU (process) time; ratios use CPU time, which other jobs on a
busy machine disturb less. Answers are checked against the reference too.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402
from _odds_reference import ref_home_tables, ref_p_home, ref_p_home_all  # noqa: E402

from deepsea_widget.odds import all_divers, home_table, p_home, single_diver  # noqa: E402
from deepsea_widget.odds.all_divers import four_divers_moves, two_divers_left, warm_memory  # noqa: E402

# (label, positions, chips, air, turn, reference is slow)
CHAIN_CASES = [
    ("4 divers (RULES.md example)", [10, 5, 6, 14], [1, 2, 2, 1], 10, 0, False),
    ("5 divers", [12, 7, 15, 4, 10], [1, 2, 1, 2, 1], 15, 0, False),
    ("6 divers", [14, 9, 18, 6, 12, 20], [1, 2, 1, 2, 1, 2], 16, 0, False),
    ("6 divers deep (21-30 out)", [25, 22, 28, 21, 30, 27], [1, 2, 2, 2, 2, 2], 25, 0, True),
    ("4 divers deep, 1 item each", [20, 25, 30, 28], [1, 1, 1, 1], 25, 0, True),
    ("4 divers deep, 0-1 items", [32, 30, 28, 26], [0, 1, 1, 0], 25, 0, True),
]


def timed(fn, *args, repeat=1):
    """Best (wall, cpu) seconds over ``repeat`` runs, and the last result."""
    best_wall = best_cpu = float("inf")
    result = None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        result = fn(*args)
        best_wall = min(best_wall, time.perf_counter() - w)
        best_cpu = min(best_cpu, time.process_time() - c)
    return best_wall, best_cpu, result


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.2f} us"
    if seconds < 1:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds:8.2f} s "


def row(label, work, ours, ref, note=""):
    ours_wall, ours_cpu = ours
    if ref is None:
        ref_txt, ratio = f"{'skipped':>23}", "      -"
    else:
        ref_wall, ref_cpu = ref
        ref_txt = f"{fmt(ref_wall)} /{fmt(ref_cpu)}"
        ratio = f"{ref_cpu / ours_cpu:6.1f}x" if ours_cpu > 0 else "   inf"
    print(f"{label:<34} {work:>22}  {fmt(ours_wall)} /{fmt(ours_cpu)}  {ref_txt}  {ratio}  {note}")


def reset_single_diver_tables():
    single_diver._ROWS = None
    single_diver._ARRAY = None
    single_diver._EXACT.clear()


def bench_p_home(rng):
    queries = [(rng.randint(1, 40), rng.randint(0, 8), rng.randint(1, 25), rng.randint(0, 24))
               for _ in range(100_000)]
    reset_single_diver_tables()
    cold = timed(p_home, *queries[0])[:2]

    def ours_loop():
        for q in queries:
            p_home(*q)

    ours_loop()  # warm-up: the tables are built
    wall, cpu, _ = timed(ours_loop, repeat=3)
    ref_queries = queries[:3000]

    def ref_loop():
        for q in ref_queries:
            ref_p_home(*q)  # a fresh memo per query

    ref = timed(ref_loop)[:2]
    worst = max(abs(p_home(*q) - ref_p_home(*q)) for q in ref_queries)
    n = len(queries)
    row("p_home, a new query (warm tables)", "1 query", (wall / n, cpu / n),
        (ref[0] / len(ref_queries), ref[1] / len(ref_queries)), f"max |diff| {worst:.1e}")
    row("p_home, first call (builds tables)", "1 query", cold, None,
        "one-off; reference = a fresh memo per query")


def bench_table():
    ks = range(25)

    def ours():
        return [home_table(40, 8, 25, k) for k in ks]

    reset_single_diver_tables()
    cold = timed(ours)[:2]
    wall, cpu, tables = timed(ours, repeat=5)
    ref_wall, ref_cpu, ref = timed(ref_home_tables)
    worst = max(abs(tables[k][c, a, d] - v) for (k, c, a, d), v in ref.items())
    entries = sum(t[:, 1:, 1:].size for t in tables)
    row("home_table, all k <= 24", f"{entries:,} entries", (wall, cpu), (ref_wall, ref_cpu),
        f"max |diff| {worst:.1e}")
    row("  the same, tables built cold", f"{entries:,} entries", cold, (ref_wall, ref_cpu))


def chain_states(positions, chips, air, turn):
    in_water = [i for i, p in enumerate(positions) if p > 0]
    stats = {}
    all_divers.solve_chain([positions[i] for i in in_water], [chips[i] for i in in_water], air,
                      in_water.index(turn), 10 ** 9, stats)
    return stats


def bench_chain(quick):
    all_divers.p_home_all([10, 5, 6, 14], [1, 2, 2, 1], 10, 0)  # one-off tables
    four_divers_moves._TABLES.clear()  # (the warm-up question may have built them)
    two_divers_left._TABLES.clear()
    dense = timed(lambda: [four_divers_moves.tables(n) for n in (2, 3, 4)])[:2]
    row("p_home_all's dense layout tables", "n = 2, 3, 4 divers", dense, None, "one-off, kept")
    pair = timed(two_divers_left.pair_outcomes, 1, 0)[:2]
    row("  a two-diver table (1 and 0 items)", "26 x 33 x 33 x 3", pair, None,
        "one-off per pair of item counts, kept")
    peak = {}
    for label, positions, chips, air, turn, slow in CHAIN_CASES:
        stats = chain_states(positions, chips, air, turn)
        repeat = 5 if stats["states"] < 200_000 else 2
        ours = timed(lambda: all_divers.p_home_all(positions, chips, air, turn, max_states=10 ** 9),
                     repeat=repeat)
        ref = None
        note = f"{stats['layers']} layers"
        if not (quick and slow):
            rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            ref_wall, ref_cpu, (ref_probs, ref_states) = timed(ref_p_home_all, positions, chips, air, turn)
            ref = (ref_wall, ref_cpu)
            worst = max(abs(a - b) for a, b in zip(ours[2], ref_probs))
            note += f", reference {ref_states:,} states, max |diff| {worst:.1e}"
            rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            if rss_after > rss_before:
                note += f", reference peak RSS +{(rss_after - rss_before) / 1024:.0f} MiB"
        row(f"p_home_all, {label}", f"{stats['states']:,} states", ours[:2], ref, note)
        if "deep" in label:
            warm_memory._POOL.clear()  # count the dense solver's arrays too (kept between calls)
            tracemalloc.start()
            all_divers.p_home_all(positions, chips, air, turn, max_states=10 ** 9)
            peak[label] = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    for label, bytes_ in peak.items():
        print(f"peak memory (tracemalloc), p_home_all {label}: {bytes_ / 2 ** 20:.0f} MiB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the references slower than ~10 s")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {load:.1f}")
    print(f"{'case':<34} {'work':>22}  {'ours: wall /     cpu':>23}  {'reference: wall /  cpu':>23}  "
          f"{'ratio':>7}")
    rng = random.Random(1)
    bench_p_home(rng)
    bench_table()
    bench_chain(args.quick)
    print(f"process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
