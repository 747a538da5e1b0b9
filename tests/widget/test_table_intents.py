"""The board's brain without a browser: intents in, state and errors out."""
import json
import re

import pytest

from deepsea_widget.board_view import board_view
from deepsea_widget.rules import Game, PickUp, Roll, SaveError, Stay
from deepsea_widget.table import Table


def snapshot(table):
    return (table.game.to_json(), table.seq, table.mode, list(table.log))


@pytest.fixture
def table():
    return Table(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3)


def send(table, **msg):
    msg.setdefault("seq", table.seq)
    return table.handle(msg)


def test_seats_people_first_then_bots(table):
    assert table.game.players == ("Ann", "Bob", "Cy")
    assert table.bot_seats == {2: "cautious"}


def test_default_table_is_one_person_against_two_bots():
    t = Table(seed=1)
    assert len(t.game.players) == 3 and set(t.bot_seats) == {1, 2}


def test_a_legal_action_advances_the_state_number(table):
    assert send(table, type="action", seat=0, action={"type": "roll"})
    assert table.error == "" and table.seq == 1
    assert table.game.phase == "treasure"
    assert table.last_events[0]["type"] == "Rolled"


@pytest.mark.parametrize("msg, words", [
    ("not a dict", "malformed intent"),
    ({"type": "fly", "seq": 0}, "unknown type"),
    ({"type": "new_game", "seq": 0, "seed": 5}, "malformed new_game intent: unexpected field(s) 'seed'; it takes seq, type"),
    ({"type": "action", "seq": 0, "seat": 0, "action": {"type": "roll"}, "dice": [3, 3]},
     "malformed action intent: unexpected field(s) 'dice'"),
    ({"type": "undo", "seq": 0, "everything": True}, "malformed undo intent: unexpected field(s) 'everything'"),
    ({"type": "bot_step", "seq": 0, "auto": float("nan")}, "bot_step intent: 'auto' must be true or false, got nan"),
    ({"type": [], "seq": 0}, "'type' must be a string"),
    ({"type": {"a": 1}, "seq": 0}, "'type' must be a string"),
    ({"type": "action", "seat": 0, "action": {"type": "roll"}}, "missing 'seq'"),
    ({"type": "action", "seq": "0", "seat": 0, "action": {"type": "roll"}}, "'seq' must be"),
    ({"type": "action", "seq": 0, "seat": 0, "action": {"type": "teleport"}}, "unknown action type"),
    ({"type": "action", "seq": 0, "seat": 0, "action": {"type": "roll", "dice": [1, 4]}},
     "action intent: dice: must be two faces, each 1, 2 or 3, got [1, 4]"),
    ({"type": "action", "seq": 0, "seat": 0, "action": {"type": "roll", "evil": 1}},
     "action intent: evil: not a field of a roll action; it has type and dice"),
    ({"type": "action", "seq": 0, "seat": 9, "action": {"type": "roll"}}, "no seat 9"),
    ({"type": "action", "seq": 0, "seat": True, "action": {"type": "roll"}}, "'seat' must be"),
    ({"type": "action", "seq": 0, "seat": 10 ** 5000, "action": {"type": "roll"}},
     "action intent: 'seat' must be the seat that acts, got a number of 10 digits or more"),
    ({"type": "action", "seq": 10 ** 5000, "seat": 0, "action": {"type": "roll"}}, "got a number of 10 digits"),
    ({"type": "action", "seq": 0, "seat": 1, "action": {"type": "roll"}}, "it is Ann's turn"),
    ({"type": "action", "seq": 0, "seat": 2, "action": {"type": "roll"}}, "is a bot"),
    ({"type": "action", "seq": 0, "seat": 0, "action": {"type": "stay"}}, "must roll before"),
    ({"type": "action", "seq": 0, "seat": 0, "action": {"type": "turn_back"}}, "carrying nothing"),
    ({"type": "bot_step", "seq": 0}, "no bot is to move"),
    ({"type": "mode", "seq": 0, "mode": "chaos"}, "mode must be"),
    ({"type": "edit", "seq": 0, "edit": {"op": "set_air", "air": 9}}, "edit mode"),
    ({"type": "load", "seq": 0, "text": "{not json"}, "invalid JSON"),
    ({"type": "load", "seq": 0, "text": "[" * 100_000}, "nested too deeply"),
    # nested 400 deep (JSON from the front end can be): a RecursionError escaped, unrefused
    ({"type": "action", "seq": 0, "seat": 0, "action": {"type": "roll", "dice": json.loads("[" * 400 + "]" * 400)}},
     "malformed action intent: lists and objects nested more than 16 deep"),
    ({"type": "edit", "seq": 0, "edit": {"op": "set_air", "air": json.loads("[" * 400 + "]" * 400)}},
     "malformed edit intent: lists and objects nested more than 16 deep"),
    ({"type": "undo", "seq": 0}, "nothing to undo"),
])
def test_bad_intents_change_nothing_and_say_why(table, msg, words):
    before = snapshot(table)
    assert table.handle(msg) is False
    assert words in table.error
    assert snapshot(table) == before


def test_stale_and_replayed_intents_are_refused(table):
    msg = {"type": "action", "seq": 0, "seat": 0, "action": {"type": "roll"}}
    assert table.handle(dict(msg))
    before = snapshot(table)
    assert table.handle(dict(msg)) is False  # the same click delivered twice
    assert "stale intent" in table.error
    assert snapshot(table) == before
    assert table.handle({"type": "action", "seq": 99, "seat": 0, "action": {"type": "stay"}}) is False
    assert snapshot(table) == before


def test_bot_turns_are_whole_turns_and_explained(table):
    send(table, type="action", seat=0, action={"type": "roll"})
    send(table, type="action", seat=0, action={"type": "stay"})
    send(table, type="action", seat=1, action={"type": "roll"})
    send(table, type="action", seat=1, action={"type": "stay"})
    assert table.bot_to_move
    assert send(table, type="bot_step")
    assert table.game.current_player == 0
    assert any("(cautious bot)" in line for line in table.log[:6])


def test_undo_takes_back_the_last_persons_action_with_the_bots_replies(table):
    for seat in (0, 1):
        send(table, type="action", seat=seat, action={"type": "roll"})
        send(table, type="action", seat=seat, action={"type": "stay"})
    send(table, type="bot_step")
    history = len(table.game.history)
    assert send(table, type="undo")
    assert len(table.game.history) < history
    assert table.game.current_player == 1 and table.game.phase == "treasure"


def test_edit_mode_validates_each_edit_and_undo_reverts_it(table):
    send(table, type="action", seat=0, action={"type": "roll"})
    send(table, type="action", seat=0, action={"type": "pick_up"})
    assert send(table, type="mode", mode="edit")
    assert send(table, type="edit", edit={"op": "set_air", "air": 9})
    assert table.game.turn_start_air == 9
    before = snapshot(table)
    assert not send(table, type="edit", edit={"op": "set_air", "air": 26})
    assert "air" in table.error and snapshot(table) == before
    assert not send(table, type="edit", edit={"op": "move_diver", "seat": 0, "position": 0})
    assert "cannot wait in the submarine before diving" in table.error and snapshot(table) == before
    assert send(table, type="edit", edit={"op": "set_heading", "seat": 0, "returning": True})
    assert table.game.divers[0].returning
    assert send(table, type="undo")
    assert not table.game.divers[0].returning
    assert send(table, type="mode", mode="play")
    assert table.game.apply(Roll()) is not None


def test_save_and_load_round_trip_and_bad_files_are_refused(table, tmp_path):
    send(table, type="action", seat=0, action={"type": "roll"})
    text = table.to_json()
    copy = Table.from_json(text)
    assert copy.game.to_json() == table.game.to_json() and copy.bot_seats == table.bot_seats
    data = json.loads(text)
    data["bots"] = {"7": "cautious"}
    before = snapshot(table)
    assert not send(table, type="load", text=json.dumps(data))
    assert "not a seat" in table.error and snapshot(table) == before
    for bots, words in (({"²": "cautious"}, "not a seat"), ({"2": []}, "unknown bot"), ({"2": {}}, "unknown bot")):
        data["bots"] = bots
        assert not send(table, type="load", text=json.dumps(data))
        assert words in table.error and snapshot(table) == before
    data["bots"], data["version"] = {}, True
    assert not send(table, type="load", text=json.dumps(data))
    assert "version" in table.error and snapshot(table) == before
    assert send(table, type="load", text=text)
    assert table.game.to_json() == copy.game.to_json()


def test_names_are_data_not_markup():
    evil = "<img src=x onerror=alert(1)>"
    t = Table(players=[evil, "Bob"], seed=1)
    assert t.game.players[0] == evil
    assert evil in t.log[0]


def test_python_apply_matches_a_click(table):
    twin = Table(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3)
    table.apply(Roll())
    send(twin, type="action", seat=0, action={"type": "roll"})
    table.apply(Stay())
    send(twin, type="action", seat=0, action={"type": "stay"})
    assert table.game.to_json() == twin.game.to_json()


def test_the_board_cannot_choose_the_dice(table):
    before = snapshot(table)
    assert not send(table, type="action", seat=0, action={"type": "roll", "dice": [3, 3]})
    assert "cannot choose the dice" in table.error and snapshot(table) == before


@pytest.mark.parametrize("op, words", [
    ({"op": "set_air"}, "edit set_air: missing 'air'"),
    ({"op": "move_diver", "seat": 0}, "edit move_diver: missing 'position'"),
    ({"op": "move_diver", "seat": 0, "position": 3, "returning": "yes"}, "edit move_diver: 'returning' must be"),
    ({"op": "move_diver", "seat": 0, "position": 21, "heading": True}, "edit move_diver: unexpected field(s) 'heading'"),
    ({"op": "set_air", "air": 3, "extra_typo": 1}, "edit set_air: unexpected field(s) 'extra_typo'"),
    ({"op": "set_space", "space": 25}, "edit set_space: missing 'levels'"),
    ({"op": "set_space", "space": 33, "levels": None}, "space must be 1..32"),
    ({"op": ["set_air"], "air": 3}, "unknown op"),
    ({"op": "add_space", "n": 1}, "edit add_space: unexpected field(s) 'n'; it takes no fields but op"),
    ({"op": "take_item", "seat": 0, "index": 0},
     "edit take_item: Ann carries 0 items, so there is no item at index 0 (index counts from 0)"),
    ({"op": "move_diver", "seat": 0, "position": 33},
     "edit refused: Ann's position: must be 0 (the sub) or a trail space 1..32, got 33"),
    # an int too long for Python to print (over 4,300 digits) gave "Exceeds the limit ... for integer string
    # conversion", naming no field
    ({"op": "set_air", "air": 10 ** 5000}, "edit set_air: 'air' holds a number of 10 digits or more"),
    ({"op": "set_turn", "seat": -10 ** 5000}, "edit set_turn: 'seat' holds a number of 10 digits or more"),
    ({"op": "give_item", "seat": 0, "levels": [1, 10 ** 5000]}, "edit give_item: 'levels' holds a number of 10 digits"),
    ({"op": "set_space", "space": 3, "levels": [10 ** 9]}, "edit set_space: 'levels' holds a number of 10 digits"),
])
def test_edits_name_the_op_and_refuse_missing_or_unknown_fields(table, op, words):
    assert send(table, type="mode", mode="edit")
    before = snapshot(table)
    assert not send(table, type="edit", edit=op)
    assert words in table.error and snapshot(table) == before


def test_two_divers_on_one_space_are_named_once_each(table):
    assert send(table, type="mode", mode="edit")
    assert send(table, type="edit", edit={"op": "move_diver", "seat": 1, "position": 5})
    assert not send(table, type="edit", edit={"op": "move_diver", "seat": 2, "position": 5})
    assert table.error == "edit refused: Cy and Bob are both on space 5"
    # the board's banner says it without the op's name (Python's caller keeps it)
    assert board_view(table, odds=[None] * 3)["error"] == "Edit refused: Cy and Bob are both on space 5"


def test_the_board_shows_edit_refusals_without_op_names(table):
    assert send(table, type="mode", mode="edit")
    assert not send(table, type="edit", edit={"op": "add_space"})
    assert table.error == "edit add_space: the trail is full (at most 32 spaces)"
    assert board_view(table, odds=[None] * 3)["error"] == "Edit refused: the trail is full (at most 32 spaces)"
    assert not send(table, type="action", seat=0, action={"type": "roll"})  # not an edit: shown as it is
    assert board_view(table, odds=[None] * 3)["error"] == table.error == "the board is in edit mode: press 'Back to play' first"


def test_an_edit_keeps_who_starts_the_next_dive():
    game = Game.from_position(players=["Ann", "Bob", "Cy"], trail=[1] * 5 + [2] * 5, positions=[4, 0, 6],
                              returning=[False, True, False], air=20, turn=0, last_returned=1, seed=1)
    table = Table(game=game)
    assert send(table, type="mode", mode="edit")
    assert send(table, type="edit", edit={"op": "set_air", "air": 12})
    assert table.game.last_returned == 1  # Bob, back in the sub, still starts the next dive
    # Bob out on the trail again: he no longer does, and the edit is allowed
    assert send(table, type="edit", edit={"op": "move_diver", "seat": 1, "position": 8, "returning": True})
    assert table.game.last_returned is None


def test_new_game_load_and_set_up_can_be_undone(table):
    send(table, type="action", seat=0, action={"type": "roll"})
    played = table.game.to_json()
    assert send(table, type="new_game")
    assert not table.game.history and table.can_undo
    assert send(table, type="undo")
    assert table.game.to_json() == played and "before the new game" in table.log[0]

    other = Table(players=["Xi", "Yo"], seed=9)
    assert send(table, type="load", text=other.to_json())
    assert table.game.players == ("Xi", "Yo") and table.bot_seats == {}
    assert send(table, type="undo")
    assert table.game.to_json() == played and table.bot_seats == {2: "cautious"}

    assert send(table, type="mode", mode="edit")
    assert send(table, type="edit", edit={"op": "set_air", "air": 7})
    assert table.last_events
    assert send(table, type="undo")  # in edit mode: undo the edit, and its events go with it
    assert table.last_events == [] and table.game.turn_start_air != 7
    assert send(table, type="edit", edit={"op": "set_air", "air": 7})
    assert send(table, type="mode", mode="play")
    assert "Undo brings the game before the set-up back" in table.log[0]
    assert send(table, type="undo")
    assert table.game.to_json() == played
    assert table.log[0] == "Undo: back to the game before the set-up"
    assert not any(line.startswith("Edit") for line in table.log)  # the log as it was before edit mode


def test_many_new_games_never_drop_a_played_game_for_a_deal_nobody_played(table):
    # Undo keeps the last MAX_EARLIER replaced games; a 51st New game dropped the played one
    from deepsea_widget.table import MAX_EARLIER

    send(table, type="action", seat=0, action={"type": "roll"})
    played = table.game.to_json()
    for _ in range(MAX_EARLIER + 5):
        assert send(table, type="new_game")
    assert not any("no longer" in line for line in table.log)  # only unplayed deals were dropped
    while not table.game.history:  # back through the deals to the played game
        assert send(table, type="undo")
    assert table.game.to_json() == played


def test_when_undo_can_no_longer_bring_a_game_back_the_log_says_so():
    from deepsea_widget.table import MAX_EARLIER

    table = Table(players=["Ann", "Bob"], seed=1)
    for _ in range(MAX_EARLIER + 1):  # each game played one move, then replaced
        assert send(table, type="action", seat=table.game.current_player, action={"type": "roll"})
        assert send(table, type="new_game")
    assert "Undo keeps the last 50 replaced games: the oldest, replaced by the new game, can no longer " \
           "come back" in table.log[0]
    assert table.last_notes[-1] == table.log[0]
    # the game just replaced always comes back first, even a deal nobody played
    deal = table.game.to_json()
    assert send(table, type="new_game")
    assert "can no longer come back" in table.log[0]
    assert send(table, type="undo")
    assert table.game.to_json() == deal


def test_bad_table_arguments_are_value_errors():
    with pytest.raises(ValueError, match="players: must be a list of names"):
        Table(players="Ann")
    with pytest.raises(ValueError, match="bots: must be a dict"):
        Table(players=["Ann"], bots=["cautious"])
    with pytest.raises(ValueError, match="game: must be a Game"):
        Table(game=5)
    assert Table(players=3).game.players == ("Diver 1", "Diver 2", "Diver 3")


def test_undo_after_loading_takes_back_the_same_as_before_saving(table):
    assert send(table, type="action", seat=0, action={"type": "roll"})
    assert send(table, type="action", seat=0, action={"type": "stay"})
    assert send(table, type="action", seat=1, action={"type": "roll"})
    assert send(table, type="action", seat=1, action={"type": "stay"})  # then Cy, a bot, is to move
    assert send(table, type="bot_step")
    text = table.to_json()
    loaded = Table.from_json(text)
    assert send(table, type="undo") and send(loaded, type="undo")
    assert loaded.game.to_json() == table.game.to_json()  # back to before Bob's stay, Cy's turn with it
    for marks in ("x", [3, 1], [0, 99], [True]):
        data = json.loads(text)
        data["undo_marks"] = marks
        with pytest.raises(ValueError, match="undo_marks"):
            Table.from_json(json.dumps(data))


def test_a_refusal_message_goes_with_the_next_change_even_one_made_from_python(table):
    assert not send(table, type="action", seat=0, action={"type": "stay"})
    assert "roll" in table.error
    table.apply(Roll())  # from Python, as App.apply does
    assert table.error == ""
    assert not send(table, type="undo", seq=table.seq + 5)
    assert "stale intent" in table.error
    table.undo()
    assert table.error == ""


def test_only_moves_carry_events_to_show_again(table):
    """The board animates the events of each new state: a switch of mode, or an undo
    back to an earlier game, is not a move and must not replay the last one."""
    assert send(table, type="action", seat=0, action={"type": "roll"})
    assert table.last_events[0]["type"] == "Rolled"
    assert send(table, type="mode", mode="edit")
    assert table.last_events == []
    assert send(table, type="mode", mode="play")
    assert send(table, type="action", seat=0, action={"type": "stay"})
    assert table.last_events
    assert send(table, type="new_game") and send(table, type="undo")
    assert table.last_events == []


def test_undoing_an_edit_brings_back_the_whole_table_not_just_the_game(table):
    for _ in range(3):  # Ann and Bob act, the bot answers
        assert send(table, type="action", seat=table.game.current_player, action={"type": "roll"})
        assert send(table, type="action", seat=table.game.current_player, action={"type": "stay"})
        if table.bot_to_move:
            table.bot_step()
    marks, history = list(table._human_marks), table.game.history
    assert send(table, type="mode", mode="edit")
    log = list(table.log)
    assert send(table, type="edit", edit={"op": "set_air", "air": 9})
    assert send(table, type="undo")
    assert table._human_marks == marks
    assert table.log == ["Undid the last edit"] + log  # the edit's lines go with it
    assert send(table, type="mode", mode="play")
    assert table.game.history == history
    assert send(table, type="undo")  # the person's last action, with the bot's answer
    assert len(table.game.history) == marks[-1]


def test_undo_past_a_dive_end_takes_its_summary_away():
    t = Table(game=Game(players=["Ann", "Bo"], seed=2), bot_seats={0: "cautious", 1: "cautious"})
    while t.game.dive == 1:
        t.bot_step()
    assert t.summary is not None and t.summary["title"] == "Dive 1 is over"
    t.bot_step()
    assert t.summary["title"] == "Dive 1 is over"  # (a turn of dive 2 keeps it)
    t.undo()
    assert t.summary["title"] == "Dive 1 is over"  # undoing that turn too
    while t.game.dive == 2:
        t.undo()
    assert t.summary is None


def test_next_plays_one_turn_even_when_the_bot_is_alone_in_the_water():
    from deepsea_widget.rules import events as ev

    game = Game.from_position(players=["Ann", "Bo"], trail=[1] * 8 + [2] * 7 + [None], positions=[0, 12],
                              returning=[True, True], carried=[[], [2]], air=25, turn=1, dive=1, seed=3)
    t = Table(game=game, bot_seats={1: "cautious"})
    turns = 0
    while not t.game.is_over and t.game.dive == 1:
        events = t.bot_step()
        assert sum(isinstance(e, ev.Breathed) for e in events) <= 1, [str(e) for e in events]
        turns += 1
    assert turns > 1


def test_an_edit_that_would_end_the_game_at_once_is_refused():
    game = Game.from_position(players=["Ann", "Bo"], trail=[1, 2, None, 3, None, None], positions=[1, 2], dive=3,
                              seed=1)
    t = Table(game=game)
    assert send(t, type="mode", mode="edit")
    assert send(t, type="edit", edit={"op": "move_diver", "seat": 0, "position": 6})
    before = snapshot(t)
    assert not send(t, type="edit", edit={"op": "move_diver", "seat": 1, "position": 5})
    assert "would end at once" in t.error and snapshot(t) == before


def test_the_log_stays_capped_and_a_huge_bad_value_is_cut_in_the_message(table):
    from deepsea_widget.table import MAX_ERROR, MAX_LOG

    for _ in range(MAX_LOG):
        assert send(table, type="mode", mode="edit") and send(table, type="mode", mode="play")
    assert len(table.log) == MAX_LOG
    assert not table.handle({"type": "undo", "seq": "x" * 100_000})
    assert len(table.error) == MAX_ERROR and table.error.startswith("undo intent: 'seq' must be")


def test_unseeded_tables_do_not_share_hidden_values():
    """An edit draws the position's hidden values afresh: from the table's seed, fresh when unseeded."""
    def hidden_after_an_edit(seed):
        t = Table(players=["Ann", "Bo"], seed=seed)
        t.edit({"op": "set_air", "air": 20}, enter_edit_mode=True)
        return t.game.to_json()

    assert hidden_after_an_edit(None) != hidden_after_an_edit(None)
    assert hidden_after_an_edit(7) == hidden_after_an_edit(7)


def test_edits_count_the_chips_in_play_and_name_the_space_edited(table):
    """A real game has all 32 chips somewhere: a new chip needs one freed first, and the
    refusal names the space or diver edited, counted from 1 as on the board."""
    assert send(table, type="mode", mode="edit")
    before = snapshot(table)
    assert not send(table, type="edit", edit={"op": "set_space", "space": 1, "levels": [1, 2, 3]})
    assert table.error == ("edit set_space: space 1: all 8 level-2 chips are already in play (on the trail, "
                           "carried or banked); blank a space or take an item first") and snapshot(table) == before
    assert not send(table, type="edit", edit={"op": "give_item", "seat": 0, "levels": [1]})
    assert table.error.startswith("edit give_item: Ann's new item: all 8 level-1 chips are already in play")
    assert not send(table, type="edit", edit={"op": "set_space", "space": 3, "levels": [1, 1, 1, 1]})
    assert table.error == "edit refused: space 3: an item is a level 1..4 or a stack of 1..3 levels, got [1, 1, 1, 1]"
    assert snapshot(table) == before
    # the level-1 chip on space 1 goes back to the box, so space 2 may hold two level-1 chips
    assert send(table, type="edit", edit={"op": "set_space", "space": 1, "levels": None})
    assert send(table, type="edit", edit={"op": "set_space", "space": 2, "levels": [1, 1]})


def test_the_diver_to_play_cannot_be_put_back_in_the_sub_and_the_refusal_says_so(table):
    assert send(table, type="mode", mode="edit")
    assert send(table, type="edit", edit={"op": "move_diver", "seat": 0, "position": 4})
    assert not send(table, type="edit", edit={"op": "move_diver", "seat": 0, "position": 0, "returning": True})
    assert table.error == ("edit refused: Ann is the diver to play, so cannot be back in the submarine: "
                           "give another diver the turn first (Whose turn)")
    # the other way round: the turn given to a diver back in the sub (it pointed at Whose turn itself)
    assert send(table, type="edit", edit={"op": "move_diver", "seat": 1, "position": 0, "returning": True})
    assert not send(table, type="edit", edit={"op": "set_turn", "seat": 1})
    assert table.error == ("edit refused: Bob is back in the submarine this dive, so cannot take the turn: "
                           "choose a diver still in the water")


def test_add_and_remove_a_space_at_the_far_end(table):
    assert send(table, type="mode", mode="edit")
    assert len(table.game.trail) == 32
    assert not send(table, type="edit", edit={"op": "add_space"})
    assert table.error == "edit add_space: the trail is full (at most 32 spaces)"
    assert send(table, type="edit", edit={"op": "remove_space"})
    assert len(table.game.trail) == 31
    # every chip is still in play (the removed one is in the box now): the new space holds it
    assert send(table, type="edit", edit={"op": "add_space"})
    assert [s.levels for s in table.game.trail[-1:]] == [(4,)]
    assert send(table, type="edit", edit={"op": "remove_space"})
    assert send(table, type="edit", edit={"op": "set_space", "space": 1, "levels": None})
    assert send(table, type="edit", edit={"op": "add_space"})  # the lowest level free: level 1
    assert table.game.trail[-1].levels == (1,)
    assert send(table, type="edit", edit={"op": "move_diver", "seat": 1, "position": 32})
    before = snapshot(table)
    assert not send(table, type="edit", edit={"op": "remove_space"})
    assert table.error == "edit remove_space: Bob stands on space 32; move the diver first"
    assert snapshot(table) == before
    assert not send(table, type="edit", edit={"op": "add_space", "levels": [1]})
    assert "unexpected field(s) 'levels'" in table.error


def test_add_a_space_in_a_later_dive_holds_a_blank_when_every_chip_is_in_play():
    table = Table(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3)
    for _ in range(500):  # people pick up what they can (so the air runs out) and roll on; bots answer
        if table.game.dive != 1:
            break
        legal = table.game.legal_actions()
        table.apply(next((a for a in legal if isinstance(a, PickUp)), legal[0]))
    assert table.game.dive == 2
    length = len(table.game.trail)
    assert send(table, type="mode", mode="edit")
    assert send(table, type="edit", edit={"op": "add_space"})
    assert len(table.game.trail) == length + 1 and table.game.trail[-1] is None


def test_a_carrying_diver_put_in_the_sub_before_diving_is_told_what_to_do(table):
    assert send(table, type="mode", mode="edit")
    for op in ({"op": "set_space", "space": 1, "levels": None}, {"op": "move_diver", "seat": 0, "position": 3},
               {"op": "give_item", "seat": 0, "levels": [1]}, {"op": "set_turn", "seat": 1}):
        assert send(table, type="edit", edit=op), table.error
    before = snapshot(table)
    assert not send(table, type="edit", edit={"op": "move_diver", "seat": 0, "position": 0})
    assert table.error == ("edit refused: Ann carries items, so cannot wait in the submarine before diving: "
                           "choose Heading back first (a diver back in the sub banks what it carries)")
    assert snapshot(table) == before
    assert send(table, type="edit", edit={"op": "move_diver", "seat": 0, "position": 0, "returning": True})
    assert table.game.divers[0].back


@pytest.mark.parametrize("kwargs, words", [
    (dict(bot_seats={9: "cautious"}), "bot_seats: 9 is not a seat of this game"),
    (dict(bot_seats={"0": "cautious"}), "bot_seats: '0' is not a seat"),
    (dict(bot_seats={True: "cautious"}), "bot_seats: True is not a seat"),
    (dict(bot_seats={0: "grumpy"}), "bot_seats[0]: unknown bot 'grumpy'"),
    (dict(bot_seats=[0]), "bot_seats: must be a dict of seat to bot name"),
    (dict(players=["Ann", "Bob"]), "the game given already has its players"),
    (dict(bots={"Cy": "cautious"}), "the game given already has its players"),
])
def test_a_table_for_a_given_game_checks_its_bot_seats(kwargs, words):
    """Every table that can be built can be saved and loaded back as the same table."""
    with pytest.raises(ValueError, match=re.escape(words)):
        Table(game=Game(players=2, seed=1), **kwargs)


def test_bot_seats_without_a_game_are_refused_not_ignored():
    with pytest.raises(ValueError, match="bot_seats: goes with game="):
        Table(players=["Ann"], bot_seats={1: "cautious"})


def test_a_table_with_bots_saves_and_loads_as_the_same_table():
    t = Table(game=Game(players=3, seed=1), bot_seats={0: "cautious", 2: "odds"})
    back = Table.from_json(t.to_json())
    assert back.bot_seats == {0: "cautious", 2: "odds"} and back.to_json() == t.to_json()


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("game"), "game: must be an object (the saved game), got nothing"),
    (lambda d: d.update(game=[1]), "game: must be an object (the saved game), got a list"),
    (lambda d: d.update(comment="mine"), "comment: not part of a table save (a table save holds bots, format, "
                                         "game, undo_marks, version)"),
    (lambda d: d.update(undo_marks=[0, 0]), "undo_marks[1]: must be more than the mark before it (0)"),
    (lambda d: d.update(undo_marks=[0, 9]), "undo_marks[1]: must be a move number 0..2 within the game's history, got 9"),
    (lambda d: d.update(undo_marks="0"), "undo_marks: must be a list of move numbers, got '0'"),
    (lambda d: d.update(bots={"01": "cautious"}), 'bots["01"]: not a seat of this game (seats are "0".."1")'),
    (lambda d: d.update(bots={"2": "cautious"}), 'bots["2"]: not a seat of this game (seats are "0".."1")'),
    (lambda d: d.update(bots={"1": "genius"}), 'bots["1"]: unknown bot \'genius\'; known bots: '),
    (lambda d: d.update(bots=[]), "bots: must be an object of seat to bot name"),
    (lambda d: d.update(version=2), "version: unknown table save version 2 (this build reads 1)"),
    (lambda d: d.update(format="table"), "format: not a saved game: must be 'deepsea_widget.table' (App.save, "
                                         "Table.to_json) or 'deepsea_widget.game' (Game.to_json), got 'table'"),
    (lambda d: d["game"]["start"].update(air=-5), "game.start.air: must be 1..25 before a turn starts, got -5"),
    (lambda d: d["game"]["history"][1].update(dice=[1, 2]), "game.history[1].dice: not a field of a stay action"),
    (lambda d: d["game"]["state"].update(air=3), "game.state.air: the save says 3, but replaying the 3 actions"),
])
def test_a_changed_table_save_is_refused_by_name(change, words):
    t = Table(players=["Ann", "Bob"], seed=4)
    t.apply(Roll())
    t.apply(Stay())
    t.apply(Roll())
    data = json.loads(t.to_json())
    assert data["undo_marks"] == [0, 1, 2]
    change(data)
    with pytest.raises(SaveError, match="^" + re.escape(words)):
        Table.from_json(json.dumps(data))


def test_each_change_carries_the_tables_own_notes_for_the_board_to_read_out(table):
    """A move has events and no notes; an undo, a mode switch and every edit have their note,
    also when an edit's note is the same text as the last one."""

    send(table, type="action", seat=0, action={"type": "roll"})
    assert table.last_notes == [] and table.last_events
    send(table, type="undo")
    assert table.last_notes == ["Undo: took back 1 action; Ann to play"]
    send(table, type="mode", mode="edit")
    assert table.last_notes == ["Edit mode: set up a what-if position"]
    for _ in range(2):
        send(table, type="edit", edit={"op": "set_air", "air": 12})
        assert table.last_notes == ["Edit: air 12"]
    assert board_view(table, odds=[None] * len(table.game.players))["notes"] == ["Edit: air 12"]
    table.refuse("a refusal changes nothing")
    assert table.last_notes == ["Edit: air 12"]
    send(table, type="mode", mode="play")
    assert table.last_notes[0].startswith("Back to play")


def test_undo_takes_the_undone_actions_lines_out_of_the_log():
    """The log must not tell of moves that no longer happened (an audit saw the bots' undone
    replies listed right under the undo note)."""
    t = Table(players=["Ann"], bots={"Cy": "cautious", "Ray": "random"}, seed=5)
    t.apply(Roll())
    t.apply(Stay())
    while t.bot_to_move:
        t.bot_step()
    before = t.log_turns()  # newest first: Ann's turn so far (her breath), then the bots' turns
    assert len(before[0]) == 1 and before[0][0].startswith("Ann ")
    t.apply(Roll())
    t.apply(Stay())
    while t.bot_to_move:
        t.bot_step()
    assert len(t.log) > len(before) + 4
    t.undo()  # Ann's Stay and the bots' replies
    note, ann, *rest = t.log_turns()
    assert len(note) == 1 and re.fullmatch(r"Undo: took back \d+ actions; Ann to play", note[0])
    # Ann's turn: her breath, then her roll, kept, in the order they happened
    assert ann[:1] == before[0] and len(ann) > 1 and all(line.startswith("Ann ") for line in ann)
    assert "rolls" in ann[1] and rest == before[1:]
    t.undo()  # Ann's Roll: the first undo's own line goes with the lines it kept
    assert t.log_turns() == [["Undo: took back 1 action; Ann to play"]] + before
    # the game is where the log says: the same roll again writes the same lines as before
    t.apply(Roll())
    again = list(t.log)
    t.undo()
    t.apply(Roll())
    assert [line for line in t.log if not line.startswith("Undo: ")] == [
        line for line in again if not line.startswith("Undo: ")]


def test_edits_are_logged_in_the_boards_words():
    t = Table(players=["Ann", "Bob"], seed=2)
    t.set_mode("edit")
    level = t.game.trail[1].levels[0]  # what lies on space 2
    ops = [dict(op="move_diver", seat=1, position=3), dict(op="move_diver", seat=0, position=6, returning=True),
           dict(op="set_heading", seat=0, returning=False), dict(op="set_turn", seat=1),
           dict(op="set_air", air=9), dict(op="set_space", space=2, levels=None),
           dict(op="give_item", seat=0, levels=[level]), dict(op="take_item", seat=0, index=0),
           dict(op="set_space", space=2, levels=[level]), dict(op="remove_space"), dict(op="add_space"),
           dict(op="set_turn", seat=0), dict(op="move_diver", seat=1, position=0, returning=True),
           dict(op="move_diver", seat=1, position=0, returning=False)]
    lines = []
    for op in ops:
        t.edit(op)
        lines.append(t.log[0])
    assert lines == [
        "Edit: Bob to space 3",
        "Edit: Ann to space 6, heading back",
        "Edit: Ann heading deeper",
        "Edit: Bob to play",
        "Edit: air 9",
        "Edit: space 2 left blank",
        f"Edit: Ann gets a level-{level} chip",
        "Edit: Ann's item 1 put back in the box",
        f"Edit: space 2 holds a level-{level} chip",
        "Edit: the last space removed",
        "Edit: a space added at the far end",
        "Edit: Ann to play",
        "Edit: Bob back in the sub",
        "Edit: Bob in the sub, not dived yet",
    ]


def test_a_bot_turn_gives_each_reason_once():
    t = Table(players=["Ann"], bots={"Ray": "random"}, seed=1)
    t.apply(Roll())
    t.apply(Stay())
    t.bot_step()
    line = next(line for line in t.log if line.startswith("Ray (random bot): "))
    reasons = line.removeprefix("Ray (random bot): ").split("; ")
    assert reasons and len(reasons) == len(set(reasons))


def test_an_undo_of_a_bots_turn_takes_back_the_whole_turn_and_its_lines():
    """With no person's action to go back to (a table of bots, or a bot set to play), an undo
    takes back the bot's last turn: the game and the log agree."""
    t = Table(players=[], bots={"Ada": "cautious", "Bo": "cautious"}, seed=6)
    t.bot_step()
    after_first, log_first, turns_first = t.game.to_json(), list(t.log), t.log_turns()
    t.bot_step()
    assert len(t.game.history) >= 2
    t.undo()
    assert t.game.to_json() == after_first
    assert t.log[1:] == log_first and re.fullmatch(r"Undo: took back \d+ actions?; Bo to play", t.log[0])
    t.undo()
    # the game's start is all that is left of the first turn: Ada's breath (then the undo's note)
    assert t.game.history == () and t.log_turns()[1:] == [turns_first[-1][:1]]
    assert not any(line.startswith("Ada (cautious bot)") for line in t.log)


def test_the_boards_load_keeps_the_saves_undo_marks():
    """Loaded on the board (a load message), a save's undo marks were dropped: one Undo took back
    a single bot action, and the next save lost the marks for good."""
    t = Table(players=["Ann"], bots={"Cy": "cautious", "Di": "cautious"}, seed=5)
    for _ in range(3):  # Ann rolls (and stays), then the bots play their turns
        t.apply(Roll())
        if t.game.phase == "treasure":
            t.apply(Stay())
        while t.bot_to_move:
            t.bot_step()
    saved = t.to_json()
    marks = json.loads(saved)["undo_marks"]
    assert len(marks) == 6  # each roll and each stay of Ann's
    other = Table(players=["Bo", "Ed"], seed=9)
    send(other, type="load", text=saved)
    assert json.loads(other.to_json())["undo_marks"] == marks
    send(other, type="undo")
    assert len(other.game.history) == marks[-1]  # her last action (a stay) and the bots' replies taken back
    assert other.game.current_player == 0 and not other.bot_to_move


def test_an_undo_after_a_load_keeps_the_loads_own_lines():
    t = Table(players=["Ann", "Bob"], seed=4)
    t.apply(Roll())
    t.apply(Stay())
    t.apply(Roll())
    saved = t.to_json()
    loaded = Table.from_json(saved)
    assert loaded.log == t.log  # the loaded game's history, as it was written when it was played
    loaded.undo()
    t.undo()
    assert loaded.log[1:] == t.log[1:]  # the undone roll's lines go, the rest stays
    other = Table(players=["Ann", "Bob"], seed=9)
    other.load_json(saved)
    assert other.log[0].startswith("Loaded a saved game")
    other.undo()
    assert other.log[1].startswith("Loaded a saved game")


@pytest.mark.parametrize("players, bots, words", [
    (["Ann"], {1: "cautious"}, r"^bots: 1 is not a valid bot name \(the keys of bots are the bots' names\): "
                               r"a name must be a non-empty string, got 1$"),
    (["Ann"], {"": "cautious"}, r"^bots: '' is not a valid bot name .*: a name must be a non-empty string"),
    (["Ann"], {"x" * 41: "cautious"}, r"^bots: 'x+' is not a valid bot name .*: a name may have at most 40"),
    (["Ann"], {"Cy\n": "cautious"}, r"^bots: 'Cy\\n' is not a valid bot name .*: a name may not hold control"),
    (["Ann", "Cy"], {"Cy": "cautious"}, r"^bots: 'Cy' is not a valid bot name .*: players\[1\] is 'Cy' "
                                        r"already; every diver needs a name of its own$"),
    (["Ann", ""], {"Cy": "cautious"}, r"^players\[1\]: a name must be a non-empty string, got ''$"),
])
def test_a_bad_bot_name_is_blamed_on_bots_not_players(players, bots, words):
    with pytest.raises(ValueError, match=words):
        Table(players=players, bots=bots, seed=1)


@pytest.mark.parametrize("players, bots, words", [
    (["A", "B", "C", "D", "E"], {"X": "cautious", "Y": "odds"}, "got 5 people and 2 bots (7 divers)"),
    (["Ann"], None, "got 1 person and no bots (1 diver)"),
    (None, {"Cy": "cautious"}, "got no people and 1 bot (1 diver)"),
    ([], {}, "got no people and no bots (0 divers)"),
    (4, {"X": "cautious", "Y": "odds", "Z": "random"}, "got 4 people and 3 bots (7 divers)"),
    (["A", "B", "C", "D", "E", "F", "G"], None, "got 7 people and no bots (7 divers)"),
])
def test_a_wrong_count_of_divers_counts_people_and_bots(players, bots, words):
    with pytest.raises(ValueError) as err:
        Table(players=players, bots=bots, seed=1)
    assert str(err.value) == f"players, bots: the game is for 2 to 6 divers, {words}"


@pytest.mark.parametrize("players", [7, -1, 10 ** 6])
def test_a_number_of_people_out_of_range_says_the_range(players):
    """It said "must be a list of names (or a number of people), got 7": 7 is a number."""
    with pytest.raises(ValueError, match=rf"^players: a number of people must be 0 to 6 \(the game is for 2 to 6 "
                                         rf"divers, people and bots\), got {players}$"):
        Table(players=players, seed=1)


def test_the_board_is_told_why_add_or_remove_a_space_would_be_refused():
    # Python tries each on a copy, so the board offers exactly what it would accept (the front
    # end's own copy of the rules missed this one: in dive 3, nobody left who could move)
    stuck = Table(game=Game.from_position(players=["Ann", "Bob"], trail=[None, None, 1], positions=[1, 2],
                                          returning=[False, False], dive=3, turn=0, seed=1))
    assert board_view(stuck)["edit_refusals"] is None  # (play mode: no edit controls)
    stuck.set_mode("edit")
    before = snapshot(stuck)
    refusals = board_view(stuck)["edit_refusals"]
    assert refusals["add_space"] is None
    assert refusals["remove_space"] == ("In this position nobody still out can move, so the last dive, "
                                        "and the game, would end at once")
    assert snapshot(stuck) == before  # asking changed nothing
    assert not send(stuck, type="edit", edit={"op": "remove_space"})  # and Python does refuse it
    full = Table(players=["Ann", "Bob"], bots={}, seed=1)
    full.set_mode("edit")
    full.edit({"op": "move_diver", "seat": 1, "position": 32})
    assert board_view(full)["edit_refusals"] == {"add_space": "The trail is full (at most 32 spaces)",
                                                 "remove_space": "Bob stands on space 32; move the diver first"}


def test_an_edit_from_python_holding_itself_is_refused_not_looped_on_for_ever():
    # (an edit from a script, not the board: the intents' own nesting check does not see it)
    levels = []
    levels.append(levels)
    table = Table(players=["Ann", "Bob"], seed=1)
    assert "nested more than 50 deep" in table.edit_refusal({"op": "give_item", "seat": 0, "levels": levels})
