"""pytest plugin that `opkit test` loads (`-p opkit.check.pytest_plugin --opkit-report=PATH`): one JSON line per
test with its outcome, its whole failure message and its traceback.

pytest's JUnit XML cuts the `message` attribute to 500 characters ("[+21 more lines ...]") and its console text
changes between versions; the report objects this plugin reads hold the whole text.
"""
from __future__ import annotations

import json
from typing import Any

__all__ = ["pytest_addoption", "pytest_configure", "pytest_runtest_logreport", "pytest_collectreport",
           "pytest_warning_recorded"]

_OPTION = "--opkit-report"


def pytest_addoption(parser: Any) -> None:
    parser.addoption(_OPTION, default=None, help="opkit: write each test's outcome and full failure text here")


# The open report file of this pytest run (test reports carry no config to hang it on).
_OUT: list[Any] = []


def pytest_configure(config: Any) -> None:
    path = config.getoption(_OPTION)
    if path:
        _OUT.append(open(path, "w", encoding="utf-8"))
        config.add_cleanup(_close)


def _close() -> None:
    while _OUT:
        _OUT.pop().close()


def _write(test: str, outcome: str, message: str, detail: str) -> None:
    if _OUT:
        _OUT[-1].write(json.dumps({"test": test, "outcome": outcome, "message": message, "detail": detail}) + "\n")
        _OUT[-1].flush()


def _crash_message(report: Any) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    return crash.message if crash is not None else str(report.longrepr)


def _skip_reason(report: Any) -> str:
    if isinstance(report.longrepr, tuple):   # (path, line, "Skipped: reason")
        return str(report.longrepr[2]).removeprefix("Skipped: ")
    return str(report.longrepr)


def pytest_runtest_logreport(report: Any) -> None:
    if report.when == "call":
        if report.passed:
            _write(report.nodeid, "passed", "", "")
        elif report.skipped:
            _write(report.nodeid, "skipped", _skip_reason(report), "")
        else:
            _write(report.nodeid, "failed", _crash_message(report), str(report.longrepr))
    elif report.failed:   # setup or teardown raised: an error, as pytest and JUnit call it
        _write(report.nodeid, "error", _crash_message(report), str(report.longrepr))
    elif report.skipped and report.when == "setup":
        _write(report.nodeid, "skipped", _skip_reason(report), "")


def pytest_collectreport(report: Any) -> None:
    if report.failed:
        _write(report.nodeid, "error", _crash_message(report), str(report.longrepr))


def pytest_warning_recorded(warning_message: Any, when: str, nodeid: str, location: Any) -> None:
    """A finding about the project that fails no test (example_shapes.ProjectWarning), as a "warning" line."""
    from opkit.check.example_shapes import ProjectWarning

    if issubclass(warning_message.category, ProjectWarning):
        _write(nodeid, "warning", str(warning_message.message), "")
