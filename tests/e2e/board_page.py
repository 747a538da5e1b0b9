"""The board widget on a notebook page, read and clicked the way a person does.

`BoardPage` wraps one rendered view of the board (the `.dsw-root` element in a
cell's output): it finds controls by role and accessible name, clicks them and
waits until the board shows the kernel's answer (the root's `data-seq`, the
state number, changes), and reads back what the board shows.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from lab_harness import ARTIFACTS

PLAY_CELL = (
    "from deepsea_widget import play\n"
    "app = play(players={players!r}, bots={bots!r}, seed={seed!r})\n"
    "app"
)

# Prints the kernel's game as JSON: what the board must show.
STATE_EXPR = (
    "dict(view=app.game.public_view(), seq=app.table.seq, mode=app.table.mode, error=app.table.error,"
    " history=[a.to_dict() for a in app.game.history])"
)


def play_cell(players, bots, seed) -> str:
    return PLAY_CELL.format(players=players, bots=bots, seed=seed)


class BoardPage:
    def __init__(self, nb: Any, cell: int = 0, index: int = 0):
        self.nb = nb
        self.page = nb.page
        self.root = nb.cell(cell).locator(".dsw-root").nth(index)

    def wait_drawn(self, timeout: float = 30.0) -> BoardPage:
        self.root.locator("svg.dsw-board").wait_for(timeout=timeout * 1000)
        return self

    # ----- finding things ---------------------------------------------------
    def button(self, name: str, exact: bool = True):
        return self.root.get_by_role("button", name=name, exact=exact)

    def seq(self) -> int:
        return int(self.root.get_attribute("data-seq"))

    # Text is read with textContent: JupyterLab skips laying out cells scrolled
    # out of view (content-visibility), and innerText is empty there.
    def text(self, selector: str) -> str:
        return self.root.locator(selector).first.text_content() or ""

    def status(self) -> str:
        return self.text(".dsw-status")

    def error(self) -> str:
        return self.text(".dsw-error")

    def air(self) -> int:
        return int(self.text(".dsw-air-value"))

    def pawns(self) -> list[dict]:
        """Per seat, what the pawn on the board says: position and heading."""
        return self.root.locator("svg.dsw-board [data-diver]").evaluate_all(
            """nodes => nodes
                .map(n => ({seat: +n.dataset.diver, position: +n.dataset.position,
                            heading: n.dataset.heading}))
                .sort((a, b) => a.seat - b.seat)"""
        )

    def spaces(self) -> list[str]:
        return self.root.locator("svg.dsw-board [data-space]").evaluate_all("ns => ns.map(n => n.dataset.kind)")

    def screenshot(self, name: str) -> Path:
        """A picture of just this board (scrolled into view) in tests/e2e/artifacts/."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.root.screenshot(path=str(path))
        return path

    # ----- acting -------------------------------------------------------------
    def wait_seq_after(self, before: int, timeout: float = 20.0) -> int:
        """Wait until the board shows a state newer than `before`; return it."""
        handle = self.root.element_handle()
        self.page.wait_for_function(
            "([el, s]) => el.dataset.seq !== s", arg=[handle, str(before)], timeout=timeout * 1000
        )
        return self.seq()

    def wait_still(self, timeout: float = 20.0) -> None:
        """Wait until no move is being animated."""
        handle = self.root.element_handle()
        self.page.wait_for_function("el => !el.dataset.animating", arg=handle, timeout=timeout * 1000)

    def click(self, name: str, exact: bool = True) -> int:
        """Click an enabled control and wait for the kernel's new state; return its number."""
        before = self.seq()
        target = self.button(name, exact=exact)
        assert target.is_enabled(), f"{name!r} is disabled: {target.get_attribute('title')!r}"
        target.click()
        return self.wait_seq_after(before)

    def enabled(self, name: str, exact: bool = True) -> bool:
        target = self.button(name, exact=exact)
        return target.count() > 0 and target.first.is_enabled()


def focused_key(board: BoardPage) -> str | None:
    """The `data-key` of the control with the keyboard focus, if it is in this board."""
    return board.root.evaluate(
        "el => el.contains(document.activeElement) ? document.activeElement.getAttribute('data-key') : null")


def kernel_state(nb) -> dict:
    return nb.eval_json(STATE_EXPR)


def assert_board_matches(board: BoardPage, state: dict) -> None:
    """The board shows the kernel's game: state number, air, pawns, trail, whose turn."""
    view = state["view"]
    assert board.seq() == state["seq"]
    assert board.air() == max(0, view["air"])
    pawns = board.pawns()
    assert [p["position"] for p in pawns] == [d["position"] for d in view["divers"]]
    assert [p["heading"] == "back" for p in pawns] == [d["returning"] for d in view["divers"]]
    kinds = ["blank" if s is None else "stack" if len(s) > 1 else "chip" for s in view["trail"]]
    assert board.spaces() == kinds
    if view["current_player"] is not None and not view["is_over"] and state["mode"] == "play":
        assert view["divers"][view["current_player"]]["name"] in board.status()


def dump(obj) -> str:
    return json.dumps(obj, indent=1, sort_keys=True)


def set_theme(page, theme: str) -> None:
    """Settings > Theme > `theme`, through JupyterLab's menus, and wait until it applies."""
    label = page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Settings$"))
    label.click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Theme$")).hover()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(theme)}$")).click()
    light = "false" if "Dark" in theme else "true"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'")
    page.wait_for_timeout(300)


# Per plotly figure on the page (map, turn back, divers, dice): its title and the data
# that follows the game (the map's marker, the other panels' bars).
DOM_PANELS_JS = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).map((gd, i) => {
    const trace = gd.data && gd.data[i === 0 ? 3 : 0];  // (none while a fresh figure is being drawn)
    return trace ? {title: gd.layout.title.text, data: [trace.x, trace.y]} : null;
})"""


def same_json(a, b) -> bool:
    """Equal as JSON data, with 0 and 0.0 alike (JavaScript has one kind of number)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return float(a) == float(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return a == b
