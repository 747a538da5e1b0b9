"""A real JupyterLab and a notebook page in headless Chromium, for end-to-end tests.

Follows /work/shared/BROWSER-TESTS.md: Debian's /usr/bin/chromium driven by
Playwright for Python (never `playwright install`), JupyterLab on loopback
with a token and a temporary root. The fixtures in conftest.py wrap this.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("DEEPSEA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def stop_process(proc: subprocess.Popen, timeout: float = 15.0) -> None:
    """Terminate a server process (it shuts its kernels down), kill it if it hangs."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=timeout)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_notebook(path: Path, cells: list[str]) -> Path:
    """Write a notebook of code cells (no outputs) that opens with the python3 kernel."""
    nb = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": [
            {
                "cell_type": "code",
                "id": uuid.uuid4().hex[:8],
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": source,
            }
            for source in cells
        ],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


class JupyterLab:
    """A JupyterLab server on 127.0.0.1 serving `root`, started by start()."""

    def __init__(self, root: Path, state: Path, port: int, token: str, proc: subprocess.Popen, log: Path):
        self.root = root
        self.state = state
        self.port = port
        self.token = token
        self.proc = proc
        self.log = log

    @classmethod
    def start(cls, root: Path, state: Path, timeout: float = 90.0, app: str = "lab") -> JupyterLab:
        """Start JupyterLab with this interpreter; return once its API answers. ``app="notebook"``
        starts Jupyter Notebook 7 instead (the same server, another front end)."""
        root.mkdir(parents=True, exist_ok=True)
        state.mkdir(parents=True, exist_ok=True)
        _quiet_lab_settings(state / "settings")
        port = free_port()
        token = secrets.token_hex(16)
        env = dict(os.environ)
        # Kernels must run this interpreter (with deepsea_widget installed).
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        # Keep the user's JupyterLab settings and workspaces out of the tests.
        env["JUPYTER_CONFIG_DIR"] = str(state / "config")
        env["JUPYTERLAB_SETTINGS_DIR"] = str(state / "settings")
        env["JUPYTERLAB_WORKSPACES_DIR"] = str(state / "workspaces")
        env["JUPYTER_RUNTIME_DIR"] = str(state / "runtime")
        env["IPYTHONDIR"] = str(state / "ipython")
        env.pop("ANYWIDGET_HMR", None)
        log = state / ("jupyterlab.log" if app == "lab" else f"jupyter-{app}.log")
        cmd = [
            sys.executable, "-m", "jupyter", app, "--no-browser",
            f"--port={port}", "--port-retries=0",
            f"--ServerApp.token={token}",
            "--ServerApp.ip=127.0.0.1",
            "--allow-root",
            f"--ServerApp.root_dir={root}",
        ]
        with log.open("wb") as out:
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=root)
        lab = cls(root, state, port, token, proc, log)
        try:
            lab._wait_ready(timeout)
        except BaseException:
            lab.stop()
            raise
        return lab

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    pass
                self.api("GET", "api/status")
                return
            except (OSError, urllib.error.URLError):
                time.sleep(0.25)
        raise TimeoutError(f"JupyterLab did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def url(self, path: str, **query: str) -> str:
        params = "&".join(f"{k}={v}" if v else k for k, v in {**query, "token": self.token}.items())
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}?{params}"

    def api(self, method: str, path: str) -> Any:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        """Shut down every running kernel (between tests, to keep memory flat)."""
        try:
            for session in self.api("GET", "api/sessions") or []:
                self.api("DELETE", f"api/sessions/{session['id']}")
            for kernel in self.api("GET", "api/kernels") or []:
                self.api("DELETE", f"api/kernels/{kernel['id']}")
        except (OSError, urllib.error.URLError):
            pass

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self, timeout: float = 15.0) -> None:
        """Terminate the server (it shuts its kernels down), kill it if it hangs."""
        stop_process(self.proc, timeout)


def _quiet_lab_settings(settings: Path) -> None:
    # No news or update pop-ups over the notebook (and no requests for them).
    notification = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True, exist_ok=True)
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))


class NotebookPage:
    """One notebook open in its own browser page, with helpers to run and read cells."""

    PROMPT_DONE = re.compile(r"^\s*\[\d+\]:\s*$")

    def __init__(self, lab: JupyterLab, page: Any, name: str):
        self.lab = lab
        self.page = page
        self.name = name

    def open(self, timeout: float = 60.0) -> NotebookPage:
        # A workspace of its own, so no other test's notebooks are restored here.
        workspace = f"t{uuid.uuid4().hex[:10]}"
        self.page.goto(self.lab.url(f"lab/workspaces/{workspace}/tree/{self.name}"), timeout=timeout * 1000)
        self.page.wait_for_selector(".jp-Notebook", timeout=timeout * 1000)
        self.wait_idle(timeout)
        return self

    def wait_idle(self, timeout: float = 60.0) -> None:
        """Wait for the kernel to be idle (running a cell earlier silently does nothing)."""
        self.page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=timeout * 1000)

    def cell(self, index: int) -> Any:
        return self.page.locator(".jp-Notebook .jp-Cell").nth(index)

    def prompt(self, index: int) -> str:
        return self.cell(index).locator(".jp-InputArea-prompt").inner_text()

    def cell_count(self) -> int:
        return self.page.locator(".jp-Notebook .jp-Cell").count()

    def run_cell(self, index: int, timeout: float = 60.0, check: bool = True) -> None:
        """Click cell `index`, press Shift+Enter and wait until it has finished.

        With check=True a Python traceback in the cell's output fails the test.
        """
        cell = self.cell(index)
        prompt = cell.locator(".jp-InputArea-prompt")
        # Blank the prompt first: JupyterLab rewrites it to [*]: and then [N]:, so
        # the run is seen to finish even when N equals the old number (after a restart).
        prompt.evaluate("el => { el.textContent = '[?]:'; }")
        cell.locator(".jp-InputArea-editor").click()
        self.page.keyboard.press("Shift+Enter")
        deadline = time.monotonic() + timeout
        now = "[?]:"
        while time.monotonic() < deadline:
            now = prompt.inner_text()
            if self.PROMPT_DONE.match(now):
                if check:
                    self.assert_no_error(index)
                return
            self.page.wait_for_timeout(100)
        hint = " (never started: was the kernel idle?)" if now.strip() == "[?]:" else ""
        raise TimeoutError(f"cell {index} of {self.name} did not finish in {timeout:.0f} s (prompt {now!r}){hint}")

    def restart_kernel(self, timeout: float = 120.0) -> None:
        """Restart the kernel from the Kernel menu, as a person would, and wait until it is idle."""
        page = self.page
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Kernel$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Restart Kernel")).first.click()
        page.locator(".jp-Dialog .jp-mod-accept").click()
        page.locator(".jp-Dialog").wait_for(state="detached")
        # The status bar leaves Idle (Restarting, Starting) and comes back to it;
        # the first part can be too quick to see, so it is waited for only briefly.
        try:
            page.wait_for_function(
                "() => !/Idle/.test(document.querySelector('#jp-main-statusbar')?.textContent ?? '')",
                timeout=5_000,
            )
        except Exception:
            pass
        self.wait_idle(timeout)

    def run_all(self, timeout: float = 60.0) -> None:
        for i in range(self.cell_count()):
            self.run_cell(i, timeout)

    def append_cell(self, source: str) -> int:
        """Add a code cell with `source` at the end of the notebook; return its index."""
        count = self.cell_count()
        self.cell(count - 1).locator(".jp-InputArea-prompt").click()  # select it, command mode
        self.page.keyboard.press("Escape")
        self.page.keyboard.press("b")  # insert a cell below, in JupyterLab's command mode
        self.page.wait_for_function(
            "n => document.querySelectorAll('.jp-Notebook .jp-Cell').length === n", arg=count + 1
        )
        self.cell(count).locator(".jp-InputArea-editor").click()
        # One input event for the whole text: no auto-indent or bracket closing.
        self.page.keyboard.insert_text(source)
        return count

    def run_code(self, source: str, timeout: float = 60.0) -> str:
        """Append a cell with `source`, run it and return its output text."""
        index = self.append_cell(source)
        self.run_cell(index, timeout)
        return self.output_text(index)

    def eval_json(self, expression: str, timeout: float = 60.0) -> Any:
        """Read the kernel back: the value of a Python expression, through JSON."""
        index = self.append_cell(f"import json as _json\nprint(_json.dumps({expression}))")
        self.run_cell(index, timeout)
        return self.output_json(index)

    def assert_no_error(self, index: int) -> None:
        errors = self.cell(index).locator('[data-mime-type="application/vnd.jupyter.stderr"]')
        for i in range(errors.count()):
            text = errors.nth(i).inner_text()
            if "Traceback" in text or "Error" in text:
                raise AssertionError(f"cell {index} of {self.name} raised:\n{text[-3000:]}")

    def output_text(self, index: int) -> str:
        """The text of cell `index`'s outputs (stdout, results, errors)."""
        return self.cell(index).locator(".jp-OutputArea").inner_text()

    def output_json(self, index: int) -> Any:
        """Parse the output of a cell that printed one JSON document."""
        text = self.output_text(index).strip()
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise AssertionError(f"cell {index} did not print JSON: {text[:500]!r}") from exc

    def screenshot(self, name: str, full_page: bool = True) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path
