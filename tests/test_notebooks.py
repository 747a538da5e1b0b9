"""Every notebook in examples/ runs top to bottom (nbclient), is committed without outputs and
under 100 KB, never talks about the project's own documents, and ends with exercises whose
answers are in docs/teaching.md (with the notebook's goals, time and classroom notes)."""
from __future__ import annotations

import functools
import json
import re

import nbformat
import pytest

from notebook_run import TEACHING, errors, execute, fill_solutions, notebooks, solution_cells

NOTEBOOKS = notebooks()
MAX_BYTES = 100_000
# The project's own documents and history have no place in a lesson (a student has none of them)
PROJECT_TALK = re.compile(r"README|RULES\.md|docs/|\bcontract\b|benchmarks?\b|the project|issue #", re.I)


def test_there_are_notebooks():
    assert {p.name for p in NOTEBOOKS} >= {"01_play.ipynb", "02_odds_lesson.ipynb", "03_what_if.ipynb",
                                           "04_bots.ipynb", "05_write_the_simulation.ipynb",
                                           "06_nine_principles.ipynb"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_as_committed(path):
    assert path.stat().st_size < MAX_BYTES, f"{path.name}: {path.stat().st_size:,} bytes"
    missing = [i for i, cell in enumerate(json.loads(path.read_text())["cells"]) if "id" not in cell]
    assert not missing, f"{path.name}: cells {missing} have no id (nbformat 4.5 wants one; reading adds it silently)"
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name}: clear the outputs"
        assert not PROJECT_TALK.search(cell.source), f"{path.name}: {PROJECT_TALK.search(cell.source)[0]!r} in a cell"
    assert nb.cells[0].cell_type == "markdown" and "This notebook teaches" in nb.cells[0].source
    last = nb.cells[-1]
    assert last.cell_type == "markdown" and last.source.startswith("## Exercises\n"), f"{path.name}: end with exercises"


@functools.cache
def ran(path):
    """The notebook run once per test session, its answers filled in (a copy with its outputs)."""
    return execute(path)[0]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path):
    assert not errors(ran(path)), errors(ran(path))


def _teaching_section(name: str) -> str:
    text = TEACHING.read_text(encoding="utf-8")
    parts = re.split(r"^## ", text, flags=re.M)
    found = [p for p in parts if p.startswith(f"`{name}`")]
    assert len(found) == 1, f"docs/teaching.md: one '## `{name}`' section, found {len(found)}"
    return found[0]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_teachers_guide_covers_the_notebook(path):
    section = _teaching_section(path.name)
    for part in ("**Learning goals.**", "**Time in class.**", "**With a class of 30.**",
                 "### Answers to the exercises"):
        assert part in section, f"docs/teaching.md, {path.name}: no {part}"
    exercises = nbformat.read(path, as_version=4).cells[-1].source
    asked = re.findall(r"^(\d+)\. ", exercises, flags=re.M)
    answers = re.findall(r"^(\d+)\. ", section.split("### Answers to the exercises", 1)[1], flags=re.M)
    assert asked and answers == asked, f"{path.name}: exercises {asked}, answers {answers}"


def test_the_simulation_lesson_passes_with_the_answer_and_catches_both_mistakes():
    path = next(p for p in NOTEBOOKS if p.name == "05_write_the_simulation.ipynb")
    nb = ran(path)
    verdicts = [o["data"]["text/html"] for c in nb.cells if c.cell_type == "code" and "check_simulation(" in c.source
                for o in c.outputs if "text/html" in o.get("data", {})]
    assert len(verdicts) == 3
    assert verdicts[0].startswith("<p><b>PASS: gets_home agrees with the exact odds in all 9 positions")
    assert verdicts[1].startswith("<p><b>FAIL: n_moves_rounded_down disagrees")
    assert verdicts[2].startswith("<p><b>FAIL: ignores_the_others_turn disagrees")


def test_the_simulation_lesson_as_a_student_gets_it_stops_at_the_unwritten_function():
    path = next(p for p in NOTEBOOKS if p.name == "05_write_the_simulation.ipynb")
    nb = nbformat.read(path, as_version=4)
    assert len(solution_cells(nb)) == 1 and "raise NotImplementedError" in solution_cells(nb)[0].source
    assert fill_solutions(nb) == 1 and "NotImplementedError" not in solution_cells(nb)[0].source
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    unfilled = nbformat.read(path, as_version=4)
    with pytest.raises(CellExecutionError, match="write gets_home first"):
        NotebookClient(unfilled, timeout=120, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
