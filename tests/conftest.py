"""Run-wide test settings shared by every layer's tests.

In CI (CI=true) the browser tests must really run: a skipped e2e test turns
the whole run red, so a missing browser can never pass as "all green".
"""
from __future__ import annotations

import os

import pytest

IN_CI = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}

_skipped_e2e: list[str] = []


_suite_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and "e2e" in report.keywords:
        _skipped_e2e.append(report.nodeid)
    # time per suite (the folder under tests/), set-up and tear-down included
    parts = report.nodeid.split("::")[0].split("/")
    suite = parts[1] if len(parts) > 2 and parts[0] == "tests" else parts[-1]
    _suite_seconds[suite] = _suite_seconds.get(suite, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if _suite_seconds:
        terminalreporter.section("time per suite (summed over workers)")
        for suite, seconds in sorted(_suite_seconds.items(), key=lambda kv: -kv[1]):
            terminalreporter.write_line(f"{suite:<28} {seconds:8.1f} s")
    if IN_CI and _skipped_e2e:
        terminalreporter.section("browser tests skipped in CI", sep="=", red=True, bold=True)
        for nodeid in _skipped_e2e:
            terminalreporter.write_line(f"SKIPPED IN CI: {nodeid}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if IN_CI and _skipped_e2e and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
