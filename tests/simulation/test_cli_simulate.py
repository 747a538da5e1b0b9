"""`python -m deepsea_widget simulate` in a subprocess: runs, is deterministic, refuses bad arguments."""
from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CMD = [sys.executable, "-m", "deepsea_widget", "simulate"]


def run(*args, timeout=300):
    return subprocess.run([*CMD, *args], capture_output=True, text=True, cwd=ROOT, timeout=timeout)


@pytest.fixture(scope="module")
def two_runs():
    args = ("--players", "4", "--games", "200", "--seed", "1", "--bots", "random,cautious")
    return run(*args), run(*args)


def test_simulate_runs_and_prints_the_summary(two_runs):
    first, _ = two_runs
    assert first.returncode == 0, first.stderr
    out = first.stdout
    assert out.startswith("200 games, 4 divers, seed 1; mean dive length")
    lines = out.splitlines()
    assert "mean score" in lines[1] and "win share" in lines[1] and "drowning" in lines[1]
    seats = [line.split() for line in lines[2:6]]
    assert [s[0] for s in seats] == ["0", "1", "2", "3"]
    assert [s[1] for s in seats] == ["random", "cautious", "random", "cautious"]
    shares = [float(s[3]) for s in seats]
    assert sum(shares) == pytest.approx(1.0, abs=0.01)
    assert any(line.startswith("random") for line in lines) and any(line.startswith("cautious") for line in lines)


def test_simulate_is_deterministic_for_a_seed(two_runs):
    first, second = two_runs
    assert first.stdout == second.stdout


def test_a_different_seed_gives_different_numbers(two_runs):
    other = run("--players", "4", "--games", "200", "--seed", "2", "--bots", "random,cautious")
    assert other.returncode == 0 and other.stdout != two_runs[0].stdout


@pytest.mark.parametrize("args,message", [
    (("--players", "7"), "invalid choice: 7"),
    (("--players", "1"), "invalid choice: 1"),
    (("--players", "four"), "invalid int value"),
    (("--games", "0"), "argument --games: must be at least 1, got 0"),
    (("--games", "-3"), "argument --games: must be at least 1, got -3"),
    # (it ran for ever, silently; a tournament stops at the same size)
    (("--games", "99999999999999999999"), "argument --games: must be at most 1,000,000"),
    (("--bots", "random,nobody"), "unknown bot(s) nobody"),
    (("--bots", ","), "no bot named; give one or more of cautious, odds, odds-noboost, random, search"),
    (("--seed", "abc"), "argument --seed: must be a whole number, got 'abc'"),
    # (random.Random takes -1 as 1: it replayed --seed 1's games)
    (("--seed", "-1"), "argument --seed: must be at least 0, got -1"),
    (("--frobnicate",), "unrecognized arguments"),
])
def test_bad_arguments_are_refused_with_a_clear_message(args, message):
    result = run(*args, timeout=60)
    assert result.returncode == 2
    assert message in result.stderr
    if "unrecognized" not in message:  # (argparse says that one at the top)
        assert "deepsea_widget simulate: error" in result.stderr  # the subcommand's usage, not the top one
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_no_command_is_refused():
    result = subprocess.run([sys.executable, "-m", "deepsea_widget"], capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert result.returncode == 2 and "required" in result.stderr


@pytest.mark.parametrize("workers", ["0", "-2", "two", "257", "99999999999999999999"])
def test_tournament_refuses_a_bad_number_of_workers(workers):
    result = subprocess.run([sys.executable, "-m", "deepsea_widget", "tournament", "--workers", workers],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2 and "--workers" in result.stderr
    assert "Traceback" not in result.stderr


def test_help_shows_the_defaults():
    result = subprocess.run([sys.executable, "-m", "deepsea_widget", "tournament", "--help"],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0
    assert "(default: 2000)" in result.stdout and "(default: cautious,random)" in result.stdout
    assert "(default: None)" not in result.stdout


@pytest.mark.parametrize("bots", ["odds,odds", "cautious"])
def test_a_tournament_needs_two_different_bots(bots):
    result = subprocess.run([sys.executable, "-m", "deepsea_widget", "tournament", "--bots", bots],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2 and "two or more different bots" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_tournament_past_its_largest_size_is_a_usage_error():
    result = subprocess.run([sys.executable, "-m", "deepsea_widget", "tournament", "--games", "2000000"],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2 and "argument --games: must be at most 1,000,000" in result.stderr
    assert "Traceback" not in result.stderr


def test_more_bots_than_seats_is_a_usage_error_not_a_silent_drop():
    result = run("--players", "2", "--bots", "random,cautious,odds", "--games", "1", timeout=60)
    assert result.returncode == 2
    assert "--bots: 3 bots (random, cautious, odds) for 2 seats (--players 2)" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_fewer_bots_than_seats_take_the_seats_in_turn():
    result = run("--players", "3", "--bots", "random,odds", "--games", "2", "--seed", "1", timeout=120)
    assert result.returncode == 0, result.stderr
    assert [line.split()[1] for line in result.stdout.splitlines()[2:5]] == ["random", "odds", "random"]


def test_an_unseeded_run_prints_the_seed_it_drew_and_that_seed_repeats_it():
    first = run("--players", "2", "--games", "3", "--bots", "random", timeout=120)
    assert first.returncode == 0, first.stderr
    assert "seed None" not in first.stdout
    header = first.stdout.splitlines()[0]
    found = re.fullmatch(r"3 games, 2 divers, seed (\d+) \(drawn: --seed \1 repeats these games\); "
                         r"mean dive length .* turns", header)
    assert found, header
    again = run("--players", "2", "--games", "3", "--bots", "random", "--seed", found[1], timeout=120)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[1:] == first.stdout.splitlines()[1:]
    assert again.stdout.splitlines()[0].startswith(f"3 games, 2 divers, seed {found[1]}; mean dive length")


def test_ctrl_c_stops_with_a_word_not_a_traceback():
    proc = subprocess.Popen([sys.executable, "-m", "deepsea_widget", "simulate", "--games", "1000000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    time.sleep(3)  # (past the imports: the games are under way)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err.strip().endswith("interrupted"), (proc.returncode, err)
    assert "Traceback" not in err and out == ""
