"""Guess first: a person's odds stay out of everything the page is sent until they guess; a
guess is checked, kept with the number the board showed, and scored once its dive ends."""
from __future__ import annotations

import json
import math
import random

import pytest

from deepsea_widget.app import play
from deepsea_widget.board_view import badges, choices
from deepsea_widget.bots import PublicView
from deepsea_widget.rules import Game, IllegalActionError, Roll, Stay, TurnBack
from deepsea_widget.rules.events import Banked, DiveEnded
from deepsea_widget.simulation.registry import make_policy
from deepsea_widget.table import FAIR_PLAY_ROLL, Table, results, results_csv
from deepsea_widget.table.guesses import ASKED, chance_of, turn_start
from deepsea_widget.widget import Board


def synced(app) -> str:
    """Everything the page holds of the board and the panels, as JSON text."""
    parts = [app.board.get_state()["view"]]
    if app.panels is not None:
        parts += [{k: v for k, v in f.get_state().items() if k != "_plotly"} for f in app.panels.figures]
    return json.dumps(parts, ensure_ascii=False)


def secrets(game, seat: int) -> list[str]:
    """What would tell ``seat``'s hidden numbers: its badge's exact p and question, and each of
    the mover's options' questions and p_home (as JSON writes them)."""
    badge = badges(game)[seat]
    out = [json.dumps(badge["p"]), badge["question"]]
    if game.current_player == seat:
        out += [o["question"] for o in choices(game)["options"]] + [json.dumps(o["p_home"]) for o in
                                                                     choices(game)["options"]]
    return out


def test_before_the_guess_the_movers_numbers_are_in_nothing_the_page_gets():
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=5, guess_first=True)
    view = app.board.view
    assert view["badges"][0] is None and view["choices"] is None and view["legal"] == []
    assert view["reasons"]["roll"] == ASKED.format(name="Ann")
    assert view["guess"]["asking"] == 0 and view["guess"]["prompt"] == "Your guess: chance Ann gets home, %"
    page = synced(app)
    hidden = secrets(app.game, 0)
    assert [s for s in hidden if s in page] == []
    # the panels that would tell it are blank, with no data at all
    for figure in app.panels.figures[:3]:
        assert figure.figure["data"] == [] and "Guess first" in figure.summary

    row = app.guess(0.4)
    assert row["guess"] == 0.4 and row["shown"] == badges(app.game)[0]["p"] and row["outcome"] is None
    view = app.board.view
    assert view["badges"][0]["p"] == row["shown"] and view["choices"]["seat"] == 0
    told = view["guess"]["told"]
    assert told["text"] == f"Ann: you guessed 40%, the odds say {row['shown_text']}"
    assert told["question"] == row["question"] and told["question"].startswith("Ann's chance of being back")
    page = synced(app)
    assert all(s in page for s in hidden)  # now the page has them all
    assert all(f.figure["data"] for f in app.panels.figures)
    assert "Ann guessed 40%; the odds say" in app.table.last_notes[0]  # (read out, and in the log)


def test_other_peoples_numbers_wait_for_their_own_guess_and_bots_numbers_show():
    table = Table(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3, guess_first=True)
    board = Board(table=table)
    table.guess("30%")
    table.apply(Roll())
    board.refresh()
    view = board.view
    assert view["badges"][0] is not None  # Ann's turn goes on: guessed
    table.apply(Stay() if table.game.phase == "treasure" else Roll())
    board.refresh()
    view = board.view
    assert table.game.current_player == 1 and view["guess"]["asking"] == 1
    assert view["badges"][0] is None and view["badges"][1] is None  # Ann's until her next guess, Bob's until his
    assert set(view["guess"]["hidden"]) == {0, 1}
    table.guess(0.5)
    table.apply(Roll())
    if table.game.phase == "treasure":
        table.apply(Stay())
    board.refresh()
    assert table.bot_to_move and board.view["badges"][2] is not None  # Cy's number is shown
    assert board.view["guess"]["hidden"] == [0, 1] and board.view["choices"] is not None  # Cy's choices


@pytest.mark.parametrize("bad, words", [
    (40, r"guess: must be a chance from 0 to 1 .*got 40 \(a percentage goes as text: '40%'\)"),
    ("40", "guess: must be .*as text, a number 0 to 100 then %, got '40'"),
    ("140%", "guess: must be .*got '140%'"),
    ("abc%", "guess: must be .*got 'abc%'"),
    (-0.1, "guess: must be a chance from 0 to 1"),
    (1.5, "guess: must be a chance from 0 to 1"),
    (math.nan, "guess: must be a chance from 0 to 1"),
    (True, "guess: must be a chance from 0 to 1"),
    (None, "guess: must be a chance from 0 to 1"),
    ([0.4], "guess: must be a chance from 0 to 1"),
])
def test_a_bad_guess_is_refused_naming_the_field_and_nothing_changes(bad, words):
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=5, guess_first=True, panels=False)
    seq, view = app.table.seq, app.board.view
    with pytest.raises(ValueError, match=words):
        app.guess(bad)
    assert app.table.seq == seq and app.board.view == view and app.table.guesses.made == []


@pytest.mark.parametrize("value, chance", [(0, 0.0), (1, 1.0), (0.4, 0.4), ("40%", 0.4), (" 12.5 % ", 0.125),
                                           ("0%", 0.0), ("100%", 1.0)])
def test_a_guess_is_a_chance_or_a_percentage_as_text(value, chance):
    assert chance_of(value) == pytest.approx(chance)


def test_no_guess_is_taken_when_none_is_asked_and_nothing_changes():
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=5, guess_first=True, panels=False)
    app.guess(0.5)
    with pytest.raises(IllegalActionError, match="guess: no guess is asked now: Ann guessed 50% at the start"):
        app.guess(0.6)
    app.apply(Roll())
    seq = app.table.seq
    with pytest.raises(IllegalActionError, match="Ann guessed 50% at the start of this turn already; the next guess"):
        app.guess(0.6)
    app.apply(Stay()) if app.game.phase == "treasure" else None
    assert app.table.bot_to_move
    seq = app.table.seq
    with pytest.raises(IllegalActionError, match="it is Cy's turn, a bot: guesses are for people's turns"):
        app.guess(0.6)
    assert app.table.seq == seq and len(app.calibration().rows) == 1
    plain = play(players=["Ann"], bots={"Cy": "cautious"}, seed=5, panels=False)
    with pytest.raises(IllegalActionError, match=r"does not play guess first \(play\(..., guess_first=True\)\)"):
        plain.guess(0.5)
    assert plain.board.view["guess"] is None and plain.board.view["badges"][0] is not None


def test_the_person_guesses_before_acting_from_python_or_the_board():
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=5, guess_first=True, panels=False)
    with pytest.raises(IllegalActionError, match="Guess first: type your guess of Ann's chance"):
        app.apply(Roll())
    table = app.table
    seq = table.seq
    assert not table.handle({"type": "action", "seq": seq, "seat": 0, "action": {"type": "roll"}})
    assert "Guess first" in table.error and app.game.history == ()
    for bad in (140, -1, "40", True, None, 10 ** 40):
        assert not table.handle({"type": "guess", "seq": seq, "percent": bad})
        assert table.error.startswith("guess intent: 'percent' must be the guessed chance, a number from 0 to 100")
    assert not table.handle({"type": "guess", "seq": seq})
    assert not table.handle({"type": "guess", "seq": seq - 1, "percent": 40})  # stale
    assert "stale intent" in table.error and table.guesses.made == []
    assert table.handle({"type": "guess", "seq": seq, "percent": 62.5})
    assert app.calibration().rows[0]["guess"] == 0.625
    assert table.handle({"type": "action", "seq": table.seq, "seat": 0, "action": {"type": "roll"}})


def test_guess_first_plays_fair_undo_cannot_take_back_the_roll_and_says_why():
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=5, guess_first=True, panels=False)
    assert app.table.fair_play
    app.guess(0.5)
    app.apply(Roll())
    assert app.board.view["can_undo"] is False and app.board.view["undo_refusal"] == FAIR_PLAY_ROLL
    with pytest.raises(IllegalActionError, match="Fair play: Undo cannot take back a roll"):
        app.undo()
    assert play(players=["Ann"], bots={"Cy": "cautious"}, guess_first=True, fair_play=False,
                panels=False).table.fair_play is False
    assert Table(players=["Ann", "Bob"], guess_first=True).fair_play is True
    assert Table(players=["Ann", "Bob"]).fair_play is False


def test_without_fair_play_an_undone_turn_takes_its_guess_back_too():
    table = Table(players=["Ann", "Bob"], seed=2, guess_first=True, fair_play=False)
    table.guess(0.3)
    table.apply(Roll())
    table.undo()  # back to Ann's turn start: her guess stands (the same position)
    assert len(table.guesses.made) == 1 and table.guesses.asking(table) is None
    table.apply(Roll())
    table.apply(Stay() if table.game.phase == "treasure" else Roll())
    table.guess(0.6)  # Bob's
    assert len(table.guesses.made) == 2
    table.undo()  # Ann's Stay, back before Bob's turn began: his guess goes with it
    assert [m.row["name"] for m in table.guesses.made] == ["Ann"]


def play_a_game(seed: int, guess_first: bool = True):
    """Ann (a person playing as the cautious bot would) against Cy; Ann guesses at every turn's
    start, a different chance each time. Returns the table and, per guess, what the test
    checks against: the position then, the board's badge then, and Ann's dive's end."""
    table = Table(players=["Ann"], bots={"Cy": "cautious"}, seed=seed, guess_first=guess_first)
    ann, rng = make_policy("cautious"), random.Random(seed)
    expected, ends = [], {}
    while not table.game.is_over:
        game = table.game
        if table.bot_to_move:
            events = table.bot_step()
        else:
            if table.guesses.asking(table) is not None:
                badge, me, guess = badges(game)[0], game.divers[0], len(expected) % 10 / 10
                expected.append(dict(dive=game.dive, space=me.position, items=len(me.carried), air=game.air,
                                     shown=badge["p"], method=badge["method"], question=badge["question"],
                                     guess=guess))
                with pytest.raises(IllegalActionError, match="Guess first"):  # not before the guess
                    table.apply(Roll())
                table.guess(guess)
            events = table.apply(ann.choose(PublicView(game), rng))
        for e in events:
            if isinstance(e, DiveEnded):  # Ann got home if she banked (empty-handed too) at this end
                ends[e.dive] = int(any(isinstance(b, Banked) and b.seat == 0 for b in events))
    return table, expected, ends


def test_calibration_rows_and_brier_scores_over_a_seeded_game():
    table, expected, ends = play_a_game(seed=11)
    calibration = table.guesses.calibration()
    rows = calibration.rows
    assert len(rows) == len(expected) >= 10
    for row, want in zip(rows, expected):
        assert row["name"] == "Ann" and row["seat"] == 0 and row["game"] == 1
        assert {k: row[k] for k in ("dive", "space", "items", "air", "shown", "method", "question", "guess")} == \
            {k: want[k] for k in ("dive", "space", "items", "air", "shown", "method", "question", "guess")}
        assert row["outcome"] == ends[row["dive"]]
        assert row["method"] in ("exact", "estimate") and row["heading"] in ("diving", "heading back")
    assert sorted(set(ends.values())) == [0, 1]  # (this seed: home in one dive, lost in another)
    n = len(rows)
    assert calibration.scored == n
    assert calibration.brier == pytest.approx(sum((r["guess"] - r["outcome"]) ** 2 for r in rows) / n)
    assert calibration.brier_shown == pytest.approx(sum((r["shown"] - r["outcome"]) ** 2 for r in rows) / n)
    assert f"{n} guesses, {n} with the dive ended: Brier score of the guesses {calibration.brier:.3f}" in \
        calibration.in_words()
    table_rows = calibration.table("guesses", bins=5)
    assert sum(b["n"] for b in table_rows) == n


def test_an_outcome_is_filled_when_the_dive_ends_and_not_before():
    table = Table(players=["Ann"], bots={"Cy": "cautious"}, seed=11, guess_first=True)
    ann, rng = make_policy("cautious"), random.Random(1)
    while table.game.dive == 1:
        if table.bot_to_move:
            table.bot_step()
            continue
        if table.guesses.asking(table) is not None:
            table.guess(0.5)
            assert all(r["outcome"] is None for r in table.guesses.calibration().rows)
            assert table.guesses.calibration().brier is None
        table.apply(ann.choose(PublicView(table.game), rng))
    rows = table.guesses.calibration().rows
    assert rows and all(r["outcome"] in (0, 1) for r in rows)
    assert table.guesses.calibration().brier == pytest.approx(0.25)  # (every guess 50%)


def test_the_results_download_has_the_guesses_and_their_calibration():
    table, expected, ends = play_a_game(seed=11)
    sections = results(table)
    assert sections["game"][0]["guesses"] == len(expected) and sections["game"][0]["guess_first"] is True
    assert sections["game"][0]["brier_guesses"] == pytest.approx(table.guesses.calibration().brier)
    guesses = sections["guesses"]
    assert len(guesses) == len(expected) and guesses[0]["seat"] == 1  # (seats from 1, as in "scores")
    assert [g["guess"] for g in guesses] == [e["guess"] for e in expected]
    assert {c["forecasts"] for c in sections["calibration"]} == {"your guesses", "the board's numbers"}
    csv = results_csv(sections)
    assert "# guesses\n" in csv and "# calibration\n" in csv and "brier_guesses" in csv
    # a table without guess first gives the same three sections as before
    assert list(results(Table(players=["Ann", "Bob"], seed=1))) == ["game", "scores", "log"]


def test_the_app_gives_calibration_and_its_chart():
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=5, guess_first=True, panels=False)
    assert app.calibration().rows == [] and app.calibration().brier is None
    chart = app.calibration_chart()
    assert chart.figure["layout"]["annotations"][-1]["text"].startswith("No guesses")
    app.guess(0.2)
    assert "1 guess, 0 with the dive ended" in repr(app.calibration())
    with pytest.raises(ValueError, match="of: must be 'guesses' or 'shown'"):
        app.calibration_chart(of="mine")


def test_turn_start_counts_back_over_turning_back():
    game = Game(players=["Ann", "Bob"], seed=1)
    assert turn_start(game) == 0
    game.apply(Roll())
    assert turn_start(game) == 0  # (Ann's treasure phase: the same turn)
    while game.current_player != 0 or not game.divers[0].carried or game.phase != "roll":
        game.apply(game.legal_actions()[0] if game.phase == "roll" else next(
            (a for a in game.legal_actions() if type(a).__name__ == "PickUp"), game.legal_actions()[-1]))
    start = len(game.history)
    game.apply(TurnBack())
    assert turn_start(game) == start
    game.apply(Roll())
    assert game.is_over or game.current_player != 0 or turn_start(game) == start


def test_a_board_takes_guess_first_for_its_own_table_only():
    assert Board(Game(players=["Ann", "Bob"], seed=1), guess_first=True).table.guess_first
    table = Table(players=["Ann", "Bob"], seed=1)
    with pytest.raises(ValueError, match="guess_first: the table given has guess_first=False"):
        Board(table=table, guess_first=True)
    with pytest.raises(ValueError, match="guess_first: must be True, False or None"):
        Board(table=table, guess_first="yes")
    with pytest.raises(ValueError, match="guess_first: must be True or False"):
        play(players=["Ann", "Bob"], guess_first=1, panels=False)


def test_edit_mode_keeps_peoples_numbers_hidden():
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=5, guess_first=True, panels=False)
    app.edit(op="set_air", air=9)
    view = app.board.view
    assert view["badges"][0] is None and view["choices"] is None and view["guess"]["asking"] is None
    assert view["guess"]["note"].startswith("Guess first: people's chances of getting home stay hidden in edit mode")
    app.back_to_play()
    assert app.board.view["guess"]["asking"] == 0  # the set-up's first turn asks again


def test_the_blank_panels_are_valid_plotly_figures_with_no_data():
    import plotly.graph_objects as go

    from deepsea_widget.panels.hidden import hidden_panel

    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=5, guess_first=True)
    for figure in app.panels.figures[:3]:
        drawn = go.Figure(figure.figure)  # (plotly checks every property against its schema)
        assert len(drawn.data) == 0 and "Guess first" in drawn.layout.annotations[-1].text
    assert go.Figure(hidden_panel("What now?", "a reason")).layout.title.text.startswith("What now?")
