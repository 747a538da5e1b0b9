"""Build the lessons as a static JupyterLite site (Pyodide kernel): ``make lite``.

    .venv/bin/python scripts/build_lite.py [--output build/lite] [--pyodide URL_OR_ARCHIVE]

The site holds the example notebooks, each with a first cell that installs deepsea_widget
from the site's own wheel (built here from this checkout), and JupyterLab's front end with
the widget manager and anywidget. It needs no server: any static host serves it. The
in-browser kernel loads Pyodide and the package's dependencies (numpy, plotly, anywidget)
at run time, from the internet unless ``--pyodide`` names a self-hosted distribution
(see docs/lite.md).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
BUNDLE = [REPO / "deepsea_widget" / "static" / name for name in ("widget.js", "widget.css", "figure.js")]
INSTALL_CELL = (
    "# In the browser (JupyterLite), install the package from this site before the lesson starts.\n"
    "%pip install -q deepsea_widget"
)


def lite_notebook(source: Path, target: Path) -> None:
    """Copy a lesson, with outputs cleared, and a first code cell that installs the package."""
    nb = nbformat.read(source, as_version=4)
    at = 1 if nb.cells and nb.cells[0].cell_type == "markdown" else 0  # after the title
    nb.cells.insert(at, nbformat.v4.new_code_cell(INSTALL_CELL))
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    for i, cell in enumerate(nb.cells):  # ids unique and stable
        cell.id = f"lite-{i}"
    nbformat.write(nb, target)


def build(output: Path, pyodide: str | None = None) -> Path:
    """Build the site into ``output`` (replaced) and return it."""
    with tempfile.TemporaryDirectory(prefix="dsw-lite-") as work:
        work = Path(work)
        content, wheels = work / "content", work / "pypi"
        content.mkdir()
        wheels.mkdir()
        for nb in sorted(EXAMPLES.glob("*.ipynb")):
            lite_notebook(nb, content / nb.name)
        # The wheel the notebooks install, with the front-end bundle: the one `make setup` built
        # when it is there (no second npm install), else the hatch hook builds it.
        env = dict(os.environ)
        if all(path.is_file() for path in BUNDLE):
            env["HATCH_JUPYTER_BUILDER_SKIP_NPM"] = "1"
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--disable-pip-version-check",
                        "-w", str(wheels), str(REPO)], check=True, env=env)
        if output.exists():
            shutil.rmtree(output)
        # jupyter lite build finds the wheels in ./pypi and lists them for %pip (piplite).
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--contents", str(content),
                   "--output-dir", str(output.resolve())]
        if pyodide:
            command += ["--pyodide", pyodide]
        subprocess.run(command, cwd=work, check=True)
    return output


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=REPO / "build" / "lite", help="where the site goes")
    parser.add_argument("--pyodide", help="a Pyodide distribution (URL or .tar.bz2) to host with the site")
    args = parser.parse_args(argv)
    out = build(args.output, args.pyodide)
    print(f"JupyterLite site in {out}: serve it with  python -m http.server -d {out}  and open /lab/index.html")


if __name__ == "__main__":
    main()
