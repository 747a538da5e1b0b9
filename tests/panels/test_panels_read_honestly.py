"""The panels read honestly at their real size: a tiny number never fills a chart, every
title fits the panel's width, nothing stale is left once the game is over, and an option
the rules do not allow shows no bar."""
from __future__ import annotations

import html
import random
import re

import pytest

from figure_helpers import drawn

from deepsea_widget.bots import PublicView, make_policy
from deepsea_widget.live_panels import Panels
from deepsea_widget.panels import PANEL_WIDTH, dice_chart, divers_chart, divers_odds, odds_map, situation, turn_back_chart
from deepsea_widget.panels.turn_back import situation_rows
from deepsea_widget.rules import Game, Roll, Stay

# ---------------------------------------------------------------- helpers


def slim_chance():
    """A far out with one level-1 item and B breathing 3: A's expected points are a tiny fraction of one."""
    return Game.from_position(players=["A", "B"], trail=[None] * 20, positions=[16, 10], returning=[True, True],
                              carried=[[1], [1, 1, 1]], air=9, turn=0)


def play_to_the_end(game, seed=1):
    bot, view, rng = make_policy("cautious"), PublicView(game), random.Random(seed)
    while not game.is_over:
        game.apply(bot.choose(view, rng))


def points_axis(fig):
    return fig.layout.yaxis2


def bars(trace):
    return list(trace.y)


# A character of prose is about 0.47 em wide in Arial / Liberation Sans (what the audit's
# browser drew) and 0.54 em in DejaVu Sans, the widest common sans-serif fallback; there a
# capital is about 0.7 em and M, W, m, w about 1 em.
EM_PER_CHAR = 0.55
SUP = 0.7  # plotly draws <sup> at 70% of the font size


def width_in_chars(text: str) -> float:
    return sum(1.8 if c in "MWmw" else 1.3 if c.isupper() else 1.0 for c in text)


def title_lines(fig) -> list[tuple[str, bool]]:
    """The title's lines as drawn (tags removed, "&lt;" read as "<"), each with whether it is a
    small <sup> line."""
    out = []
    for line in fig.layout.title.text.split("<br>"):
        out.append((html.unescape(re.sub(r"<[^>]+>", "", line)), "<sup>" in line))
    return out


MODEBAR_BOTTOM = 24  # px: plotly's toolbar at the top right, 22 px tall and 2 px from the top (in Chromium)


def check_title_fits(fig) -> None:
    # A panel is drawn as wide as its place on the page (autosize) but never narrower than its
    # layout's width (the figure widget's rule): each line must fit that narrowest width.
    assert fig.layout.autosize is True and fig.layout.width == PANEL_WIDTH
    size = fig.layout.title.font.size or round(fig.layout.font.size * 1.4)
    left = (fig.layout.title.x or 0) * fig.layout.width
    room = fig.layout.width - left - 10  # px from the title's start to the right edge, less a little air
    lines = title_lines(fig)
    for text, small in lines:
        budget = room / (size * EM_PER_CHAR * (SUP if small else 1))
        assert width_in_chars(text) <= budget, (text, width_in_chars(text), int(budget))
    # the title starts below plotly's toolbar (plotly.js draws a title about 0.9 em above its
    # anchor with several lines, 0.2 em with one), so the toolbar covers no line of it however
    # wide the line is; and the top margin has room for every line (1.3 em a line) below that
    top = fig.layout.title.pad.t - size * (0.9 if len(lines) > 1 else 0.2)
    assert fig.layout.title.yref == "container" and fig.layout.title.y == 1 and top >= MODEBAR_BOTTOM, top
    assert fig.layout.margin.t >= top + len(lines) * 1.3 * size, (fig.layout.title.text, fig.layout.margin.t)


# ------------------------------------------------ 1. tiny values stay small


def test_a_near_zero_expected_value_does_not_fill_the_points_chart():
    panels = Panels(slim_chance())
    fig = drawn(panels.turn_back)
    ev = max(bars(fig.data[1]))
    assert 0 < ev < 0.05  # tiny, like the audit's "0.0" bar in examples/03_what_if.ipynb
    top = points_axis(fig).range[1]
    assert points_axis(fig).range[0] == 0
    assert top >= 1  # so a bar never fills more of the chart than its share of one point
    # a possibility never reads 0.0 (dropping its only item banks exactly nothing: that one may)
    assert all(text != "0.0" for y, text in zip(fig.data[1].y, fig.data[1].text) if y > 0)


@pytest.mark.parametrize("value", [0.01, 0.3, 2.0, 45.0])
def test_the_points_axis_fits_every_bar_and_starts_at_zero(value):
    fig = drawn(turn_back_chart(9, 3, 14, 0, value=value))
    lo, top = points_axis(fig).range
    evs = [y for y in bars(fig.data[1]) if y is not None]
    assert lo == 0 and top >= 1 and top >= max(evs)  # a near-zero bar stays near zero; every bar fits
    assert top <= 1.5 * max(1, max(evs))  # and a real difference still shows
    # the P(home) axis is fixed from 0 to at least 100%
    lo, top = fig.layout.yaxis.range
    assert lo == 0 and top >= 1


def test_the_panels_points_axis_follows_the_game_both_ways():
    game = Game.from_position(players=["A", "B"], trail=[None] * 16, positions=[3, 0], returning=[True, False],
                              carried=[[4, 4, 4], []], air=25, turn=0)
    holder = {"game": game}
    panels = Panels(get_game=lambda: holder["game"])
    fig = drawn(panels.turn_back)
    big = max(bars(fig.data[1]))
    assert big > 10 and points_axis(fig).range[1] >= big
    holder["game"] = slim_chance()
    panels.refresh()
    fig = drawn(panels.turn_back)
    tiny = max(bars(fig.data[1]))
    assert tiny < 0.05 and 1 <= points_axis(fig).range[1] < big  # it shrank, but not around the tiny bar
    holder["game"] = game
    panels.refresh()
    assert points_axis(drawn(panels.turn_back)).range[1] >= big


# ------------------------------------------------ 2. titles fit the panel's width

LONG_NAMES = ["Maximiliana von Wolkenstein-Trostburg", "W" * 40, "Bo"]


def test_every_panel_title_fits_its_width_through_a_whole_game_with_long_names():
    game = Game(players=LONG_NAMES, seed=7)
    panels = Panels(get_game=lambda: game, get_odds=lambda: divers_odds(game, n=100))
    bot, view, rng = make_policy("cautious"), PublicView(game), random.Random(3)
    seen = set()
    step = 0
    while True:
        for choice in (-1, 1, 0) if step % 5 == 0 else (0,):
            panels.items_choice.value = choice
            for fig in map(drawn, panels.figures):
                check_title_fits(fig)
                seen.add(fig.layout.title.text.split("<br>")[0])
        if game.is_over:
            break
        game.apply(bot.choose(view, rng))
        panels.refresh()
        step += 1
    assert len(seen) > 8  # many different titles were checked
    # a long name is shortened, never cut by the edge; its start still reads
    map_titles = " ".join(seen)
    assert "Maximiliana" in map_titles and "W" * 40 not in map_titles


@pytest.mark.parametrize("name", ["A", "Ann", "Maximiliana von Wolkenstein-Trostburg", "W" * 40])
def test_the_one_diver_titles_fit_for_every_kind_of_title(name):
    holder = {}
    panels = Panels(get_game=lambda: holder.get("game") or Game(players=[name, "Bo", "Cy"], seed=2))
    for returning in (False, True):
        for chips in (1, 2, 7) if returning else (0, 1, 2, 7):
            for rolled in (False, True):  # before the roll, then after it (the next turn's choices)
                game = Game.from_position(players=[name, "Bo", "Cy"], trail=[None] * 20, positions=[9, 4, 0],
                                          returning=[returning, False, False],
                                          carried=[[1] * chips, [2], []], air=14, turn=0)
                if rolled:
                    game.apply(Roll(dice=(3, 3)))
                holder["game"] = game
                for choice in (-1, 0, 1):
                    panels.items_choice.value = choice
                    panels.refresh()
                    for fig in map(drawn, panels.figures):
                        check_title_fits(fig)
    # the what-if wording stays whole on one line (the browser tests look for it)
    panels.items_choice.value = 1
    assert any("pick up one more" in text for text, _ in title_lines(drawn(panels.odds_map)))


def test_the_standalone_charts_titles_fit():
    for fig in [drawn(odds_map(9, 3, 14, 0)), drawn(odds_map(None, 0, 25, 12)), drawn(turn_back_chart(9, 3, 14, 0)),
                *[drawn(dice_chart(c)) for c in (0, 1, 5, 32)], drawn(divers_chart(Game(players=LONG_NAMES, seed=1)))]:
        check_title_fits(fig)


# ------------------------------------------------ 3. nothing stale at game over


def _shows_data(trace) -> bool:
    if trace.visible is False:
        return False
    for key in ("z", "y", "x"):
        values = getattr(trace, key, None)
        if values is not None and len(values) and any(v is not None for v in values):
            return True
    return False


def _messages(fig) -> str:
    return " ".join(a.text for a in fig.layout.annotations if a.visible is not False)


def test_at_game_over_the_map_and_turn_back_panel_show_no_stale_position_and_no_idle_control():
    game = Game(players=3, seed=5)
    holder = {"game": game}
    panels = Panels(get_game=lambda: holder["game"])
    play_to_the_end(game)
    panels.refresh()
    omap, tb = panels.odds_map, drawn(panels.turn_back)
    assert not any(_shows_data(t) for t in drawn(omap).data)  # no heatmap, contours or marker
    assert "game is over" in _messages(drawn(omap))  # said on the chart itself
    assert not any(_shows_data(t) for t in tb.data)
    assert "game is over" in _messages(tb)
    assert "P(home)" not in _messages(tb)  # the empty subplots' titles went too
    control = panels.items_choice
    assert control.disabled or control.layout.display == "none"  # the items choice can do nothing
    control.value = 1  # and choosing anyway changes nothing
    assert not any(_shows_data(t) for t in drawn(omap).data)

    # a game to follow again (New game, Undo): everything comes back
    control.value = 0
    holder["game"] = Game(players=3, seed=5)
    holder["game"].apply(Roll(dice=(2, 2)))
    panels.refresh()
    assert all(t.visible is not False for t in drawn(omap).data) and _shows_data(drawn(omap).data[3])
    tb = drawn(panels.turn_back)
    assert "game is over" not in _messages(drawn(omap)) and "game is over" not in _messages(tb)
    assert not control.disabled and control.layout.display != "none"
    assert _shows_data(tb.data[0]) and "P(home)" in _messages(tb)


# ------------------------------------------------ 4. no bar for an option not allowed


def _slot_notes(fig, axis_letter: str, index: int) -> list:
    return [a for a in fig.layout.annotations
            if a.xref == f"x{axis_letter}" and a.x == index and a.visible is not False]


@pytest.mark.parametrize("setup", ["in the sub", "carrying nothing"])
def test_the_choices_panel_offers_only_what_the_rules_allow(setup):
    game = Game(players=3, seed=1)
    if setup == "carrying nothing":
        game.apply(Roll(dice=(2, 2)))
        game.apply(Stay())  # diver 2 to roll, in the sub...
        game.apply(Roll(dice=(3, 3)))  # ...now on the trail with nothing: may not turn back
    fig = drawn(Panels(game).turn_back)
    for trace in fig.data:
        assert list(trace.x) == (["dive on,<br>keep items", "dive on,<br>pick up"] if setup == "in the sub"
                                 else ["pick it<br>up", "leave<br>it"])
        assert all(q.startswith("If Diver ") for q in trace.customdata)
    # a diver carrying something may turn back: the option is there
    game2 = Game.from_position(players=["A", "B"], trail=[None] * 16, positions=[6, 0], returning=[False, False],
                               carried=[[1], []], air=20, turn=0)
    assert list(drawn(Panels(game2).turn_back).data[0].x)[0] == "turn back<br>now"


def test_the_standalone_turn_back_chart_does_not_offer_turning_back_with_nothing_carried():
    # (it drew "turn back now" and "dive on, keep items" as 100% bars for a diver with 0 items)
    fig = drawn(turn_back_chart(3, 0, 10, 0))
    bars = fig.data[0]
    assert list(bars.x)[:2] == ["turn back:<br>not allowed", "dive on,<br>keep items"]
    assert list(bars.text)[:2] == ["", ""]
    assert bars.hovertext[0].startswith("not allowed: a diver carrying nothing cannot turn back")
    assert list(drawn(turn_back_chart(None, 2, 25, 0)).data[0].x)[0] == "stay in<br>the sub: no"


def test_turn_back_hovers_never_round_a_possibility_to_zero_points_and_say_when_no_air_is_left():
    fig = drawn(turn_back_chart(5, 5, 25, 0))  # P = (1/9)**5: an expected 37.5/59049 points
    assert fig.data[1].text[0] == "<0.1"
    assert fig.data[0].hovertext[0].endswith("you bank <1% of 37.5 points = <0.1 on average")
    g = Game.from_position(players=2, trail=[1, None, None, None, None, None, None, 2], positions=[8, 3],
                           returning=[True, True], carried=[[2, 2], [1]], air=2, turn=0, seed=1)
    g.apply(Roll(dice=(1, 2)))  # breathes the last of the air, moves 1
    assert situation(g).air < 0
    assert "(6 to go, 2 items, no air left for another turn)" in situation_rows(situation(g))[0]["text"]


def test_a_sure_chance_one_move_on_is_exactly_one_never_above():
    # moves given as 0.33, 0.56 and 0.11: in floats they add up to 1.0000000000000002, and so did
    # a sure P(home) mixed over them
    from deepsea_widget.panels import turn_back_numbers

    assert 0.33 + 0.56 + 0.11 > 1
    rows = turn_back_numbers(2, 1, 25, 0, moves=[(0.33, 3, None), (0.56, 4, None), (0.11, 5, None)])
    assert rows[1]["p"] == rows[2]["p"] == 1.0
    assert rows[1]["text"].endswith("P(home) 100%; expected 7.5 points")


def test_the_map_marks_a_diver_farther_out_than_the_map_at_its_edge():
    g = Game.from_position(players=2, trail=[None] * 39 + [1], positions=[38, 2], returning=[True, True],
                           carried=[[2], [1]], air=25, turn=0, seed=1)
    panels = Panels(g)
    marker = drawn(panels.odds_map).data[3]
    assert marker.x == (33,) and marker.hovertext[0].endswith("(beyond the map's 33: drawn at its edge)")
    assert "distance 37" in marker.hovertext[0]


def test_the_map_never_reads_100_percent_for_a_chance_that_only_rounds_to_one():
    # 19 spaces out with 1 item and 18 turns: every move covers at least 1, and all 18 rolls
    # a 2 (1 space each) fall short: P = 1 - 9**-18, which is the float 1.0
    from deepsea_widget.odds import p_home

    assert p_home(19, 1, 18, 0) == 1.0 and p_home(19, 1, 18, 0, exact=True) < 1
    fig = drawn(odds_map(19, 1, 18, 0))
    assert "P(home) >99%." in fig.data[3].hovertext[0]
    assert fig.data[0].hovertext[18][18].startswith("<b>>99.9%</b>")  # air 18, distance 19
    assert fig.data[0].hovertext[18][17].startswith("<b>100.0%</b>")  # distance 18: sure


def test_the_no_return_marker_never_reads_100_percent_for_a_chance_that_only_rounds_to_one():
    from deepsea_widget.panels import no_return_chart

    marker = drawn(no_return_chart(distance=19, chips=1, air=18)).data[-1]
    assert "P(home) >99.9%" in marker.hovertext[0]
    assert "P(home) 100.0%" in drawn(no_return_chart(distance=18, chips=1, air=18)).data[-1].hovertext[0]


def test_the_turn_back_chart_never_reads_100_percent_for_a_chance_that_only_rounds_to_one():
    # 19 spaces to go with 1 item and 18 turns: P = 1 - 9**-18, the float 1.0 (as on the map);
    # one space nearer it is sure
    rows = drawn(turn_back_chart(19, 1, 18, 0)).data[0]
    assert rows.text[0] == ">99%" and "P(home) >99%;" in rows.hovertext[0]
    sure = drawn(turn_back_chart(18, 1, 18, 0)).data[0]
    assert sure.text[0] == "100%" and "P(home) 100%;" in sure.hovertext[0]
