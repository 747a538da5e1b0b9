"""The live panels of a Boost game (RULES.md, "Boost") use its odds and say so: the map and the
turn-back chart ask `p_home(..., variant=game.variant)`, the dice panel counts the variant's
eight rolls, and every title or question says it is the Boost game's number."""
import sys
from pathlib import Path

import pytest

from deepsea_widget.live_panels import Panels
from deepsea_widget.odds import p_home
from deepsea_widget.panels import situation
from deepsea_widget.panels.turn_back import situation_rows, turn_back_panel
from deepsea_widget.rules import Boost, Game, Keep, PickUp, Roll, Stay, TurnBack

sys.path.insert(0, str(Path(__file__).parents[1] / "panels"))
from figure_helpers import drawn, one_line  # noqa: E402


@pytest.fixture(scope="module")
def game():
    """Ann two items out, heading back, at space 9; Bob and Cy diving (a Boost game)."""
    return Game.from_position(players=["Ann", "Bob", "Cy"], trail=[[1]] * 6 + [[2]] * 6, positions=[9, 3, 5],
                              returning=[True, False, False], carried=[[[1], [2]], [], [[1]]], air=14,
                              variant="boost")


def test_the_map_and_the_turn_back_chart_use_the_boost_odds(game):
    panels = Panels(game)
    sit = situation(game)
    assert sit.variant is game.variant and (sit.distance, sit.chips, sit.air, sit.others) == (7, 2, 14, 1)
    boost = p_home(7, 2, 14, 1, variant="boost")
    classic = p_home(7, 2, 14, 1)
    assert abs(boost - classic) > 0.01  # (the position tells the two apart)
    marker = panels.odds_map.figure["data"][3]
    assert marker["x"] == [7] and marker["y"] == [14]
    hover = marker["hovertext"][0]
    assert f"P(home) {boost:.0%}" in hover and "Boost game: heading home it boosts" in hover
    title = one_line(panels.odds_map.figure["layout"]["title"]["text"])
    assert "Boost game: heading home it boosts (all 3 dice, 1 more air) when that gives the higher chance" in title
    heat = panels.odds_map.figure["data"][0]
    assert heat["z"][14][6] == pytest.approx(boost, abs=1e-12)
    rows = situation_rows(sit)
    assert [r["label"] for r in rows] == ["keep heading home"]
    assert rows[0]["p"] == pytest.approx(boost, abs=1e-12)
    assert "Boost game: heading home it boosts" in one_line(turn_back_panel(sit)["layout"]["title"]["text"])
    for figure in panels.figures:
        drawn(figure)  # plotly's schema


def test_the_dice_panel_counts_the_eight_rolls_kept_and_boosted(game):
    fig = Panels(game).dice.figure
    keep, boost = fig["data"]
    assert keep["name"] == "best 2" and boost["name"] == "Boost: all"
    # Ann carries 2: best two of 0&3, 1&3, 1&2 minus 2 items
    assert sum(keep["y"]) == pytest.approx(1) and sum(boost["y"]) == pytest.approx(1)
    # kept 3 + 3 minus 2 items: the rolls 3, 3, 1 and 3, 3, 2; boosting, only 3 + 3 + 2 moves 6
    assert keep["text"][keep["x"].index(4)] == "2/8" and boost["text"][boost["x"].index(6)] == "1/8"
    title = one_line(fig["layout"]["title"]["text"])
    assert "Ann: move with 2 items" in title and "Boost game, dice 0&amp;3, 1&amp;3, 1&amp;2" in title
    assert "of the 8 equally likely rolls" in fig["layout"]["yaxis"]["title"]["text"]


def test_the_divers_and_choices_say_it_is_the_boost_game(game):
    panels = Panels(game)
    divers = one_line(panels.divers.figure["layout"]["title"]["text"])
    assert "Boost game: each diver heading back boosts by its own one-diver rule" in divers
    choices = panels.turn_back.figure  # (the live grid's second figure: the mover's choices)
    assert "Boost game: each diver heading back then boosts" in one_line(choices["layout"]["title"]["text"])
    for question in choices["data"][0]["customdata"]:
        assert "boost" in question, question


def test_a_diving_diver_and_a_choice_of_dice(game):
    g = Game(players=["Ann", "Bob"], seed=4, variant="boost")
    g.apply(Roll((3, 1, 2)))
    panels = Panels(g)
    options = panels.turn_back.figure["data"][0]
    assert options["x"] == ["keep 3 + 1", "keep 3 + 2", "keep 1 + 2"]
    g.apply(Keep((0, 2)))
    g.apply(PickUp())
    g.apply(Roll((0, 1, 1)))
    g.apply(Keep((1, 2)))
    g.apply(Stay())
    panels.refresh()
    for figure in panels.figures:
        drawn(figure)
    assert g.current_player == 0
    assert TurnBack() in g.legal_actions() and Boost() in g.legal_actions()
    labels = panels.turn_back.figure["data"][0]["x"]
    assert any(label.startswith("Boost: ") for label in labels), labels
