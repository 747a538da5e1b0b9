"""The Boost variant (RULES.md "Boost"), one test per rule, as scripted positions with forced dice.

Boost's dice: die 0 shows 0 or 3, die 1 shows 1 or 3, die 2 shows 1 or 2. A diver keeps two
of them by die index, or declares a Boost before rolling (one more air) and all three count.
"""
from __future__ import annotations

import pytest
from rules_helpers import TRAIL8, boost_game, kinds, play, texts

from deepsea_widget import Game
from deepsea_widget.rules import BOOST, CLASSIC, Boost, Keep, PickUp, Roll, Stay, TurnBack, Variant
from deepsea_widget.rules import events as ev



def roll3(a, b, c) -> Roll:
    return Roll(dice=(a, b, c))


# ----- the variant of a game ---------------------------------------------------
def test_a_game_is_classic_unless_it_says_boost():
    assert Game(players=2, seed=1).variant is CLASSIC
    assert Game(players=2, seed=1, variant="boost").variant is BOOST
    assert Game(players=2, seed=1, variant=BOOST).variant is BOOST
    assert boost_game(TRAIL8, [0, 0]).variant is BOOST
    custom = Variant("slow boost", BOOST.dice, keep=2, boost_air=3)
    assert Game(players=2, seed=1, variant=custom).variant == custom


def test_the_variant_changes_no_part_of_the_set_up():
    classic, boost = Game(players=4, seed=11), Game(players=4, seed=11, variant="boost")
    assert classic._start["values"] == boost._start["values"]
    assert classic._start["rng"] == boost._start["rng"]
    assert [s.levels for s in classic.trail] == [s.levels for s in boost.trail]
    assert texts(classic.opening_events) == texts(boost.opening_events)


@pytest.mark.parametrize("variant", ["turbo", 7, {"dice": [[1, 2]], "colour": "red"}])
def test_an_unknown_variant_is_a_value_error_naming_it(variant):
    with pytest.raises(ValueError, match=r"^variant(\.colour)?: "):
        Game(players=2, seed=1, variant=variant)
    with pytest.raises(ValueError, match=r"^variant(\.colour)?: "):
        boost_game(TRAIL8, [0, 0], variant=variant)


# ----- 1. the Boost: declared before rolling, one more air ---------------------
def test_a_boost_costs_one_more_air_at_once_after_the_breath():
    g = boost_game(TRAIL8, [2, 4], carried=[[1, 1], []], air=14)
    assert texts(g.opening_events) == ["Ann breathes 2: air 14 → 12"]
    assert g.legal_actions() == [Roll(), TurnBack(), Boost()]
    assert texts(g.apply(Boost())) == ["Ann boosts: air 12 → 11"]
    assert g.air == 11 and g.turn_start_air == 14  # the odds' air is still the turn's start
    assert g.boosted and g.phase == "roll" and g.current_player == 0
    assert g.legal_actions() == [Roll(), TurnBack()]  # once per turn


def test_the_boost_air_is_a_parameter():
    g = boost_game(TRAIL8, [0, 0], air=14, variant=Variant("dear boost", BOOST.dice, keep=2, boost_air=3))
    assert texts(g.apply(Boost())) == ["Ann boosts: air 14 → 11"]
    assert g.air == 11


def test_a_diver_in_the_sub_carrying_nothing_may_boost():
    g = boost_game(TRAIL8, [0, 0])
    assert g.legal_actions() == [Roll(), Boost()]


@pytest.mark.parametrize("order", [(TurnBack(), Boost()), (Boost(), TurnBack())])
def test_boost_and_turn_back_in_either_order(order):
    g = boost_game(TRAIL8, [7, 2], carried=[[2], []], air=20)
    play(g, *order)
    assert g.boosted and g.divers[0].returning and g.air == 18
    events = play(g, roll3(3, 3, 2))  # 8 - 1 item = 7 toward the sub, jumping Bob on space 2
    assert g.divers[0].back and kinds(events)[:3] == ["DiceKept", "Moved", "ReachedSub"]


def test_after_a_boost_all_three_dice_count_at_once():
    g = boost_game(TRAIL8, [0, 0])
    play(g, Boost())
    events = play(g, roll3(0, 3, 2))
    assert texts(events) == ["Ann rolls 0, 3, 2: Boost, keeps 0 + 3 + 2 = 5: moves 5",
                             "Ann moves from the submarine to space 5"]
    assert events[0] == ev.DiceKept(0, "Ann", (0, 3, 2), (0, 1, 2), True, 0, 5)
    assert g.phase == "treasure" and g.divers[0].position == 5
    assert g.last_roll == (0, 3, 2) and g.kept == (0, 1, 2)


def test_a_boosted_move_is_all_three_minus_the_items():
    g = boost_game(TRAIL8, [1, 0], carried=[[3], []])
    play(g, Boost())
    events = play(g, roll3(3, 3, 2))
    assert texts(events)[0] == "Ann rolls 3, 3, 2: Boost, keeps 3 + 3 + 2 = 8, minus 1 item: moves 7"
    assert g.divers[0].position == 8


def test_the_boost_ends_with_the_turn():
    g = boost_game(TRAIL8, [0, 0])
    play(g, Boost(), roll3(0, 1, 1), Stay())
    assert g.current_player == 1 and not g.boosted and g.legal_actions() == [Roll(), Boost()]


# ----- 2. without a Boost: keep two dice, by die index --------------------------
def test_a_roll_without_a_boost_asks_which_two_dice_to_keep():
    g = boost_game(TRAIL8, [0, 0])
    events = play(g, roll3(0, 3, 2))
    assert texts(events) == ["Ann rolls 0, 3, 2 and chooses 2 dice to keep"]
    assert g.phase == "keep" and g.divers[0].position == 0 and g.last_roll == (0, 3, 2) and g.kept is None
    assert g.legal_actions() == [Keep((0, 1)), Keep((0, 2)), Keep((1, 2))]
    assert [a.to_dict() for a in g.legal_actions()] == [
        {"type": "keep", "dice": [0, 1]}, {"type": "keep", "dice": [0, 2]}, {"type": "keep", "dice": [1, 2]}]


@pytest.mark.parametrize("kept, move", [((0, 1), 2), ((0, 2), 1), ((1, 2), 4), ((2, 1), 4)])
def test_the_move_is_the_two_kept_dice_minus_the_items(kept, move):
    g = boost_game(TRAIL8, [1, 0], carried=[[3], []])
    play(g, roll3(0, 3, 2))
    events = play(g, Keep(kept))
    faces = [(0, 3, 2)[i] for i in sorted(kept)]
    assert texts(events)[0] == (f"Ann rolls 0, 3, 2: keeps {faces[0]} + {faces[1]} = {sum(faces)}, "
                                f"minus 1 item: moves {move}")
    assert g.divers[0].position == 1 + move and g.phase == "treasure" and g.kept == tuple(sorted(kept))


def test_a_zero_face_counts_as_zero():
    g = boost_game(TRAIL8, [0, 0])
    play(g, roll3(0, 1, 1), Keep((0, 1)))
    assert g.divers[0].position == 1


def test_the_move_is_never_below_zero():
    g = boost_game(TRAIL8, [2, 0], carried=[[1, 2, 3], []])
    play(g, roll3(0, 1, 1))
    events = play(g, Keep((0, 2)))
    assert texts(events) == ["Ann rolls 0, 1, 1: keeps 0 + 1 = 1, minus 3 items: moves 0",
                             "Ann cannot move and stays on space 2"]
    assert g.phase == "treasure" and g.divers[0].position == 2


def test_a_kept_move_jumps_over_other_divers():
    g = boost_game(TRAIL8, [1, 2, 3], carried=[[1], [], []])
    events = play(g, roll3(3, 1, 1), Keep((0, 1)))[1:]  # 4 - 1 = 3 free spaces: 4, 5, 6
    assert events[1] == ev.Moved(0, "Ann", 1, 6, (2, 3, 4, 5, 6), ("Bob", "Cy"))
    assert g.divers[0].position == 6


def test_a_kept_move_past_the_far_end_stops_on_the_deepest_free_space():
    g = boost_game([1, 1, 2, 2, 3], [2, 5], carried=[[1], []])
    play(g, roll3(3, 3, 2), Keep((0, 1)))  # 6 - 1 = 5, but only spaces 3 and 4 are free
    assert g.divers[0].position == 4


def test_a_kept_move_that_reaches_or_passes_the_sub_ends_there():
    g = boost_game(TRAIL8, [3, 5], returning=[True, False], carried=[[1], [2]])
    events = play(g, roll3(3, 3, 1), Keep((0, 1)))[1:]  # 6 - 1 = 5 >= 3
    assert kinds(events)[:3] == ["DiceKept", "Moved", "ReachedSub"]
    assert g.divers[0].back and g.current_player == 1 and g.phase == "roll"


def test_a_boost_game_with_nobody_able_to_move_ends_the_dive_as_the_original_does():
    # Ann and Bob, deeper and empty-handed on blank spaces, with no free space deeper
    g = boost_game([1, None, None], [2, 3], dive=1, air=20)
    assert "AllStuck" in kinds(g.opening_events) and g.dive == 2 and g.variant is BOOST
    assert g.legal_actions() == [Roll(), Boost()] and [s.levels for s in g.trail] == [(1,)]


def test_a_stuck_diver_cannot_boost_either():
    # Ann, deeper, empty-handed on a blank space with every space deeper taken: she can do nothing
    g = boost_game([1, None, 1, 1], [2, 3, 4], carried=[[], [1], [1]])
    assert g.current_player == 0 and g.legal_actions() == [Roll()]
    assert g.why_illegal(Boost()) == ("Ann can do nothing this turn (heading deeper, empty-handed, on a blank "
                                      "space, no free space deeper), so it cannot boost either")
    play(g, roll3(3, 3, 2), Keep((0, 1)))
    assert g.divers[0].position == 2 and g.legal_actions() == [Stay()]


# ----- 3. air that runs out after a boost ------------------------------------------
def test_a_boost_that_runs_the_air_out_lets_the_diver_finish_its_turn_then_the_dive_ends():
    g = boost_game(TRAIL8, [3, 5], carried=[[1], [2]], air=2)
    assert g.air == 1
    events = play(g, Boost())
    assert texts(events) == ["Ann boosts: air 1 → 0", "Air is out: Ann finishes this turn, then the dive ends"]
    assert g.current_player == 0 and g.phase == "roll"
    play(g, TurnBack(), roll3(0, 1, 1))  # 2 - 1 = 1 toward the sub: space 2
    assert g.phase == "treasure" and g.current_player == 0
    events = play(g, Stay())
    assert ev.DiveEnded in map(type, events) and g.dive == 2
    assert [e.seat for e in events if isinstance(e, ev.Lost)] == [0, 1]


def test_a_boost_when_the_breath_already_ran_the_air_out_says_so_once():
    g = boost_game(TRAIL8, [3, 5], returning=[True, False], carried=[[1], [2]], air=1)
    assert texts(g.opening_events) == ["Ann breathes 1: air 1 → 0",
                                       "Air is out: Ann finishes this turn, then the dive ends"]
    events = play(g, Boost())
    assert texts(events) == ["Ann boosts: air 0 → -1"]
    events = play(g, roll3(3, 1, 1))  # boosted: 5 - 1 = 4 >= 3: home, then the dive ends
    assert "Ann is back in the submarine with 1 item" in texts(events)
    assert g.dive == 2 and g.divers[0].banked


# ----- the state a board reads ------------------------------------------------------
def test_last_roll_and_kept_follow_the_turns_and_a_new_dive_clears_them():
    g = boost_game(TRAIL8, [0, 0], air=1)
    assert g.last_roll is None and g.kept is None and not g.boosted
    play(g, roll3(3, 3, 1), Keep((0, 2)), PickUp())
    assert g.last_roll == (3, 3, 1) and g.kept == (0, 2) and g.current_player == 1
    play(g, roll3(0, 1, 2))
    assert g.last_roll == (0, 1, 2) and g.kept is None
    play(g, Keep((1, 2)), Stay())  # the air ran out at Ann's breath: the dive ends after Bob's turn
    assert g.dive == 1 and g.current_player == 0
    play(g, Roll(dice=(3, 1, 1)), Keep((0, 1)), Stay())
    assert g.dive == 2 and g.last_roll is None and g.kept is None


def test_the_original_game_has_last_roll_too():
    g = Game(players=2, seed=3)
    play(g, Roll(dice=(2, 3)))
    assert g.last_roll == (2, 3) and g.kept == (0, 1) and not g.boosted


def test_the_public_view_of_a_boost_game_says_what_a_board_needs():
    g = boost_game(TRAIL8, [0, 0])
    play(g, Boost())
    view = g.public_view()
    assert view["variant"] == "boost" and view["boosted"] is True and view["rolled"] is None
    assert view["legal"] == [{"type": "roll"}]
    play(g, roll3(3, 1, 2), Stay(), roll3(0, 3, 1))
    view = g.public_view()
    assert view["phase"] == "keep" and view["boosted"] is False and view["rolled"] == [0, 3, 1]
    assert view["kept"] is None and [a["dice"] for a in view["legal"]] == [[0, 1], [0, 2], [1, 2]]


def test_the_original_games_public_view_is_as_it_was():
    view = Game(players=2, seed=3).public_view()
    assert set(view) == {"dive", "air", "turn_start_air", "phase", "current_player", "is_over", "trail",
                         "divers", "legal", "scores", "winners"}


def test_event_dicts_carry_the_faces_and_the_kept_dice():
    g = boost_game(TRAIL8, [0, 0])
    rolled = g.apply(roll3(0, 3, 2))[0].to_dict()
    assert rolled == {"type": "DiceRolled", "text": "Ann rolls 0, 3, 2 and chooses 2 dice to keep",
                      "seat": 0, "name": "Ann", "dice": [0, 3, 2], "keep": 2}
    kept = g.apply(Keep((1, 2)))[0].to_dict()
    assert kept["dice"] == [0, 3, 2] and kept["kept"] == [1, 2] and kept["move"] == 5 and kept["boosted"] is False
    g2 = boost_game(TRAIL8, [0, 0])
    assert g2.apply(Boost())[0].to_dict() == {"type": "Boosted", "text": "Ann boosts: air 25 → 24", "seat": 0,
                                              "name": "Ann", "extra": 1, "air_before": 25, "air_after": 24}
