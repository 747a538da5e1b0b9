"""The stored Boost playthrough still comes out line for line (see boost_playthrough.py to
regenerate), and it shows every Boost rule at work over the three dives."""
from __future__ import annotations

import pytest
from boost_playthrough import BOOST_PLAYTHROUGHS, HERE, REGENERATE, render


@pytest.mark.parametrize("name", sorted(BOOST_PLAYTHROUGHS))
def test_boost_playthrough_matches_line_by_line(name):
    players, seed = BOOST_PLAYTHROUGHS[name]
    expected = (HERE / name).read_text(encoding="utf-8").splitlines()
    actual = render(players, seed).splitlines()
    for i, (want, got) in enumerate(zip(expected, actual), start=1):
        assert got == want, (f"{name} line {i} differs:\n  stored: {want}\n  now:    {got}\n"
                             f"If the rules changed on purpose, run: {REGENERATE}")
    assert len(actual) == len(expected), f"{name}: {len(expected)} lines stored, {len(actual)} now"


@pytest.mark.parametrize("name", sorted(BOOST_PLAYTHROUGHS))
def test_boost_playthrough_covers_the_variant_over_the_whole_game(name):
    text = (HERE / name).read_text(encoding="utf-8")
    lines = text.splitlines()
    assert REGENERATE in lines[2] and "variant=boost" in lines[3]
    for needle in ("Dive 1 is over", "Dive 2 is over", "Dive 3 is over", "Game over", "banks", "loses",
                   "picks up", "drops", "turns back", "jumping over", "cannot move",
                   "boosts: air", "Boost, keeps", "and chooses 2 dice to keep", ": keeps", "legal: roll, boost",
                   "legal: roll, turn_back, boost", "legal: keep dice=[0, 1], keep dice=[0, 2], keep dice=[1, 2]"):
        assert needle in text, f"{name} never shows {needle!r}"
    # a Boost that runs the air out: the diver finishes its turn, then the dive ends
    assert any("boosts: air" in a and "Air is out" in b for a, b in zip(lines, lines[1:]))
