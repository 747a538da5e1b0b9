"""What every view of the board shares: names shown as text, two views of one
board in sync, save and load, and a layout that fits a narrow column and a
wide screen in the light and the dark theme."""
from __future__ import annotations

import json
import re

import pytest

from board_page import BoardPage, assert_board_matches, kernel_state, play_cell, set_theme

pytestmark = pytest.mark.e2e

XSS = "<img src=x onerror=alert(1)>"


def test_names_are_text_and_two_views_stay_in_sync(open_notebook):
    nb = open_notebook([play_cell([XSS, "Bob"], {"Cy": "cautious"}, 5), "app"])
    dialogs: list[str] = []
    nb.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    nb.run_cell(0, timeout=180)
    nb.run_cell(1)
    one = BoardPage(nb, cell=0).wait_drawn()
    two = BoardPage(nb, cell=1).wait_drawn()

    # The name is text: shown literally, never parsed as HTML.
    for board in (one, two):
        assert board.root.locator("img").count() == 0
        assert board.root.locator(".dsw-diver-name").first.text_content() == XSS
        assert XSS in board.status()
    assert dialogs == []

    def same(a: BoardPage, b: BoardPage) -> None:
        assert a.seq() == b.seq()
        assert a.pawns() == b.pawns()
        assert a.status() == b.status()
        assert a.air() == b.air()

    # A click in one view shows in the other.
    seq = one.click("Roll")
    two.wait_seq_after(seq - 1)
    one.wait_still()
    same(one, two)
    seq = two.click("Pick up")
    one.wait_seq_after(seq - 1)
    same(one, two)
    assert one.root.locator(".dsw-log li").first.text_content() == two.root.locator(".dsw-log li").first.text_content()

    # Export in one view: the save is offered there (and only there), its text folded away
    # (it holds the chips' hidden values) until asked for.
    one.button("Export").click()
    download = one.root.get_by_role("link", name="Download")
    download.wait_for()
    assert "keep it out of sight" in one.root.locator(".dsw-export").text_content()
    saved = one.root.get_by_role("textbox", name="Saved game (JSON)")
    assert not saved.is_visible()
    one.root.get_by_text("Show the save's text").click()
    saved.wait_for()
    nb.page.wait_for_function("el => el.value.length > 0", arg=saved.element_handle())
    text = saved.input_value()
    assert json.loads(text)["format"] == "deepsea_widget.table"
    assert download.get_attribute("href").startswith("blob:")
    assert not two.root.get_by_role("textbox", name="Saved game (JSON)").is_visible()
    # a later export folds the text away again
    one.button("Close").click()
    one.button("Export").click()
    download.wait_for()
    assert not saved.is_visible()
    one.button("Close").click()
    at_export = kernel_state(nb)["view"]

    # Play on, then load the saved text in the other view: back to the saved position.
    one.click("Roll")
    assert kernel_state(nb)["view"]["divers"] != at_export["divers"]
    two.button("Load").click()
    box = two.root.get_by_role("textbox", name="Game to load (JSON)")
    box.fill("this is not a saved game")
    two.button("Load game").click()
    alert = two.root.get_by_role("alert")
    alert.wait_for()
    assert "not a saved game" in alert.text_content()
    assert one.root.get_by_role("alert").text_content() == alert.text_content()
    box.fill(text)
    two.click("Load game")
    loaded = kernel_state(nb)["view"]
    assert loaded["divers"] == at_export["divers"] and loaded["trail"] == at_export["trail"]
    assert not box.is_visible()
    one.wait_seq_after(two.seq() - 1)
    same(one, two)
    one.screenshot("board-view-one")
    two.screenshot("board-view-two")
    assert dialogs == []


def test_the_board_fits_narrow_and_wide_in_both_themes(open_notebook):
    nb = open_notebook([play_cell(["Ann", "Bob", "Dee"], {"Cy": "cautious", "Eve": "cautious", "Flo": "cautious"}, 2)],
                       width=560, height=1000)
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    # Six divers; one move so a pawn, the dice and a badge show too.
    board.click("Roll")
    board.wait_still()

    def fits() -> dict:
        return board.root.evaluate(
            """el => {
                const svg = el.querySelector('svg.dsw-board');
                return {root: el.clientWidth, scroll: el.scrollWidth, svg: svg.getBoundingClientRect().width,
                        rows: Math.round(svg.viewBox.baseVal.height), spaces: svg.querySelectorAll('[data-space]').length};
            }"""
        )

    narrow = fits()
    assert narrow["scroll"] <= narrow["root"] + 1, narrow  # no horizontal scroll bar inside the widget
    assert narrow["svg"] <= narrow["root"] + 1, narrow
    assert narrow["spaces"] == 32
    board.screenshot("board-narrow-light")
    # A very narrow output (JupyterLab's side panel open on a small screen): the cards,
    # badges and controls wrap inside the board; nothing sticks out of it, nothing is cut.
    board.root.evaluate("el => { el.style.width = '140px'; }")
    nb.page.wait_for_timeout(300)
    sticking_out = board.root.evaluate(
        """el => {
            const box = el.getBoundingClientRect();
            return [...el.querySelectorAll('*')]
                .filter((n) => !n.closest('.dsw-sr, [hidden]'))
                .map((n) => [n.tagName + '.' + String(n.getAttribute('class') || ''), n.getBoundingClientRect()])
                .filter(([, r]) => r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1))
                .map(([name]) => name);
        }"""
    )
    assert sticking_out == [], sticking_out
    board.root.evaluate("el => { el.style.width = ''; el.style.flex = ''; }")

    nb.page.set_viewport_size({"width": 1800, "height": 1000})
    nb.page.wait_for_function(
        "([el, h]) => Math.round(el.querySelector('svg.dsw-board').viewBox.baseVal.height) < h",
        arg=[board.root.element_handle(), narrow["rows"]],
    )
    wide = fits()
    assert wide["scroll"] <= wide["root"] + 1, wide
    assert wide["rows"] < narrow["rows"]  # fewer, longer rows on a wide screen
    board.screenshot("board-wide-light")

    # The dark theme: colours come from JupyterLab's variables.
    page = nb.page
    set_theme(page, "JupyterLab Dark")
    colours = board.root.evaluate(
        "el => [getComputedStyle(el).color, getComputedStyle(el.querySelector('.dsw-status')).color]"
    )
    board.screenshot("board-wide-dark")
    nb.page.set_viewport_size({"width": 560, "height": 1000})
    board.screenshot("board-narrow-dark")
    # Light text on the dark theme (the default light theme has dark text).
    r, g, b = (int(x) for x in colours[0][colours[0].index("(") + 1:colours[0].index(")")].split(",")[:3])
    assert r + g + b > 3 * 150, colours
    set_theme(page, "JupyterLab Light")


GAUGE_NUMBERS_JS = """el => {
    const box = el.getBoundingClientRect();
    const shown = [...el.querySelectorAll('.dsw-cell-num')]
        .filter((n) => getComputedStyle(n).visibility === 'visible')
        .map((n) => [n.textContent, n.getBoundingClientRect()]);
    const overlapping = [];
    shown.forEach(([a, p], i) => shown.slice(i + 1).forEach(([b, q]) => {
        if (p.right > q.left && q.right > p.left) overlapping.push(a + '/' + b);
    }));
    // a number drawn over its neighbours, not under them (the point just inside each end)
    const hidden = shown.filter(([, r]) => [r.left + 1, r.right - 1].some((x) => {
        const top = document.elementFromPoint(x, (r.top + r.bottom) / 2);
        return !(top && top.closest('.dsw-cell-num'));
    })).map(([t]) => t);
    return {
        shown: shown.map(([t]) => t),
        hidden,
        overlapping,
        outside: shown.filter(([, r]) => r.left < box.left - 0.5 || r.right > box.right + 0.5).map(([t]) => t),
        now: el.querySelector('.dsw-cell-now .dsw-cell-num')?.textContent,
    };
}"""


def test_the_air_gauge_numbers_are_never_cut_nor_on_top_of_each_other(open_notebook):
    # 26 cells share the gauge's width: below about 420 px of output a two-digit
    # number is wider than its cell. The numbers then overhang their cells, and a
    # number too close to the air now (or to the forecast) gives way.
    nb = open_notebook([play_cell(["Ann", "Bob"], {}, 3)], height=1000)
    nb.run_cell(0, timeout=120)
    board = BoardPage(nb).wait_drawn()
    for air in (25, 24):
        if air != 25:
            nb.run_code(f"app.edit(op='set_air', air={air}); app.back_to_play()")
            board.root.locator(f".dsw-cell-now .dsw-cell-num:text-is('{air}')").wait_for(state="attached")
        for width in (140, 230, 300, 360, 420, 700):
            # (the app lays the board out as a flex item: its basis, not its width, sets its size)
            board.root.evaluate(f"el => {{ el.style.width = '{width}px'; el.style.flex = '0 0 {width}px'; }}")
            board.root.locator(".dsw-gauge").scroll_into_view_if_needed()
            nb.page.wait_for_timeout(100)
            numbers = board.root.evaluate(GAUGE_NUMBERS_JS)
            where = (air, width, numbers)
            assert numbers["now"] == str(air) and str(air) in numbers["shown"], where
            assert numbers["overlapping"] == [] and numbers["outside"] == [] and numbers["hidden"] == [], where
            if width >= 420:  # room for every number
                assert numbers["shown"] == sorted({"25", "20", "15", "10", "5", "0", str(air)}, key=int, reverse=True), where
            if width == 300:
                assert "20" in numbers["shown"] and ("25" in numbers["shown"]) == (air == 25), where
    board.root.evaluate("el => { el.style.width = ''; el.style.flex = ''; }")


def test_rerunning_the_cell_after_a_kernel_restart_gives_a_working_board(open_notebook):
    # The second cell runs first after the restart, so the board cell's prompt
    # number changes when it is run again (that is how the harness sees a cell finish).
    nb = open_notebook([play_cell(["Ann", "Bob"], {"Cy": "cautious"}, 1), "pass"])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    board.click("Roll")
    page = nb.page
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Kernel$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Restart Kernel")).first.click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    page.locator(".jp-Dialog").wait_for(state="detached")
    page.wait_for_timeout(1000)
    nb.wait_idle(120)
    nb.run_cell(1)
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    assert "Ann to roll" in board.status()
    board.click("Roll")
    state = kernel_state(nb)
    assert state["history"] == [{"type": "roll"}]
    assert_board_matches(board, state)


def test_auto_play_and_speed_are_shared_by_two_views(open_notebook):
    # Bots only, so auto-play runs the game on its own.
    nb = open_notebook([play_cell([], {"Cy": "cautious", "Di": "cautious"}, 8), "app"])
    nb.run_cell(0, timeout=180)
    nb.run_cell(1)
    one = BoardPage(nb, cell=0).wait_drawn()
    two = BoardPage(nb, cell=1).wait_drawn()
    speed_one = one.root.get_by_role("combobox", name="Speed")
    speed_two = two.root.get_by_role("combobox", name="Speed")
    auto_one, auto_two = one.button("Auto-play"), two.button("Auto-play")
    assert speed_one.input_value() == speed_two.input_value() == "normal"

    # The speed chosen in one view shows in the other.
    speed_two.select_option("instant")
    assert speed_one.input_value() == "instant"
    speed_one.select_option("fast")
    assert speed_two.input_value() == "fast"

    # Auto-play pressed in the second view: both show it on, and the bots play.
    start = one.seq()
    auto_two.click()
    assert auto_one.get_attribute("aria-pressed") == "true"
    assert auto_two.get_attribute("aria-pressed") == "true"
    for board in (one, two):
        nb.page.wait_for_function("([el, s]) => Number(el.dataset.seq) > s", arg=[board.root.element_handle(), start + 3])

    # Turned off in the first view: off in both, and the game stops where it is
    # (two readings of the kernel, each a round trip of a cell run, agree; at
    # this speed auto-play would have taken several steps in between).
    auto_one.click()
    assert auto_two.get_attribute("aria-pressed") == "false"
    one.wait_still()
    two.wait_still()
    first = kernel_state(nb)
    second = kernel_state(nb)
    assert second["seq"] == first["seq"] > start + 3
    assert first["error"] == ""  # no view's step was refused
    assert one.seq() == two.seq() == first["seq"]


def test_a_view_displayed_later_shows_the_same_dice(open_notebook):
    # The dive's last roll comes from Python: a view displayed after a Stay shows it too,
    # as the view that rolled does (it showed "No roll yet" when each view kept its own).
    nb = open_notebook([play_cell(["Ann", "Bob"], {}, 4), "app"])
    nb.run_cell(0, timeout=180)
    one = BoardPage(nb).wait_drawn()
    one.click("Roll")
    one.wait_still()
    one.click("Stay")
    dice_one = one.root.locator(".dsw-dice")
    label = dice_one.get_attribute("aria-label")
    assert label.startswith("Last roll: Ann rolled"), label
    nb.run_cell(1)
    two = BoardPage(nb, cell=1).wait_drawn()
    dice_two = two.root.locator(".dsw-dice")
    assert dice_two.get_attribute("aria-label") == label
    assert len(dice_two.locator("svg.dsw-die").all()) == 2
    # a roll in the second view shows in the first; a new game clears both
    seq = two.click("Roll")
    one.wait_seq_after(seq - 1)
    one.wait_still()
    assert dice_one.get_attribute("aria-label").startswith("Roll: Bob rolled")
    assert dice_one.get_attribute("aria-label") == dice_two.get_attribute("aria-label")
    seq = one.click("New game")
    two.wait_seq_after(seq - 1)
    assert dice_one.get_attribute("aria-label") == dice_two.get_attribute("aria-label") == "No roll yet"
