"""The Board widget in Python, without a browser: traits, sync and the built bundle."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from deepsea_widget import Game
from deepsea_widget.rules import Roll, Stay
from deepsea_widget.widget import Board


def test_esm_and_css_are_the_built_files():
    esm = Board._esm._path
    css = Board._css._path
    assert esm.name == "widget.js" and css.name == "widget.css"
    assert esm.parent.name == "static" and esm.parent.parent.name == "deepsea_widget"
    assert esm.stat().st_size > 1000
    assert css.stat().st_size > 100
    # The synced module is the bundle itself.
    assert Board(Game(players=2, seed=0))._esm == esm.read_text(encoding="utf-8")


def test_bundle_loads_nothing_from_a_cdn():
    js = Board._esm._path.read_text(encoding="utf-8")
    css = Board._css._path.read_text(encoding="utf-8")
    assert "https://" not in js, "the bundle must be self-contained: no CDN imports"
    assert not re.search(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](?:https?:)?//""", js)
    assert not re.search(r"@import|url\(\s*[\"']?(?:https?:)?//", css)
    # esbuild's output is an ES module with a default export for anywidget.
    assert re.search(r"export\s*\{[^}]*\bas default\b", js)


def test_board_syncs_the_games_public_view():
    game = Game(players=3, seed=1)
    board = Board(game)
    # The board's view holds the game's whole public view (and may add to it).
    public = game.public_view()
    assert {k: board.view[k] for k in public} == public
    assert board.get_state("view")["view"]["trail"] == public["trail"]
    json.dumps(board.view)  # plain JSON, as the front end receives it
    assert len(board.view["trail"]) == 32
    assert [d["position"] for d in board.view["divers"]] == [0, 0, 0]


def test_refresh_assigns_a_new_view():
    game = Game(players=3, seed=1)
    board = Board(game)
    seen = []
    board.observe(lambda change: seen.append(change["new"]), names="view")
    before = board.view
    game.apply(Roll(dice=(3, 2)))
    board.refresh()
    assert board.view is not before
    assert board.view["divers"][0]["position"] == 5
    assert seen and seen[-1] is board.view


def test_the_front_end_cannot_write_the_view():
    game = Game(players=3, seed=1)
    board = Board(game)
    before = board.view
    board.set_state({"view": dict(board.view, air=99)})
    assert board.view == before
    assert board.view["air"] == game.air == 25


@pytest.mark.parametrize("module", ["deepsea_widget.rules", "deepsea_widget"])
def test_importing_the_engine_imports_no_jupyter_packages(module):
    code = (
        f"import sys, {module}\n"
        "loaded = sorted(m for m in ('ipywidgets', 'anywidget', 'plotly') if m in sys.modules)\n"
        "print(','.join(loaded))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"import {module} pulled in: {out.stdout.strip()}"


def test_a_position_shown_again_keeps_its_estimated_badges():
    """The badges' Monte Carlo is seeded by the position: switching to edit mode and back (no
    change) or undoing and replaying a roll shows the same estimate, not a new draw (an audit
    saw 34% (32-36%) become 33% (31-35%) just by opening Edit position)."""
    from deepsea_widget.table import Table

    table = Table(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3)
    board = Board(table=table)
    table.apply(Roll(dice=(3, 2)))
    board.refresh()
    first = board.view["badges"]
    assert first[0]["method"] == "estimate"
    table.set_mode("edit")
    board.refresh()
    table.set_mode("play")
    board.refresh()
    assert board.view["badges"] == first
    table.undo()
    table.apply(Roll(dice=(3, 2)))
    board.refresh()
    assert board.view["badges"] == first
    table.apply(Stay())
    board.refresh()
    assert board.view["badges"] != first  # a new position: its own estimate
