"""Where a tournament's games run: the tasks an executor gets, and the local default.

Any `concurrent.futures.Executor` (or an object with ``map``) runs the blocks of games; the
blocks go in tasks sized for the workers (`task_sizes`). By default `local_executor` gives a
pool of processes, or plays in this process for one worker or where processes cannot start.
"""
from __future__ import annotations

import math
import sys
from concurrent.futures import ProcessPoolExecutor

TASKS_PER_WORKER = 4  # tasks a worker gets: enough to balance, few enough that each is worth sending


def task_sizes(n_blocks: int, parallel: int) -> int:
    """Blocks per task, for ``parallel`` workers: about TASKS_PER_WORKER tasks each."""
    return max(1, math.ceil(n_blocks / (TASKS_PER_WORKER * max(1, parallel))))


class SerialExecutor:
    """Plays the tasks one after another in this process: the executor where there is one worker,
    or where processes cannot start (a browser's Pyodide kernel, JupyterLite)."""

    def map(self, fn, tasks):
        return map(fn, tasks)

    def shutdown(self, wait=True):
        pass


def local_executor(workers: int):
    """A pool of ``workers`` processes, or a `SerialExecutor` for one worker or where this Python
    cannot start processes (Pyodide has no ``fork``/semaphores: creating the pool raises)."""
    if workers <= 1 or sys.platform == "emscripten":
        return SerialExecutor()
    try:
        return ProcessPoolExecutor(max_workers=workers)
    except (NotImplementedError, ImportError, OSError):
        return SerialExecutor()
