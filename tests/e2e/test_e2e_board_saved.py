"""A saved notebook shows the board's last state: play a few moves, turn on
JupyterLab's "Save Widget State Automatically", save, then open the notebook
again in a fresh page (a new kernel that knows nothing of the game) and read
the board there: air, pawns, whose turn and the state number are the ones the
first kernel had; the four odds panels show what they showed. The file holds
plotly.js once, for all four panels."""
from __future__ import annotations

import json
import re
import time

import pytest

from board_page import DOM_PANELS_JS, BoardPage, kernel_state, play_cell, same_json
from lab_harness import NotebookPage

pytestmark = pytest.mark.e2e

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
SETTING_TIMEOUT_S = 20  # a setting saved through the server, on a busy machine


def _saved_board_views(path) -> list[dict]:
    """The `view` trait of every widget saved in the notebook file whose view holds a game."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError:  # being written
        return []
    state = nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return [m for m in state.values() if isinstance(m.get("state", {}).get("view"), dict) and "trail" in m["state"]["view"]]


def _saved_models(path) -> dict:
    """Every widget model saved in the notebook file: id -> its saved record."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return nb["metadata"]["widgets"][WIDGET_STATE]["state"]


def _panels_drawn(page, timeout_s: float = 90.0) -> list:
    """What the four odds panels show, once plotly drew all four with their data."""
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length >= 4", timeout=timeout_s * 1000)
    deadline = time.monotonic() + timeout_s
    while True:
        shown = page.evaluate(DOM_PANELS_JS)
        if len(shown) == 4 and all(shown):
            return shown
        assert time.monotonic() < deadline, f"the panels were not all drawn: {shown}"
        page.wait_for_timeout(250)


def _save_widget_state_is_on(page) -> bool:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Settings$")).click()
    on = page.locator(".lm-Menu-item", has_text="Save Widget State Automatically").get_attribute("aria-checked") == "true"
    page.keyboard.press("Escape")
    return on


def _set_save_widget_state(page, on: bool) -> bool:
    """Settings > Save Widget State Automatically, as a person sets it; True if it was changed.

    The menu item flips a setting that JupyterLab saves through the server, so
    the menu shows the new state only once that round trip is done: wait for it
    (on a busy machine that takes a while), and fail saying so if it never comes.
    """
    if _save_widget_state_is_on(page) == on:
        return False
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Settings$")).click()
    page.locator(".lm-Menu-item", has_text="Save Widget State Automatically").click()
    page.wait_for_function(
        """() => { const m = document.querySelector('.lm-Menu'); return !m; }"""
    )
    deadline = time.monotonic() + SETTING_TIMEOUT_S
    while _save_widget_state_is_on(page) != on:
        assert time.monotonic() < deadline, (
            f"Save Widget State Automatically still {'off' if on else 'on'} {SETTING_TIMEOUT_S} s after the click")
        page.wait_for_timeout(250)
    return True


def test_a_saved_notebook_shows_the_last_state(open_notebook, jupyter_lab, lab_browser):
    nb = open_notebook([play_cell(["Ann"], {"Cy": "cautious"}, 4)])
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    board.root.get_by_role("combobox", name="Speed").select_option("instant")
    for name in ("Roll", "Pick up", "Next", "Roll", "Stay", "Next"):
        if board.enabled(name):
            board.click(name)
            board.wait_still()
    shown = {"seq": board.seq(), "air": board.air(), "pawns": board.pawns(), "status": board.status()}
    # the panels redraw after the board's paint and its odds: wait until they show the kernel's last figures
    for _ in range(60):
        kernel = nb.eval_json("[f.revision for f in app.panels.figures]")
        drawn = nb.page.evaluate("() => [...document.querySelectorAll('.dsw-figure [data-revision]')]"
                                 ".map((d) => +d.dataset.revision)")
        if drawn == kernel:
            break
        nb.page.wait_for_timeout(500)
    panels = _panels_drawn(nb.page)
    state = kernel_state(nb)
    assert shown["seq"] == state["seq"] and len(state["history"]) >= 4

    # Settings > Save Widget State Automatically (off by default), then File > Save Notebook.
    page = nb.page
    turned_on = _set_save_widget_state(page, True)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^File$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Save Notebook$")).click()
    path = jupyter_lab.root / nb.name
    deadline = time.monotonic() + 30
    while not _saved_board_views(path) and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    saved = _saved_board_views(path)
    assert len(saved) == 1, "the board's state was not saved in the notebook"
    model = saved[0]
    assert model["model_module"] == "anywidget"
    assert "export default" in model["state"]["_esm"] or len(model["state"]["_esm"]) > 10_000  # the bundle itself
    assert model["state"]["view"]["seq"] == state["seq"]
    assert model["state"]["view"]["divers"] == state["view"]["divers"]
    # plotly.js (about 5 MB) is saved once, in the model every panel names, and each panel
    # with the figure it shows now (the front end's copy, patched since it opened)
    models = _saved_models(path)
    bundles = [i for i, m in models.items() if len(m["state"].get("source", "")) > 1_000_000]
    figures = [m["state"] for m in models.values() if m["state"].get("_anywidget_id", "").endswith(".figure.Figure")]
    assert len(bundles) == 1, [(i, m["model_name"]) for i, m in models.items()]
    assert len(figures) == 4 and all(f["_plotly"] == f"IPY_MODEL_{bundles[0]}" for f in figures)
    assert all(len(f["_esm"]) < 20_000 for f in figures)  # each panel's own module is small
    assert all(f["figure"]["data"] for f in figures)
    size = path.stat().st_size
    print(f"\n  saved notebook with the app's widget state: {size / 1e6:.1f} MB (plotly.js once)")

    if turned_on:  # leave the shared JupyterLab's settings as they were
        _set_save_widget_state(page, False)

    # The first kernel goes; the notebook opens again in a fresh page with a new kernel.
    jupyter_lab.shutdown_kernels()
    context = lab_browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        again = NotebookPage(jupyter_lab, context.new_page(), nb.name).open()
        restored = BoardPage(again).wait_drawn()
        assert restored.seq() == shown["seq"]
        assert restored.air() == shown["air"] == max(0, state["view"]["air"])
        assert restored.pawns() == shown["pawns"]
        assert [p["position"] for p in restored.pawns()] == [d["position"] for d in state["view"]["divers"]]
        assert restored.status() == shown["status"]
        # the panels too, drawn by plotly.js saved once for all four
        restored_panels = _panels_drawn(again.page)
        assert same_json(restored_panels, panels), (restored_panels, panels)
        restored.screenshot("board-restored-from-saved-notebook")
        # What the board shows came from the file: this kernel has never seen the game.
        assert again.eval_json("'app' in globals()") is False
    finally:
        context.close()
