"""Edit mode on the board in a real JupyterLab: set up a what-if position by
clicking, every edit checked by the kernel, refused edits shown with their
reason; then back to play from the edited position."""
from __future__ import annotations

import re

import pytest

from board_page import BoardPage, assert_board_matches, kernel_state, play_cell

pytestmark = pytest.mark.e2e


def test_edit_a_position_then_play_on(open_notebook):
    nb = open_notebook([play_cell(["Ann", "Bob"], {"Cy": "cautious"}, 3)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    root = board.root

    toggle = board.button("Edit position")
    assert toggle.get_attribute("aria-pressed") == "false"
    board.click("Edit position")
    assert toggle.get_attribute("aria-pressed") == "true"
    panel = root.get_by_role("region", name="Edit position")
    assert panel.is_visible()
    assert board.button("Roll").is_disabled()
    assert "Edit mode" in board.button("Roll").get_attribute("title")

    # The Air slider.
    before = board.seq()
    root.get_by_role("slider", name="Air").fill("9")
    board.wait_seq_after(before)
    assert board.air() == 9

    # Click a diver, then a space: Bob goes to space 6.
    root.get_by_role("button", name="Select Bob").click()
    assert "Bob picked" in panel.text_content()
    before = board.seq()
    root.get_by_role("button", name=re.compile(r"^Space 6:")).click()
    board.wait_seq_after(before)
    state = kernel_state(nb)
    assert state["mode"] == "edit"
    assert state["view"]["air"] == 9
    assert state["view"]["divers"][1]["position"] == 6
    assert_board_matches(board, state)

    # A refused edit: Ann onto Bob's space. The kernel says why; nothing changes.
    seq = board.seq()
    root.get_by_role("button", name="Select Ann").click()
    root.get_by_role("button", name=re.compile(r"^Space 6:")).click()
    alert = root.get_by_role("alert")
    alert.wait_for()
    assert "both on space 6" in alert.text_content()
    assert kernel_state(nb)["view"]["divers"][0]["position"] == 0
    assert board.seq() == seq

    # By keyboard: the pawn and the space are buttons (Enter picks, Enter puts).
    before = board.seq()
    root.get_by_role("button", name="Select Ann").focus()
    nb.page.keyboard.press("Enter")
    root.get_by_role("button", name=re.compile(r"^Space 2:")).focus()
    nb.page.keyboard.press("Enter")
    board.wait_seq_after(before)
    assert not alert.is_visible()  # the error goes with the next accepted edit

    # Change what lies on a space: click it (no diver picked), choose Blank.
    root.get_by_role("button", name=re.compile(r"^Space 3:")).click()
    assert "Space 3:" in panel.text_content()
    board.click("Blank")
    # Give Bob an item (level 1: one level-1 chip left the trail), turn him back, and make it his turn.
    root.get_by_role("combobox", name="Diver").select_option(label="Bob")
    root.get_by_role("combobox", name="Item level").select_option(label="Level 1")
    board.click("Give item")
    board.click("Heading back")
    before = board.seq()
    root.get_by_role("combobox", name="Whose turn").select_option(label="Bob")
    board.wait_seq_after(before)
    board.screenshot("board-edit-mode")

    state = kernel_state(nb)
    view = state["view"]
    assert view["trail"][2] is None
    bob = view["divers"][1]
    assert (bob["position"], bob["returning"], bob["carried"]) == (6, True, [[1]])
    assert view["divers"][0]["position"] == 2
    assert view["current_player"] == 1
    assert_board_matches(board, state)
    # Odds follow the edit at once: Bob is in the water, heading home.
    assert "P(home)" in root.locator(".dsw-diver").nth(1).text_content()

    # Take the item back, then give it again (Take item 1 is the item's button).
    board.click("Take item 1 (L1)")
    assert kernel_state(nb)["view"]["divers"][1]["carried"] == []
    board.click("Give item")

    # Back to play: Bob rolls from the edited position.
    board.click("Back to play")
    assert not panel.is_visible()
    assert board.button("Edit position").get_attribute("aria-pressed") == "false"
    board.click("Roll")
    board.wait_still()
    state = kernel_state(nb)
    assert state["mode"] == "play"
    assert state["history"] == [{"type": "roll"}]
    assert state["view"]["divers"][1]["position"] < 6
    assert_board_matches(board, state)
