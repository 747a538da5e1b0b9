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


def build(target_name: str, version: str, path: str = "js") -> None:
    """Install the locked npm packages and bundle the front end."""
    if os.environ.get("HATCH_JUPYTER_BUILDER_SKIP_NPM") == "1":
        print("jupyter-builder: skipping npm (HATCH_JUPYTER_BUILDER_SKIP_NPM=1)")
        return
    js = Path(path).resolve()
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(
            "npm was not found: building deepsea_widget bundles its front end with "
            "Node.js 20+ and npm (Debian: apt-get install nodejs npm)"
        )
    # npm ci installs exactly package-lock.json, so every build uses the same esbuild.
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=js, check=True)
    subprocess.run([npm, "run", "build"], cwd=js, check=True)
