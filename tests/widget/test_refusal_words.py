"""The board words an edit's refusal from what the rules' FieldError carries (where, a code and
its facts), never from the message: a change of the engine's wording leaves the board's as it is."""
import ast
import pathlib

import pytest

from deepsea_widget.rules.errors import FIELD_CODES, FieldError
from deepsea_widget.table import Table
from deepsea_widget.table.edit_words import position_refusal

RULES = pathlib.Path(__file__).parents[2] / "deepsea_widget" / "rules"
NAMES = ["Ann", "Bob", "Cy"]
ENGINE = "the engine's own words, which the board never reads"


def raised_codes():
    """(code, facts given) of every FieldError the rules raise with a code."""
    for path in RULES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "FieldError"
                    and len(node.args) >= 3):
                yield node.args[2].value, {k.arg for k in node.keywords}


def test_every_code_the_rules_raise_is_listed_with_its_facts_and_the_board_has_words_for_it():
    raised = dict(raised_codes())
    assert set(raised) == set(FIELD_CODES)
    for code, facts in raised.items():
        assert facts == set(FIELD_CODES[code]), code
        sample = {"seat": 1, "other": 0 if code == "both_on_space" else ("carried", 2, 0), "space": 5, "got": 33,
                  "last": 32, "level": 2, "most": 8, "chip": 9}
        words = position_refusal(FieldError(("positions", 1), ENGINE, code, **{k: sample[k] for k in facts}), NAMES)
        assert ENGINE not in words and words


@pytest.mark.parametrize("error, op, words", [
    (FieldError(("positions", 2), ENGINE, "both_on_space", seat=2, other=1, space=5), "move_diver",
     "Cy and Bob are both on space 5"),
    (FieldError(("positions", 0), ENGINE, "position_range", seat=0, got=33, last=32), "move_diver",
     "Ann's position: must be 0 (the sub) or a trail space 1..32, got 33"),
    (FieldError(("trail", 2), ENGINE, "item_shape", got=[1, 1, 1, 1]), "set_space",
     "space 3: an item is a level 1..4 or a stack of 1..3 levels, got [1, 1, 1, 1]"),
    (FieldError(("carried", 1, 0), ENGINE, "chip_level", got=7), "give_item",
     "Bob's item 1: chip levels are 1..4, got 7"),
    (FieldError(("trail", 0), ENGINE, "chip_elsewhere", chip=9, other=("carried", 2, 0)), "set_space",
     "space 1: chip 9 is already in Cy's item 1"),
    (FieldError(("turn",), ENGINE, "turn_back_in_sub", seat=1), "set_turn",
     "Bob is back in the submarine this dive, so cannot take the turn: choose a diver still in the water"),
    (FieldError(("turn",), ENGINE, "turn_back_in_sub", seat=1), "move_diver",
     "Bob is the diver to play, so cannot be back in the submarine: give another diver the turn first (Whose turn)"),
    # a check the board has no words for: where it is in the board's words, then the rules' reason
    (FieldError(("returning", 2), "must be true or false, got 'yes'"), "set_heading",
     "Cy's heading: must be true or false, got 'yes'"),
    (FieldError(("air",), "must be 1..25 before a turn starts, got 0"), "set_air",
     "air: must be 1..25 before a turn starts, got 0"),
])
def test_refusals_are_worded_from_where_code_and_facts(error, op, words):
    assert position_refusal(error, NAMES, op) == words


def test_a_refused_edit_keeps_the_op_for_python_and_the_board_words_it_without():
    table = Table(players=["Ann", "Bob"], bots={"Cy": "cautious"}, seed=3)
    table.set_mode("edit")
    assert table.handle({"type": "edit", "seq": table.seq, "edit": {"op": "move_diver", "seat": 1, "position": 5}})
    assert not table.handle({"type": "edit", "seq": table.seq, "edit": {"op": "move_diver", "seat": 2, "position": 5}})
    assert table.error == "edit refused: Cy and Bob are both on space 5"
    assert table.board_error == "Edit refused: Cy and Bob are both on space 5"
    assert table.edit_refusal({"op": "move_diver", "seat": 2, "position": 5}) == "Cy and Bob are both on space 5"
    # a refusal that is not an edit's is shown as it is, and goes with the next change
    table.refuse("edit-looking: but the board's own message")
    assert table.board_error == table.error == "edit-looking: but the board's own message"
    assert table.handle({"type": "edit", "seq": table.seq, "edit": {"op": "set_air", "air": 9}})
    assert table.board_error == table.error == ""
