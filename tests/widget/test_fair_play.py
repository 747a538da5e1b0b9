"""Fair play (Undo never takes back a roll or a dive's end), the classroom app's board
(Export refused, results offered) and a player's results, driven from Python."""
import csv
import io
import json

import pytest

from deepsea_widget.app import play
from deepsea_widget.board_view import EXPORT_REFUSED
from deepsea_widget.rules import Game, PickUp, Roll, Stay
from deepsea_widget.table import (FAIR_PLAY_DIVE_END, FAIR_PLAY_ROLL, MAX_LOG, RESULTS_FORMAT, Table, results,
                                  results_csv, results_filename)
from deepsea_widget.widget import Board


def fair_table(**kwargs):
    return Table(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3, fair_play=True, **kwargs)


def test_fair_play_refuses_to_take_back_a_roll_and_says_why():
    table = fair_table()
    assert not table.can_undo and table.undo_refusal is None  # (nothing to undo: no refusal to show)
    table.apply(Roll(), seat=0)
    before, seq = table.game.to_json(), table.seq
    assert not table.can_undo and table.undo_refusal == FAIR_PLAY_ROLL
    assert not table.handle({"type": "undo", "seq": seq})
    assert table.error == FAIR_PLAY_ROLL
    assert table.game.to_json() == before and table.seq == seq


def test_fair_play_still_takes_back_a_treasure_action():
    table = fair_table()
    table.apply(Roll(), seat=0)
    rolled = table.game.to_json()
    table.apply(PickUp(), seat=0)
    assert table.can_undo and table.undo_refusal is None
    table.undo()
    assert table.game.to_json() == rolled
    assert not table.can_undo  # (the roll before it stays)


def test_without_fair_play_undo_takes_back_a_roll():
    table = Table(players=["Ann", "Bob"], seed=3)
    table.apply(Roll(), seat=0)
    assert table.can_undo and table.undo_refusal is None
    table.undo()
    assert not table.game.history


def test_fair_play_refuses_to_take_back_the_end_of_a_dive_that_came_without_a_roll():
    # Ann alone in the water, air running out: her Stay ends the dive (Bob is back in the sub)
    game = Game.from_position(players=["Ann", "Bob"], trail=[1, None, 2, None, None, 3, None, None, None, 4, None, None],
                              positions=[3, 0], returning=[False, True], carried=[[1], []], air=2, seed=1)
    table = Table(game=game, fair_play=True)
    for action in (Roll(), Stay(), Roll()):
        table.apply(action, seat=0)
    table.apply(Stay(), seat=0)
    assert table.game.dive == 2
    assert not table.can_undo and table.undo_refusal == FAIR_PLAY_DIVE_END
    dive_two = table.game.to_json()
    assert not table.handle({"type": "undo", "seq": table.seq})
    assert table.error == FAIR_PLAY_DIVE_END and table.game.to_json() == dive_two


def test_fair_play_leaves_edit_mode_undo_and_replaced_games_alone():
    table = fair_table()
    table.apply(Roll(), seat=0)
    table.new_game()
    assert table.can_undo  # back to the game the new one replaced
    table.undo()
    assert len(table.game.history) == 1
    table.edit({"op": "set_air", "air": 9}, enter_edit_mode=True)
    assert table.can_undo and table.undo_refusal is None
    table.undo()
    assert table.mode == "edit"


def test_fair_play_must_be_a_bool():
    with pytest.raises(ValueError, match="fair_play: must be True or False, got 'yes'"):
        Table(players=["Ann", "Bob"], fair_play="yes")


def test_the_view_says_why_fair_play_refuses_undo():
    board = Board(table=fair_table())
    board.table.apply(Roll(), seat=0)
    board.refresh()
    assert board.view["fair_play"] is True
    assert board.view["can_undo"] is False and board.view["undo_refusal"] == FAIR_PLAY_ROLL


def test_the_apps_board_refuses_export_with_a_reason_and_sends_nothing():
    board = Board(table=fair_table(), app_mode=True)
    sent = []
    board.send = lambda content, buffers=None: sent.append(content)
    assert board.view["export_refusal"] == EXPORT_REFUSED and board.view["results"] is True
    before, refusals = board.game.to_json(), board.view["refusals"]
    board._handle_custom_msg({"type": "export"}, [])
    assert sent == []
    assert board.view["error"] == EXPORT_REFUSED and board.view["refusals"] == refusals + 1
    assert board.game.to_json() == before
    assert "unbanked chip's value" in EXPORT_REFUSED and "dice to come" in EXPORT_REFUSED


def test_a_notebooks_board_still_exports_the_whole_save():
    board = Board(table=fair_table())
    sent = []
    board.send = lambda content, buffers=None: sent.append(content)
    assert board.view["export_refusal"] is None and board.view["results"] is False
    board._handle_custom_msg({"type": "export"}, [])
    assert sent[0]["type"] == "export" and json.loads(sent[0]["text"])["game"]


def test_results_come_as_csv_through_the_boards_message():
    board = Board(table=fair_table(), app_mode=True)
    board.table.apply(Roll(), seat=0)
    sent = []
    board.send = lambda content, buffers=None: sent.append(content)
    board._handle_custom_msg({"type": "results"}, [])
    assert sent[0]["filename"] == "deepsea-results-Ann-Bob.csv"
    assert sent[0]["text"] == results_csv(results(board.table))
    board._handle_custom_msg({"type": "results", "extra": 1}, [])
    assert "malformed 'results' message" in board.view["error"] and len(sent) == 1


def sections_of(text: str) -> dict[str, list[dict]]:
    """Read `results_csv` text back: each section's rows as dicts."""
    out = {}
    for block in text.strip().split("\n\n"):
        name, _, body = block.partition("\n")
        out[name.removeprefix("# ")] = list(csv.DictReader(io.StringIO(body)))
    return out


def test_results_hold_the_scores_and_the_whole_log_in_words_and_nothing_hidden():
    table = fair_table()
    table.apply(Roll(), seat=0)
    table.apply(PickUp(), seat=0)
    data = results(table)
    assert list(data) == ["game", "scores", "log"]
    assert data["game"][0]["format"] == RESULTS_FORMAT and data["game"][0]["fair_play"] is True
    assert [(r["name"], r["plays"]) for r in data["scores"]] == [("Ann", "person"), ("Bob", "person"),
                                                                  ("Cy", "cautious bot")]
    words = [r["text"] for r in data["log"]]
    assert any(w.startswith("Ann rolls") for w in words) and any(w.startswith("Ann picks up") for w in words)
    assert {r["action"] for r in data["log"]} == {0, 1, 2}
    back = sections_of(results_csv(data))
    assert back["scores"][2] == {"seat": "3", "name": "Cy", "plays": "cautious bot", "score": "0",
                                 "items_banked": "0", "winner": "False"}
    assert [r["text"] for r in back["log"]] == words


def test_results_tell_nothing_the_game_keeps_face_down():
    # two games alike in every public fact, with other hidden values and dice to come: the same results
    def played(seed):
        game = Game.from_position(players=["Ann", "Bob"], trail=[1, 1, 2, 2, 2, 3, 3, 4], positions=[0, 2],
                                  carried=[[], [1]], air=20, seed=seed)
        table = Table(game=game, fair_play=True)
        for action in (Roll(dice=(1, 2)), PickUp(), Roll(dice=(3, 3)), Stay()):
            table.apply(action)
        return table

    one, other = played(1), played(2)
    assert json.loads(one.to_json())["game"]["start"] != json.loads(other.to_json())["game"]["start"]
    assert results_csv(results(one)) == results_csv(results(other))


def test_results_keep_every_action_of_a_long_game():
    table = Table(bots={name: "random" for name in "ABCDEF"}, seed=7)
    while not table.game.is_over:
        table.bot_step()
    assert len(table.log) == MAX_LOG  # the board's log has let its oldest lines go...
    rows = results(table)["log"]
    # ...the results have the whole game: the deal, every action, the game's end
    assert rows[0] == {"action": 0, "dive": 1, "text": str(table.game.opening_events[0])}
    assert {r["action"] for r in rows} == set(range(len(table.game.history) + 1))
    assert rows[-1]["dive"] == 3 and rows[-1]["text"].startswith("Game over")
    assert sum(r["winner"] for r in results(table)["scores"]) >= 1


def test_a_new_section_is_a_new_key():
    data = results(fair_table())
    data["guesses"] = [{"turn": 1, "guess": 0.5}, {"turn": 2, "guess": 0.25, "note": "deep"}]
    back = sections_of(results_csv(data))
    assert back["guesses"] == [{"turn": "1", "guess": "0.5", "note": ""}, {"turn": "2", "guess": "0.25", "note": "deep"}]


def test_a_name_a_spreadsheet_would_run_is_written_as_text():
    table = Table(players=["=1+1", "Bob"], seed=1)
    back = sections_of(results_csv(results(table)))
    assert back["scores"][0]["name"] == "'=1+1"
    assert results_filename(table) == "deepsea-results-1-1-Bob.csv"


@pytest.mark.parametrize("bad, words", [
    ([], "sections: must be a dict"),
    ({"log": [1, 2]}, r"sections\['log'\]: must be a list of rows"),
])
def test_results_csv_names_a_bad_section(bad, words):
    with pytest.raises(ValueError, match=words):
        results_csv(bad)


def test_play_in_app_mode_plays_fair_and_refuses_export():
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=2, panels=False, app_mode=True)
    assert app.table.fair_play and app.board.app_mode
    assert app.board.view["export_refusal"] == EXPORT_REFUSED
    assert app.results()["scores"][0]["name"] == "Ann"
    assert app.results_csv().startswith("# game\n")


def test_play_with_fair_play_alone_keeps_export():
    app = play(players=["Ann", "Bob"], seed=2, panels=False, fair_play=True)
    assert app.table.fair_play and not app.board.app_mode and app.board.view["export_refusal"] is None


def test_a_loaded_game_plays_fair_when_asked(tmp_path):
    path = play(players=["Ann", "Bob"], seed=2, panels=False).save(tmp_path / "g.json")
    assert play(load=path, panels=False, fair_play=True).table.fair_play


@pytest.mark.parametrize("kwargs, words", [
    (dict(app_mode=True, fair_play=False), "fair_play: the classroom app .* always plays fair"),
    (dict(fair_play="on"), "fair_play: must be True, False or None"),
    (dict(app_mode=1), "app_mode: must be True or False"),
])
def test_bad_fair_play_arguments_say_which(kwargs, words):
    with pytest.raises(ValueError, match=words):
        play(players=["Ann", "Bob"], panels=False, **kwargs)
