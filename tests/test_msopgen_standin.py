"""opkit's msopgen stand-in (bin/msopgen of `opkit cann-root`): `msopgen gen` writes msopgen's project layout, whose
build.sh builds with opkit, as CANN's samples script it (install.sh: msopgen gen, cp the op's files in, build.sh, then
build_out/custom_opp_*.run). One op written here in CANN's style keeps msopgen's default tiling header and host code
(the struct with `size` that CANN's DumpTensorCube sample relies on) and is built once, as a static op package too
(ASCEND_PACK_SHARED_LIBRARY: lib<vendor>.a and its CMake package); a program of the samples' form checks its numbers
against numpy through libcust_opapi.so and through the archive.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from opkit.build.cann_root import ensure_cann_root
from opkit.errors import GenerateError, SpecError
from opkit.generate.msopgen import main as msopgen_main
from opkit.generate.msopgen import render_msopgen_project
from tests.session_cache import own_cann_root

REPO = Path(__file__).resolve().parents[1]
ADD_PROGRAM = REPO / "tests" / "aclnn" / "add_custom_invocation"

PROTOTYPE = [{
    "op": "AddCustom",
    "input_desc": [{"name": n, "param_type": "required", "format": ["ND"], "type": ["float16"]} for n in "xy"],
    "output_desc": [{"name": "z", "param_type": "required", "format": ["ND"], "type": ["float16"]}],
}]

# The op's kernel, in CANN's style, over msopgen's default tiling (one `size` field; the default TilingFunc's 8 blocks).
KERNEL = """#include "kernel_operator.h"

class KernelAdd {
public:
    __aicore__ inline KernelAdd() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength)
    {
        blockLength = totalLength / AscendC::GetBlockNum();
        const uint32_t offset = blockLength * AscendC::GetBlockIdx();
        xGm.SetGlobalBuffer((__gm__ half *)x + offset, blockLength);
        yGm.SetGlobalBuffer((__gm__ half *)y + offset, blockLength);
        zGm.SetGlobalBuffer((__gm__ half *)z + offset, blockLength);
        pipe.InitBuffer(inQueueX, 1, blockLength * sizeof(half));
        pipe.InitBuffer(inQueueY, 1, blockLength * sizeof(half));
        pipe.InitBuffer(outQueueZ, 1, blockLength * sizeof(half));
    }
    __aicore__ inline void Process()
    {
        AscendC::LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
        AscendC::LocalTensor<half> yLocal = inQueueY.AllocTensor<half>();
        AscendC::DataCopy(xLocal, xGm, blockLength);
        AscendC::DataCopy(yLocal, yGm, blockLength);
        inQueueX.EnQue(xLocal);
        inQueueY.EnQue(yLocal);
        xLocal = inQueueX.DeQue<half>();
        yLocal = inQueueY.DeQue<half>();
        AscendC::LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();
        AscendC::Add(zLocal, xLocal, yLocal, blockLength);
        outQueueZ.EnQue<half>(zLocal);
        inQueueX.FreeTensor(xLocal);
        inQueueY.FreeTensor(yLocal);
        zLocal = outQueueZ.DeQue<half>();
        AscendC::DataCopy(zGm, zLocal, blockLength);
        outQueueZ.FreeTensor(zLocal);
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueueX, inQueueY;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueueZ;
    AscendC::GlobalTensor<half> xGm, yGm, zGm;
    uint32_t blockLength;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tiling_data, tiling);
    KernelAdd op;
    op.Init(x, y, z, tiling_data.size);
    op.Process();
}
"""

# A program linking the package's archive as CANN's static_library sample does (find_package, <vendor>::static).
STATIC_CMAKE = """cmake_minimum_required(VERSION 3.16)
project(acl_execute_static)
add_compile_options(-std=c++11)
set(CMAKE_RUNTIME_OUTPUT_DIRECTORY "../output")
find_package(customize REQUIRED PATHS $ENV{DDK_PATH_CUSTOMIZE} NO_DEFAULT_PATH)
add_library(op_runner SHARED main.cpp)
target_compile_definitions(op_runner PRIVATE main=run_op)
target_include_directories(op_runner PRIVATE $ENV{DDK_PATH}/include)
target_link_libraries(op_runner PRIVATE customize::static)
file(WRITE ${CMAKE_BINARY_DIR}/driver.cpp "int run_op(); int main() { return run_op(); }\\n")
add_executable(execute_add_custom ${CMAKE_BINARY_DIR}/driver.cpp)
target_link_libraries(execute_add_custom op_runner)
"""


def test_msopgen_writes_its_layout_with_the_default_tiling_header(tmp_path: Path) -> None:
    proto = tmp_path / "add_custom.json"
    proto.write_text(json.dumps(PROTOTYPE))
    files = {f.path: f for f in render_msopgen_project(proto, "ai_core-Ascend910B2")}
    assert {"build.sh", "CMakeLists.txt", "CMakePresets.json", "op_host/add_custom.cpp", "op_host/add_custom_tiling.h",
            "op_kernel/add_custom.cpp", "framework/tf_plugin/tensorflow_add_custom_plugin.cc"} <= set(files)
    header = files["op_host/add_custom_tiling.h"].text
    assert "BEGIN_TILING_DATA_DEF(AddCustomTilingData)" in header and "TILING_DATA_FIELD_DEF(uint32_t, size)" in header
    assert "REGISTER_TILING_DATA_CLASS(AddCustom, AddCustomTilingData)" in header
    assert '#include "add_custom_tiling.h"' in files["op_host/add_custom.cpp"].text
    assert "void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)" in \
        files["op_kernel/add_custom.cpp"].text
    presets = json.loads(files["CMakePresets.json"].text)["configurePresets"][0]["cacheVariables"]
    assert presets["vendor_name"]["value"] == "customize"
    assert presets["ASCEND_COMPUTE_UNIT"]["value"] == "ascend910b"
    assert presets["ASCEND_PACK_SHARED_LIBRARY"]["value"] == "False"
    assert files["build.sh"].executable
    lite = {f.path for f in render_msopgen_project(proto, "ai_core-Ascend910B2", framework="aclnn")}
    assert not any(p.startswith("framework/") for p in lite)
    onnx = {f.path for f in render_msopgen_project(proto, "ai_core-Ascend310P3", framework="onnx")}
    assert "framework/onnx_plugin/add_custom_plugin.cc" in onnx


def test_msopgen_refuses_what_it_cannot_make(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    proto = tmp_path / "add_custom.json"
    proto.write_text(json.dumps(PROTOTYPE))
    out = tmp_path / "CustomOp"
    assert msopgen_main(["gen", "-i", str(proto), "-c", "ai_core-Ascend910B2", "-lan", "cpp", "-out", str(out)]) == 0
    assert (out / "op_host" / "add_custom_tiling.h").is_file()
    capsys.readouterr()
    assert msopgen_main(["gen", "-i", str(proto), "-c", "ai_core-Ascend910B2", "-lan", "cpp", "-out", str(out)]) == 2
    assert "the folder is not empty" in capsys.readouterr().err
    assert msopgen_main(["gen", "-i", str(proto), "-c", "ai_core-Ascend910B2", "-lan", "py", "-out", "x"]) == 2
    assert "-lan cpp" in capsys.readouterr().err
    assert msopgen_main(["gen", "-i", str(proto), "-c", "aicpu", "-lan", "cpp", "-out", "x"]) == 2
    with pytest.raises(GenerateError, match="no operator MulCustom"):
        render_msopgen_project(proto, "ai_core-Ascend910B2", ops=("MulCustom",))
    with pytest.raises(GenerateError, match="-f 'keras'"):
        render_msopgen_project(proto, "ai_core-Ascend910B2", framework="keras")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"op": "AddCustom", "input_desc": [{"name": "x", "type": ["flaot16"]}]}]))
    with pytest.raises(SpecError):
        render_msopgen_project(bad, "ai_core-Ascend910B2")


def _shell(command: str, cwd: Path, root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_")}
    full = base | {"OPKIT_PYTHON": sys.executable, "OPKIT_ACLNN": "1"} | env
    return subprocess.run(["bash", "-c", f"source {root}/bin/setenv.bash && {command}"], cwd=cwd, env=full,
                          capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """CustomOp made by `msopgen gen` (through the stand-in's PATH), the kernel copied in, built by its build.sh as
    static and shared libraries."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OPKIT_ACLNN", "1")   # conftest turns the aclnn package off for every other build
        # a tree of its own: its aclnn packages stay installed while its tests run
        mp.setenv("OPKIT_CANN_ROOT", str(own_cann_root(tmp_path_factory, "msopgen")))
        root = ensure_cann_root()
        tmp = tmp_path_factory.mktemp("msopgen")
        (tmp / "AddCustom.json").write_text(json.dumps(PROTOTYPE))
        gen = _shell("msopgen gen -i AddCustom.json -c ai_core-Ascend910B2 -lan cpp -out CustomOp", tmp, root)
        assert gen.returncode == 0, gen.stdout + gen.stderr
        project = tmp / "CustomOp"
        (project / "op_kernel" / "add_custom.cpp").write_text(KERNEL)
        presets = json.loads((project / "CMakePresets.json").read_text())
        presets["configurePresets"][0]["cacheVariables"]["ASCEND_PACK_SHARED_LIBRARY"]["value"] = "True"
        (project / "CMakePresets.json").write_text(json.dumps(presets, indent=4))
        build = _shell("bash build.sh", project, root)
        assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
        yield project, root


@pytest.mark.compile
def test_build_sh_leaves_a_static_op_package(built: tuple[Path, Path]) -> None:
    project, _ = built
    lib = project / "build_out" / "op_api" / "lib"
    assert (lib / "libcust_opapi.so").is_file() and (lib / "libcustomize.a").is_file()
    assert (lib / "cmake" / "customize" / "customize-config.cmake").is_file()
    assert not list((project / "build_out").glob("*.run"))   # a library build makes no installer, as CANN's
    nm = subprocess.run(["nm", "-g", "--defined-only", str(lib / "libcustomize.a")], capture_output=True, text=True)
    exported = sorted(line.split()[-1] for line in nm.stdout.splitlines() if line.count(" ") >= 2)
    assert exported == ["aclnnAddCustom", "aclnnAddCustomGetWorkspaceSize"]


@pytest.mark.compile
def test_programs_get_numpy_s_numbers_through_the_so_and_the_archive(built: tuple[Path, Path], tmp_path: Path) -> None:
    project, root = built
    program = Path(shutil.copytree(ADD_PROGRAM, tmp_path / "program"))
    shared = _shell("bash run.sh", program, root, ASCEND_INSTALL_PATH=str(root))
    assert shared.returncode == 0 and "test pass" in shared.stdout, shared.stdout + shared.stderr
    (program / "src" / "CMakeLists.txt").write_text(STATIC_CMAKE)
    (program / "output" / "output_z.bin").unlink()
    static = _shell("rm -rf build && mkdir build && cd build && cmake ../src > /dev/null && make > /dev/null && "
                    "cd ../output && LD_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64 ./execute_add_custom && cd .. && "
                    "python3 scripts/verify_result.py output/output_z.bin output/golden.bin", program, root,
                    DDK_PATH=str(root), DDK_PATH_CUSTOMIZE=str(project / "build_out" / "op_api"))
    assert static.returncode == 0 and "test pass" in static.stdout, static.stdout + static.stderr
    ldd = subprocess.run(["ldd", str(program / "output" / "execute_add_custom")], capture_output=True, text=True,
                         env=dict(os.environ, LD_LIBRARY_PATH=f"{root}/lib64:{program}/output"))
    assert "cust_opapi" not in ldd.stdout   # the op came from the archive


@pytest.mark.compile
def test_the_run_package_installs_where_it_is_told(built: tuple[Path, Path], tmp_path: Path) -> None:
    project, root = built
    presets = json.loads((project / "CMakePresets.json").read_text())
    presets["configurePresets"][0]["cacheVariables"]["ASCEND_PACK_SHARED_LIBRARY"]["value"] = "False"
    (project / "CMakePresets.json").write_text(json.dumps(presets))
    pack = _shell(f"{sys.executable} -m opkit.build.aclnn_package {project}", project, root)
    assert pack.returncode == 0, pack.stderr
    (run_file,) = (project / "build_out").glob("custom_opp_*_*.run")
    (tmp_path / "opp" / "vendors").mkdir(parents=True)
    (tmp_path / "opp" / "vendors" / "config.ini").write_text("load_priority=other\n")
    done = _shell(f"{run_file} --install-path={tmp_path / 'opp'}", tmp_path, root)
    assert done.returncode == 0 and "SUCCESS" in done.stdout, done.stdout + done.stderr
    vendor = tmp_path / "opp" / "vendors" / "customize"
    assert (vendor / "op_api" / "lib" / "libcust_opapi.so").is_file()
    assert (vendor / "op_api" / "include" / "aclnn_add_custom.h").is_file()
    assert (vendor / "bin" / "set_env.bash").is_file()
    assert (tmp_path / "opp" / "vendors" / "config.ini").read_text() == "load_priority=customize,other\n"
    refused = _shell(f"env -u ASCEND_OPP_PATH {run_file}", tmp_path, root)
    assert refused.returncode == 1 and "ASCEND_OPP_PATH is not set" in refused.stderr
