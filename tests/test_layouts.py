"""Recognising operator projects: opkit's own, msopgen's and samples-style trees (newer and older tiling layouts),
what each op's parts are, and `opkit gen` refusing to turn a CANN project into one that cannot configure."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from opkit.errors import BuildError, GenerateError, PathError
from opkit.generate import generate_project
from opkit.build.layout import detect_layout
from opkit.spec import load_spec

LAYOUTS = Path(__file__).resolve().parent / "layouts"
OLDER = LAYOUTS / "older_project"
MSOPGEN = LAYOUTS / "msopgen_project" / "AddTplCustom"


@pytest.fixture
def older(tmp_path: Path) -> Path:
    return Path(shutil.copytree(OLDER, tmp_path / "older_project"))


@pytest.fixture
def msopgen(tmp_path: Path) -> Path:
    shutil.copytree(MSOPGEN.parent, tmp_path / "p")
    return tmp_path / "p" / "AddTplCustom"


def test_older_layout_project_is_described_per_op(older: Path) -> None:
    layout = detect_layout(older)
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


def test_msopgen_project_reads_its_opdef_and_finds_the_prototype_beside_it(msopgen: Path) -> None:
    layout = detect_layout(msopgen)
    assert layout is not None and layout.kind == "msopgen"
    assert layout.prototype == msopgen / "build" / "opkit-opdef" / "opdef.json"
    assert layout.user_prototype is not None and layout.user_prototype.path == msopgen.parent / "add_tpl_custom.json"
    assert layout.spec.ops == load_spec(msopgen.parent / "add_tpl_custom.json").ops  # same model, from either source
    assert layout.describe() == ("msopgen project, newer layout: 1 op (AddTplCustom, tiling struct "
                                 "op_kernel/add_tpl_custom_tiling.h, template tiling keys)")


def test_an_older_tiling_header_nothing_includes_is_not_the_op_s(msopgen: Path) -> None:
    # msopgen's default op_host/<op>_tiling.h, left where a sample copies in its own newer header (install.sh
    # removes only op_host/*.cpp): CANN's build never reads it, as no source includes it.
    (msopgen / "op_host" / "add_tpl_custom_tiling.h").write_text(
        '#include "register/tilingdata_base.h"\nnamespace optiling {\nBEGIN_TILING_DATA_DEF(AddTplCustomTilingData)\n'
        '  TILING_DATA_FIELD_DEF(uint32_t, size);\nEND_TILING_DATA_DEF;\n'
        'REGISTER_TILING_DATA_CLASS(AddTplCustom, AddTplCustomTilingData)\n}\n')
    layout = detect_layout(msopgen)
    assert layout is not None
    (op,) = layout.ops
    assert (op.tiling_style, op.tiling_header) == ("newer", msopgen / "op_kernel" / "add_tpl_custom_tiling.h")


def test_opkit_project_and_other_directories(tmp_path: Path) -> None:
    spec = tmp_path / "add_custom.json"
    spec.write_text('[{"op": "AddCustom", "input_desc": [{"name": "x", "type": ["float"], "format": ["ND"]}], '
                    '"output_desc": [{"name": "y", "type": ["float"], "format": ["ND"]}]}]')
    generate_project(load_spec(spec), tmp_path / "proj")
    layout = detect_layout(tmp_path / "proj")
    assert layout is not None and layout.kind == "opkit" and layout.ops[0].has_infer_shape
    assert detect_layout(tmp_path) is None


def test_cann_tree_without_prototype_is_read_from_its_opdef(tmp_path: Path) -> None:
    shutil.copytree(MSOPGEN, tmp_path / "AddTplCustom")
    layout = detect_layout(tmp_path / "AddTplCustom")
    assert layout is not None and layout.user_prototype is None
    assert [op.op_type for op in layout.spec.ops] == ["AddTplCustom"]
    assert layout.notes[0] == "ops read from the OpDef in op_host/ (compiled with opkit's host headers), no prototype JSON"


def test_cann_tree_whose_kernels_match_no_registered_op(msopgen: Path) -> None:
    (msopgen / "op_kernel" / "add_tpl_custom.cpp").rename(msopgen / "op_kernel" / "addtpl.cpp")
    with pytest.raises(PathError, match=r"its OpDef registers AddTplCustom \(op_kernel/add_tpl_custom.cpp\), and "
                                        r"op_kernel/ has no kernel for any of them"):
        detect_layout(msopgen)


def test_cann_host_code_that_does_not_compile_is_the_error(msopgen: Path) -> None:
    host = next((msopgen / "op_host").glob("*.cpp"))
    host.write_text(host.read_text() + "\nint broken = undeclared_name;\n")
    with pytest.raises(BuildError, match=f"{host.name}: the host code does not compile") as info:
        detect_layout(msopgen)
    assert "undeclared_name" in info.value.output


def test_gen_force_refuses_a_cann_project(tmp_path: Path) -> None:
    shutil.copytree(MSOPGEN.parent, tmp_path / "p")
    project = tmp_path / "p" / "AddTplCustom"
    before = (project / "CMakeLists.txt").read_text()
    with pytest.raises(GenerateError, match=r"is a CANN operator project .*`opkit build .*AddTplCustom`"):
        generate_project(load_spec(tmp_path / "p" / "add_tpl_custom.json"), project, force=True)
    assert (project / "CMakeLists.txt").read_text() == before


def test_glue_tests_of_an_op_without_infer_shape_skip_and_say_why(tmp_path: Path) -> None:
    from opkit.generate.glue import write_glue

    project = Path(shutil.copytree(OLDER, tmp_path / "older_project"))
    layout = detect_layout(project)
    assert layout is not None
    glue, _ = write_glue(layout)
    without = (glue / "tests" / "test_head_double_custom.py").read_text()
    assert 'SKIP = ("HeadDoubleCustom has no InferShape' in without
    assert '\nSKIP = ""\n' in (glue / "tests" / "test_axpy_custom.py").read_text()


def test_op_host_without_any_opdef_is_not_an_operator_project(tmp_path: Path) -> None:
    root = tmp_path / "launch_program"
    (root / "op_host").mkdir(parents=True)
    (root / "op_kernel").mkdir()
    (root / "op_host" / "tiling.cpp").write_text("#include <cstdint>\nuint32_t TileLength(uint32_t n) { return n / 8; }\n")
    (root / "op_kernel" / "k.cpp").write_text("// a kernel-launch program's kernel\n")
    with pytest.raises(PathError, match=r"op_host: registers no OpDef \(no OP_ADD\): there is no operator to build; "
                                        r".*kernel-launch program"):
        detect_layout(root)


def test_op_api_sources_beside_the_opdef_are_not_host_code(older: Path) -> None:
    """CANN's operator repository keeps the aclnn (op_api) sources in op_host/ too; they build into its op_api
    library, not with the OpDef, and include headers of that library (opdev/...)."""
    (older / "op_host" / "aclnn_axpy_custom.cpp").write_text('#include "aclnn/aclnn_base.h"\nint a = missing_here;\n')
    (older / "op_host" / "axpy_custom_l0.cpp").write_text('#include "opdev/op_log.h"\nint b = missing_too;\n')
    layout = detect_layout(older)
    assert layout is not None
    assert [p.name for p in layout.ops[0].host] == ["axpy_custom.cpp", "axpy_custom_tiling.cpp"]
    assert [p.name for p in layout.op_api] == ["aclnn_axpy_custom.cpp", "axpy_custom_l0.cpp"]


def test_an_l0_file_without_an_l2_is_not_compiled(older: Path) -> None:
    """An l0 file alone (ge_glu_v3_l0.cpp, for CANN's built-in aclnn, including its level0/ headers) is compiled by
    no CANN build of the op: the op gets the generated aclnn API."""
    (older / "op_host" / "axpy_custom_l0.cpp").write_text('#include "level0/axpy.h"\n#include "opdev/op_log.h"\n')
    layout = detect_layout(older)
    assert layout is not None and layout.op_api == ()
    assert [p.name for p in layout.ops[0].host] == ["axpy_custom.cpp", "axpy_custom_tiling.cpp"]


def test_the_op_api_sources_are_those_cmakelists_adds_to_opapi(older: Path) -> None:
    """CANN's build compiles what the op's CMakeLists.txt adds to `opapi`, an l0 file of another op's folder too;
    a commented-out line adds nothing."""
    (older / "op_host" / "aclnn_axpy_custom.cpp").write_text('#include "aclnn/aclnn_base.h"\n')
    (older / "op_host" / "axpy_custom_l0.cpp").write_text('#include "opdev/op_log.h"\n')
    (older / "shared").mkdir()
    (older / "shared" / "axpy_l0.cpp").write_text('#include "opdev/op_log.h"\n')
    (older / "CMakeLists.txt").write_text("# target_sources(opapi PRIVATE op_host/axpy_custom_l0.cpp)\n"
                                          "target_sources(opapi PRIVATE\n  shared/axpy_l0.cpp\n"
                                          "  op_host/aclnn_axpy_custom.cpp\n)\n")
    layout = detect_layout(older)
    assert layout is not None
    assert [p.name for p in layout.op_api] == ["axpy_l0.cpp", "aclnn_axpy_custom.cpp"]
