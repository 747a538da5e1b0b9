"""Run-wide test settings shared by every layer's tests.

In CI (CI=true) the browser tests must really run: a skipped e2e test turns
the whole run red, so a missing browser can never pass as "all green".
"""
from __future__ import annotations

import os

import pytest

IN_CI = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}

_skipped_e2e: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and "e2e" in report.keywords:
        _skipped_e2e.append(report.nodeid)


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if IN_CI and _skipped_e2e:
        terminalreporter.section("browser tests skipped in CI", sep="=", red=True, bold=True)
        for nodeid in _skipped_e2e:
            terminalreporter.write_line(f"SKIPPED IN CI: {nodeid}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if IN_CI and _skipped_e2e and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
