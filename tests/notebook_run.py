"""Run an example notebook as CI does (used by tests/test_notebooks.py and
benchmarks/bench_notebooks.py): a cell a student fills in (tagged "solution") first gets the
answer docs/teaching.md gives for it, so the answer a teacher reads is the one CI runs."""
from __future__ import annotations

import re
import time
from pathlib import Path

ROOT = Path(__file__).parents[1]
EXAMPLES = ROOT / "examples"
TEACHING = ROOT / "docs" / "teaching.md"
# In docs/teaching.md: <!-- solution: gets_home --> then a ```python block defining gets_home
SOLUTION = re.compile(r"<!-- solution: (\w+) -->\s*```python\n(.*?)```", re.S)
DEFINES = re.compile(r"^def (\w+)\(", re.M)


def notebooks() -> list[Path]:
    return sorted(EXAMPLES.glob("*.ipynb"))


def solutions() -> dict[str, str]:
    """The answers docs/teaching.md gives for the cells students fill in, by function name."""
    return {name: body.strip() + "\n" for name, body in SOLUTION.findall(TEACHING.read_text(encoding="utf-8"))}


def solution_cells(nb) -> list:
    return [c for c in nb.cells if c.cell_type == "code" and "solution" in c.metadata.get("tags", [])]


def fill_solutions(nb) -> int:
    """Put the teacher's answer into every cell tagged "solution"; returns how many were filled."""
    answers = solutions()
    cells = solution_cells(nb)
    for cell in cells:
        names = DEFINES.findall(cell.source)
        missing = [n for n in names if n not in answers]
        if not names or missing:
            raise LookupError(f"docs/teaching.md has no '<!-- solution: NAME -->' answer for "
                              f"{missing or 'a solution cell that defines no function'}")
        cell.source = "\n".join(answers[n] for n in names)
    return len(cells)


def execute(path: Path, fill: bool = True, timeout: int = 180):
    """Run the notebook top to bottom in a fresh kernel; returns (notebook with outputs, seconds)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    if fill:
        fill_solutions(nb)
    start = time.perf_counter()
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(EXAMPLES)}}).execute()
    return nb, time.perf_counter() - start


def errors(nb) -> list:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
