"""The source distribution carries the built front end, so installing it needs no Node.js.

The sdist is built here from the bundle `make setup` built (the build hook's npm step is
skipped, so nothing in the tree is rewritten while other tests read it), then installed
with pip from that file alone, no index, no build isolation (so nothing is
downloaded), with a PATH that holds no node or npm: the installed package must have its
bundle and load the board's module.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BUNDLE = ("widget.js", "widget.css", "figure.js")


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    missing = [n for n in BUNDLE if not (REPO / "deepsea_widget" / "static" / n).is_file()]
    assert not missing, f"the front end is not built ({missing}): run make setup"
    out = tmp_path_factory.mktemp("dist")
    run = subprocess.run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir", str(out)],
                         cwd=REPO, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "HATCH_JUPYTER_BUILDER_SKIP_NPM": "1"})
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    (path,) = out.glob("deepsea_widget-*.tar.gz")
    return path


def test_the_sdist_installs_and_runs_without_node(sdist, tmp_path):
    import tarfile

    names = tarfile.open(sdist).getnames()
    for name in BUNDLE:
        assert any(n.endswith(f"deepsea_widget/static/{name}") for n in names), name
    assert any(n.endswith("/LICENSE") for n in names)
    bare = tmp_path / "bin"  # a PATH with nothing on it: no node, no npm (Python is called by its path)
    bare.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in {"PATH", "NODE_PATH"}}
    env["PATH"] = str(bare)
    env.pop("HATCH_JUPYTER_BUILDER_SKIP_NPM", None)
    assert shutil.which("node", path=env["PATH"]) is None and shutil.which("npm", path=env["PATH"]) is None
    target = tmp_path / "site"
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index",
                          "--no-build-isolation", "--disable-pip-version-check", "--target", str(target),
                          str(sdist)], env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    for name in BUNDLE:
        assert (target / "deepsea_widget" / "static" / name).stat().st_size > 1000, name
    check = subprocess.run([sys.executable, "-c",
                            "import deepsea_widget, deepsea_widget.widget as w; print(deepsea_widget.__file__); "
                            "print(w.Board(game=deepsea_widget.Game(players=2, seed=1)).view['air'])"],
                           env={**env, "PYTHONPATH": str(target)}, cwd=tmp_path, capture_output=True, text=True,
                           timeout=120)
    assert check.returncode == 0, check.stderr[-3000:]
    assert check.stdout.splitlines()[0].startswith(str(target)) and check.stdout.splitlines()[1] == "25"
