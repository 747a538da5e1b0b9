"""Tournament throughput: games per second for each bot pairing, one core and all cores.

    python benchmarks/bench_tournament.py [--games 48] [--search-games 8] [--classroom]

``--classroom`` times the lesson's tournament instead: odds, search, cautious and random,
4 divers, 400 games, on all cores (target: at most 60 s).

Prints the work size, wall time and games/s per pairing (4 divers, seats
rotated), first in one process, then on a process pool of all cores, and the
speed-up. Not a pass/fail test: the machine is shared, so also read the load.
"""
from __future__ import annotations

import argparse
import os
import platform
import time

from deepsea_widget.simulation.tournament import tournament

PAIRINGS = [("cautious", "random"), ("odds", "cautious"), ("odds", "random"), ("search", "odds")]


def rate(bots, games, workers) -> tuple[int, float]:
    t = time.perf_counter()
    result = tournament(bots=list(bots), players=4, games=games, seed=1, workers=workers, progress=False)
    return result.games, time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--search-games", type=int, default=8)
    parser.add_argument("--classroom", action="store_true")
    args = parser.parse_args()
    if args.classroom:
        n, seconds = rate(("odds", "search", "cautious", "random"), 400, os.cpu_count() or 1)
        print(f"odds, search, cautious, random: {n} four-diver games in {seconds:.1f} s on all cores "
              f"(target <= 60 s); load average {os.getloadavg()[0]:.1f}")
        return
    cores = os.cpu_count() or 1
    print(f"Python {platform.python_version()}, {cores} cores; load average "
          f"{os.getloadavg()[0]:.1f}; 4 divers, seats rotated")
    print(f"{'pairing':<18} {'games':>6} {'1 core s':>9} {'games/s':>8} {'all cores s':>11} "
          f"{'games/s':>8} {'speed-up':>8}")
    for bots in PAIRINGS:
        games = args.search_games if "search" in bots else args.games
        n1, s1 = rate(bots, games, 1)
        nn, sn = rate(bots, games, cores)
        print(f"{' vs '.join(bots):<18} {n1:>6} {s1:>9.2f} {n1 / s1:>8.1f} {sn:>11.2f} {nn / sn:>8.1f} "
              f"{s1 / sn:>7.2f}x")


if __name__ == "__main__":
    main()
