"""Make docs/img/board.png, the README's picture: a seeded game a few moves in, in a real
JupyterLab and Debian's Chromium (as the browser tests run them).

    .venv/bin/python scripts/screenshot.py
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from lab_harness import CHROMIUM, CHROMIUM_ARGS, JupyterLab, NotebookPage, write_notebook  # noqa: E402

CELLS = [
    "from deepsea_widget import play\n"
    "from deepsea_widget.rules import PickUp, Roll, Stay\n"
    "app = play(players=['Ann'], bots={'Cy': 'odds', 'Bo': 'cautious'}, seed=4)\n"
    "for action in (Roll((3, 2)), PickUp()):\n"
    "    app.apply(action)\n"
    "while app.game.current_player != 0:\n"
    "    app.bot_step()\n"
    "app.apply(Roll((2, 2)))\n"
    "app",
]
OUT = REPO / "docs" / "img" / "board.png"


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        lab = JupyterLab.start(root=Path(tmp) / "root", state=Path(tmp) / "state")
        try:
            write_notebook(lab.root / "shot.ipynb", CELLS)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1600}, device_scale_factor=1)
                nb = NotebookPage(lab, page, "shot.ipynb").open()
                nb.run_cell(0, timeout=120)
                page.wait_for_function("() => document.querySelectorAll('.dsw-figure [data-revision]').length >= 4",
                                       timeout=90_000)
                page.wait_for_function("() => !document.querySelector('.dsw-choices-wait')", timeout=60_000)
                page.wait_for_timeout(1500)  # (the panels' last redraw after the board's paint)
                output = nb.cell(0).locator(".jp-OutputArea-output").first
                OUT.parent.mkdir(parents=True, exist_ok=True)
                output.screenshot(path=str(OUT))
                browser.close()
        finally:
            lab.stop()
    print(f"wrote {OUT.relative_to(REPO)}")


if __name__ == "__main__":
    main()
