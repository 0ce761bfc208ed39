"""An op's CMakeLists.txt in CANN's operator repository layout (opkit/build/cann_cmake.py): the shared host sources,
host include folders and kernel -I folders it names, with CANN's variables; nothing else."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from opkit.build.cann_cmake import CannCMake, read_cann_cmake
from opkit.build.layout import detect_layout
from opkit.errors import PathError

REPO = Path(__file__).resolve().parent / "layouts" / "cann_repo"


def _repo(tmp_path: Path, cmake: str) -> Path:
    """A repository with src/common/{inc,src} and one op, src/math/op, whose CMakeLists.txt is `cmake`."""
    (tmp_path / "src" / "common" / "inc" / "fam" / "op_kernel").mkdir(parents=True)
    (tmp_path / "src" / "common" / "src" / "fam").mkdir(parents=True)
    (tmp_path / "src" / "common" / "src" / "fam" / "tiling.cpp").write_text("// shared\n")
    op = tmp_path / "src" / "math" / "op"
    (op / "op_host").mkdir(parents=True)
    (op / "op_host" / "op.cpp").write_text("// own\n")
    (op / "op_host" / "aclnn_op.cpp").write_text("// op_api\n")
    (op / "CMakeLists.txt").write_text(cmake)
    return op


def test_shared_sources_and_folders_come_from_canns_variables(tmp_path: Path) -> None:
    op = _repo(tmp_path, """
add_ops_compile_options(OP_NAME Op OPTIONS -I${OP_COMMON_DIR}/inc/fam/op_kernel --cce-auto-sync=on -Werror)
target_sources(op_host_aclnn PRIVATE op_host/op.cpp)
target_sources(optiling PRIVATE
        ${OP_COMMON_DIR}/src/fam/tiling.cpp   # the family's TilingFunc
)
target_include_directories(optiling PRIVATE ${CMAKE_SOURCE_DIR}/src/common/inc ${ASCEND_CANN_PACKAGE_PATH}/include)
target_sources(opapi PRIVATE op_host/aclnn_op.cpp)
# target_sources(optiling PRIVATE ${OP_COMMON_DIR}/src/fam/commented.cpp)
""")
    common = (tmp_path / "src" / "common").resolve()
    found = read_cann_cmake(op)
    assert found.host_sources == (common / "src" / "fam" / "tiling.cpp",)   # op_host/ files and opapi's: not extra
    assert found.host_include_dirs == (common / "inc",)                      # the CANN install's: opkit's own headers
    assert found.kernel_include_dirs == (common / "inc" / "fam" / "op_kernel",)


def test_no_cmakelists_unknown_variables_or_missing_folders_add_nothing(tmp_path: Path) -> None:
    assert read_cann_cmake(tmp_path) == CannCMake()
    op = _repo(tmp_path, "target_sources(optiling PRIVATE ${UNKNOWN}/x.cpp $<$<CONFIG:Debug>:dbg.cpp>)\n"
                         "target_include_directories(optiling PRIVATE ${OP_COMMON_DIR}/inc/gone)\n")
    assert read_cann_cmake(op) == CannCMake()


@pytest.mark.parametrize("target", ["optiling", "opapi"])
def test_a_missing_source_file_is_a_located_error(tmp_path: Path, target: str) -> None:
    """As CMake stops ("Cannot find source file"): a target_sources file that is not there (a sibling op's folder
    not copied along, circular_pad_grad's padv3grad.cpp for pad_v4_grad) is an error naming the CMakeLists.txt line
    and the path, not code silently left out of the op's build."""
    op = _repo(tmp_path, f"""target_sources({target} PRIVATE
        op_host/op.cpp
        ../circular_pad_grad/op_host/padv3grad.cpp
)
""")
    with pytest.raises(PathError) as error:
        read_cann_cmake(op)
    message = str(error.value)
    assert message.startswith(f"{op / 'CMakeLists.txt'}:3: target_sources({target} ...) names "
                              "../circular_pad_grad/op_host/padv3grad.cpp, which does not exist ("), message
    assert "Cannot find source file" in message


def test_definitions_come_from_the_op_and_from_src_common(tmp_path: Path) -> None:
    """The log tags src/common/CMakeLists.txt gives every tiling source (ops_utils_tiling_headers, which CANN's
    top-level CMakeLists.txt links optiling with), build.sh's BUILD_OPEN_PROJECT branch taken, and the op's own."""
    op = _repo(tmp_path, """
target_compile_definitions(optiling PRIVATE -DOP_OWN=1 $<$<CONFIG:Debug>:OP_DEBUG> OP_FLAG)
target_compile_definitions(opapi PRIVATE NOT_HOST=1)
""")
    (tmp_path / "src" / "common" / "CMakeLists.txt").write_text("""
target_compile_definitions(ops_utils_proto_headers INTERFACE OPS_UTILS_LOG_SUB_MOD_NAME="OP_PROTO")
target_compile_definitions(ops_utils_tiling_headers INTERFACE
        OPS_UTILS_LOG_SUB_MOD_NAME="OP_TILING"   # the module tag
        OPS_UTILS_LOG_PACKAGE_TYPE=$<IF:$<BOOL:${BUILD_OPEN_PROJECT}>,"[Custom]","">
)
""")
    assert read_cann_cmake(op).host_definitions == ('OPS_UTILS_LOG_SUB_MOD_NAME="OP_TILING"',
                                                    'OPS_UTILS_LOG_PACKAGE_TYPE="[Custom]"', "OP_OWN=1", "OP_FLAG")


@pytest.mark.compile   # the OpDef is read by compiling the host code
def test_layout_takes_the_shared_tiling_struct_and_folders(tmp_path: Path) -> None:
    shutil.copytree(REPO, tmp_path / "repo")
    root = tmp_path / "repo" / "src" / "math" / "scale_by_scalar"
    layout = detect_layout(root)
    assert layout is not None
    (op,) = layout.ops
    common = (tmp_path / "repo" / "src" / "common").resolve()
    assert op.tiling_style == "older" and op.tiling_struct == "ScaleCommonTilingData"
    assert op.tiling_header == common / "inc" / "scale" / "op_tiling" / "scale_tiling_def.h"
    assert common / "src" / "scale" / "op_tiling" / "scale_tiling_func.cpp" in op.host
    assert op.kernel_include_dirs == (common / "inc" / "scale" / "op_kernel",)
    assert op.opdef is not None and op.opdef.scalar_inputs == ("value",)
    assert any("from CMakeLists.txt" in note for note in layout.notes)



def test_an_op_host_source_not_named_cpp_comes_from_the_cmakelists(tmp_path: Path) -> None:
    # circular_pad's tiling class lives in op_host/circular_pad_common.cc, which only its CMakeLists.txt names (opkit
    # compiles op_host/*.cpp by itself).
    op = _repo(tmp_path, "target_sources(optiling PRIVATE op_host/op.cpp op_host/op_common.cc)\n")
    (op / "op_host" / "op_common.cc").write_text("// the tiling class\n")
    assert read_cann_cmake(op).host_sources == ((op / "op_host" / "op_common.cc").resolve(),)


def test_a_sibling_ops_tiling_code_comes_from_its_cmakelists(tmp_path: Path) -> None:
    """CANN links every op's optiling sources into one liboptiling: an op whose tiling header includes a sibling op's
    op_host header gets the sibling's optiling source implementing it (same stem), not the sibling's OpDef file, and
    not a source the sibling's CMakeLists.txt does not list."""
    op = _repo(tmp_path, "target_sources(optiling PRIVATE op_host/op.cpp)\n")
    (op / "op_host" / "op_tiling.h").write_text('#include "../../sib/op_host/sib_common.h"\n')
    sib = tmp_path / "src" / "math" / "sib"
    (sib / "op_host").mkdir(parents=True)
    for name in ("sib.cpp", "sib_common.h", "sib_common.cc", "sib_other.cc"):
        (sib / "op_host" / name).write_text("// sibling\n")
    (sib / "CMakeLists.txt").write_text("target_sources(optiling PRIVATE\n op_host/sib.cpp\n op_host/sib_common.cc\n)\n"
                                        "# target_sources(optiling PRIVATE op_host/sib_other.cc)\n")
    assert read_cann_cmake(op).host_sources == ((sib / "op_host" / "sib_common.cc").resolve(),)
    (sib / "CMakeLists.txt").write_text("target_sources(optiling PRIVATE op_host/sib.cpp)\n")   # not listed: not CANN's
    assert read_cann_cmake(op).host_sources == ()
