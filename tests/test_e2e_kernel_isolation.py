"""One dtype combination, one kernel, end to end: a kernel written as CANN code usually is (a plain class at global
scope using DTYPE_X, member functions defined in the class body) is compiled once per dtype combination and all
combinations link into one module. Without isolation, the combinations' same-named inline member functions and
function-local statics are one symbol each and the linker keeps one combination's: a float16 call ran float32 code.
Built and installed the way tests/test_e2e_build.py does it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_e2e_build import Venv, _must, _opkit, venv  # noqa: F401  (venv: the shared module fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.compile]

PROTOTYPE = [{
    "op": "ClashCustom",
    "language": "cpp",
    "input_desc": [{"name": "x", "param_type": "required", "format": ["ND", "ND"], "type": ["fp16", "float"]}],
    "output_desc": [{"name": "y", "param_type": "required", "format": ["ND", "ND"], "type": ["fp16", "float"]}],
}]

# y = x + sizeof(DTYPE_X): 2 for float16, 4 for float32. Process and Marker are weak symbols in both combinations'
# objects (noinline, defined in the class body, using members so GCC makes no local clone); Marker's static is one
# shared variable too, initialised by whichever combination runs first.
KERNEL = """\
#include "kernel_operator.h"
#include "clash_custom_tiling.h"

using namespace AscendC;

class KernelClash {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ClashCustomTilingData& tiling)
    {
        const uint64_t start = tiling.blockLength * static_cast<uint64_t>(GetBlockIdx());
        start_ = start;
        end_ = start + tiling.blockLength < tiling.totalLength ? start + tiling.blockLength : tiling.totalLength;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_X*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_Y*>(y));
    }

    __attribute__((noinline)) float Marker()
    {
        static const float marker = static_cast<float>(sizeof(DTYPE_X)) * scale_;
        return marker;
    }

    __attribute__((noinline)) void Process()
    {
        for (uint64_t i = start_; i < end_; ++i) {
            const float value = static_cast<float>(xGm_.GetValue(i)) + Marker();
            yGm_.SetValue(i, static_cast<DTYPE_Y>(value));
        }
    }

private:
    GlobalTensor<DTYPE_X> xGm_;
    GlobalTensor<DTYPE_Y> yGm_;
    uint64_t start_ = 0;
    uint64_t end_ = 0;
    float scale_ = 1.0f;
};

extern "C" __global__ __aicore__ void clash_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    REGISTER_TILING_DEFAULT(ClashCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelClash op;
    op.Init(x, y, tilingData);
    op.Process();
}
"""

# Both dtypes, each twice, alternating: whichever combination's code or static the linker kept, one call is wrong.
CALLS = """
import json, numpy as np, clash_custom
rows = []
for dtype in ["float16", "float32", "float16", "float32"]:
    x = np.arange(-50, 1998).astype(dtype)   # float16 holds every x + 2 exactly
    y = clash_custom.clash_custom(x)
    shift = np.unique(y.astype(np.float64) - x.astype(np.float64)).tolist()
    rows.append([dtype, str(y.dtype), shift])
print(json.dumps(rows))
"""


@pytest.fixture(scope="module")
def clash(venv: Venv, tmp_path_factory: pytest.TempPathFactory) -> Path:  # noqa: F811
    root = tmp_path_factory.mktemp("clash")
    prototype = root / "clash_custom.json"
    prototype.write_text(json.dumps(PROTOTYPE))
    project = root / "clash_custom"
    _must(_opkit("gen", "-i", str(prototype), "-o", str(project), cwd=root))
    (project / "op_kernel" / "clash_custom.cpp").write_text(KERNEL)
    _must(_opkit("build", str(project), "-j", "2", cwd=root))
    venv.pip("install", "-q", "--force-reinstall", "--no-deps", str(next((project / "dist").glob("*.whl"))))
    return project


def test_each_dtype_combination_runs_its_own_kernel_code(venv: Venv, clash: Path) -> None:  # noqa: F811
    rows = venv.results(CALLS, cwd=clash.parent)
    assert rows == [[d, d, [2.0 if d == "float16" else 4.0]] for d in ["float16", "float32"] * 2]


# Last: it reconfigures the project's build directory with isolation off.
def test_build_without_isolation_fails_naming_the_shared_symbol(clash: Path) -> None:
    env = dict(os.environ, SKBUILD_CMAKE_DEFINE="OPKIT_ISOLATE_KERNELS=OFF")
    proc = subprocess.run([sys.executable, "-m", "opkit", "build", str(clash)], cwd=clash.parent,
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "kernel isolation failed" in proc.stderr, proc.stderr
    assert "`KernelClash::Process()` is defined by both clash_custom_kernel_c0 (DTYPE_X=half, DTYPE_Y=half) and " \
           "clash_custom_kernel_c1 (DTYPE_X=float, DTYPE_Y=float)" in proc.stderr, proc.stderr
    assert "KernelClash::Marker()::marker" in proc.stderr, proc.stderr
