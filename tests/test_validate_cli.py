"""`opkit validate`: a summary and exit 0 for a good prototype; every located problem on stderr and exit 2."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from opkit.cli import main
from opkit.spec import load_spec, summarize
from tests.specs.corpus import INVALID_DIR, VALID_DIR, expected_errors, invalid_cases


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    out, err = capsys.readouterr()
    return int(exited.value.code or 0), out, err


@pytest.mark.parametrize("case", invalid_cases(), ids=lambda c: c.name)
def test_invalid_prototype_exits_2_with_every_problem(case: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(INVALID_DIR)
    code, out, err = _run(["validate", "-i", case.name], capsys)
    assert (code, out) == (2, "")
    assert err == "error: " + expected_errors(case) + "\n"


def test_valid_prototype_prints_the_summary_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    path = VALID_DIR / "two_ops.yaml"
    code, out, err = _run(["validate", "-i", str(path)], capsys)
    assert (code, err) == (0, "")
    assert out == summarize(load_spec(path)) + "\n"


def test_quiet_validate_prints_nothing_on_success(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["-q", "validate", "-i", str(VALID_DIR / "add_custom.json")], capsys) == (0, "", "")


@pytest.mark.parametrize("case", ["two_errors_sorted.json", "syntax_unclosed.json", "yaml_syntax.yaml"])
def test_module_entry_point_reports_without_traceback(case: str) -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "opkit", "validate", "-i", case], cwd=INVALID_DIR, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.removeprefix("error: ").splitlines() == expected_errors(INVALID_DIR / case).splitlines()
