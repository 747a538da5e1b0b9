"""Build function for hatch-jupyter-builder: `npm ci` then the esbuild bundle.

pyproject.toml points the jupyter-builder hook here, so building a wheel, an
sdist or an editable install bundles js/src into deepsea_widget/static/.
Set HATCH_JUPYTER_BUILDER_SKIP_NPM=1 to skip (the bundle must then exist).
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path


NODE_NEEDED = "Node.js 20.19 or newer (22.12+ on the 22 line)"  # what vite 8 and its bundler ask for
BUNDLE = ("deepsea_widget/static/widget.js", "deepsea_widget/static/widget.css",
          "deepsea_widget/static/figure.js")


def build(target_name: str, version: str, path: str = "js") -> None:
    """Install the locked npm packages and bundle the front end."""
    if os.environ.get("HATCH_JUPYTER_BUILDER_SKIP_NPM") == "1":
        print("jupyter-builder: skipping npm (HATCH_JUPYTER_BUILDER_SKIP_NPM=1)")
        return
    if Path("PKG-INFO").is_file() and all(Path(f).is_file() for f in BUNDLE):
        # An unpacked sdist: it ships the bundle built from its own sources (a git
        # checkout has no PKG-INFO, so there the bundle is always built afresh).
        print("jupyter-builder: building from an sdist, using its bundle")
        return
    js = Path(path).resolve()
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(
            f"npm was not found: building deepsea_widget bundles its front end with {NODE_NEEDED} "
            "and npm (Debian 12's own nodejs is too old: see the README's set-up for NodeSource)"
        )
    _check_node()
    # npm ci installs exactly package-lock.json, so every build uses the same esbuild.
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=js, check=True)
    subprocess.run([npm, "run", "build"], cwd=js, check=True)


def _check_node() -> None:
    """Refuse an old Node.js at once, with what to do (npm itself only warns, and the build
    fails later in a way that does not say why)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError(f"node was not found: deepsea_widget's front end needs {NODE_NEEDED}")
    text = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    try:
        major, minor = (int(part) for part in text.lstrip("v").split(".")[:2])
    except ValueError:
        return  # an unusual version string: let the build itself decide
    if (major, minor) < (20, 19) or (major == 21) or (major == 22 and minor < 12):
        raise RuntimeError(f"Node.js {text} is too old: deepsea_widget's front end needs {NODE_NEEDED} "
                           "(see the README's set-up)")
