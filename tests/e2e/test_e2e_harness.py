"""The browser harness itself: running cells, reading outputs, restarting the kernel."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def test_run_read_back_and_rerun_after_a_restart(open_notebook):
    nb = open_notebook(["x = 6 * 7\nprint(x)", "print('second')"])
    nb.run_cell(0)
    assert nb.output_text(0).strip() == "42"
    assert nb.eval_json("{'x': x}") == {"x": 42}
    assert nb.run_code("print(x + 1)").strip() == "43"

    nb.restart_kernel()
    # After a restart the execution count starts again at 1: the cell still counts as finished.
    nb.run_cell(0)
    assert nb.prompt(0).strip() == "[1]:"
    assert nb.output_text(0).strip() == "42"
    nb.run_cell(1)
    assert nb.output_text(1).strip() == "second"


def test_a_traceback_fails_the_run(open_notebook):
    nb = open_notebook(["1 / 0"])
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        nb.run_cell(0)
    nb.run_cell(0, check=False)  # a test that expects the error can still run it
    assert "ZeroDivisionError" in nb.output_text(0)
