"""opkit.build.isolation on small objects compiled here: which symbols are the runtime's, the check that no user symbol is
shared between two combinations' kernel objects, and isolation keeping each combination's code its own while the
runtime's state stays one (the e2e side: tests/test_e2e_kernel_isolation.py)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import opkit
from opkit.build.project import _run
from opkit.errors import BuildError
from opkit.build.isolation import (CHECK_FAILED, RUNTIME_ROOTS, KernelObject, check_isolation, is_runtime_owned,
                             isolate_kernel, main)

pytestmark = pytest.mark.compile

CXX = os.environ.get("CXX", "g++")

# A stand-in for the simulator: per-thread state that the launcher sets and the kernel reads.
RUNTIME_H = """\
#pragma once
namespace opkit::sim {
inline int& block_index() { thread_local int index = -1; return index; }
inline int& launches() { static int count = 0; return count; }
}
"""
# A CANN-style kernel: a non-template class at global scope using DTYPE_X, weak member functions, a static.
KERNEL = """\
#include "runtime.h"
class KernelTwice {
public:
    __attribute__((noinline)) double Size() { static const double size = sizeof(DTYPE_X) * scale_; return size; }
    __attribute__((noinline)) double Run(double v) { ++opkit::sim::launches(); return DTYPE_X(v) * 2 + Size(); }
private:
    double scale_ = 1.0;
};
extern "C" double ENTRY(double v) { KernelTwice k; return k.Run(v) + 1000 * opkit::sim::block_index(); }
"""
LAUNCHER = """\
#include <cstdio>
#include "runtime.h"
extern "C" double twice_c0(double);
extern "C" double twice_c1(double);
int main() {
    opkit::sim::block_index() = 3;
    double a = twice_c0(1.75), b = twice_c1(1.75), c = twice_c0(1.75);
    std::printf("%g %g %g %d\\n", a, b, c, opkit::sim::launches());
}
"""


@pytest.fixture(scope="module")
def objects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The kernel compiled for int (c0) and double (c1), as CMake compiles kernels (-O2 -fPIC), and the launcher."""
    root = tmp_path_factory.mktemp("isolation")
    (root / "runtime.h").write_text(RUNTIME_H)
    (root / "kernel.cpp").write_text(KERNEL)
    (root / "launcher.cpp").write_text(LAUNCHER)
    out = {}
    for name, source, defines in [("c0", "kernel.cpp", ["DTYPE_X=int", "ENTRY=twice_c0"]),
                                  ("c1", "kernel.cpp", ["DTYPE_X=double", "ENTRY=twice_c1"]),
                                  ("launcher", "launcher.cpp", [])]:
        out[name] = root / f"{name}.o"
        subprocess.run([CXX, "-std=c++17", "-O2", "-fPIC", "-c", *(f"-D{d}" for d in defines), str(root / source),
                        "-o", str(out[name])], check=True)
    return out


def _link_and_run(objs: list[Path], exe: Path) -> str:
    subprocess.run([CXX, *map(str, objs), "-o", str(exe)], check=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.strip()


@pytest.mark.parametrize("demangled, owned", [
    ("opkit::sim::detail::current_block()::context", True),
    ("guard variable for opkit::sim::detail::current_block()::context", True),
    ("typeinfo name for opkit::sim::KernelFault", True),
    ("opkit::sim::KernelFault::~KernelFault()", True),
    ("std::__detail::__to_chars_10_impl<unsigned int>(char*, unsigned int, unsigned int)::__digits", True),
    ("void AscendC::DataCopy<opkit::sim::Float16<false> >(AscendC::LocalTensor<opkit::sim::Float16<false> > const&)",
     True),
    ("AscendC::TQue<(AscendC::TPosition)9, 2>::FreeTensor<float>(AscendC::LocalTensor<float>&)", True),
    ("pybind11::detail::get_local_internals_key[abi:cxx11]()::key", True),
    ("DW.ref.__gxx_personality_v0", True),
    ("KernelFastGelu::CopyIn(unsigned int)", False),
    ("KernelFastGelu::Compute()::{lambda(float)#1}::operator()(float) const", False),
    ("guard variable for KernelTwice::Size()::size", False),
    ("vtable for KernelBase", False),
    ("helper", False),
    # a runtime template instantiated on the user's type is the user's: the type may differ per combination
    ("void opkit::sim::detail::load_tiling<AddCustomTilingData>(AddCustomTilingData*, void const*)", False),
    ("AscendC::LocalTensor<Pair>::GetValue(unsigned int) const", False),
    ("mykernels::Scale::Run()", False),
])
def test_runtime_owned_symbols_name_nothing_of_the_user(demangled: str, owned: bool) -> None:
    assert is_runtime_owned(demangled) is owned


def test_every_namespace_of_the_runtime_headers_is_a_runtime_root() -> None:
    """A namespace the simulator adds must be listed, or its state (statics, thread_locals) would be made local to
    each kernel object and the kernel would not see what the launcher set. `detail`, `Std`, `Pattern`, `Impl` and
    `Detail` are only ever nested (in opkit::sim and AscendC); `matmul` is empty (lib/matmul_intf.h: for `using namespace matmul;`)."""
    opened = re.compile(r"^namespace (\w+)[\w:]* *\{", re.MULTILINE)
    found = {name for header in opkit.include_dir().rglob("*.h") for name in opened.findall(header.read_text())}
    assert found - {"detail", "Std", "Pattern", "Impl", "Detail", "matmul"} <= RUNTIME_ROOTS, found - RUNTIME_ROOTS


def test_compiled_objects_share_the_users_weak_symbols(objects: dict[str, Path], tmp_path: Path) -> None:
    """What the isolation is for: linked as compiled, the double combination runs the int one's code; the check
    names the shared symbols and both combinations."""
    assert _link_and_run([objects["launcher"], objects["c0"], objects["c1"]], tmp_path / "run") == "3006 3006 3006 3"
    kernels = [KernelObject("twice_c0 (DTYPE_X=int)", "twice_c0", objects["c0"]),
               KernelObject("twice_c1 (DTYPE_X=double)", "twice_c1", objects["c1"])]
    with pytest.raises(BuildError) as error:
        check_isolation(kernels)
    message = str(error.value)
    assert "`KernelTwice::Run(double)` is defined by both twice_c0 (DTYPE_X=int) and twice_c1 (DTYPE_X=double)" \
        in message, message
    assert "`KernelTwice::Size()::size`" in message and "opkit::sim" not in message, message


def test_isolated_objects_keep_their_code_and_share_the_runtime_state(objects: dict[str, Path],
                                                                      tmp_path: Path) -> None:
    isolated = {}
    for name in ("c0", "c1"):
        isolated[name] = tmp_path / f"{name}.o"
        made_local = isolate_kernel(objects[name], isolated[name], f"twice_{name}")
        assert {s.demangled for s in made_local} >= {"KernelTwice::Run(double)", "KernelTwice::Size()::size"}
    check_isolation([KernelObject(n, f"twice_{n}", p) for n, p in isolated.items()])
    # int: 1*2 + 4 (sizeof int) + 3000; double: 3.5 + 8 + 3000; the launcher's block index and counter are one.
    assert _link_and_run([objects["launcher"], isolated["c0"], isolated["c1"]], tmp_path / "run") == \
        "3006 3011.5 3006 3"


def test_isolating_an_object_without_its_entry_names_the_entry(objects: dict[str, Path], tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="defines no entry `twice_c7`"):
        isolate_kernel(objects["c0"], tmp_path / "out.o", "twice_c7")


def test_the_command_line_prints_failures_with_the_prefix_opkit_build_reads(objects: dict[str, Path],
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--kernel", "A", "twice_c0", str(objects["c0"]),
                 "--kernel", "B", "twice_c1", str(objects["c1"])]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err and all(line.startswith(CHECK_FAILED) for line in err)
    assert any("`KernelTwice::Run(double)` is defined by both A and B" in line for line in err)


def test_opkit_build_turns_the_check_output_into_a_build_error(tmp_path: Path) -> None:
    script = (f"print('[7/9] Checking kernel isolation of _C'); "
              f"print({CHECK_FAILED + '1 kernel symbol(s) shared'!r}); "
              f"print({CHECK_FAILED + '  `K::Run()` is defined by both c0 and c1'!r}); raise SystemExit(1)")
    with pytest.raises(BuildError) as error:
        _run([sys.executable, "-c", script], tmp_path, dict(os.environ), lambda e: None)
    assert str(error.value) == ("kernel isolation failed: 1 kernel symbol(s) shared\n"
                                "  `K::Run()` is defined by both c0 and c1")
