"""Loading a bad save: one exception type (SaveError) naming where in the save, a short
traceback, and nothing changed; a good load's log is the loaded game's own history."""
from __future__ import annotations

import json
import traceback

import pytest

import deepsea_widget
from deepsea_widget import Game, SaveError, play
from deepsea_widget.rules import Roll, Stay
from deepsea_widget.rules.errors import FieldError
from deepsea_widget.table import Table


def played_table() -> Table:
    """People Ann and Bob and the bot Cy, each of them a few turns in."""
    t = Table(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=4)
    while len(t.game.history) < 14:
        if t.bot_to_move:
            t.bot_step()
        else:
            t.apply(Roll() if t.game.phase == "roll" else Stay())
    return t


def saved_table() -> str:
    return played_table().to_json()


def changed(text: str, fn) -> str:
    data = json.loads(text)
    fn(data)
    return json.dumps(data)


# (change to a table save, the path the message starts with, words after it)
CORRUPT = [
    pytest.param(lambda d: d["game"]["start"].update(players=["Ann", 5, "Cy"]), "game.start.players[1]",
                 "a name must be a non-empty string, got 5", id="start.players"),
    pytest.param(lambda d: d["game"]["start"]["values"].__setitem__(3, 12), "game.start.values",
                 "level-1 chips", id="start.values"),
    pytest.param(lambda d: d["game"]["start"]["trail"].__setitem__(4, [99]), "game.start.trail[4][0]",
                 "chip ids are 0..31, got 99", id="start.trail"),
    pytest.param(lambda d: d["game"]["start"].update(positions=[0, 0, 40]), "game.start.positions[2]",
                 "must be 0 (the sub) or a trail space 1..32, got 40", id="start.positions"),
    pytest.param(lambda d: d["game"]["start"].update(returning=[False, "no", False]), "game.start.returning[1]",
                 "must be true or false, got 'no'", id="start.returning"),
    pytest.param(lambda d: d["game"]["start"]["carried"].__setitem__(2, {}), "game.start.carried[2]",
                 "must be a list of items, got an object", id="start.carried"),
    pytest.param(lambda d: d["game"]["start"]["banked"].__setitem__(0, [[0, 1, 2, 3]]), "game.start.banked[0][0]",
                 "an item is a list of 1..3 chip ids", id="start.banked"),
    pytest.param(lambda d: d["game"]["start"].update(air=-5), "game.start.air",
                 "must be 1..25 before a turn starts, got -5", id="start.air"),
    pytest.param(lambda d: d["game"]["start"].update(dive=0), "game.start.dive", "must be 1..3, got 0",
                 id="start.dive"),
    pytest.param(lambda d: d["game"]["start"].update(turn="0"), "game.start.turn", "must be a seat 0..2, got '0'",
                 id="start.turn"),
    pytest.param(lambda d: d["game"]["start"].update(last_returned=7), "game.start.last_returned",
                 "must be null or a seat that is back in the submarine, got 7", id="start.last_returned"),
    pytest.param(lambda d: d["game"]["start"]["rng"][1].__setitem__(17, "x"), "game.start.rng[1][17]",
                 "not a valid random generator state", id="start.rng"),
    pytest.param(lambda d: d["game"]["start"].pop("trail"), "game.start.trail", "missing", id="start-missing"),
    pytest.param(lambda d: d["game"]["history"].__setitem__(6, {"type": "roll", "dice": [0, 2]}),
                 "game.history[6].dice", "must be two faces, each 1, 2 or 3, got [0, 2]", id="bad-die"),
    pytest.param(lambda d: d["game"]["history"].__setitem__(6, {"type": "roll", "dice": [1, 2, 3]}),
                 "game.history[6].dice", "must be two faces", id="three-dice"),
    pytest.param(lambda d: d["game"]["history"].__setitem__(0, {"type": "turn_back"}),
                 "game.history[0]", "cannot be played here: cannot turn back while carrying nothing",
                 id="illegal-action"),
    pytest.param(lambda d: d["game"]["history"].pop(), "game.state.",
                 "", id="truncated-history"),
    pytest.param(lambda d: d["game"].update(history="roll"), "game.history", "must be a list of actions, got 'roll'",
                 id="history-type"),
    pytest.param(lambda d: d["game"].update(state=None), "game.state", "must be an object", id="state-type"),
    pytest.param(lambda d: d["game"]["state"].update(scores=[0, 0, "0"]), "game.state.scores", "does not match",
                 id="state-scores"),
    pytest.param(lambda d: d.update(bots={"2": 7}), 'bots["2"]', "unknown bot 7", id="bots-type"),
    pytest.param(lambda d: d.update(undo_marks=[1.5]), "undo_marks[0]", "must be a move number", id="undo-marks"),
    pytest.param(lambda d: d.update(version="1"), "version", "unknown table save version '1'", id="version-type"),
]


@pytest.mark.parametrize("change, path, words", CORRUPT)
def test_a_corrupt_table_save_raises_save_error_naming_the_field(change, path, words):
    with pytest.raises(SaveError) as caught:
        Table.from_json(changed(saved_table(), change))
    message = str(caught.value)
    assert message.startswith(path) and words in message, message
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("change, path, words", [p for p in CORRUPT if p.id.startswith(("start", "bad-die"))])
def test_the_same_in_a_game_save_has_its_path_without_game(change, path, words):
    data = json.loads(changed(saved_table(), change))
    with pytest.raises(SaveError) as caught:
        Game.from_json(json.dumps(data["game"]))
    message = str(caught.value)
    assert message.startswith(path.removeprefix("game.")) and words in message, message
    assert caught.value.path[0] in ("start", "history")


@pytest.mark.parametrize("text, words", [
    ("not json at all", "not a saved game: invalid JSON"),
    (b"\xff\xfe\x00garbage", "not a saved game: invalid JSON"),
    ("[1, 2]", "not a saved game: a save is a JSON object, this is a list"),
    ('"a string"', "not a saved game: a save is a JSON object, this is 'a string'"),
    ("null", "not a saved game: a save is a JSON object, this is null"),
    ('{"format": "chess"}', "format: not a saved game: must be 'deepsea_widget.table'"),
    ("{}", "format: not a saved game: must be 'deepsea_widget.table' (App.save, Table.to_json) or "
           "'deepsea_widget.game' (Game.to_json), got nothing"),
])
def test_text_that_is_not_a_save_raises_save_error(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    for load in (lambda: Table.from_json(text), lambda: play(load=path, panels=False)):
        with pytest.raises(SaveError, match="^" + words.replace("(", r"\(").replace(")", r"\)")):
            load()


def test_save_error_is_exported_from_the_rules_and_the_root():
    assert deepsea_widget.SaveError is deepsea_widget.rules.SaveError is SaveError
    assert issubclass(SaveError, ValueError) and "SaveError" in deepsea_widget.__all__


def test_play_load_raises_with_a_short_traceback_and_the_cause_kept_out_of_sight(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(changed(saved_table(), lambda d: d["game"]["start"].update(air=-5)))
    with pytest.raises(SaveError) as caught:
        play(load=path, panels=False)
    exc = caught.value
    assert str(exc) == "game.start.air: must be 1..25 before a turn starts, got -5"
    assert exc.path == ("game", "start", "air") and exc.reason == "must be 1..25 before a turn starts, got -5"
    # what a notebook shows: the caller's line, then play's (it had seven frames of the walk)
    frames = [f.name for f in traceback.extract_tb(exc.__traceback__)]
    assert frames == ["test_play_load_raises_with_a_short_traceback_and_the_cause_kept_out_of_sight", "play"]
    shown = "".join(traceback.format_exception(exc))
    assert "During handling" not in shown and "direct cause" not in shown
    assert shown.count("SaveError") == 1 and shown.count('File "') == 2
    # the failed check is still there for a debugger
    assert exc.__suppress_context__ and exc.__cause__ is None and isinstance(exc.__context__, FieldError)


@pytest.mark.parametrize("load", [Table.from_json, Game.from_json, lambda text: Table().load_json(text)],
                         ids=["Table.from_json", "Game.from_json", "load_json"])
def test_each_way_in_has_a_short_traceback(load):
    text = json.dumps(json.loads(saved_table())["game"] | {"history": [{"type": "roll", "dice": [9, 9]}]})
    with pytest.raises(SaveError, match=r"^history\[0\]\.dice: ") as caught:
        load(text)
    assert len(traceback.extract_tb(caught.value.__traceback__)) <= 3  # the test, maybe a lambda, the way in


def test_a_failed_load_leaves_an_existing_app_untouched(tmp_path):
    app = play(players=["Ann"], bots={"Bo": "cautious"}, seed=3, panels=False)
    app.apply(Roll())
    app.apply(Stay())
    table = app.table
    before = (app.game.to_json(), table.seq, list(table.log), table.last_roll, table.can_undo, table.mode)
    bad = changed(saved_table(), lambda d: d["game"]["history"].__setitem__(6, {"type": "roll", "dice": [4, 1]}))
    path = tmp_path / "bad.json"
    path.write_text(bad)
    with pytest.raises(SaveError):
        play(load=path, panels=False)
    with pytest.raises(SaveError, match=r"^game\.history\[6\]\.dice: must be two faces"):
        table.load_json(bad)
    assert app.table is table
    assert (app.game.to_json(), table.seq, list(table.log), table.last_roll, table.can_undo, table.mode) == before
    # the board's Load button: refused with the same words, and still nothing changes
    app.board._handle_custom_msg({"type": "load", "seq": table.seq, "text": bad}, [])
    error = app.board.view["error"]
    assert error.startswith("load refused, the game goes on: game.history[6].dice: must be two faces"), error
    assert (app.game.to_json(), list(table.log), table.last_roll) == before[:1] + before[2:4]


def test_a_loaded_games_log_is_its_own_history_with_no_line_from_before():
    original = played_table()
    text = original.to_json()
    played = Table.from_json(text)
    # the log as it was written when the game was played, but for the bots' reasons (not saved)
    assert played.log == [line for line in original.log if "(cautious bot)" not in line]
    table = Table(players=["Old", "Timer"], seed=1)
    table.apply(Roll())
    table.load_json(text)
    assert not any("Old" in line or "Timer" in line for line in table.log)
    assert table.log[0].startswith("Loaded a saved game")
    assert table.log[1:] == played.log
    # every action of the loaded game is in the log, the last one on top, its first breath at the bottom
    game = Game.from_json(json.dumps(json.loads(text)["game"]))
    events = [str(e) for events in game.history_events() for e in events]
    in_time_order = [line for turn in reversed(played.log_turns()) for line in turn]
    assert in_time_order == [str(e) for e in game.opening_events] + events
    assert table.last_events == []  # a load is not a move: nothing is animated or read out again
    assert table.last_roll == original.last_roll is not None  # the dice show its last roll, as the log does
