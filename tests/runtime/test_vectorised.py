"""The compiler vectorises the count-form loops of the vector instructions, and exp/log/tanh call no libm.

Evidence from the compiler itself: each instruction is built alone (cpp/vec_codegen.cpp) with -fopt-info-vec,
which names every loop GCC vectorised by file and line, at -O2 (what a generated project's CMake uses for
kernels) and -O3; the object's relocations then show whether the hot loop calls a scalar libm function.
"""
from __future__ import annotations

import platform
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import opkit
from tests.runtime.cxx import CXX, WARNINGS

CPP = Path(__file__).parent / "cpp"
COMMON_H = opkit.include_dir() / "opkit" / "sim" / "vec" / "common.h"
LIBM = re.compile(r"^(?:exp|expf|log|logf|tanh|tanhf|__\w*(?:exp|log|tanh)\w*)(?:@\S+)?$")

pytestmark = pytest.mark.compile

# (API, element type, binary?)
PROBES = [("Add", "float", True), ("Mul", "float", True), ("Exp", "float", False), ("Ln", "float", False),
          ("Tanh", "float", False), ("Add", "half", True)]


def _ivdep_loop_lines() -> set[int]:
    """Lines of the fixed-length inner loops in common.h (the line after each `OPKIT_VEC_IVDEP`)."""
    lines = COMMON_H.read_text().splitlines()
    found = {i + 2 for i, text in enumerate(lines) if text.strip() == "OPKIT_VEC_IVDEP"}
    assert len(found) == 2, "common.h should have the unary and the binary count-form loop"
    return found


def _build(tmp_path: Path, api: str, dtype: str, binary: bool, opt: str) -> tuple[str, Path]:
    obj = tmp_path / f"{api}-{dtype}{opt}.o"
    report = tmp_path / f"{api}-{dtype}{opt}.vec.txt"
    cmd = [CXX, "-std=c++17", opt, *WARNINGS, "-c", f"-I{opkit.include_dir()}", f"-DOPKIT_PROBE={api}",
           f"-DOPKIT_PROBE_T={dtype}", *(["-DOPKIT_PROBE_BINARY"] if binary else []),
           f"-fopt-info-vec-optimized={report}", str(CPP / "vec_codegen.cpp"), "-o", str(obj)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return report.read_text(), obj


@pytest.mark.skipif(not CXX.endswith("g++"), reason="-fopt-info-vec is GCC's report")
@pytest.mark.parametrize("opt", ["-O2", "-O3"])
@pytest.mark.parametrize(("api", "dtype", "binary"), PROBES, ids=[f"{a}-{t}" for a, t, _ in PROBES])
def test_count_form_loop_is_vectorised(tmp_path: Path, api: str, dtype: str, binary: bool, opt: str) -> None:
    report, _ = _build(tmp_path, api, dtype, binary, opt)
    vectorised = {int(m.group(1)) for m in re.finditer(r"vec/common\.h:(\d+):\d+: optimized: loop vectorized",
                                                        report)}
    assert vectorised & _ivdep_loop_lines(), f"{api}<{dtype}> {opt}: no count-form loop vectorised:\n{report}"


def _called(obj: Path) -> set[str]:
    """Functions the object calls, from its call relocations (`expf-0x4` -> `expf`)."""
    relocs = subprocess.run(["objdump", "-dr", str(obj)], capture_output=True, text=True, check=True).stdout
    return {re.split(r"[-+]0x", line.split()[-1])[0] for line in relocs.splitlines()
            if "R_X86_64_PLT32" in line or "R_AARCH64_CALL26" in line}


def _libm(called: set[str]) -> set[str]:
    return {c for c in called if LIBM.search(c)}


needs_objdump = pytest.mark.skipif(shutil.which("objdump") is None, reason="needs binutils' objdump")


@needs_objdump
def test_libm_detector_sees_a_libm_call(tmp_path: Path) -> None:
    source = tmp_path / "libm_loop.cpp"
    source.write_text("#include <cmath>\nvoid f(float* d, const float* s, int n) {\n"
                      "  for (int i = 0; i < n; ++i) d[i] = std::exp(s[i]) + std::tanh(s[i]);\n}\n")
    obj = tmp_path / "libm_loop.o"
    subprocess.run([CXX, "-std=c++17", "-O2", "-c", str(source), "-o", str(obj)], check=True)
    assert _libm(_called(obj)) == {"expf", "tanhf"}


@needs_objdump
@pytest.mark.parametrize("api", ["Exp", "Ln", "Tanh"])
def test_transcendentals_call_no_libm(tmp_path: Path, api: str) -> None:
    _, obj = _build(tmp_path, api, "float", False, "-O2")
    called = _called(obj)
    assert called, "the probe calls nothing at all (not even its fault path): objdump output not understood"
    assert not _libm(called), f"{api} calls libm: {sorted(called)}"


def _function_bodies(obj: Path) -> dict[str, str]:
    """Disassembly of each function in the object, by symbol name."""
    text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(obj)], capture_output=True, text=True,
                          check=True).stdout
    return {m.group(1): m.group(2) for m in re.finditer(r"^[0-9a-f]+ <([^>]+)>:\n(.*?)(?=^\n|\Z)", text, re.M | re.S)}


@needs_objdump
@pytest.mark.skipif(not CXX.endswith("g++") or platform.machine() != "x86_64",
                    reason="the AVX2 and AVX-512 clones are GCC's target_clones on x86-64")
@pytest.mark.parametrize(("api", "binary"), [("Add", True), ("Exp", False), ("Mul", True)])
def test_count_form_loop_has_avx2_and_avx512_clones_without_fma(tmp_path: Path, api: str, binary: bool) -> None:
    """x86-64's baseline is SSE2 (128-bit): a machine with AVX2 or AVX-512 runs the loop's clone for it, and no clone
    fuses a multiply-add (which would change the results' bits from one CPU to another)."""
    _, obj = _build(tmp_path, api, "float", binary, "-O2")
    bodies = _function_bodies(obj)
    clones = {name.rsplit(".", 1)[-1]: body for name, body in bodies.items() if "_plain" in name and "." in name}
    assert {"avx2", "avx512f", "default"} <= clones.keys(), f"{api}: clones {sorted(clones)}"
    assert "ymm" in clones["avx2"], f"{api}: the AVX2 clone uses no 256-bit register"
    assert "zmm" in clones["avx512f"], f"{api}: the AVX-512 clone uses no 512-bit register"
    fused = [name for name, body in bodies.items() if "vfmadd" in body or "vfmsub" in body or "vfnmadd" in body]
    assert not fused, f"{api}: fused multiply-add in {fused}"

@needs_objdump
@pytest.mark.skipif(platform.machine() != "x86_64", reason="the SSE/AVX square-root loop is x86-64's")
@pytest.mark.parametrize("dtype", ["float", "half"])
@pytest.mark.parametrize("api", ["Sqrt", "Rsqrt"])
def test_sqrt_count_forms_use_vector_square_roots(tmp_path: Path, api: str, dtype: str) -> None:
    """GCC cannot vectorise std::sqrt under -fmath-errno: the count forms run mathfn.h's sqrt_loop instead."""
    _, obj = _build(tmp_path, api, dtype, False, "-O2")
    text = "\n".join(_function_bodies(obj).values())
    assert re.search(r"\svsqrtps\s+.*%ymm", text), f"{api}<{dtype}>: no 8-wide square root (AVX)"
    assert re.search(r"\ssqrtps\s+.*%xmm", text), f"{api}<{dtype}>: no 4-wide square root for CPUs without AVX2"
