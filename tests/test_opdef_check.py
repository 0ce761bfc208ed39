"""`opkit build` warns when the prototype JSON and the host OpDef disagree on an op's inputs, outputs or attrs,
naming both places; a project whose two declarations agree gets no warning."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from opkit.opdef_check import opdef_mismatches

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return Path(shutil.copytree(GOLDEN / "add_custom", tmp_path / "add_custom"))


@pytest.mark.parametrize("case", ["add_custom", "multi_ops", "gather_310p"])
def test_generated_projects_agree(case: str) -> None:
    assert opdef_mismatches(GOLDEN / case) == []


def test_each_side_names_what_the_other_lacks(project: Path) -> None:
    host = project / "op_host" / "add_custom.cpp"
    text = host.read_text()
    text = text.replace('this->Input("y")', '// this->Input("y") is gone\n        this->Input("bias")', 1)
    text = text.replace('this->Output("z")', 'this->Attr("alpha").AttrType(OPTIONAL).Float(1.0f);\n        this->Output("z")')
    host.write_text(text)
    lines = text.splitlines()
    bias = next(i for i, line in enumerate(lines, 1) if 'Input("bias")' in line)
    alpha = next(i for i, line in enumerate(lines, 1) if 'Attr("alpha")' in line)
    assert opdef_mismatches(project) == [
        'add_custom.json:12:13: warning: AddCustom input "y" (`[0].input_desc[1]`) is not declared in the OpDef of '
        "op_host/add_custom.cpp; CANN registers the op without it",
        f'op_host/add_custom.cpp:{bias}: warning: the OpDef declares input "bias", which AddCustom in add_custom.json '
        "(`[0]`) does not have; opkit's Python and torch glue follow the prototype",
        f'op_host/add_custom.cpp:{alpha}: warning: the OpDef declares attr "alpha", which AddCustom in add_custom.json '
        "(`[0]`) does not have; opkit's Python and torch glue follow the prototype",
    ]


def test_a_project_without_lock_or_host_file_gets_no_warning(project: Path) -> None:
    (project / "op_host" / "add_custom.cpp").unlink()
    assert opdef_mismatches(project) == []
    (project / "opkit.lock").unlink()
    assert opdef_mismatches(project) == []
