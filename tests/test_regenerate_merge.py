"""`opkit gen --force` after a prototype change: untouched user files replaced, edited ones merged (base kept under
.opkit/base/), conflicts marked with a backup and exit 1, --dry-run writes nothing, pre-base projects kept."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from opkit.cli import main
from opkit.generate.merge import merge_texts
from opkit.generate.writer import BASE_DIR

PROTOTYPE = [{"op": "ScaleCustom",
              "input_desc": [{"name": "x", "param_type": "required", "format": ["ND", "ND"],
                              "type": ["float16", "float"]}],
              "output_desc": [{"name": "y", "param_type": "required", "format": ["ND", "ND"],
                               "type": ["float16", "float"]}],
              "attr": [{"name": "scale", "param_type": "optional", "type": "float", "default_value": "2.0"}]}]
HOST, TILING, REF = "op_host/scale_custom.cpp", "op_kernel/scale_custom_tiling.h", "tests/reference.py"


def _changed() -> list[dict]:
    op = json.loads(json.dumps(PROTOTYPE))[0]
    for t in op["input_desc"] + op["output_desc"]:
        t["type"].append("int32")
        t["format"].append("ND")
    op["attr"].append({"name": "mode", "param_type": "optional", "type": "int", "default_value": "0"})
    return [op]


def _gen(tmp: Path, prototype: list[dict], *extra: str) -> int:
    (tmp / "scale_custom.json").write_text(json.dumps(prototype, indent=2))
    try:
        main(["gen", "-i", str(tmp / "scale_custom.json"), "-o", str(tmp / "p"), "--name", "scale_custom", *extra])
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    assert _gen(tmp_path, PROTOTYPE) == 0
    return tmp_path


def test_edited_user_files_get_new_attrs_and_dtypes_merged_in(project: Path) -> None:
    p = project / "p"
    _edit(p / HOST, "    tiling->tileLength = static_cast<uint32_t>(tileLength);\n",
          "    tiling->tileLength = static_cast<uint32_t>(tileLength);\n    // checked by hand\n")
    _edit(p / TILING, "#include <cstdint>\n", "#include <cstdint>\n\n// my notes\n")
    _edit(p / REF, '    raise NotImplementedError("write the reference maths of ScaleCustom here, returning y")\n',
          "    return (np.asarray(x, np.float64) * scale).astype(x.dtype)\n")
    kernel_before = (p / "op_kernel/scale_custom.cpp").read_text()
    assert _gen(project, _changed(), "--force") == 0
    host, tiling, ref = ((p / f).read_text() for f in (HOST, TILING, REF))
    assert "// checked by hand" in host and 'this->Attr("mode")' in host and "DT_INT32" in host
    assert "tiling->mode = *modeAttr;" in host
    assert "// my notes" in tiling and "int64_t mode;" in tiling
    assert "    mode=0,\n):" in ref and "* scale).astype" in ref
    assert (p / "op_kernel/scale_custom.cpp").read_text() == kernel_before   # unchanged by this prototype change
    assert (p / BASE_DIR / HOST).read_text().count("// checked by hand") == 0
    assert 'this->Attr("mode")' in (p / BASE_DIR / HOST).read_text()
    assert not list(p.rglob("*.orig"))


def test_untouched_user_files_are_replaced(project: Path) -> None:
    assert _gen(project, _changed(), "--force") == 0
    assert "int64_t mode;" in (project / "p" / TILING).read_text()


def test_conflict_leaves_markers_a_backup_and_exit_1(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = project / "p"
    mine = "            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})  // mine\n"
    text = (p / HOST).read_text().replace("            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})\n", mine, 1)
    (p / HOST).write_text(text)
    assert _gen(project, _changed(), "--force") == 1
    merged = (p / HOST).read_text()
    assert merged.count("<<<<<<< yours") == 1 and "=======\n" in merged and ">>>>>>> opkit gen" in merged
    assert (p / (HOST + ".orig")).read_text() == text                 # nothing of yours is lost
    err = capsys.readouterr().err
    assert f"conflict in {HOST}: 1 hunk (lines " in err and f"{HOST}.orig" in err and "merge conflicts" in err


def test_dry_run_shows_the_diff_and_writes_nothing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = project / "p"
    before = {f: f.read_bytes() for f in p.rglob("*") if f.is_file()}
    capsys.readouterr()
    assert _gen(project, _changed(), "--dry-run") == 0
    out = capsys.readouterr().out
    assert f"+++ b/{HOST}" in out and '+        this->Attr("mode")' in out and "nothing written" in out
    assert {f: f.read_bytes() for f in p.rglob("*") if f.is_file()} == before


def test_project_without_bases_keeps_edited_files_with_a_note(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = project / "p"
    shutil.rmtree(p / ".opkit")                                   # as generated before bases existed
    _edit(p / HOST, "namespace optiling {\n", "namespace optiling {\n// mine\n")
    capsys.readouterr()
    assert _gen(project, _changed(), "--force") == 0
    assert 'Attr("mode")' not in (p / HOST).read_text() and "// mine" in (p / HOST).read_text()
    assert "int64_t mode;" in (p / TILING).read_text()            # untouched by its hash: replaced
    assert f"kept {HOST}: edited, and this project has no base" in capsys.readouterr().out


@pytest.mark.parametrize("engine", ["git", "merge3"])
def test_both_merge_engines_merge_and_mark_alike(engine: str) -> None:
    if engine == "git" and shutil.which("git") is None:
        pytest.skip("no git here")
    base = "a\nb\nc\nd\ne\n"
    clean = merge_texts("a\nB\nc\nd\ne\n", base, "a\nb\nc\nd\nE\n", engine=engine)
    assert (clean.text, clean.conflicts) == ("a\nB\nc\nd\nE\n", ())
    clash = merge_texts("a\nX\nc\nd\ne\n", base, "a\nY\nc\nd\ne\n", engine=engine)
    assert clash.conflicts == ((2, 6),)
    assert clash.text.splitlines()[1:6] == ["<<<<<<< yours", "X", "=======", "Y", ">>>>>>> opkit gen (new prototype)"]
