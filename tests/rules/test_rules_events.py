"""The plain-language log: every event's str() and its to_dict() for the front end."""
from __future__ import annotations

import json

from rules_helpers import make, play, roll, texts

from deepsea_widget.rules import Drop, PickUp, Stay, TurnBack
from deepsea_widget.rules import events as ev


def test_breath_texts():
    assert str(ev.Breathed(0, "Ann", 2, 17, 15)) == "Ann breathes 2: air 17 → 15"
    assert str(ev.Breathed(0, "Ann", 1, 3, 2)) == "Ann breathes 1: air 3 → 2"
    assert str(ev.Breathed(0, "Ann", 0, 9, 9)) == "Ann carries nothing: air stays 9"
    assert str(ev.AirRanOut(1, "Bob")) == "Air is out: Bob finishes this turn, then the dive ends"


def test_roll_texts():
    assert str(ev.Rolled(0, "Ann", (3, 2), 2, 3)) == "Ann rolls 3+2 = 5, minus 2 items: moves 3"
    assert str(ev.Rolled(0, "Ann", (1, 1), 1, 1)) == "Ann rolls 1+1 = 2, minus 1 item: moves 1"
    assert str(ev.Rolled(0, "Ann", (1, 2), 0, 3)) == "Ann rolls 1+2 = 3: moves 3"
    assert str(ev.Rolled(0, "Ann", (1, 1), 4, 0)) == "Ann rolls 1+1 = 2, minus 4 items: moves 0"


def test_a_scripted_turn_logs_in_plain_language():
    g = make([1, 2, None, (2, 3, 3), 2, 2], [2, 0, 5], returning=[False, False, True],
             carried=[[1], [], [2, (3, 4)]], air=17, turn=2)
    assert texts(g.opening_events) == ["Cy breathes 2: air 17 → 15"]
    assert texts(play(g, roll(3, 2))) == ["Cy rolls 3+2 = 5, minus 2 items: moves 3",
                                          "Cy moves from space 5 to space 1, jumping over Ann"]
    assert texts(play(g, PickUp())) == ["Cy picks up a level-1 chip on space 1",
                                        "Ann breathes 1: air 15 → 14"]
    assert texts(play(g, TurnBack())) == ["Ann turns back toward the submarine"]
    assert texts(play(g, roll(1, 1))) == ["Ann rolls 1+1 = 2, minus 1 item: moves 1",
                                          "Ann moves from space 2 to the submarine, jumping over Cy",
                                          "Ann is back in the submarine with 1 item",
                                          "Bob carries nothing: air stays 14"]
    # Ann is back: the log says so, and Bob's turn starts
    g2 = make([1, None, 1], [3, 0], returning=[True, False], carried=[[2, 3], []], air=20)
    assert texts(play(g2, roll(2, 1))) == ["Ann rolls 2+1 = 3, minus 2 items: moves 1",
                                           "Ann moves from space 3 to space 2"]
    assert texts(play(g2, Drop(0))) == ["Ann drops a level-2 chip on space 2",
                                        "Bob carries nothing: air stays 18"]
    assert texts(play(g2, roll(1, 1), Stay())) == [
        "Bob rolls 1+1 = 2: moves 2", "Bob moves from the submarine to space 3, jumping over Ann",
        "Bob does nothing", "Ann breathes 1: air 18 → 17"]
    assert texts(play(g2, roll(1, 1))) == ["Ann rolls 1+1 = 2, minus 1 item: moves 1",
                                           "Ann moves from space 2 to space 1"]


def test_reached_sub_text():
    assert str(ev.ReachedSub(0, "Ann", 1)) == "Ann is back in the submarine with 1 item"
    assert str(ev.ReachedSub(0, "Ann", 0)) == "Ann is back in the submarine with 0 items"


def test_dive_end_texts():
    g = make([1, None, 3], [1, 3], returning=[True, False], carried=[[(1, 2)], [4, 2]], air=1)
    values = g._values  # private: only to know what the banking must reveal
    ann = [values[c] for c in g.divers[0].carried[0]._chips]
    events = play(g, roll(1, 1))
    assert texts(events) == [
        "Ann rolls 1+1 = 2, minus 1 item: moves 1",
        "Ann moves from space 1 to the submarine",
        "Ann is back in the submarine with 1 item",
        f"Ann banks 1 item: {ann[0]}+{ann[1]} = {ev.plural(sum(ann), 'point')}",
        "Bob is stranded on space 3 and loses 2 chips",
        "The lost chips sink to the far end: 1 new stack from space 3 "
        "(a stack of 2 chips (levels 4, 2))",
        "Dive 1 is over: 1 back, 1 stranded; 1 blank space removed, the trail now has 3 spaces",
        "Dive 2 starts with Bob (stranded farthest from the submarine); air 25",
        "Bob carries nothing: air stays 25",
    ]


def test_all_stuck_and_game_over_texts():
    assert str(ev.AllStuck(("Ann", "Bob"))) == (
        "Nobody left in the water can move, pick up or drop (Ann, Bob): the dive ends")
    assert str(ev.GameOver((5, 3), (0,), ("Ann", "Bob"), "")) == "Game over: Ann wins with 5 points"


def test_one_point_and_one_space_are_singular():
    # (the board showed "Ann wins with 1 points", "= 1 points", "the trail now has 1 spaces")
    assert str(ev.GameOver((1, 0), (0,), ("Ann", "Bob"), "")) == "Game over: Ann wins with 1 point"
    assert str(ev.Banked(0, "Ann", ((1,),))) == "Ann banks 1 item: 1 = 1 point"
    assert str(ev.Banked(0, "Ann", ((0,), (0, 0)))) == "Ann banks 2 items: 0, 0+0 = 0 points"
    assert str(ev.DiveEnded(3, (0, 1), (), 1, 1)) == (
        "Dive 3 is over: 2 back, 0 stranded; 1 blank space removed, the trail now has 1 space")


def test_events_to_dict_carry_their_text_and_are_json():
    g = make([1, None, 3], [1, 3], returning=[True, False], carried=[[(1, 2)], [4, 2]], air=1)
    events = list(g.opening_events) + play(g, roll(1, 1))
    for e in events:
        d = e.to_dict()
        assert d["type"] == type(e).__name__ and d["text"] == str(e)
        assert json.loads(json.dumps(d)) == d
    moved = next(e for e in events if isinstance(e, ev.Moved)).to_dict()
    assert moved["path"] == [0] and moved["start"] == 1 and moved["end"] == 0 and moved["jumped"] == []
    rolled = next(e for e in events if isinstance(e, ev.Rolled)).to_dict()
    assert rolled["dice"] == [1, 1] and rolled["move"] == 1
    placed = next(e for e in events if isinstance(e, ev.StacksPlaced)).to_dict()
    assert placed["stacks"] == [[4, 2]]
