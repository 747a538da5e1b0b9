"""How long each example notebook takes to run, top to bottom, in a fresh kernel.

    python benchmarks/bench_notebooks.py [--repeat 3] [NAME ...]

Runs each notebook as CI does (nbclient; a cell a student fills in gets the answer from
docs/teaching.md first) ``--repeat`` times and prints the median and the range of the wall
time, kernel start included, and, for scale, the time to start a kernel and run an empty
notebook. Not a pass/fail test: the machine is shared, so also read the load average.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
from notebook_run import errors, execute, notebooks  # noqa: E402  (the tests' own runner)


def empty_kernel_seconds() -> float:
    """A kernel started, one empty cell run, the kernel shut down: the floor under every run."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("pass")])
    start = time.perf_counter()
    NotebookClient(nb, timeout=60, kernel_name="python3").execute()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per notebook (default 3)")
    parser.add_argument("names", nargs="*", help="only these notebooks (a part of the name is enough)")
    args = parser.parse_args()
    paths = [p for p in notebooks() if not args.names or any(n in p.name for n in args.names)]
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the start; {args.repeat} runs each, wall seconds, kernel start "
          f"included")
    floor = [empty_kernel_seconds() for _ in range(args.repeat)]
    print(f"{'(empty notebook: kernel start)':<34} {'':>5} {statistics.median(floor):>7.1f} "
          f"{min(floor):>6.1f}-{max(floor):.1f}")
    print(f"{'notebook':<34} {'cells':>5} {'median':>7} {'range':>10} {'size KB':>8}")
    total = 0.0
    for path in paths:
        times = []
        for _ in range(args.repeat):
            nb, seconds = execute(path)
            if errors(nb):
                raise SystemExit(f"{path.name} failed: {errors(nb)[0].get('ename')}: {errors(nb)[0].get('evalue')}")
            times.append(seconds)
        median = statistics.median(times)
        total += median
        print(f"{path.name:<34} {len(nb.cells):>5} {median:>7.1f} {min(times):>6.1f}-{max(times):<4.1f} "
              f"{path.stat().st_size / 1000:>7.1f}")
    print(f"{'all notebooks, one run each':<34} {'':>5} {total:>7.1f}; load average {os.getloadavg()[0]:.1f} "
          f"at the end")


if __name__ == "__main__":
    main()
