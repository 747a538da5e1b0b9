"""Playing on the board in a real JupyterLab: people click, bots are paced by
Next and Auto-play, and the kernel's game follows every click."""
from __future__ import annotations

import pytest

from board_page import BoardPage, assert_board_matches, focused_key, kernel_state, play_cell

pytestmark = pytest.mark.e2e


def record_animations(page) -> None:
    """Keep every Web Animation the page starts from now on in window.__dswAnimations
    (the real animations, only listed), to see later whether each ran to its end."""
    page.evaluate("""() => {
        window.__dswAnimations = [];
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
            const animation = animate.apply(this, args);
            window.__dswAnimations.push(animation);
            return animation;
        };
    }""")


def test_people_and_a_bot_play_whole_turns_by_clicking(open_notebook):
    nb = open_notebook([play_cell(["Ann", "Bob"], {"Cy": "cautious"}, 3)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    assert "Ann to roll" in board.status()
    # Illegal choices are shown disabled, with the reason as their tooltip.
    for name, why in (("Pick up", "must roll"), ("Stay", "must roll"), ("Turn back", "carrying nothing"),
                      ("Next", "a person")):
        control = board.button(name)
        assert control.is_disabled(), name
        assert why in control.get_attribute("title"), (name, control.get_attribute("title"))
    assert board.button("Drop").is_disabled()
    # A forced click on a disabled control changes nothing in the kernel.
    seq = board.seq()
    board.button("Pick up").click(force=True)
    assert kernel_state(nb)["seq"] == seq

    # Ann: roll, then pick up the chip she lands on. Her move plays to its end: the
    # odds that follow the new state a moment later do not cut it short.
    record_animations(nb.page)
    board.click("Roll")
    dice = board.root.locator(".dsw-dice")
    assert len(dice.locator("svg.dsw-die").all()) == 2
    assert "Ann rolled" in dice.get_attribute("aria-label")
    assert "Ann rolled" in board.root.locator(".dsw-sr[role=status]").text_content()
    board.wait_still()
    assert nb.page.evaluate("() => window.__dswAnimations.map((a) => a.playState)") == ["finished"]
    state = kernel_state(nb)
    assert state["view"]["phase"] == "treasure"
    assert_board_matches(board, state)
    board.click("Pick up")
    # Bob, by keyboard: Enter on Roll; the focus moves on to the next thing to
    # do (Roll is disabled now), and the S shortcut stays.
    before = board.seq()
    board.button("Roll").focus()
    nb.page.keyboard.press("Enter")
    board.wait_seq_after(before)
    board.wait_still()
    focused = nb.page.evaluate("() => document.activeElement.textContent")
    assert focused in ("Pick up", "Stay"), focused
    before = board.seq()
    nb.page.keyboard.press("s")
    board.wait_seq_after(before)
    # Cy is a bot: the person's controls are off, Next plays its whole turn.
    assert board.button("Roll").is_disabled()
    assert "Cy" in board.button("Roll").get_attribute("title")
    # a shortcut for a disabled control says why, for a keyboard or screen-reader player
    nb.page.keyboard.press("r")
    said = board.root.locator(".dsw-sr[role=status]").text_content()
    assert said.startswith("Roll: ") and "Cy" in said, said
    board.click("Next")
    board.wait_still()
    state = kernel_state(nb)
    assert_board_matches(board, state)
    assert state["view"]["current_player"] == 0
    # Ann carries her chip: she may turn back now, then rolls toward the sub.
    board.click("Turn back")
    board.click("Roll")
    board.wait_still()
    state = kernel_state(nb)
    assert_board_matches(board, state)
    history = state["history"]
    assert history[:4] == [{"type": "roll"}, {"type": "pick_up"}, {"type": "roll"}, {"type": "stay"}]
    assert history[-2:] == [{"type": "turn_back"}, {"type": "roll"}]
    ann = state["view"]["divers"][0]
    assert ann["returning"] is True and len(ann["carried"]) == 1
    assert "L1" in board.root.locator(".dsw-diver").nth(0).text_content()
    # The divers panel shows what the kernel says; the log has the breathing line.
    card = board.root.locator(".dsw-diver").nth(0)
    where = "back in the sub" if ann["position"] == 0 else "heading back"
    assert "Ann" in card.text_content() and where in card.text_content()
    # Every diver in the water has a P(home) badge (an estimate while anyone still dives deeper).
    for seat, d in enumerate(state["view"]["divers"]):
        text = board.root.locator(".dsw-diver").nth(seat).text_content()
        if d["position"] > 0:
            assert "P(home)" in text and "%" in text, text
        elif d["back"]:
            assert "Safe in the sub" in text
    log = board.root.locator(".dsw-logbox").text_content()
    assert "Ann breathes 1" in log
    board.screenshot("board-play-turns")

    # Undo takes back the last person's action (the roll), and the board follows.
    # A double-click is one press: its second click comes after the first is answered.
    before = board.seq()
    board.button("Undo").click(click_count=2, delay=150)
    board.wait_seq_after(before)
    nb.page.wait_for_timeout(300)
    state = kernel_state(nb)
    assert state["seq"] == before + 1
    assert state["history"][-1] == {"type": "turn_back"}
    assert_board_matches(board, state)

    # New game replaces the game at one click, and Undo brings the played one back.
    played = state["history"]
    board.click("New game")
    board.wait_still()
    state = kernel_state(nb)
    assert state["history"] == [] and board.enabled("Undo")
    assert_board_matches(board, state)
    board.click("Undo")
    board.wait_still()
    state = kernel_state(nb)
    assert state["history"] == played
    assert_board_matches(board, state)
    assert "before the new game" in board.root.locator(".dsw-logbox").text_content()


def test_auto_play_plays_a_seeded_bot_game_to_the_end(open_notebook):
    bots = {"Ada": "cautious", "Bo": "cautious", "Cy": "cautious"}
    nb = open_notebook([play_cell([], bots, 11)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    board.root.get_by_role("combobox", name="Speed").select_option("fast")
    auto = board.button("Auto-play")
    assert auto.get_attribute("aria-pressed") == "false"
    auto.click()
    assert auto.get_attribute("aria-pressed") == "true"
    # The end screen: the summary names the winner; no control can move any more.
    summary = board.root.get_by_role("region", name="Game over", exact=False)
    summary.wait_for(timeout=240_000)
    state = kernel_state(nb)
    view = state["view"]
    assert view["is_over"] is True
    assert board.status().startswith("Game over")
    winners = [view["divers"][s]["name"] for s in view["winners"]]
    assert all(w in summary.text_content() for w in winners)
    assert board.button("Next").is_disabled() and board.button("Roll").is_disabled()
    # with nothing left to play, Auto-play switches itself off (and cannot be switched on)
    auto.and_(board.root.locator('[aria-pressed="false"]')).wait_for(timeout=5_000)
    assert auto.is_disabled()
    scores = board.root.locator(".dsw-diver-score").all_text_contents()
    assert [f"Score {s}" in t for s, t in zip(view["scores"], scores)] == [True] * 3
    assert state["view"]["dive"] == 3
    board.screenshot("board-auto-play-game-over")
    # The summary can be dismissed.
    board.button("Close summary").click()
    assert not summary.is_visible()
    # The keyboard stays in the game (its shortcuts work on the widget).
    assert focused_key(board) in ("undo", "edit", "new_game")


def test_a_dive_summary_closes_when_a_person_plays_on(open_notebook):
    """The dive-end summary stays while bots play on, and closes once a person plays (an audit
    saw it stay open for several turns of the next dive)."""
    setup = (
        "app.edit(op='set_space', space=1, levels=None)\n"
        "app.edit(op='move_diver', seat=0, position=3, returning=True)\n"
        "app.edit(op='give_item', seat=0, levels=[1])\n"
        "app.edit(op='set_air', air=0)\n"  # (the air now: Ann breathes her 1 item, the last of it)
        "app.back_to_play()"
    )
    nb = open_notebook([play_cell(["Ann", "Bob"], {}, 3), setup])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    nb.run_cell(1)
    board.wait_still()
    assert kernel_state(nb)["view"]["dive"] == 1
    board.click("Roll")  # Ann's last turn: the air ran out as she breathed, and the dive ends
    board.wait_still()
    if kernel_state(nb)["view"]["dive"] == 1:  # not home: she ends her turn on the trail
        board.click("Stay")
    summary = board.root.get_by_role("region", name="Dive 1 is over")
    summary.wait_for(timeout=30_000)
    state = kernel_state(nb)["view"]
    assert state["dive"] == 2 and state["phase"] == "roll"
    board.click("Roll")  # whoever starts dive 2 plays on
    summary.wait_for(state="hidden", timeout=10_000)
    assert kernel_state(nb)["view"]["dive"] == 2
