"""Every command on a table of bad paths: a located error line and exit 2, never a traceback, nothing written.

Paths reach opkit as the prototype (-i), the output directory (-o) and PROJECT (build, test)."""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from opkit.cli import main

REPO = Path(__file__).resolve().parents[1]
ADD = REPO / "examples" / "add_custom" / "add_custom.json"


def _file_as_dir(tmp: Path) -> Path:
    (tmp / "file").write_text("x")
    return tmp / "file" / "sub"


def _symlink_to_empty_dir(tmp: Path) -> Path:
    (tmp / "empty").mkdir()
    (tmp / "link").symlink_to(tmp / "empty")
    return tmp / "link"


def _dangling_symlink(tmp: Path) -> Path:
    (tmp / "dangling").symlink_to(tmp / "nowhere")
    return tmp / "dangling"


def _symlink_loop(tmp: Path) -> Path:
    (tmp / "loop").symlink_to(tmp / "loop")
    return tmp / "loop"


def _unreadable(tmp: Path) -> Path:
    (tmp / "locked").mkdir()
    (tmp / "locked" / "op.json").write_text(ADD.read_text())
    (tmp / "locked").chmod(0)
    return tmp / "locked" / "op.json"


def _directory(tmp: Path) -> Path:
    (tmp / "dir").mkdir()
    return tmp / "dir"


def _regular_file(tmp: Path) -> Path:
    (tmp / "plain.txt").write_text("x")
    return tmp / "plain.txt"


BAD: dict[str, Callable[[Path], Path]] = {
    "file as a directory": _file_as_dir,
    "/proc/x": lambda tmp: Path("/proc/x"),
    "under /proc/x": lambda tmp: Path("/proc/x/y"),
    "symlink to an empty directory": _symlink_to_empty_dir,
    "dangling symlink": _dangling_symlink,
    "symlink loop": _symlink_loop,
    "unreadable": _unreadable,
    "directory": _directory,
    "regular file": _regular_file,
    "/": lambda tmp: Path("/"),
    "nonexistent": lambda tmp: tmp / "missing" / "deeper",
}
# Where a bad-looking path is a fine one: gen writes into an empty directory, follows a symlink to one and creates
# missing ones.
ACCEPTED = {("gen -o", "directory"), ("gen -o", "symlink to an empty directory"), ("gen -o", "nonexistent")}
COMMANDS: dict[str, Callable[[str, Path], list[str]]] = {
    "validate -i": lambda bad, tmp: ["validate", "-i", bad],
    "gen -i": lambda bad, tmp: ["gen", "-i", bad, "-o", str(tmp / "out")],
    "gen -o": lambda bad, tmp: ["gen", "-i", str(ADD), "-o", bad],
    "build": lambda bad, tmp: ["build", bad],
    "test": lambda bad, tmp: ["test", bad],
}


def _invoke(argv: list[str]) -> tuple[int, str, str]:
    with CliRunner().isolation(env={"NO_COLOR": "1"}) as (out, err, _):
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue().decode(), err.getvalue().decode()


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if "locked" not in p.parts)


@pytest.mark.parametrize("kind", BAD)
@pytest.mark.parametrize("command", COMMANDS)
def test_bad_path_is_one_located_error_and_exit_2(command: str, kind: str, tmp_path: Path) -> None:
    if kind == "unreadable" and os.geteuid() == 0:
        pytest.skip("root reads everything")
    bad = BAD[kind](tmp_path)
    before = _tree(tmp_path)
    try:
        code, out, err = _invoke(COMMANDS[command](str(bad), tmp_path))
    finally:
        if kind == "unreadable":
            (tmp_path / "locked").chmod(0o755)
    if (command, kind) in ACCEPTED:
        assert code == 0, err
        return
    assert code == 2, out + err
    assert "Traceback" not in err and out == ""
    # opkit's own line names the path and says what is wrong; click's usage errors (a file where a directory is
    # wanted) name the option and the path.
    message = err.splitlines()[-1]
    assert message.startswith(("error: ", "Error: ")), err
    assert str(bad) in message or f"'{bad.name}'" in message or bad.name in message, err
    assert _tree(tmp_path) == before


def test_gen_through_a_symlink_writes_into_the_directory_it_points_to(tmp_path: Path) -> None:
    link = _symlink_to_empty_dir(tmp_path)
    assert _invoke(["gen", "-q", "-i", str(ADD), "-o", str(link)])[0] == 0
    assert link.is_symlink() and (tmp_path / "empty" / "op_kernel" / "add_custom.cpp").is_file()
