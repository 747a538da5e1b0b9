"""One air convention in a real JupyterLab: for one position mid-turn (Ann's turn started with
air 23 and she has breathed 2, so the track shows 21), every air the page shows is the air now
or says which other air it is: the status line, the gauge and its words, the edit slider in edit
mode, the board's texts, the panels' words, the map's axis title and the hovers plotly draws."""
from __future__ import annotations

import pytest

from air_words import check
from board_page import BoardPage

pytestmark = pytest.mark.e2e

TURN_START, NOW, FORECAST = 23, 21, 18  # Ann breathed 2; before her next turn all carry 3 in all

CELL = (
    "from deepsea_widget.app import App\n"
    "from deepsea_widget.rules import Game\n"
    "from deepsea_widget.table import Table\n"
    "game = Game.from_position(players=['Ann', 'Bob', 'Cy'], trail=[1] * 4 + [2] * 4 + [3] * 4,\n"
    "                          positions=[9, 4, 0], returning=[True, False, False], carried=[[2, 3], [1], []],\n"
    "                          air=23, turn=0, seed=5)\n"
    "app = App(Table(game=game))\n"
    "app"
)

# Every text of the board a person sees or hears, element by element: its own text, and its
# aria-label, aria-valuetext and title.
BOARD_TEXTS_JS = """root => [...root.querySelectorAll('*')].flatMap((el) => [
    [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join(''),
    el.getAttribute('aria-label'), el.getAttribute('aria-valuetext'), el.getAttribute('title'),
]).filter((t) => t && t.trim())"""

PANEL_WORDS_JS = "() => [...document.querySelectorAll('.dsw-figure .dsw-panel-words')].map((p) => p.textContent)"

# Where plotly draws a data point of the home-odds map (the first figure), in page pixels.
POINT_JS = """([x, y]) => {
    const gd = document.querySelectorAll('.js-plotly-plot')[0];
    const {xaxis, yaxis} = gd._fullLayout;
    const box = gd.querySelector('.main-svg').getBoundingClientRect();
    return [box.left + xaxis._offset + xaxis.d2p(x), box.top + yaxis._offset + yaxis.d2p(y)];
}"""


def hover_label(page, x, y) -> str:
    """The hover label plotly draws for the map's point (x, y), read from the page."""
    page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
    page.mouse.move(0, 0)
    page.wait_for_function("() => !document.querySelector('.js-plotly-plot .hoverlayer .hovertext')")
    px, py = page.evaluate(POINT_JS, [x, y])
    page.mouse.move(px, py)
    label = page.locator(".js-plotly-plot .hoverlayer .hovertext").first
    label.wait_for(timeout=10_000)
    return label.text_content()


def test_every_air_on_the_page_is_the_air_now_or_says_which(open_notebook):
    nb = open_notebook([CELL], height=1600)
    nb.run_cell(0, timeout=180)
    board = BoardPage(nb).wait_drawn()
    page = nb.page
    assert nb.eval_json("[app.game.air, app.game.turn_start_air, app.board.view['forecast_air']]") == [
        NOW, TURN_START, FORECAST]

    # the board: the status line, the gauge's number and its words, every other text
    assert f"air {NOW}" in board.status()
    assert board.air() == NOW
    meter = board.root.get_by_role("meter", name="Air left")
    assert meter.get_attribute("aria-valuetext") == f"Air {NOW} of 25"
    words = board.text(".dsw-forecast")
    assert words == (f"Ann breathed 2 ({TURN_START} → {NOW}). "
                     f"Ann's next turn, once Ann has breathed: air {FORECAST}, −3 if everyone keeps their items")
    texts = board.root.evaluate(BOARD_TEXTS_JS)
    kernel = _Game(NOW, TURN_START)
    said = check(texts, kernel, FORECAST, "board")
    assert {c.kind for c in said} >= {"now", "breath", "forecast"}

    # the panels: their words (titles, the map's marker), the map's air axis, the hovers plotly draws
    expected = nb.eval_json("[f.summary for f in app.panels.figures]")
    page.wait_for_function(f"(want) => JSON.stringify(({PANEL_WORDS_JS})()) === JSON.stringify(want)", arg=expected,
                           timeout=90_000)
    panel_words = page.evaluate(PANEL_WORDS_JS)
    said = check(panel_words, kernel, where="panels' words")
    assert ("turn start", TURN_START) in [(c.kind, c.number) for c in said]
    assert f"air {TURN_START} at the start of Ann's turn (air {NOW} now: Ann breathed 2)" in panel_words[0]
    assert "Others frozen: they stay where they are and keep breathing what they carry." in panel_words[0]
    assert page.locator(".js-plotly-plot").first.locator(".ytitle").text_content() == "air at the start of Ann's turn"
    distance = nb.eval_json("__import__('deepsea_widget.panels', fromlist=['situation']).situation(app.game).distance")
    marker = hover_label(page, distance, TURN_START)
    check([marker], kernel, where="map marker's hover")
    assert f"air {TURN_START} at the start of Ann's turn" in marker
    cell = hover_label(page, distance + 2, 12)  # a cell of the heatmap: its own air, at the start of Ann's turn
    assert cell.startswith(f"distance {distance + 2}, air 12 at the start of Ann's turn:"), cell

    # edit mode: the slider shows the air now, the number the gauge shows, and sets it
    board.click("Edit position")
    slider = board.root.get_by_role("slider", name="Air now")
    slider.wait_for()
    assert int(slider.input_value()) == board.air() == NOW
    assert board.text(".dsw-edit-air-value") == str(NOW)
    assert (slider.get_attribute("min"), slider.get_attribute("max")) == ("0", "23")
    check(board.root.evaluate(BOARD_TEXTS_JS), kernel, FORECAST, "board in edit mode")
    before = board.seq()
    slider.fill("20")
    board.wait_seq_after(before)
    assert board.air() == 20 and int(slider.input_value()) == 20
    assert nb.eval_json("[app.game.air, app.game.turn_start_air]") == [20, 22]
    texts = board.root.evaluate(BOARD_TEXTS_JS)
    assert "Edit: air 20 now (air 22 at the start of Ann's turn; Ann breathed 2)" in texts
    check(texts, _Game(20, 22), FORECAST - 1, "board after the slider")


class _Game:
    """What `air_words.check` reads of a game, for Ann's turn in this position."""

    def __init__(self, air, turn_start_air):
        from types import SimpleNamespace

        self.air, self.turn_start_air = air, turn_start_air
        self.current_player = 0
        self.divers = [SimpleNamespace(name="Ann", back=False, carried=[2, 3]),
                       SimpleNamespace(name="Bob", back=False, carried=[1]),
                       SimpleNamespace(name="Cy", back=False, carried=[])]
