"""Cold start in a real browser: how soon a new user sees the game, from a fresh kernel.

JupyterLab: one cell (`play(...)`, timed by the kernel itself) run with Shift+Enter in a
new notebook with a new kernel; seconds from the key press until the board is painted
and until all four odds panels are drawn. Voilà: the same notebook served by `voila`;
seconds from navigation start until the Roll button is visible and enabled, and until
the panels are drawn. Prints a table of medians [min–max] (never asserts). Each
`--tree` is a source tree whose `deepsea_widget` the kernels import (through
PYTHONPATH unless it is the installed one); runs alternate between the trees.

    .venv/bin/python benchmarks/bench_cold_start.py --tree /tmp/before --tree . --runs 5
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from lab_harness import CHROMIUM, CHROMIUM_ARGS, JupyterLab, NotebookPage, free_port, write_notebook  # noqa: E402

CELL = (
    'import time; _t0 = time.perf_counter(); from deepsea_widget import play; '
    'app = play(players=["Ann"], bots={"Cy": "cautious"}, seed=1); '
    'print(f"play() {time.perf_counter() - _t0:.3f}"); app'
)
VIEWPORT = {"width": 1400, "height": 1000}
SETTLE_MS = 1000  # a person's pause between the notebook being ready and Shift+Enter (not timed)

# (key, label, target in seconds)
MEASURES = [
    ("lab_play", "JupyterLab play() s", 1.0),
    ("lab_board", "JupyterLab board painted s", 1.5),
    ("lab_panels", "JupyterLab panels drawn s", 3.0),
    ("voila_playable", "Voilà playable board s", 4.0),
    ("voila_panels", "Voilà panels drawn s", None),
]

# What counts, in the page:
#   board painted: the board's SVG with its trail spaces, and the Roll button, in the
#     output; the time is taken after the next frame (rAF, then the first task after it).
#   playable: that Roll button enabled and rendered (has a layout box, not hidden).
#   a panel drawn: a plotly plot (.js-plotly-plot) whose .main-svg holds a drawn trace:
#     `.trace` (bars and the like) or the heatmap's `image` (a heatmap has no `.trace`).
#     All four panels drawn: the time after the next frame once four such plots exist
#     and are rendered (have a layout box).
BOARD_SPACES = ".dsw-root svg.dsw-board [data-space]"
ROLL = '.dsw-root button[data-key="roll"]'
PANEL_DRAWN = ".main-svg .trace, .main-svg .heatmaplayer image"
# The printed line: a stream output in JupyterLab; text/plain in Voilà's page (rendered by the server).
STDOUT = '[data-mime-type="application/vnd.jupyter.stdout"], [data-mime-type="text/plain"]'

# Installed before the run (JupyterLab: t0 at the Shift+Enter keydown; Voilà: as an init
# script, t0 = 0 = navigation start). A MutationObserver checks the output at each change.
PROBE = r"""
(opts) => {
    if (window !== window.top || window.__bcs) return;
    const S = window.__bcs = {t0: opts.mode === "voila" ? 0 : null, printed: null, board: null,
                              playable: null, panels: null, drawn: 0, error: null, timedOut: false,
                              done: false, snaps: []};
    const scope = () => opts.mode === "voila" ? document.body
                                              : document.querySelector(".jp-Notebook .jp-Cell");
    const since = () => (performance.now() - S.t0) / 1000;
    const afterPaint = (fn) => requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => fn();
        channel.port2.postMessage(null);
    });
    const finish = () => {
        const all = [S.board, S.playable, S.panels].every((v) => typeof v === "number");
        if (all || S.error !== null || S.timedOut) { S.done = true; observer.disconnect(); }
    };
    const mark = (key) => {
        S[key] = "pending";
        afterPaint(() => { if (!S.timedOut) { S[key] = since(); finish(); } });
    };
    const drawnPlots = new Set();
    const check = () => {
        if (S.t0 === null || S.done) return;
        const root = scope();
        if (!root) return;
        if (S.printed === null) {
            const out = [...root.querySelectorAll(opts.stdout)];
            if (out.some((e) => /play\(\) \d/.test(e.textContent))) S.printed = since();
        }
        for (const e of root.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]')) {
            if (/Traceback|^\w+Error\b/m.test(e.textContent)) { S.error = e.textContent.slice(-600); finish(); return; }
        }
        const roll = root.querySelector(opts.roll);
        const rolls = roll !== null && roll.textContent.trim() === "Roll";
        if (S.board === null && rolls && root.querySelector(opts.board)) mark("board");
        if (S.playable === null && rolls && !roll.disabled && roll.getClientRects().length > 0
            && getComputedStyle(roll).visibility !== "hidden") mark("playable");
        if (S.panels === null) {
            for (const plot of root.querySelectorAll(".js-plotly-plot")) {
                if (drawnPlots.has(plot) || !plot.querySelector(opts.panel)) continue;
                drawnPlots.add(plot);
                S.drawn = drawnPlots.size;
                if (opts.snap) {  // what the panel looked like the moment it counted as drawn
                    const layers = [...plot.querySelectorAll(".main-svg")];
                    S.snaps.push({t: since(), width: layers[0].getAttribute("width"), height: layers[0].getAttribute("height"),
                                  layers: layers.map((s) => s.outerHTML)});
                }
            }
            // ...and shown (Voilà keeps its cells display: none until they have all run)
            if (drawnPlots.size >= 4 && [...drawnPlots].every((plot) => plot.isConnected
                                                               && plot.getClientRects().length > 0)) mark("panels");
        }
    };
    const observer = new MutationObserver(check);
    const start = () => {
        setTimeout(() => { S.timedOut = true; S.done = true; observer.disconnect(); }, opts.timeoutMs);
        check();
    };
    observer.observe(opts.mode === "voila" ? document : scope(),
                     {subtree: true, childList: true, attributes: true, characterData: true});
    if (S.t0 !== null) start();
    else window.addEventListener("keydown", (e) => {
        if (S.t0 === null && e.key === "Enter" && e.shiftKey) { S.t0 = performance.now(); start(); }
    }, true);
}
"""


def _probe_options(mode: str, timeout: float, snap: bool) -> dict:
    return {"mode": mode, "timeoutMs": int(timeout * 1000), "snap": snap,
            "board": BOARD_SPACES, "roll": ROLL, "panel": PANEL_DRAWN, "stdout": STDOUT}


def _outcome(state: dict, key: str) -> float | str:
    value = state.get(key)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return "error" if state.get("error") else "timeout"


def _play_seconds(text: str, state: dict) -> float | str:
    found = re.search(r"play\(\) (\d+\.\d+)", text or "")
    if found:
        return float(found.group(1))
    return "error" if state.get("error") else "timeout"


_STDOUT_JS = f"""(root) => [...(root || document).querySelectorAll({json.dumps(STDOUT)})]
                .map(e => e.textContent).join('\\n')"""


# What Voilà's page does on beforeunload (shut its kernel down), done and awaited here.
_VOILA_SHUTDOWN = """async () => {
    const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
    const response = await fetch(`${config.baseUrl}voila/api/shutdown/${config.kernelId}`, {method: "POST"});
    return response.status;
}"""


# ----- servers -------------------------------------------------------------------------------

@contextlib.contextmanager
def _environ(changes: dict[str, str]):
    """os.environ with `changes`, for JupyterLab.start, which copies it."""
    saved = {k: os.environ.get(k) for k in changes}
    try:
        os.environ.update(changes)
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _package_origin(env: dict, cwd: Path) -> str:
    """Where a kernel started with `env` in `cwd` finds deepsea_widget (without importing it)."""
    code = "import importlib.util as u; s = u.find_spec('deepsea_widget'); print(s.origin if s else '')"
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True, timeout=60)
    return done.stdout.strip()


class Voila:
    """`python -m voila NOTEBOOK` on 127.0.0.1, no token; every page load starts a new kernel."""

    def __init__(self, notebook: Path, state: Path, env_changes: dict[str, str], timeout: float = 90.0):
        state.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        env = {**os.environ, **env_changes}
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        env["JUPYTER_CONFIG_DIR"] = str(state / "config")
        env["JUPYTER_RUNTIME_DIR"] = str(state / "runtime")
        env["IPYTHONDIR"] = str(state / "ipython")
        env.pop("ANYWIDGET_HMR", None)
        self.log = state / "voila.log"
        cmd = [sys.executable, "-m", "voila", str(notebook), "--no-browser",
               f"--port={self.port}", "--Voila.port_retries=0", "--Voila.ip=127.0.0.1",
               "--VoilaConfiguration.preheat_kernel=False",
               "--VoilaConfiguration.show_tracebacks=True",
               # Voilà's page sets no _xsrf cookie, so its shutdown-on-unload request is
               # refused and every run's kernel would live on until the server stops.
               "--Voila.tornado_settings=disable_check_xsrf=True"]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=notebook.parent)
        self.url = f"http://127.0.0.1:{self.port}/"
        try:
            self._wait_ready(timeout)
        except BaseException:
            self.stop()
            raise

    def _wait_ready(self, timeout: float) -> None:
        # Only the port: a GET of the page would run the notebook (start a kernel).
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.25)
        raise TimeoutError(f"voila did not listen within {timeout:.0f} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self, timeout: float = 15.0) -> None:
        if self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=timeout)


# ----- one run -------------------------------------------------------------------------------

def _save_snaps(browser, state: dict, shots: Path | None, name: str) -> None:
    """Each panel as it was when it first counted as drawn: an HTML file and its PNG."""
    if shots is None:
        return
    shots.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport=VIEWPORT)
    try:
        for i, snap in enumerate(state.get("snaps") or []):
            html = ("<!doctype html><meta charset=utf-8><style>body{margin:0}"
                    ".main-svg{position:absolute;top:0;left:0}</style>"
                    f"<p style='font:12px sans-serif;margin:2px'>counted as drawn at {snap['t']:.3f} s</p>"
                    f"<div id=panel style='position:relative;width:{snap['width']}px;height:{snap['height']}px'>"
                    + "".join(snap["layers"]) + "</div>")
            path = shots / f"{name}-panel{i + 1}.html"
            path.write_text(html, encoding="utf-8")
            page.set_content(html)
            page.screenshot(path=str(path.with_suffix(".png")), clip={"x": 0, "y": 0, "width": float(snap["width"]),
                                                                     "height": float(snap["height"]) + 20})
    finally:
        page.close()


def lab_run(browser, lab: JupyterLab, name: str, timeout: float, shots: Path | None) -> dict:
    """A new notebook (so a new kernel) on a new browser page; Shift+Enter on its one cell."""
    write_notebook(lab.root / f"{name}.ipynb", [CELL])
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        nb = NotebookPage(lab, page, f"{name}.ipynb").open(timeout=120)
        page.wait_for_timeout(SETTLE_MS)
        page.evaluate(PROBE, _probe_options("lab", timeout, shots is not None))
        nb.cell(0).locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        page.wait_for_function("() => window.__bcs.done", polling=250, timeout=(timeout + 30) * 1000)
        state = page.evaluate("window.__bcs")
        stdout = nb.cell(0).evaluate(_STDOUT_JS)
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / f"{name}.png"))
            _save_snaps(browser, state, shots, name)
    finally:
        context.close()
        lab.shutdown_kernels()
    return {"play": _play_seconds(stdout, state), "printed": _outcome(state, "printed"),
            "board": _outcome(state, "board"), "playable": _outcome(state, "playable"),
            "panels": _outcome(state, "panels"), "drawn": state.get("drawn", 0), "error": state.get("error")}


def voila_run(browser, voila: Voila, name: str, timeout: float, shots: Path | None) -> dict:
    """A new browser context opens the Voilà page (which starts a new kernel)."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        context.add_init_script(script=f"({PROBE})({json.dumps(_probe_options('voila', timeout, shots is not None))})")
        page = context.new_page()
        page.goto(voila.url, wait_until="commit", timeout=(timeout + 30) * 1000)
        page.wait_for_function("() => window.__bcs && window.__bcs.done", polling=250,
                               timeout=(timeout + 30) * 1000)
        state = page.evaluate("window.__bcs")
        stdout = page.evaluate(_STDOUT_JS)
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
            _save_snaps(browser, state, shots, name)
        page.evaluate(_VOILA_SHUTDOWN)
    finally:
        context.close()
    return {"play": _play_seconds(stdout, state), "printed": _outcome(state, "printed"),
            "board": _outcome(state, "board"), "playable": _outcome(state, "playable"),
            "panels": _outcome(state, "panels"), "drawn": state.get("drawn", 0), "error": state.get("error")}


# ----- report --------------------------------------------------------------------------------

def _fmt(value) -> str:
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def _summary(values: list) -> str:
    numbers = [v for v in values if isinstance(v, float)]
    failed = [v for v in values if not isinstance(v, float)]
    if not values:
        return "-"
    if not numbers:
        return "error" if "error" in failed else "timeout"
    text = f"{statistics.median(numbers):.2f} [{min(numbers):.2f}–{max(numbers):.2f}]"
    for kind in ("timeout", "error"):
        if kind in failed:
            text += f" +{failed.count(kind)} {kind}"
    return text


def _run_line(tag: str, label: str, mode: str, result: dict) -> str:
    if mode == "lab":
        parts = [f"play() {_fmt(result['play'])}", f"printed {_fmt(result['printed'])}",
                 f"board {_fmt(result['board'])}", f"panels {_fmt(result['panels'])}"]
    else:
        parts = [f"play() {_fmt(result['play'])}", f"printed {_fmt(result['printed'])}",
                 f"board {_fmt(result['board'])}", f"playable {_fmt(result['playable'])}",
                 f"panels {_fmt(result['panels'])}"]
    if result.get("panels") == "timeout":
        parts.append(f"({result.get('drawn', 0)} of 4 panels drawn)")
    line = f"{tag:<9} {label:<24} {'JupyterLab' if mode == 'lab' else 'Voilà':<10} " + "  ".join(parts)
    if result.get("error"):
        line += "\n          " + result["error"].strip().splitlines()[-1][:200]
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", action="append", help="a source tree to time (repeatable; default: this repo)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per tree and front end (default 5)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="untimed runs first, per tree and front end (disk cache and servers warm; default 1)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a measure counts as a timeout")
    parser.add_argument("--shots", type=Path, default=None,
                        help="save screenshots and each panel's picture at the moment it counted as drawn here")
    parser.add_argument("--skip-voila", action="store_true", help="JupyterLab only")
    args = parser.parse_args()
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be >= 1 and --warmup >= 0")

    from playwright.sync_api import sync_playwright

    labels = args.tree or ["."]
    trees = [Path(t).resolve() for t in labels]
    for tree in trees:
        if not (tree / "deepsea_widget" / "__init__.py").is_file():
            sys.exit(f"{tree}: no deepsea_widget package there")
    tmp = Path(tempfile.mkdtemp(prefix="bench_cold_start-"))
    labs: list[JupyterLab] = []
    voilas: list[Voila] = []
    results = {i: {"lab": [], "voila": []} for i in range(len(trees))}
    try:
        installed = _package_origin(dict(os.environ), tmp)
        print(f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}; chromium {CHROMIUM}; "
              f"{args.runs} runs (+{args.warmup} warm-up) per tree and front end; timeout {args.timeout:.0f} s")
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            print("PYTHONDONTWRITEBYTECODE is set: kernels compile a tree's modules that have no .pyc at each import")
        for i, (label, tree) in enumerate(zip(labels, trees)):
            origin = str(tree / "deepsea_widget" / "__init__.py")
            if origin == installed:
                changes: dict[str, str] = {}
            else:
                old = os.environ.get("PYTHONPATH")
                changes = {"PYTHONPATH": str(tree) + (os.pathsep + old if old else "")}
            root = tmp / f"tree{i}" / "root"
            root.mkdir(parents=True)
            found = _package_origin({**os.environ, **changes}, root)
            if found != origin:
                sys.exit(f"{label}: kernels would import deepsea_widget from {found!r}, not {origin}")
            static = tree / "deepsea_widget" / "static" / "widget.js"
            print(f"tree {label}: kernels import {found}"
                  f"{' (PYTHONPATH)' if changes else ' (installed)'}"
                  f"{'' if static.is_file() else '; NO built front end: ' + str(static)}")
            with _environ(changes):
                labs.append(JupyterLab.start(root, tmp / f"tree{i}" / "lab-state"))
            if not args.skip_voila:
                notebook = write_notebook(tmp / f"tree{i}" / "voila" / "cold_start.ipynb", [CELL])
                voilas.append(Voila(notebook, tmp / f"tree{i}" / "voila-state", changes))
        print(flush=True)

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for round_ in range(args.warmup + args.runs):
                    warm = round_ < args.warmup
                    tag = "warm-up" if warm else f"run {round_ - args.warmup + 1}/{args.runs}"
                    order = list(range(len(trees)))
                    if round_ % 2:
                        order.reverse()  # A B, then B A: neither tree always goes first
                    modes = ["lab"] if args.skip_voila else ["lab", "voila"]
                    for mode in modes:
                        for i in order:
                            name = f"{mode}-t{i}-r{round_}"
                            shots = args.shots if args.shots and not warm else None
                            try:
                                if mode == "lab":
                                    result = lab_run(browser, labs[i], name, args.timeout, shots)
                                else:
                                    result = voila_run(browser, voilas[i], name, args.timeout, shots)
                            except Exception as exc:  # a broken run is reported, not fatal
                                result = {k: "error" for k in ("play", "printed", "board", "playable", "panels")}
                                result["error"] = f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:300]}"
                            print(_run_line(tag, labels[i], mode, result), flush=True)
                            if not warm:
                                results[i][mode].append(result)
            finally:
                browser.close()
    finally:
        for server in [*labs, *voilas]:
            with contextlib.suppress(Exception):
                server.stop()
        shutil.rmtree(tmp, ignore_errors=True)

    columns = {"lab_play": ("lab", "play"), "lab_board": ("lab", "board"), "lab_panels": ("lab", "panels"),
               "voila_playable": ("voila", "playable"), "voila_panels": ("voila", "panels")}
    width = max(24, *(len(label) + 2 for label in labels))
    print(f"\nseconds, median [min–max] of {args.runs} runs")
    print(f"{'measure':<28} {'target':>7}  " + "".join(f"{label:<{width}}" for label in labels))
    for key, title, target in MEASURES:
        mode, field = columns[key]
        if mode == "voila" and args.skip_voila:
            continue
        cells = [_summary([r[field] for r in results[i][mode]]) for i in range(len(trees))]
        target_text = f"<= {target:g}" if target is not None else "-"
        print(f"{title:<28} {target_text:>7}  " + "".join(f"{c:<{width}}" for c in cells))


if __name__ == "__main__":
    main()
