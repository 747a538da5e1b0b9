"""Boost games saved, loaded, undone and copied: the history holds Boost and Keep, the save
records the variant, a save without one is the original game's, and a bad one is a SaveError
naming the field."""
from __future__ import annotations

import json

import pytest

from deepsea_widget import Game, SaveError
from deepsea_widget.rules import BOOST, CLASSIC, Boost, Keep, PickUp, Roll, Stay, Variant, action_from_dict
from deepsea_widget.rules.errors import FieldError


def boost_turns() -> Game:
    """A Boost game after a boosted turn, a kept turn, and a roll waiting for its choice."""
    g = Game(players=["Ann", "Bob", "Cy"], seed=8, variant="boost")
    for action in (Boost(), Roll(), PickUp(), Roll(dice=(3, 1, 2)), Keep((0, 2)), PickUp(), Roll()):
        g.apply(action)
    assert g.phase == "keep"
    return g


def test_the_history_holds_boost_and_keep_and_a_save_round_trips():
    g = boost_turns()
    assert [type(a).__name__ for a in g.history] == ["Boost", "Roll", "PickUp", "Roll", "Keep", "PickUp", "Roll"]
    text = g.to_json()
    data = json.loads(text)
    assert data["start"]["variant"] == "boost"
    assert data["history"][:2] == [{"type": "boost"}, {"type": "roll"}]
    assert data["history"][4] == {"type": "keep", "dice": [0, 2]}
    assert data["state"]["phase"] == "keep"
    loaded = Game.from_json(text)
    assert loaded.variant is BOOST and loaded.to_json() == text and loaded.public_view() == g.public_view()
    assert loaded.last_roll == g.last_roll and loaded.legal_actions() == g.legal_actions()
    # the loaded game plays on exactly as the original does
    for game in (g, loaded):
        game.apply(Keep((1, 2)))
    assert loaded.to_json() == g.to_json()


def test_undo_takes_back_a_keep_and_a_boost():
    g = Game(players=2, seed=8, variant="boost")
    air = g.air
    g.apply(Boost())
    assert g.undo() == Boost()
    assert not g.boosted and g.air == air and g.legal_actions() == [Roll(), Boost()]
    g.apply(Roll())
    rolled = g.last_roll
    before = g.to_json()
    g.apply(Keep((0, 1)))
    assert g.undo() == Keep((0, 1))
    assert g.to_json() == before and g.phase == "keep" and g.last_roll == rolled and g.kept is None
    g.undo()  # the roll: the same dice come up again
    g.apply(Roll())
    assert g.last_roll == rolled


def test_a_copy_in_the_keep_phase_is_the_replayed_game():
    g = boost_turns()
    c = g.copy()
    replayed = Game._replay(g._start, g.history)
    for game in (c, replayed):
        assert game.to_json() == g.to_json() and game.public_view() == g.public_view()
        assert (game.boosted, game.last_roll, game.kept) == (g.boosted, g.last_roll, g.kept)
    c.apply(Keep((0, 1)))
    assert g.phase == "keep"  # the copy is independent


def test_history_events_replay_the_boost_turns():
    g = Game(players=2, seed=8, variant="boost")
    played = [tuple(g.apply(a)) for a in (Boost(), Roll(), Stay(), Roll(), Keep((0, 1)))]
    assert [[str(e) for e in t] for t in g.history_events()] == [[str(e) for e in t] for t in played]


def test_a_classic_save_has_no_variant_and_loads_as_classic():
    g = Game(players=3, seed=5)
    for a in (Roll(), PickUp(), Roll()):
        g.apply(a)
    text = g.to_json()
    assert "variant" not in json.loads(text)["start"]
    loaded = Game.from_json(text)
    assert loaded.variant is CLASSIC and loaded.to_json() == text


def test_a_save_that_names_the_classic_variant_loads_as_classic():
    data = json.loads(Game(players=2, seed=5).to_json())
    data["start"]["variant"] = "classic"
    assert Game.from_json(json.dumps(data)).variant is CLASSIC


def test_a_custom_variant_is_saved_by_its_parameters():
    slow = Variant("slow boost", BOOST.dice, keep=2, boost_air=2)
    g = Game(players=2, seed=5, variant=slow)
    g.apply(Boost())
    data = json.loads(g.to_json())
    assert data["start"]["variant"] == {"name": "slow boost", "dice": [[0, 3], [1, 3], [1, 2]], "keep": 2,
                                        "boost_air": 2}
    loaded = Game.from_json(g.to_json())
    assert loaded.variant == slow and loaded.air == 23


def saved_boost() -> dict:
    g = Game(players=["Ann", "Bob"], seed=5, variant="boost")
    for a in (Boost(), Roll(), Stay(), Roll(dice=(0, 1, 2)), Keep((1, 2))):
        g.apply(a)
    return json.loads(g.to_json())


@pytest.mark.parametrize("change, path, words", [
    (lambda d: d["start"].update(variant="turbo"), ("start", "variant"), "unknown variant 'turbo' (classic or boost)"),
    (lambda d: d["start"].update(variant=3), ("start", "variant"), "expected 'classic', 'boost', a Variant"),
    (lambda d: d["start"].update(variant=None), ("start", "variant"), "must be 'classic', 'boost' or a variant's"),
    (lambda d: d["start"].update(variant={"dice": [[0, 3], [1, 3]], "keep": 2, "speed": 1}),
     ("start", "variant", "speed"), "not a variant parameter"),
    (lambda d: d["start"].update(variant={"keep": 2}), ("start", "variant", "dice"), "missing"),
    (lambda d: d["start"].update(variant={"dice": [[0, 3], []]}), ("start", "variant", "dice"),
     "must be a list of 1..6 dice, each a list of 1..12 faces"),
    (lambda d: d["start"].update(variant={"dice": [[0, "3"]]}), ("start", "variant", "dice"), "whole numbers 0..20"),
    (lambda d: d["start"].update(variant={"dice": [[1, 2]] * 3, "keep": 4}), ("start", "variant", "keep"),
     "must be None or 1..3"),
    (lambda d: d["start"].update(variant={"dice": [[1, 2]] * 3, "keep": 2, "boost_air": -1}),
     ("start", "variant", "boost_air"), "must be a whole number 0..25"),
    (lambda d: d["start"].update(variant={"dice": [[1, 2]] * 3, "name": ""}), ("start", "variant", "name"),
     "must be a non-empty string"),
    # the history, read with the save's own variant
    (lambda d: d["history"].__setitem__(4, {"type": "keep", "dice": [0, 5]}), ("history", 4),
     "cannot be played here: die 5 was not rolled: the dice are 0..2"),
    (lambda d: d["history"].__setitem__(4, {"type": "keep", "dice": [1, 1]}), ("history", 4),
     "cannot be played here: Bob keeps the same die twice"),
    (lambda d: d["history"].__setitem__(4, {"type": "keep"}), ("history", 4, "dice"), "missing"),
    (lambda d: d["history"].__setitem__(4, {"type": "keep", "dice": [0, "1"]}), ("history", 4, "dice"),
     "must be a list of die indices (whole numbers from 0), got [0, '1']"),
    (lambda d: d["history"].__setitem__(4, {"type": "keep", "dice": [0, 1], "boost": True}), ("history", 4, "boost"),
     "not a field of a keep action; it has type and dice"),
    (lambda d: d["history"].__setitem__(3, {"type": "roll", "dice": [1, 2]}), ("history", 3, "dice"),
     "must be three faces, one per die: 0 or 3, 1 or 3, 1 or 2, got [1, 2]"),
    (lambda d: d["history"].__setitem__(1, {"type": "boost"}), ("history", 1),
     "cannot be played here: Ann has already boosted this turn"),
    (lambda d: d["history"].insert(3, {"type": "boost"}), ("history", 5),
     "cannot be played here: Bob has moved this turn (it boosted, so every die counted): pick up or stay"),
    (lambda d: d["state"].update(phase="keep"), ("state", "phase"), "the save says \"keep\", but replaying"),
])
def test_a_bad_boost_save_is_a_save_error_naming_the_field(change, path, words):
    data = saved_boost()
    change(data)
    with pytest.raises(SaveError) as caught:
        Game.from_json(json.dumps(data))
    assert caught.value.path == path and words in caught.value.reason, str(caught.value)


def test_boost_actions_in_a_classic_save_are_refused_by_name():
    data = json.loads(Game(players=2, seed=5).to_json())
    data["history"] = [{"type": "boost"}]
    with pytest.raises(SaveError) as caught:
        Game.from_json(json.dumps(data))
    assert caught.value.path == ("history", 0, "type")
    assert caught.value.reason == ("'boost' is an action of the Boost variant, not of this game's (classic; it is "
                                   "one of roll, turn_back, pick_up, drop or stay)")


# ----- parsing actions ------------------------------------------------------------
def test_boost_action_dicts_round_trip_with_the_variant():
    for a in (Boost(), Keep((0, 2)), Roll(dice=(3, 1, 2)), Roll()):
        assert action_from_dict(json.loads(json.dumps(a.to_dict())), BOOST) == a


@pytest.mark.parametrize("data, variant, field, words", [
    ({"type": "boost"}, None, "type", "'boost' is an action of the Boost variant, not of this game's (classic;"),
    ({"type": "keep", "dice": [0, 1]}, CLASSIC, "type", "'keep' is an action of the Boost variant"),
    ({"type": "fly"}, BOOST, "type", "unknown action type 'fly' (it is one of roll, turn_back, boost, keep, "
                                     "pick_up, drop or stay)"),
    ({"type": "keep", "dice": "01"}, BOOST, "dice", "must be a list of die indices"),
    ({"type": "keep", "dice": [-1, 0]}, BOOST, "dice", "must be a list of die indices"),
    ({"type": "boost", "air": 2}, BOOST, "air", "not a field of a boost action; it has type"),
    ({"type": "roll", "dice": [0, 3, 2]}, None, "dice", "must be two faces, each 1, 2 or 3, got [0, 3, 2]"),
    ({"type": "roll", "dice": [1, 2]}, BOOST, "dice", "must be three faces, one per die: 0 or 3, 1 or 3, 1 or 2"),
    ({"type": "roll", "dice": [0, True, 1]}, BOOST, "dice", "must be three faces"),
])
def test_action_from_dict_refuses_by_field_for_the_games_variant(data, variant, field, words):
    with pytest.raises(FieldError) as caught:
        action_from_dict(data, variant)
    assert caught.value.path == (field,) and words in caught.value.reason, str(caught.value)


def test_a_custom_variants_forced_dice_are_parsed_with_its_variant():
    big = Variant("big dice", ((4, 5, 6), (4, 5, 6), (4, 5, 6)), keep=2, boost_air=1)
    action = action_from_dict({"type": "roll", "dice": [6, 5, 4]}, big)
    g = Game(players=2, seed=1, variant=big)
    g.apply(action)
    g.apply(Keep((0, 1)))
    assert g.divers[0].position == 11 and Game.from_json(g.to_json()).to_json() == g.to_json()
