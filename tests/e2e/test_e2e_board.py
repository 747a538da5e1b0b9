"""The Board widget in a real JupyterLab: the trail drawn from the kernel's view."""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.e2e


def test_board_draws_every_trail_space(open_notebook):
    nb = open_notebook([
        "from deepsea_widget import Game\n"
        "from deepsea_widget.widget import Board\n"
        "board = Board(Game(players=3, seed=1))\n"
        "board",
        "import json\nprint(json.dumps(board.view))",
    ])
    nb.run_cell(0)
    # Found the way a person (or a screen reader) finds it: an image named by its text alternative.
    trail = nb.cell(0).get_by_role("img", name=re.compile(r"Trail of \d+ spaces"))
    trail.wait_for(timeout=30_000)

    nb.run_cell(1)
    view = nb.output_json(1)
    spaces = trail.locator("[data-space]")
    assert spaces.count() == len(view["trail"]) == 32
    name = trail.get_attribute("aria-labelledby")
    assert f"Trail of {len(view['trail'])} spaces" in nb.page.locator(f"[id='{name}']").text_content()
    # One pawn per diver, all in the sub at the start.
    pawns = trail.locator("[data-diver]")
    assert pawns.count() == len(view["divers"]) == 3
    assert {pawns.nth(i).get_attribute("data-position") for i in range(3)} == {"0"}
    nb.screenshot("board-first-render")


def test_board_redraws_when_the_view_changes(open_notebook):
    nb = open_notebook([
        "from deepsea_widget import Game\n"
        "from deepsea_widget.rules import Roll\n"
        "from deepsea_widget.widget import Board\n"
        "game = Game(players=['Ann', '<b>Bob</b>', 'Cy'], seed=1)\n"
        "board = Board(game)\n"
        "board",
    ])
    nb.run_cell(0)
    board = nb.cell(0).locator(".dsw-board")
    board.wait_for(timeout=30_000)
    # A name typed by a person is shown as text, never parsed as HTML.
    assert nb.cell(0).locator("b").count() == 0
    assert "<b>Bob</b>" in board.locator("title").first.text_content()

    nb.run_code("game.apply(Roll(dice=(3, 2)))\nboard.refresh()")
    position = nb.eval_json("board.view['divers'][0]['position']")
    assert position == 5
    nb.page.wait_for_function(
        "() => document.querySelector('.dsw-board [data-diver=\"0\"]')?.getAttribute('data-position') === '5'"
    )
