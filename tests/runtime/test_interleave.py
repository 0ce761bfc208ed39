"""Interleave / DeInterleave (Ascend 950's pair shuffles), Duplicate's count form over Ascend 950's 1- and 8-byte
types and the 950's int4b_t Casts, on the simulator built for dav-3510, against numpy."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

# One program with test_vec950.py's Ascend 950 APIs (vec950_ops.cpp): the same sources build once.
CPP = [Path(__file__).parent / "cpp" / "interleave_main.cpp", Path(__file__).parent / "cpp" / "vec950_ops.cpp",
       Path(__file__).parent / "cpp" / "vec950_sys.cpp"]
DTYPES = {"int8": np.int8, "uint8": np.uint8, "int16": np.int16, "half": np.float16, "bf16": np.uint16,
          "int32": np.int32, "float": np.float32, "int64": np.int64, "uint64": np.uint64, "bool": np.bool_}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program(CPP, defines={"OPKIT_SOC_ARCH": "3510"})


def _data(dtype: str, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        return rng.integers(0, 2, n).astype(np.bool_)
    if dtype in ("half", "float"):
        return rng.standard_normal(n).astype(DTYPES[dtype])
    # bf16 travels as its raw 16 bits: the shuffle must keep every bit pattern.
    return rng.integers(0, 120, n).astype(DTYPES[dtype]) * (-1 if dtype[0] == "i" else 1)


def _run(program: Program, tmp: Path, api: str, dtype: str, a: np.ndarray, b: np.ndarray,
         count: int) -> tuple[np.ndarray, np.ndarray]:
    a.tofile(tmp / "a.bin")
    b.tofile(tmp / "b.bin")
    proc = run_program(program, api, dtype, str(count), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return (np.fromfile(tmp / "d0.bin", dtype=a.dtype), np.fromfile(tmp / "d1.bin", dtype=a.dtype))


@pytest.mark.parametrize("count", [2, 34, 1026])
@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "half", "bf16", "int32", "float", "int64", "uint64"])
def test_interleave_and_deinterleave(program: Program, tmp_path: Path, dtype: str, count: int) -> None:
    a, b = _data(dtype, count, count), _data(dtype, count, count + 1)
    d0, d1 = _run(program, tmp_path, "interleave", dtype, a, b, count)
    pairs = np.stack([a, b], axis=1).reshape(-1)  # a0 b0 a1 b1 ...
    np.testing.assert_array_equal(d0, pairs[:count])
    np.testing.assert_array_equal(d1, pairs[count:])
    # DeInterleave undoes it: the even elements of d0 then d1 give a back.
    e0, e1 = _run(program, tmp_path, "deinterleave", dtype, d0, d1, count)
    np.testing.assert_array_equal(e0, np.concatenate([d0[0::2], d1[0::2]]))
    np.testing.assert_array_equal(e1, np.concatenate([d0[1::2], d1[1::2]]))
    np.testing.assert_array_equal(e0, a)
    np.testing.assert_array_equal(e1, b)
    f0, f1 = _run(program, tmp_path, "deinterleave1", dtype, a, b, count)
    np.testing.assert_array_equal(f0[:count // 2], a[0::2])
    np.testing.assert_array_equal(f1[:count // 2], a[1::2])


@pytest.mark.parametrize("api", ["interleave", "deinterleave", "deinterleave1"])
def test_odd_count_faults(program: Program, tmp_path: Path, api: str) -> None:
    a = _data("half", 33, 1)
    a.tofile(tmp_path / "a.bin")
    a.tofile(tmp_path / "b.bin")
    proc = run_program(program, api, "half", "33", str(tmp_path))
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "33 is odd" in proc.stdout, proc.stdout
    assert ("DeInterleave" if api != "interleave" else "Interleave") in proc.stdout, proc.stdout


@pytest.mark.parametrize("count", [1, 31, 300])
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int64", "uint64", "half"])
def test_duplicate_count_form_on_950_types(program: Program, tmp_path: Path, dtype: str, count: int) -> None:
    a = _data(dtype, count, 7)
    a[0] = a[0] if dtype == "bool" or a[0] != 0 else 5  # a non-zero fill value, to tell it from a zeroed buffer
    d0, _ = _run(program, tmp_path, "duplicate", dtype, a, a, count)
    np.testing.assert_array_equal(d0, np.full(count, a[0], dtype=a.dtype))


def _nibbles(packed: np.ndarray) -> np.ndarray:
    """Packed int4 values, the first in the low nibble, as int8."""
    both = np.stack([packed & 0xF, packed >> 4], axis=1).reshape(-1).astype(np.int8)
    return np.where(both >= 8, both - 16, both).astype(np.int8)


@pytest.mark.parametrize("dtype", ["half", "int16", "bf16"])
def test_int4_casts_on_950(program: Program, tmp_path: Path, dtype: str) -> None:
    count = 258
    rng = np.random.default_rng(3)
    raw = rng.integers(0, 256, count * 2, dtype=np.uint8)
    # int4b_t -> dtype: exact, from the first count / 2 bytes of a.
    d0, _ = _run(program, tmp_path, "cast_from_int4", dtype, raw.view(DTYPES[dtype]), raw.view(DTYPES[dtype]), count)
    want = _nibbles(raw[:count // 2])
    got = ((d0.astype(np.uint32) << 16).view(np.float32) if dtype == "bf16" else d0).astype(np.float64)
    np.testing.assert_array_equal(got, want.astype(np.float64))
    if dtype == "bf16":
        return
    # dtype -> int4b_t: half rounds to nearest even (CAST_RINT), int16 is exact; both saturate to [-8, 7].
    a = (rng.uniform(-11, 10, count) if dtype == "half" else rng.integers(-20, 20, count)).astype(DTYPES[dtype])
    a[:4] = [7.5, -8.5, 100, -100]
    d0, _ = _run(program, tmp_path, "cast_to_int4", dtype, a, a, count)
    expected = np.clip(np.rint(a.astype(np.float64)), -8, 7).astype(np.int8)
    np.testing.assert_array_equal(_nibbles(d0.view(np.uint8)[:count // 2]), expected)
