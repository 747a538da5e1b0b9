"""Tournaments on executors: the default process pool against a real dask.distributed
LocalCluster, with 1 and 2 workers, on the same games (4,000 four-diver games, cautious
against random, seed 1): wall time, games/s and the ratio to the default pool in the same
run, and whether the results are identical.

    .venv/bin/python benchmarks/bench_executors.py [--games 4000]
"""
from __future__ import annotations

import argparse
import os
import time

import distributed

from deepsea_widget.simulation.tournament import tournament


def run(games: int, workers: int, executor=None):
    t = time.perf_counter()
    result = tournament(bots=["cautious", "random"], players=4, games=games, seed=1, workers=workers,
                        executor=executor, progress=False)
    return result, time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {args.games} games, cautious vs random")
    print(f"{'executor':<28} {'workers':>7} {'seconds':>8} {'games/s':>8} {'vs pool':>8} {'same result':>12}")
    for workers in (1, 2):
        pool, pool_s = run(args.games, workers)
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, distributed.Client(cluster) as client:
            client.run(lambda: None)  # (the workers are up before the clock starts)
            dask, dask_s = run(args.games, workers, client.get_executor())
        for name, result, seconds in (("process pool (default)", pool, pool_s), ("dask LocalCluster", dask, dask_s)):
            print(f"{name:<28} {workers:>7} {seconds:>8.2f} {result.games / seconds:>8.0f} "
                  f"{seconds / pool_s:>7.2f}x {str(result.rows() == pool.rows()):>12}")


if __name__ == "__main__":
    main()
