"""The Boost variant's refusals: every illegal Boost, Keep and forced roll names the rule it
breaks and changes nothing (RULES.md "Boost"); bad Keep values are a ValueError at once."""
from __future__ import annotations

import re

import pytest
from rules_helpers import TRAIL8, boost_game, make, play, roll

from deepsea_widget import Game, IllegalActionError
from deepsea_widget.rules import BOOST, Boost, Keep, PickUp, Roll, Stay, TurnBack, Variant



def assert_refused(game, action, match, seat=None):
    """``action`` raises IllegalActionError matching ``match`` (also through why_illegal) and
    the game is exactly as it was."""
    before = (game.to_json(), game.public_view(), game.boosted, game.last_roll, game.kept, game.history)
    with pytest.raises(IllegalActionError, match=match):
        game.apply(action, seat=seat)
    assert (game.to_json(), game.public_view(), game.boosted, game.last_roll, game.kept, game.history) == before
    assert re.search(match, game.why_illegal(action, seat=seat))


def before_rolling():
    return boost_game(TRAIL8, [2, 4], carried=[[1], []], air=20)


def keep_phase():
    g = before_rolling()
    play(g, Roll(dice=(0, 3, 2)))
    assert g.phase == "keep"
    return g


def treasure_phase():
    g = keep_phase()
    play(g, Keep((1, 2)))
    assert g.phase == "treasure"
    return g


def boosted():
    g = before_rolling()
    play(g, Boost())
    return g


def boosted_and_moved():
    g = boosted()
    play(g, Roll(dice=(0, 1, 1)))
    assert g.phase == "treasure"
    return g


def classic_before_rolling():
    return make(TRAIL8, [2, 4], carried=[[1], []], air=20)


def classic_after_rolling():
    g = classic_before_rolling()
    play(g, roll(1, 2))
    return g


@pytest.mark.parametrize("build, action, match", [
    # choosing dice
    (keep_phase, Keep((0, 3)), r"^die 3 was not rolled: the dice are 0\.\.2$"),
    (keep_phase, Keep((7, 1)), "die 7 was not rolled"),
    (keep_phase, Keep((1, 1)), "^Ann keeps the same die twice: keep 2 different dice$"),
    (keep_phase, Keep((0, 1, 2)), r"^Ann keeps 2 dice, not 3 \(all of them count only after a Boost"),
    (keep_phase, Keep((2,)), "^Ann keeps 2 dice, not 1"),
    (keep_phase, Keep(()), "^Ann keeps 2 dice, not 0"),
    (before_rolling, Keep((0, 1)), "^Ann must roll before choosing the dice to keep$"),
    (treasure_phase, Keep((0, 1)), r"^Ann has moved this turn \(it kept its dice\): pick up or stay$"),
    (boosted, Keep((0, 1)), "^Ann must roll before choosing the dice to keep$"),
    (boosted_and_moved, Keep((0, 1)), r"^Ann has moved this turn \(it boosted, so every die counted\)"),
    (classic_before_rolling, Keep((0, 1)), r"^there is no choice of dice \(every die counts\) in the original game$"),
    (classic_after_rolling, Keep((0, 1)), "^there is no choice of dice"),
    # declaring a Boost
    (classic_before_rolling, Boost(), "^there is no Boost in the original game$"),
    (keep_phase, Boost(), "^Ann has rolled: a Boost is declared before rolling$"),
    (treasure_phase, Boost(), "^Ann has rolled: a Boost is declared before rolling$"),
    (boosted, Boost(), r"^Ann has already boosted this turn \(once per turn\)$"),
    # the rest of the turn while the dice are to be chosen
    (keep_phase, Roll(), r"^Ann has rolled: next, keep 2 of the 3 dice \(by die index, 0\.\.2\)$"),
    (keep_phase, TurnBack(), "^Ann has rolled: next, keep 2"),
    (keep_phase, Stay(), "^Ann must choose the dice to keep before a treasure action$"),
    (keep_phase, PickUp(), "^Ann must choose the dice to keep before a treasure action$"),
    # forced dice: each game checks them against its own dice
    (before_rolling, Roll(dice=(1, 2)),
     r"^dice must be three faces, one per die: 0 or 3, 1 or 3, 1 or 2; got \(1, 2\)"),
    (before_rolling, Roll(dice=(2, 2)), r"\(this game: boost\)$"),
    (boosted, Roll(dice=(3, 3)), "^dice must be three faces, one per die"),
    (classic_before_rolling, Roll(dice=(0, 3, 2)), r"^dice must be two faces, each 1, 2 or 3; got \(0, 3, 2\)$"),
], ids=lambda x: getattr(x, "__name__", None) or (type(x).__name__ if not isinstance(x, str) else None))
def test_an_illegal_boost_action_names_the_rule_and_changes_nothing(build, action, match):
    assert_refused(build(), action, match)


@pytest.mark.parametrize("action", [Roll(dice=(1, 2)), Roll(dice=(3, 1, 2))])
def test_forced_dice_of_another_game_are_refused_with_or_without_a_seat(action):
    g = Game(players=2, seed=4, variant="boost") if len(action.dice) == 2 else Game(players=2, seed=4)
    assert_refused(g, action, "^dice must be", seat=0)
    assert_refused(g, action, "^dice must be")


def test_a_roll_that_is_no_face_of_its_die_is_refused():
    with pytest.raises(ValueError, match="dice must be"):  # 1 is no face of Boost's die 0 (0 or 3)
        Roll(dice=(1, 3, 2))
    g = Game(players=2, seed=1, variant=Variant("low", ((0, 3), (1, 3), (1,)), keep=2, boost_air=1))
    assert_refused(g, Roll(dice=(0, 3, 2)), r"^dice must be three faces, one per die: 0 or 3, 1 or 3, 1; got "
                                            r"\(0, 3, 2\) \(this game: low\)$")


def test_a_diver_back_in_the_sub_cannot_boost():
    g = boost_game(TRAIL8, [0, 4], returning=[True, False], carried=[[], [1]], last_returned=0, turn=1)
    assert g.divers[0].back and g.current_player == 1
    assert_refused(g, Boost(), "^Ann is back in the submarine: it takes no more turns this dive, so it cannot boost$",
                   seat=0)


def test_a_boost_for_a_seat_whose_turn_it_is_not_is_refused():
    g = boost_game(TRAIL8, [0, 0])
    assert_refused(g, Boost(), "^it is Ann's turn$", seat=1)
    assert_refused(g, Boost(), r"^seat 5: no such seat", seat=5)


def test_nothing_after_the_game_is_over():
    g = boost_game([], [0, 0], dive=3)
    assert g.is_over and g.legal_actions() == []
    for action in (Boost(), Keep((0, 1)), Roll(dice=(0, 1, 1))):
        assert_refused(g, action, "^the game is over$")


def test_a_variant_without_a_choice_of_dice_names_itself():
    g = Game(players=2, seed=1, variant=Variant("three dice", ((1, 2), (1, 2), (1, 2))))
    assert g.legal_actions() == [Roll()]
    assert_refused(g, Boost(), r"^there is no Boost in this game \(three dice\)$")


@pytest.mark.parametrize("dice", ["01", 1, (0, -1), (True, 1), (0, 1.0), [None], ((0, 1),)])
def test_keep_values_that_are_not_die_indices_are_a_value_error(dice):
    with pytest.raises(ValueError, match="^Keep dice must be die indices"):
        Keep(dice)


def test_keep_is_by_die_index_in_any_order():
    assert Keep((2, 0)) == Keep((0, 2)) == Keep([0, 2]) and Keep((2, 0)).to_dict() == {"type": "keep", "dice": [0, 2]}
    g = boost_game(TRAIL8, [0, 0])
    play(g, Roll(dice=(3, 1, 2)), Keep((2, 0)))
    assert g.divers[0].position == 5 and g.history[-1] == Keep((0, 2))


@pytest.mark.parametrize("dice", [(0, 1), (1, 2, 3), (3, 0), (0, 1, 3), (3, 3, 3)])
def test_a_roll_of_no_edition_is_a_value_error_naming_both_editions_dice(dice):
    with pytest.raises(ValueError, match="dice must be two faces, each 1, 2 or 3") as caught:
        Roll(dice=dice)
    assert ("Boost game, three faces, one per die: 0 or 3, 1 or 3, 1 or 2" in str(caught.value)) == (len(dice) == 3)


def test_boost_rolls_are_rolls():
    for dice in BOOST.rolls:
        assert Roll(dice=dice).to_dict() == {"type": "roll", "dice": list(dice)}
