"""estimate_home speed: batch rollouts of the rest of a dive per second, vs the engine path.

For each position: the numpy batch simulator (``method="batch"``) runs
``--n`` rollouts (best of ``--repeat``), the engine path (``method="engine"``:
`Game.copy()` played by the same bots, one rollout at a time) runs ``--slow``
rollouts in the same process, and the table shows the work size (divers, mean
turns left), time for 10,000 rollouts, rollouts/s, the standard error reached
(worst seat) and the batch/engine speed ratio. Target (issue 3): >= 50,000
rollouts/s of the rest of a 4-diver dive, i.e. 10,000 in <= 0.2 s. The last rows play the
Boost variant (RULES.md, "Boost": three dice, a Boost declared or not, two kept; the odds bot
too), after the original game's rows, which stay the headline (``--no-boost`` leaves them out).

    .venv/bin/python benchmarks/bench_estimate.py [--n 10000] [--slow 300] [--repeat 5] [--profile] [--no-boost]
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from deepsea_widget.simulation.batch import cautious_tables  # noqa: E402
from deepsea_widget.simulation.estimate import estimate_home  # noqa: E402
from deepsea_widget.rules import Game  # noqa: E402

TARGET = 50_000.0  # rollouts/s of the rest of a 4-diver dive

MID4 = dict(players=["Ann", "Bob", "Cy", "Dee"],
            trail=[None, 1, None, 1, 1, (2, 2), None, 2, 2, None, 3, 3, (3, 4, 4), 3, None, 4, 4, 4],
            positions=[3, 7, 10, 0], returning=[False, True, False, False],
            carried=[[1], [2, (1, 1)], [], []], air=14, turn=1)


def positions(boost: bool = True):
    """(label, game, bots) — the first row is the headline: a whole 4-diver dive (the Boost
    rows last)."""
    boost_rows = [
        ("4 divers, whole, boost", Game(players=4, seed=1, variant="boost"), "cautious"),
        ("4 divers, whole, boost", Game(players=4, seed=1, variant="boost"), "random"),
        ("4 divers, whole, boost", Game(players=4, seed=1, variant="boost"), "odds"),
        ("4 divers, mid, boost", Game.from_position(seed=0, variant="boost", **MID4), "cautious"),
        ("6 divers, whole, boost", Game(players=6, seed=1, variant="boost"), "cautious"),
    ] if boost else []
    return [
        ("4 divers, whole dive", Game(players=4, seed=1), "cautious"),
        ("4 divers, whole dive", Game(players=4, seed=1), "random"),
        ("4 divers, mid-dive", Game.from_position(seed=0, **MID4), "cautious"),
        ("2 divers, whole dive", Game(players=2, seed=1), "cautious"),
        ("6 divers, whole dive", Game(players=6, seed=1), "cautious"),
        ("6 divers, whole dive", Game(players=6, seed=1), "random"),
    ] + boost_rows


def measure(game, bots, n, slow, repeat, seed):
    """(first batch result, best wall s, best CPU s, engine result, engine CPU s)."""
    estimate_home(game, n=min(n, 1000), policies=bots, seed=seed)  # warm-up
    runs, cpu = [], []
    for i in range(repeat):
        c0 = time.process_time()
        runs.append(estimate_home(game, n=n, policies=bots, seed=seed + i))
        cpu.append(time.process_time() - c0)
    c0 = time.process_time()
    engine = estimate_home(game, n=slow, policies=bots, seed=seed, method="engine")
    engine_cpu = time.process_time() - c0
    return runs[0], min(r.seconds for r in runs), min(cpu), engine, engine_cpu


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=10_000, help="batch rollouts per run")
    p.add_argument("--slow", type=int, default=300, help="engine-path rollouts (same process, for the ratio)")
    p.add_argument("--repeat", type=int, default=5, help="batch runs; the best one is reported")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profile", action="store_true", help="print a cProfile of the headline batch run instead")
    p.add_argument("--no-boost", action="store_true", help="only the original game's rows")
    args = p.parse_args(argv)

    t0 = time.perf_counter()
    cautious_tables(32)
    table_ms = (time.perf_counter() - t0) * 1e3

    if args.profile:
        import cProfile
        import pstats

        label, game, bots = positions()[0]
        prof = cProfile.Profile()
        prof.runcall(estimate_home, game, n=args.n, policies=bots, seed=args.seed)
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        return 0

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {platform.python_version()}, numpy {np.__version__} ({platform.machine()}), one core; "
          f"{os.cpu_count()} CPUs, load average {load:.1f} at start")
    print(f"one-time set-up: cautious decision tables built in {table_ms:.0f} ms")
    head = (f"{'position':<22} {'bots':<8} {'turns':>5} {'rollouts':>8} {'s/10k':>7} {'cpu s/10k':>9} "
            f"{'rollouts/s':>11} {'worst SE':>9} {'engine/s':>9} {'batch/engine':>13}")
    print(head)
    print("-" * len(head))
    headline = None
    for label, game, bots in positions(not args.no_boost):
        r, best, cpu, engine, engine_cpu = measure(game, bots, args.n, args.slow, args.repeat, args.seed)
        rate = args.n / best
        slow_rate = engine.n / engine.seconds
        ratio = (args.n / cpu) / (engine.n / engine_cpu) if cpu and engine_cpu else rate / slow_rate
        headline = headline or (rate, cpu)
        print(f"{label:<22} {bots:<8} {r.mean_turns:>5.1f} {args.n:>8} {best * 10_000 / args.n:>7.3f} "
              f"{cpu * 10_000 / args.n:>9.3f} {rate:>11,.0f} {max(r.stderrs):>9.4f} {slow_rate:>9,.0f} "
              f"{ratio:>12.0f}x")
    print(f"(turns: mean turns left in the dive per rollout; s/10k: wall time for 10,000 rollouts, best of "
          f"{args.repeat}; cpu: process time, best of {args.repeat}; rollouts/s from the wall time; "
          f"engine: {args.slow} rollouts of the engine path, wall; ratio from CPU times)")
    rate, cpu = headline
    print(f"headline (4 divers, whole dive, cautious): {rate:,.0f} rollouts/s wall "
          f"({rate / TARGET:.1f}x the {TARGET:,.0f}/s target), 10,000 rollouts in {10_000 / rate:.3f} s wall, "
          f"{cpu * 10_000 / args.n:.3f} s CPU")
    if load > (os.cpu_count() or 1):
        print(f"note: the machine was busy (load {load:.1f} on {os.cpu_count()} CPUs): wall times are inflated; "
              "the CPU column and the ratio are the steadier figures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
