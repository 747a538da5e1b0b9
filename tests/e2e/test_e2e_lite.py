"""`make lite`: the lessons as a static JupyterLite site, built from this checkout and opened
in Chromium from a plain static file server (what any web host does).

The Pyodide kernel itself cannot start here (it loads Pyodide from the internet, which these
machines cannot reach), so the test checks everything up to it: the build, the site's files,
the wheel the notebooks install, and JupyterLab's front end listing and opening the lessons.
"""
from __future__ import annotations

import functools
import json
import sys
import threading
import zipfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))

import build_lite  # noqa: E402

LESSONS = sorted(p.name for p in (REPO / "examples").glob("*.ipynb"))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    pytest.importorskip("jupyterlite_core", reason="pip install -e '.[test]' brings jupyterlite-core")
    return build_lite.build(tmp_path_factory.mktemp("lite") / "site")


def test_the_site_holds_every_lesson_the_wheel_and_the_widget_front_end(site):
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == LESSONS
    for name in LESSONS:
        nb = nbformat.read(site / "files" / name, as_version=4)
        install = [c for c in nb.cells if c.cell_type == "code"][0]
        assert "%pip install -q deepsea_widget" in install.source, name
        assert all(c.outputs == [] for c in nb.cells if c.cell_type == "code"), name
    # %pip in the browser finds the package in the site's own index, with the front end bundled
    index = json.loads((site / "pypi" / "all.json").read_text())
    assert "deepsea-widget" in index  # (the normalised project name)
    wheel, = (site / "pypi").glob("deepsea_widget-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"deepsea_widget/static/widget.js", "deepsea_widget/static/figure.js"} <= names
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert {"@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension"} <= extensions


def test_a_static_server_serves_the_site_and_the_lessons_open(site, lab_browser):
    from playwright.sync_api import expect

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = lab_browser.new_page()
    try:
        base = f"http://127.0.0.1:{server.server_port}/lab/index.html"
        page.goto(base)
        for name in LESSONS:
            page.locator(".jp-DirListing-item", has_text=name).first.wait_for(timeout=60_000)
        page.goto(f"{base}?path=01_play.ipynb")
        install = page.locator(".jp-Notebook .jp-CodeCell").first
        # (the cell's prompt can show before its editor has its text: wait for the text itself)
        expect(install).to_contain_text("%pip install -q deepsea_widget", timeout=60_000)
    finally:
        page.close()
        server.shutdown()
