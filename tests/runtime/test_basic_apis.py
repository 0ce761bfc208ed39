"""Basic Ascend C APIs of issue 25 against numpy: fused vector ops, Brcb, CreateVecIndex, Gather, scalar bit ops and
atomics, IBSet/IBWait, WaitPreBlock/NotifyNextBlock (tests/runtime/cpp/basic_apis_main.cpp runs the kernels)."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

_CPP = Path(__file__).parent / "cpp" / "basic_apis_main.cpp"
f16, f32 = np.float16, np.float32


def _a(n: int) -> np.ndarray:
    i = np.arange(n)
    return ((i * 37 % 101) - 50) / 8


def _b(n: int) -> np.ndarray:
    i = np.arange(n)
    return ((i * 53 % 97) - 48) / 16


def _c(n: int) -> np.ndarray:
    i = np.arange(n)
    return ((i * 29 % 89) - 44) / 4


def _ia(n: int) -> np.ndarray:
    return (np.arange(n) * 37 % 101) - 50


def _ib(n: int) -> np.ndarray:
    return (np.arange(n) * 53 % 97) - 48


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def _to_int8(x: np.ndarray, dtype: type = np.int8) -> np.ndarray:
    info = np.iinfo(dtype)
    return np.clip(np.rint(x.astype(np.float64)), info.min, info.max).astype(dtype)


def _half_odd(v: float) -> float:
    """float -> half rounded to odd: truncate toward zero, then make the last bit 1 if that was inexact."""
    with np.errstate(over="ignore"):
        h = np.float16(v)   # nearest (65520 rounds to inf)
    if abs(float(h)) > abs(v):
        h = np.nextafter(h, np.float16(0))
    if float(h) != v and not np.isinf(h):
        h = np.float16(np.uint16(h.view(np.uint16) | 1).view(np.float16))
    return float(h)


def _in(dtype: type, n: int) -> tuple[np.ndarray, np.ndarray]:
    if dtype is np.int16:
        return _ia(n).astype(np.int16), _ib(n).astype(np.int16)
    return _a(n).astype(dtype), _b(n).astype(dtype)


def _fused(name: str, dtype: type, n: int) -> np.ndarray:
    x, y = _in(dtype, n)
    d = _c(n).astype(dtype if dtype is not np.int16 else f32)
    wide = (lambda v: v.astype(f32)) if dtype is f16 else (lambda v: v)
    out = {"add_relu": lambda: _relu(wide(x) + wide(y)), "sub_relu": lambda: _relu(wide(x) - wide(y)),
           "fused_mul_add": lambda: wide(x) * wide(d) + wide(y),
           "mul_add_relu": lambda: _relu(wide(x) * wide(d) + wide(y)),
           "fused_mul_add_relu": lambda: _relu(wide(x) * wide(d) + wide(y)),
           "mul_add_dst": lambda: wide(x) * wide(y) + wide(d)}[name]()
    return out.astype(dtype)


def _min_max_row(x: int, y: int) -> np.ndarray:
    """min/max per type as the kernel computes them: int, long long (scaled past 32 bits), uint32 (wrapping), short,
    unsigned char."""
    ll = np.array([x, y], np.int64) * 1000000007
    u32 = (np.array([x + 50, y + 50], np.uint64) * 40000000 % 2**32).astype(np.uint32)
    u8 = np.array([x + 50, y + 50]).astype(np.uint8)
    return np.array([min(x, y), max(x, y), ll.min(), ll.max(), u32.min(), u32.max(), min(x, y), u8.max()],
                    dtype=np.float64)


# case -> expected values.
EXPECTED: dict[str, np.ndarray] = {
    **{f"{op}_{t}": _fused(op, dt, n) for op, cases in {
        "add_relu": [("float", f32, 200), ("half", f16, 300), ("int16", np.int16, 100)],
        "sub_relu": [("float", f32, 200), ("half", f16, 257), ("int16", np.int16, 100)],
        "fused_mul_add": [("float", f32, 200), ("half", f16, 130)],
        "mul_add_relu": [("float", f32, 200), ("half", f16, 130)],
        "fused_mul_add_relu": [("float", f32, 200), ("half", f16, 130)],
        "mul_add_dst": [("float", f32, 200), ("half", f16, 130)]}.items() for t, dt, n in cases},
    "mul_add_dst_half_float": (_a(70).astype(f16).astype(f32) * _b(70).astype(f16).astype(f32)
                               + _c(70).astype(f32)).astype(f32),
    "add_relu_cast_float_half": _relu(_a(200).astype(f32) + _b(200).astype(f32)).astype(f16),
    "add_relu_cast_half_int8": _to_int8(_relu((_a(200).astype(f16).astype(f32) + _b(200).astype(f16)).astype(f16))),
    "add_relu_cast_int16_int8": _to_int8(_relu(_ia(100) + _ib(100))),
    "sub_relu_cast_float_half": _relu(_a(200).astype(f32) - _b(200).astype(f32)).astype(f16),
    "sub_relu_cast_half_int8": _to_int8(_relu((_a(200).astype(f16).astype(f32) - _b(200).astype(f16)).astype(f16))),
    "mul_cast_half_int8": _to_int8((_a(200).astype(f32) * _b(200).astype(f32)).astype(f16)),
    "mul_cast_half_uint8": _to_int8((_a(200).astype(f32) * _b(200).astype(f32)).astype(f16), np.uint8),
    # Brcb: repeat r, block k of dst is src[8r + k] repeated over 32 bytes; untouched dst keeps its fill.
    "brcb_float": np.concatenate([np.repeat(_a(16).astype(f32), 8), np.full(64, -1, f32)]),
    "brcb_half_strided": np.concatenate([np.concatenate([np.repeat(v, 16), np.zeros(16, f16)])
                                         for v in _b(16).astype(f16)]),
    "create_vec_index_int32": np.arange(-5, 65, dtype=np.int32),
    "create_vec_index_half": np.arange(3, 133).astype(f16),
    "gather_float": _a(64).astype(f32)[4 + (np.arange(50) * 7 % 60)],
    "gather_half": _b(128).astype(f16)[127 - np.arange(33) * 3],
    "scalar_bits": np.array([8, 56, 4, 64, 3, 63, 8, -1, 8]),
    "ctrl_spr": np.array([1, 15, 1]),
    "saturation": np.array([1, 0, 1, 1, 1, 0, 0, 1]),
    # F32 sum (type 1, op 0): 1 + 2 + 2; none (0, 0): overwritten with 2; SetAtomicAdd<half>: F16 (2), sum.
    "store_atomic_config": np.array([1, 0, 5, 0, 0, 2, 2, 0]),
    # CAST_ROUND is half away from zero, CAST_RINT half to even; int32 saturates; float -> half rounds to odd.
    "scalar_cast": np.array([3, -3, 2, 3, -3, 2, 4, 2**31 - 1, -2**31,
                             *[_half_odd(v) for v in (1.00048828125, 1.0, 1.000732421875, 65520.0, -1.000732421875,
                                                      3.0e-8)]]),
    # GM (b) min UB (a) in half; SetAtomicType<float> keeps min for float GM (c); after SetAtomicAdd<half> it adds.
    "atomic_min_type": np.concatenate([np.minimum(_b(16), _a(16)).astype(f16), np.minimum(_c(8), _a(8)).astype(f32),
                                       (_b(8) + _a(8)).astype(f32)]),
    "scalar_min_max": np.concatenate([_min_max_row(int(x), int(y)) for x, y in zip(_ia(6), _ib(6))]),
    # GetTPipePtr() == &pipe; dims 4x16 of original 3x2x10 in NZ (1); the short form copies dims, format ND (0).
    "shape_info_pipe_ptr": np.array([1, 2, 4, 16, 3, 2, 10, 1, 2, 16, 0]),
    "scalar_atomics_8_blocks": np.array([500 * 36, 10.5, -7, 0, 800]),
    "ib_set_wait": np.array([1, 12, 123, 1234]),
    "determine_order": np.tile(np.arange(5), 3),
}

FAULTS = {
    "scalar_cast_half_needs_odd": "[ScalarCast] float -> half takes RoundMode::CAST_ODD only (got mode 1)",
    "gather_out_of_range": "[Gather] srcBaseOffset 0 + srcOffset[3] 32 = byte 32 is past the end of src (32 bytes)",
    "atomic_out_of_bounds": "[AtomicAdd] GM read-modify-write of 4 bytes at bytes [32, 36) of 'g' (32 bytes) is out "
                            "of bounds",
    "ib_wait_workspace_too_small": "[Block_1][basic_apis_main.cpp:",
    "trap": "[Trap] the kernel called Trap()",
}


@pytest.fixture(scope="module")
def results() -> dict[str, str]:
    program: Program = compile_program(_CPP)
    names = [*EXPECTED, *FAULTS, "sys_var"]
    proc = run_program(program, *names, env={"OPKIT_SIM_THREADS": "4"})
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    out = {}
    for line in proc.stdout.splitlines():
        m = re.match(r"^(\w+):(.*)$", line)
        if m and m.group(1) in names:
            out[m.group(1)] = m.group(2).strip()
    out["_stdout"] = proc.stdout
    return out


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_values_match_numpy(results: dict[str, str], case: str) -> None:
    got = np.array([float(v) for v in results[case].split()])
    want = EXPECTED[case].astype(np.float64)
    assert got.shape == want.shape, results[case]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("case", sorted(FAULTS))
def test_misuse_is_a_located_fault(results: dict[str, str], case: str) -> None:
    assert results[case].startswith("fault: [basic][Block_"), results[case]
    assert FAULTS[case] in results[case]


def test_system_variables_and_log(results: dict[str, str]) -> None:
    assert results["sys_var"].startswith("32 196608 196608 2201 1"), results["sys_var"]
    assert "[INFO] " in results["_stdout"] and "basic_apis_main.cpp" in results["_stdout"]
