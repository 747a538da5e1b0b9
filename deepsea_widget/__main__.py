"""Command line: ``python -m deepsea_widget simulate --players 4 --games 10000 --seed 1``;
``python -m deepsea_widget app`` serves the classroom app (see classroom/server.py)."""
from __future__ import annotations

import argparse
import random
import sys

from .classroom import server as classroom_server
from .simulation.games import MAX_GAMES, simulate
from .simulation.registry import BOTS
from .simulation.tournament import MAX_WORKERS


def _bots(text: str) -> list[str]:
    names = [b.strip() for b in text.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if not names:
        raise argparse.ArgumentTypeError(f"no bot named; give one or more of {', '.join(sorted(BOTS))}")
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown bot(s) {', '.join(unknown)}; known: {', '.join(sorted(BOTS))}")
    return names


class _DefaultsShown(argparse.ArgumentDefaultsHelpFormatter):
    """Help lines end with their default, unless there is none to show (None, a flag)."""

    def _get_help_string(self, action):
        if action.default in (None, False):
            return action.help
        return super()._get_help_string(action)


def _line_up(text: str) -> list[str]:
    """A tournament's bots: known, two or more, each once."""
    names = _bots(text)
    if len(names) < 2 or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(f"a tournament needs two or more different bots, got {', '.join(names)}")
    return names


# The editions the command line plays: the original game, or Boost (RULES.md, "Boost")
VARIANTS = ("classic", "boost")
VARIANT_HELP = ("the edition: classic (two 1-3 dice) or boost (three dice, keep two or boost to keep all three "
                "for one more air)")


def _simulate(args) -> None:
    from tqdm import tqdm

    # Without --seed the games are fresh: draw their seed here, so the header can say which
    # seed repeats them (simulate draws the same way from the system's randomness).
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(64)
    seed_note = f"seed {seed}" if args.seed is not None else f"seed {seed} (drawn: --seed {seed} repeats these games)"
    with tqdm(total=args.games, desc="games", unit="game", file=sys.stderr,
              disable=not (args.progress or (sys.stderr.isatty() and args.games >= 2000))) as bar:
        result = simulate(players=args.players, games=args.games, seed=seed, bots=args.bots,
                          progress=lambda done: bar.update(1), variant=args.variant)
    edition = f" of {result['variant']}" if "variant" in result else ""
    print(f"{result['games']} games{edition}, {result['players']} divers, {seed_note}; "
          f"mean dive length {result['mean_dive_turns']:.1f} turns")
    w = max([10] + [len(b) + 1 for b in result["seat_bots"]])  # (the bot column: 10 wide, or the longest name's)
    print(f"{'seat':>4}  {'bot':<{w}} {'mean score':>10} {'win share':>10} {'drowning':>9}")
    for s in range(result["players"]):
        print(f"{s:>4}  {result['seat_bots'][s]:<{w}} {result['mean_score'][s]:>10.2f} "
              f"{result['win_share'][s]:>10.3f} {result['drowning_rate'][s]:>9.3f}")
    if len(result["by_bot"]) > 1:
        print(f"\n{'bot':<{w}} {'mean score':>10} {'win share':>10} {'drowning':>9}   (per seat)")
        for name, r in result["by_bot"].items():
            print(f"{name:<{w}} {r['mean_score']:>10.2f} {r['win_share']:>10.3f} {r['drowning_rate']:>9.3f}")


def _tournament(args) -> None:
    from .simulation.tournament import tournament

    result = tournament(bots=args.bots, players=args.players, games=args.games, seed=args.seed,
                        progress=args.progress or sys.stderr.isatty(), workers=args.workers, variant=args.variant)
    print(result)


def _whole(least: int, most: int | None = None):
    """An argparse type: a whole number from ``least`` (to ``most``, if given)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, got {value}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, got {value:,}")
        return value
    return parse


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deepsea_widget",
                                     description="Deep Sea Adventure: simulations from the command line, "
                                                 "and the classroom app.")
    sub = parser.add_subparsers(dest="command", required=True)
    defaults = _DefaultsShown
    sim = sub.add_parser("simulate", help="play bot games and print statistics", formatter_class=defaults)
    sim.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="{2..6}", help="divers per game")
    sim.add_argument("--games", type=_whole(1, MAX_GAMES), default=1000, help=f"games to play, 1 to {MAX_GAMES:,}")
    sim.add_argument("--seed", type=_whole(0), default=None,
                     help="repeat the same games (omitted: fresh ones, their seed printed in the header)")
    sim.add_argument("--bots", type=_bots, default="cautious",
                     help=f"comma-separated, at most one per seat, assigned to seats in turn ({', '.join(sorted(BOTS))})")
    sim.add_argument("--variant", choices=VARIANTS, default="classic", help=VARIANT_HELP)
    sim.add_argument("--progress", action="store_true", help="show the progress bar even when not on a terminal")
    sim.set_defaults(run=_simulate)
    tour = sub.add_parser("tournament", help="bots against each other, seats rotated, with confidence intervals",
                          formatter_class=defaults)
    tour.add_argument("--bots", type=_line_up, default="cautious,random",
                      help=f"two or more, each once: {', '.join(sorted(BOTS))}")
    tour.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="{2..6}", help="divers per game")
    tour.add_argument("--games", type=_whole(1, MAX_GAMES), default=2000,
                      help=f"games to play, 1 to {MAX_GAMES:,} (rounded up to whole seat rotations)")
    tour.add_argument("--seed", type=_whole(0), default=None, help="repeat the same games (omitted: fresh ones)")
    tour.add_argument("--workers", type=_whole(1, MAX_WORKERS), default=None,
                      help=f"processes, 1 to {MAX_WORKERS} (omitted: all cores)")
    tour.add_argument("--variant", choices=VARIANTS, default="classic", help=VARIANT_HELP)
    tour.add_argument("--progress", action="store_true", help="show the progress bar even when not on a terminal")
    tour.set_defaults(run=_tournament)
    app = sub.add_parser("app", help="serve the game to a class in the browser (Voilà): set-up form, then the board",
                         formatter_class=defaults)
    classroom_server.add_arguments(app)
    app.set_defaults(run=classroom_server.serve)
    args = parser.parse_args(argv)
    if args.command == "simulate" and len(args.bots) > args.players:
        sim.error(f"--bots: {len(args.bots)} bots ({', '.join(args.bots)}) for {args.players} seats "
                  f"(--players {args.players}); give at most {args.players}, or raise --players "
                  f"(fewer bots than seats take the seats in turn)")
    try:
        code = args.run(args)
    except KeyboardInterrupt:  # Ctrl-C: stopped, without a traceback
        print("interrupted", file=sys.stderr)
        return 130
    return code or 0


if __name__ == "__main__":
    sys.exit(main())
