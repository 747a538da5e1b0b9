"""One test per rule of a turn (RULES.md "A turn"), as scripted positions with forced dice."""
from __future__ import annotations

import pytest
from rules_helpers import carried_levels, kinds, make, play, roll, texts, trail_levels

from deepsea_widget import Game, IllegalActionError
from deepsea_widget.rules import Drop, PickUp, Roll, Stay, TurnBack
from deepsea_widget.rules import events as ev

TRAIL8 = [1, 1, 1, 2, 2, 2, 3, 3]


# ----- 1. breathing ---------------------------------------------------------
def test_breathes_one_per_item_at_the_start_of_its_own_turn():
    g = make(TRAIL8, [3, 5], carried=[[1, 2], [2]], air=17)
    assert texts(g.opening_events) == ["Ann breathes 2: air 17 → 15"]
    assert g.air == 15 and g.turn_start_air == 17
    assert g.phase == "roll" and g.current_player == 0


def test_carrying_nothing_costs_no_air():
    g = make(TRAIL8, [3, 5], carried=[[], [2]], air=17)
    assert texts(g.opening_events) == ["Ann carries nothing: air stays 17"]
    assert g.air == 17


def test_each_diver_breathes_at_the_start_of_each_of_its_turns_only():
    g = make(TRAIL8, [1, 5], carried=[[1, 2], [2]], air=20)
    assert g.air == 18
    events = play(g, roll(1, 1), Stay())  # Ann: 2 - 2 items = 0, stays on space 1
    # Ann's own breath is not repeated at the end of her turn; Bob breathes 1 at his start.
    assert [e for e in events if isinstance(e, ev.Breathed)] == [ev.Breathed(1, "Bob", 1, 18, 17)]
    assert g.air == 17 and g.current_player == 1
    events = play(g, roll(1, 1), Stay())
    assert texts(e for e in events if isinstance(e, ev.Breathed)) == ["Ann breathes 2: air 17 → 15"]


def test_an_item_picked_up_costs_air_from_the_next_turn_on():
    g = make(TRAIL8, [0, 0], air=25)
    play(g, roll(1, 1), PickUp())  # Ann takes space 2's chip
    assert g.air == 25  # Bob carries nothing
    play(g, roll(1, 2), Stay())
    assert g.current_player == 0 and g.air == 24


def test_a_stack_is_one_item_for_breathing():
    g = make([1, (2, 3, 3), 2], [2, 0], carried=[[(2, 3, 3), 1], []], air=10)
    assert g.air == 8


# ----- 2. direction -----------------------------------------------------------
def test_turning_back_needs_an_item():
    g = make(TRAIL8, [3, 5], carried=[[], [2]])
    assert g.legal_actions() == [Roll()]
    with pytest.raises(IllegalActionError, match="cannot turn back while carrying nothing"):
        g.apply(TurnBack())


def test_turning_back_is_allowed_with_an_item_and_the_move_heads_home():
    g = make(TRAIL8, [5, 7], carried=[[1], []])
    assert set(g.legal_actions()) == {Roll(), TurnBack()}
    events = play(g, TurnBack())
    assert texts(events) == ["Ann turns back toward the submarine"]
    assert g.divers[0].returning and g.phase == "roll"
    assert g.legal_actions() == [Roll()]  # once per dive: not again this turn
    play(g, roll(1, 2))  # 3 - 1 item = 2 spaces toward the sub
    assert g.divers[0].position == 3


def test_turning_back_happens_once_per_dive_never_back_to_deeper():
    g = make(TRAIL8, [5, 7], returning=[True, False], carried=[[1], []])
    assert g.legal_actions() == [Roll()]
    with pytest.raises(IllegalActionError, match="already heading back"):
        g.apply(TurnBack())
    play(g, roll(1, 1), Stay())  # 2 - 1 = 1 toward the sub
    assert g.divers[0].position == 4 and g.divers[0].returning


def test_not_turning_keeps_going_deeper():
    g = make(TRAIL8, [2, 7], carried=[[1], []])
    play(g, roll(2, 1))  # 3 - 1 = 2 deeper
    assert g.divers[0].position == 4 and not g.divers[0].returning


def test_first_move_out_of_the_sub_goes_deeper():
    g = make(TRAIL8, [0, 0])
    assert g.legal_actions() == [Roll()]
    play(g, roll(2, 1))
    assert g.divers[0].position == 3 and g.phase == "treasure"


# ----- 3. roll and move ---------------------------------------------------------
@pytest.mark.parametrize("dice,items,move", [
    ((3, 3), 0, 6), ((1, 1), 0, 2), ((3, 2), 2, 3), ((2, 1), 3, 0), ((1, 1), 5, 0), ((3, 3), 4, 2),
])
def test_movement_is_dice_sum_minus_items_never_below_zero(dice, items, move):
    trail = [1] * 8 + [2] * 8 + [3] * 8
    g = make(trail, [1, 0], carried=[[4] * items, []])
    events = play(g, Roll(dice=dice))
    rolled = next(e for e in events if isinstance(e, ev.Rolled))
    assert rolled.move == move and rolled.dice == dice and rolled.items == items
    assert g.divers[0].position == 1 + move


def test_a_stack_is_one_item_for_movement():
    g = make(TRAIL8, [1, 0], carried=[[(2, 3, 3)], []])
    play(g, roll(2, 2))
    assert g.divers[0].position == 4  # 4 - 1 item


def test_going_deeper_jumps_occupied_spaces_without_counting_them():
    g = make(TRAIL8, [1, 2, 3, 5], carried=[[], [], [], []])
    events = play(g, roll(1, 2))  # 3 free spaces: 4, 6, 7
    assert g.divers[0].position == 7
    moved = next(e for e in events if isinstance(e, ev.Moved))
    assert moved.path == (2, 3, 4, 5, 6, 7)
    assert moved.jumped == ("Bob", "Cy", "Dee")
    assert str(moved) == "Ann moves from space 1 to space 7, jumping over Bob, Cy, Dee"


def test_going_back_jumps_occupied_spaces_without_counting_them():
    g = make(TRAIL8, [7, 6, 4, 2], returning=[True, False, False, False], carried=[[1], [], [], []])
    events = play(g, roll(2, 2))  # 4 - 1 = 3 free spaces toward the sub: 5, 3, 1
    assert g.divers[0].position == 1
    moved = next(e for e in events if isinstance(e, ev.Moved))
    assert moved.path == (6, 5, 4, 3, 2, 1) and moved.jumped == ("Bob", "Cy", "Dee")


def test_divers_in_the_sub_are_not_jumped():
    g = make(TRAIL8, [0, 0, 2], returning=[False, True, False], carried=[[], [], []])
    play(g, roll(1, 1))  # spaces 1 and 3 (2 is taken); Bob in the sub takes no space
    assert g.divers[0].position == 3


def test_going_deeper_past_the_last_free_space_stops_on_the_deepest_free_space():
    g = make(TRAIL8, [5, 8], carried=[[], []])
    events = play(g, roll(3, 3))  # free: 6, 7; 8 is taken
    assert g.divers[0].position == 7
    moved = next(e for e in events if isinstance(e, ev.Moved))
    assert moved.path == (6, 7) and moved.jumped == ()


def test_going_deeper_stops_on_the_last_space():
    g = make(TRAIL8, [6, 0], carried=[[], []])
    play(g, roll(3, 3))
    assert g.divers[0].position == 8


def test_decided_everything_ahead_occupied_stays_put_and_may_still_act():
    g = make(TRAIL8, [6, 7, 8], carried=[[], [], []])
    events = play(g, roll(3, 3))
    assert g.divers[0].position == 6
    assert "Ann cannot move and stays on space 6" in texts(events)
    assert g.phase == "treasure" and set(g.legal_actions()) == {Stay(), PickUp()}


def test_reaching_the_sub_exactly_ends_the_turn_without_a_treasure_action():
    g = make(TRAIL8, [2, 5], returning=[True, False], carried=[[1], [2]], air=20)
    events = play(g, roll(2, 1))  # 3 - 1 = 2: exactly to the sub
    assert kinds(events)[:3] == ["Rolled", "Moved", "ReachedSub"]
    assert str(events[2]) == "Ann is back in the submarine with 1 item"
    d = g.divers[0]
    assert d.position == 0 and d.back
    assert g.current_player == 1 and g.phase == "roll"  # no treasure action for Ann
    assert not any(isinstance(e, (ev.PickedUp, ev.Dropped, ev.Stayed)) for e in events)


def test_passing_the_sub_ends_in_the_sub():
    g = make(TRAIL8, [1, 5], returning=[True, False], carried=[[1], [2]])
    events = play(g, roll(3, 3))
    moved = next(e for e in events if isinstance(e, ev.Moved))
    assert moved.end == 0 and moved.path == (0,)
    assert str(moved) == "Ann moves from space 1 to the submarine"
    assert g.divers[0].back and g.current_player == 1


def test_divers_back_in_the_sub_take_no_more_turns_this_dive():
    g = make(TRAIL8, [1, 5, 6], returning=[True, False, False], carried=[[1], [2], []], air=20)
    play(g, roll(3, 3))  # Ann home
    seen = []
    for _ in range(6):
        seen.append(g.current_player)
        play(g, roll(1, 1), Stay())
    assert 0 not in seen and seen == [1, 2, 1, 2, 1, 2]


# ----- 4. treasure action ---------------------------------------------------------
def test_pick_up_takes_the_item_and_leaves_a_blank_space():
    g = make(TRAIL8, [0, 0])
    play(g, roll(2, 2))
    assert set(g.legal_actions()) == {Stay(), PickUp()}
    events = play(g, PickUp())
    assert str(events[0]) == "Ann picks up a level-2 chip on space 4"
    assert g.trail[3] is None and carried_levels(g, 0) == [(2,)]
    assert g.current_player == 1  # one treasure action, then the turn ends


def test_pick_up_takes_a_whole_stack_as_one_item():
    g = make([1, 1, (2, 3, 3), 3], [0, 0])
    play(g, roll(2, 1))
    events = play(g, PickUp())
    assert str(events[0]) == "Ann picks up a stack of 3 chips (levels 2, 3, 3) on space 3"
    assert carried_levels(g, 0) == [(2, 3, 3)] and len(g.divers[0].carried) == 1
    assert g.trail[2] is None


def test_picking_up_is_allowed_on_the_way_back_too():
    g = make(TRAIL8, [6, 0], returning=[True, False], carried=[[4], []])
    play(g, roll(2, 1))  # 3 - 1 = 2 toward the sub: space 4
    assert set(g.legal_actions()) == {Stay(), PickUp()}
    play(g, PickUp())
    assert carried_levels(g, 0) == [(4,), (2,)]


def test_there_is_no_carrying_limit():
    g = make(TRAIL8, [1, 0], carried=[[1, 1, 2, 2, 3, 3], []])
    play(g, roll(3, 3))  # 6 - 6 = 0: stays on space 1, which holds a chip
    play(g, PickUp())
    assert len(g.divers[0].carried) == 7


def test_drop_only_on_a_blank_space_while_carrying():
    g = make([1, None, 1, 2], [0, 0], returning=[False, False])
    play(g, roll(1, 1))  # Ann to space 2: blank, carrying nothing
    assert g.legal_actions() == [Stay()]
    with pytest.raises(IllegalActionError, match="carries nothing to drop"):
        g.apply(Drop(0))


def test_drop_puts_the_chosen_item_back_on_the_blank_space():
    g = make([1, None, 1, 2, 2, 2], [4, 0], returning=[True, False], carried=[[3, (2, 4)], []])
    play(g, roll(2, 2))  # 4 - 2 = 2: space 2 (blank)
    assert g.divers[0].position == 2
    assert set(g.legal_actions()) == {Stay(), Drop(0), Drop(1)}
    events = play(g, Drop(1))
    assert str(events[0]) == "Ann drops a stack of 2 chips (levels 2, 4) on space 2"
    assert trail_levels(g)[1] == (2, 4) and carried_levels(g, 0) == [(3,)]


def test_no_drop_on_a_space_that_holds_an_item():
    g = make(TRAIL8, [2, 0], carried=[[3], []])
    play(g, roll(1, 1))  # 2 - 1 = 1: space 3 holds a chip
    assert Drop(0) not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="can only drop on a blank space"):
        g.apply(Drop(0))


def test_stay_does_nothing():
    g = make(TRAIL8, [0, 0])
    play(g, roll(1, 1))
    before = trail_levels(g)
    events = play(g, Stay())
    assert texts(events)[0] == "Ann does nothing"
    assert trail_levels(g) == before and carried_levels(g, 0) == []


def test_treasure_action_comes_after_the_roll_and_only_once():
    g = make(TRAIL8, [0, 0])
    with pytest.raises(IllegalActionError, match="must roll before a treasure action"):
        g.apply(PickUp())
    play(g, roll(1, 1))
    with pytest.raises(IllegalActionError, match="has moved this turn"):
        g.apply(Roll())
    play(g, PickUp())
    assert g.current_player == 1 and g.phase == "roll"


@pytest.mark.parametrize("trail, start, carried, choice", [
    ([None, 1, 1], 0, [], "pick up or stay"),
    ([1, None, 1], 1, [[2]], "drop an item or stay"),
    ([1, None, 1], 0, [], "stay (nothing here to pick up, nothing carried to drop)"),
])
def test_a_roll_after_the_move_names_only_what_the_diver_may_do(trail, start, carried, choice):
    # (it said "pick up, drop or stay" whatever lay there and whatever the diver carried)
    g = make(trail, [start, 0], carried=[carried, []])
    play(g, roll(1, 1))  # onto space 2 (2 from the sub, or 1 from space 1 with an item)
    assert g.divers[0].position == 2 and g.phase == "treasure"
    assert g.why_illegal(Roll()) == f"Ann has moved this turn: {choice}"
    assert {type(a).__name__ for a in g.legal_actions()} == (
        {"Stay", "PickUp"} if choice.startswith("pick") else {"Stay", "Drop"} if choice.startswith("drop") else {"Stay"})


def test_decided_dropping_everything_after_turning_back_keeps_heading_back():
    g = make([1, None, 1, 1, 2, 2], [5, 0], returning=[True, False], carried=[[2], []], air=20)
    play(g, roll(2, 2))  # 4 - 1 = 3 toward the sub: space 2 (blank)
    play(g, Drop(0))
    d = g.divers[0]
    assert d.carried == [] and d.returning
    play(g, roll(1, 1), Stay())  # Bob
    assert g.legal_actions() == [Roll()]  # empty-handed: cannot turn again
    assert g.air == 19  # 20 - 1 at the start of the last turn; nothing now
    play(g, roll(1, 1))
    assert d.position == 0 and d.back


def test_first_diver_of_dive_one_is_a_setup_option():
    assert Game(players=3, seed=1).current_player == 0
    assert Game(players=3, seed=1, first_player=2).current_player == 2
