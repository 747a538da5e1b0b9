"""Engine speed: full random-policy games per second (4 divers, 3 dives) on one core.

Games go through the real bot interface (`bots.simulate.play_game`: a
`PublicView` and `Policy.choose` for every action), so the figure is what a
tournament or the CLI gets. Timing lives here, never in a pass/fail test.

    .venv/bin/python benchmarks/bench_engine.py [--games 2000] [--players 4] [--repeat 3] [--profile | --opcodes]
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deepsea_widget.simulation.games import play_game  # noqa: E402
from deepsea_widget.rules import Game  # noqa: E402

TARGET = 1000.0  # games/s the pure-Python engine should reach (issue 2)
PEER = 300.0  # games/s of the best-known public Python implementation on these machines


def _actions_per_game(players: int, games: int, seed: int) -> float:
    """Mean actions per game, counted outside the timed loop (same games)."""
    from deepsea_widget.bots import RandomPolicy, PublicView
    import random

    total = 0
    for g in range(games):
        game = Game(players=players, seed=seed + g)
        rng = random.Random(f"{seed + g}/bots")
        view, bot = PublicView(game), RandomPolicy()
        while not game.is_over:
            game.apply(bot.choose(view, rng))
        total += len(game.history)
    return total / games


def run(players: int, games: int, seed: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) for ``games`` full games."""
    bots = ["random"] * players
    w0, c0 = time.perf_counter(), time.process_time()
    for g in range(games):
        play_game(bots, seed=seed + g)
    return time.perf_counter() - w0, time.process_time() - c0


def count_opcodes(players: int, games: int, seed: int) -> int:
    """Opcodes executed by Python code while playing: a load-independent measure of work."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "opcode":
            count += 1
        return local

    def tracer(frame, event, arg):
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        return local

    sys.settrace(tracer)
    try:
        run(players, games, seed)
    finally:
        sys.settrace(None)
    return count


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--repeat", type=int, default=3, help="timed runs; the best one is reported")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profile", action="store_true", help="print a cProfile of one run instead")
    p.add_argument("--opcodes", action="store_true",
                   help="count Python opcodes per game instead (slow, but the same on a busy machine)")
    args = p.parse_args(argv)

    if args.opcodes:
        games = min(args.games, 100)
        print(f"{count_opcodes(args.players, games, args.seed) / games:.0f} Python opcodes per game "
              f"({args.players} divers, {games} games from seed {args.seed}, random policy via play_game)")
        return 0

    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(run, args.players, args.games, args.seed)
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return 0

    run(args.players, min(args.games, 200), args.seed)  # warm-up
    runs = [run(args.players, args.games, args.seed) for _ in range(args.repeat)]
    wall = min(w for w, _ in runs)
    cpu = min(c for _, c in runs)
    rate, cpu_rate = args.games / wall, args.games / cpu
    apg = _actions_per_game(args.players, min(args.games, 500), args.seed)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}, {platform.machine()}), "
          f"one core; load average {load:.1f} on {os.cpu_count()} cores")
    print(f"{'divers':>6} {'games':>7} {'seconds':>8} {'games/s':>8} {'actions/game':>13} "
          f"{'vs target 1000':>15} {'vs peer ~300':>13}")
    print(f"{args.players:>6} {args.games:>7} {wall:>8.3f} {rate:>8.0f} {apg:>13.1f} "
          f"{rate / TARGET:>14.2f}x {rate / PEER:>12.2f}x")
    print(f"{'(cpu)':>6} {args.games:>7} {cpu:>8.3f} {cpu_rate:>8.0f} {'':>13} "
          f"{cpu_rate / TARGET:>14.2f}x {cpu_rate / PEER:>12.2f}x")
    print(f"(best of {args.repeat} runs, wall: {', '.join(f'{w:.3f}s' for w, _ in runs)}; "
          "random policy via play_game; the cpu row is this process's CPU time, "
          "which a busy machine inflates less than wall time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
