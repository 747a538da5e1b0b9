"""The board's log reads in time order within a turn: turns newest first, each turn's lines in
the order they happened; a table's note is a turn of its own."""
from __future__ import annotations

import re

from deepsea_widget.board_view import LOG_LINES, board_view
from deepsea_widget.rules import PickUp, Roll, Stay
from deepsea_widget.table import MAX_LOG, Table


def test_a_turn_reads_breath_roll_move_pick_up_and_the_newest_turn_is_on_top():
    t = Table(players=["Ann", "Bob"], seed=3)
    t.apply(Roll(dice=(2, 1)))
    t.apply(PickUp())
    turns = board_view(t, odds=[None, None])["log"]
    assert turns == t.log_turns()
    bob, ann = turns  # Bob's turn has begun (his breath); Ann's is over
    assert ann == ["Ann carries nothing: air stays 25", "Ann rolls 2+1 = 3: moves 3",
                   "Ann moves from the submarine to space 3", "Ann picks up a level-1 chip on space 3"]
    assert bob == ["Bob carries nothing: air stays 25"]
    t.apply(Roll(dice=(1, 1)))
    assert t.log_turns()[0] == ["Bob carries nothing: air stays 25", "Bob rolls 1+1 = 2: moves 2",
                                "Bob moves from the submarine to space 2"]
    assert t.log_turns()[1] == ann
    assert t.log == [*t.log_turns()[0], *ann]  # the flat log: the same order


def test_a_bots_reasons_come_after_its_breath_and_before_what_it_did():
    t = Table(players=["Ann"], bots={"Cy": "cautious"}, seed=5)
    t.apply(Roll())
    t.apply(Stay())
    t.bot_step()
    cy = next(turn for turn in t.log_turns() if turn[0].startswith("Cy breathes") or turn[0].startswith("Cy carries"))
    assert cy[1].startswith("Cy (cautious bot): ") and "rolls" in cy[2] and "moves" in cy[3]


def test_a_note_is_a_turn_of_its_own_and_the_turn_it_came_in_stays_together():
    t = Table(players=["Ann", "Bob"], seed=3)
    t.apply(Roll(dice=(2, 1)))
    t.apply(PickUp())
    t.apply(Roll(dice=(1, 1)))  # Bob's roll
    t.undo()
    note, bob, ann = t.log_turns()
    assert note == ["Undo: took back 1 action; Bob to play"] and bob == ["Bob carries nothing: air stays 25"]
    assert ann[0] == "Ann carries nothing: air stays 25" and len(ann) == 4
    t.apply(Roll(dice=(3, 3)))  # Bob's turn goes on: its lines together, above the note
    bob, note2, ann2 = t.log_turns()
    assert bob[0] == "Bob carries nothing: air stays 25" and bob[1] == "Bob rolls 3+3 = 6: moves 6"
    assert (note2, ann2) == (note, ann)


def test_the_end_of_a_dive_is_a_turn_of_its_own():
    t = Table(players=[], bots={"Ada": "cautious", "Bo": "random"}, seed=2)
    while t.game.dive == 1:
        t.bot_step()
    turns = t.log_turns()
    end = next(turn for turn in turns if any(line.startswith("Dive 1 is over") for line in turn))
    assert re.match(r"(Ada|Bo) (banks|is back|is stranded)", end[0]) and end[-1].startswith("Dive 2 starts with")
    newer = turns[:turns.index(end)]  # the new dive's first turn: a breath at full air
    assert newer and re.match(r"(Ada|Bo) (breathes|carries).*25", newer[-1][0])


def test_the_view_sends_whole_turns_up_to_its_lines_and_the_table_keeps_the_newest_lines():
    t = Table(players=[], bots={"Ada": "cautious", "Bo": "random"}, seed=2)
    while not t.game.is_over:
        t.bot_step()
    turns = board_view(t, odds=[None, None])["log"]
    assert turns == t.log_turns(LOG_LINES) and turns == t.log_turns()[:len(turns)]
    assert sum(map(len, turns)) <= LOG_LINES < sum(map(len, t.log_turns()[:len(turns) + 1]))
    assert len(t.log) <= MAX_LOG and turns[0][-1].startswith("Game over: ")  # the game's end: the newest turn
