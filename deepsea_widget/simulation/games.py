"""Play whole games between bots and summarise them (used by the CLI and tournaments)."""
from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from ..rules import CLASSIC, Game, variant_of
from ..rules import events as ev
from ..rules.plain import plain
from ..rules.position import MAX_PLAYERS, MIN_PLAYERS, new_rng
from ..bots import Policy, PublicView
from .registry import BOTS, make_policy


@dataclass
class GameRecord:
    """The outcome of one game: per seat scores, win share, dives survived and lost."""

    scores: list
    win_share: list  # 1 for a sole winner, 1/k for each of k sharing a win
    stranded: list  # dives each seat ended stranded in the water
    returned: list  # dives each seat ended back in the submarine
    dive_turns: list = field(default_factory=list)  # turns played in each dive


# A game of bots takes a few hundred actions; bots that never pick anything up
# at the far end could dawdle for ever, so a simulation gives up loudly instead.
MAX_ACTIONS = 100_000


def play_game(bots, seed=None, first_player=0, variant="classic") -> GameRecord:
    """One game, seat i played by ``bots[i]`` (names or `Policy` objects); ``variant``: the
    edition ("classic", the default, or "boost": RULES.md "Boost"; or a `Variant`).

    Raises RuntimeError if the bots have not finished the game in MAX_ACTIONS actions.
    """
    policies = [make_policy(b) for b in bots]
    if seed is None:  # a fresh game: fresh bots' randomness too (not the same stream every call)
        seed = random.SystemRandom().getrandbits(64)
    game = Game(players=len(policies), seed=seed, first_player=first_player, variant=variant)
    rng = random.Random(f"{seed}/bots")  # the bots' own randomness, apart from the dice
    view = PublicView(game)
    n = len(policies)
    stranded, returned, dive_turns = [0] * n, [0] * n, []
    turns = 1
    apply, breathed, dive_ended = game.apply, ev.Breathed, ev.DiveEnded
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        events = apply(policies[game.current_player].choose(view, rng))
        if len(events) == 2:  # a move within the turn, or a treasure action and the next diver's breath
            if type(events[1]) is breathed:
                turns += 1
            continue
        for e in events:
            kind = type(e)
            if kind is breathed:
                turns += 1
            elif kind is dive_ended:
                for s in e.stranded:
                    stranded[s] += 1
                for s in e.returned:
                    returned[s] += 1
                dive_turns.append(turns)
                turns = 0
    if not game.is_over:
        raise RuntimeError(f"the bots {[p.name for p in policies]} did not finish the game "
                           f"(seed {seed}) within {MAX_ACTIONS} actions")
    winners = game.winners()
    share = [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    return GameRecord(game.scores(), share, stranded, returned, dive_turns)


def check_player_count(players) -> int:
    """Divers per game: an int 2..6 (bools refused)."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players: must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {players!r}")
    return players


# A bound on ``games``, far past any use (500 times the tournament's default; the fastest bots
# take about 20 minutes of one core for it; a tournament lists every block before the first runs).
MAX_GAMES = 1_000_000


def check_games(games, most=None) -> int:
    """A number of games: an int of at least 1 (bools refused), at most ``most`` if given."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games: must be a positive int, got {games!r}")
    if most is not None and games > most:
        raise ValueError(f"games: must be at most {most:,}, got {games:,}")
    return games


def check_bots(bots, names_only: bool) -> list:
    """A line-up as a list: bot names (or, unless ``names_only``, `Policy` objects), at least one."""
    example = "e.g. ['cautious', 'random']"
    what = "a list of bot names" if names_only else "a list of bot names or Policy objects"
    if isinstance(bots, (str, bytes, Mapping, AbstractSet)):
        raise ValueError(f"bots: must be {what}, {example}, got {bots!r}")
    try:
        bots = list(bots)
    except TypeError:
        raise ValueError(f"bots: must be {what}, {example}, got {bots!r}") from None
    if not bots:
        raise ValueError(f"bots: give at least one bot, {example}; known: {', '.join(sorted(BOTS))}")
    for i, b in enumerate(bots):
        if not ((isinstance(b, str) and b in BOTS) or (not names_only and isinstance(b, Policy))):
            raise ValueError(f"bots[{i}]: unknown bot {b!r}; known: {', '.join(sorted(BOTS))}")
    return bots


def check_variant(variant):
    """A game's edition: "classic", "boost" or a `Variant` (a ValueError names ``variant``)."""
    return variant_of(plain(variant, "variant"), "variant")


def simulate(players=4, games=1000, seed=None, bots=("cautious",), progress=None, variant="classic") -> dict:
    """Play ``games`` games; seat i is played by ``bots[i % len(bots)]`` (fewer bots than
    seats take the seats in turn; more bots than seats is refused: one would never play).

    Returns mean score, win share per seat and per bot, drowning rate (share of
    dives a diver who left the sub ended stranded) and mean dive length in turns.
    ``players``: 2..6; ``games``: 1 to `MAX_GAMES`; ``seed``: an int (0 or more), a string or None
    (fresh games), as for `Game`; ``bots``: a list of bot names (see ``BOTS``) or
    `Policy` objects, e.g. ``["cautious", "random"]``.
    ``progress``: an optional callable given the number of games finished so far.
    ``variant``: the edition played ("classic", the default, or "boost": RULES.md "Boost"; or a
    `Variant`); a game of another edition adds ``"variant"`` (its name) to the answer.
    Bad arguments raise ValueError naming the argument, before any game is played.
    """
    players, games, seed = plain(players, "players"), plain(games, "games"), plain(seed, "seed")  # (numpy ints too)
    check_player_count(players)
    check_games(games, most=MAX_GAMES)
    bots = check_bots(bots, names_only=False)
    if len(bots) > players:
        raise ValueError(f"bots: {len(bots)} bots for {players} seats (players={players}); give at most "
                         f"{players} (seats take the bots in turn, so a bot past the last seat would never play)")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress: must be None or a function of the number of games done, got {progress!r}")
    variant = check_variant(variant)
    base = new_rng(seed)  # Game's rule: an int, a string or None (else ValueError naming seed)
    seat_bots = [bots[i % len(bots)] for i in range(players)]
    score_sum = [0.0] * players
    win_sum = [0.0] * players
    stranded = [0] * players
    returned = [0] * players
    dives = turns = 0
    for g in range(games):
        rec = play_game(seat_bots, seed=base.getrandbits(64), variant=variant)
        for s in range(players):
            score_sum[s] += rec.scores[s]
            win_sum[s] += rec.win_share[s]
            stranded[s] += rec.stranded[s]
            returned[s] += rec.returned[s]
        dives += len(rec.dive_turns)
        turns += sum(rec.dive_turns)
        if progress is not None:
            progress(g + 1)
    summary = _summary(players, games, seat_bots, score_sum, win_sum, stranded, returned, turns / dives)
    return summary if variant is CLASSIC else {**summary, "variant": variant.name}


def _rate(lost, total):
    return lost / total if total else 0.0


def _summary(players, games, seat_bots, score_sum, win_sum, stranded, returned, mean_dive_turns) -> dict:
    """`simulate`'s answer: per seat, and per bot over the seats it played."""
    by_bot = defaultdict(lambda: {"seats": 0, "score": 0.0, "wins": 0.0, "stranded": 0, "dived": 0})
    for s, b in enumerate(seat_bots):
        agg = by_bot[b if isinstance(b, str) else b.name]
        agg["seats"] += 1
        agg["score"] += score_sum[s]
        agg["wins"] += win_sum[s]
        agg["stranded"] += stranded[s]
        agg["dived"] += stranded[s] + returned[s]
    return {
        "players": players, "games": games, "seat_bots": [b if isinstance(b, str) else b.name for b in seat_bots],
        "mean_score": [x / games for x in score_sum],
        "win_share": [x / games for x in win_sum],
        "drowning_rate": [_rate(stranded[s], stranded[s] + returned[s]) for s in range(players)],
        "mean_dive_turns": mean_dive_turns,
        "by_bot": {name: {"mean_score": a["score"] / (a["seats"] * games),
                          "win_share": a["wins"] / (a["seats"] * games),
                          "drowning_rate": _rate(a["stranded"], a["dived"])}
                   for name, a in by_bot.items()},
    }
