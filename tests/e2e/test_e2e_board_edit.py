"""Edit mode on the board in a real JupyterLab: set up a what-if position by
clicking, every edit checked by the kernel, refused edits shown with their
reason; then back to play from the edited position."""
from __future__ import annotations

import re

import pytest

from board_page import BoardPage, assert_board_matches, focused_key, kernel_state, play_cell

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
    assert alert.text_content().startswith("Edit refused: Bob and Ann are both on space 6")  # no op names
    # the same words next to the edit controls (the banner may be scrolled out of sight)
    assert panel.locator('[data-key="edit-refusal"]').text_content() == alert.text_content()
    assert kernel_state(nb)["view"]["divers"][0]["position"] == 0
    assert board.seq() == seq

    # By keyboard: the pawn and the space are buttons. Enter picks Ann, and the focus goes to
    # where she stands (the sub: the pawns come after the trail in the Tab order); the arrow
    # keys move along the trail, and Enter puts her on space 2.
    before = board.seq()
    root.get_by_role("button", name="Select Ann").focus()
    nb.page.keyboard.press("Enter")
    assert focused_key(board) == "sub"
    assert "Ann picked" in panel.text_content() and "arrow keys" in panel.text_content()
    nb.page.keyboard.press("ArrowRight")
    nb.page.keyboard.press("ArrowRight")
    assert focused_key(board) == "space-2"
    nb.page.keyboard.press("Enter")
    board.wait_seq_after(before)
    assert not alert.is_visible()  # the error goes with the next accepted edit
    # Enter twice on a pawn: picked, then put down where it stands, with nothing sent (no Undo step)
    seq = board.seq()
    root.get_by_role("button", name="Select Ann").focus()
    nb.page.keyboard.press("Enter")
    assert focused_key(board) == "space-2"
    nb.page.keyboard.press("Enter")
    nb.page.wait_for_timeout(300)
    assert board.seq() == seq and "Ann picked" not in panel.text_content()

    # Change what lies on a space: click it (no diver picked), choose Blank.
    root.get_by_role("button", name=re.compile(r"^Space 3:")).click()
    assert "Space 3:" in panel.text_content()
    board.click("Blank")
    # A stack that is not chip levels is refused before sending, next to the controls as well;
    # picking a pawn then (a redraw of the same state) keeps the reason in sight.
    seq = board.seq()
    root.locator('[data-key="edit-stack"]').fill("9")
    root.locator('[data-key="edit-stack"]').press("Enter")
    line = panel.locator('[data-key="edit-refusal"]')
    assert "is not a chip level" in line.text_content() and line.is_visible()
    root.get_by_role("button", name="Select Bob").click()
    assert "is not a chip level" in line.text_content() and line.is_visible()
    root.get_by_role("button", name="Select Bob").click()  # (let go)
    assert board.seq() == seq
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
    board.click("Take item 1: level 1 chip")
    assert kernel_state(nb)["view"]["divers"][1]["carried"] == []
    board.click("Give item")

    # The far end: remove the last space, then add one back. Every chip is in play, so the
    # new space holds the one chip that is not: the level-4 chip just removed.
    length = len(kernel_state(nb)["view"]["trail"])
    # a full trail: Add is offered disabled, with Python's own reason
    assert length == 32
    assert board.button("Add a space").is_disabled()
    assert board.button("Add a space").get_attribute("title") == "The trail is full (at most 32 spaces)"
    board.click("Remove the last space")
    assert len(kernel_state(nb)["view"]["trail"]) == length - 1
    board.click("Add a space")
    trail = kernel_state(nb)["view"]["trail"]
    assert len(trail) == length and trail[-1] == [4]
    # The new last space picked, then the space taken back by Undo: the space editor lets go of
    # it (a level set there would have added the space back), and the far end's buttons return.
    root.get_by_role("button", name=re.compile(rf"^Space {length}:")).click()
    assert f"Space {length}:" in panel.text_content()
    board.click("Undo")
    board.button("Add a space").wait_for()
    assert f"Space {length}:" not in panel.text_content()
    assert len(kernel_state(nb)["view"]["trail"]) == length - 1
    board.click("Add a space")
    assert len(kernel_state(nb)["view"]["trail"]) == length

    # In a narrow output the edit rows wrap, but the Air slider keeps its number beside it.
    for width in (260, 420, 600):
        root.evaluate(f"el => {{ el.style.width = '{width}px'; }}")
        slider, number = (root.locator(f'[data-key="edit-air"]').bounding_box(),
                          panel.locator(".dsw-edit-air-value").bounding_box())
        middle = number["y"] + number["height"] / 2
        assert slider["y"] <= middle <= slider["y"] + slider["height"], (width, slider, number)
        assert 0 <= number["x"] - (slider["x"] + slider["width"]) <= 12, (width, slider, number)
    root.evaluate("el => { el.style.width = ''; }")

    # Back to play: Bob rolls from the edited position.
    board.click("Back to play")
    assert not panel.is_visible()
    assert focused_key(board) == "roll"  # the keyboard goes on to Bob's next move
    assert board.button("Edit position").get_attribute("aria-pressed") == "false"
    board.click("Roll")
    board.wait_still()
    state = kernel_state(nb)
    assert state["mode"] == "play"
    assert state["history"] == [{"type": "roll"}]
    assert state["view"]["divers"][1]["position"] < 6
    assert_board_matches(board, state)


def _centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None, "not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_drag_pawns_in_edit_mode(open_notebook):
    nb = open_notebook([play_cell(["Ann", "Bob"], {"Cy": "cautious"}, 3)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    root, page = board.root, nb.page
    board.click("Edit position")
    root.locator("svg.dsw-board").scroll_into_view_if_needed()
    bob = root.locator('svg.dsw-board [data-diver="1"]')

    def on_screen():
        # Reading the kernel adds cells below and scrolls the board away.
        root.locator("svg.dsw-board").scroll_into_view_if_needed()
        return root

    def drag_to(pawn, x1: float, y1: float, release: bool = True) -> None:
        x0, y0 = _centre(pawn.locator(".dsw-pawn-body"))
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
        page.mouse.move(x1, y1, steps=4)
        if release:
            page.mouse.up()

    def kernel_after_a_marker_edit() -> dict:
        """The kernel's state once an edit sent after now is answered (messages are handled in order)."""
        before = board.seq()
        air = root.get_by_role("slider", name="Air")
        air.fill("20" if air.input_value() != "20" else "19")
        board.wait_seq_after(before)
        return kernel_state(nb)

    # Bob, from the sub to space 5: while dragged, the pawn follows the pointer
    # and space 5 is marked as where it would land; dropped, the kernel moves him.
    space5 = root.locator('svg.dsw-board [data-space="5"]')
    before = board.seq()
    drag_to(bob, *_centre(space5.locator(".dsw-hit")), release=False)
    assert root.get_attribute("data-dragging") == "1"
    assert "dsw-drop-target" in space5.get_attribute("class")
    assert bob.evaluate("n => n.style.transform").startswith("translate(")
    board.screenshot("board-edit-dragging")
    page.mouse.up()
    board.wait_seq_after(before)
    state = kernel_state(nb)
    assert state["view"]["divers"][1]["position"] == 5
    assert state["mode"] == "edit" and state["error"] == ""
    assert_board_matches(board, state)
    assert root.get_attribute("data-dragging") is None
    assert bob.evaluate("n => n.style.transform") == ""
    assert root.locator(".dsw-selected").count() == 0  # the drop did not also pick something

    # The same check as a click: Ann dropped on Bob's space is refused, with the reason.
    ann = root.locator('svg.dsw-board [data-diver="0"]')
    seq = board.seq()
    on_screen()
    drag_to(ann, *_centre(space5.locator(".dsw-hit")))
    alert = root.get_by_role("alert")
    alert.wait_for()
    assert "both on space 5" in alert.text_content()
    assert board.seq() == seq

    # Dropped off the board (below it), and let go with Escape: nothing is sent.
    on_screen()
    svg_box = root.locator("svg.dsw-board").bounding_box()
    drag_to(bob, svg_box["x"] + svg_box["width"] / 2, svg_box["y"] + svg_box["height"] + 30)
    assert bob.evaluate("n => n.style.transform") == ""
    space8 = root.locator('svg.dsw-board [data-space="8"]')
    drag_to(bob, *_centre(space8.locator(".dsw-hit")), release=False)
    assert "dsw-drop-target" in space8.get_attribute("class")
    page.keyboard.press("Escape")
    assert root.get_attribute("data-dragging") is None
    assert "dsw-drop-target" not in space8.get_attribute("class")
    page.mouse.up()
    state = kernel_after_a_marker_edit()
    assert state["view"]["divers"][1]["position"] == 5
    assert state["view"]["divers"][0]["position"] == 0

    # Back to the sub by dragging, then the click path still works: Ann to space 2.
    on_screen()
    before = board.seq()
    drag_to(bob, *_centre(root.locator("svg.dsw-board .dsw-sub-hull")))
    board.wait_seq_after(before)
    assert kernel_state(nb)["view"]["divers"][1]["position"] == 0
    root.get_by_role("button", name="Select Ann").click()
    before = board.seq()
    root.get_by_role("button", name=re.compile(r"^Space 2:")).click()
    board.wait_seq_after(before)
    state = kernel_state(nb)
    assert [d["position"] for d in state["view"]["divers"]] == [2, 0, 0]
    assert_board_matches(board, state)
