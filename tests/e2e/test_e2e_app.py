"""The classroom app (`python -m deepsea_widget app`) in a real Voilà server and Chromium.

One server for the module, with a token and short cull flags: a student opens the
link, fills the set-up form, starts a game, plays a turn by clicking, finds Export
refused (the kernel says why) and Undo refused by fair play, downloads their results,
then closes the tab; the server's /api/kernels/<id> (asked with the token) then
answers 404 once the kernel is culled. A tab closed the ordinary way (the page's
beforeunload) shuts its kernel down at once.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from lab_harness import ARTIFACTS, free_port, stop_process

TOKEN = "classroom-test-token"
CULL_IDLE = 4  # s: a kernel without a tab is culled after this...
CULL_INTERVAL = 1  # ...checked this often
ROLL = '.dsw-root button[data-key="roll"]'


class AppServer:
    """`python -m deepsea_widget app` on 127.0.0.1 with a token and short cull flags."""

    def __init__(self, state: Path, timeout: float = 60.0):
        state.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        env = dict(os.environ)
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        env["JUPYTER_CONFIG_DIR"] = str(state / "config")
        env["JUPYTER_RUNTIME_DIR"] = str(state / "runtime")
        env["IPYTHONDIR"] = str(state / "ipython")
        env.pop("ANYWIDGET_HMR", None)
        self.log = state / "app.log"
        cmd = [sys.executable, "-m", "deepsea_widget", "app", "--no-browser", "--ip", "127.0.0.1",
               "--port", str(self.port), "--port-retries", "0", "--token", TOKEN,
               "--cull-idle-timeout", str(CULL_IDLE), "--cull-interval", str(CULL_INTERVAL)]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=state)
        try:
            self.url = self._printed_url(timeout)
        except BaseException:
            self.stop()
            raise

    def _printed_url(self, timeout: float) -> str:
        """The link the app prints for the teacher (it listens by then)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the app exited with {self.proc.returncode}:\n{self.log_tail()}")
            found = re.search(r"Open: (\S+)", self.log.read_text(errors="replace"))
            if found:
                return found.group(1)
            time.sleep(0.2)
        raise TimeoutError(f"the app printed no link within {timeout:.0f} s:\n{self.log_tail()}")

    def get(self, path: str, token: bool = True) -> tuple[int, str]:
        """The HTTP status of GET ``path`` and the URL it ended at (after redirects)."""
        headers = {"Authorization": f"token {TOKEN}"} if token else {}
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/{path}", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.geturl()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.geturl()

    def kernel_alive(self, kernel_id: str) -> bool:
        status, _url = self.get(f"api/kernels/{kernel_id}")
        assert status in (200, 404), f"/api/kernels/{kernel_id} answered {status}"
        return status == 200

    def wait_kernel_gone(self, kernel_id: str, timeout: float) -> float:
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if not self.kernel_alive(kernel_id):
                return time.monotonic() - start
            time.sleep(0.25)
        raise AssertionError(f"kernel {kernel_id} still running {timeout:.0f} s after its tab closed:\n"
                             f"{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def stop(self, timeout: float = 15.0) -> None:
        stop_process(self.proc, timeout)


@pytest.fixture(scope="module")
def app_server(tmp_path_factory):
    server = AppServer(tmp_path_factory.mktemp("classroom"))
    yield server
    server.stop()


def open_app(browser, server: AppServer):
    """A new tab on the printed link; returns (context, page) once the set-up form shows."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    page.goto(server.url)
    page.get_by_role("button", name="Start the game").wait_for(timeout=60_000)
    return context, page


def kernel_of(page) -> str:
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]


def test_a_student_sets_up_plays_a_turn_downloads_results_and_the_closed_tab_is_culled(lab_browser, app_server):
    assert app_server.url == f"http://127.0.0.1:{app_server.port}/?token={TOKEN}"
    # without the token: the login page, not the game
    status, url = app_server.get("", token=False)
    assert status == 200 and "/login" in url
    context, page = open_app(lab_browser, app_server)
    try:
        assert "ClassroomPage" not in page.content()  # no code on the page
        page.get_by_label("Divers").select_option(label="2")
        page.get_by_label("Person 1 name").fill("Ann")
        page.get_by_label("Bot 1 kind").select_option(label="random bot (any legal move)")
        page.get_by_label("Bot 1 name").fill("Ann")  # the form says what is wrong, and stays
        page.get_by_role("button", name="Start the game").click()
        page.get_by_role("alert").filter(has_text="Bot 1 name: duplicate name 'Ann'").wait_for()
        page.get_by_label("Bot 1 name").fill("Robo")
        page.get_by_role("button", name="Start the game").click()

        page.wait_for_function(f"() => {{ const b = document.querySelector('{ROLL}'); return b && !b.disabled; }}",
                               timeout=60_000)
        names = page.locator(".dsw-divers").inner_text()
        assert "Ann" in names and "Robo" in names
        page.get_by_role("button", name="Roll", exact=True).click()
        page.wait_for_function(f"() => document.querySelector('{ROLL}').disabled"
                               " && /Ann rolls/.test(document.querySelector('.dsw-logbox').textContent)")

        # fair play: Undo is off after a roll, and says why
        undo = page.locator('.dsw-root button[data-key="undo"]')
        assert undo.is_disabled()
        assert undo.get_attribute("data-reason") == "Fair play: Undo cannot take back a roll (everyone has seen the dice)"

        # Export is off and says why; forced on and pressed, the kernel refuses it in words
        export = page.locator('.dsw-root button[data-key="export"]')
        assert export.is_disabled() and "Export is off in the classroom app" in export.get_attribute("data-reason")
        page.evaluate("""() => { const b = document.querySelector('.dsw-root button[data-key="export"]');
                                 b.disabled = false; b.click(); }""")
        page.locator(".dsw-error").filter(has_text="Export is off in the classroom app").wait_for()
        assert page.locator(".dsw-save-text").input_value() == ""  # no save reached the page

        with page.expect_download() as download:
            page.get_by_role("button", name="Download results").click()
        assert download.value.suggested_filename == "deepsea-results-Ann.csv"
        text = Path(download.value.path()).read_text(encoding="utf-8")
        assert "# scores" in text and "1,Ann,person," in text and "2,Robo,random bot," in text
        assert re.search(r"^1,1,Ann rolls \d\+\d = \d", text, re.M)

        # a tab left open past the cull time keeps its game (only kernels without a tab are culled)
        kernel = kernel_of(page)
        page.wait_for_timeout((CULL_IDLE + 2 * CULL_INTERVAL) * 1000)
        assert app_server.kernel_alive(kernel)
        assert page.get_by_role("button", name="Download results").is_enabled()
    except BaseException:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "FAILED-classroom-app.png"), full_page=True)
        raise
    finally:
        # a tab that goes without its beforeunload (a crashed browser, a laptop put to sleep)
        page.close(run_before_unload=False)
        context.close()
    app_server.wait_kernel_gone(kernel, timeout=CULL_IDLE + 20)
    assert f"Culling 'idle' kernel 'python3' ({kernel})" in app_server.log.read_text(errors="replace")


def test_a_tab_closed_as_usual_shuts_its_kernel_down_at_once(lab_browser, app_server):
    context, page = open_app(lab_browser, app_server)
    try:
        kernel = kernel_of(page)
        assert app_server.kernel_alive(kernel)
        page.close(run_before_unload=True)  # the page asks for its kernel's shutdown as it goes
    finally:
        context.close()
    app_server.wait_kernel_gone(kernel, timeout=CULL_IDLE)  # (sooner than the culler could)
    assert f"Culling 'idle' kernel 'python3' ({kernel})" not in app_server.log.read_text(errors="replace")
