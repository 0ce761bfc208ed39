"""Recognising operator projects: opkit's own, msopgen's and samples-style trees (newer and older tiling layouts),
what each op's parts are, and `opkit gen` refusing to turn a CANN project into one that cannot configure."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from opkit.errors import GenerateError, PathError
from opkit.generate import generate_project
from opkit.build.layout import detect_layout
from opkit.spec import load_spec

LAYOUTS = Path(__file__).resolve().parent / "layouts"
OLDER = LAYOUTS / "older_project"
MSOPGEN = LAYOUTS / "msopgen_project" / "AddTplCustom"


def test_older_layout_project_is_described_per_op() -> None:
    layout = detect_layout(OLDER)
    assert layout is not None and layout.kind == "samples"
    assert layout.describe() == (
        "CANN operator project (op_host/ + op_kernel/), newer and older layout: 2 ops (AxpyCustom, tiling struct "
        "op_host/axpy_custom_tiling.h; HeadDoubleCustom, tiling struct op_kernel/head_double_custom_tiling.h)")
    axpy, head = layout.ops
    assert (axpy.tiling_style, axpy.tiling_struct) == ("older", "AxpyCustomTilingData")
    assert [p.name for p in axpy.host] == ["axpy_custom.cpp", "axpy_custom_tiling.cpp"]
    assert (head.tiling_style, head.tiling_struct) == ("newer", "HeadDoubleCustomTilingData")
    assert (axpy.has_infer_shape, head.has_infer_shape) == (True, False)
    assert layout.missing_infer_shape() == [
        "HeadDoubleCustom: the host's OpDef has no SetInferShape; its outputs' shapes are the caller's to give "
        "(out=...)"]


def test_msopgen_project_finds_the_prototype_beside_it() -> None:
    layout = detect_layout(MSOPGEN)
    assert layout is not None and layout.kind == "msopgen"
    assert layout.prototype == MSOPGEN.parent / "add_tpl_custom.json"
    assert layout.describe() == ("msopgen project, newer layout: 1 op (AddTplCustom, tiling struct "
                                 "op_kernel/add_tpl_custom_tiling.h, template tiling keys)")


def test_opkit_project_and_other_directories(tmp_path: Path) -> None:
    spec = tmp_path / "add_custom.json"
    spec.write_text('[{"op": "AddCustom", "input_desc": [{"name": "x", "type": ["float"], "format": ["ND"]}], '
                    '"output_desc": [{"name": "y", "type": ["float"], "format": ["ND"]}]}]')
    generate_project(load_spec(spec), tmp_path / "proj")
    layout = detect_layout(tmp_path / "proj")
    assert layout is not None and layout.kind == "opkit" and layout.ops[0].has_infer_shape
    assert detect_layout(tmp_path) is None


def test_cann_tree_without_prototype_says_what_is_missing(tmp_path: Path) -> None:
    shutil.copytree(MSOPGEN, tmp_path / "AddTplCustom")
    with pytest.raises(PathError, match="no prototype JSON for its kernels at its root or beside it"):
        detect_layout(tmp_path / "AddTplCustom")


def test_gen_force_refuses_a_cann_project(tmp_path: Path) -> None:
    shutil.copytree(MSOPGEN.parent, tmp_path / "p")
    project = tmp_path / "p" / "AddTplCustom"
    before = (project / "CMakeLists.txt").read_text()
    with pytest.raises(GenerateError, match=r"is a CANN operator project .*`opkit build .*AddTplCustom`"):
        generate_project(load_spec(tmp_path / "p" / "add_tpl_custom.json"), project, force=True)
    assert (project / "CMakeLists.txt").read_text() == before


def test_glue_tests_of_an_op_without_infer_shape_skip_and_say_why(tmp_path: Path) -> None:
    from opkit.generate.glue import write_glue

    project = Path(shutil.copytree(LAYOUTS / "older_project", tmp_path / "older_project"))
    layout = detect_layout(project)
    assert layout is not None
    glue, _ = write_glue(layout)
    without = (glue / "tests" / "test_head_double_custom.py").read_text()
    assert 'pytestmark = pytest.mark.skip(reason="HeadDoubleCustom has no InferShape' in without
    assert "pytestmark" not in (glue / "tests" / "test_axpy_custom.py").read_text()
