"""Which roll the board's dice show: the dive's last roll, kept by Python (not by each
view), so that every view of one board shows the same dice, also one displayed later."""
from deepsea_widget.board_view import board_view
from deepsea_widget.rules import PickUp, Roll, Stay, TurnBack
from deepsea_widget.table import Table


def people(seed=3, n=2):
    return Table(players=["Ann", "Bob", "Cy"][:n], bots={}, seed=seed)


def rolled(table) -> dict:
    e = next(e for e in table.last_events if e["type"] == "Rolled")
    return {"name": e["name"], "dice": e["dice"], "move": e["move"]}


def test_no_roll_before_the_first_and_the_last_roll_after_it():
    table = people()
    assert table.last_roll is None and board_view(table)["last_roll"] is None
    table.apply(Roll())
    first = rolled(table)
    assert table.last_roll == first and board_view(table)["last_roll"] == first
    assert first["name"] == "Ann" and len(first["dice"]) == 2 and all(1 <= d <= 3 for d in first["dice"])


def test_an_action_without_a_roll_keeps_the_last_roll():
    # the bug this fixes: after a Stay, a view displayed later showed "No roll yet"
    table = people()
    table.apply(Roll())
    first = rolled(table)
    table.apply(Stay())
    assert not any(e["type"] == "Rolled" for e in table.last_events)
    assert board_view(table)["last_roll"] == first
    table.apply(Roll())
    assert table.last_roll == rolled(table) and table.last_roll["name"] == "Bob"


def test_undo_brings_back_the_roll_before_the_undone_one():
    table = people()
    table.apply(Roll())
    first = rolled(table)
    table.apply(Stay())
    table.apply(Roll())
    assert table.last_roll["name"] == "Bob"
    table.undo()  # Bob's roll
    assert table.last_roll == first
    table.undo()  # Ann's stay: her roll stays shown
    assert table.last_roll == first
    table.undo()  # Ann's roll
    assert table.last_roll is None


def test_a_new_game_a_load_and_an_edit_clear_the_dice_and_undo_brings_them_back():
    table = people()
    table.apply(Roll())
    first = rolled(table)
    saved = table.to_json()
    table.new_game(seed=9)
    assert table.last_roll is None
    table.undo()  # back to the game the new game replaced
    assert table.last_roll == first
    table.load_json(saved)
    assert table.last_roll == first  # the loaded game's last roll, as its log shows it
    table.undo()  # the loaded game's roll
    assert table.last_roll is None
    table.undo()  # back to the game the load replaced
    assert table.last_roll == first
    table.apply(Stay())
    table.edit({"op": "set_air", "air": 20}, enter_edit_mode=True)
    assert table.last_roll is None
    table.undo()  # the edit
    assert table.last_roll == first


def test_a_new_dive_starts_with_blank_dice():
    table = people(seed=5)
    # both divers pick up one item and turn back as soon as they may: the dive ends when the
    # last gets back or the air runs out
    dive = table.game.dive
    for _ in range(200):
        if table.game.dive != dive:
            break
        if table.game.phase == "roll":
            legal = {a["type"] for a in table.game.public_view()["legal"]}
            table.apply(TurnBack() if "turn_back" in legal else Roll())
        else:
            carrying = table.game.public_view()["divers"][table.game.current_player]["carried"]
            table.apply(Stay() if carrying else PickUp())
    events = [e["type"] for e in table.last_events]
    assert "DiveStarted" in events
    after = events[events.index("DiveStarted"):]
    assert ("Rolled" in after) == (table.last_roll is not None)
    assert table.last_roll is None  # the new dive's first diver has not rolled yet
    table.apply(Roll())
    assert table.last_roll == rolled(table)
    table.undo()
    assert table.last_roll is None  # the roll of the dive before is not brought back
