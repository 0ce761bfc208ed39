"""The older layout's tiling struct (op_host/<op>_tiling.h, BEGIN_TILING_DATA_DEF) reaches the kernel through a
generated header that the build force-includes: it includes the host header and then undefines its include guard, so
a header of the kernel's own that happens to use the same guard is still read. A kernel that includes the host header
itself gets nothing forced. Host files see op_host/ and op_kernel/ on their include path, as CANN compiles them."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

import opkit
from opkit.build.entry import entry_source
from opkit.build.layout import detect_layout
from opkit.generate.glue import _host_tiling, _tests_dtypes_in_preprocessor, write_glue

LIBM = Path(__file__).resolve().parent / "layouts" / "libm_names_project"
CXX = os.environ.get("CXX", "g++")

HOST_TILING = """\
/* Tiling data of Div, older layout. */
#ifndef DIV_TILING_H
#define DIV_TILING_H
#include "register/tilingdata_base.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(DivTilingData)
TILING_DATA_FIELD_DEF(uint32_t, length);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(Div, DivTilingData)
}  // namespace optiling
#endif  // DIV_TILING_H
"""


def _glue(tmp_path: Path, kernel: str | None = None, host_tiling: str | None = None) -> Path:
    project = Path(shutil.copytree(LIBM, tmp_path / "libm"))
    if kernel is not None:
        (project / "op_kernel" / "div.cpp").write_text(kernel)
    if host_tiling is not None:
        (project / "op_host" / "div_tiling.h").write_text(host_tiling)
        host = project / "op_host" / "div.cpp"   # the registry first, as CANN's host files that need it have it
        host.write_text('#include "register/op_def_registry.h"\n' + host.read_text())
    layout = detect_layout(project)
    assert layout is not None
    return write_glue(layout)[0]


def _div_kernel_options(glue: Path) -> str:
    cmake = (glue / "CMakeLists.txt").read_text()
    return re.search(r"target_compile_options\(div_kernel_c0 PRIVATE -O2 -Wall -Wextra(.*)\)", cmake)[1]


def test_the_forced_header_undoes_the_host_headers_guard(tmp_path: Path) -> None:
    glue = _glue(tmp_path)
    wrapper = glue / "kernels" / "div_host_tiling.h"
    assert _div_kernel_options(glue) == f' -DOPKIT_OP_TYPE=Div "SHELL:-include {shlex.quote(str(wrapper))}"'
    text = wrapper.read_text()
    assert f'#include "{tmp_path}/libm/op_host/div_tiling.h"\n' in text
    assert "#undef DIV_TILING_H\n" in text
    assert text.endswith("using optiling::DivTilingData;\n")   # at global scope, as CANN's build gives it to kernels


def test_a_host_header_without_a_guard_is_included_as_it_is(tmp_path: Path) -> None:
    glue = _glue(tmp_path, host_tiling=HOST_TILING.replace("#ifndef DIV_TILING_H\n#define DIV_TILING_H\n",
                                                           "#pragma once\n").replace("#endif  // DIV_TILING_H\n", ""))
    assert "#undef" not in (glue / "kernels" / "div_host_tiling.h").read_text()


def test_a_kernel_including_the_host_header_itself_gets_nothing_forced(tmp_path: Path) -> None:
    kernel = (LIBM / "op_kernel" / "div.cpp").read_text().replace(
        '#include "div_tiling.h"', '#include "div_tiling.h"\n#include "../op_host/div_tiling.h"  // the struct, too')
    glue = _glue(tmp_path, kernel=kernel)
    assert _div_kernel_options(glue) == " -DOPKIT_OP_TYPE=Div"
    assert not (glue / "kernels" / "div_host_tiling.h").exists()


# The kernel options of one op, from its files alone (no OpDef read, no compile): what the generated CMakeLists.txt
# passes its kernel, for an op whose CMakeLists.txt gives host code the folder `shared` (src/common/inc).
def _options_of(project: Path, kernel: str, shared: Path) -> str:
    op = SimpleNamespace(op_type="Div", name="div")
    src = SimpleNamespace(op=op, kernel=project / "op_kernel" / "div.cpp", kernel_include_dirs=(),
                          host_include_dirs=(shared,), host_definitions=('LOG_MOD="OP_TILING"', "LOG_ON"))
    (project / "op_kernel").mkdir(parents=True)
    src.kernel.write_text(kernel)
    (project / "op_host").mkdir()
    header = project / "op_host" / "div_tiling.h"
    header.write_text(HOST_TILING.replace('#include "register/tilingdata_base.h"\n',
                                          '#include "register/tilingdata_base.h"\n#include "tiling/div_type.h"\n'))
    extra: list = []
    options = _host_tiling(src, header, extra, project / "build")
    # read as the host compile reads it: with the CMakeLists.txt's definitions (src/common's log module name)
    assert '#define LOG_MOD "OP_TILING"\n' in extra[0].content and "#define LOG_ON 1\n" in extra[0].content
    return options + (" +macros" if _tests_dtypes_in_preprocessor(src) else "")


def test_forced_host_header_gets_the_host_folders_and_definitions_and_bare_dtypes_get_macros(tmp_path: Path) -> None:
    shared = tmp_path / "common" / "inc"   # batch_norm_v3_tiling.h includes tiling/tiling_type.h from there
    kernel = (LIBM / "op_kernel" / "div.cpp").read_text()
    plain = _options_of(tmp_path / "plain", kernel, shared)
    assert plain.endswith(f' "-I{shared}"')
    # `if (ORIG_DTYPE_Y == DT_INT4)` in kernel code (dynamic_quant): DT_INT4 is kernel_type.h's macro in CANN's kernel
    # compile; ge::DT_INT4 and DataType::DT_INT4 are the host enumerator and need nothing.
    for bare in ("if (ORIG_DTYPE_Y == DT_INT4) {}", "int k = (DT_FLOAT16);"):
        assert _options_of(tmp_path / bare[:4].strip("( "), kernel + bare, shared).endswith("+macros"), bare
    for named in ("int k = ge::DT_INT4;", "auto k = DataType::DT_INT4;", "// DT_INT4 in a comment"):
        assert not _options_of(tmp_path / str(len(named)), kernel + named, shared).endswith("+macros"), named


def test_host_files_see_op_host_and_op_kernel(tmp_path: Path) -> None:
    cmake = (_glue(tmp_path) / "CMakeLists.txt").read_text()
    root = tmp_path / "libm"
    for op in ("exp", "asinh", "div", "fill"):
        assert f"target_include_directories({op}_host PRIVATE {root}/op_host {root}/op_kernel)" in cmake


def test_a_host_header_without_namespace_optiling_lifts_nothing(tmp_path: Path) -> None:
    glue = _glue(tmp_path, host_tiling=HOST_TILING.replace("namespace optiling {", "").replace(
        "}  // namespace optiling", ""))
    assert "using optiling" not in (glue / "kernels" / "div_host_tiling.h").read_text()


# A host tiling header with a helper on host types beside its struct, as some of CANN's ops have.
HOST_HELPER = HOST_TILING.replace("namespace optiling {\n", """namespace optiling {
template <typename T>
inline const T* CompileInfo(gert::TilingParseContext* context) { return context->GetCompiledInfo<T>(); }
""")


def test_a_host_header_naming_host_types_gets_them_in_the_kernel(tmp_path: Path) -> None:
    text = (_glue(tmp_path, host_tiling=HOST_HELPER) / "kernels" / "div_host_tiling.h").read_text()
    assert text.index('#include "register/op_def_registry.h"') < text.index("op_host/div_tiling.h")
    assert "op_def_registry" not in (_glue(tmp_path / "plain") / "kernels" / "div_host_tiling.h").read_text()


# A kernel class in its own namespace that takes the tiling struct by name, as CANN's production kernels do.
NAMES_STRUCT = """
namespace DivImpl {
__aicore__ inline uint32_t Length(const DivTilingData& tiling) { return tiling.length; }
}  // namespace DivImpl
"""


@pytest.mark.compile
@pytest.mark.parametrize("includes", ["its own header", "the host header", "its own header and names the struct"])
def test_the_div_kernel_compiles_with_what_the_glue_forces(tmp_path: Path, includes: str) -> None:
    kernel = (LIBM / "op_kernel" / "div.cpp").read_text()
    host_tiling = HOST_HELPER if includes == "its own header and names the struct" else None
    if includes == "the host header":
        kernel = kernel.replace('#include "div_tiling.h"',
                                '#include "../op_host/div_tiling.h"\nconstexpr int32_t DIV_INPUTS = 2;')
    elif includes == "its own header and names the struct":
        kernel = kernel.replace("using namespace AscendC;\n", "using namespace AscendC;\n" + NAMES_STRUCT).replace(
            "tilingData.length * sizeof(float)", "DivImpl::Length(tilingData) * sizeof(float)")
        assert "DivImpl::Length(tilingData)" in kernel
    glue = _glue(tmp_path, kernel=kernel, host_tiling=host_tiling)
    options = shlex.split(_div_kernel_options(glue).replace('"SHELL:', "").replace('"', ""))
    user = tmp_path / "libm" / "op_kernel"
    copy = tmp_path / "copy" / "div.cpp"
    entry_source(user / "div.cpp", copy, "div")
    result = subprocess.run([CXX, "-std=c++17", "-fsyntax-only", "-DASCENDC_CPU_DEBUG=1", "-isystem",
                             str(opkit.include_dir()), f"-iquote{user}", *options, str(copy)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
