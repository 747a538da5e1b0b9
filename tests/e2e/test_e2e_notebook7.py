"""The board in Jupyter Notebook 7 (not JupyterLab): `play()` renders, a Roll click
reaches the kernel and comes back, and the four odds panels draw.

Notebook 7 runs on its own server (the JupyterLab harness started as ``jupyter
notebook``) on a free port, in the shared Chromium; the notebook page is JupyterLab's
notebook panel, so cells run the same way, but the kernel's state shows in the
toolbar's execution indicator instead of a status bar.
"""
from __future__ import annotations

import time
import uuid

import pytest

from lab_harness import ARTIFACTS, JupyterLab, NotebookPage, write_notebook

ROLL = '.dsw-root button[data-key="roll"]'
# a panel drawn: a plotly plot whose SVG holds a drawn trace (a heatmap draws an image)
PANEL_DRAWN = ".main-svg .trace, .main-svg .heatmaplayer image"


class NotebookSevenPage(NotebookPage):
    """A notebook open in Notebook 7's own page (``/notebooks/NAME``)."""

    def open(self, timeout: float = 60.0) -> "NotebookSevenPage":
        self.page.goto(self.lab.url(f"notebooks/{self.name}"), timeout=timeout * 1000)
        self.page.wait_for_selector(".jp-Notebook", timeout=timeout * 1000)
        self.wait_idle(timeout)
        return self

    def wait_idle(self, timeout: float = 60.0) -> None:
        """The page's kernel connected and idle: the server says so (the toolbar's indicator can
        read idle before the kernel has started), then the page."""
        deadline = time.monotonic() + timeout
        while not any(s["path"].endswith(self.name) and s["kernel"]["execution_state"] == "idle"
                      and s["kernel"].get("connections", 0) > 0 for s in self.lab.api("GET", "api/sessions") or []):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: no idle kernel connected within {timeout:.0f} s")
            self.page.wait_for_timeout(250)
        self.page.wait_for_selector('.jp-Notebook-ExecutionIndicator[data-status="idle"]', timeout=timeout * 1000)


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory):
    base = tmp_path_factory.mktemp("notebook7")
    server = JupyterLab.start(root=base / "root", state=base / "state", app="notebook")
    yield server
    server.stop()


def test_notebook7_shows_the_board_plays_a_click_and_draws_the_panels(lab_browser, notebook7):
    name = f"play_{uuid.uuid4().hex[:6]}.ipynb"
    write_notebook(notebook7.root / name, [
        'from deepsea_widget import play\napp = play(players=["Ann"], bots={"Cy": "cautious"}, seed=1)\napp',
    ])
    context = lab_browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        nb = NotebookSevenPage(notebook7, page, name).open()
        assert page.locator("#jp-main-statusbar").count() == 0  # (Notebook 7's page, not JupyterLab's)
        nb.run_cell(0)
        page.wait_for_function(f"() => {{ const b = document.querySelector('{ROLL}'); return b && !b.disabled; }}",
                               timeout=60_000)
        assert page.locator(".dsw-root svg.dsw-board [data-space]").count() == 32
        page.get_by_role("button", name="Roll", exact=True).click()
        page.wait_for_function(f"() => document.querySelector('{ROLL}').disabled"
                               " && /Ann rolls/.test(document.querySelector('.dsw-logbox').textContent)")
        assert nb.eval_json("[len(app.game.history), app.game.phase]") == [1, "treasure"]
        # the four panels: each a plotly plot with something drawn in it
        page.wait_for_function("""(drawn) => {
            const plots = [...document.querySelectorAll('.deepsea-panels .js-plotly-plot')];
            return plots.length === 4 && plots.every((p) => p.querySelector(drawn));
        }""", arg=PANEL_DRAWN, timeout=60_000)
    except BaseException:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "FAILED-notebook7.png"), full_page=True)
        raise
    finally:
        context.close()
        notebook7.shutdown_kernels()
