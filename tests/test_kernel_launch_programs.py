"""CANN-style kernel-launch programs build unchanged with their own CMakeLists and run on the simulator.

add_launch: main.cpp with the CPU-debug branch (ICPU_RUN_KF, RUN_MODE=cpu via tikicpulib) and the acl branch
(aclrtMalloc/aclrtMemcpy, ACLRT_LAUNCH_KERNEL or a <<<>>> wrapper, RUN_MODE=npu via ascendc_library), checked by
its gen_data.py/verify_result.py. asc_scale: one .asc file, through find_package(ASC) and through `opkit cc`.
asc_shared: an .asc executable linking an .asc shared library of its own, run without LD_LIBRARY_PATH.
cce_launch: the older samples' `project(x LANGUAGES CCE CXX)`, kernel and host compiled and linked by `ccec`.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import opkit

pytestmark = pytest.mark.compile

PROGRAMS = Path(__file__).parent / "programs"
ADD = PROGRAMS / "add_launch"
ASC = PROGRAMS / "asc_scale"
SCALE = PROGRAMS / "scale_tiling_launch"
SHARED = PROGRAMS / "asc_shared"
CCE = PROGRAMS / "cce_launch"
CANN = opkit.cann_dir()


def _tool(name: str) -> str:
    venv_tool = Path(sys.executable).parent / name
    found = str(venv_tool) if venv_tool.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed")
    return found


def _run(cmd: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k != "CMAKE_PREFIX_PATH"}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300, env={**full_env, **env})


def _cmake_build(source: Path, build: Path, *flags: str) -> Path:
    configure = _run([_tool("cmake"), "-S", str(source), "-B", str(build), "-G", "Ninja",
                      f"-DCMAKE_MAKE_PROGRAM={_tool('ninja')}", f"-DOPKIT_PYTHON={sys.executable}", *flags], build.parent)
    assert configure.returncode == 0, configure.stdout + configure.stderr
    done = _run([_tool("cmake"), "--build", str(build)], build.parent)
    assert done.returncode == 0, done.stdout + done.stderr
    return build


@pytest.fixture(scope="module", params=["cpu", "npu"])
def add_launch(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample built in RUN_MODE cpu or npu, with input/ and output/golden.bin from its gen_data.py."""
    root = tmp_path_factory.mktemp(f"add_{request.param}")
    _cmake_build(ADD, root / "build", f"-DRUN_MODE={request.param}",
                 f"-DASCEND_CANN_PACKAGE_PATH={opkit.cann_dir()}")
    (root / "input").mkdir()
    (root / "output").mkdir()
    gen = _run([sys.executable, str(ADD / "scripts" / "gen_data.py")], root)
    assert gen.returncode == 0, gen.stderr
    return root


def _run_and_verify(root: Path, *args: str) -> str:
    proc = _run([str(root / "build" / "ascendc_kernels_bbit"), *args], root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    verify = _run([sys.executable, str(ADD / "scripts" / "verify_result.py"), "output/output_z.bin",
                   "output/golden.bin"], root)
    assert verify.returncode == 0 and verify.stdout.strip() == "test pass", verify.stdout
    return proc.stdout


def test_sample_layout_builds_and_its_numbers_verify(add_launch: Path) -> None:
    out = _run_and_verify(add_launch)
    branch = "cpu" if add_launch.name.startswith("add_cpu") else "npu"
    assert f"[INFO]  {branch} branch done" in out


def test_npu_branch_launches_through_a_chevron_wrapper_too(add_launch: Path) -> None:
    if add_launch.name.startswith("add_cpu"):
        pytest.skip("the <<<>>> wrapper is compiled only in the NPU branch")
    assert "npu branch done" in _run_and_verify(add_launch, "chevron")


def test_npu_branch_launches_from_the_fatbin_by_kernel_name(add_launch: Path) -> None:
    # ascendc_fatbin_library's binary, loaded with aclrtBinaryLoadFromFile and launched with the appended arguments
    # (CANN's AddKernelInvocationAcl sample); an unknown kernel name and a missing argument are refused.
    if add_launch.name.startswith("add_cpu"):
        pytest.skip("the acl launch is the NPU branch's")
    binary = str(add_launch / "build" / "libascendc_kernels_fatbin.so")
    assert "npu branch done" in _run_and_verify(add_launch, "fatbin", binary)
    short = _run([str(add_launch / "build" / "ascendc_kernels_bbit"), "fatbin", binary, "short"], add_launch)
    assert short.returncode == 0, short.stdout + short.stderr
    assert ("refused 100000: aclrtLaunchKernelWithConfig: kernel add_custom takes 24 bytes of arguments, 16 were "
            "appended") in short.stdout, short.stdout


def test_msprof_on_path_runs_the_program_under_opkit_profile(add_launch: Path) -> None:
    # The samples' run.sh profiles with `msprof op [simulator] --output=DIR ./program` after sourcing setenv.bash.
    script = (f'source "{CANN / "bin" / "setenv.bash"}" && command -v msprof && '
              f'msprof op simulator --launch-count=2 --output=./prof ./build/ascendc_kernels_bbit')
    proc = _run(["bash", "-c", script], add_launch, OPKIT_PYTHON=sys.executable)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[0] == str(CANN / "tools" / "profiler" / "bin" / "msprof")
    assert "Task Duration(us)" in proc.stdout and "ESTIMATE" in proc.stdout, proc.stdout
    # the program's own output comes first, as msprof shows the application's (asc-devkit's checks print there)
    assert proc.stdout.index("branch done") < proc.stdout.index("Task Duration(us)"), proc.stdout
    assert list((add_launch / "prof").glob("*.json")), "the numbers go under --output"
    verify = _run([sys.executable, str(ADD / "scripts" / "verify_result.py"), "output/output_z.bin",
                   "output/golden.bin"], add_launch)
    assert verify.stdout.strip() == "test pass", "the profiled run wrote the program's output"
    bad = _run(["bash", "-c", f'source "{CANN / "bin" / "setenv.bash"}" && msprof --application=x'], add_launch)
    assert bad.returncode == 2 and "only 'msprof op" in bad.stderr


def test_msopprof_runs_its_application_command_under_opkit_profile(add_launch: Path) -> None:
    # asc-devkit's profiling examples: `msopprof --application="python3 ../x.py" --output=../result`; the command is
    # one string whose program may be on PATH (here `env`, which then runs the sample program).
    if add_launch.name.startswith("add_cpu"):
        pytest.skip("one branch is enough: the stand-in only forwards to opkit profile")
    script = (f'source "{CANN / "bin" / "setenv.bash"}" && command -v msopprof && '
              f'msopprof --application="env ./build/ascendc_kernels_bbit" --kernel-name=add_custom --output=./opprof')
    proc = _run(["bash", "-c", script], add_launch, OPKIT_PYTHON=sys.executable)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[0] == str(CANN / "tools" / "profiler" / "bin" / "msopprof")
    assert "Task Duration(us)" in proc.stdout and "ESTIMATE" in proc.stdout, proc.stdout
    assert "npu branch done" in proc.stdout, "the application's own output is shown"
    assert list((add_launch / "opprof").glob("*.json")), "the numbers go under --output"
    setenv = f'source "{CANN / "bin" / "setenv.bash"}"'
    none = _run(["bash", "-c", f"{setenv} && msopprof --output=./x"], add_launch)
    assert none.returncode == 2 and "no application to run" in none.stderr
    both = _run(["bash", "-c", f"{setenv} && msopprof --application=./a ./b"], add_launch)
    assert both.returncode == 2 and "not both" in both.stderr
    missing = _run(["bash", "-c", f"{setenv} && msopprof --application='no_such_tool_opkit x'"], add_launch)
    assert missing.returncode == 127 and "no_such_tool_opkit: command not found" in missing.stderr


def test_ascendc_library_generates_the_launch_header(add_launch: Path) -> None:
    if add_launch.name.startswith("add_cpu"):
        pytest.skip("RUN_MODE=cpu builds with tikicpulib")
    header = next((add_launch / "build").rglob("aclrtlaunch_add_custom.h")).read_text()
    assert ('extern "C" uint32_t aclrtlaunch_add_custom(uint32_t blockDim, aclrtStream stream, void* x, void* y, '
            'void* z);') in header


@pytest.fixture(scope="module")
def asc_programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """scale.asc built by its CMakeLists (find_package(ASC)) and by `opkit cc` directly."""
    root = tmp_path_factory.mktemp("asc")
    built = _cmake_build(ASC, root / "build", f"-DASC_DIR={CANN / 'compiler' / 'tikcpp' / 'ascendc_kernel_cmake'}")
    direct = _run([sys.executable, "-m", "opkit", "cc", "-Wall", "-Wextra", "-Werror", str(ASC / "scale.asc"),
                   "-o", str(root / "direct")], root)
    assert direct.returncode == 0, direct.stderr
    return {"cmake": built / "demo", "cc": root / "direct"}


@pytest.mark.parametrize("how", ["cmake", "cc"])
def test_asc_file_with_chevron_launch_runs(asc_programs: dict[str, Path], how: str) -> None:
    proc = _run([str(asc_programs[how])], asc_programs[how].parent)
    assert (proc.returncode, proc.stdout.strip()) == (0, "ok 2 1024"), proc.stderr


def test_acl_graph_captures_two_streams_and_replays(asc_programs: dict[str, Path]) -> None:
    # aclmdlRICaptureBegin/End around copies and a <<<>>> launch on a second stream joined through an event.
    program = asc_programs["cc"]
    proc = _run([str(program), "graph"], program.parent)
    assert (proc.returncode, proc.stdout.strip()) == (0, "graph ok 4093"), proc.stdout + proc.stderr
    tasks = json.loads((program.parent / "graph.json").read_text())["tasks"]
    assert [t["type"] for t in tasks] == ["memcpy", "kernel", "memcpy"]
    assert tasks[1]["detail"] == "scale_kernel<float><<<4>>>"


@pytest.mark.parametrize("how", ["cmake", "cc"])
def test_kernel_fault_in_a_chevron_launch_is_located(asc_programs: dict[str, Path], how: str) -> None:
    line = next(i for i, text in enumerate((ASC / "scale.asc").read_text().splitlines(), 1)
                if "DataCopy(yGm, t" in text)
    proc = _run([str(asc_programs[how]), "overrun"], asc_programs[how].parent)
    # The launch returns and the program goes on (blocks 0 and 1 wrote y); the unread fault makes the status 1. Block 2
    # reads x on past its end, which the device survives (a warning, check_gm_read), then writes y past its end.
    assert (proc.returncode, proc.stdout.strip()) == (1, "ok 2 1024"), proc.stdout
    assert proc.stderr.startswith(f"[ERROR][scale_kernel<float>][Block_2][scale.asc:{line}][DataCopy] GM write of "
                                  "2048 bytes at bytes [4096, 6144) of 'static_cast<uint8_t*>(y)' (4128 bytes) is out "
                                  "of bounds"), proc.stderr


@pytest.mark.parametrize("how", ["cmake", "cc"])
def test_kernel_fault_is_the_device_error_507015_and_never_passes_silently(asc_programs: dict[str, Path],
                                                                             how: str) -> None:
    # As CANN: the synchronize calls return ACL_ERROR_RT_AICORE_EXCEPTION, aclrtGetLastError returns it once.
    read = _run([str(asc_programs[how]), "fault-read"], asc_programs[how].parent)
    assert (read.returncode, read.stdout.strip()) == (0, "fault read"), read.stdout + read.stderr
    assert read.stderr.startswith("[ERROR][scale_kernel<float>][Block_2]"), read.stderr
    # A program that ignores the fault and returns 0 still ends with status 1, saying why.
    ignored = _run([str(asc_programs[how]), "fault-ignored"], asc_programs[how].parent)
    assert (ignored.returncode, ignored.stdout.strip()) == (1, "went on"), ignored.stdout + ignored.stderr
    assert "[ERROR] exit status 1: a kernel raised an AI Core exception (507015)" in ignored.stderr


def test_asc_executable_finds_its_shared_library_through_rpath(tmp_path: Path) -> None:
    # CMake's own languages put -Wl,-rpath to the build tree on executables linking its shared libraries.
    build = _cmake_build(SHARED, tmp_path / "build",
                         f"-DASC_DIR={CANN / 'compiler' / 'tikcpp' / 'ascendc_kernel_cmake'}")
    env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
    proc = subprocess.run([str(build / "demo")], cwd=tmp_path, capture_output=True, text=True, timeout=60, env=env)
    assert (proc.returncode, proc.stdout.strip()) == (0, "ok 765"), proc.stderr


def test_compiler_errors_point_into_the_users_file(tmp_path: Path) -> None:
    source = tmp_path / "broken.asc"
    source.write_text('#include "kernel_operator.h"\n'
                      'extern "C" __global__ __aicore__ void k(GM_ADDR x) { (void)x; }\n'
                      "int main() {\n"
                      "  k<<<1, nullptr, nullptr>>>(nullptr);\n"
                      "  return undefined_name;\n"
                      "}\n")
    proc = _run([sys.executable, "-m", "opkit", "cc", "-c", str(source), "-o", str(tmp_path / "b.o")], tmp_path)
    assert proc.returncode != 0
    assert f"{source}:5:" in proc.stderr and "undefined_name" in proc.stderr


@pytest.fixture(scope="module", params=["cpu", "npu"])
def scale_installed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """scale_tiling_launch built and installed as run.sh does it (out/bin, out/lib), with its gen_data.py run."""
    root = tmp_path_factory.mktemp(f"scale_{request.param}")
    build = _cmake_build(SCALE, root / "build", f"-DRUN_MODE={request.param}", f"-DASCEND_CANN_PACKAGE_PATH={CANN}",
                         f"-DCMAKE_INSTALL_PREFIX={root / 'out'}")
    done = _run([_tool("cmake"), "--install", str(build)], root)
    assert done.returncode == 0, done.stdout + done.stderr
    (root / "input").mkdir()
    (root / "output").mkdir()
    gen = _run([sys.executable, str(SCALE / "scripts" / "gen_data.py")], root)
    assert gen.returncode == 0, gen.stderr
    return root


def test_tiling_struct_sample_runs_installed_with_ascendcl_alone(scale_installed: Path) -> None:
    # The main links `ascendcl`, never tikicpulib, yet takes its CPU branch in RUN_MODE=cpu; in npu mode the
    # aclrtlaunch stub finds the tiling header by itself and ascendc_library installed the kernel library.
    proc = _run([str(scale_installed / "out" / "bin" / "ascendc_kernels_bbit")], scale_installed,
                LD_LIBRARY_PATH=str(scale_installed / "out" / "lib"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    branch = "cpu" if scale_installed.name.startswith("scale_cpu") else "npu"
    assert f"[INFO]  {branch} branch done" in proc.stdout
    verify = _run([sys.executable, str(SCALE / "scripts" / "verify_result.py"), "output/output_z.bin",
                   "output/golden.bin"], scale_installed)
    assert verify.stdout.strip() == "test pass", verify.stdout


def test_launch_header_takes_the_tiling_struct_by_pointer(scale_installed: Path) -> None:
    if scale_installed.name.startswith("scale_cpu"):
        pytest.skip("RUN_MODE=cpu builds with tikicpulib")
    header = next((scale_installed / "build").rglob("aclrtlaunch_scale_custom.h")).read_text()
    assert "aclrtStream stream, void* x, void* z, void* tiling);" in header


def test_ascendc_library_compiles_the_kernels_for_the_soc_version(tmp_path: Path) -> None:
    # run.sh -v Ascend310P3: the NPU-branch kernels get the 310P's profile (256 KB UB), not the 910B default.
    build = tmp_path / "build"
    configure = _run([_tool("cmake"), "-S", str(ADD), "-B", str(build), "-G", "Ninja", "-DRUN_MODE=npu",
                      f"-DCMAKE_MAKE_PROGRAM={_tool('ninja')}", f"-DOPKIT_PYTHON={sys.executable}",
                      f"-DASCEND_CANN_PACKAGE_PATH={CANN}", "-DSOC_VERSION=Ascend310P3",
                      "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"], tmp_path)
    assert configure.returncode == 0, configure.stdout + configure.stderr
    commands = (build / "compile_commands.json").read_text()
    assert "-DOPKIT_SOC_ARCH=2002" in commands and "-DOPKIT_SOC_ARCH=2201" not in commands


def test_asc_program_configures_after_sourcing_set_env_alone(tmp_path: Path) -> None:
    # asc-devkit's READMEs: `source <cann>/set_env.sh`, then a plain `cmake ..` finds find_package(ASC).
    build = tmp_path / "build"
    script = (f'source "{CANN / "set_env.sh"}" && "{_tool("cmake")}" -S "{ASC}" -B "{build}" -G Ninja '
              f'-DCMAKE_MAKE_PROGRAM="{_tool("ninja")}" -DOPKIT_PYTHON="{sys.executable}" -DCMAKE_ASC_RUN_MODE=cpu '
              f'&& "{_tool("cmake")}" --build "{build}"')
    proc = _run(["bash", "-c", script], tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ran = _run([str(build / "demo")], tmp_path)
    assert (ran.returncode, ran.stdout.strip()) == (0, "ok 2 1024"), ran.stderr


def test_cce_language_program_builds_with_the_ccec_setenv_puts_on_path(tmp_path: Path) -> None:
    # CANN's setenv.bash puts compiler/ccec_compiler/bin on PATH; LANGUAGES CCE finds ccec there and uses it for
    # kernel, host and link (the kernel's <<<>>> wrapper outside __CCE_KT_TEST__ is the NPU branch).
    build = tmp_path / "build"
    script = (f'source "{CANN / "bin" / "setenv.bash"}" && command -v ccec && "{_tool("cmake")}" -S "{CCE}" '
              f'-B "{build}" -G Ninja -DCMAKE_MAKE_PROGRAM="{_tool("ninja")}" -DASCEND_CANN_PACKAGE_PATH="{CANN}" '
              f'&& "{_tool("cmake")}" --build "{build}"')
    proc = _run(["bash", "-c", script], tmp_path, OPKIT_PYTHON=sys.executable)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[0] == str(CANN / "compiler" / "ccec_compiler" / "bin" / "ccec")
    assert "Linking CCE executable axpy_npu" in proc.stdout
    ran = _run([str(build / "axpy_npu")], tmp_path)
    assert (ran.returncode, ran.stdout.strip()) == (0, "0 of 4000 wrong"), ran.stdout + ran.stderr
