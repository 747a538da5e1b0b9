"""Whether another tree of this project gives `p_home_all` the same floats, bit for bit.

    git worktree add /tmp/odds-before HEAD                # main before a change to the odds
    python benchmarks/odds_same_floats.py /tmp/odds-before

Runs the positions of `bench_odds_sweep.py` (every turn start of its seeded 4-player games,
the deep grid and the largest chains found, the random what-ifs) through this tree and the
other, each in a process of its own, and compares every float bit for bit; exits 1 if one
differs. Then the same for the turn starts of seeded 5- and 6-player games at the board's
state budget (`exact_budget`): which of them are exact, and their floats (reported only).
"""
from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def sweep_positions(games: int, what_ifs: int) -> dict:
    """name -> [(positions, chips, air, turn, budget)]: the sweep's sets, and 5-6 player games."""
    sys.path[:0] = [HERE, ROOT]
    import bench_odds_sweep as sweep

    from deepsea_widget.odds.game_odds import exact_budget

    def budget(inputs) -> int:
        return exact_budget(sum(1 for p in inputs[0] if p > 0))

    sets = {
        f"games ({games}): every turn start": [i for i, _ in sweep.game_positions(games)],
        "deep grid and the largest chains found": [i for i, _ in sweep.worst_grid()] + sweep.LARGEST_FOUND,
        f"random what-ifs ({what_ifs})": list(sweep.random_what_ifs(what_ifs)),
    }
    out = {name: [tuple(i) + (sweep.NO_BUDGET,) for i in inputs] for name, inputs in sets.items()}
    for players in (5, 6):
        inputs = list(more_players(players, games // 2))
        out[f"{players}-player games ({games // 2}), board's budget"] = [tuple(i) + (budget(i),) for i in inputs]
    return out


def more_players(players: int, games: int):
    """`p_home_all` inputs at every turn start of seeded games of ``players`` divers."""
    import random

    from deepsea_widget.bots import make_policy
    from deepsea_widget.bots.policy import PublicView
    from deepsea_widget.odds.game_odds import exact_inputs
    from deepsea_widget.rules import Game

    lineups = [["cautious"] * players, ["odds"] * players, (["cautious", "odds"] * 3)[:players]]
    for g in range(games):
        policies = [make_policy(b) for b in lineups[g % len(lineups)]]
        game = Game(players=players, seed=2000 + g)
        view, rng = PublicView(game), random.Random(g)
        while not game.is_over:
            if game.phase == "roll":
                inputs = exact_inputs(game)
                if inputs is not None and inputs[0][inputs[3]] > 0:
                    yield inputs
            game.apply(policies[game.current_player].choose(view, rng))


def answers(tree: str, sets: dict) -> dict:
    """Each set's `p_home_all` answers in ``tree`` (None: past the budget), from a process of its own."""
    run = subprocess.run([sys.executable, __file__, "--child", tree], input=pickle.dumps(sets),
                         capture_output=True, check=True)
    return pickle.loads(run.stdout)


def child(tree: str) -> None:
    sys.path.insert(0, tree)
    import deepsea_widget
    from deepsea_widget.odds import StateBudgetExceeded, p_home_all

    assert os.path.dirname(os.path.dirname(os.path.abspath(deepsea_widget.__file__))) == os.path.abspath(tree)
    sets = pickle.loads(sys.stdin.buffer.read())
    out = {}
    for name, inputs in sets.items():
        got = []
        for positions, chips, air, turn, budget in inputs:
            try:
                got.append(p_home_all(positions, chips, air, turn, max_states=budget))
            except StateBudgetExceeded:
                got.append(None)
        out[name] = got
    sys.stdout.buffer.write(pickle.dumps(out))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", help="the root of the other tree (e.g. a git worktree)")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--random", type=int, default=300, help="random what-if positions")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.other)
        return 0
    sets = sweep_positions(args.games, args.random)
    theirs, ours = answers(args.other, sets), answers(ROOT, sets)
    failed = False
    for name, inputs in sets.items():
        pairs = list(zip(theirs[name], ours[name]))
        exact = [(a, b) for a, b in pairs if a is not None and b is not None]
        differ = [(a, b) for a, b in exact if [x.hex() for x in a] != [y.hex() for y in b]]  # bit for bit
        worst = max((abs(x - y) for a, b in differ for x, y in zip(a, b)), default=0.0)
        exactness = sum((a is None) != (b is None) for a, b in pairs)
        print(f"{name:<46} {len(pairs):5d} positions, exact in both {len(exact):5d}, "
              f"exact in one only {exactness}, floats differ in {len(differ)} (max |diff| {worst:.1e})")
        if "player games" not in name and (differ or exactness):
            failed = True
    print("the sweep's positions: " + ("DIFFER" if failed else "the same floats, bit for bit"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
