"""Tournaments: rotated seats, determinism across executors, honest summaries."""
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from deepsea_widget.simulation.tournament import bradley_terry, lineups, tournament


def test_every_bot_plays_every_seat_equally():
    for bots in (["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"], ["a", "b", "c", "d", "e"]):
        rot = lineups(bots, 4)
        for seat in range(4):
            counts = [sum(1 for lineup in rot if lineup[seat] == b) for b in bots]
            assert len(set(counts)) == 1, (bots, seat, counts)


def test_same_seed_same_result_whatever_the_executor():
    kwargs = dict(bots=["cautious", "random"], players=3, games=24, seed=7, progress=False)
    with ProcessPoolExecutor(max_workers=2) as pool:
        a = tournament(executor=pool, **kwargs)
    with ThreadPoolExecutor(max_workers=2) as pool:
        b = tournament(executor=pool, **kwargs)
    c = tournament(workers=1, **kwargs)
    assert a.rows() == b.rows() == c.rows()
    assert a.games == 24
    shares = sum(r.win_share * r.seat_games for r in a.results.values())
    assert shares == pytest.approx(a.games)  # every game has exactly one (possibly shared) win


def test_cautious_beats_random_clearly():
    r = tournament(bots=["cautious", "random"], players=4, games=200, seed=3, workers=2, progress=False)
    assert r.results["cautious"].win_ci[0] > r.equal_share > r.results["random"].win_ci[1]
    assert r.results["cautious"].rating > r.results["random"].rating


def test_bradley_terry_orders_by_strength_and_is_centred():
    ratings = bradley_terry({("a", "b"): 30, ("b", "a"): 10, ("b", "c"): 30, ("c", "b"): 10,
                             ("a", "c"): 35, ("c", "a"): 5}, ["a", "b", "c"])
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500)


@pytest.mark.parametrize("kwargs, words", [
    (dict(bots=["nobody"]), "unknown bot"),
    (dict(bots=["random", "random"]), "each bot once"),
    (dict(players=7), "players"),
    (dict(games=0), "games"),
    (dict(workers=0), "workers"),
    (dict(workers=-2), "workers"),
])
def test_bad_arguments(kwargs, words):
    base = dict(bots=["cautious", "random"], players=4, games=10, progress=False)
    base.update(kwargs)
    with pytest.raises(ValueError, match=words):
        tournament(**base)


def test_result_has_a_table_and_a_plot():
    r = tournament(bots=["cautious", "random"], players=2, games=10, seed=1, workers=1, progress=False)
    assert "cautious" in str(r) and "<table>" in r._repr_html_()
    import plotly.graph_objects as go

    from deepsea_widget.panels import tournament_chart

    description = tournament_chart(r)
    assert "template" not in description["layout"]  # plotly.js's plain look: nothing white on a dark theme
    fig = go.Figure(description)  # (plotly's schema checks the description)
    assert len(fig.data) == 3  # win-share bars + one score box per bot
    # readable on a dark notebook theme too: no white paper or plot area
    assert fig.layout.paper_bgcolor == fig.layout.plot_bgcolor == "rgba(0,0,0,0)"


def test_intervals_stay_within_what_the_values_can_be():
    """Four games: the plain normal interval of the random bot's win share reached below 0."""
    r = tournament(bots=["cautious", "random"], players=2, games=4, seed=1, workers=1, progress=False)
    for b in r.bots:
        res = r.results[b]
        assert 0.0 <= res.win_ci[0] <= res.win_share <= res.win_ci[1] <= 1.0
        assert 0.0 <= res.score_ci[0] <= res.mean_score <= res.score_ci[1]


def test_few_blocks_give_wide_honest_intervals():
    from deepsea_widget.simulation.tournament import Z95, _mean_ci, t975

    assert t975(1) == 12.706 and t975(19) == 2.093 and Z95 < t975(100) < 1.99
    mean, (lo, hi) = _mean_ci([0.25, 0.5, 0.75], 0.0, 1.0)  # 3 blocks: t with 2 degrees of freedom
    assert mean == 0.5 and hi - mean == pytest.approx(min(0.5, 4.303 * 0.25 / 3 ** 0.5))
    r = tournament(bots=["cautious", "random"], players=2, games=2, seed=1, workers=1, progress=False)
    assert "(1 block)" in str(r) and "(1 block)" in r._repr_html_()  # (no interval from one block)


def test_bradley_terry_is_the_maximum_of_its_likelihood():
    """Against plain gradient ascent on the same penalised log-likelihood (the prior: half a
    win and half a loss against a player of strength 1), on a lopsided 3-bot result."""
    pairs = {("a", "b"): 40, ("b", "a"): 2, ("b", "c"): 22, ("c", "b"): 20, ("a", "c"): 41, ("c", "a"): 1}
    bots = ["a", "b", "c"]
    theta = {b: 0.0 for b in bots}  # log-strengths
    for _ in range(20_000):
        grad = {}
        for a in bots:
            g = 0.5 - 1 / (1 + math.exp(-theta[a]))  # the prior's game
            for b in bots:
                if b != a:
                    games = pairs.get((a, b), 0) + pairs.get((b, a), 0)
                    g += pairs.get((a, b), 0) - games / (1 + math.exp(theta[b] - theta[a]))
            grad[a] = g
        for a in bots:
            theta[a] += 0.02 * grad[a]
    centre = sum(theta.values()) / 3
    expected = {b: 1500 + 400 / math.log(10) * (theta[b] - centre) for b in bots}
    got = bradley_terry(pairs, bots)
    for b in bots:
        assert got[b] == pytest.approx(expected[b], abs=0.01), (got, expected)


def test_an_unseeded_tournament_says_so_not_seed_none():
    fresh = tournament(bots=("random", "cautious"), players=2, games=2)
    assert "unseeded (fresh games)" in str(fresh) and "None" not in str(fresh)
    assert "unseeded" in fresh._repr_html_()
    assert "seed 5;" in str(tournament(bots=("random", "cautious"), players=2, games=2, seed=5))


def test_an_interval_never_collapses_to_a_point_at_0_or_1():
    from deepsea_widget.simulation.tournament import _mean_ci

    # every one of 40 blocks gave 0: the rule of three's bound, 3/40, not [0, 0]
    assert _mean_ci([0.0] * 40, 0.0, 1.0) == (0.0, (0.0, 0.075))
    assert _mean_ci([1.0] * 40, 0.0, 1.0) == (1.0, (0.925, 1.0))
    # a few blocks: the bound stays within what the value can be
    assert _mean_ci([0.0] * 2, 0.0, 1.0) == (0.0, (0.0, 1.0))
    # scores (no upper limit): reach is the span given (the best score seen)
    assert _mean_ci([0.0] * 30, 0.0, math.inf, span=40) == (0.0, (0.0, 4.0))
    # values that differ: Student's t as before
    mean, (lo, hi) = _mean_ci([0.0, 1.0] * 10, 0.0, 1.0)
    assert mean == 0.5 and 0 < lo < 0.5 < hi < 1


def test_every_number_has_an_interval_and_every_column_a_legend():
    r = tournament(bots=["cautious", "random"], players=2, games=40, seed=3, workers=1, progress=False)
    assert r.best == max(r.bots, key=lambda b: r.results[b].win_share)
    for row in r.rows():
        for key in ("95% CI", "score CI", "drowning CI", "rating CI"):
            lo, hi = row[key]
            assert lo < hi, (row["bot"], key, row[key])  # never a point
    worse = [b for b in r.bots if b != r.best][0]
    diff, (lo, hi) = r.results[worse].behind_best
    assert (diff, (lo, hi)) == tuple(r.paired_difference(r.best, worse)) or diff == pytest.approx(
        r.paired_difference(r.best, worse)[0])
    text = str(r)
    for column in ("win share:", "behind <best>:", "mean score:", "drowning rate:", "rating:", "[low, high]:"):
        assert column in text and column in r._repr_html_().replace("&lt;", "<").replace("&gt;", ">")
    # a seeded tournament reports the same intervals, ratings' bootstrap included
    again = tournament(bots=["cautious", "random"], players=2, games=40, seed=3, workers=1, progress=False)
    assert again.rows() == r.rows()


def test_a_real_dask_cluster_gives_the_same_result_in_tasks_sized_to_it():
    """A dask.distributed LocalCluster of two worker processes (no threads of ours), through
    its concurrent.futures executor: the same result as the default pool for the same seed,
    the games sent in a few tasks a worker rather than a task a block."""
    distributed = pytest.importorskip("distributed")
    from deepsea_widget.simulation.tournament import TASKS_PER_WORKER, task_sizes

    local = tournament(bots=["odds", "cautious"], players=4, games=160, seed=7, workers=2, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = tournament(bots=["odds", "cautious"], players=4, games=160, seed=7, progress=False,
                             executor=client.get_executor(), workers=2)
    assert on_dask.rows() == local.rows()
    assert on_dask.games == local.games == 160
    blocks = 160 // 2
    assert task_sizes(blocks, 2) == blocks // (TASKS_PER_WORKER * 2)  # 10 blocks (20 games) a task


def test_where_processes_cannot_start_the_games_run_in_this_process(monkeypatch):
    """JupyterLite's Pyodide kernel has no processes: the default executor plays the games here,
    with the same results as a pool (a seed gives the same tournament whatever runs it)."""
    import sys

    from deepsea_widget.simulation import executors

    kwargs = dict(bots=["cautious", "random"], players=2, games=8, seed=5, progress=False)
    pooled = tournament(workers=2, **kwargs)
    assert isinstance(executors.local_executor(2), ProcessPoolExecutor)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert isinstance(executors.local_executor(2), executors.SerialExecutor)
    assert tournament(workers=2, **kwargs).rows() == pooled.rows()
    monkeypatch.undo()

    def no_semaphores(**_):  # what creating a pool does in Pyodide
        raise NotImplementedError("sem_open is not available")

    monkeypatch.setattr(executors, "ProcessPoolExecutor", no_semaphores)
    assert isinstance(executors.local_executor(2), executors.SerialExecutor)
    assert isinstance(executors.local_executor(1), executors.SerialExecutor)
