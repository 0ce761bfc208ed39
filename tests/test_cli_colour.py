"""Colour only for a person at a terminal: on a pseudo-terminal the error prefix is red; with NO_COLOR set, or
when output is a pipe, there is not one escape sequence."""
from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from opkit.console import colour_enabled

REPO = Path(__file__).resolve().parents[1]
BAD = REPO / "tests" / "specs" / "invalid" / "two_errors_sorted.json"
ADD = REPO / "examples" / "add_custom" / "add_custom.json"
ESC = "\x1b["


def _on_terminal(argv: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Run opkit with stdout and stderr on a pseudo-terminal; returns exit code and everything it wrote."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "opkit", *argv], stdout=follower, stderr=follower, env=env)
    os.close(follower)
    chunks: list[bytes] = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return proc.wait(timeout=120), b"".join(chunks).decode(errors="replace")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    return {**env, "TERM": "xterm", **extra}


def test_error_prefix_is_coloured_on_a_terminal() -> None:
    code, text = _on_terminal(["validate", "-i", str(BAD)], _env())
    assert code == 2
    assert ESC + "31m" in text and "error: " in text


@pytest.mark.parametrize("argv", [["validate", "-i", str(BAD)], ["gen", "-i", str(ADD), "-o", "{tmp}"], ["--help"]])
def test_no_color_means_no_escape_sequence_even_on_a_terminal(argv: list[str], tmp_path: Path) -> None:
    _, text = _on_terminal([a.format(tmp=tmp_path / "p") for a in argv], _env(NO_COLOR="1"))
    assert text.strip() and ESC not in text


def test_success_line_is_coloured_on_a_terminal_and_plain_in_a_pipe(tmp_path: Path) -> None:
    code, text = _on_terminal(["gen", "-i", str(ADD), "-o", str(tmp_path / "a")], _env())
    assert code == 0 and ESC + "32m" in text
    piped = subprocess.run([sys.executable, "-m", "opkit", "gen", "-i", str(ADD), "-o", str(tmp_path / "b")],
                           capture_output=True, text=True, env=_env(), timeout=120)
    assert piped.returncode == 0 and "generated" in piped.stdout and ESC not in piped.stdout + piped.stderr


@pytest.mark.parametrize("env, expected", [({}, True), ({"NO_COLOR": "1"}, False), ({"NO_COLOR": ""}, True),
                                           ({"TERM": "dumb"}, False)])
def test_colour_rule(env: dict[str, str], expected: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert colour_enabled(Terminal()) is expected  # type: ignore[arg-type]


@pytest.mark.parametrize(("verbosity", "shown"), [(-1, False), (0, True), (1, True)])
def test_warnings_go_to_stderr_and_quiet_hides_them(verbosity: int, shown: bool,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from opkit.console import Console

    Console(verbosity).warning("k.cpp:3:5: warning: unused variable")
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("k.cpp:3:5: warning: unused variable\n" if shown else "")


def test_opkit_test_shows_build_warnings_on_stderr_and_pytest_output_as_before(
        capsys: pytest.CaptureFixture[str]) -> None:
    from opkit.cli.project import _TestProgress
    from opkit.console import Console

    progress = _TestProgress(Console(0))
    for line in ["[1/3] compile op_kernel/k.cpp (k_kernel_c0)", "op_kernel/k.cpp:3:5: warning: unused variable",
                 "installing dist/k-0.1.0.whl", "tests/test_k.py:9: warning: in pytest's own output", "....  [ 40%]"]:
        progress(line)
    out, err = capsys.readouterr()
    assert err == "op_kernel/k.cpp:3:5: warning: unused variable\n"
    assert out.splitlines() == ["[1/3] compile op_kernel/k.cpp (k_kernel_c0)", "installing dist/k-0.1.0.whl",
                                "....  [ 40%]"]
