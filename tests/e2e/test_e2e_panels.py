"""The app with its odds panels in a real JupyterLab: the panels render, and clicking
`Roll` moves the marker on the home-odds map to the diver's new (distance, air)."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from board_page import DOM_PANELS_JS, BoardPage
from board_page import same_json as _same

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = pytest.mark.e2e

# Each panel's text for screen readers, in the page's order (map, turn back, divers, dice).
PANEL_WORDS_JS = "[...document.querySelectorAll('.dsw-figure .dsw-panel-words')].map((p) => p.textContent)"

# Marker points plotly.js drew: the home-odds map is the only panel with a scatter trace.
MARKER_POINTS_JS = "() => document.querySelectorAll('.js-plotly-plot .scatterlayer .point').length"


# Each figure's title box, against its figure (the SVG) and the top of what lies below it.
TITLE_BOXES_JS = """() => [...document.querySelectorAll('.js-plotly-plot')].map((plot) => {
    const svg = plot.querySelector('.main-svg').getBoundingClientRect();
    const title = plot.querySelector('.gtitle');
    const box = title.getBoundingClientRect();
    // what lies below the title: the plot areas, the subplots' titles
    const tops = [...plot.querySelectorAll('.nsewdrag, .infolayer .annotation')]
        .map((n) => n.getBoundingClientRect().top - svg.top).filter((t) => t > box.top - svg.top);
    return {text: title.textContent, top: box.top - svg.top, bottom: box.bottom - svg.top,
            left: box.left - svg.left, right: box.right - svg.left, width: svg.width,
            below: Math.min(...tops)};
})"""


def test_panels_render_and_follow_a_roll(open_notebook):
    nb = open_notebook([
        "from deepsea_widget.app import play\n"
        "app = play(players=['Ann', 'Bob', 'Cy', 'Di'], seed=3)\n"
        "app",
    ], height=1400)
    # each figure announces its first drawing; count them
    nb.page.evaluate("() => { window.__plotsDrawn = 0; window.__runAt = performance.now();"
                     " document.addEventListener('deepsea-figure-drawn', () => {"
                     " window.__plotsDrawn += 1; if (window.__plotsDrawn === 4) window.__fourAt = performance.now(); }); }")
    nb.run_cell(0, timeout=120)
    cell = nb.cell(0)
    cell.locator(".dsw-board").wait_for(timeout=60_000)
    # every figure drawn with its data (plotly applies updates from then on)
    nb.page.wait_for_function("() => window.__plotsDrawn >= 4", timeout=90_000)
    bars = nb.page.evaluate("() => document.querySelectorAll('.js-plotly-plot .barlayer .point').length")
    assert bars > 0  # the bar panels draw their bars (an empty chart was a real failure once)
    assert nb.page.evaluate(MARKER_POINTS_JS) == 0  # Ann is still in the sub: no marker
    # each chart's toolbar offers a picture, zoom, pan and reset: four keyboard stops, not
    # eleven, and no "Share chart..." (an upload to Plotly's cloud)
    toolbars = nb.page.evaluate("() => [...document.querySelectorAll('.js-plotly-plot')].map((plot) =>"
                                " [...plot.querySelectorAll('.modebar-btn')].map((b) => b.dataset.title))")
    assert toolbars == [["Download plot as a PNG", "Zoom", "Pan", "Reset axes"]] * 4, toolbars
    # every title is whole: inside its figure (plotly cuts what overhangs), above the plots
    titles = nb.page.evaluate(TITLE_BOXES_JS)
    assert len(titles) == 4 and all(t["text"] for t in titles), titles
    for t in titles:
        assert t["top"] >= 0 and t["left"] >= 0 and t["right"] <= t["width"], t
        assert t["bottom"] <= t["below"], t
    nb.screenshot("panels-first-render")

    # time from the click (captured in the page) to the marker drawn by plotly
    nb.page.evaluate(
        "() => { window.__clickAt = null; window.__markerAt = null;"
        " document.addEventListener('click', () => { if (window.__clickAt === null) window.__clickAt = performance.now(); }, true);"
        " const seen = () => document.querySelectorAll('.js-plotly-plot .scatterlayer .point').length === 1;"
        " new MutationObserver(() => { if (window.__clickAt !== null && window.__markerAt === null && seen())"
        " window.__markerAt = performance.now(); }).observe(document.body, {subtree: true, childList: true}); }")
    cell.get_by_role("button", name="Roll", exact=True).click()
    nb.page.wait_for_function(
        "() => document.querySelector('.dsw-board [data-diver=\"0\"]')?.getAttribute('data-position') !== '0'",
        timeout=30_000)
    # the kernel redraws its panels once the board reports the new state painted (or a moment later)
    kernel = None
    for _ in range(20):
        kernel = nb.eval_json(
            "(lambda s, m: {'sit': [s.distance, s.air], 'marker': [list(m['x']), list(m['y'])]})"
            "(__import__('deepsea_widget.panels', fromlist=['situation']).situation(app.game),"
            " app.panels.odds_map.data[3])")
        if kernel["marker"] != [[], []]:
            break
        nb.page.wait_for_timeout(300)
    d, a = kernel["sit"]
    assert d is not None and d >= 1
    assert kernel["marker"] == [[d], [max(a, 0)]]
    # the browser drew the marker the kernel placed
    nb.page.wait_for_function(f"() => ({MARKER_POINTS_JS})() === 1", timeout=30_000)
    nb.screenshot("panels-after-roll")
    # each panel in words for a screen reader, out of sight, as the kernel has it after the roll
    said = nb.eval_json("[f.summary for f in app.panels.figures]")
    assert len(said) == 4 and "Ann (whose turn it is). Ann's chance of being back" in said[2] and said[3].startswith("Ann: move with 0 items")
    shown = None
    for _ in range(60):
        shown = nb.page.evaluate(f"() => {PANEL_WORDS_JS}")
        if shown == said:
            break
        nb.page.wait_for_timeout(500)
    assert shown == said, (shown, said)
    assert nb.page.evaluate("() => [...document.querySelectorAll('.dsw-figure .dsw-panel-words')]"
                            ".map((p) => p.getBoundingClientRect().width)") == [1, 1, 1, 1]
    ms = nb.page.evaluate("() => window.__markerAt - window.__clickAt")
    opened = nb.page.evaluate("() => window.__fourAt - window.__runAt")
    timing = {"click_to_panels_marker_ms": round(ms, 1), "target_ms": 250,
              "run_to_four_panels_drawn_ms": round(opened, 1)}
    (ARTIFACTS / "panels_timings.json").write_text(json.dumps(timing, indent=1))
    print(f"\n  click -> home-odds marker drawn: {ms:.0f} ms (target 250 ms; printed, not asserted)"
          f"\n  cell run -> all four panels drawn: {opened:.0f} ms (printed, not asserted)")


KERNEL_PANELS = (
    "[{'title': f.layout['title']['text'],"
    " 'data': [list(f.data[3 if i == 0 else 0]['x']), list(f.data[3 if i == 0 else 0]['y'])]}"
    " for i, f in enumerate(app.panels.figures)]")


def _page_errors(page) -> list[str]:
    """The page's uncaught errors and console errors from now on (the list fills as they come)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors


# plotly.js (the shared library's 4.8 MB module) starts 6 s late, as on a machine too busy to
# parse it in time: anywidget's 2 s start-up limit for a widget's own module must not matter,
# since a figure's own module is small and plotly.js is only awaited when a view draws.
SLOW_PLOTLY_JS = """() => {
    const Native = window.Blob;
    let slowed = 0;
    window.Blob = function (parts, options) {
        if (slowed === 0 && options && options.type === "text/javascript" && parts.length === 1
                && typeof parts[0] === "string" && parts[0].length > 1e6) {
            slowed += 1;
            parts = ["await new Promise((resolve) => setTimeout(resolve, 6000));\\n" + parts[0]];
        }
        return new Native(parts, options);
    };
    window.Blob.prototype = Native.prototype;
}"""


def test_panels_show_the_kernels_numbers_when_plotly_js_starts_late(open_notebook):
    """The kernel changes every panel while plotly.js is still loading: once it is in, every
    panel draws the figure as the kernel has it then."""
    nb = open_notebook([
        "from deepsea_widget.app import play\n"
        "from deepsea_widget.rules import Roll\n"
        "app = play(players=['Ann', 'Bob', 'Cy', 'Di'], seed=3)\n"
        "app",
        "app.apply(Roll())",  # Ann dives: every panel changes
    ], height=1400)
    nb.page.evaluate(SLOW_PLOTLY_JS)
    nb.run_cell(0, timeout=120)
    nb.run_cell(1, timeout=60)
    kernel = nb.eval_json(KERNEL_PANELS)
    shown = None
    for _ in range(120):
        shown = nb.page.evaluate(DOM_PANELS_JS)
        if _same(shown, kernel):
            break
        nb.page.wait_for_timeout(500)
    assert _same(shown, kernel), (shown, kernel)
    nb.screenshot("panels-after-a-late-plotly-js")


# After a reload, JupyterLab's widget manager sometimes ends its restore without the
# kernel's models, and an output showing a widget then says this instead (upstream and
# known: jupyter-widgets/ipywidgets#3823). Here it did in 2 of about 20 CI runs, and in
# 4 of 24 reloads with two or three CPU burners; the next reload always worked. A person
# would reload once more; so does the test, and says so in a warning.
UPSTREAM_RESTORE_ERROR = "Error displaying widget: model not found"


def _reload_until_the_widgets_are_restored(nb, attempts: int = 3) -> BoardPage:
    for attempt in range(1, attempts + 1):
        nb.page.reload()
        nb.page.wait_for_selector(".jp-Notebook", timeout=60_000)
        nb.wait_idle()
        board = BoardPage(nb)
        failed = nb.cell(0).get_by_text(UPSTREAM_RESTORE_ERROR)
        board.root.locator("svg.dsw-board").or_(failed).first.wait_for(timeout=90_000)
        if not failed.count():
            return board
        warnings.warn(f"reload {attempt} of {attempts}: JupyterLab showed {UPSTREAM_RESTORE_ERROR!r} "
                      "(upstream restore race), reloading again")
    raise AssertionError(f"{attempts} reloads in a row showed {UPSTREAM_RESTORE_ERROR!r}")


def test_after_a_page_reload_the_panels_show_the_game_as_it_is_now(open_notebook):
    """A figure updates the views it has by patches alone; a reloaded page asks the kernel for
    each widget's whole state, which must be the figure as it is now, not as it opened."""
    nb = open_notebook([
        "from deepsea_widget.app import play\n"
        "app = play(players=['Ann', 'Bob'], bots={'Cy': 'cautious'}, seed=3)\n"
        "app",
    ], height=1400)
    nb.run_cell(0, timeout=120)
    board = BoardPage(nb).wait_drawn()
    nb.page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length >= 4", timeout=90_000)
    for name in ("Roll", "Stay", "Roll"):
        board.click(name)
    before = nb.eval_json(KERNEL_PANELS)
    seq = board.seq()
    nb.cell(0).locator(".jp-InputArea-editor").click()
    nb.page.keyboard.press("Escape")
    nb.page.keyboard.press("Control+s")  # JupyterLab restores outputs from the saved file
    nb.page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')", timeout=30_000)

    board = _reload_until_the_widgets_are_restored(nb)
    nb.page.wait_for_function(f"() => document.querySelector('.dsw-root')?.dataset.seq === '{seq}'",
                              timeout=60_000)
    shown = None
    for _ in range(60):
        shown = nb.page.evaluate(DOM_PANELS_JS)
        if len(shown) == 4 and all(shown):
            break
        nb.page.wait_for_timeout(500)
    shown = nb.page.evaluate(DOM_PANELS_JS)
    assert _same(shown, before), (shown, before)  # the page draws the game as it is now
    assert _same(nb.eval_json(KERNEL_PANELS), before)  # and the kernel's figures are unchanged
    nb.screenshot("panels-after-reload")


def test_closing_the_app_blanks_its_output_without_errors_on_the_page(open_notebook):
    nb = open_notebook(["from deepsea_widget.app import play\napp = play(players=['Ann', 'Bob'], seed=3)\napp"],
                       height=1400)
    errors = _page_errors(nb.page)
    nb.run_cell(0, timeout=120)
    BoardPage(nb).wait_drawn()
    nb.page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length >= 4", timeout=90_000)
    errors.clear()  # (what a slow start may log is not the close's doing)
    nb.run_code("app.close()")
    nb.page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot, .dsw-root').length === 0",
                              timeout=30_000)
    nb.page.wait_for_timeout(1000)  # (anything a closed view does late would show here)
    assert errors == []
