"""Accessibility of the board in a real JupyterLab: axe-core's WCAG 2.1 A/AA rules in
play, at low air, in edit mode and in the dark theme; what a screen reader hears after
each step; the keyboard in edit mode.

axe-core comes from js/node_modules (a dev dependency of the front end), never a CDN.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from board_page import BoardPage, kernel_state, play_cell, set_theme

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# JupyterLab's <html> and <body> are 0 px high with overflow hidden: axe then takes every
# notebook text for off-screen and silently skips its colour-contrast rule. Giving them the
# viewport's height (in this test page only) makes axe check contrast as a reader sees it.
RUN_AXE_JS = """async ([el, tags]) => {
    document.documentElement.style.height = '100vh';
    document.body.style.height = '100vh';
    el.scrollIntoView({block: 'start'});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await axe.run(el, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    const checked = result.passes.find((rule) => rule.id === 'color-contrast');
    return {
        violations: result.violations.map((rule) => ({
            id: rule.id, impact: rule.impact,
            nodes: rule.nodes.map((node) => node.html.slice(0, 160) + ' -- ' + (node.failureSummary || '')),
        })),
        contrastChecked: checked ? checked.nodes.length : 0,
    };
}"""

# WCAG's contrast ratio of an element's text colour (an SVG text's fill) against the first
# opaque background behind it (the element's own or an ancestor's).
CONTRAST_JS = """(el) => {
    const rgb = (css) => (css.match(/[\\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
        const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    let node = el, bg = null;
    while (node && node.nodeType === 1) {
        const c = rgb(getComputedStyle(node).backgroundColor);
        if (c.length >= 3 && (c.length === 3 || c[3] === 1)) { bg = c; break; }
        node = node.parentElement;
    }
    bg = bg || [255, 255, 255];
    const fg = rgb(el instanceof SVGElement ? getComputedStyle(el).fill : getComputedStyle(el).color);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""


# The air gauge's first used and first left cell: air used is a hollow cell (an inset
# outline), air left a filled one, so the two differ in shape and not only in colour.
GAUGE_CELLS_JS = """(el) => {
    const look = (sel) => {
        const cell = el.querySelector(sel);
        return cell ? {shadow: getComputedStyle(cell).boxShadow, fill: getComputedStyle(cell).backgroundColor} : null;
    };
    return {used: look('.dsw-cell-used'), left: look('.dsw-cell-left')};
}"""


def assert_gauge_cells_differ_in_shape(board: BoardPage) -> None:
    cells = board.root.evaluate(GAUGE_CELLS_JS)
    assert cells["used"] and cells["left"], cells
    assert "inset" in cells["used"]["shadow"] and cells["left"]["shadow"] == "none", cells
    assert cells["used"]["fill"] != cells["left"]["fill"], cells


def axe(board: BoardPage) -> dict:
    page = board.page
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE_JS, [board.root.element_handle(), WCAG])


def pick_by_keyboard(board: BoardPage, seat: int) -> None:
    """In edit mode, focus a pawn's button and press Enter on it."""
    pawn = board.root.locator(f'svg.dsw-board [data-diver="{seat}"] [role=button]')
    for _ in range(25):  # (the switch to edit mode keeps the focus on its button: wait until it has)
        pawn.focus()
        board.page.wait_for_timeout(200)
        if board.page.evaluate("() => document.activeElement.dataset.key") == f"diver-{seat}":
            break
    board.page.keyboard.press("Enter")


def said(board: BoardPage) -> str:
    """What the board last read out to screen readers."""
    return board.text(".dsw-sr[role=status]")


def test_axe_finds_no_wcag_violation_on_the_board(open_notebook):
    assert AXE.is_file(), f"{AXE} is missing: run `make setup` (npm ci in js/)"
    nb = open_notebook([play_cell(["Ann", "Bob"], {"Cy": "cautious"}, 3)], height=1100)
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    found = {}

    def check(state: str) -> None:
        result = axe(board)
        assert result["contrastChecked"] > 0, f"{state}: axe checked no text contrast (is the page laid out?)"
        if result["violations"]:
            found[state] = result["violations"]

    check("fresh")
    # the odds panels' small grey text (ticks, titles) reads too: 4.5:1 at least
    nb.page.wait_for_function("() => document.querySelectorAll('.deepsea-panels .xtick text').length > 0", timeout=90_000)
    tick = nb.page.locator(".deepsea-panels .xtick text").first
    assert tick.evaluate(CONTRAST_JS) >= 4.5
    board.click("Roll")
    board.wait_still()
    board.click("Pick up")
    board.click("Roll")
    board.wait_still()
    board.click("Stay")
    board.click("Next")  # Cy, a bot: its whole turn
    board.wait_still()
    check("after moves")  # an old roll, divers out with items
    # low air, where the big number turns orange: still readable (large bold text needs 3:1)
    nb.run_code("app.edit(op='set_air', air=6); app.back_to_play()")
    board.root.locator(".dsw-air-low").wait_for(state="attached")  # (the new cell scrolled the board away)
    board.root.scroll_into_view_if_needed()
    check("low air")
    air = board.root.locator(".dsw-air-value")
    assert air.evaluate(CONTRAST_JS) >= 3.0
    assert_gauge_cells_differ_in_shape(board)
    board.click("Edit position")
    # Ann's item-count badge, partly outside her pawn, is part of the pawn (a press there picks
    # or drags her, not the space below), and the pawn shows the grab cursor, not a pointer
    board.root.scroll_into_view_if_needed()
    assert board.root.locator('svg.dsw-board [data-diver="0"] .dsw-carried-badge').evaluate(
        """badge => { const r = badge.getBoundingClientRect();
                     const hit = document.elementFromPoint(r.right - 2, r.top + r.height / 2);
                     return hit && hit.closest('[data-diver]') ? hit.closest('[data-diver]').dataset.diver : null; }"""
    ) == "0"
    assert board.root.locator('svg.dsw-board [data-diver="0"] .dsw-pawn-body').evaluate(
        "el => getComputedStyle(el).cursor") == "grab"
    board.root.locator('svg.dsw-board [data-diver="0"]').click()
    board.root.locator('svg.dsw-board [data-diver="0"] [aria-pressed="true"]').wait_for(state="attached")
    check("edit mode, a pawn picked")
    board.root.locator("svg.dsw-board [data-diver=\"0\"]").click()  # put it down again
    board.click("Back to play")
    set_theme(nb.page, "JupyterLab Dark")
    try:
        check("dark theme, low air")
        assert air.evaluate(CONTRAST_JS) >= 3.0
        assert tick.evaluate(CONTRAST_JS) >= 4.5
        assert_gauge_cells_differ_in_shape(board)
    finally:
        set_theme(nb.page, "JupyterLab Light")  # the theme is a setting of the shared JupyterLab
    assert not found, "\n".join(f"{state}: {v['id']} ({v['impact']}): {v['nodes'][:2]}"
                                for state, rules in found.items() for v in rules)


def test_a_screen_reader_hears_each_step_and_the_new_status(open_notebook):
    nb = open_notebook([play_cell(["Ann", "Bob"], {"Cy": "cautious"}, 3)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    # one live region reads each step out; the status line shown is not a second one
    assert board.root.locator(".dsw-sr[role=status]").count() == 1
    assert board.root.locator(".dsw-status").evaluate("el => [el.role, el.ariaLive]") == [None, None]
    board.click("Roll")
    board.wait_still()
    text = said(board)
    # (and, as she must now decide, what lies on her space)
    where = nb.eval_json("app.game.public_view()['trail'][app.game.divers[0].position - 1]")
    what = "blank" if where is None else f"level {where[0]} chip" if len(where) == 1 else f"stack of {len(where)} chips"
    assert re.match(r"Ann rolled \d and \d, moves \d+ spaces?\. Ann moves from the submarine to space \d+ \(", text), text
    assert f"({what}" in text, (what, text)
    # (Ann carries nothing yet: on a chip she may pick it up, on a blank only stay)
    choice = "stay (nothing here to pick up, nothing carried to drop)" if where is None else "pick up or stay"
    assert text.endswith(f"Ann to {choice}."), text
    board.click("Pick up")
    text = said(board)
    assert text.startswith("Ann picks up a level-"), text
    assert text.endswith("Bob to roll."), text
    # the trail in words: every space, what lies there and who stands there
    board.root.get_by_text("The trail in words").click()
    lines = board.root.locator(".dsw-trail-lines li")
    ann = nb.eval_json("app.game.divers[0].position")
    assert lines.count() == nb.eval_json("len(app.game.trail)")
    assert lines.nth(ann - 1).text_content().startswith(f"Space {ann}: blank. Ann, diving down")
    # her card names the chip in words ("level 2 chip"), not by the short "L2" shown
    card = board.root.locator(".dsw-divers li").first.aria_snapshot()
    assert re.search(r'img "level \d chip"', card) and not re.search(r"\bL\d\b", card), card
    board.click("Roll")
    board.wait_still()
    board.click("Stay")
    board.click("Next")  # the bot's whole turn is read out, not only its roll
    board.wait_still()
    events = [e["text"] for e in nb.eval_json("app.table.last_events")]
    text = said(board)
    assert len(events) >= 2 and all(e in text for e in events[1:]), (events, text)
    assert "Cy rolled" in text, text
    # the trail in words, left open, follows the game
    cy = nb.eval_json("app.game.divers[2].position")
    assert cy > 0 and "Cy, diving down" in lines.nth(cy - 1).text_content()
    # an undo says so, and where the game is now
    board.click("Undo")
    assert re.match(r"Undo: .*\. Dive 1 of 3, air \d+, ", said(board)), said(board)


def test_escape_puts_down_a_picked_pawn_in_edit_mode(open_notebook):
    nb = open_notebook([play_cell(["Ann", "Bob"], {}, 3)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    board.click("Edit position")
    seq = kernel_state(nb)["seq"]  # (before the keys: running a cell takes the focus)
    board.root.scroll_into_view_if_needed()
    pick_by_keyboard(board, 1)
    board.root.locator('svg.dsw-board [data-diver="1"] [aria-pressed="true"]').wait_for(state="attached")
    nb.page.keyboard.press("Escape")
    board.root.locator('svg.dsw-board [data-diver="1"] [aria-pressed="false"]').wait_for(state="attached")
    # nothing was sent: a click on a space now picks that space, it does not move Bob there
    board.root.locator('svg.dsw-board [data-space="3"]').click()
    nb.page.wait_for_timeout(500)
    state = kernel_state(nb)
    assert state["seq"] == seq
    assert state["view"]["divers"][1]["position"] == 0


def test_in_edit_mode_the_trail_is_one_tab_stop_and_the_arrow_keys_move_along_it(open_notebook):
    nb = open_notebook([play_cell(["Ann", "Bob"], {}, 3)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    board.click("Edit position")
    board.root.scroll_into_view_if_needed()
    svg = board.root.locator("svg.dsw-board")
    page = nb.page

    def focused() -> str | None:
        return page.evaluate("() => document.activeElement.dataset.key ?? null")

    # the sub and 32 spaces: one stop for Tab, not 33; each pawn is its own stop
    assert svg.locator('[tabindex="0"]').evaluate_all("ns => ns.map((n) => n.dataset.key)") == ["sub", "diver-0", "diver-1"]
    # Bob, picked by keyboard, goes to space 4 by the arrow keys and Enter
    pick_by_keyboard(board, 1)
    svg.locator('[data-diver="1"] [aria-pressed="true"]').wait_for(state="attached")
    svg.locator('[data-key="sub"]').focus()
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    assert focused() == "space-4"
    assert svg.locator('[tabindex="0"]').evaluate_all("ns => ns.map((n) => n.dataset.key)") == ["space-4", "diver-0", "diver-1"]
    before = board.seq()
    page.keyboard.press("Enter")
    board.wait_seq_after(before)
    page.keyboard.press("End")
    assert focused() == f"space-{svg.locator('[data-space]').count()}"
    page.keyboard.press("Home")
    assert focused() == "sub"
    page.keyboard.press("ArrowLeft")  # the sub is the trail's start: the focus stays
    assert focused() == "sub"
    page.keyboard.press("Shift+ArrowRight")  # a modified arrow is not ours
    assert focused() == "sub"
    # a space picked with Enter opens its editor; Escape puts it down and the keyboard stays on the board
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    svg.locator('[data-space="1"][aria-pressed="true"]').wait_for(state="attached")
    board.root.locator(".dsw-space-editor button").first.focus()  # in the space's editor
    page.keyboard.press("Escape")
    svg.locator('[data-space="1"][aria-pressed="false"]').wait_for(state="attached")
    assert focused() == "space-1"  # the editor went away: the focus is back on the space
    assert kernel_state(nb)["view"]["divers"][1]["position"] == 4


def test_the_odds_maps_item_choice_is_radio_buttons_in_one_row(open_notebook):
    """A screen reader hears which "items:" choice is on (toggle buttons showed it by colour)."""
    nb = open_notebook([play_cell(["Ann", "Bob"], {}, 3)], height=1400)
    nb.run_cell(0, timeout=180)
    BoardPage(nb).wait_drawn()
    choice = nb.page.locator(".deepsea-items-choice")
    choice.wait_for(timeout=60_000)
    radios = choice.get_by_role("radio")
    assert radios.evaluate_all("rs => rs.map((r) => r.closest('label').textContent.trim())") == [
        "drop one", "as carried", "pick up one"]
    tops = radios.evaluate_all("rs => rs.map((r) => Math.round(r.getBoundingClientRect().top))")
    assert len(set(tops)) == 1, tops  # one row
    assert choice.get_by_role("radio", name="as carried").is_checked()
    choice.get_by_role("radio", name="pick up one").check()
    for _ in range(50):
        if nb.eval_json("app.panels.items_choice.value") == 1:
            break
        nb.page.wait_for_timeout(200)
    assert nb.eval_json("app.panels.items_choice.value") == 1
    assert "pick up one more" in nb.eval_json("app.panels.odds_map.layout['title']['text']")


def test_arrow_keys_on_the_boards_lists_and_slider_change_them_not_the_notebook(open_notebook):
    """A focused list or slider takes the arrow keys: JupyterLab's notebook must not see them
    (it moved the focus to a cell and folded headings)."""
    nb = open_notebook([play_cell(["Ann", "Bob", "Cy"], {}, 3), "x = 1"])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    page = nb.page

    def focused() -> str | None:
        return page.evaluate("() => document.activeElement.dataset.key ?? null")

    def active_cell() -> int:
        return page.evaluate("() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')]"
                             ".findIndex((c) => c.classList.contains('jp-mod-active'))")

    speed = board.root.locator('[data-key="speed"]')
    speed.focus()
    cell = active_cell()
    before = speed.input_value()
    page.keyboard.press("ArrowDown")
    assert focused() == "speed"
    assert speed.input_value() != before
    page.keyboard.press("ArrowUp")
    assert focused() == "speed" and speed.input_value() == before

    board.click("Edit position")
    air = board.root.locator('[data-key="edit-air"]')
    air.wait_for()
    air.focus()
    start = int(air.input_value())
    seq = board.seq()
    page.keyboard.press("ArrowLeft")
    assert focused() == "edit-air" and int(air.input_value()) == start - 1
    board.wait_seq_after(seq)
    turn = board.root.locator('[data-key="edit-turn"]')
    turn.focus()
    seq = board.seq()
    page.keyboard.press("ArrowDown")
    assert focused() == "edit-turn"
    board.wait_seq_after(seq)
    assert active_cell() == cell  # the notebook never moved its own selection
    state = kernel_state(nb)  # (runs code in new cells)
    assert state["view"]["current_player"] == 1
    assert state["mode"] == "edit"


def test_keys_pressed_in_the_board_never_reach_the_notebooks_shortcuts(open_notebook):
    """JupyterLab's command-mode keys must not act while the focus is in the board: D D
    deleted the board's cell, 0 0 asked to restart the kernel, B added a cell. D is the
    board's Drop key: with nothing to drop it says why."""
    nb = open_notebook([play_cell(["Ann", "Bob"], {}, 3), "x = 1"])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    page = nb.page
    cells = nb.cell_count()
    board.click("Roll")
    board.button("Stay").focus()
    for key in ["d", "d", "0", "0", "b", "m", "x", "c", "v", "z", "Shift+M", "j", "k", "ArrowDown"]:
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert nb.cell_count() == cells
    assert page.locator(".jp-Dialog").count() == 0  # no "Restart Kernel?"
    assert board.root.locator("svg.dsw-board").count() == 1
    assert page.evaluate("() => document.activeElement.closest('.dsw-root') !== null")
    assert "Drop: " in board.text(".dsw-sr[role=status]")
    assert kernel_state(nb)["view"]["phase"] == "treasure"  # nothing was played

    # A click on the board's text or pictures, not on a control, keeps the keyboard in the board:
    # the focus went to the notebook cell, where R made it a raw cell and D D deleted it.
    cells = nb.cell_count()  # (reading the kernel's state added a cell)
    for part in (".dsw-status", ".dsw-gauge", ".dsw-divers", "svg.dsw-board"):
        board.root.locator(part).first.click(position={"x": 3, "y": 3})
        assert page.evaluate("() => document.activeElement.closest('.dsw-root') !== null"), part
        for key in ["m", "b", "d", "d", "r"]:
            page.keyboard.press(key)
        page.wait_for_timeout(200)
        assert nb.cell_count() == cells, part
        assert board.root.locator("svg.dsw-board").count() == 1, part
        assert nb.page.locator(".jp-Notebook .jp-Cell").first.evaluate(
            "c => c.classList.contains('jp-CodeCell')"), part  # not made a raw or markdown cell
        assert "Roll: " in board.text(".dsw-sr[role=status]"), part  # R reached the board (no roll now)
    assert kernel_state(nb)["view"]["phase"] == "treasure"


def test_arrow_keys_pressed_fast_on_the_air_slider_all_count(open_notebook):
    """Five ArrowLeft presses 50 ms apart on the edit mode's air slider lower the air by 5, with no
    error: each state came twice (then with its odds badges), and the second one let the next
    edit go while the last was on its way ("stale intent"), and put the slider back a step."""
    nb = open_notebook([play_cell(["Ann", "Bob"], {"Cy": "cautious"}, 3)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    page = nb.page
    board.click("Edit position")
    air = board.root.locator('[data-key="edit-air"]')
    air.wait_for()
    for attempt in range(3):
        air.focus()
        start = int(air.input_value())
        for _ in range(5):
            page.keyboard.press("ArrowLeft")
            page.wait_for_timeout(50)
        page.wait_for_function("() => !document.querySelector('.dsw-root').classList.contains('dsw-busy')",
                               timeout=15_000)
        page.wait_for_timeout(1500)  # (any last state, and its badges)
        state = kernel_state(nb)
        assert board.error() == "", f"attempt {attempt}"
        assert state["view"]["air"] == start - 5, f"attempt {attempt}: from {start}"  # (the slider's air: now)
        assert int(air.input_value()) == start - 5


def test_ctrl_s_with_the_focus_on_a_board_button_saves_the_notebook(open_notebook):
    """Keys with Ctrl still reach JupyterLab from the board's buttons (the root's
    data-lm-suppress-shortcuts kept Ctrl+S from saving), while plain keys stay in the board."""
    nb = open_notebook([play_cell(["Ann", "Bob"], {}, 3)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    page = nb.page
    page.wait_for_selector(".jp-mod-dirty")  # the cell's new output is not saved yet
    board.button("Roll").focus()
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')", timeout=30_000)
    assert page.evaluate("() => document.activeElement.closest('.dsw-root') !== null")
    assert kernel_state(nb)["view"]["phase"] == "roll"  # the board did not take it as a key of its own
