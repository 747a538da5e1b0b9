"""`no_return_chart`: the point of no return against the air, one line per item count."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from figure_helpers import drawn, one_line

from deepsea_widget.odds import p_home, point_of_no_return
from deepsea_widget.panels import in_words, no_return_chart
from deepsea_widget.panels.no_return import TOP


@pytest.mark.parametrize("others, p", [(0, 0.5), (3, 0.5), (2, 0.9), (5, Fraction(1, 3))])
def test_each_line_is_the_point_of_no_return_at_each_air(others, p):
    fig = drawn(no_return_chart(others=others, p=p, items=[0, 1, 2, 3, 4, 5]))
    assert [t.name for t in fig.data] == ["0 items", "1 item", "2 items", "3 items", "4 items", "5 items"]
    for c, trace in enumerate(fig.data):
        assert list(trace.x) == list(range(1, 26))
        for a, shown in zip(trace.x, trace.y):
            reach = point_of_no_return(c, a, others, p)
            assert shown == min(reach, TOP)
            if reach not in (0, math.inf) and reach <= TOP:  # the line is where P(home) crosses p
                assert p_home(reach, c, a, others, exact=True) >= p
                assert reach == TOP or p_home(reach + 1, c, a, others, exact=True) < p


def test_the_hover_says_what_a_point_means():
    fig = drawn(no_return_chart(others=0, p=0.5, items=[0, 1, 2, 5]))
    no_air, one, two, five = fig.data
    start = "at the start of the diver's turn"  # (the odds' air: before the diver breathes)
    assert no_air.hovertext[0] == f"air 1 {start}, 0 items: no air is used, every distance gets home"
    assert one.hovertext[9] == f"air 10 {start}, 1 item: up to 30 spaces out gets home with at least even odds"
    assert one.hovertext[24] == (f"air 25 {start}, 1 item: up to 75 spaces out, more than the trail's length, "
                                 "with at least even odds")
    assert two.hovertext[0] == f"air 1 {start}, 2 items: up to 2 spaces out gets home with at least even odds"
    # 33, the chart's top, is already past the game's trail (its farthest distance is 32)
    assert one.hovertext[10] == (f"air 11 {start}, 1 item: up to 33 spaces out, more than the trail's length, "
                                 "with at least even odds")
    assert five.hovertext[0] == f"air 1 {start}, 5 items: not even 1 space out gets home with at least even odds"
    assert drawn(no_return_chart(p=0.9)).layout.title.text.startswith("Point of no return: P(home) ≥ 90%<br>")
    assert drawn(no_return_chart(p=0.9)).data[0].hovertext[0].endswith("with at least a 90% chance")
    assert drawn(no_return_chart(p=Fraction(1, 3))).layout.title.text.startswith("Point of no return: P(home) ≥ 33.3%")
    # never rounded to a certainty it is not
    for p, shown in [(0.9999, "99.99%"), (1e-9, "0.0000001%"), (1, "100%"), (0.5, "50%"), (0.999, "99.9%")]:
        assert one_line(drawn(no_return_chart(p=p)).layout.title.text).startswith(
            f"Point of no return: P(home) ≥ {shown} <sup>")


def test_a_marked_diver_shows_its_own_chance():
    fig = drawn(no_return_chart(others=3, distance=8, chips=2, air=12))
    marker = fig.data[-1]
    assert marker.name == "this diver" and (marker.x, marker.y) == ((12,), (8,))
    assert marker.hovertext[0] == ("8 spaces out with 2 items and air 12 at the start of the diver's turn: "
                                   f"P(home) {p_home(8, 2, 12, 3):.1%} (others breathe 3)")
    # a slim chance is never shown as 0.0% (it is (1/9)**6 here)
    far = drawn(no_return_chart(distance=30, chips=1, air=6)).data[-1].hovertext[0]
    assert far == ("30 spaces out with 1 item and air 6 at the start of the diver's turn: P(home) <0.1% "
                   "(others breathe 0)")
    assert "(one-diver model, others frozen: they stay put and breathe 3 a round)" in in_words(
        no_return_chart(others=3, distance=8, chips=2, air=12))
    assert fig.layout.xaxis.title.text == "air at the start of the diver's turn"


@pytest.mark.parametrize("kwargs, words", [
    (dict(others=-1), "^others must be 0 or more"),
    (dict(p=0), r"^p must be a probability in \(0, 1\]"),
    (dict(p=1.5), r"^p must be a probability in \(0, 1\]"),
    (dict(p="half"), r"^p must be a probability in \(0, 1\]"),
    (dict(p=True), r"^p must be a probability in \(0, 1\]"),
    (dict(items=[]), "^items must list at least one item count"),
    (dict(items=3), "^items must be a list of item counts"),
    (dict(items="12"), "^items must be a list of item counts"),
    (dict(items={1: 2}), "^items must be a list of item counts"),
    (dict(items=[1, 6]), "^items: at most 5 items a line"),
    (dict(items=[1, -1]), r"^items\[1\] must be 0 or more"),
    (dict(distance=8, chips=2), "^distance, chips and air mark one diver: give all three or none"),
    (dict(distance=0, chips=2, air=5), "^distance must be at least 1"),
    (dict(distance=40, chips=2, air=5), "^distance must be at most 33 on this chart"),
    (dict(distance=8, chips=2, air=0), "^air must be 1 to 25 to mark a diver"),
    (dict(distance=8, chips=2, air=26), "^air must be at most 25"),
])
def test_bad_arguments_name_the_problem(kwargs, words):
    with pytest.raises(ValueError, match=words):
        drawn(no_return_chart(**kwargs))
