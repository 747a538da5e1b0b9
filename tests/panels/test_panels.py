"""The odds panels hold the right numbers for known positions and follow actions and edits."""
from __future__ import annotations

import asyncio

import pytest

from figure_helpers import drawn, one_line

from deepsea_widget.odds.all_divers import p_home_all
from deepsea_widget.odds import wilson_interval
from deepsea_widget.odds.dice import movement_pmf
from deepsea_widget.odds.single_diver import p_home
from deepsea_widget.panels import (dice_chart, divers_chart, divers_odds, odds_map, situation, turn_back_chart,
                                   turn_back_numbers)
from deepsea_widget.panels import divers_figure
from deepsea_widget.rules import Game, PickUp, Roll, Stay


def stranded():
    """RULES.md's skipping example: air 10, A on 10 (1 item), B on 5 (2), C on 6 (2), D on 14 (1)."""
    return Game.from_position(players=["A", "B", "C", "D"], trail=[None] * 16, positions=[10, 5, 6, 14],
                              returning=[True] * 4, carried=[[1], [1, 2], [2, 3], [3]], air=10, turn=0)


def cell(fig, distance, air):
    return fig.data[0].z[air][distance - 1]


@pytest.mark.parametrize("d,c,a,k", [(9, 3, 14, 0), (6, 2, 10, 3), (4, 2, 4, 2), (20, 2, 25, 0)])
def test_odds_map_cells_equal_p_home(d, c, a, k):
    fig = drawn(odds_map(distance=d, chips=c, air=a, others=k))
    assert cell(fig, d, a) == pytest.approx(p_home(d, c, a, k), abs=1e-12)
    assert list(fig.data[3].x) == [d] and list(fig.data[3].y) == [a]
    assert f"{c} items" in fig.layout.title.text
    assert {t.name for t in fig.data[1:3]} == {"50%", "90%"}
    assert {t.contours.labelformat for t in fig.data[1:3]} == {".0%"}  # their labels read 50%, not 0.5
    # the hover explains the number in words
    n = -(-a // (c + k))
    assert f"you get {n} more turn" in fig.data[0].hovertext[a][d - 1]


def test_situation_counts_free_spaces_and_others_breathing():
    s = situation(stranded())
    assert (s.distance, s.air, s.chips, s.others) == (8, 10, 1, 5)  # spaces 5 and 6 are jumped


def test_panels_for_the_stranded_position():
    from deepsea_widget.live_panels import Panels

    game = stranded()
    panels = Panels(game)
    fig = drawn(panels.odds_map)
    assert cell(fig, 8, 10) == pytest.approx(p_home(8, 1, 10, 5), abs=1e-12)
    assert (fig.data[3].x[0], fig.data[3].y[0]) == (8, 10)
    bars = drawn(panels.divers).data[0]
    exact = p_home_all([10, 5, 6, 14], [1, 2, 2, 1], 10, 0)
    assert list(bars.y) == pytest.approx(exact, abs=1e-12)
    assert bars.y[0] == pytest.approx(0.296754, abs=1e-6)
    assert all("exact" in t for t in bars.hovertext)
    assert "exact" in drawn(panels.divers).layout.title.text
    # a diver heading home: keep going (exact: everyone in the water heads home), or drop one
    choices = drawn(panels.turn_back).data[0]
    assert list(choices.x) == ["keep heading<br>home", "head home,<br>drop one"]
    assert choices.y[0] == pytest.approx(exact[0], abs=1e-12) and choices.text[0] == bars.text[0]
    assert "after that every diver heads home with what it carries" in choices.customdata[0]
    assert drawn(panels.dice).data[0].y[0] == pytest.approx(movement_pmf(1).get(0, 0.0))

    # what if A picked up one more: the map switches to 2 items, the marker stays
    panels.items_choice.value = 1
    assert panels.chips_shown == 2
    assert cell(drawn(panels.odds_map), 8, 10) == pytest.approx(p_home(8, 2, 10, 5), abs=1e-12)
    panels.items_choice.value = -1
    assert cell(drawn(panels.odds_map), 8, 10) == pytest.approx(p_home(8, 0, 10, 5), abs=1e-12)


def test_divers_chart_uses_monte_carlo_while_someone_goes_deeper():
    game = Game(players=3, seed=4)
    game.apply(Roll(dice=(2, 2)))
    fig = drawn(divers_chart(game))
    bar = fig.data[0]
    assert "others move: all play on like the odds bot; 4,000 simulated" in one_line(fig.layout.title.text)
    assert "estimated from 4,000 simulated dives" in bar.hovertext[0] and "still go deeper" in bar.hovertext[0]
    assert "plays on like the odds bot" in bar.customdata[0]
    assert 0 < bar.y[0] <= 1
    # the error bar is the Wilson interval, asymmetric, inside [0, 1]
    odds = divers_odds(game)
    assert bar.error_y.array[0] == pytest.approx(odds[0]["high"] - odds[0]["p"])
    assert bar.error_y.arrayminus[0] == pytest.approx(odds[0]["p"] - odds[0]["low"])
    assert bar.error_y.array[0] > 0 and odds[0]["high"] <= 1
    # the divers still in the sub have no bar, and say so
    assert bar.y[1] == 0 and bar.text[1] == "not dived" and "has not dived yet" in bar.hovertext[1]
    # another number of rollouts is named as it is
    assert "300 simulated" in one_line(drawn(divers_chart(game, divers_odds(game, n=300))).layout.title.text)


# The same cases as js/tests/format.test.ts: the board's badge and the panel word a bound alike.
@pytest.mark.parametrize("p,low,high,want", [
    (0, 0, 0.0076, "<1%"), (0.004, 0.0011, 0.0145, "<2%"), (0.998, 0.9888, 0.9996, ">98%"),
    (0.9995, 0.9982, 0.99986, ">99%"), (1, 0.99, 1, ">98%"), (1, 0.94, 1, ">93%"), (0, 0, 0.06, "<7%"),
    (0, 0, 0.07, "<8%"), (0.005, 0, 0.009, "<1%"), (0.995, 0.991, 1, ">99%"), (0.5, 0.4, 0.6, "50%")])
def test_an_estimates_bound_is_strict_and_from_its_interval(p, low, high, want):
    from deepsea_widget.panels._common import estimate_pct

    assert estimate_pct(p, 0, low, high) == want


def test_an_estimate_that_is_not_a_number_says_so():
    from deepsea_widget.panels._common import estimate_pct

    nan = float("nan")
    assert estimate_pct(nan) == "n/a" and estimate_pct(0.0, 0, nan, nan) == "<1%"


def test_divers_chart_says_why_it_simulates_and_rounds_honestly():
    names = ["A", "B", "C"]
    odds = [{"p": 3.5e-7, "se": None, "method": "exact"},
            {"p": 1.0, "se": 0.0, "low": 0.99904, "high": 1.0, "n": 4000, "method": "estimate", "why": "too big"},
            {"p": 1.0, "se": None, "method": "back"}]
    fig = drawn(divers_figure(names, odds))
    bar = fig.data[0]
    assert "P(home) <0.1%, exact" in bar.hovertext[0] and bar.text[0] == "<1%"
    assert "too big to solve live" in bar.hovertext[1] and "99.9% to 100.0%" in bar.hovertext[1]
    assert bar.error_y.arrayminus[1] == pytest.approx(1 - 0.99904)
    assert bar.text[2] == "safe"
    # an estimate never reads 0% or 100% (only an exact answer may), as on the board's badges
    assert bar.text[1] == ">99%" and "P(home) >99.9%," in bar.hovertext[1]
    none_home = dict(odds[1], p=0.0, low=0.0, high=0.00096)
    bar = drawn(divers_figure(names, [odds[0], none_home, odds[2]])).data[0]
    assert bar.text[1] == "<1%" and "P(home) <0.1%," in bar.hovertext[1]
    for p, label in ((0.005, "<1%"), (0.995, ">99%"), (20 / 4000, "<1%"), (0.5, "≈50%")):  # half a step: not 0% / 100%
        low, high = wilson_interval(p, 4000)
        assert drawn(divers_figure(names, [odds[0], dict(odds[1], p=p, low=low, high=high), odds[2]])).data[0].text[1] == label
    # ... and a bound it reads as is one its own 95% interval supports (fewer rollouts: wider)
    for home, n, label, hover in ((0, 500, "<1%", "<0.8%"), (2, 500, "<2%", "about 0.4%"), (499, 500, ">98%", "about 99.8%"),
                                  (3998, 4000, ">99%", ">99.8%"), (2, 4000, "<1%", "<0.2%")):
        low, high = wilson_interval(home / n, n)
        bar = drawn(divers_figure(names, [odds[0], dict(odds[1], p=home / n, low=low, high=high, n=n), odds[2]])).data[0]
        assert (bar.text[1], bar.hovertext[1].split("P(home) ")[1].split(",")[0]) == (label, hover), (home, n)
        shown = bar.hovertext[1].split("P(home) ")[1].split(",")[0]
        if shown[0] == "<":
            assert high < float(shown[1:-1]) / 100
        elif shown[0] == ">":
            assert low > float(shown[1:-1]) / 100
    from deepsea_widget.panels._common import fmt_pct
    assert (fmt_pct(0.005), fmt_pct(0.995), fmt_pct(0.0049), fmt_pct(0.0051)) == ("<1%", ">99%", "<1%", "1%")
    almost = dict(odds[1], p=0.994, low=0.99, high=0.997)
    assert drawn(divers_figure(names, [odds[0], almost, odds[2]])).data[0].text[1] == "≈99%"


def test_dice_chart_and_turn_back_chart():
    fig = drawn(dice_chart(3))
    assert list(fig.data[0].y) == pytest.approx([movement_pmf(3).get(m, 0) for m in range(7)])
    assert "P(no move) 33%" in fig.layout.title.text
    # the bars read exact shares of the 9 rolls (rounded percentages would add up to 99%)
    assert list(fig.data[0].text) == ["3/9", "3/9", "2/9", "1/9", "0/9", "0/9", "0/9"]
    assert list(drawn(dice_chart(0)).data[0].text) == ["0/9", "0/9", "1/9", "2/9", "3/9", "2/9", "1/9"]
    rows = turn_back_numbers(9, 3, 14, 0, value=10.0)
    assert rows[0]["p"] == pytest.approx(p_home(9, 3, 14, 0))
    assert rows[0]["ev"] == pytest.approx(10.0 * p_home(9, 3, 14, 0))
    # one move deeper on an empty trail, then back with air 14 - 3
    keep = sum(q * p_home(9 + m, 3, 11, 0) for m, q in movement_pmf(3).items())
    assert rows[1]["p"] == pytest.approx(keep)
    fig = drawn(turn_back_chart(9, 3, 14, 0))
    assert len(fig.data) == 2 and len(fig.data[0].y) == 3


def test_app_panels_follow_actions_and_edits():
    from deepsea_widget.app import play

    app = play(players=["Ann", "Bob", "Cy", "Di"], seed=3)

    def marker():
        return drawn(app.panels.odds_map).data[3]

    assert list(marker().x) == []  # Ann is still in the sub
    app.apply(Roll(dice=(3, 2)))  # Ann moves 5 spaces
    s = situation(app.game)
    assert (s.distance, s.air, s.chips) == (5, 25, 0)
    assert (marker().x[0], marker().y[0]) == (5, 25)
    app.apply(Stay())
    app.apply(Roll(dice=(2, 2)))  # Bob: 4 spaces, jumping nobody (Ann is deeper)
    assert (marker().x[0], marker().y[0]) == (4, 25)
    assert "Bob" in drawn(app.panels.odds_map).layout.title.text

    app.edit(op="set_air", air=9)
    s = situation(app.game)
    assert marker().y[0] == s.air
    fig = drawn(app.panels.odds_map)
    assert cell(fig, s.distance, s.air) == pytest.approx(p_home(s.distance, s.chips, s.air, s.others), abs=1e-12)
    app.edit(op="set_space", space=1, levels=None)  # take a level-1 chip off the trail...
    app.edit(op="give_item", seat=s.seat, levels=[1])  # ...and give it to the diver
    s2 = situation(app.game)
    assert s2.chips == s.chips + 1
    assert app.panels.chips_shown == s2.chips
    assert drawn(app.panels.dice).data[0].y[0] == pytest.approx(movement_pmf(s2.chips).get(0, 0.0))


def test_play_without_panels_keeps_the_board_alone():
    from deepsea_widget.app import play

    app = play(seed=1, panels=False)
    assert app.panels is None and list(app.children) == [app.board]


def test_changes_inside_a_running_loop_coalesce_into_one_redraw():
    from deepsea_widget.app import PAINT_WAIT, play

    app = play(players=["Ann"], bots={"Bo": "cautious", "Cy": "cautious"}, seed=2)
    panels = app.panels

    async def burst():
        before = panels.redraws
        for _ in range(3):  # three changes from the front end before the loop is free
            app.table.apply(Roll()) if app.game.phase == "roll" else app.table.apply(Stay())
            app.board.refresh()
        assert panels.redraws == before  # nothing drawn yet, nothing queued per change
        await asyncio.sleep(PAINT_WAIT + 0.1)  # no view reports a painted board here
        return panels.redraws - before

    assert asyncio.run(burst()) == 1
    s = situation(app.game)
    marker = drawn(panels.odds_map).data[3]
    if s.distance is not None:
        assert (marker.x[0], marker.y[0]) == (s.distance, max(s.air, 0))


@pytest.mark.parametrize("chart, kwargs, words", [
    (odds_map, dict(chips=-1), "chips must be 0 or more"),
    (odds_map, dict(chips=10 ** 9), "chips must be at most 32"),
    (odds_map, dict(distance=45), "distance must be at most 33"),
    (odds_map, dict(air=30), "air must be at most 25"),
    (turn_back_chart, dict(air=30), "air must be at most 25"),
    (turn_back_chart, dict(value=float("nan")), "value must be a finite number"),
    (turn_back_chart, dict(value=-1), "value must be a finite number"),
    (turn_back_chart, dict(distance=0), "distance must be at least 1"),
    (dice_chart, dict(chips=None), "chips must be an integer"),
])
def test_chart_arguments_are_checked(chart, kwargs, words):
    with pytest.raises(ValueError, match=words):
        chart(**kwargs)


def test_charts_for_a_diver_still_in_the_sub_and_plural_words():
    rows = turn_back_numbers(None, 2, 14)  # a move of 0 from the sub stays in the sub
    assert rows[0]["p"] == 1.0 and 0 < rows[1]["p"] <= 1
    assert drawn(dice_chart(1)).layout.title.text.startswith("Move with 1 item<br>")
    assert "1 space:" in " ".join(drawn(dice_chart(2)).data[0].hovertext)
    marker = drawn(odds_map(distance=1, chips=1, air=5)).data[3].hovertext[0]
    assert marker.startswith("the diver: distance 1 to the sub (free spaces + 1), air 5 at the start of the diver's "
                             "turn, 1 item")
    assert "if it turned back now" not in marker  # a chart's diver is heading back
    # a move that leaves no air for the way back says so, never "air -1"
    rows = turn_back_numbers(4, 2, 3, 2)
    assert "then no air left for the way back" in rows[1]["text"] and "air -" not in rows[1]["text"]
    # with 0 items no roll moves a diver 0 or 1 spaces: the hover says why that bar is empty
    hover = drawn(dice_chart(0)).data[0].hovertext
    assert hover[0] == "with 0 items no roll of 2 to 6 moves you exactly 0 spaces: 0 of the 9 rolls"


def test_the_one_diver_panels_say_their_model_and_round_honestly():
    from deepsea_widget.panels import in_words
    from deepsea_widget.panels._common import MODEL_NOTE

    # the note under the title, however it wraps, says the others are frozen
    assert "others frozen" in MODEL_NOTE
    fig = drawn(odds_map(9, 3, 14, 0))
    assert in_words(odds_map(9, 3, 14, 0)).startswith(f"P(home) with 3 items, others breathe 0 ({MODEL_NOTE}).")
    assert f"({MODEL_NOTE})." in in_words(turn_back_chart(9, 3, 14, 0))
    # each cell's hover states its own number, and a near-certain one is not rounded to 100%
    z = fig.data[0].z
    a, i = 25, 0  # air 25, distance 1
    assert 0.9995 < z[a][i] < 1 and fig.data[0].hovertext[a][i].startswith("<b>>99.9%</b>")
    assert fig.data[3].hovertext[0].endswith(
        ". Others frozen: they stay where they are and keep breathing what they carry. The 'what now?' and "
        "'Every diver' panels let them move, which is why their numbers differ.")


def test_turn_back_rows_follow_the_rules_and_the_phase():
    from deepsea_widget.panels.turn_back import situation_rows

    game = Game(players=2, seed=4)
    game.apply(Roll(dice=(2, 2)))  # moved, carrying nothing: the choices are the next turn's
    rows = situation_rows(situation(game))
    assert rows[0]["label"] == "turn back:<br>not allowed"
    assert rows[0]["text"].startswith("not allowed: a diver carrying nothing cannot turn back")
    assert "at the next turn one more move deeper" in rows[1]["text"]
    game.apply(PickUp())
    game.apply(Roll(dice=(2, 2)))
    game.apply(Stay())
    rows = situation_rows(situation(game))  # the first diver's roll phase, carrying one item
    assert rows[0]["label"] == "turn back<br>now" and rows[0]["text"].startswith("turn back now")


def test_turn_back_rows_for_a_diver_still_in_the_sub():
    from deepsea_widget.panels.turn_back import situation_rows

    game = Game(players=3, seed=1)  # the first turn of the dive: the only legal action is Roll
    rows = situation_rows(situation(game))
    assert [type(a).__name__ for a in game.legal_actions()] == ["Roll"]
    assert rows[0]["label"] == "stay in<br>the sub: no"
    assert rows[0]["text"].startswith("not allowed: a diver in the sub at the start of a dive must dive")
    assert rows[1]["label"] == "dive on,<br>keep items"


def test_picking_up_with_nothing_carried_counts_no_blank_landing_as_a_way_home():
    """A diver carrying nothing that lands on a blank still carries nothing: it may not turn back
    then, so the 'dive on, pick up' bar counts only the rolls that land on a chip."""
    from deepsea_widget.panels.turn_back import situation_rows

    game = Game.from_position(players=["Ann", "Bob"], trail=[None] * 5 + [1, 1, 2], positions=[1, 8],
                              returning=[False, True], carried=[[], [2, 3]], air=20, turn=0, seed=1)
    rows = situation_rows(situation(game))
    # 2 + 3 + 4 free spaces (6 rolls in 9) land on blanks 3, 4 and 5; 5 and 6 (3 in 9) on the chips on 6 and 7,
    # from where it heads back with one item, at air 18 (Bob breathes 2 first) and Bob breathing 2
    want = 2 / 9 * p_home(6, 1, 18, 2) + 1 / 9 * p_home(7, 1, 18, 2)
    assert rows[2]["p"] == pytest.approx(want, abs=1e-12) and want < 1 / 3
    assert "67% of the rolls end on a blank space" in rows[2]["text"]
    assert "may not turn back" in rows[2]["text"]


def test_a_diver_with_no_free_space_deeper_is_said_to_stay_put():
    from deepsea_widget.panels.turn_back import situation_rows

    game = Game.from_position(players=["Ann", "Bob", "Cy"], trail=[1, 1, None, 2, 2, None, 3, 3, None, 4, 4, 4],
                              positions=[12, 11, 3], returning=[False, False, True], carried=[[1], [2], [3]],
                              air=14, turn=0, seed=3)
    rows = situation_rows(situation(game))  # Ann at the far end: any roll leaves her where she is
    assert rows[1]["text"].startswith("one more turn, staying put (no free space lies deeper), then back with air 11")
    assert rows[1]["p"] == pytest.approx(p_home(10, 1, 11, 2), abs=1e-12)
    assert rows[2]["text"].startswith("one more turn, staying put (no free space lies deeper), and pick up")
    assert not any("one more move deeper" in row["text"] for row in rows)
    game.apply(Roll(dice=(2, 2)))  # after her roll the choices are the next turn's
    rows = situation_rows(situation(game))
    assert rows[1]["text"].startswith("at the next turn, staying put (no free space lies deeper), then back")
    assert rows[0]["text"].startswith("turn back at the next turn")
    # free spaces deeper, but six items cancel every roll: a different reason
    heavy = Game.from_position(players=["Ann", "Bob"], trail=[2] * 8 + [3] * 4, positions=[3, 1],
                               returning=[False, True], carried=[[1] * 6, [4]], air=25, turn=0, seed=1)
    assert situation_rows(situation(heavy))[1]["text"].startswith("one more turn, staying put (its load cancels every roll)")


def test_picking_up_is_not_offered_where_every_roll_ends_on_a_blank_with_nothing_carried():
    from deepsea_widget.panels.turn_back import situation_rows

    # Ann at the far end on a blank, carrying nothing: stuck (RULES.md), nothing to pick up
    game = Game.from_position(players=["Ann", "Bob"], trail=[1, None, None], positions=[3, 1],
                              returning=[False, True], carried=[[], [2]], air=14, turn=0, seed=3)
    rows = situation_rows(situation(game))
    assert [row.get("allowed", True) for row in rows] == [False, False, False]
    assert rows[2]["text"].startswith("not allowed: wherever the roll takes it, it ends on a blank space")
    # a roll that leaves a diver in the sub is home, carrying nothing or not
    assert turn_back_numbers(None, 0, 25, 0, moves=[(1.0, None, None)])[2]["p"] == 1.0


def test_at_game_over_the_panels_say_so_and_show_no_stale_advice():
    import random as _random

    from deepsea_widget.bots import PublicView, make_policy
    from deepsea_widget.live_panels import Panels

    game = Game(players=3, seed=5)
    panels = Panels(game)  # drawn mid-game, then followed to the end
    bot, view, rng = make_policy("cautious"), PublicView(game), _random.Random(1)
    while not game.is_over:
        game.apply(bot.choose(view, rng))
    panels.refresh()
    tb, divers, dice, odds_map = (drawn(panels.turn_back), drawn(panels.divers), drawn(panels.dice),
                                  drawn(panels.odds_map))
    assert tb.layout.title.text == "The game is over" and list(tb.data[0].x) == [] and list(tb.data[1].y) == []
    assert divers.layout.title.text.endswith("<sup>the game is over: no more dives</sup>")
    assert list(divers.data[0].text) == ["", "", ""] and "not dived" not in divers.data[0].text
    assert dice.layout.title.text.startswith("The game is over<br>")
    assert odds_map.layout.title.text == "The game is over" and list(odds_map.data[3].x) == []


def test_after_a_click_the_panels_wait_for_the_board_to_paint():
    """A change from the front end redraws the panels when a view reports the board's new
    state painted, or after PAINT_WAIT if none does; a change from Python at once."""
    from deepsea_widget.app import PAINT_WAIT, play

    app = play(players=["Ann", "Bob"], seed=3)
    panels = app.panels

    async def scenario():
        counts = []
        start = panels.redraws
        click = {"type": "action", "seq": app.table.seq, "seat": 0, "action": {"type": "roll"}}
        app.board._handle_custom_msg(click, [])
        await asyncio.sleep(0)
        counts.append(panels.redraws - start)  # not yet: the board has not painted
        app.board._handle_custom_msg({"type": "painted", "seq": app.table.seq}, [])
        counts.append(panels.redraws - start)  # at once on the report
        await asyncio.sleep(PAINT_WAIT + 0.1)
        counts.append(panels.redraws - start)  # and the scheduled redraw was dropped
        app.board._handle_custom_msg({"type": "action", "seq": app.table.seq, "seat": 0,
                                      "action": {"type": "stay"}}, [])
        await asyncio.sleep(PAINT_WAIT / 2)
        counts.append(panels.redraws - start)  # no report yet
        await asyncio.sleep(PAINT_WAIT)
        counts.append(panels.redraws - start)  # no view reported: redrawn anyway
        app.apply(Roll())
        counts.append(panels.redraws - start)  # from Python: at once
        return counts

    assert asyncio.run(scenario()) == [0, 1, 1, 1, 2, 3]
    assert situation(app.game).chips == panels.chips_shown


def test_a_front_end_that_starts_later_gets_the_figure_as_it_is_now():
    """A reloaded page or a second browser tab asks for each widget's whole state."""
    from deepsea_widget.app import play

    app = play(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3)
    fig = app.panels.turn_back
    opening = fig.get_state()["figure"]
    app.apply(Roll())
    state = fig.get_state()
    assert fig.figure != opening
    assert state["figure"] == fig.figure and state["revision"] == fig.revision >= 1


def test_every_panel_sends_a_short_toolbar_without_plotlys_logo():
    """Each chart's toolbar keeps a picture to download, zoom, pan and reset: plotly's
    other buttons were only stops for the keyboard (eleven per chart), and its "Share
    chart..." would upload the chart to Plotly's cloud."""
    from deepsea_widget.app import play

    app = play(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3)
    figures = app.panels.figures
    assert len({id(f) for f in figures}) == 4
    for fig in figures:
        config = fig.get_state()["config"]
        assert config["displaylogo"] is False
        assert {"sendChartToCloud", "select2d", "lasso2d", "toggleSpikelines"} <= set(config["modeBarButtonsToRemove"])
        assert not {"toImage", "zoom2d", "pan2d", "resetScale2d"} & set(config["modeBarButtonsToRemove"])


def test_the_panels_share_one_copy_of_plotly_js_opened_before_them(monkeypatch):
    """Each figure's own front-end module is small and names one shared model that holds
    plotly.js (from plotly's package data): the page gets (and a saved notebook keeps) it
    once, not once per panel. That model's comm opens before any figure's, so a front end
    knows it when a figure asks; a closed one is made again; closing an app leaves it open."""
    import hashlib
    import importlib.util
    import pathlib

    import ipywidgets.comm

    from deepsea_widget import figure as figure_module
    from deepsea_widget.app import play

    opened = []  # (anywidget id, model id) of each comm, in the order they open
    real = ipywidgets.comm.create_comm

    def recording(**args):
        opened.append((args["data"]["state"].get("_anywidget_id"), args.get("comm_id")))
        return real(**args)

    monkeypatch.setattr(ipywidgets.comm, "create_comm", recording)
    monkeypatch.setattr(figure_module, "_library", None)  # as in a fresh kernel
    app = play(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3)
    figures = app.panels.figures
    library = figures[0]._plotly
    plotly_js = (pathlib.Path(importlib.util.find_spec("plotly").submodule_search_locations[0])
                 / "package_data" / "plotly.min.js").read_text(encoding="utf-8")
    # kept in ASCII (figure.ascii_js: the same JavaScript, half the memory in a kernel)
    assert len(plotly_js) > 1_000_000 and figure_module.ascii_js(plotly_js) in library.source
    assert library.source.isascii()
    assert library.source.rstrip().endswith("export default module.exports;")
    assert library.digest == hashlib.sha256(library.source.encode()).hexdigest()[:32]
    for fig in figures:
        state = fig.get_state()
        assert state["_plotly"] == f"IPY_MODEL_{library.model_id}"
        assert len(state["_esm"]) < 20_000 and "Plotly" not in state.get("source", "")
    ids = [anywidget_id for anywidget_id, _ in opened]
    first_figure = ids.index("deepsea_widget.figure.Figure")
    assert ids.index("deepsea_widget.figure.PlotlyLibrary") < first_figure
    assert ids.count("deepsea_widget.figure.PlotlyLibrary") == 1
    app.close()
    assert library.comm is not None  # other figures may name it
    # a closed library (Widget.close_all(), say) is made again for the next figure
    library.close()
    fresh = figure_module.shared_library()
    assert fresh is not library and fresh.comm is not None and fresh.source == library.source


def test_the_every_diver_panel_marks_whose_turn_it_is():
    """The name of the diver whose turn it is is bold and underlined under its bar, and its
    hover says so; the mark follows the turn, and is gone once the game is over."""
    from deepsea_widget.live_panels import Panels

    game = Game(players=["Ann", "Bob", "Cy"], seed=4)
    panels = Panels(game)

    def marked(fig):
        ticks = list(fig.layout.xaxis.ticktext)
        hovers = list(fig.data[0].hovertext)
        return ([i for i, t in enumerate(ticks) if t.startswith("<b><u>")],
                [i for i, h in enumerate(hovers) if "(whose turn it is)" in h])

    assert game.current_player == 0
    assert marked(drawn(panels.divers)) == ([0], [0])
    assert drawn(panels.divers).layout.xaxis.ticktext[0] == "<b><u>Ann</u></b>"
    assert marked(drawn(divers_chart(game))) == ([0], [0])  # the chart alone marks it too
    game.apply(Roll(dice=(1, 1)))
    game.apply(Stay())
    panels.refresh()
    assert game.current_player == 1 and marked(drawn(panels.divers)) == ([1], [1])
    import random as _random

    from deepsea_widget.bots import PublicView, make_policy

    bot, view, rng = make_policy("cautious"), PublicView(game), _random.Random(1)
    while not game.is_over:
        game.apply(bot.choose(view, rng))
    panels.refresh()
    assert marked(drawn(panels.divers)) == ([], [])


def test_the_dice_panel_names_the_diver_whose_move_it_shows():
    from deepsea_widget.live_panels import Panels

    game = Game(players=["Ann", "<b>Bo</b>"], seed=4)
    panels = Panels(game)
    assert drawn(panels.dice).layout.title.text.startswith("Ann: move with 0 items<br>")
    game.apply(Roll(dice=(1, 1)))
    game.apply(PickUp())
    panels.refresh()  # the other diver's turn (its name letter for letter)
    assert game.current_player == 1
    assert drawn(panels.dice).layout.title.text.startswith("&lt;b&gt;Bo&lt;/b&gt;: move with 0 items<br>")
    game.apply(Roll(dice=(2, 2)))
    game.apply(Stay())
    panels.refresh()  # Ann again, with the item she picked up
    assert game.current_player == 0
    assert drawn(panels.dice).layout.title.text.startswith("Ann: move with 1 item<br>")
    assert drawn(dice_chart(1)).layout.title.text.startswith("Move with 1 item<br>")  # the chart alone names nobody


def test_each_panel_is_also_in_words_for_screen_readers():
    """plotly's drawing says nothing to a screen reader: each panel keeps its title and the
    hover text of each point shown as plain sentences (`summary`, which the front end puts
    out of sight by the chart), updated with the figure; a heatmap's grid is left out."""
    import random as _random

    from deepsea_widget.bots import PublicView, make_policy
    from deepsea_widget.live_panels import Panels
    from deepsea_widget.panels._layout import in_words

    game = Game(players=["Ann", "<b>Bo</b> & Co"], seed=4)
    panels = Panels(game)
    game.apply(Roll(dice=(1, 1)))
    game.apply(PickUp())
    game.apply(Roll(dice=(2, 2)))
    panels.refresh()  # Bo has moved and decides; Ann carries an item
    odds_map, turn_back, divers, dice = panels.figures
    for fig in panels.figures:
        assert fig.summary == in_words(fig.figure) and "<" not in fig.summary.replace("<b>Bo</b>", "")
        assert "&lt;" not in fig.summary and "<br>" not in fig.summary and "<sup>" not in fig.summary
    assert divers.summary.startswith("Every diver: P(home) (")  # the note under the title in brackets
    for name_text in divers.data[0]["hovertext"]:  # every diver's hover, the name letter for letter
        assert in_words(go_text(name_text)).split(" Monte Carlo:")[0] in divers.summary
    # each number is said with its question
    for o in app_odds(game):
        if o is not None:
            assert o["question"] in divers.summary
    assert "<b>Bo</b> & Co (whose turn it is). <b>Bo</b> & Co's chance of being back" in divers.summary
    assert dice.summary.startswith("<b>Bo</b> & Co: move with 0 items (P(no move) 0%, mean 4.00 spaces a turn). "
                                   "With 0 items no roll of 2 to 6 moves you exactly 0 spaces: 0 of the 9 rolls.")
    assert in_words(go_text(odds_map.data[3]["hovertext"][0])) in odds_map.summary  # the diver's marker
    cell = odds_map.data[0]["hovertext"][5][5]
    assert in_words(go_text(cell)) not in odds_map.summary  # but not the heatmap's 800 cells
    before = divers.summary
    bot, view, rng = make_policy("cautious"), PublicView(game), _random.Random(1)
    while not game.is_over:
        game.apply(bot.choose(view, rng))
    panels.refresh()
    assert divers.summary != before and "the game is over" in divers.summary
    assert "no diver in the water, no position to map" in odds_map.summary  # its message, not hidden traces
    assert "P(home) 100%" not in odds_map.summary


def app_odds(game):
    return divers_odds(game)


def test_in_words_says_a_repeated_sentence_once_but_keeps_short_ones_whole():
    import plotly.graph_objects as go

    from deepsea_widget.panels._layout import in_words

    shared = "Monte Carlo: 4,000 simulated dives with every diver playing like the cautious bot"
    fig = dict(data=[dict(type="bar", x=[0, 1, 2], y=[0.5, 0.4, 0.3], hovertext=[
        f"Dr. Who: P(home) 50%. {shared}", f"Dr. Hoo: P(home) 40%. {shared}", "Dr. Who: P(home) 1.5 points"])],
        layout=dict(title=dict(text="Every diver<br><sup>a note</sup>")))
    go.Figure(fig)  # (a valid figure)
    assert in_words(fig) == (f"Every diver (a note). Dr. Who: P(home) 50%. {shared}. Dr. Hoo: P(home) 40%. "
                             "Dr. Who: P(home) 1.5 points.")


def go_text(markup: str):
    """A one-line stand-in figure whose title is ``markup`` (to put a text in words alone)."""
    return dict(data=[], layout=dict(title=dict(text=markup)))


def test_a_name_with_markup_characters_shows_letter_for_letter():
    """plotly reads <, > and & as markup: a diver named "<b>Bo</b> & Co" must not turn bold
    (nor break a title), in the panels' titles, hovers and bar labels."""
    from deepsea_widget.panels.odds_map import map_panel

    name = "<b>Bo</b> & Co"
    shown = "&lt;b&gt;Bo&lt;/b&gt; &amp; Co"
    game = Game(players=[name, "Ann"], seed=2)
    game.apply(Roll(dice=(2, 2)))  # Bo has moved and decides: the panels show Bo
    panel = map_panel(situation(game))
    assert shown in drawn(panel).layout.title.text and "<b>Bo" not in drawn(panel).layout.title.text
    assert shown in drawn(panel).data[3].hovertext[0]
    bars = drawn(divers_chart(game)).data[0]
    # (Bo's name is marked as whose turn it is: plotly's own tags around the escaped name)
    assert drawn(divers_chart(game)).layout.xaxis.ticktext[0] == f"<b><u>{shown}</u></b>" and bars.hovertext[0].startswith(shown)


def test_six_long_names_under_the_bars_fit_their_slots_on_two_lines():
    """With six divers each bar has about 55 px: a long name is broken at spaces onto two
    lines and cut with "…", level (tilted labels were clipped at the figure's bottom)."""
    from deepsea_widget.panels._common import PANEL_WIDTH, THEME
    from deepsea_widget.panels._layout import chars
    from deepsea_widget.panels.divers import _name_ticks

    names = ["Annabelle-Marie Smith", "Christophe Dubois", "Dmitri the Bold", "Eve", "W" * 40, "Bo & Co"]
    ticks = _name_ticks(names)
    assert ticks["tickangle"] == 0 and ticks["tickvals"] == list(range(6))
    slot_chars = (PANEL_WIDTH - THEME["margin"]["l"] - THEME["margin"]["r"]) / 6 / (ticks["tickfont"]["size"] * 0.55)
    for name, label in zip(names, ticks["ticktext"]):
        lines = label.split("<br>")
        assert 1 <= len(lines) <= 2
        assert all(chars(line.replace("&amp;", "&")) <= slot_chars for line in lines), label
        shown = " ".join(lines).replace("…", "").replace("&amp;", "&")
        assert all(word in name for word in shown.split()), (name, label)
    assert ticks["ticktext"][3] == "Eve" and one_line(ticks["ticktext"][5]) == "Bo &amp; Co"
    assert ticks["ticktext"][4].endswith("…")
    # two divers: a name has room for one line
    assert _name_ticks(["Christophe Dubois", "Eve"])["ticktext"] == ["Christophe Dubois", "Eve"]


def test_the_map_says_which_air_and_which_turn_back_its_number_means():
    """A teacher's audit: the one-diver note said "where the others stand is ignored" (false:
    their spaces are skipped); the marker said "if it turned back now" after the diver had
    moved, and for a diver carrying nothing, who may not turn back at all."""
    from deepsea_widget.panels._common import MODEL_NOTE
    from deepsea_widget.panels.odds_map import map_panel

    assert "ignored" not in MODEL_NOTE and "others frozen: they stay put" in MODEL_NOTE
    game = Game(players=2, seed=4)
    game.apply(Roll(dice=(2, 2)))  # diver 1 moved 4 deep, carrying nothing, and now decides
    panel = map_panel(situation(game))
    marker = drawn(panel).data[3].hovertext[0]
    assert "if it turns back at its next turn (which a diver carrying nothing may not do)" in marker
    # after its move, its odds take the air at the start of its next turn, and say the air now too
    assert "air 25 at the start of Diver 1's next turn, 0 items" in marker and "turned back now" not in marker
    game.apply(PickUp())
    game.apply(Roll(dice=(1, 1)))  # the other diver's turn
    game.apply(Stay())
    panel = map_panel(situation(game))  # diver 1 again, at the start of its turn, carrying one item
    marker = drawn(panel).data[3].hovertext[0]
    assert ", if it turned back now. Others frozen:" in marker
    assert "air 25 at the start of Diver 1's turn (air 24 now: Diver 1 breathed 1)" in marker
    assert drawn(panel).layout.yaxis.title.text == "air at the start of Diver 1's turn"


def test_a_map_cells_hover_gives_one_number_not_two_roundings():
    """The bold figure and the sentence said 3.8% and 4% for one cell (a teacher's audit)."""
    import re

    hovers = [h for row in drawn(odds_map(9, 3, 14, 0)).data[0].hovertext for h in row if "rolls cover" in h]
    assert hovers
    for h in hovers:
        bold, said = re.search(r"<b>(.*?)</b>", h)[1], re.search(r"\); (\S+) of \d+-turn rolls cover", h)[1]
        assert bold == said, h


def test_a_diver_sure_to_get_home_reads_100_percent_and_its_odds_go_back_in():
    # Found by an audit: these divers are sure to get home, but the chain said
    # 0.9999999999999999 (the chart read ">99%") or 1.0000000000000002 (divers_chart
    # refused divers_odds' own answer: "must be a probability").
    two = Game.from_position(players=["A", "B"], trail=[None] * 12, positions=[10, 9], returning=[True, True],
                             carried=[[1], [1]], air=19, turn=1)
    assert [o["p"] for o in divers_odds(two)] == [1.0, 1.0]
    assert list(drawn(divers_chart(two)).data[0].text) == ["100%", "100%"]
    four = Game.from_position(players=["A", "B", "C", "D"], trail=[None] * 12, positions=[1, 8, 7, 11],
                              returning=[True] * 4, carried=[[], [1, 1], [1, 1, 2], [2, 2, 3]], air=10, turn=0)
    odds = divers_odds(four)
    assert odds[0]["p"] == 1.0
    assert drawn(divers_chart(four, odds=odds)).data[0].text[0] == "100%"
