"""Time from an action to all four odds panels updated in Python, for a 4-diver game.

Prints a table (never asserts): the target is 50 ms per action, exact odds included.
Two cases: early in a dive (someone still going deeper: Monte Carlo for the every-diver
panel, reused from the board's badges as the app does, and computed afresh) and late
(everyone heading back: exact with skipping).

    .venv/bin/python benchmarks/bench_panels.py
"""
from __future__ import annotations

import statistics
import time

from deepsea_widget.app import play
from deepsea_widget.live_panels import Panels
from deepsea_widget.rules import Game, Roll, Stay

TARGET_MS = 50.0


def _time_actions(app, n):
    """(ms per action through app.apply: board view + panels, ms for the panels alone)."""
    total, panels_only = [], []
    for _ in range(n):
        if app.game.is_over:
            break
        action = Roll() if app.game.phase == "roll" else Stay()
        t0 = time.perf_counter()
        app.table.apply(action)
        app.board.refresh()  # board view (incl. the odds badges the panels reuse)
        t1 = time.perf_counter()
        app.panels.refresh()
        t2 = time.perf_counter()
        total.append((t2 - t0) * 1e3)
        panels_only.append((t2 - t1) * 1e3)
    return total, panels_only


def _row(name, values):
    values = sorted(values)
    p90 = values[int(0.9 * (len(values) - 1))]
    print(f"{name:<46} {len(values):>4} {statistics.median(values):>9.1f} {p90:>9.1f} "
          f"{statistics.median(values) / TARGET_MS:>8.2f}")


def main():
    t = time.perf_counter()
    app = play(players=["A", "B", "C", "D"], seed=11)
    app.board._listeners.clear()  # flush by hand below, to time the board and the panels apart
    print(f"first play() with panels (4 figure widgets): {time.perf_counter() - t:.2f} s\n")
    print(f"{'case':<46} {'n':>4} {'median ms':>9} {'p90 ms':>9} {'/target':>8}")
    total, panels_only = _time_actions(app, 60)
    _row("action -> board + panels (4 divers, mixed)", total)
    _row("  panels alone (badges reused)", panels_only)

    # everyone heading back: the every-diver panel is exact (p_home_all)
    game = Game.from_position(players=["A", "B", "C", "D"], trail=[None] * 20, positions=[12, 5, 8, 16],
                              returning=[True] * 4, carried=[[1], [1, 2], [2, 3], [3]], air=20, turn=0)
    panels = Panels(game)
    times = []
    for _ in range(8):
        if game.is_over:
            break
        game.apply(Roll() if game.phase == "roll" else Stay())
        t0 = time.perf_counter()
        panels.refresh()  # computes p_home_all itself
        times.append((time.perf_counter() - t0) * 1e3)
    _row("action -> panels, all heading back (exact)", times)

    # a deep what-if, everyone heading back: exact within the board's budget (EXACT_BUDGET)
    game = Game.from_position(players=["A", "B", "C", "D"], trail=[None] * 32, positions=[27, 23, 29, 30],
                              returning=[True] * 4, carried=[[1], [1], [1], [1]], air=17, turn=1)
    panels = Panels(game)
    times = []
    for _ in range(8):
        t0 = time.perf_counter()
        panels.refresh()  # the same position each time: computed afresh, nothing is cached
        times.append((time.perf_counter() - t0) * 1e3)
    _row("panels, a deep what-if (619,654 states, exact)", times)

    # Monte Carlo computed by the panels themselves (no board to share badges with)
    game = Game(players=4, seed=5)
    panels = Panels(game)
    times = []
    for _ in range(20):
        if game.is_over:
            break
        game.apply(Roll() if game.phase == "roll" else Stay())
        t0 = time.perf_counter()
        panels.refresh()
        times.append((time.perf_counter() - t0) * 1e3)
    _row("action -> panels, own Monte Carlo (4000 dives)", times)

    # where the exact case spends its time: the odds layer vs the figure updates
    from deepsea_widget.odds.all_divers import p_home_all
    t0 = time.perf_counter()
    for _ in range(5):
        p_home_all([12, 5, 8, 16], [1, 2, 2, 1], 20, 0)
    print(f"\np_home_all alone (4 divers heading back, air 20): {(time.perf_counter() - t0) / 5 * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
