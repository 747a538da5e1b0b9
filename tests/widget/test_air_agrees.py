"""One air convention: every air number the board's view, the panels and the edit slider show
for one position is the air on the track now, or says which other air it is ("air 23 at the
start of Ann's turn"). The position is mid-turn (Ann has breathed), so the two airs differ."""
from __future__ import annotations

import re

import pytest

from air_words import check, strings

from deepsea_widget.app import App
from deepsea_widget.board_view import board_view
from deepsea_widget.panels import no_return_chart, situation, turn_back_panel
from deepsea_widget.rules import Game, Roll
from deepsea_widget.table import Table

TURN_START, NOW = 23, 21  # Ann carries 2 items: she breathed 2 at her turn's start


def position() -> Game:
    """Ann on space 9 heading back with 2 items, Bob on space 4 with 1, Cy in the sub; Ann's turn
    started with air 23 and she has breathed 2."""
    return Game.from_position(players=["Ann", "Bob", "Cy"], trail=[1] * 4 + [2] * 4 + [3] * 4,
                              positions=[9, 4, 0], returning=[True, False, False], carried=[[2, 3], [1], []],
                              air=TURN_START, turn=0, seed=5)


@pytest.fixture(params=["roll", "treasure"])
def app(request) -> App:
    app = App(Table(game=position()))
    if request.param == "treasure":  # Ann rolls 1 + 1: with 2 items she stays on space 9
        app.apply(Roll(dice=(1, 1)))
    assert (app.game.turn_start_air, app.game.air) == (TURN_START, NOW)
    return app


def test_the_view_and_every_panel_show_the_air_now_or_say_which_air(app):
    game = app.game
    view = board_view(app.table, odds=[None] * 3)
    assert (view["air"], view["turn_start_air"]) == (NOW, TURN_START)
    said = check(strings(view), game, view["forecast_air"], "board view")
    assert any(c.kind == "breath" for c in said)  # the log: "Ann breathes 2: air 23 → 21"

    for figure in app.panels.figures:
        texts = [*strings(figure.figure), figure.summary]
        check(texts, game, where=figure.layout["title"]["text"])
    # the map: its marker stands at the air of Ann's turn's start, and every text of it says so
    sit = situation(game)
    whose = "Ann's turn" if game.phase == "roll" else "Ann's next turn"
    marker = app.panels.odds_map.data[3]
    assert marker["y"] == [sit.air] and sit.air == (TURN_START if game.phase == "roll" else NOW - 1)
    said = check(marker["hovertext"], game, where="map marker")
    assert [(c.kind, c.number) for c in said if c.kind != "now"] == [
        ("turn start" if game.phase == "roll" else "next turn start", sit.air)]
    assert f"air {NOW} now" in marker["hovertext"][0]  # and it gives the air now beside it
    layout = app.panels.odds_map.layout
    assert layout["yaxis"]["title"]["text"] == f"air at the start of {whose}"
    assert f"air %{{y}} at the start of {whose}" in app.panels.odds_map.data[0]["hovertemplate"]
    cells = [t for row in app.panels.odds_map.data[0]["hovertext"] for t in row]
    assert not any(re.search(r"\bair \d", t) for t in cells)  # the cell's air is the template's, said once

    # the panels a notebook draws for the same diver
    check([*strings(turn_back_panel(sit))], game, where="turn-back panel")
    chart = no_return_chart(others=sit.others, distance=sit.distance, chips=sit.chips, air=sit.air)
    marker = chart["data"][-1]["hovertext"][0]  # (a chart of given numbers: whose turn it does not know)
    assert f"air {sit.air} at the start of the diver's turn" in marker


def test_the_edit_slider_shows_and_sets_the_air_now(app):
    """The slider shows the view's ``air`` (js/src/editPanel.ts) and `set_air` sets that air: set to
    what it shows, the position is unchanged, and the log says both airs."""
    game = app.game
    shown = app.board.view["air"]
    app.edit(op="set_air", air=shown)
    edited = app.game
    assert (edited.air, edited.turn_start_air) == (NOW, TURN_START)
    assert edited.current_player == game.current_player and edited.phase == "roll"
    assert app.table.log[0] == "Edit: air 21 now (air 23 at the start of Ann's turn; Ann breathed 2)"
    check([app.table.log[0]], edited, where="edit log")
    view = board_view(app.table, odds=[None] * 3)
    check(strings(view), edited, view["forecast_air"], "board view in edit mode")
    # the slider's range: Ann breathed 2 of at most 25, and 0 is the air run out as she breathed
    app.edit(op="set_air", air=23)
    assert (app.game.air, app.game.turn_start_air) == (23, 25)
    app.edit(op="set_air", air=0)
    assert (app.game.air, app.game.turn_start_air) == (0, 2)
    for bad in (24, -1):
        with pytest.raises(ValueError, match=r"air must be 0 to 23: Ann breathed 2 .*got " + str(bad)):
            app.edit(op="set_air", air=bad)
