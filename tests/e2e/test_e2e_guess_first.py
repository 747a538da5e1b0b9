"""Guess first in a real JupyterLab: Ann's chance of getting home is hidden (from the page and
from the kernel's synced view), she types a guess with the keyboard, the number appears
beside it, she rolls, and Undo is refused by fair play with the reason on the button."""
from __future__ import annotations

import json

import pytest

from board_page import BoardPage, focused_key
from test_e2e_accessibility import axe

pytestmark = pytest.mark.e2e

CELL = ("from deepsea_widget import play\n"
        "app = play(players=['Ann'], bots={'Cy': 'cautious'}, seed=5, guess_first=True, panels=False)\n"
        "app")
# The kernel's side: what the board was sent (the synced view), and the number it hides.
KERNEL = ("dict(seq=app.table.seq, badge=app.board.view['badges'][0], choices=app.board.view['choices'],"
          " guess=app.board.view['guess'], undo_refusal=app.table.undo_refusal,"
          " history=[a.to_dict() for a in app.game.history],"
          " rows=[{k: r[k] for k in ('guess', 'shown', 'shown_text', 'question')} for r in app.calibration().rows],"
          " real=__import__('deepsea_widget.board_view', fromlist=['badges']).badges(app.game)[0])")


def test_a_guess_first_turn_hides_the_number_until_the_guess_then_undo_cannot_take_back_the_roll(open_notebook):
    nb = open_notebook([CELL])
    nb.run_cell(0, timeout=120)
    board = BoardPage(nb).wait_drawn()
    card = board.root.locator(".dsw-diver").nth(0)
    field = board.root.get_by_role("textbox", name="Your guess: chance Ann gets home, %")
    field.wait_for()

    # Hidden: not in the kernel's synced view, not on the page; Roll waits for the guess.
    state = nb.eval_json(KERNEL)
    assert state["badge"] is None and state["choices"] is None and state["guess"]["asking"] == 0
    real = state["real"]
    assert "P(home): hidden until you guess" in card.text_content()
    page_html = board.root.inner_html()
    assert real["shown"] not in board.root.text_content() and json.dumps(real["p"]) not in page_html
    assert real["question"] not in page_html
    roll = board.button("Roll")
    assert roll.is_disabled() and roll.get_attribute("data-reason").startswith("Guess first: type your guess")
    assert axe(board)["violations"] == []  # (WCAG 2.1 A/AA: the field is labelled and described)
    board.screenshot("guess-first-asked")

    # By keyboard: R says why it waits, G goes to the field, the guess and Enter send it.
    board.root.locator(".dsw-status").click()
    nb.page.keyboard.press("r")
    assert board.root.locator(".dsw-sr[role=status]").text_content().startswith("Roll: Guess first")
    nb.page.keyboard.press("g")
    assert focused_key(board) == "guess"
    before = board.seq()
    nb.page.keyboard.type("40")
    nb.page.keyboard.press("Enter")
    board.wait_seq_after(before)

    # The number beside the guess, with its question; the same number in the kernel and on the card.
    told = board.root.locator(".dsw-guess-told")
    told.wait_for()
    state = nb.eval_json(KERNEL)
    row = state["rows"][0]
    assert row["guess"] == 0.4 and row["shown"] == real["p"] and state["badge"]["p"] == real["p"]
    assert told.text_content() == f"Ann: you guessed 40%, the odds say {row['shown_text']}"
    assert row["question"] in board.root.locator(".dsw-guess-question").text_content()
    nb.page.wait_for_function("el => !/hidden until you guess/.test(el.textContent)", arg=card.element_handle())
    assert f"P(home) {real['shown']}" in card.text_content()
    assert not field.is_visible()
    assert axe(board)["violations"] == []
    board.screenshot("guess-first-told")

    # Roll; then Undo is refused: the kernel's reason is the one the button shows.
    board.click("Roll")
    board.wait_still()
    state = nb.eval_json(KERNEL)
    assert state["history"] == [{"type": "roll"}]
    assert state["undo_refusal"].startswith("Fair play: Undo cannot take back a roll")
    undo = board.button("Undo")
    nb.page.wait_for_function("([el, s]) => el.dataset.seq === s", arg=[board.root.element_handle(), str(state["seq"])])
    assert undo.is_disabled() and undo.get_attribute("data-reason") == state["undo_refusal"]
    undo.click(force=True)  # a forced click on the disabled button sends nothing
    board.root.locator(".dsw-status").click()
    nb.page.keyboard.press("u")
    assert board.root.locator(".dsw-sr[role=status]").text_content() == f"Undo: {state['undo_refusal']}"
    after = nb.eval_json(KERNEL)
    assert after["history"] == [{"type": "roll"}] and after["seq"] == state["seq"]
