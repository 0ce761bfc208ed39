"""A CMake project finds opkit the way a generated project does and builds a kernel against opkit::sim."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import opkit

pytestmark = pytest.mark.compile

CMAKELISTS = """\
cmake_minimum_required(VERSION 3.18)
project(consumer LANGUAGES CXX)
find_package(opkit 0.1 REQUIRED)
add_executable(consumer main.cpp)
target_link_libraries(consumer PRIVATE opkit::sim)
"""

MAIN = """\
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void fill(GM_ADDR y) {
  AscendC::GlobalTensor<int32_t> g;
  g.SetGlobalBuffer(reinterpret_cast<int32_t*>(y), 4);
  g.SetValue(AscendC::GetBlockIdx(), 7);
}
int main() {
  int32_t y[4] = {0, 0, 0, 0};
  opkit::sim::Launch launch{"fill", "Ascend910B2", 4};
  launch.register_gm(y, sizeof y, "y");
  launch.run(fill, reinterpret_cast<GM_ADDR>(y));
  return y[0] + y[1] + y[2] + y[3] == 28 ? 0 : 1;
}
"""


def _tool(name: str) -> str:
    venv_tool = Path(sys.executable).parent / name
    found = str(venv_tool) if venv_tool.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed")
    return found


def _build(tmp_path: Path, prefix_args: list[str]) -> subprocess.CompletedProcess[str]:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "CMakeLists.txt").write_text(CMAKELISTS)
    (src / "main.cpp").write_text(MAIN)
    build = tmp_path / "build"
    cmake = _tool("cmake")
    env = {**os.environ, "CMAKE_PREFIX_PATH": ""}
    configure = subprocess.run([cmake, "-S", str(src), "-B", str(build), "-G", "Ninja",
                                f"-DCMAKE_MAKE_PROGRAM={_tool('ninja')}", *prefix_args],
                               capture_output=True, text=True, env=env)
    if configure.returncode != 0:
        return configure
    built = subprocess.run([cmake, "--build", str(build)], capture_output=True, text=True, env=env)
    if built.returncode != 0:
        return built
    return subprocess.run([str(build / "consumer")], capture_output=True, text=True)


@pytest.mark.parametrize("how", ["opkit_DIR", "package dir on CMAKE_PREFIX_PATH"])
def test_find_package_opkit_builds_and_runs_a_kernel(tmp_path: Path, how: str) -> None:
    if how == "opkit_DIR":
        args = [f"-Dopkit_DIR={opkit.cmake_dir()}"]
    else:  # what scikit-build-core does with the `cmake.root` entry point: the package directory as a prefix
        args = [f"-DCMAKE_PREFIX_PATH={Path(opkit.__file__).parent}"]
    proc = _build(tmp_path, args)
    assert proc.returncode == 0, proc.stdout + proc.stderr
