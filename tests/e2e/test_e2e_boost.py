"""A Boost game (RULES.md, "Boost") played by clicking in a real JupyterLab: Ann boosts and
rolls (all three dice count, one more air), Bob rolls and picks two dice by clicking and by
keys, a bot plays its Boost turn on Next; the kernel's game follows every click, and the
board shows what the kernel's view says (the view with the odds arrives a moment later)."""
from __future__ import annotations

import pytest

from board_page import BoardPage, assert_board_matches, kernel_state
from lab_harness import ARTIFACTS
from test_e2e_accessibility import axe

pytestmark = pytest.mark.e2e

CELL = ("from deepsea_widget import play\n"
        "app = play(players=['Ann', 'Bob'], bots={'Cy': 'odds'}, seed=4, variant='boost', panels=False)\n"
        "app")
# The kernel's game and the board's view of it (the second view, with the odds, included).
BOOST_STATE = ("dict(seq=app.table.seq, phase=app.game.phase, air=app.game.air, boosted=app.game.boosted,"
               " rolled=app.game.last_roll, kept=app.game.kept, current=app.game.current_player,"
               " history=[a.to_dict() for a in app.game.history], view_seq=app.board.view['seq'],"
               " badges=app.board.view['badges'], choices=app.board.view['choices'],"
               " last_roll=app.table.last_roll, log=app.table.log_turns()[0])")


def boost_state(nb) -> dict:
    return nb.eval_json(BOOST_STATE)


def settled(nb, board: BoardPage, tries: int = 20) -> dict:
    """The kernel's state once the board shows it with its odds (the second view): polled, as
    that view comes a moment after the first."""
    for _ in range(tries):
        state = boost_state(nb)
        if state["view_seq"] == board.seq() == state["seq"] and state["choices"] is not None:
            return state
        nb.page.wait_for_timeout(250)
    raise AssertionError(f"the board (state {board.seq()}) never showed the kernel's state {state['seq']} with its odds")


def dice_faces(board: BoardPage) -> list[int]:
    return [int(x) for x in board.root.locator(".dsw-dice").get_attribute("data-dice").split(",")]


def test_a_boost_turn_and_a_choice_of_two_dice_by_clicking(open_notebook):
    nb = open_notebook([CELL])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    assert "Ann to roll (or boost first)" in board.status()
    boost = board.button("Boost")
    assert boost.is_visible() and boost.is_enabled() and boost.get_attribute("aria-pressed") == "false"
    forecast = board.text(".dsw-forecast")
    assert "Boost: −1 more air (now: 25 → 24" in forecast, forecast

    # Ann boosts: one more air at once; the button stays pressed and says why it is off now.
    board.click("Boost")
    assert board.air() == 24
    assert boost.get_attribute("aria-pressed") == "true" and boost.is_disabled()
    assert "already boosted this turn" in boost.get_attribute("title")
    # ...then rolls: all three dice count.
    board.click("Roll")
    board.wait_still()
    state = settled(nb, board)
    assert state["history"] == [{"type": "boost"}, {"type": "roll"}]
    assert state["boosted"] and state["air"] == 24 and state["phase"] == "treasure"
    assert state["kept"] == [0, 1, 2] and dice_faces(board) == state["rolled"]
    dice = board.root.locator(".dsw-dice")
    assert len(dice.locator("svg.dsw-die").all()) == 3 and dice.locator(".dsw-die-dropped").count() == 0
    assert "Ann rolled" in dice.get_attribute("aria-label") and "Boost" in dice.get_attribute("aria-label")
    assert [line.split(":")[0] for line in state["log"][:3]] == ["Ann carries nothing", "Ann boosts", f"Ann rolls {', '.join(map(str, state['rolled']))}"]
    assert_board_matches(board, kernel_state(nb))
    board.click("Stay")

    # Bob rolls without a Boost: the dice wait for him to keep two.
    board.click("Roll")
    state = settled(nb, board)
    assert state["phase"] == "keep" and state["current"] == 1 and state["kept"] is None
    faces = state["rolled"]
    assert "Bob to keep 2 of the 3 dice" in board.status()
    keep = board.button("Keep", exact=False)
    assert keep.is_disabled() and "Pick 2 more dice" in keep.get_attribute("title")
    die1, die3 = board.button("Die 1: %d" % faces[0]), board.button("Die 3: %d" % faces[2])
    # a click picks the first die; key 3 picks the third (the board has the keyboard after the click)
    die1.click()
    assert die1.get_attribute("aria-pressed") == "true"
    nb.page.keyboard.press("3")
    assert die3.get_attribute("aria-pressed") == "true"
    said = board.root.locator(".dsw-sr[role=status]").text_content()
    assert said.startswith(f"Picked die 1 ({faces[0]}) and die 3 ({faces[2]}): keeping them moves"), said
    assert keep.is_enabled() and keep.text_content() == f"Keep {faces[0]} + {faces[2]}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    board.root.locator(".dsw-top").screenshot(path=str(ARTIFACTS / "boost-keep-top.png"))
    assert axe(board)["violations"] == []  # (WCAG 2.1 A/AA: the dice's buttons and the Keep button)
    die3.focus()  # (the keyboard back on the board after axe)
    # key 2: the last two picked count (die 1 gives way); then 1 and 3 again (die 2 gives way)
    nb.page.keyboard.press("2")
    assert [board.button(f"Die {i + 1}: {faces[i]}").get_attribute("aria-pressed") for i in range(3)] == \
        ["false", "true", "true"]
    nb.page.keyboard.press("1")
    nb.page.keyboard.press("3")
    assert [board.button(f"Die {i + 1}: {faces[i]}").get_attribute("aria-pressed") for i in range(3)] == \
        ["true", "false", "true"]
    # Enter keeps them
    before = board.seq()
    nb.page.keyboard.press("Enter")
    board.wait_seq_after(before)
    board.wait_still()
    state = settled(nb, board)
    assert state["history"][-1] == {"type": "keep", "dice": [0, 2]} and state["kept"] == [0, 2]
    assert state["phase"] == "treasure" and state["last_roll"]["move"] == max(0, faces[0] + faces[2])
    dropped = board.root.locator(".dsw-dice svg.dsw-die").evaluate_all(
        "ns => ns.map(n => n.classList.contains('dsw-die-dropped'))")
    assert dropped == [False, True, False]
    assert f"keeps {faces[0]} + {faces[2]}" in " ".join(state["log"])
    board.click("Stay")

    # Cy is a bot: Next plays its whole Boost-game turn (its dice kept or boosted).
    board.click("Next")
    board.wait_still()
    state = settled(nb, board)
    assert state["current"] == 0 and state["phase"] == "roll"
    assert any(a["type"] in ("keep", "boost") for a in state["history"][-4:])
    assert_board_matches(board, kernel_state(nb))
    assert board.enabled("Boost")
    board.screenshot("boost-turns")
