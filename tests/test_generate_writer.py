"""The project writer: stays inside its root, refuses non-empty targets, keeps the user's work, all or nothing."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

import opkit.generate.render as render
from opkit.errors import GenerateError, PathError
from opkit.generate import LOCK_NAME, ProjectWriter, RenderedFile, generate_project
from opkit.spec import load_spec

REPO = Path(__file__).resolve().parents[1]
ADD = REPO / "tests" / "specs" / "valid" / "add_custom.json"


def _gen(out: Path, **kwargs: object):
    return generate_project(load_spec(ADD), out, **kwargs)  # type: ignore[arg-type]


def _writer(root: Path, force: bool = False) -> ProjectWriter:
    return ProjectWriter(root, force=force, version="test")


@pytest.mark.parametrize("bad", ["../escape.txt", "/etc/passwd", "a/../../b", "a//b", "a/./b", "a\\b", "",
                                 "sub/..", "x\ny", "trailing\n"])
def test_paths_that_could_leave_the_root_are_refused(tmp_path: Path, bad: str) -> None:
    with pytest.raises(GenerateError, match="refusing to write"):
        _writer(tmp_path / "p").write([RenderedFile(bad, "x", "generated")], prototype="p.json")
    assert not (tmp_path / "p").exists()
    assert not (tmp_path / "escape.txt").exists()


def test_symlink_out_of_the_root_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "p"
    _gen(root)
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.rmtree(root / "csrc")   # bindings.cpp, the aclnn sources
    (root / "csrc").symlink_to(outside)
    with pytest.raises(GenerateError, match="outside"):
        _gen(root, force=True)
    assert list(outside.iterdir()) == []


def test_non_empty_target_is_refused_without_force(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    (root / "notes.txt").write_text("mine")
    with pytest.raises(GenerateError, match="not empty; pass --force"):
        _gen(root)
    assert sorted(p.name for p in root.iterdir()) == ["notes.txt"]


def test_empty_existing_directory_is_a_new_project(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    result = _gen(root)
    assert (root / "op_kernel" / "add_custom.cpp").is_file()
    assert "CMakeLists.txt" in result.written


def test_force_keeps_user_owned_and_user_edited_files(tmp_path: Path) -> None:
    root = tmp_path / "p"
    _gen(root)
    kernel, cmake, stray = root / "op_kernel" / "add_custom.cpp", root / "CMakeLists.txt", root / "README.md"
    kernel.write_text("// my kernel\n")
    cmake.write_text("# my cmake\n")
    stray.unlink()                                     # deleted generated file: comes back
    (root / "tests" / "test_extra.py").write_text("x")   # a file opkit never wrote: untouched
    result = _gen(root, force=True)
    assert kernel.read_text() == "// my kernel\n"
    assert cmake.read_text() == "# my cmake\n"
    assert stray.is_file() and "README.md" in result.written
    assert (root / "tests" / "test_extra.py").read_text() == "x"
    assert "op_kernel/add_custom.cpp" in result.kept and "CMakeLists.txt" in result.kept
    assert any("kept CMakeLists.txt: edited" in n for n in result.notes)
    # the lock still holds the hash of what opkit wrote, so the edit is still recognised next time
    again = _gen(root, force=True)
    assert any("kept CMakeLists.txt: edited" in n for n in again.notes)


def test_generated_file_opkit_did_not_write_is_kept(tmp_path: Path) -> None:
    root = tmp_path / "p"
    _gen(root)
    lock = json.loads((root / LOCK_NAME).read_text())
    del lock["files"]["pyproject.toml"]
    (root / LOCK_NAME).write_text(json.dumps(lock))
    (root / "pyproject.toml").write_text("[project]\n")
    result = _gen(root, force=True)
    assert (root / "pyproject.toml").read_text() == "[project]\n"
    assert any("kept pyproject.toml: opkit did not write it" in n for n in result.notes)


def test_unchanged_files_are_not_rewritten(tmp_path: Path) -> None:
    root = tmp_path / "p"
    _gen(root)
    files = [p for p in root.rglob("*") if p.is_file()]
    old = 1_000_000_000
    for p in files:
        os.utime(p, (old, old))
    result = _gen(root, force=True)
    assert result.written == []
    assert all(p.stat().st_mtime == old for p in files)


def test_changed_generated_file_is_rewritten_when_untouched_by_user(tmp_path: Path) -> None:
    root = tmp_path / "p"
    _gen(root, compute_unit="ai_core-Ascend910B2")
    result = _gen(root, force=True, compute_unit="ai_core-Ascend910B2,ai_core-Ascend910_9391")
    assert "csrc/bindings.cpp" not in result.written            # no SoC-dependent content
    assert "op_host/add_custom.cpp" in result.written           # user-owned but untouched: the new render
    assert "ascend910_93" in (root / "op_host/add_custom.cpp").read_text()
    assert json.loads((root / LOCK_NAME).read_text())["files"]["CMakeLists.txt"]["owner"] == "generated"


def test_failure_while_rendering_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}
    real = render._out_path

    def exploding(*args: object) -> str:
        calls["n"] += 1
        if calls["n"] == 5:
            raise RuntimeError("boom")
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "_out_path", exploding)
    with pytest.raises(RuntimeError, match="boom"):
        _gen(tmp_path / "p")
    assert list(tmp_path.iterdir()) == []


def test_failure_while_writing_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = Path.write_bytes
    calls = {"n": 0}

    def exploding(self: Path, data: bytes) -> int:
        calls["n"] += 1
        if calls["n"] == 4:
            raise OSError("disk full")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", exploding)
    with pytest.raises(PathError, match="cannot write the project there: disk full"):
        _gen(tmp_path / "p")
    assert list(tmp_path.iterdir()) == []   # neither the project nor the temporary directory


def test_target_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "p").write_text("x")
    with pytest.raises(GenerateError, match="not a directory"):
        _gen(tmp_path / "p")


def test_lock_records_version_and_every_written_file(tmp_path: Path) -> None:
    import hashlib

    from opkit import __version__

    root = tmp_path / "p"
    _gen(root)
    lock = json.loads((root / LOCK_NAME).read_text())
    assert lock["opkit_version"] == __version__
    on_disk = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()} - {LOCK_NAME}
    bases = {p for p in on_disk if p.startswith(".opkit/base/")}
    assert set(lock["files"]) == on_disk - bases
    assert bases == {f".opkit/base/{name}" for name, entry in lock["files"].items() if entry["owner"] == "user"}
    for name, entry in lock["files"].items():
        assert entry["sha256"] == hashlib.sha256((root / name).read_bytes()).hexdigest()
