"""Fixtures for end-to-end tests: one JupyterLab and one Chromium shared by all
browser tests, and a fresh notebook page with a running kernel per test.

    def test_something(open_notebook):
        nb = open_notebook(["from deepsea_widget.widget import Board", "..."])
        nb.run_cell(0)
        nb.page.get_by_role("button", name="Roll", exact=True).click()
        assert nb.eval_json("board.view['air']") == 25

Outside CI these tests are skipped (with the reason) when /usr/bin/chromium or
Playwright is missing; with CI=true they fail instead.
"""
from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lab_harness import CHROMIUM, CHROMIUM_ARGS, JupyterLab, NotebookPage, in_ci, write_notebook


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)
            # with pytest-xdist's --dist loadgroup, every browser test runs on one worker,
            # which starts one JupyterLab and one Chromium for them all
            item.add_marker(pytest.mark.xdist_group("browser"))


def _unavailable(reason: str) -> None:
    if in_ci():
        pytest.fail(f"CI=true, so browser tests must run, but {reason}", pytrace=False)
    pytest.skip(reason)


class _Shared:
    """Playwright, Chromium and JupyterLab, started by the first browser test
    and stopped right after the last one of a row (see pytest_runtest_teardown):
    Playwright's sync API keeps an asyncio loop marked as running in this
    thread, which would break asyncio.run() in the tests that come after."""

    def __init__(self) -> None:
        self.playwright_cm = None
        self.playwright = None
        self.browser = None
        self.lab: JupyterLab | None = None
        self.failure: BaseException | None = None

    def start_playwright(self):
        if self.playwright is None:
            from playwright.sync_api import sync_playwright

            self.playwright_cm = sync_playwright()
            self.playwright = self.playwright_cm.__enter__()
        return self.playwright

    def start_browser(self):
        if self.browser is None:
            # Headless Debian Chromium (never a downloaded browser).
            self.browser = self.start_playwright().chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        return self.browser

    def start_lab(self, tmp_path_factory) -> JupyterLab:
        if self.failure is not None:  # don't pay a start-up time-out once per test
            raise RuntimeError(f"JupyterLab failed to start earlier: {self.failure}")
        if self.lab is None:
            base = tmp_path_factory.mktemp("lab")
            try:
                self.lab = JupyterLab.start(root=base / "root", state=base / "state")
            except BaseException as exc:
                self.failure = exc
                raise
        return self.lab

    def stop(self) -> None:
        try:
            if self.browser is not None:
                self.browser.close()
            if self.playwright_cm is not None:
                self.playwright_cm.__exit__(None, None, None)
        finally:
            self.browser = self.playwright = self.playwright_cm = None
            if self.lab is not None:
                lab, self.lab = self.lab, None
                lab.stop()


_shared = _Shared()


@pytest.fixture
def playwright_api():
    if not Path(CHROMIUM).exists():
        _unavailable(f"{CHROMIUM} not found (Debian: apt-get install -y chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install -e '.[dev]')")
    return _shared.start_playwright()


@pytest.fixture
def lab_browser(playwright_api):
    """Headless Debian Chromium, shared by the browser tests."""
    return _shared.start_browser()


@pytest.fixture
def jupyter_lab(tmp_path_factory, playwright_api) -> JupyterLab:
    """One JupyterLab for all browser tests, serving a temporary root."""
    return _shared.start_lab(tmp_path_factory)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    yield
    # Stop the shared browser and server once the browser tests are done.
    if nextitem is None or nextitem.get_closest_marker("e2e") is None:
        _shared.stop()


def pytest_sessionfinish(session, exitstatus):
    _shared.stop()


@pytest.fixture
def open_notebook(jupyter_lab, lab_browser, request) -> Iterator[Callable[..., NotebookPage]]:
    """Factory: write a notebook with the given code cells, open it in a new
    page and wait for its kernel to be idle. Kernels are shut down afterwards;
    a failing test leaves a screenshot in tests/e2e/artifacts/."""
    pages: list[NotebookPage] = []
    contexts = []

    def _open(cells: list[str], name: str | None = None, width: int = 1280, height: int = 900) -> NotebookPage:
        stem = name or re.sub(r"[^A-Za-z0-9_]+", "_", request.node.name)[:60]
        filename = f"{stem}_{uuid.uuid4().hex[:6]}.ipynb"
        write_notebook(jupyter_lab.root / filename, cells)
        context = lab_browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        nb = NotebookPage(jupyter_lab, page, filename)
        pages.append(nb)
        return nb.open()

    try:
        yield _open
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            for i, nb in enumerate(pages):
                try:
                    nb.screenshot(f"FAILED-{request.node.name}-{i}")
                except Exception:  # a screenshot must not hide the real failure
                    pass
        for context in contexts:
            context.close()
        jupyter_lab.shutdown_kernels()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    # Keep each phase's report on the item, so fixtures can tell a failed test.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
