"""A Boost game at the table (RULES.md, "Boost"): intents with boost and keep, refusals that
name the rule, undo, saves, new games, edit mode, the board's view and bots playing it."""
import json

import pytest

from deepsea_widget.app import play
from deepsea_widget.board_view import board_view, boost_air, reasons
from deepsea_widget.rules import BOOST, CLASSIC, Boost, Game, Keep, PickUp, Roll, Stay
from deepsea_widget.table import Table


def boost_table(**kwargs):
    kwargs.setdefault("players", ["Ann", "Bob"])
    kwargs.setdefault("bots", {})
    kwargs.setdefault("seed", 3)
    return Table(variant="boost", **kwargs)


def send(table, **msg):
    msg.setdefault("seq", table.seq)
    return table.handle(msg)


def act(table, seat, **action):
    return send(table, type="action", seat=seat, action=action)


def state(table):
    return table.game.to_json(), table.seq, list(table.log)


def test_a_boost_turn_by_intents_counts_all_three_dice_at_one_more_air():
    table = boost_table()
    assert table.game.variant is BOOST and table.game.phase == "roll"
    assert act(table, 0, type="boost"), table.error
    assert table.game.air == 24 and table.game.boosted and table.game.phase == "roll"
    assert act(table, 0, type="roll"), table.error
    roll = table.last_roll
    assert roll["name"] == "Ann" and roll["boosted"] is True and roll["kept"] == [0, 1, 2]
    assert roll["move"] == sum(roll["dice"]) and table.game.phase == "treasure"
    assert table.game.divers[0].position == roll["move"]
    # the log reads the turn in order: breath, Boost, the roll with its dice kept, the move
    turn = table.log_turns()[0]
    assert turn[:3] == ["Ann carries nothing: air stays 25", "Ann boosts: air 25 → 24",
                        f"Ann rolls {', '.join(map(str, roll['dice']))}: Boost, keeps "
                        f"{' + '.join(map(str, roll['dice']))} = {roll['move']}: moves {roll['move']}"]
    assert turn[3].startswith("Ann moves from the submarine to space")


def test_without_a_boost_the_roll_waits_for_the_person_to_keep_two_dice():
    table = boost_table()
    assert act(table, 0, type="roll"), table.error
    rolled = table.last_roll
    assert table.game.phase == "keep" and rolled["kept"] is None and rolled["move"] is None
    assert len(rolled["dice"]) == 3 and rolled["keep"] == 2
    view = board_view(table, odds=[None, None], options=None)
    assert view["phase"] == "keep" and view["rolled"] == rolled["dice"] and view["kept"] is None
    assert [a for a in view["legal"]] == [{"type": "keep", "dice": [0, 1]}, {"type": "keep", "dice": [0, 2]},
                                          {"type": "keep", "dice": [1, 2]}]
    assert view["reasons"]["roll"] == "Ann has rolled: next, keep 2 of the 3 dice (by die index, 0..2)"
    assert view["reasons"]["boost"] == "Ann has rolled: a Boost is declared before rolling"
    # the pair in any order: the table keeps dice 2 and 0
    assert act(table, 0, type="keep", dice=[2, 0]), table.error
    kept = table.last_roll
    faces = rolled["dice"]
    assert kept["kept"] == [0, 2] and kept["move"] == faces[0] + faces[2] and kept["dice"] == faces
    assert table.game.phase == "treasure" and table.game.history[-1] == Keep((0, 2))
    turn = table.log_turns()[0]
    assert turn[1] == f"Ann rolls {', '.join(map(str, faces))} and chooses 2 dice to keep"
    assert turn[2] == (f"Ann rolls {', '.join(map(str, faces))}: keeps {faces[0]} + {faces[2]} = "
                       f"{faces[0] + faces[2]}: moves {kept['move']}")


@pytest.mark.parametrize("before, action, words", [
    ([], {"type": "keep", "dice": [0, 1]}, "Ann must roll before choosing the dice to keep"),
    ([Roll()], {"type": "keep", "dice": [1, 1]}, "Ann keeps the same die twice: keep 2 different dice"),
    ([Roll()], {"type": "keep", "dice": [0, 5]}, "die 5 was not rolled: the dice are 0..2"),
    ([Roll()], {"type": "keep", "dice": [0, 1, 2]}, "Ann keeps 2 dice, not 3 (all of them count only after a Boost"),
    ([Roll()], {"type": "keep", "dice": [-1, 0]}, "dice: must be a list of die indices"),
    ([Roll()], {"type": "boost"}, "Ann has rolled: a Boost is declared before rolling"),
    ([Roll()], {"type": "pick_up"}, "Ann must choose the dice to keep before a treasure action"),
    ([Roll()], {"type": "roll"}, "Ann has rolled: next, keep 2 of the 3 dice"),
    ([Boost()], {"type": "boost"}, "Ann has already boosted this turn (once per turn)"),
    ([Boost(), Roll()], {"type": "keep", "dice": [0, 1]}, "Ann has moved this turn (it boosted, so every die counted)"),
    ([], {"type": "roll", "dice": [0, 3, 2]}, "the board cannot choose the dice"),
    ([], {"type": "roll", "dice": [2, 2, 2]}, "dice: must be three faces, one per die: 0 or 3, 1 or 3, 1 or 2"),
])
def test_refusals_name_the_rule_and_change_nothing(before, action, words):
    table = boost_table()
    for a in before:
        table.apply(a)
    was = state(table)
    refusals = table.refusals
    assert not act(table, 0, **action)
    assert words in table.error, table.error
    assert state(table) == was and table.refusals == refusals + 1
    assert words in board_view(table, odds=[None, None])["error"]


def test_a_classic_game_refuses_boost_and_keep_naming_the_variant():
    table = Table(players=["Ann", "Bob"], bots={}, seed=3)
    for action in ({"type": "boost"}, {"type": "keep", "dice": [0, 1]}):
        assert not act(table, 0, **action)
        assert "is an action of the Boost variant, not of this game's (classic" in table.error, table.error
    view = board_view(table, odds=[None, None])
    assert view["boost"] is None and view["boost_air"] is None
    assert "boost" not in view["reasons"] and "keep" not in view["reasons"]


def test_undo_takes_back_a_keep_then_the_roll_then_the_boost():
    table = boost_table()
    table.apply(Roll((0, 3, 2)))
    table.apply(Keep((1, 2)))
    assert table.game.divers[0].position == 5 and table.last_roll["kept"] == [1, 2]
    table.undo()  # the keep: the same dice, to choose again
    assert table.game.phase == "keep" and table.game.last_roll == (0, 3, 2)
    assert table.last_roll == {"name": "Ann", "seat": 0, "dice": [0, 3, 2], "move": None, "kept": None,
                               "boosted": False, "keep": 2}
    table.apply(Keep((0, 1)))
    assert table.game.divers[0].position == 3
    table.undo()
    table.undo()  # the roll
    assert table.game.phase == "roll" and table.last_roll is None
    table.apply(Boost())
    assert table.game.air == 24
    table.undo()
    assert table.game.air == 25 and not table.game.boosted and table.game.history == ()


def test_fair_play_keeps_the_roll_but_lets_a_person_choose_the_dice_again():
    table = boost_table(fair_play=True)
    table.apply(Roll((3, 1, 2)))
    table.apply(Keep((0, 1)))
    assert table.can_undo and table.undo_refusal is None  # the keep takes back no roll
    table.undo()
    assert table.game.phase == "keep" and table.game.last_roll == (3, 1, 2)
    assert table.undo_refusal.startswith("Fair play: Undo cannot take back a roll")


def test_saves_keep_the_variant_and_the_dice_to_choose_from():
    table = boost_table(bots={"Cy": "cautious"})
    table.apply(Boost())
    table.apply(Roll())
    table.apply(Stay())
    table.apply(Roll())  # Bob chooses next
    text = table.to_json()
    assert json.loads(text)["game"]["start"]["variant"] == "boost"
    loaded = Table.from_json(text)
    assert loaded.game.variant is BOOST and loaded.game.phase == "keep"
    assert loaded.game.last_roll == table.game.last_roll and loaded.last_roll == table.last_roll
    assert loaded.log == table.log and loaded.bot_seats == {2: "cautious"}
    assert act(loaded, 1, type="keep", dice=[0, 1]), loaded.error
    # load into a classic table: the variant comes with the save; Undo brings the classic game back
    classic = Table(players=["Ann", "Bob"], bots={}, seed=1)
    classic.load_json(text)
    assert classic.game.variant is BOOST and classic.game.phase == "keep"
    classic.undo()  # Bob's roll (a person's action)
    classic.undo()
    classic.undo()
    classic.undo()
    assert classic.game.variant is BOOST and classic.game.history == ()
    classic.undo()  # back to the game the load replaced
    assert classic.game.variant is CLASSIC


def test_new_game_keeps_the_variant_and_undo_brings_the_old_game_back():
    table = boost_table()
    table.apply(Boost())
    table.new_game(seed=9)
    assert table.game.variant is BOOST and table.game.history == ()
    table.undo()
    assert table.game.variant is BOOST and table.game.history == (Boost(),)


def test_edit_mode_works_in_a_boost_game_and_keeps_it_one():
    table = boost_table()
    table.apply(Roll((3, 3, 2)))
    table.apply(Keep((0, 1)))
    table.apply(PickUp())
    table.apply(Roll((0, 1, 1)))  # Bob chooses: an edit starts his turn afresh
    assert send(table, type="mode", mode="edit"), table.error
    assert send(table, type="edit", edit={"op": "set_air", "air": 9}), table.error
    game = table.game
    assert game.variant is BOOST and game.air == 9 and game.phase == "roll" and game.current_player == 1
    assert send(table, type="edit", edit={"op": "move_diver", "seat": 1, "position": 3}), table.error
    assert table.game.variant is BOOST and board_view(table, odds=[None, None])["boost"]["keep"] == 2
    assert send(table, type="mode", mode="play"), table.error
    assert act(table, 1, type="boost") and table.game.air == 8
    assert act(table, 1, type="roll") and table.game.phase == "treasure"
    table.undo()
    table.undo()
    table.undo()  # back to the game before the set-up: Bob still chooses from 0, 1, 1
    assert table.game.phase == "keep" and table.game.last_roll == (0, 1, 1) and table.game.variant is BOOST


def test_the_view_says_what_a_boost_costs_and_why_it_is_refused():
    table = boost_table(players=["Ann", "Bob", "Cy"])
    view = board_view(table, odds=[None] * 3)
    assert view["boost"] == {"name": "boost", "dice": 3, "keep": 2, "air": 1}
    assert view["boost_air"] == 1 and {"type": "boost"} in view["legal"] and view["variant"] == "boost"
    table.apply(Boost())
    view = board_view(table, odds=[None] * 3)
    assert view["boost_air"] is None and view["boosted"] is True
    assert view["reasons"]["boost"] == "Ann has already boosted this turn (once per turn)"
    assert reasons(table.game)["keep"] == "Ann must roll before choosing the dice to keep"
    # a stuck diver cannot boost: no cost to show
    game = Game.from_position(players=["Ann", "Bob"], trail=[None, [1]], positions=[1, 2], variant="boost")
    assert boost_air(game) is None and "cannot boost" in reasons(game)["boost"]


def test_bots_play_a_whole_boost_game_a_turn_per_step():
    table = Table(players=[], bots={"Ada": "odds", "Bo": "cautious", "Cy": "random"}, seed=11, variant="boost")
    steps = 0
    while not table.game.is_over:
        moves = len(table.game.history)
        table.bot_step()
        steps += 1
        # each step is one whole turn: the next starts (or the game is over), never halfway
        assert table.game.is_over or (table.game.phase == "roll" and not table.game.boosted)
        assert len(table.game.history) > moves and steps < 500
    history = table.game.history
    assert any(isinstance(a, Boost) for a in history) and any(isinstance(a, Keep) for a in history)
    log = table.log
    assert any(" boosts: air " in line for line in log) and any(": keeps " in line for line in log)
    assert any("Boost, keeps" in line for line in log)


def test_play_takes_the_variant_and_names_a_bad_one():
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=2, variant="boost", panels=False)
    assert app.game.variant is BOOST and app.board.view["boost"]["dice"] == 3
    app.apply(Boost())
    assert app.game.boosted and app.board.view["boosted"] is True and app.board.view["air"] == 24
    with pytest.raises(ValueError, match="variant: unknown variant 'turbo'"):
        play(players=["Ann", "Bob"], variant="turbo", panels=False)
    with pytest.raises(ValueError, match="variant: the game given already has its variant"):
        Table(game=Game(players=2, variant="boost"), variant="boost")


def test_play_load_refuses_a_variant_the_save_brings_its_own(tmp_path):
    app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=2, variant="boost", panels=False)
    path = app.save(tmp_path / "boost.json")
    assert play(load=path, panels=False).game.variant is BOOST
    with pytest.raises(ValueError, match="load: a saved game brings its own players, bots, dice and variant"):
        play(load=path, variant="boost", panels=False)
