"""Memory per student in the classroom app: what each browser tab's kernel holds.

Starts the real app (`python -m deepsea_widget app`, on 127.0.0.1 with a token), opens
``--tabs`` tabs in headless Chromium, starts a game in each from the set-up form (its
defaults: one person, two cautious bots; odds panels on) and plays one Roll, then
reads every kernel process's memory from /proc: RSS (resident, counting shared
library pages in full), PSS (shared pages divided among the processes sharing them:
what N kernels add up to) and USS (pages no other process shares: what one more tab
costs at least). For reference, a bare ipykernel (no notebook run) is measured the
same way. With ``--steps``, also each kernel's CPU seconds per click (/proc/PID/stat).
Prints a table in MiB (never asserts).

    .venv/bin/python benchmarks/bench_app_memory.py --tabs 3
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from lab_harness import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402

TOKEN = "bench-memory"
ROLL = '.dsw-root button[data-key="roll"]'


def memory(pid: int) -> dict[str, float]:
    """RSS, PSS and USS of process ``pid`` in MiB (Linux /proc/PID/smaps_rollup)."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value = line.split(":", 1)
        fields[key] = int(value.split()[0])  # kB
    uss = fields["Private_Clean"] + fields["Private_Dirty"]
    return {"rss": fields["Rss"] / 1024, "pss": fields["Pss"] / 1024, "uss": uss / 1024}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time process ``pid`` has used so far (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def kernel_pids(server_pid: int) -> dict[str, int]:
    """The server's kernel processes: kernel id -> pid."""
    out = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(server_pid)], capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        m = re.search(r"^\s*(\d+) .*ipykernel_launcher.*kernel-([0-9a-f-]+)\.json", line)
        if m:
            found[m.group(2)] = int(m.group(1))
    return found


def bare_kernel() -> dict[str, float]:
    """A kernel started by jupyter_client and left idle (nothing imported beyond ipykernel)."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        client.execute_interactive("pass", timeout=60, output_hook=lambda _msg: None)
        time.sleep(1)
        return memory(manager.provisioner.process.pid)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def start_app(state: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(state / "config"), JUPYTER_RUNTIME_DIR=str(state / "runtime"),
               IPYTHONDIR=str(state / "ipython"))
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    log = state / "app.log"
    proc = subprocess.Popen([sys.executable, "-m", "deepsea_widget", "app", "--no-browser", "--ip", "127.0.0.1",
                             "--port", str(port), "--port-retries", "0", "--token", TOKEN],
                            stdout=log.open("wb"), stderr=subprocess.STDOUT, env=env, cwd=state)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = re.search(r"Open: (\S+)", log.read_text(errors="replace"))
        if found:
            return proc, found.group(1)
        if proc.poll() is not None:
            break
        time.sleep(0.2)
    proc.kill()
    sys.exit(f"the app did not start:\n{log.read_text(errors='replace')[-2000:]}")


def play_steps(page, steps: int) -> None:
    """``steps`` clicks, each on the first of Roll, Pick up, Stay and Next that is enabled (the
    person's moves and the bots' turns), each waiting for its line in the log."""
    for _ in range(steps):
        for key in ("roll", "pick_up", "stay", "next"):
            button = page.locator(f'.dsw-root button[data-key="{key}"]')
            if button.is_enabled():
                log = page.locator(".dsw-logbox").inner_text()
                button.click()
                page.wait_for_function("(before) => document.querySelector('.dsw-logbox').innerText !== before",
                                       arg=log, timeout=30_000)
                break
        else:
            return  # (the game is over)


def open_tab(browser, url: str, server_pid: int, steps: int = 0) -> tuple[object, str, float]:
    """A tab with a game started from the form's defaults, one Roll played and then ``steps``
    more clicks (`play_steps`); its kernel id and the kernel's CPU seconds per click."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.goto(url)
    page.get_by_role("button", name="Start the game").click(timeout=60_000)
    page.wait_for_function(f"() => {{ const b = document.querySelector('{ROLL}'); return b && !b.disabled; }}",
                           timeout=60_000)
    page.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function(f"() => document.querySelector('{ROLL}').disabled", timeout=60_000)
    page.wait_for_function("() => document.querySelectorAll('.deepsea-panels .js-plotly-plot').length === 4",
                           timeout=60_000)
    kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    pid = kernel_pids(server_pid)[kernel]
    before = cpu_seconds(pid)
    play_steps(page, steps)
    per_click = (cpu_seconds(pid) - before) / steps if steps else float("nan")
    return context, kernel, per_click


def _row(label: str, values: list[dict[str, float]]) -> str:
    def cell(key: str) -> str:
        xs = [v[key] for v in values]
        return f"{statistics.median(xs):7.1f} [{min(xs):.1f}–{max(xs):.1f}]" if len(xs) > 1 else f"{xs[0]:7.1f}"
    return f"{label:<34} {cell('rss'):>20} {cell('pss'):>20} {cell('uss'):>20}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tabs", type=int, default=3, help="tabs (kernels) to open at once (default 3)")
    parser.add_argument("--steps", type=int, default=0,
                        help="more clicks in each tab after the first Roll (the person's moves, the bots' turns)")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to wait before reading memory")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}; {args.tabs} tabs, each a game started, one Roll"
          f" and {args.steps} more clicks")
    bare = bare_kernel()
    state = Path(tempfile.mkdtemp(prefix="bench_app_memory-"))
    proc, url = start_app(state)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                contexts, kernels, clicks = [], [], []
                for _ in range(args.tabs):
                    context, kernel, per_click = open_tab(browser, url, proc.pid, args.steps)
                    contexts.append(context)
                    kernels.append(kernel)
                    clicks.append(per_click)
                time.sleep(args.settle)
                pids = kernel_pids(proc.pid)
                games = [memory(pids[k]) for k in kernels]
                server = memory(proc.pid)
            finally:
                browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(f"\nMiB; median [min–max] over {args.tabs} kernels{'':4}{'RSS':>20} {'PSS':>20} {'USS':>20}")
    print(_row("bare ipykernel (reference)", [bare]))
    print(_row("a tab's kernel, game + panels", games))
    print(_row("the app's server (Voilà)", [server]))
    total = sum(g["pss"] for g in games)
    print(f"\n{args.tabs} kernels together (PSS): {total:.0f} MiB; per tab {total / args.tabs:.0f} MiB")
    if args.steps:
        print(f"kernel CPU per click (a person's move or a bot's turn, with the odds and panels it redraws): "
              f"median {statistics.median(clicks):.2f} s [{min(clicks):.2f}–{max(clicks):.2f}]")


if __name__ == "__main__":
    main()
