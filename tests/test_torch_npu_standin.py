"""The torch_npu and torchair stand-ins (`opkit run`): refusing to shadow a real torch_npu/torchair, torch_npu's
tolerances, the OpDef sources of the graph-mode check, and one op (examples/add_custom) called from a setup.py +
NpuExtension C++ extension (EXEC_NPU_CMD, forward and backward), an OpPlugin entry and torchair graph mode, by the
torch_npu-style tests in tests/torch_npu_project/."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from opkit.cli import main
from tests.session_cache import example_with_aclnn

REPO = Path(__file__).resolve().parents[1]
STANDINS = REPO / "opkit" / "cann" / "python"
PROJECT = Path(__file__).resolve().parent / "torch_npu_project"


def _module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_opkit_test_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _fake_install(root: Path, name: str) -> Path:
    package = root / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("raise SystemExit('a real package was imported')\n")
    return package / "__init__.py"


@pytest.mark.parametrize("name", ["torch_npu", "torchair"])
def test_run_refuses_where_a_real_package_is_importable(name, tmp_path, monkeypatch, capfd):
    fake = _fake_install(tmp_path / "site-packages", name)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "site-packages"))
    with pytest.raises(SystemExit) as exited:
        main(["run", "--", sys.executable, "-c", "print('the command ran')"])
    out, err = capfd.readouterr()
    assert exited.value.code == 2
    assert f"real {name} at {fake}" in err and "would shadow it" in err
    assert "the command ran" not in out


def test_standin_refuses_a_torch_npu_later_on_sys_path(tmp_path):
    fake = _fake_install(tmp_path, "torch_npu")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(STANDINS), str(tmp_path)]))
    result = subprocess.run([sys.executable, "-c", "import torch_npu"], capture_output=True, text=True, env=env)
    assert result.returncode != 0
    assert f"a real torch_npu is importable from {fake}" in result.stderr


@pytest.fixture(scope="module")
def rtol():
    case = _module(STANDINS / "torch_npu" / "testing" / "testcase.py").TestCase("set_up")

    def check(x, y, **kw) -> bool:
        try:
            case.assertRtolEqual(x, y, **kw)
        except AssertionError:
            return False
        return True
    return check


def test_assert_rtol_equal_has_torch_npu_tolerances(rtol):
    base16 = np.linspace(0.5, 2.0, 1000).astype(np.float16)
    assert rtol(base16, (base16.astype(np.float32) * 1.0003).astype(np.float16))   # float16: 1e-3 (one ulp)
    assert not rtol(base16, (base16.astype(np.float32) * 1.01).astype(np.float16))
    base32 = np.linspace(0.5, 2.0, 20000).astype(np.float32)
    assert rtol(base32, base32 * np.float32(1 + 5e-5))             # float32: 1e-4
    assert not rtol(base32, base32 * np.float32(1 + 1e-3))
    two_off = base32.copy()
    two_off[:2] += 1.0
    assert rtol(base32, two_off)                                    # at most size * prec (2) elements may differ
    two_off[:3] += 1.0
    assert not rtol(base32, two_off)
    assert rtol(base32, base32 * np.float32(1 + 1e-3), prec=1e-2)
    assert not rtol(base32, base32.astype(np.float64))              # dtypes must match
    assert not rtol(base32[:10], base32[:11])                       # shapes must match
    assert rtol((8, 2048), (8, 2048)) and not rtol((8, 2048), (8, 2049))


def test_graph_mode_reads_opdefs_from_prototypes_and_op_info(tmp_path, monkeypatch):
    opdefs = _module(STANDINS / "torchair" / "_opdefs.py")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "opdef.json").write_text(json.dumps([{"op": "AddCustom", "input_desc": [
        {"name": "x"}, {"name": "y"}], "output_desc": [{"name": "z"}]}]))
    info = tmp_path / "b" / "op_impl" / "ai_core" / "tbe" / "config" / "ascend910b"
    info.mkdir(parents=True)
    (info / "aic-ascend910b-ops-info.json").write_text(json.dumps({"GeluCustom": {
        "input10": {"name": "k"}, "input0": {"name": "x"}, "input2": {"name": "j"}, "output0": {"name": "y"}}}))
    monkeypatch.setenv("OPKIT_OPDEF_PATH", os.pathsep.join([str(tmp_path / "a"), str(tmp_path / "b")]))
    monkeypatch.delenv("ASCEND_CUSTOM_OPP_PATH", raising=False)
    monkeypatch.delenv("ASCEND_OPP_PATH", raising=False)
    add = opdefs.find_opdef("AddCustom")
    assert (add.inputs, add.outputs) == (("x", "y"), ("z",))
    gelu = opdefs.find_opdef("GeluCustom")
    assert (gelu.inputs, gelu.outputs) == (("x", "j", "k"), ("y",))
    assert opdefs.find_opdef("MulCustom") is None


@pytest.mark.e2e
@pytest.mark.compile
def test_torch_npu_style_tests_of_one_op(monkeypatch, tmp_path_factory):
    """The op is the session's build of examples/add_custom with its aclnn package (tests/session_cache.py, shared with
    tests/test_generated_npu_examples.py), installed again in the suite's cann-root; then the npu device library, the
    extension and the plugin, under build/ and reused, so a rerun is incremental."""
    work = REPO / "build" / "torch-npu-test"
    monkeypatch.setenv("OPKIT_ACLNN", "1")
    monkeypatch.setenv("OPKIT_TORCH_NPU_CACHE", str(REPO / "build" / "torch-npu-cache"))
    monkeypatch.setenv("PATH", os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    for var in ("ASCEND_CUSTOM_OPP_PATH", "ASCEND_OPP_PATH", "ASCEND_HOME_PATH", "OPKIT_OP_PLUGIN"):
        monkeypatch.delenv(var, raising=False)
    from opkit.build.project import build_project

    example_with_aclnn(tmp_path_factory, "add_custom", lambda op: build_project(op, jobs=2))
    project = shutil.copytree(PROJECT, work / "project", dirs_exist_ok=True)
    script = "python setup.py -q build_ext --inplace && python test/test_npu_add_custom.py -v"
    result = subprocess.run([sys.executable, "-m", "opkit", "run", "--op-plugin", "op_plugin_patch", "--",
                             "bash", "-c", f"PYTHONPATH={project}:$PYTHONPATH && {script}"],
                            cwd=project, capture_output=True, text=True)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert "Ran 6 tests" in output and "OK" in output, output[-6000:]


@pytest.mark.e2e
@pytest.mark.compile
def test_graph_mode_runs_the_ge_node_of_an_op_package_op(monkeypatch):
    """CANN 9's op package layout (tests/torch_npu_project/op_package: op_host/<op>/, op_kernel/<op>/, the kernel file
    named by npu_op_kernel_sources), built unchanged, then graph mode on an op with no eager kernel: its GE node (a
    generated GE API in a torchair.ops module found through $OPKIT_TORCHAIR_OPS) runs the package's kernel, attrs
    included (test/test_graph_op_package.py checks the numbers against numpy)."""
    work = REPO / "build" / "torchair-op-package-test"
    monkeypatch.setenv("OPKIT_ACLNN", "1")
    monkeypatch.setenv("OPKIT_TORCH_NPU_CACHE", str(REPO / "build" / "torch-npu-cache"))
    monkeypatch.setenv("PATH", os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    for var in ("ASCEND_CUSTOM_OPP_PATH", "ASCEND_OPP_PATH", "ASCEND_HOME_PATH", "OPKIT_OP_PLUGIN"):
        monkeypatch.delenv(var, raising=False)
    from opkit.build.layout import detect_layout
    from opkit.build.project import build_project

    op = shutil.copytree(PROJECT / "op_package", work / "op_package", dirs_exist_ok=True)
    layout = detect_layout(op)
    (sources,) = layout.ops
    assert sources.kernel == op / "op_kernel" / "scale_axpy_sink" / "scale_axpy_sink_kernel.cpp"
    assert {p.name for p in sources.host} == {"scale_axpy_sink.cpp", "scale_axpy_sink_tiling.cpp"}
    assert sources.tiling_struct == "ScaleAxpySinkTilingData"
    build_project(op, jobs=2)
    monkeypatch.setenv("OPKIT_TORCHAIR_OPS", str(PROJECT / "torchair_ops"))
    result = subprocess.run([sys.executable, "-m", "opkit", "run", "--", sys.executable,
                             str(PROJECT / "test" / "test_graph_op_package.py"), "-v"],
                            cwd=work, capture_output=True, text=True)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert "Ran 3 tests" in output and "OK" in output, output[-6000:]


def test_meta_library_is_also_reachable_as_m_dot_m():
    """Samples for newer torch_npu register with `@impl(m.m, ...)` (there `m` is the module), samples for torch_npu 2.1
    with `@impl(m, ...)`: the stand-in's `m` serves both, and its own registrations still reach the dispatcher."""
    import torch
    from torch.library import Library, impl

    registrations = _module(STANDINS / "torch_npu" / "meta" / "_meta_registrations.py")
    assert isinstance(registrations.m.m, Library)
    defs = Library("opkit_meta_test", "DEF")
    defs.define("older(Tensor x) -> Tensor")
    defs.define("newer(Tensor x) -> Tensor")
    meta = Library("opkit_meta_test", "IMPL", "Meta")
    meta.m = registrations._Handle(meta.m, meta)

    @impl(meta, "older")
    def older(x):
        return x.new_empty(x.shape[0] * 2)

    @impl(meta.m, "newer")
    def newer(x):
        return x.new_empty(x.shape[0] * 3)

    x = torch.empty(4, device="meta")
    assert torch.ops.opkit_meta_test.older(x).shape == (8,)
    assert torch.ops.opkit_meta_test.newer(x).shape == (12,)
    assert meta._op_impls == {"opkit_meta_test/older/Meta", "opkit_meta_test/newer/Meta"}   # both kept by `meta`


@pytest.mark.parametrize(("args", "changed"), [
    (["g++", "-I{torch}", "-D_GLIBCXX_USE_CXX11_ABI=0", "-c", "a.cpp"], True),
    (["g++", "-isystem", "{torch}/torch/csrc/api/include", "-D", "_GLIBCXX_USE_CXX11_ABI=0", "-c", "a.cpp"], True),
    (["g++", "-I{torch}", "-D_GLIBCXX_USE_CXX11_ABI=1", "-c", "a.cpp"], False),     # already torch's
    (["g++", "-I/usr/include/other", "-D_GLIBCXX_USE_CXX11_ABI=0", "-c", "a.cpp"], False),   # no torch headers
    (["g++", "-I{torch}", "-c", "a.cpp"], False),                                   # no ABI flag
])
def test_cmake_compiles_against_torch_get_its_string_abi(args, changed, tmp_path):
    from opkit.build.abi_launcher import matched_abi

    torch_include = tmp_path / "torch" / "include"
    (torch_include / "torch" / "csrc" / "api" / "include").mkdir(parents=True)
    argv = [a.replace("{torch}", str(torch_include)) for a in args]
    out, note = matched_abi(argv, "1", [str(torch_include)])
    assert (out != argv) is changed and bool(note) is changed
    if changed:
        assert "_GLIBCXX_USE_CXX11_ABI=0" not in " ".join(out) and "-D_GLIBCXX_USE_CXX11_ABI=1" in " ".join(out) \
            or out[out.index("-D") + 1] == "_GLIBCXX_USE_CXX11_ABI=1"
        assert note.startswith("opkit run: a.cpp: compiled with -D_GLIBCXX_USE_CXX11_ABI=1, not =0")
    if "ABI=0" in " ".join(argv):
        assert matched_abi(argv, "0", [str(torch_include)])[0] == argv   # an old-ABI torch: the sample's flag is right


@pytest.mark.compile
def test_asc_sources_under_run_get_torchs_string_abi(tmp_path, monkeypatch):
    """A CANN 9 .asc torch extension (CMake's ASC language, no compiler launcher) passing -D_GLIBCXX_USE_CXX11_ABI=0:
    `opkit cc` under `opkit run` compiles it with the installed torch's ABI; outside `opkit run` the flag stays."""
    from opkit.build.cc import main as opkit_cc

    torch_include = tmp_path / "torch" / "include"
    torch_include.mkdir(parents=True)
    (torch_include / "abi_probe.h").write_text(
        '#pragma once\nstatic_assert(_GLIBCXX_USE_CXX11_ABI == 1, "compiled with the old string ABI");\n')
    source = tmp_path / "ext.asc"
    source.write_text('#include "kernel_operator.h"\n#include <abi_probe.h>\n'
                      'extern "C" __global__ __aicore__ void ext_kernel(GM_ADDR x) {}\n')
    argv = ["-c", str(source), f"-I{torch_include}", "-D_GLIBCXX_USE_CXX11_ABI=0", "-o", str(tmp_path / "ext.o")]
    monkeypatch.delenv("OPKIT_TORCH_CXX11_ABI", raising=False)
    assert opkit_cc(argv) != 0                                         # the probe refuses the old ABI
    monkeypatch.setenv("OPKIT_TORCH_CXX11_ABI", "1")
    monkeypatch.setenv("OPKIT_TORCH_INCLUDE", str(torch_include))
    assert opkit_cc(argv) == 0 and (tmp_path / "ext.o").is_file()


def test_builds_under_run_see_the_standin_as_an_installed_torch_npu(tmp_path):
    """CMakeLists that take torch_npu's paths from site-packages (where opkit never writes) still find its headers
    and library: they are the compiler's own search paths, after the user's; CMake's C++ compiles get the launcher."""
    from opkit.build import run_env

    site = tmp_path / "site"
    env = {"CPATH": "/mine/include", "CMAKE_CXX_COMPILER_LAUNCHER": "ccache"}
    run_env._add_build_paths(env, site, "/torch/include", "1")
    assert env["CPATH"].split(os.pathsep) == ["/mine/include", str(site / "torch_npu" / "include")]
    assert env["LIBRARY_PATH"] == env["LD_LIBRARY_PATH"] == str(site / "torch_npu" / "lib")
    launcher = env["CMAKE_CXX_COMPILER_LAUNCHER"].split(";")
    assert launcher[-1] == "ccache" and launcher[-2].endswith("abi_launcher.py")    # the user's runs after ours
    assert env["OPKIT_TORCH_CXX11_ABI"] == "1" and "/torch/include" in env["OPKIT_TORCH_INCLUDE"].split(os.pathsep)
    run_env._add_build_paths(env, site, "/torch/include", "1")                          # idempotent
    assert env["CPATH"].count("torch_npu") == 1 and env["CMAKE_CXX_COMPILER_LAUNCHER"].count("abi_launcher") == 1


def test_npu_extension_compiles_with_the_installed_torchs_abi(tmp_path, monkeypatch, capsys):
    """A setup.py passing the old-ABI flag (CANN's samples do, for older torch): NpuExtension gives torch's."""
    import torch

    monkeypatch.setenv("OPKIT_TORCH_NPU_CACHE", str(tmp_path))
    monkeypatch.setenv("OPKIT_CANN_ROOT", str(tmp_path / "cann"))
    (tmp_path / "cann" / "lib64").mkdir(parents=True)
    (tmp_path / "cann" / "lib64" / "libascendcl.so").write_text("")
    monkeypatch.syspath_prepend(str(STANDINS))
    for name in [m for m in sys.modules if m == "torch_npu" or m.startswith("torch_npu.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "torch_npu", ModuleType("torch_npu"))     # the package without its device
    sys.modules["torch_npu"].__path__ = [str(STANDINS / "torch_npu")]
    from torch_npu.utils.cpp_extension import NpuExtension

    want = f"-D_GLIBCXX_USE_CXX11_ABI={int(torch._C._GLIBCXX_USE_CXX11_ABI)}"
    other = f"-D_GLIBCXX_USE_CXX11_ABI={1 - int(torch._C._GLIBCXX_USE_CXX11_ABI)}"
    ext = NpuExtension("custom_ops_lib", ["a.cpp"], extra_compile_args=["-O2", other])
    assert ext.extra_compile_args == ["-O2", want]
    assert f"compiled with {want}, not {other}" in capsys.readouterr().err
    ext = NpuExtension("custom_ops_lib", ["a.cpp"], extra_compile_args={"cxx": [want]})
    assert ext.extra_compile_args == {"cxx": [want]} and capsys.readouterr().err == ""


def test_device_library_builds_with_one_spelling_of_the_compiler(tmp_path, monkeypatch):
    """CMake and make run Python with CXX=/bin/c++, a shell with CXX unset: the same compiler, one ninja command line,
    so the cached device library is not rebuilt (and waited for) by every other caller."""
    build = _module(STANDINS / "torch_npu" / "_build.py")
    monkeypatch.delenv("CXX", raising=False)
    plain = build.compiler()
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "c++").symlink_to(shutil.which("c++"))
    monkeypatch.setenv("CXX", str(tmp_path / "bin" / "c++"))
    assert build.compiler() == plain == os.path.realpath(shutil.which("c++"))
    monkeypatch.setenv("CXX", "no-such-compiler")
    assert build.compiler() == "no-such-compiler"                 # left for cpp_extension to report


_BACKWARD_THEN_EXIT = """
import torch, torch_npu
x = torch.rand(8, 64).npu().requires_grad_()
y = torch.rand(8, 64).npu().requires_grad_()
out = torch.add(x, y)
out.backward(out)
assert torch.equal(x.grad.cpu(), out.detach().cpu())
print("backward done")
"""


@pytest.mark.compile
def test_exit_right_after_an_npu_backward_does_not_abort():
    # The npu autograd thread used to drop the backward's GraphTask after finalization began: std::terminate,
    # rc 134, in ~3 of 4 runs. Four runs with the stand-in on the path (its device library is built once, cached).
    env = dict(os.environ, PYTHONPATH=str(STANDINS))
    for attempt in range(4):
        result = subprocess.run([sys.executable, "-c", _BACKWARD_THEN_EXIT], capture_output=True, text=True, env=env,
                                timeout=300)
        assert (result.returncode, result.stderr[-300:]) == (0, result.stderr[-300:]), f"run {attempt}"
        assert "backward done" in result.stdout
