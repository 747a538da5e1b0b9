"""Intents injected through the widget's own message handler (no browser)."""
import json

import pytest

from deepsea_widget.table import Table
from deepsea_widget.widget import Board


def board():
    return Board(table=Table(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=5))


def test_an_intent_through_the_message_handler_updates_the_view():
    b = board()
    b._handle_custom_msg({"type": "action", "seq": 0, "seat": 0, "action": {"type": "roll"}}, [])
    assert b.view["seq"] == 1 and b.view["error"] == "" and b.view["phase"] == "treasure"
    assert b.view["events"][0]["type"] == "Rolled"


def test_a_forged_intent_shows_a_specific_error_and_changes_nothing():
    b = board()
    before = b.game.to_json()
    b._handle_custom_msg({"type": "action", "seq": 0, "seat": 2, "action": {"type": "roll"}}, [])
    assert "is a bot" in b.view["error"]
    assert b.game.to_json() == before


def test_a_forged_view_from_the_front_end_is_ignored():
    b = board()
    before = dict(b.view)
    b.set_state({"view": {"air": 99}})
    assert b.view == before


def test_a_stale_auto_play_step_from_a_second_view_is_dropped_quietly():
    b = board()
    for seat in (0, 1):
        b._handle_custom_msg({"type": "action", "seq": b.view["seq"], "seat": seat, "action": {"type": "roll"}}, [])
        b._handle_custom_msg({"type": "action", "seq": b.view["seq"], "seat": seat, "action": {"type": "stay"}}, [])
    seq = b.view["seq"]
    b._handle_custom_msg({"type": "bot_step", "seq": seq, "auto": True}, [])
    b._handle_custom_msg({"type": "bot_step", "seq": seq, "auto": True}, [])  # the second view's copy
    assert b.view["error"] == "" and b.view["seq"] == seq + 1


@pytest.mark.parametrize("seq", [None, "2", 2.0, True])
def test_an_auto_play_step_without_a_state_number_is_refused_not_dropped(seq):
    # (a stale step from a second view is dropped quietly; one that quotes no state number
    # is malformed: it was dropped quietly too, so the board waited for nothing)
    b = board()
    for seat in (0, 1):
        b._handle_custom_msg({"type": "action", "seq": b.view["seq"], "seat": seat, "action": {"type": "roll"}}, [])
        b._handle_custom_msg({"type": "action", "seq": b.view["seq"], "seat": seat, "action": {"type": "stay"}}, [])
    before, refusals = b.game.to_json(), b.view["refusals"]
    msg = {"type": "bot_step", "auto": True}
    if seq is not None:
        msg["seq"] = seq
    b._handle_custom_msg(msg, [])
    assert "'seq'" in b.view["error"] and b.view["refusals"] == refusals + 1
    assert b.game.to_json() == before


LONE = "\ud800"  # a lone surrogate: JSON.stringify sends it (as \ud800), Python's json reads it


def save_with_a_lone_surrogate_key() -> str:
    data = json.loads(Table(players=["Ann", "Bob"], seed=5).to_json())
    data["game"]["start"][LONE] = 1
    return json.dumps(data)


@pytest.mark.parametrize("msg", [
    lambda: {"type": "action", "seq": 0, "seat": 0, "action": {"type": "roll", LONE: 1}},
    lambda: {"type": "load", "seq": 0, "text": save_with_a_lone_surrogate_key()},
], ids=["action", "load"])
def test_a_refusal_quoting_a_lone_surrogate_can_still_be_sent(msg):
    # the refusal quoted the key raw, and the kernel's serializer then refused the whole
    # view ("surrogates not allowed"), so the board never heard why
    from jupyter_client.session import json_packer

    b = board()
    b._handle_custom_msg(json.loads(json.dumps(msg())), [])
    assert '["\\ud800"]: not a field of a roll action' in b.view["error"] or \
        'game.start["\\ud800"]: not part of a start position' in b.view["error"]
    json_packer({"state": {"view": b.view}})


def test_export_answers_with_the_saved_game(monkeypatch):
    b = board()
    sent = []
    monkeypatch.setattr(b, "send", lambda content, buffers=None: sent.append(content))
    b._handle_custom_msg({"type": "export"}, [])
    assert sent and sent[0]["type"] == "export"
    assert json.loads(sent[0]["text"])["format"] == "deepsea_widget.table"


def test_the_view_is_small_and_json():
    b = board()
    assert len(json.dumps(b.view)) < 20_000


def test_the_same_refusal_twice_still_changes_the_view():
    b = board()
    seen = []
    b.observe(lambda change: seen.append(change["new"]["refusals"]), names="view")
    forged = {"type": "action", "seq": 0, "seat": 2, "action": {"type": "roll"}}
    b._handle_custom_msg(dict(forged), [])
    b._handle_custom_msg(dict(forged), [])
    assert seen[-2:] == [1, 2] or seen[-1] == 2
    assert "is a bot" in b.view["error"]


def test_painted_reports_of_the_current_state_reach_the_listeners():
    b = board()
    heard = []
    b.on_painted(lambda: heard.append(b.table.seq))
    b._handle_custom_msg({"type": "action", "seq": 0, "seat": 0, "action": {"type": "roll"}}, [])
    b._handle_custom_msg({"type": "painted", "seq": 0}, [])  # the frame of the state before: ignored
    assert heard == []
    b._handle_custom_msg({"type": "painted", "seq": 1}, [])
    assert heard == [1] and b.view["error"] == "" and b.paint_reports == 1


@pytest.mark.parametrize("msg, words", [
    ({"type": "painted"}, "malformed 'painted' message from the board: missing 'seq'"),
    ({"type": "painted", "seq": "1"}, "malformed 'painted' message from the board: 'seq' must be a whole number, got '1'"),
    ({"type": "painted", "seq": True}, "'seq' must be a whole number, got True"),
    ({"type": "painted", "seq": 0, "extra": 1}, "malformed 'painted' message from the board: unexpected field(s) 'extra'"),
    ({"type": "export", "seq": 0}, "malformed 'export' message from the board: unexpected field(s) 'seq' "
                                   "(expected {\"type\": \"export\"})"),
    ({"type": ["painted"], "seq": 0}, "'type' must be a string"),
])
def test_a_malformed_board_message_is_refused_by_name_and_changes_nothing(msg, words):
    b = board()
    heard = []
    b.on_painted(lambda: heard.append(1))
    before = b.game.to_json()
    b._handle_custom_msg(msg, [])
    assert words in b.view["error"]
    assert heard == [] and b.game.to_json() == before and b.view["seq"] == 0


def test_loading_a_what_if_beyond_space_1000_shows_it_with_estimated_odds():
    from deepsea_widget import Game

    far = Game.from_position(players=2, trail=[None] * 1004 + [1], positions=[1003, 1001],
                             returning=[True, True], carried=[[1], [1]], seed=1)
    b = Board(table=Table(players=["Ann", "Bob"], seed=1))
    changes = []
    b.on_change(lambda: changes.append(1))
    b._on_msg(b, {"type": "load", "seq": b.table.seq, "text": far.to_json()}, [])
    assert b.view["error"] == "" and b.view["divers"][0]["position"] == 1003 and changes == [1]
    assert [x["method"] for x in b.view["badges"]] == ["estimate", "estimate"]
