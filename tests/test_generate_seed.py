"""User files beside the prototype (kernel, tiling header, host, reference) are copied into the project.

This is how `examples/<op>/` holds only what a user writes and is generated into a separate build location.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from opkit.errors import GenerateError
from opkit.generate import LOCK_NAME, generate_project
from opkit.spec import load_spec

REPO = Path(__file__).resolve().parents[1]
ADD = REPO / "tests" / "specs" / "valid" / "add_custom.json"
USER_FILES = {
    "op_kernel/add_custom.cpp": "// kernel written by the user\n",
    "op_kernel/add_custom_tiling.h": "// tiling header written by the user\n",
    "op_host/add_custom.cpp": "// host written by the user\n",
    "tests/reference.py": "# reference written by the user\n",
}


def _source_dir(tmp_path: Path, files: dict[str, str] = USER_FILES) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(ADD, src / "add_custom.json")
    for rel, text in files.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    return src


def _gen(src: Path, out: Path, force: bool = False):
    return generate_project(load_spec(src / "add_custom.json"), out, force=force)


def test_user_files_beside_the_prototype_replace_the_skeletons(tmp_path: Path) -> None:
    src = _source_dir(tmp_path)
    out = tmp_path / "out"
    result = _gen(src, out)
    for rel, text in USER_FILES.items():
        assert (out / rel).read_text() == text
    lock = json.loads((out / LOCK_NAME).read_text())["files"]
    assert {rel: lock[rel]["owner"] for rel in USER_FILES} == {rel: "copied" for rel in USER_FILES}
    note = next(n for n in result.notes if n.startswith("copied from"))
    assert str(src) in note and all(rel in note for rel in USER_FILES)


def test_the_headers_and_helpers_the_sources_include_come_along(tmp_path: Path) -> None:
    extra = {"op_kernel/add_custom_common.h": "// kernel helper\n", "op_kernel/arch35/add_custom_impl.h": "// 950\n",
             "op_host/add_custom_tiling_util.h": "// host helper\n"}
    src = _source_dir(tmp_path, {**USER_FILES, **extra})
    out = tmp_path / "out"
    result = _gen(src, out)
    for rel, text in extra.items():
        assert (out / rel).read_text() == text
    note = next(n for n in result.notes if n.startswith("copied from"))
    assert all(rel in note for rel in extra)


def test_missing_user_files_still_get_skeletons(tmp_path: Path) -> None:
    src = _source_dir(tmp_path, {"op_kernel/add_custom.cpp": "// mine\n"})
    out = tmp_path / "out"
    result = _gen(src, out)
    assert (out / "op_kernel" / "add_custom.cpp").read_text() == "// mine\n"
    assert "yours to edit" in (out / "op_host" / "add_custom.cpp").read_text()
    assert "NotImplementedError" in (out / "tests" / "reference.py").read_text() or \
        "yours to edit" in (out / "tests" / "reference.py").read_text()
    note = next(n for n in result.notes if n.startswith("copied from"))
    assert "op_host" not in note


def test_edit_to_the_source_propagates_on_force(tmp_path: Path) -> None:
    src = _source_dir(tmp_path)
    out = tmp_path / "out"
    _gen(src, out)
    (src / "op_kernel" / "add_custom.cpp").write_text("// kernel v2\n")
    result = _gen(src, out, force=True)
    assert (out / "op_kernel" / "add_custom.cpp").read_text() == "// kernel v2\n"
    assert "op_kernel/add_custom.cpp" in result.written
    assert not any(n.startswith("kept") for n in result.notes)


def test_copy_edited_inside_the_project_is_kept_with_a_note(tmp_path: Path) -> None:
    src = _source_dir(tmp_path)
    out = tmp_path / "out"
    _gen(src, out)
    (out / "op_host" / "add_custom.cpp").write_text("// edited in the build location\n")
    (src / "op_host" / "add_custom.cpp").write_text("// host v2\n")
    result = _gen(src, out, force=True)
    assert (out / "op_host" / "add_custom.cpp").read_text() == "// edited in the build location\n"
    note = next(n for n in result.notes if n.startswith("kept op_host/add_custom.cpp"))
    assert "copied it from" in note and str(src / "op_host" / "add_custom.cpp") in note


def test_skeleton_from_an_earlier_gen_is_replaced_by_a_new_source_file(tmp_path: Path) -> None:
    src = _source_dir(tmp_path, {})
    out = tmp_path / "out"
    _gen(src, out)
    (src / "op_kernel").mkdir()
    (src / "op_kernel" / "add_custom.cpp").write_text("// written later\n")
    _gen(src, out, force=True)
    assert (out / "op_kernel" / "add_custom.cpp").read_text() == "// written later\n"


def test_regenerating_in_place_changes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "p"
    generate_project(load_spec(ADD), root)
    (root / "op_kernel" / "add_custom.cpp").write_text("// my kernel\n")
    result = generate_project(load_spec(root / "add_custom.json"), root, force=True)
    assert (root / "op_kernel" / "add_custom.cpp").read_text() == "// my kernel\n"
    assert json.loads((root / LOCK_NAME).read_text())["files"]["op_kernel/add_custom.cpp"]["owner"] == "user"
    assert not any(n.startswith("copied from") for n in result.notes)


def test_unreadable_user_file_is_a_located_error(tmp_path: Path) -> None:
    src = _source_dir(tmp_path, {})
    (src / "op_kernel").mkdir()
    (src / "op_kernel" / "add_custom.cpp").write_bytes(b"\xff\xfe not utf-8")
    with pytest.raises(GenerateError, match=r"op_kernel/add_custom.cpp: cannot be copied"):
        _gen(src, tmp_path / "out")
    assert not (tmp_path / "out").exists()
