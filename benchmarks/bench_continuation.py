"""The continuation policy behind the board's estimates: how strong is it, and is it quick?

The estimates assume everyone plays on as the odds bot would: the batch simulator runs the
odds bot's own rules (tests/odds/test_batch_equivalence.py: roll by roll the same dives as
the bot on the engine), so against the odds bot it wins exactly its share.
1. A seat-rotated, same-dice tournament of 4-diver games, the odds bot against the cautious
   bot (the estimates' policy before): win shares, and the paired difference (odds minus
   cautious, block by block) with its 95% interval.
2. `decision(game)` on every turn of several seeded games played by odds bots: median,
   90th percentile and worst time (target: median at most 100 ms).

    .venv/bin/python benchmarks/bench_continuation.py [--games 2000] [--seed 1]
    .venv/bin/python benchmarks/bench_continuation.py --variant boost --no-tournament

With ``--variant boost`` both run Boost games (where everyone heads home, `decision` then
asks the Boost chain; `PYTHONPATH=<another tree>` times that tree's `decision`).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from deepsea_widget import Game, decision
from deepsea_widget.bots import PublicView, make_policy
from deepsea_widget.simulation.tournament import tournament


def decision_times(games: int = 4, variant: str = "classic") -> list[float]:
    times = []
    for seed in range(games):
        game = Game(players=4, seed=seed, variant=variant)
        bots = [make_policy("odds") for _ in range(4)]
        view, rng = PublicView(game), random.Random(seed)
        while not game.is_over:
            t0 = time.perf_counter()
            decision(game)
            times.append((time.perf_counter() - t0) * 1e3)
            game.apply(bots[game.current_player].choose(view, rng))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=["classic", "boost"], default="classic")
    parser.add_argument("--no-tournament", action="store_true", help="time decision(game) only")
    args = parser.parse_args()

    if not args.no_tournament:
        tournament_rows(args.games, args.seed, args.variant)
    times = sorted(decision_times(variant=args.variant))
    print(f"\ndecision(game) on {len(times)} turns of 4 seeded {args.variant} odds-bot games: median "
          f"{statistics.median(times):.1f} ms, p90 {times[int(0.9 * (len(times) - 1))]:.1f} ms, "
          f"worst {times[-1]:.1f} ms (target: median <= 100 ms)")


def tournament_rows(games: int, seed: int, variant: str) -> None:
    t0 = time.perf_counter()
    result = tournament(["odds", "cautious"], players=4, games=games, seed=seed, progress=False, variant=variant)
    seconds = time.perf_counter() - t0
    print(f"tournament: {result.games} four-diver {variant} games, seed {seed}, {seconds:.0f} s")
    for row in result.rows():
        low, high = row["95% CI"]
        print(f"  {row['bot']:<7} win share {row['win share']:.4f} [{low:.4f}, {high:.4f}]  "
              f"mean score {row['mean score']:.2f}")
    diff, (low, high) = result.paired_difference("odds", "cautious")
    print(f"  odds - cautious, paired by block: {diff:+.4f} [{low:+.4f}, {high:+.4f}]")


if __name__ == "__main__":
    main()
