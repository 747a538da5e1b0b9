"""The app's layout in a real JupyterLab, measured with the browser's own boxes.

On a 1400 x 1000 window the board, the mover's choices and the first two panels (the
home-odds map and "what now?") are in sight together once the output is scrolled to the
board's top. In a 500 px window (its side panels collapsed) every panel fits its output:
no title, tick label or axis title cut, no figure wider than the output. At both sizes
plotly's toolbar (its mode bar) covers no title. Each test leaves a screenshot in
tests/e2e/artifacts/.
"""
from __future__ import annotations

import json

import pytest

from board_page import BoardPage

from deepsea_widget.panels import PANEL_WIDTH

pytestmark = pytest.mark.e2e

PLAY = ("from deepsea_widget import play\n"
        "app = play(players=['Ann', 'Bob', 'Cy', 'Di'], seed=3)\n"
        "app")

# A box as [left, top, right, bottom] in the page's pixels.
BOX_JS = "const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };"

# What a person reads on each figure: its title (each line, and the whole), subplot titles,
# axis titles, the colour bar's title, and the tick labels; with the figure's own box (its
# SVG) and the box of plotly's toolbar (present while hidden: it shows on hover).
FIGURES_JS = """() => {
    %s
    const titles = '.gtitle, .gtitle .line, .xtitle, .ytitle, .x2title, .y2title, .cbtitle text, .infolayer .annotation-text';
    const ticks = '.xtick text, .ytick text, .x2tick text, .y2tick text, .colorbar .ytick text';
    const texts = (plot, selector, kind) => [...plot.querySelectorAll(selector)]
        .filter((el) => el.getBoundingClientRect().width > 0)
        .map((el) => ({kind, cls: el.getAttribute('class'), text: el.textContent, box: box(el)}));
    return [...document.querySelectorAll('.js-plotly-plot')].map((plot) => ({
        title: plot.querySelector('.gtitle')?.textContent ?? '',
        svg: box(plot.querySelector('.main-svg')),
        view: box(plot.closest('.dsw-figure')),
        modebar: plot.querySelector('.modebar') ? box(plot.querySelector('.modebar')) : null,
        texts: [...texts(plot, titles, 'title'), ...texts(plot, ticks, 'tick')],
    }));
}""" % BOX_JS

# Every figure drawn, at a width that has stopped changing (a figure is redrawn to its
# container's width once it is measured).
FIGURE_WIDTHS_JS = """() => [...document.querySelectorAll('.dsw-figure')].map((el) => {
    const svg = el.querySelector('.js-plotly-plot[data-revision] .main-svg');
    return svg ? Math.round(svg.getBoundingClientRect().width) : null;
})"""


def wait_for_panels(nb, count: int = 4) -> list[int]:
    """Wait until `count` figures are drawn and their widths hold still for half a second."""
    page = nb.page
    page.wait_for_function(f"() => ({FIGURE_WIDTHS_JS})().filter((w) => w).length >= {count}", timeout=90_000)
    last = None
    for _ in range(50):
        widths = page.evaluate(FIGURE_WIDTHS_JS)
        if widths == last:
            return widths
        last = widths
        page.wait_for_timeout(500)
    return last


def overlaps(a, b, slack: float = 0.0) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def inside(inner, outer, slack: float = 0.5) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def check_modebar_covers_no_title(figures) -> None:
    for fig in figures:
        assert fig["modebar"] is not None, fig["title"]
        hit = [t for t in fig["texts"] if t["kind"] == "title" and overlaps(t["box"], fig["modebar"])]
        assert not hit, (fig["title"], fig["modebar"], hit)


def rounded(box) -> list[int]:
    return [round(v) for v in box]


def collapse_side_panels(page) -> None:
    """Close JupyterLab's open side panels (the file browser, ...), as a narrow window has them."""
    for side in ("left", "right"):
        current = page.locator(f".jp-SideBar.jp-mod-{side} .lm-TabBar-tab.lm-mod-current")
        if current.count():
            current.first.click()
    page.wait_for_function(
        "() => !document.querySelector('.jp-SideBar .lm-TabBar-tab.lm-mod-current')", timeout=10_000)


def test_at_1400_by_1000_the_board_the_movers_choices_and_the_first_panels_are_in_sight_together(open_notebook):
    nb = open_notebook([PLAY], width=1400, height=1000)
    nb.run_cell(0, timeout=120)
    board = BoardPage(nb).wait_drawn()
    wait_for_panels(nb)
    board.click("Roll")  # Ann dives: the log has a turn, her card new choices
    board.wait_still()
    board.root.locator(".dsw-current .dsw-choices").wait_for(timeout=60_000)
    nb.page.wait_for_function(
        "() => document.querySelectorAll('.dsw-current .dsw-choice').length >= 2", timeout=60_000)
    wait_for_panels(nb)
    board.root.evaluate("el => el.scrollIntoView({block: 'start'})")  # the output at the board's top
    nb.page.wait_for_timeout(300)

    seen = nb.page.evaluate("""() => {
        %s
        const root = document.querySelector('.dsw-root');
        let scroller = root.parentElement;  // the notebook's scrolling area
        while (scroller && scroller.scrollHeight <= scroller.clientHeight + 1) scroller = scroller.parentElement;
        const s = box(scroller);
        const figures = [...document.querySelectorAll('.dsw-figure')];
        return {
            visible: [Math.max(0, s[0]), Math.max(0, s[1]), Math.min(innerWidth, s[2]), Math.min(innerHeight, s[3])],
            root: box(root),
            parts: {
                'the status line': box(root.querySelector('.dsw-status')),
                'the air gauge': box(root.querySelector('.dsw-gauge')),
                'the board': box(root.querySelector('svg.dsw-board')),
                'the play buttons': box(root.querySelector('.dsw-controls')),
                "the mover's choices": box(root.querySelector('.dsw-current .dsw-choices')),
                'the map panel': box(figures[0]),
                'the choices panel': box(figures[1]),
            },
            titles: figures.map((f) => f.querySelector('.gtitle')?.textContent ?? ''),
        };
    }""" % BOX_JS)
    nb.screenshot("layout-1400x1000", full_page=False)
    print("\n  1400x1000 " + json.dumps({"visible": rounded(seen["visible"]),
                                         **{k: rounded(v) for k, v in seen["parts"].items()}}))
    assert abs(seen["root"][1] - seen["visible"][1]) <= 2, seen  # scrolled to the board's top
    assert "P(home) with" in seen["titles"][0] and "what now?" in seen["titles"][1], seen["titles"]
    out_of_sight = {name: rounded(b) for name, b in seen["parts"].items() if not inside(b, seen["visible"])}
    assert not out_of_sight, (rounded(seen["visible"]), out_of_sight)
    check_modebar_covers_no_title(nb.page.evaluate(FIGURES_JS))


def test_at_500_px_every_panel_fits_its_output_and_the_toolbar_covers_no_title(open_notebook):
    nb = open_notebook([PLAY], width=500, height=900)
    collapse_side_panels(nb.page)
    nb.run_cell(0, timeout=120)
    BoardPage(nb).wait_drawn()
    widths = wait_for_panels(nb)
    nb.page.locator(".deepsea-panels").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(300)
    output = nb.cell(0).locator(".jp-OutputArea-output").first
    area = output.evaluate("""(el) => {
        %s
        const wide = [el, ...el.querySelectorAll('.deepsea-app, .deepsea-panels, .deepsea-panels > *, .dsw-figure')]
            .filter((n) => n.scrollWidth > n.clientWidth + 1)
            .map((n) => `${n.className.split(' ').filter((c) => /^(dsw|deepsea|jp)-/.test(c)).join('.')}: ${n.scrollWidth} > ${n.clientWidth}`);
        return {box: box(el), wide};
    }""" % BOX_JS)
    figures = nb.page.evaluate(FIGURES_JS)
    nb.screenshot("layout-500", full_page=False)
    out = area["box"]
    print(f"\n  500x900 output {rounded(out)}, figures {widths} px wide (the narrowest drawn: {PANEL_WIDTH})")
    assert len(figures) == 4
    # no horizontal scrollbar: nothing in the output is wider than it shows
    assert area["wide"] == [], area["wide"]
    for fig in figures:
        # the figure lies inside the output, and every text inside the figure's own box
        assert inside(fig["svg"], out), (fig["title"], rounded(fig["svg"]), rounded(out))
        assert inside(fig["svg"], fig["view"]), (fig["title"], rounded(fig["svg"]), rounded(fig["view"]))
        cut = [(t["cls"], t["text"], rounded(t["box"])) for t in fig["texts"] if not inside(t["box"], fig["svg"])]
        assert not cut, (fig["title"], rounded(fig["svg"]), cut)
        kinds = {t["kind"] for t in fig["texts"]}
        assert kinds == {"title", "tick"}, (fig["title"], kinds)  # (the checks saw texts of both kinds)
    check_modebar_covers_no_title(figures)
