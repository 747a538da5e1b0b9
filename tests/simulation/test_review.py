"""review(game): each decision a person made, named, with the options of that moment and the
points left on the table; and its chart."""
from __future__ import annotations

import plotly.graph_objects as go
import pytest

from deepsea_widget.panels.review import review_chart
from deepsea_widget.rules import Game, PickUp, Roll, Stay, TurnBack
from deepsea_widget.simulation.decision import decision
from deepsea_widget.simulation.review import points_left, review


def drawn(description: dict) -> go.Figure:
    return go.Figure(description)  # (checks it against plotly's schema)

SCRIPT = [Roll((1, 1)), PickUp(),          # Ann dives 2 and picks up
          Roll((2, 2)), Stay(),            # Bob
          TurnBack(), Roll((1, 1)), Stay(),  # Ann turns back, moves 1, leaves the chip there
          Roll((3, 3)), PickUp(),          # Bob
          Roll((2, 1))]                    # Ann heads home (back in the sub)


def seeded_game() -> Game:
    game = Game(players=["Ann", "Bob"], seed=1)
    for action in SCRIPT:
        game.apply(action)
    return game


def test_each_decision_is_named_with_the_options_of_its_moment():
    game = seeded_game()
    rows = review(game, seats=[0], n=900)
    assert [(r["when"].split(":")[0], r["chose"]) for r in rows] == [
        ("dive 1, before rolling", "dive on, pick up where you land"),
        ("dive 1, after landing", "pick it up"),
        ("dive 1, before rolling", "turn back now"),
        ("dive 1, after landing", "leave it"),
        ("dive 1, before rolling", "keep heading home"),
    ]
    assert all(r["name"] == "Ann" and r["seat"] == 0 for r in rows)
    # the options are decision()'s at that moment: replay to the third decision and ask again
    again = Game(players=["Ann", "Bob"], seed=1)
    for action in SCRIPT[:4]:
        again.apply(action)
    assert rows[2]["options"] == decision(again, n=900)
    for r in rows:
        points = {o["option"]: o["points"] for o in r["options"]}
        assert r["best"] == max(points, key=points.get)
        assert r["left"] == pytest.approx(max(0.0, points[r["best"]] - points[r["chose"]]))
    assert points_left(rows) == pytest.approx(sum(r["left"] for r in rows))
    assert review(game, seats=[0], n=900) == rows  # seeded: the same review twice
    assert game.history == tuple(SCRIPT)  # the game reviewed is unchanged


def test_a_choice_that_throws_points_away_shows_them():
    # Ann on space 3 heading deeper with two items and 4 air: diving on cannot get her home
    game = Game.from_position(players=["Ann", "Bob"], trail=[1, None, None, 2, 2, 2], positions=[3, 0],
                              carried=[[1, 1], []], air=4, seed=2)
    game.apply(Roll((3, 3)))  # she dives on instead of turning back
    rows = review(game, n=900)
    assert rows[0]["chose"] == "dive on, keep what you carry" and rows[0]["best"] == "turn back now"
    assert rows[0]["left"] > 1.0 and rows[0]["left_shown"].startswith(("≈", "1", "2", "3"))


def test_bad_arguments_name_the_field():
    game = seeded_game()
    with pytest.raises(ValueError, match="seats: \\[5\\] is not a seat"):
        review(game, seats=[5])
    with pytest.raises(ValueError, match="policy: must be one of"):
        review(game, policy="brave")
    with pytest.raises(ValueError, match="game: must be a deepsea_widget Game"):
        review("a game")


def test_the_chart_has_a_bar_per_decision_and_says_what_it_shows():
    rows = review(seeded_game(), seats=[0], n=900)
    fig = drawn(review_chart(rows))
    assert list(fig.data[0].y) == [r["left"] for r in rows]
    assert "Points left on the table" in fig.layout.title.text and "in all" in fig.layout.title.text
    assert "chose: turn back now" in fig.data[0].hovertext[2]
    empty = drawn(review_chart([]))
    assert "No decisions to review yet" in str(empty.layout.annotations)


def test_a_boost_game_names_the_boost_and_the_dice_kept():
    from deepsea_widget.rules import Boost, Keep, action_from_dict

    game = Game(players=["Ann", "Bob"], seed=1, variant="boost")

    def roll(*faces):
        return action_from_dict({"type": "roll", "dice": list(faces)}, game.variant)

    for action in [roll(0, 3, 2), Keep((1, 2)), PickUp(),   # Ann keeps 3 + 2 and picks up
                   roll(3, 1, 1), Keep((1, 2)), Stay(),     # Bob
                   Boost(), TurnBack(), roll(3, 3, 2)]:     # Ann boosts, turns back and gets home
        game.apply(action)
    rows = review(game, seats=[0], n=900)
    assert [(r["when"].split(":")[0], r["chose"]) for r in rows] == [
        ("dive 1, before rolling", "dive on, pick up where you land"),
        ("dive 1, after rolling", "keep 3 + 2"),
        ("dive 1, after landing", "pick it up"),
        ("dive 1, before rolling", "boost and turn back now"),
    ]
    assert all(r["chose"] in {o["option"] for o in r["options"]} for r in rows)
