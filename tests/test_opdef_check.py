"""`opkit build` warns when the prototype JSON and the host OpDef disagree on an op's inputs, outputs or attrs,
naming both places; a project whose two declarations agree gets no warning."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from opkit.build.layout import detect_layout
from opkit.build.opdef_check import opdef_mismatches

GOLDEN = Path(__file__).resolve().parent / "golden"
LAYOUTS = Path(__file__).resolve().parent / "layouts"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return Path(shutil.copytree(GOLDEN / "add_custom", tmp_path / "add_custom"))


def _mismatches(project: Path) -> list[str]:
    layout = detect_layout(project)
    assert layout is not None
    return opdef_mismatches(layout)


@pytest.mark.parametrize("case", ["add_custom", "multi_ops", "gather_310p"])
def test_generated_projects_agree(case: str) -> None:
    assert _mismatches(GOLDEN / case) == []


@pytest.mark.parametrize("case", ["older_project", "msopgen_project/AddTplCustom"])
def test_cann_projects_as_written_agree(case: str, tmp_path: Path) -> None:
    shutil.copytree(LAYOUTS, tmp_path / "layouts")
    assert _mismatches(tmp_path / "layouts" / case) == []


def test_a_cann_project_is_checked_across_its_host_files(tmp_path: Path) -> None:
    project = Path(shutil.copytree(LAYOUTS / "older_project", tmp_path / "older_project"))
    host = project / "op_host" / "axpy_custom.cpp"
    text = host.read_text()
    assert 'this->Attr("alpha")' in text
    host.write_text(text.replace('this->Attr("alpha")', 'this->Attr("beta")', 1))
    line = next(i for i, t in enumerate(host.read_text().splitlines(), 1) if 'Attr("beta")' in t)
    layout = detect_layout(project)
    assert layout is not None and [a.name for a in layout.ops[0].op.attrs] == ["beta"]   # the OpDef wins
    warnings = opdef_mismatches(layout)
    assert len(warnings) == 2, warnings
    assert warnings[0].startswith("older_ops.json:") and 'AxpyCustom attr "alpha"' in warnings[0]
    assert "is not declared in the OpDef of op_host/axpy_custom.cpp; the build follows the OpDef" in warnings[0]
    assert warnings[1].startswith(f'op_host/axpy_custom.cpp:{line}: warning: the OpDef declares attr "beta"')


def test_a_cann_projects_json_and_opdef_disagreeing_on_dtypes_and_defaults(tmp_path: Path) -> None:
    project = Path(shutil.copytree(LAYOUTS / "older_project", tmp_path / "older_project"))
    spec = project / "older_ops.json"
    spec.write_text(spec.read_text().replace("\"default_value\": \"1.0\"", "\"default_value\": \"2.5\"", 1)
                    .replace('"float16", "float"', '"float16", "int32"'))
    layout = detect_layout(project)
    assert layout is not None
    assert layout.ops[0].op.attrs[0].default == 1.0 and layout.ops[0].op.dtype_combinations[1][0].name == "float32"
    warnings = opdef_mismatches(layout)
    assert any('AxpyCustom attr "alpha" is optional float = 2.5 here and optional float = 1.0 in the OpDef '
               "(op_host/axpy_custom.cpp:" in w for w in warnings), warnings
    assert any("AxpyCustom's dtype combinations differ from the OpDef's (op_host/axpy_custom.cpp): only here: "
               "int32, int32, int32; only in the OpDef: float32, float32, float32" in w for w in warnings), warnings


def test_each_side_names_what_the_other_lacks(project: Path) -> None:
    host = project / "op_host" / "add_custom.cpp"
    text = host.read_text()
    text = text.replace('this->Input("y")', '// this->Input("y") is gone\n        this->Input("bias")', 1)
    text = text.replace('this->Output("z")', 'this->Attr("alpha").AttrType(OPTIONAL).Float(1.0f);\n        this->Output("z")')
    host.write_text(text)
    lines = text.splitlines()
    bias = next(i for i, line in enumerate(lines, 1) if 'Input("bias")' in line)
    alpha = next(i for i, line in enumerate(lines, 1) if 'Attr("alpha")' in line)
    assert _mismatches(project) == [
        'add_custom.json:12:13: warning: AddCustom input "y" (`[0].input_desc[1]`) is not declared in the OpDef of '
        "op_host/add_custom.cpp; CANN registers the op without it",
        f'op_host/add_custom.cpp:{bias}: warning: the OpDef declares input "bias", which AddCustom in add_custom.json '
        "(`[0]`) does not have; opkit's Python and torch glue follow the prototype",
        f'op_host/add_custom.cpp:{alpha}: warning: the OpDef declares attr "alpha", which AddCustom in add_custom.json '
        "(`[0]`) does not have; opkit's Python and torch glue follow the prototype",
    ]


def test_an_op_without_a_readable_host_file_gets_no_warning(project: Path) -> None:
    (project / "op_host" / "add_custom.cpp").unlink()
    assert _mismatches(project) == []
