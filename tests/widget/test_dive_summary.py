"""The board's dive summary: what a player reads when a dive ends, and at the game's end."""
from __future__ import annotations

from deepsea_widget import play


def summaries_of_a_bot_game(seed: int) -> list[dict]:
    app = play(players=[], bots={"A": "cautious", "B": "cautious", "C": "cautious"}, seed=seed)
    table, seen = app.table, []
    while not table.game.is_over:
        assert table.handle({"type": "bot_step", "seq": table.seq}), table.error
        if table.summary and table.summary not in seen:
            seen.append(table.summary)
    app.close()
    return seen


def test_each_dive_summary_says_who_starts_the_next_dive_and_the_last_gives_every_score():
    first, second, last = summaries_of_a_bot_game(3)
    for summary, dive in ((first, 2), (second, 3)):
        assert any(line.startswith(f"Dive {dive} starts with ") for line in summary["lines"]), summary
    assert last["title"].startswith("Game over")
    assert not any("starts with" in line for line in last["lines"])  # no next dive
    scores = [line for line in last["lines"] if line.startswith("Final scores: ")]
    assert len(scores) == 1 and all(name in scores[0] for name in "ABC"), last
