"""Kernel APIs that CANN's kernel-launch samples use (atomics, GM fill, GatherMask, Sort32, Copy, Pad/UnPad, Broadcast,
TBufPool, dumps and asserts, ListTensorDesc, static tensors): one case program, exact expected values in C++."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

import opkit

from tests.runtime.cxx import CXX, SANITIZERS, Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile

OK_CASES = ["atomic_add_48", "atomic_none_overwrites", "fill_gm", "global_address", "gather_mask", "sort32",
            "vector_copy", "pad_unpad", "pad_tiling_buffer", "broadcast", "broadcast_int16_int32",
            "utils", "buf_pool", "list_tensor", "list_tensor_host_stack", "static_tensor", "gatherb", "cmp_mask"]

# (case, API in the fault, message): every misuse is a KernelFault naming the block and the kernel's line.
FAULTS = [
    ("fill_gm_out_of_bounds", "Fill", "GM write of 36 bytes at bytes [32, 68) of 'f' (64 bytes) is out of bounds"),
    ("gather_mask_bad_pattern", "GatherMask", "src1Pattern 9 is outside [1, 7] (the built-in patterns)"),
    ("pad_misaligned", "Pad", "leftPad 0 + srcOriWidth 14 + rightPad 1 = 15 elements x 2 bytes is not a multiple of "
     "32 bytes"),
    ("broadcast_shape_mismatch", "Broadcast", "srcShape[0] is 4 but dstShape[0] is 8 (other axes must match)"),
    ("broadcast_column_310p", "Broadcast", "srcShape[0] 4 x 4 bytes is not a multiple of 32 bytes (Broadcast of a "
     "2-D tensor needs it aligned on Ascend310P)"),
    ("buf_pool_overflow", "TBufPool::InitBuffer", "TBufPool overflow: 768 bytes already taken + 512 bytes = 1280 "
     "bytes > the pool's 1024 bytes"),
    ("tbuf_free_foreign", "TBuf::FreeTensor", "the tensor was not taken from this TBuf"),
    ("dump_past_end", "DumpTensor", "dumps elements [0, 9) of a tensor of 8 elements"),
    ("assert_fails", "ASSERT", "assertion `n < 2` failed"),
    ("ascendc_assert_message", "ASSERT", "assertion `std::max(n, 1) < 2` failed: n is 3"),
    ("assert_like_cann", "ASSERT", "assertion `n < 2` failed: n, three, is 3"),
    ("list_tensor_bad_index", "ListTensorDesc::GetDataPtr", "index 1 is outside [0, 1)"),
    ("gatherb_offset_outside", "Gatherb", "offset[5] = 240 bytes: the 32-byte block is not inside src (256 bytes)"),
    ("static_tensor_misaligned", "LocalTensor", "UB address 100 is not 32-byte aligned"),
    ("static_tensor_cube_memory", "LocalMemAllocator::Alloc", "position A2 lives in L0A, not in this allocator's L1"),
]


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program(CPP / "kapis_main.cpp")


@pytest.fixture(scope="module")
def results(program: Program) -> dict[str, str]:
    """Every case in one process (4 pool threads, so blocks really run concurrently): a fault leaves it usable."""
    names = OK_CASES + [case for case, _, _ in FAULTS] + ["dump"]
    proc = run_program(program, *names, env={"OPKIT_SIM_THREADS": "4"})
    out: dict[str, str] = {}
    for line in proc.stdout.splitlines():
        m = re.match(r"^(\w+): (.*)$", line)
        if m and m.group(1) in names:
            out[m.group(1)] = m.group(2)
    out["_stdout"] = proc.stdout
    return out


@pytest.mark.parametrize("case", OK_CASES)
def test_api_matches_expected_values(results: dict[str, str], case: str) -> None:
    assert results.get(case) == "ok", results["_stdout"]


@pytest.mark.parametrize(("case", "api", "message"), FAULTS)
def test_misuse_is_a_located_fault(results: dict[str, str], case: str, api: str, message: str) -> None:
    out = results.get(case, "")
    assert out.startswith("fault: [kapis][Block_0][kapis_main.cpp:"), out
    assert f"[{api}] {message}" in out, out


def test_dump_output_names_block_and_line(results: dict[str, str]) -> None:
    assert results.get("dump") == "ok", results["_stdout"]
    text = results["_stdout"]
    src = (CPP / "kapis_main.cpp").read_text().splitlines()
    line_of = {needle: next(i + 1 for i, s in enumerate(src) if needle in s)
               for needle in ("DumpTensor(t, 7, 4)", "DumpTensor(t, 8, 5", "DumpAccChkPoint(gt", "PRINTF(")}
    assert (f"[AIV Block 1][kapis_main.cpp:{line_of['DumpTensor(t, 7, 4)']}] DumpTensor: desc=7, addr=0, "
            "data_type=float32, position=UB, dump_size=4\n[0.500000, 1.500000, 2.500000, 3.500000]\n") in text
    assert (f"[AIV Block 1][kapis_main.cpp:{line_of['DumpTensor(t, 8, 5']}] DumpTensor: desc=8, addr=0, "
            "data_type=float32, position=UB, dump_size=5\n"
            "[[0.500000, 1.500000, 2.500000],\n[3.500000, 4.500000, -]]\n") in text
    assert re.search(rf"\[AIV Block 1\]\[kapis_main.cpp:{line_of['DumpAccChkPoint(gt']}\] DumpAccChkPoint: desc=3, "
                     r"countOff=2, addr=[0-9a-f]+, data_type=int32, position=GM, dump_size=3\n\[102, 103, 104\]\n", text)
    assert f"[AIV Block 1][kapis_main.cpp:{line_of['PRINTF(']}] value 42 of x is 1.250000\n" in text
    assert "[AIV Block 1] plain 7\n" in text
    assert "[AIV Block 1] half 0.500000\n" in text
    # CANN 9's raw-pointer dumps (utils/debug/asc_dump.h): the memory is named, GM checked against the buffers
    assert re.search(r"\] DumpTensor: desc=11, addr=[0-9a-f]+, data_type=int32, position=GM, dump_size=2\n"
                     r"\[106, 107\]\n", text)
    assert "] DumpTensor: desc=12, addr=4, data_type=float32, position=UB, dump_size=2\n[1.500000, 2.500000]\n" in text
    assert "[AIV Block 0]" not in text, "only block 1 dumps"


def test_no_sanitizer_report() -> None:
    """Every case (faults included) under AddressSanitizer + UBSan, blocks on 4 threads."""
    program = compile_program(CPP / "kapis_main.cpp", flags=SANITIZERS, opt="-O1")
    names = OK_CASES + [case for case, _, _ in FAULTS] + ["dump"]
    proc = run_program(program, *names, env={"OPKIT_SIM_THREADS": "4"}, timeout=120)
    assert proc.returncode == 0 and "Sanitizer" not in proc.stderr and "runtime error" not in proc.stderr, (
        proc.stdout[-4000:] + proc.stderr[-4000:])


# Calls CANN rejects must not compile here either: (statement in a kernel body, part of the static_assert message).
REJECTED = [
    ("AscendC::Std::max(1, 2u);", "Std::max: src0 and src1 must have the same type"),
    ("AscendC::SetAtomicAdd<double>();", "T must be float, half, bfloat16_t, int32_t, int16_t or int8_t"),
    ("AscendC::GlobalTensor<double> g; AscendC::Fill(g, 8, 1.0);", "Fill: T must be"),
    ("AscendC::LocalTensor<half> h; AscendC::LocalTensor<uint32_t> p; uint64_t n = 0;"
     " AscendC::GatherMask(h, h, p, false, 0, AscendC::GatherMaskParams{}, n);",
     "src1Pattern must be LocalTensor<uint16_t> for 16-bit T"),
    ("AscendC::LocalTensor<int32_t> s; AscendC::LocalTensor<uint32_t> i; AscendC::Sort32(s, s, i, 1);",
     "Sort32: T must be half or float"),
    ("AscendC::LocalTensor<float> f; const uint32_t d[3] = {1, 1, 1};"
     " AscendC::Broadcast<float, 3, 0>(f, f, d, d);", "Broadcast: only dim 1 and 2 are supported"),
    ("AscendC::LocalTensor<int64_t> l; const uint32_t d[1] = {1}; AscendC::Broadcast<int64_t, 1, 0>(l, l, d, d);",
     "Broadcast: T must be int8_t, uint8_t, half, bfloat16_t, int16_t, uint16_t, float, int32_t or uint32_t"),
    ("AscendC::LocalTensor<int8_t> b; AscendC::Copy(b, b, uint64_t(8), 1, AscendC::CopyRepeatParams{});",
     "Copy: T must be a 16-bit or 32-bit type"),
]


@pytest.mark.parametrize(("statement", "message"), REJECTED)
def test_rejected_call_does_not_compile(tmp_path: Path, statement: str, message: str) -> None:
    source = tmp_path / "rejected.cpp"
    source.write_text(f'#include "kernel_operator.h"\nvoid kernel_body() {{ {statement} }}\n')
    proc = subprocess.run([CXX, "-std=c++17", "-fsyntax-only", f"-I{opkit.include_dir()}", str(source)],
                          capture_output=True, text=True)
    assert proc.returncode != 0 and message in proc.stderr, proc.stderr[-3000:]
