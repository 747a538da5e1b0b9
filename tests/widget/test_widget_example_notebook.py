"""examples/01_play.ipynb runs top to bottom in a kernel and is committed without outputs."""
from __future__ import annotations

from pathlib import Path

NOTEBOOK = Path(__file__).parents[2] / "examples" / "01_play.ipynb"


def test_committed_without_outputs():
    import nbformat  # imported here: it is slow to import, and only these tests need it

    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "clear the outputs before committing"


def test_runs_top_to_bottom():
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    widgets = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, "the first code cell shows the board"
