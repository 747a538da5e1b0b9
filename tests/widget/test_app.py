"""`play()` and `App` from Python: bad arguments, refused edits, saving and loading."""
import json
import os

import pytest

from deepsea_widget.app import play
from deepsea_widget.rules import Roll


def test_a_refused_edit_leaves_the_board_in_play_mode():
    app = play(players=["Ann", "Bob"], seed=1, panels=False)
    seq, view = app.table.seq, app.board.view
    with pytest.raises(ValueError, match="air must be 1 to 25: Ann carries nothing"):
        app.edit(op="set_air", air=0)
    assert app.table.mode == "play" and app.table.seq == seq and app.board.view == view
    app.apply(Roll())  # still playable
    app.edit(op="set_air", air=9)
    assert app.table.mode == "edit" and app.game.turn_start_air == 9


@pytest.mark.parametrize("kwargs, words", [
    (dict(players="Ann"), "players: must be a list of names"),
    (dict(players=["A"], bots=["cautious"]), "bots: must be a dict"),
    (dict(players=["A"], bots={"B": "genius"}), "unknown bot 'genius'"),
    (dict(panels="no"), "panels: must be True or False"),
])
def test_bad_play_arguments_say_which(kwargs, words):
    with pytest.raises(ValueError, match=words):
        play(**kwargs)


def test_a_number_of_people_names_them():
    assert play(players=3, panels=False).game.players == ("Diver 1", "Diver 2", "Diver 3")


def test_save_replaces_the_file_whole_and_leaves_no_temporary_file(tmp_path):
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=4, panels=False)
    path = tmp_path / "game.json"
    path.write_text("an older save")
    path.chmod(0o640)
    app.apply(Roll())
    assert app.save(path) == path
    assert os.listdir(tmp_path) == ["game.json"]
    assert path.stat().st_mode & 0o777 == 0o640  # the old file's permissions, not mkstemp's 0o600
    again = play(load=path, panels=False)
    assert again.game.to_json() == app.game.to_json() and again.table.bot_seats == {1: "cautious"}
    with pytest.raises(FileNotFoundError, match="the folder .*no such folder' does not exist"):
        app.save(tmp_path / "no such folder" / "game.json")
    with pytest.raises(IsADirectoryError, match="is a folder; give a file name"):
        app.save(tmp_path)
    assert os.listdir(tmp_path) == ["game.json"]


@pytest.mark.parametrize("bad", [None, 123, ["a"], b"/tmp/x.json"])
def test_a_path_that_is_not_a_path_is_refused_by_name(bad):
    app = play(players=["Ann", "Bob"], seed=1, panels=False)
    with pytest.raises(ValueError, match="path: must be a file path"):
        app.save(bad)
    if bad is not None:
        with pytest.raises(ValueError, match="load: must be a file path"):
            play(load=bad, panels=False)


def test_load_with_new_game_arguments_is_refused_not_ignored(tmp_path):
    path = play(players=["Ann", "Bob"], seed=1, panels=False).save(tmp_path / "g.json")
    for extra in (dict(players=["Zed", "Yo"]), dict(bots={"Cy": "odds"}), dict(seed=3)):
        with pytest.raises(ValueError, match="load: a saved game brings its own players"):
            play(load=path, panels=False, **extra)


def test_a_board_is_given_a_table_or_a_game():
    from deepsea_widget import Game
    from deepsea_widget.table import Table
    from deepsea_widget.widget import Board

    with pytest.raises(ValueError, match="table: must be a Table, got str"):
        Board(table="t")
    with pytest.raises(ValueError, match="pass game= or table=, not both"):
        Board(table=Table(players=["Ann", "Bob"]), game=Game(players=2))


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"", "[" * 100_000, json.dumps({"format": "chess"})])
def test_loading_a_corrupt_file_is_a_value_error(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(ValueError, match="not a saved game"):
        play(load=path, panels=False)


def test_close_frees_every_widget_of_the_app():
    from ipywidgets.widgets.widget import _instances

    from deepsea_widget.figure import shared_library

    library = shared_library()  # the kernel's one plotly.js model: other apps' figures may name it
    before = set(_instances)
    app = play(players=["Ann"], bots={"Bo": "cautious"}, seed=1)
    made = set(_instances) - before
    assert len(made) > 10  # the board, the panels, their figures, controls and layouts
    app.close()
    assert set(_instances) - before == set()
    assert app.board.comm is None and app.panels.divers.comm is None
    assert library.comm is not None  # (closing an app leaves it open)


@pytest.mark.parametrize("kwargs, words", [
    (dict(players=["Ann"], bots={1: "cautious"}), r"^bots: 1 is not a valid bot name"),
    (dict(players=["Ann"], bots={"": "cautious"}), r"^bots: '' is not a valid bot name"),
    (dict(players=["A", "B", "C", "D", "E"], bots={"X": "cautious", "Y": "odds"}),
     r"^players, bots: the game is for 2 to 6 divers, got 5 people and 2 bots \(7 divers\)$"),
])
def test_play_blames_bots_for_a_bad_bot_and_counts_people_and_bots(kwargs, words):
    with pytest.raises(ValueError, match=words):
        play(panels=False, **kwargs)


def _closed_app(tmp_path):
    """A closed app whose next turn is the bot's, with an action to undo: every call could change it."""
    from deepsea_widget.rules import Stay

    app = play(players=["Ann"], bots={"Bo": "cautious"}, seed=2)
    app.apply(Roll())
    app.apply(Stay())
    assert app.table.bot_to_move and app.table.can_undo
    app.close()
    return app


@pytest.mark.parametrize("call", [
    pytest.param(lambda app, tmp: app.apply(Roll()), id="apply"),
    pytest.param(lambda app, tmp: app.bot_step(), id="bot_step"),
    pytest.param(lambda app, tmp: app.undo(), id="undo"),
    pytest.param(lambda app, tmp: app.edit(op="set_air", air=9), id="edit"),
    pytest.param(lambda app, tmp: app.back_to_play(), id="back_to_play"),
])
def test_a_closed_app_refuses_to_play_or_edit_and_changes_nothing(tmp_path, call):
    app = _closed_app(tmp_path)
    before = (app.game.to_json(), app.table.seq, app.table.mode, list(app.table.log))
    with pytest.raises(RuntimeError, match=r"^app\.\w+: this app is closed .*app\.save\(path\) still keeps it.*play\(\).*play\(load="):
        call(app, tmp_path)
    assert (app.game.to_json(), app.table.seq, app.table.mode, list(app.table.log)) == before
    assert os.listdir(tmp_path) == []


def test_a_closed_app_still_shows_its_game_to_python_and_closes_twice_harmlessly(tmp_path):
    app = _closed_app(tmp_path)
    assert len(app.game.history) == 2 and app.table.game is app.game  # readable, as it stood
    app.close()  # again: nothing to do, no error
    saved = app.save(tmp_path / "kept.json")  # what was played is not lost with the widgets
    assert play(load=saved).game.to_json() == app.game.to_json()
    with pytest.raises(RuntimeError, match=r"^app\.apply: this app is closed"):
        app.apply(Roll())
