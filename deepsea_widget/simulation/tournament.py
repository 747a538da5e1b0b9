"""Tournaments between bots: rotated seats, duplicate dice, confidence intervals, ratings.

Games come in *blocks*: one block plays the same dice seed once per rotation
of the line-up, so every bot sits in every seat equally often and meets the
same luck (as in duplicate bridge). Blocks are independent, so they run on
any `concurrent.futures.Executor` (local processes by default; a Dask or Ray
executor works the same) and the result depends only on the seed.
"""
from __future__ import annotations

import html
import math
import os
from concurrent.futures import Executor
from dataclasses import dataclass

from ..rules.plain import plain
from ..rules.position import new_rng
from .executors import TASKS_PER_WORKER, local_executor, task_sizes  # noqa: F401 (TASKS_PER_WORKER: documented here)
from .games import MAX_GAMES, check_bots, check_games, check_player_count, check_variant, play_game

Z95 = 1.959963984540054
# Student's t, 97.5% point, for 1..30 degrees of freedom (beyond: a Cornish-Fisher step from Z95)
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)


def t975(df: int) -> float:
    """The 95% two-sided quantile of Student's t with ``df`` degrees of freedom."""
    if df <= len(_T975):
        return _T975[df - 1]
    return Z95 + (Z95 ** 3 + Z95) / (4 * df)
RATING_SCALE = 400 / math.log(10)  # Elo points per natural-log unit of odds
RATING_MEAN = 1500
# A bound on ``workers``: far more processes than any machine here has cores (each one forks)
MAX_WORKERS = 256


def lineups(bots, players: int) -> list[list[str]]:
    """The rotations of the line-up: in rotation r, seat s is played by bots[(s + r) % len(bots)].

    Over the len(bots) rotations every bot plays every seat exactly once.
    """
    return [[bots[(s + r) % len(bots)] for s in range(players)] for r in range(len(bots))]


def _play_block(args):
    """One block: the same seed under every rotation (``args``: the seed, the rotations and, for
    a game of another edition, its variant as a save records it)."""
    seed, rotations, *variant = args
    variant = variant[0] if variant else "classic"
    out = []
    for lineup in rotations:
        rec = play_game(lineup, seed=seed, variant=variant)
        out.append((lineup, rec.scores, rec.win_share, rec.stranded, rec.returned))
    return out


def _play_blocks(tasks):
    """Several blocks in one task (a worker process, or a Dask or Ray worker)."""
    return [_play_block(task) for task in tasks]


@dataclass
class BotResult:
    bot: str
    seat_games: int
    win_share: float
    win_ci: tuple
    mean_score: float
    score_ci: tuple
    drowning_rate: float
    rating: float
    drowning_ci: tuple = (math.nan, math.nan)
    rating_ci: tuple = (math.nan, math.nan)
    behind_best: tuple | None = None  # (the best bot's win share minus this one's, by block; its 95% interval)


@dataclass
class TournamentResult:
    """Per-bot results; ``scores[bot]`` holds every score the bot made (for plots), and
    ``block_wins[bot]`` its win share in each block (the independent units)."""

    players: int
    games: int
    seed: int | None
    bots: list
    results: dict
    scores: dict
    block_wins: dict | None = None
    best: str | None = None  # the bot with the highest win share
    variant: str = "classic"  # the edition played (its name: "classic", "boost")

    def paired_difference(self, a: str, b: str) -> tuple[float, tuple]:
        """Bot ``a``'s win share minus bot ``b``'s, block by block (each block gives both the
        same dice in every seat): the mean difference and its 95% interval."""
        for bot in (a, b):
            if bot not in self.bots:
                raise ValueError(f"{bot!r}: not a bot of this tournament ({', '.join(self.bots)})")
        return _mean_ci([x - y for x, y in zip(self.block_wins[a], self.block_wins[b])], -1.0, 1.0)

    @property
    def equal_share(self) -> float:
        return 1 / self.players

    @property
    def seed_text(self) -> str:
        return "unseeded (fresh games)" if self.seed is None else f"seed {self.seed!r}"

    @property
    def setting_text(self) -> str:
        """"2000 games, 4 divers" (and, for another edition than the original, "of boost")."""
        edition = "" if self.variant == "classic" else f" of {self.variant}"
        return f"{self.games} games{edition}, {self.players} divers"

    def rows(self) -> list[dict]:
        """One row per bot, best rating first: every number with its 95% interval."""
        return [{"bot": r.bot, "win share": r.win_share, "95% CI": r.win_ci, "mean score": r.mean_score,
                 "score CI": r.score_ci, "drowning rate": r.drowning_rate, "drowning CI": r.drowning_ci,
                 "rating": r.rating, "rating CI": r.rating_ci, "behind best": r.behind_best,
                 "seat-games": r.seat_games}
                for r in sorted(self.results.values(), key=lambda r: -r.rating)]

    def __str__(self) -> str:
        width = max([9] + [len(b) + 1 for b in self.bots])  # (the bot column: 9 wide, or the longest name's)
        lines = [f"{self.setting_text}, {self.seed_text}; "
                 f"equal win share would be {self.equal_share:.3f}; [low, high]: 95% intervals over "
                 f"{self.blocks} blocks",
                 f"{'bot':<{width}} {'win share':<22} {'behind ' + (self.best or 'best'):<24} {'mean score':<20} "
                 f"{'drowning':<22} {'rating':<16}"]
        for r in self.rows():
            lines.append(f"{r['bot']:<{width}} {_with_ci(r['win share'], r['95% CI'], 3):<22} "
                         f"{_behind(r['behind best']):<24} {_with_ci(r['mean score'], r['score CI'], 2):<20} "
                         f"{_with_ci(r['drowning rate'], r['drowning CI'], 3):<22} "
                         f"{_with_ci(r['rating'], r['rating CI'], 0):<16}")
        return "\n".join(lines + ["", *LEGEND])

    @property
    def blocks(self) -> int:
        return len(next(iter(self.block_wins.values()))) if self.block_wins else 0

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("bot", "win share", f"behind {self.best or 'best'}", "mean score",
                                                  "drowning rate", "rating"))
        body = "".join(
            f"<tr><td>{html.escape(r['bot'])}</td><td>{_with_ci(r['win share'], r['95% CI'], 3)}</td>"
            f"<td>{_behind(r['behind best'])}</td><td>{_with_ci(r['mean score'], r['score CI'], 2)}</td>"
            f"<td>{_with_ci(r['drowning rate'], r['drowning CI'], 3)}</td>"
            f"<td>{_with_ci(r['rating'], r['rating CI'], 0)}</td></tr>" for r in self.rows())
        legend = "".join(f"<li>{html.escape(line)}</li>" for line in LEGEND)
        return (f"<p>{html.escape(self.setting_text)}, {html.escape(self.seed_text)}; equal share "
                f"{self.equal_share:.3f}; [low, high]: 95% intervals over {self.blocks} blocks</p>"
                f"<table><tr>{head}</tr>{body}</table><ul>{legend}</ul>")


# What each column means, printed under every table.
LEGEND = (
    "win share: the share of games a bot won (a shared win split); 1 / divers if all were equal.",
    "behind <best>: the best bot's win share minus this bot's, block by block: both met the same dice "
    "in every seat, so this is the fair comparison (an interval above 0: really behind).",
    "mean score: points banked per game.",
    "drowning rate: the share of its dives in which it did not get back to the submarine.",
    "rating: Bradley-Terry strength on the Elo scale (1500 = average here), from who outscored whom.",
    "[low, high]: 95% interval over blocks (a block: the same dice under every seat rotation, so its games "
    "are not independent); where every block gave 0 (or 1), a one-sided bound by the rule of three.",
)


def _with_ci(value: float, ci, digits: int) -> str:
    lo, hi = ci
    if math.isnan(lo):
        return f"{value:.{digits}f} (1 block)"
    return f"{value:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def _behind(diff) -> str:
    if diff is None:
        return "(best)"
    value, ci = diff
    lo, hi = ci
    if math.isnan(lo):
        return f"{value:+.3f} (1 block)"
    return f"{value:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def _ci_text(ci) -> str:
    lo, hi = ci
    return "n/a (1 block)" if math.isnan(lo) else f"[{lo:.3f}, {hi:.3f}]"


def _mean_ci(values, low: float = -math.inf, high: float = math.inf, span: float | None = None
             ) -> tuple[float, tuple]:
    """The mean of the blocks and its 95% interval (Student's t: there may be few blocks), kept
    within what the values can be (``low``..``high``); one block gives no interval (nan, nan).
    When every block gave the same value the t interval would be a point: at ``low`` (or
    ``high``) it becomes a one-sided bound, the rule of three over the blocks (``span``: how far
    a block could be from it, by default ``high - low``)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, (math.nan, math.nan)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    if var == 0 and span is None and math.isfinite(high - low):
        span = high - low
    if var == 0 and span:
        reach = min(1.0, 3 / n) * span  # (rule of three: with none of n seen, the rate is < 3/n at 95%)
        if mean <= low:
            return mean, (low, min(high, low + reach))
        if mean >= high:
            return mean, (max(low, high - reach), high)
    half = t975(n - 1) * math.sqrt(var / n)
    return mean, (max(low, mean - half), min(high, mean + half))


def bradley_terry(pairs: dict, bots) -> dict:
    """Ratings (Elo scale, mean 1500) fitted by maximum likelihood to pairwise results.

    ``pairs[(a, b)]`` = points a took from b (1 per game a scored more than b,
    1/2 per equal score, whatever the rules' tie-break said about the win). Minorise-maximise iterations (Hunter 2004); a small prior
    (one drawn game against a player of strength 1) keeps unbeaten bots finite and
    fixes the scale, so the strengths are recentred once, at the end.
    """
    strength = {b: 1.0 for b in bots}
    for _ in range(2000):
        new = {}
        for a in bots:
            wins = 0.5 + sum(pairs.get((a, b), 0.0) for b in bots if b != a)
            denom = 1.0 / (strength[a] + 1.0)
            for b in bots:
                if b != a:
                    games = pairs.get((a, b), 0.0) + pairs.get((b, a), 0.0)
                    if games:
                        denom += games / (strength[a] + strength[b])
            new[a] = wins / denom
        done = max(abs(math.log(new[b] / strength[b])) for b in bots) < 1e-12
        strength = new
        if done:
            break
    centre = sum(math.log(v) for v in strength.values()) / len(strength)
    return {b: RATING_MEAN + RATING_SCALE * (math.log(strength[b]) - centre) for b in bots}


def tournament(bots=("odds", "search", "cautious", "random"), players=4, games=2000, seed=None,
               executor: Executor | None = None, progress=True, workers=None, variant="classic") -> TournamentResult:
    """Play about ``games`` games (rounded up to whole rotations) and summarise per bot.

    ``bots``: a list of names, each once (the default has all four; "search" plays
    well under a game a second, so pass a smaller line-up for a quick run).
    ``games``: 1 to `MAX_GAMES`; ``seed``: an int, a string or None (fresh games),
    as for `Game`. ``executor``: any `concurrent.futures.Executor` (any object
    with a ``map(fn, tasks)`` method: a Dask ``Client.get_executor()`` or Ray's
    executor work the same); default `local_executor`: ``workers`` processes (None:
    all cores), or this process for one worker or where processes cannot start. Whatever the executor, the blocks go in
    tasks sized for ``workers`` workers (with an executor of your own, say how
    many it has; None: 8), about TASKS_PER_WORKER tasks each. ``progress``: a
    tqdm bar. Deterministic for a given seed, whatever the executor. ``variant``: the edition
    played ("classic", the default, or "boost": RULES.md "Boost"; or a `Variant`), e.g.
    ``tournament(["odds", "odds-noboost"], variant="boost")`` for the Boost's worth.
    """
    players, games, seed, workers = (plain(players, "players"), plain(games, "games"), plain(seed, "seed"),
                                      plain(workers, "workers"))  # (numpy ints too)
    bots = _line_up(bots)
    check_player_count(players)
    check_games(games, most=MAX_GAMES)
    variant = check_variant(variant)
    if executor is not None and not callable(getattr(executor, "map", None)):
        raise ValueError(f"executor: must be a concurrent.futures.Executor (an object with a map method) "
                         f"or None, got {executor!r}")
    rng = new_rng(seed)  # Game's rule: an int, a string or None (else ValueError naming seed)
    rotations = lineups(bots, players)
    n_blocks = math.ceil(games / len(rotations))
    edition = () if variant.to_json() == "classic" else (variant.to_json(),)  # (the original game's tasks as they were)
    tasks = [(rng.getrandbits(64), rotations, *edition) for _ in range(n_blocks)]

    own = executor is None
    if workers is None:
        workers = (os.cpu_count() or 1) if own else 8
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise ValueError(f"workers: must be a whole number of processes, got {workers!r}")
    if not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers: must be 1 to {MAX_WORKERS}, got {workers}")
    if own:
        executor = local_executor(min(workers, n_blocks))  # (no idle processes)
    try:
        size = task_sizes(n_blocks, workers)
        chunks = [tasks[i:i + size] for i in range(0, n_blocks, size)]
        results = executor.map(_play_blocks, chunks)
        bar = None
        if progress:
            from tqdm.auto import tqdm
            bar = tqdm(total=n_blocks * len(rotations), desc="games", unit="game")
        blocks = []
        for chunk in results:
            blocks.extend(chunk)
            if bar is not None:
                bar.update(sum(len(block) for block in chunk))
        if bar is not None:
            bar.close()
    finally:
        if own:
            executor.shutdown()
    return _summarise(blocks, bots, players, seed, variant.name)


def _line_up(bots) -> list:
    """A tournament's bots: known names, two or more, each once (a ValueError names ``bots``)."""
    bots = check_bots(bots, names_only=True)
    if len(set(bots)) != len(bots):
        raise ValueError("bots: list each bot once")
    if len(bots) < 2:
        raise ValueError(f"bots: a tournament needs two or more different bots, got {bots}")
    return bots


def _summarise(blocks, bots, players, seed, variant: str = "classic") -> TournamentResult:
    # Blocks are the independent units (games within one share dice and seats),
    # so confidence intervals come from per-block means, not per-seat results.
    block_wins = {b: [] for b in bots}
    block_scores = {b: [] for b in bots}
    block_drowned = {b: [] for b in bots}
    block_pairs = []
    scores = {b: [] for b in bots}
    stranded = {b: 0 for b in bots}
    dived = {b: 0 for b in bots}
    pairs: dict = {}
    n_games = 0
    for block in blocks:
        w = {b: [] for b in bots}
        lost = {b: 0 for b in bots}
        went = {b: 0 for b in bots}
        here: dict = {}
        for lineup, sc, share, strand, ret in block:
            n_games += 1
            for s, b in enumerate(lineup):
                w[b].append(share[s])
                scores[b].append(sc[s])
                stranded[b] += strand[s]
                dived[b] += strand[s] + ret[s]
                lost[b] += strand[s]
                went[b] += strand[s] + ret[s]
            for s, a in enumerate(lineup):  # pairwise results between different bots
                for t, b in enumerate(lineup):
                    if a != b and s < t:
                        pts = 1.0 if sc[s] > sc[t] else 0.5 if sc[s] == sc[t] else 0.0
                        for tally in (pairs, here):
                            tally[(a, b)] = tally.get((a, b), 0.0) + pts
                            tally[(b, a)] = tally.get((b, a), 0.0) + 1.0 - pts
        for b in bots:
            block_wins[b].append(sum(w[b]) / len(w[b]))
            block_scores[b].append(sum(scores[b][-len(w[b]):]) / len(w[b]))
            block_drowned[b].append(lost[b] / went[b] if went[b] else 0.0)
        block_pairs.append(here)
    ratings = bradley_terry(pairs, bots)
    rating_cis = _rating_intervals(block_pairs, bots, seed)
    best = max(bots, key=lambda b: sum(block_wins[b]))
    top_score = max((max(v) for v in scores.values() if v), default=0)
    results = {}
    for b in bots:
        win, win_ci = _mean_ci(block_wins[b], 0.0, 1.0)
        mean, mean_ci = _mean_ci(block_scores[b], 0.0, math.inf, span=top_score)
        drowning, drowning_ci = _mean_ci(block_drowned[b], 0.0, 1.0)
        behind = None if b == best else _mean_ci([x - y for x, y in zip(block_wins[best], block_wins[b])],
                                                 -1.0, 1.0)
        results[b] = BotResult(b, len(scores[b]), win, win_ci, mean, mean_ci,
                               stranded[b] / dived[b] if dived[b] else 0.0, ratings[b], drowning_ci,
                               rating_cis[b], behind)
    return TournamentResult(players, n_games, seed, bots, results, scores, block_wins, best, variant)


BOOTSTRAP = 200  # resamples of the blocks for the ratings' intervals


def _rating_intervals(block_pairs: list, bots, seed) -> dict:
    """Each bot's rating's 95% interval: the 2.5th and 97.5th percentiles of the ratings fitted
    to the blocks resampled with replacement (a bootstrap over the independent units), seeded
    by the tournament's seed so that a seeded tournament reports the same interval."""
    n = len(block_pairs)
    if n < 2:
        return {b: (math.nan, math.nan) for b in bots}
    rng = new_rng(f"{seed}/ratings")
    fitted = {b: [] for b in bots}
    for _ in range(BOOTSTRAP):
        pairs: dict = {}
        for _ in range(n):
            for key, pts in block_pairs[int(rng.random() * n)].items():
                pairs[key] = pairs.get(key, 0.0) + pts
        for b, r in bradley_terry(pairs, bots).items():
            fitted[b].append(r)
    out = {}
    for b in bots:
        values = sorted(fitted[b])
        out[b] = (values[int(0.025 * (BOOTSTRAP - 1))], values[int(round(0.975 * (BOOTSTRAP - 1)))])
    return out
