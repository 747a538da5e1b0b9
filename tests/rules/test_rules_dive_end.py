"""Air running out, the end of a dive, the next dive, the end of the game, scores and ties.

Scripted positions with forced dice; one test per rule and per [decided] case of
RULES.md ("When the air runs out", "End of a dive", "Stuck divers", "End of the game").
"""
from __future__ import annotations

import pytest
from rules_helpers import chips_of, kinds, make, play, roll, texts, trail_levels

from deepsea_widget import IllegalActionError
from deepsea_widget.rules import PickUp, Roll, Stay, TurnBack
from deepsea_widget.rules import events as ev
from deepsea_widget.rules.chips import LEVEL_VALUES

TRAIL8 = [1, 1, 1, 2, 2, 2, 3, 3]


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


# ----- when the air runs out -------------------------------------------------
def test_air_out_diver_finishes_its_whole_turn_then_the_dive_ends():
    g = make(TRAIL8, [2, 4, 1], carried=[[1, 2, 3], [2], []], air=3)
    assert texts(g.opening_events) == ["Ann breathes 3: air 3 → 0",
                                       "Air is out: Ann finishes this turn, then the dive ends"]
    assert g.air == 0 and g.phase == "roll"
    # direction, roll, move and treasure action are all still hers
    assert set(g.legal_actions()) == {Roll(), TurnBack()}
    play(g, TurnBack())
    play(g, roll(3, 3))  # 6 - 3 = 3 toward the sub: 1 is taken, so ... 2 -> sub
    assert len(g.divers[0].banked) == 3  # she got home and banked
    assert g.dive == 2  # and no other diver got a turn


def test_air_out_diver_may_still_pick_up_then_nobody_else_plays():
    g = make(TRAIL8, [2, 4, 6], carried=[[1], [2], []], air=1)
    assert g.air == 0
    events = play(g, roll(1, 2))  # 3 - 1 = 2: space 3 (4 is taken -> 5)
    assert g.divers[0].position == 5 and g.phase == "treasure"
    assert not of(events, ev.Breathed)
    events = play(g, PickUp())
    assert kinds(events)[0] == "PickedUp"
    # the dive ends without Bob or Cy taking another turn
    ended = of(events, ev.DiveEnded)[0]
    assert not of(events[:events.index(ended)], ev.Breathed)
    assert of(events, ev.DiveEnded)[0].dive == 1 and g.dive == 2


def test_air_may_go_below_zero_on_the_last_turn():
    g = make(TRAIL8, [2, 4], carried=[[1, 2, 3], []], air=1)
    assert g.air == -2
    assert str(g.opening_events[0]) == "Ann breathes 3: air 1 → -2"


def test_air_out_diver_who_gets_home_on_that_turn_banks():
    g = make(TRAIL8, [2, 5], returning=[True, False], carried=[[1, 2], [3]], air=2)
    assert g.air == 0
    events = play(g, roll(2, 2))  # 4 - 2 = 2: home
    assert of(events, ev.ReachedSub)
    banked = of(events, ev.Banked)
    assert [b.seat for b in banked] == [0] and len(g.divers[0].banked) == 2
    lost = of(events, ev.Lost)
    assert [(x.seat, x.levels) for x in lost] == [(1, (3,))]
    assert g.dive == 2


# ----- the dive ends when everyone is back ---------------------------------
def test_dive_ends_as_soon_as_every_diver_is_back():
    g = make(TRAIL8, [0, 2], returning=[True, True], carried=[[1], [2]], air=20, turn=1,
             last_returned=0)
    events = play(g, roll(2, 1))  # 3 - 1: home with air to spare
    assert kinds(events)[:3] == ["Rolled", "Moved", "ReachedSub"]
    assert of(events, ev.DiveEnded)[0].returned == (0, 1)
    assert of(events, ev.DiveEnded)[0].stranded == ()
    assert g.dive == 2 and g.air == 25


def test_dive_does_not_end_while_someone_is_still_in_the_water():
    g = make(TRAIL8, [1, 5], returning=[True, False], carried=[[1], [2]], air=20)
    play(g, roll(1, 1))
    assert g.dive == 1 and g.current_player == 1


# ----- end of a dive: banking ------------------------------------------------
def test_banking_reveals_values_and_scores_them():
    g = make([1, 1, 2, 2], [1, 3], returning=[True, False], carried=[[1, (3, 4)], [2]], air=2)
    carried = list(g.divers[0].carried)
    assert not hasattr(carried[0], "values")  # hidden while carried
    hidden = [tuple(g._values[c] for c in chips_of(it)) for it in carried]  # private, for the test
    events = play(g, roll(3, 3))  # 6 - 2 = 4: home; air is 0 -> dive ends
    banked = g.divers[0].banked
    assert [b.levels for b in banked] == [(1,), (3, 4)]
    assert [b.values for b in banked] == hidden
    assert g.scores()[0] == sum(map(sum, hidden))
    b = of(events, ev.Banked)[0]
    total = sum(map(sum, hidden))
    assert str(b) == (f"Ann banks 2 items: {hidden[0][0]}, {hidden[1][0]}+{hidden[1][1]} = {ev.plural(total, 'point')}")
    assert all(v in LEVEL_VALUES[lv] for item in banked for lv, v in zip(item.levels, item.values))


def test_back_with_nothing_banks_nothing():
    g = make([1, 1], [1, 2], returning=[True, True], carried=[[], [1]], air=20)
    events = play(g, roll(1, 1), roll(2, 1))
    assert texts(of(events, ev.Banked)) == ["Ann is back with nothing to bank", "Bob banks 1 item: "
                                            + str(g.divers[1].banked[0].values[0]) + " = "
                                            + str(g.divers[1].banked[0].values[0]) + " points"]


# ----- end of a dive: lost items ----------------------------------------------
def test_lost_chips_closest_stranded_first_pick_up_order_stacks_of_three():
    trail = [1, 1, 1, 1, 1, 1, 2, 2]
    g = make(trail, [5, 3, 7], carried=[[4, 3], [1, (2, 2, 3)], [2]], air=2, turn=2)
    # Cy breathes 1 -> air 1 ... then Ann breathes 2 -> air -1: the dive ends after her turn
    carried = {s: [c for it in d.carried for c in chips_of(it)] for s, d in enumerate(g.divers)}
    play(g, roll(1, 1), Stay())  # Cy: 2 - 1 = 1 deeper: space 8
    assert g.air == -1 and g.current_player == 0
    events = play(g, roll(1, 1), Stay())  # Ann: 2 - 2 = 0: stays on 5
    lost = of(events, ev.Lost)
    # closest to the sub first: Bob (3), Ann (5), Cy (8)
    assert [(x.name, x.space, x.levels) for x in lost] == [
        ("Bob", 3, (1, 2, 2, 3)), ("Ann", 5, (4, 3)), ("Cy", 8, (2,))]
    pooled = carried[1] + carried[0] + carried[2]  # 7 chips
    new = g.trail[-3:]
    assert [chips_of(s) for s in new] == [tuple(pooled[0:3]), tuple(pooled[3:6]), tuple(pooled[6:])]
    assert [s.levels for s in new] == [(1, 2, 2), (3, 4, 3), (2,)]
    placed = of(events, ev.StacksPlaced)[0]
    assert placed.stacks == ((1, 2, 2), (3, 4, 3), (2,))
    # blanks: none on this trail, so the stacks start right after the old far end
    assert placed.first_space == len(trail) + 1 == len(g.trail) - 2
    assert str(lost[0]) == "Bob is stranded on space 3 and loses 4 chips"
    assert str(placed) == ("The lost chips sink to the far end: 3 new stacks from space 9 "
                           "(a stack of 3 chips (levels 1, 2, 2); a stack of 3 chips (levels 3, 4, 3); "
                           "a level-2 chip)")


@pytest.mark.parametrize("n_lost,sizes", [(1, [1]), (2, [2]), (3, [3]), (4, [3, 1]), (5, [3, 2]), (6, [3, 3]),
                                          (7, [3, 3, 1])])
def test_last_stack_holds_the_remaining_one_or_two_chips(n_lost, sizes):
    g = make([1, 1, 2], [2, 3], carried=[[4] * n_lost, []], air=n_lost, seed=n_lost)
    assert g.air == 0
    play(g, roll(3, 3), Stay())  # stays: nothing free deeper
    assert [len(s) for s in g.trail[3:]] == sizes


def test_stranded_with_nothing_loses_nothing():
    g = make([1, 1, 2], [2, 3], carried=[[4], []], air=1)
    events = play(g, roll(1, 1), Stay())
    assert "Bob is stranded on space 3 with nothing to lose" in texts(events)
    assert [x.levels for x in of(events, ev.Lost)] == [(4,), ()]


def test_lost_order_follows_pick_up_order_during_play():
    g = make([1, 2, 3, None, 4, 4], [0, 6], carried=[[], [4]], air=25)
    play(g, roll(1, 1), PickUp())       # Ann takes the level-2 chip on space 2
    play(g, roll(1, 1), Stay())         # Bob: 2 - 1 = 1 deeper: nothing free, stays
    play(g, roll(1, 1), PickUp())       # Ann: 2 - 1 = 1 -> space 3, takes the level-3 chip
    assert [it.levels for it in g.divers[0].carried] == [(2,), (3,)]
    picked = [c for it in g.divers[0].carried for c in chips_of(it)]
    bob = [c for it in g.divers[1].carried for c in chips_of(it)]
    # run the air down with Stays; nobody gets home
    while g.dive == 1:
        play(g, roll(1, 1), Stay())
    # closest first: Ann (nearer the sub) then Bob, in pick-up order, one stack of 3
    assert chips_of(g.trail[-1]) == tuple(picked + bob)


# ----- end of a dive: blanks, air, divers --------------------------------------
def test_blanks_are_removed_and_the_trail_closes_up():
    g = make([1, None, 2, None, None, 3, 4], [1, 7], returning=[True, False], carried=[[2], [1]], air=1)
    before = [s for s in g.trail if s is not None]
    events = play(g, roll(1, 1))  # Ann home; air out: the dive ends
    ended = of(events, ev.DiveEnded)[0]
    assert ended.blanks_removed == 3 and ended.trail_length == 5
    assert str(ended) == ("Dive 1 is over: 1 back, 1 stranded; 3 blank spaces removed, "
                          "the trail now has 5 spaces")
    assert g.trail[:4] == tuple(before)  # same items in the same order
    assert trail_levels(g) == [(1,), (2,), (3,), (4,), (1,)]
    assert None not in g.trail


def test_next_dive_resets_air_and_every_diver_to_the_sub_heading_deeper():
    g = make(TRAIL8, [1, 4, 6], returning=[True, True, False], carried=[[1], [2], [3]], air=1)
    play(g, roll(3, 3))
    assert g.dive == 2 and g.air == 25
    for d in g.divers:
        assert d.position == 0 and not d.returning and not d.back and d.carried == []
    assert g.phase == "roll"


def test_next_dive_starts_with_the_stranded_diver_farthest_from_the_sub():
    g = make(TRAIL8, [3, 7, 5, 1], returning=[False, False, False, True],
             carried=[[1], [2], [1], [3]], air=1, turn=3)
    events = play(g, roll(3, 3))  # Dee gets home; the others are stranded
    started = of(events, ev.DiveStarted)[0]
    assert started.first_seat == 1 and g.current_player == 1
    assert str(started) == "Dive 2 starts with Bob (stranded farthest from the submarine); air 25"
    # seat order continues from there
    play(g, roll(1, 1), Stay())
    assert g.current_player == 2


def test_decided_if_everyone_got_back_the_last_diver_to_return_starts():
    g = make(TRAIL8, [2, 0, 1], returning=[True, True, True], carried=[[1], [2], [1]], air=20,
             turn=2, last_returned=1)
    play(g, roll(1, 1))  # Cy home
    assert g.dive == 1
    events = play(g, roll(2, 1))  # Ann home last
    started = of(events, ev.DiveStarted)[0]
    assert started.first_seat == 0 and g.current_player == 0
    assert "Ann (the last diver back in the submarine)" in str(started)


def test_a_stranded_diver_starts_even_if_someone_returned_later():
    g = make(TRAIL8, [1, 3], returning=[True, False], carried=[[1], [2]], air=1)
    play(g, roll(1, 1))  # Ann back on the last turn; Bob stranded
    assert g.current_player == 1


# ----- stuck divers [decided] ----------------------------------------------------
def test_decided_all_stuck_divers_end_the_dive_at_once():
    g = make([1, None, None, None], [2, 4], carried=[[], []], air=20)
    play(g, roll(3, 3))  # Ann: nothing free but space 3
    assert g.divers[0].position == 3 and g.legal_actions() == [Stay()]
    events = play(g, Stay())
    assert texts(events)[1] == "Nobody left in the water can move, pick up or drop (Ann, Bob): the dive ends"
    ended = of(events, ev.DiveEnded)[0]
    assert not of(events[:events.index(ended)], ev.Breathed)  # at once: Bob gets no turn
    assert ended.stranded == (0, 1) and ended.returned == ()
    assert not of(events, ev.Lost)[0].levels and not of(events, ev.Lost)[1].levels
    # counted as stranded: the farthest (Bob, space 3) starts the next dive
    assert of(events, ev.DiveStarted)[0].first_seat == 1
    assert g.dive == 2 and trail_levels(g) == [(1,)]


def test_decided_stuck_check_also_runs_on_a_set_up_position():
    g = make([None, None], [1, 2], air=9, dive=3)
    assert kinds(g.opening_events)[0] == "AllStuck"
    assert g.is_over


def test_a_stuck_diver_waits_while_someone_else_can_still_act():
    g = make([None, None, 1], [2, 3, 1], returning=[False, False, True], carried=[[], [], [1]], air=20)
    # Ann (space 2, blank, space 3 taken) is stuck but Cy is heading home with an item
    assert g.current_player == 0 and g.legal_actions() == [Roll()]
    events = play(g, roll(3, 3))
    assert "Ann cannot move and stays on space 2" in texts(events)
    assert g.legal_actions() == [Stay()]
    play(g, Stay())
    assert g.dive == 1 and g.current_player == 1  # Bob stands on a chip: not stuck


def test_stuck_needs_a_blank_space():
    g = make([None, 1], [1, 2], air=20)  # Bob stands on a chip he may pick up
    assert g.dive == 1 and g.current_player == 0


def test_empty_trail_dive_ends_and_the_game_does_not_loop():
    g = make([], [0, 0], dive=1)
    assert g.is_over and g.dive == 3
    assert kinds(g.opening_events).count("DiveEnded") == 3


# ----- three dives, game over ------------------------------------------------------
def test_three_dives_then_game_over():
    g = make(TRAIL8, [1, 0], returning=[True, True], carried=[[1], []], air=20, dive=3, turn=0,
             last_returned=1)
    events = play(g, roll(1, 1))
    assert kinds(events)[-1] == "GameOver"
    assert g.is_over and g.phase == "over" and g.current_player is None and g.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        g.apply(Roll())


def test_dive_two_ends_into_dive_three():
    g = make(TRAIL8, [1, 0], returning=[True, True], carried=[[1], []], air=20, dive=2, last_returned=1)
    play(g, roll(1, 1))
    assert g.dive == 3 and not g.is_over


def test_a_full_game_has_exactly_three_dives():
    from deepsea_widget import Game
    for seed in range(5):
        g = Game(players=4, seed=seed)
        dives = []
        while not g.is_over:
            legal = g.legal_actions()
            for e in g.apply(legal[-1]):  # pick up or drop when possible; turn back when allowed
                if isinstance(e, ev.DiveEnded):
                    dives.append(e.dive)
        assert dives == [1, 2, 3]


# ----- scores and ties -------------------------------------------------------------
def over(banked, **kw):
    """A game that is over at once: dive 3, empty trail, everyone in the sub."""
    n = len(banked)
    g = make([], [0] * n, banked=banked, dive=3, **kw)
    assert g.is_over
    return g


def test_score_is_the_sum_of_banked_values_and_highest_wins():
    g = over([[3, (4, 5, 12)], [15, 14], [0]])
    assert g.scores() == [24, 29, 0]
    assert g.winners() == [1]
    assert str(g.opening_events[-1]) == "Game over: Bob wins with 29 points"


def test_winners_is_empty_before_the_game_is_over():
    assert make(TRAIL8, [0, 0]).winners() == []


def test_tie_broken_by_more_level_4_chips():
    g = over([[11, 1], [12, 0]])
    assert g.scores() == [12, 12] and g.winners() == [1]
    assert str(g.opening_events[-1]) == ("Game over: Bob wins with 12 points "
                                         "(Ann and Bob tied on 12 points; Bob banked more level-4 chips)")


def test_tie_then_level_3():
    g = over([[4, 4], [8]])
    assert g.winners() == [1]
    assert "Bob banked more level-3 chips" in str(g.opening_events[-1])


def test_tie_then_level_2():
    g = over([[4, 5, 0], [6, 3], [9]])
    assert g.scores() == [9, 9, 9]
    assert g.winners() == [2]  # Cy's level-3 chip beats both before level 2 is looked at
    g = over([[4, 5, 0], [6, 3]])
    assert g.winners() == [0]
    assert "Ann banked more level-2 chips" in str(g.opening_events[-1])


def test_tie_then_level_1():
    g = over([[4, 0, 2], [5, 1]])
    assert g.scores() == [6, 6] and g.winners() == [0]
    assert "Ann banked more level-1 chips" in str(g.opening_events[-1])


def test_a_stack_counts_as_its_chips_for_the_tie_break():
    g = over([[(0, 0, 12)], [11, 1]])
    assert g.scores() == [12, 12] and g.winners() == [0]


def test_shared_win_when_tied_on_points_and_every_level():
    g = over([[4, 9], [5, 8], [1]])
    assert g.winners() == [0, 1]
    assert str(g.opening_events[-1]) == ("Game over: Ann and Bob share the win with 13 points "
                                         "(Ann and Bob tied on points and on chips of every level)")


def test_three_way_tie_narrowed_level_by_level():
    g = over([[12, 4], [13, 3], [14, 2]])  # all 16 points, one level-4 each
    # level 3: none; level 2: Ann has one; -> Ann
    assert g.scores() == [16, 16, 16] and g.winners() == [0]


def test_last_returned_is_cleared_when_the_next_dive_starts():
    """RULES.md, end of a dive: `last_returned` is this dive's, so a new dive starts with none."""
    from deepsea_widget.rules import Game

    g = Game.from_position(players=["Ann", "Bob"], trail=[1, 1, 1, 2, 2, 2, 3, 3], positions=[1, 0],
                           returning=[True, True], carried=[[1], []], air=20, turn=0, last_returned=1, seed=0)
    g.apply(Roll((1, 1)))  # Ann gets home: everyone is back, dive 2 starts with her (the last back)
    assert g.dive == 2 and g.current_player == 0
    assert g.last_returned is None
