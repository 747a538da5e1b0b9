"""The stored playthroughs still come out line for line (see playthrough.py to regenerate)."""
from __future__ import annotations

import pytest
from playthrough import HERE, PLAYTHROUGHS, REGENERATE, render


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough_matches_line_by_line(name):
    players, seed, bots = PLAYTHROUGHS[name]
    expected = (HERE / name).read_text(encoding="utf-8").splitlines()
    actual = render(players, seed, bots).splitlines()
    for i, (want, got) in enumerate(zip(expected, actual), start=1):
        assert got == want, (f"{name} line {i} differs:\n  stored: {want}\n  now:    {got}\n"
                             f"If the rules changed on purpose, run: {REGENERATE}")
    assert len(actual) == len(expected), f"{name}: {len(expected)} lines stored, {len(actual)} now"


def test_playthroughs_cover_the_whole_game():
    for name in PLAYTHROUGHS:
        text = (HERE / name).read_text(encoding="utf-8")
        assert REGENERATE in text.splitlines()[2]
        for needle in ("Dive 1 is over", "Dive 2 is over", "Dive 3 is over", "Game over", "banks",
                       "picks up", "turns back"):
            assert needle in text, f"{name} never shows {needle!r}"
