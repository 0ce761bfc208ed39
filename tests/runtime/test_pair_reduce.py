"""ReducePairElem<ReduceType::SUM> and its older name PairReduceSum (sums of adjacent pairs per repeat) on the
simulator, against a numpy model of CANN's documented addressing: bit and count masks, block/repeat strides, dst
repeat stride in 128-byte units, and pairs with no active element left untouched. GetReduceRepeatSumSpr: the sum a
count-form ReduceSum left in the ACC_VAL register."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "pair_reduce_main.cpp"
DTYPES = {"half": np.float16, "float": np.float32}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _active(dtype: str, mode: str, lo: int, hi: int) -> np.ndarray:
    per = 256 // np.dtype(DTYPES[dtype]).itemsize
    if mode == "count":
        return np.arange(per) < hi
    bits = [(lo >> j) & 1 for j in range(64)] + [(hi >> j) & 1 for j in range(64)]
    return np.array(bits[:per], dtype=bool)


def _reference(x: np.ndarray, dtype: str, active: np.ndarray, repeat: int, dst_rep: int, src_blk: int,
               src_rep: int, dst_n: int) -> np.ndarray:
    blk = 32 // x.itemsize
    per, step = active.size, 128 // x.itemsize
    y = np.full(dst_n, 7, dtype=x.dtype)
    for r in range(repeat):
        j = np.arange(per)
        vals = x[r * src_rep * blk + (j // blk) * src_blk * blk + j % blk].astype(np.float32)
        for k in range(per // 2):
            pair = active[2 * k:2 * k + 2]
            if pair.any():
                y[r * dst_rep * step + k] = vals[2 * k:2 * k + 2][pair].sum(dtype=np.float32).astype(x.dtype)
    return y


CASES = [  # name, dtype, mode, mask_lo, mask_hi/count, repeat, dstRep, srcBlk, srcRep
    ("new", "half", "bits", 2**64 - 1, 2**64 - 1, 1, 1, 1, 8),  # the documented example: 128 halves -> 64
    ("new", "half", "count", 0, 100, 3, 1, 1, 8),
    ("new", "half", "count", 0, 37, 2, 2, 1, 8),  # an odd count: the last pair has one active element
    ("new", "float", "bits", 0x0F0F_00FF_F0F0_5555, 0, 4, 1, 2, 16),
    ("new", "float", "count", 0, 64, 5, 0, 1, 8),  # dstRepStride 0: each repeat writes the same place
    ("old", "half", "bits", 0xAAAA_AAAA_AAAA_AAAA, 0x3, 2, 3, 1, 8),
    ("old", "float", "count", 0, 17, 1, 1, 1, 8),
]


@pytest.mark.parametrize("name,dtype,mode,lo,hi,repeat,dst_rep,src_blk,src_rep", CASES)
def test_pair_sums_match_numpy(program: Program, tmp_path: Path, name: str, dtype: str, mode: str, lo: int, hi: int,
                               repeat: int, dst_rep: int, src_blk: int, src_rep: int) -> None:
    np_dtype = DTYPES[dtype]
    per = 256 // np.dtype(np_dtype).itemsize
    blk = per // 8
    src_n = (repeat - 1) * src_rep * blk + 7 * src_blk * blk + blk
    dst_n = max((repeat - 1) * dst_rep * (128 // np.dtype(np_dtype).itemsize) + per // 2, 16) + 32
    x = np.random.default_rng(repeat * 31 + src_rep).uniform(-4, 4, src_n).astype(np_dtype)
    x.tofile(tmp_path / "x.bin")
    proc = run_program(program, name, dtype, mode, str(lo), str(hi), str(repeat), str(dst_rep), str(src_blk),
                       str(src_rep), str(src_n), str(dst_n), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = np.fromfile(tmp_path / "y.bin", dtype=np_dtype)
    want = _reference(x, dtype, _active(dtype, mode, lo, hi), repeat, dst_rep, src_blk, src_rep, dst_n)
    np.testing.assert_array_equal(got, want)


def test_dst_too_small_faults(program: Program, tmp_path: Path) -> None:
    x = np.ones(256, dtype=np.float16)
    x.tofile(tmp_path / "x.bin")
    # two repeats at dstRepStride 1 write 64 halves each, 128 B apart: 128 halves, but dst holds 96.
    proc = run_program(program, "new", "half", "count", "0", "128", "2", "1", "1", "8", "256", "96", str(tmp_path))
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "ReducePairElem" in proc.stdout and "dst" in proc.stdout, proc.stdout


@pytest.mark.parametrize("dtype,count", [("half", 1), ("half", 300), ("float", 64), ("float", 1000)])
def test_get_reduce_repeat_sum_spr_returns_reduce_sums_result(program: Program, tmp_path: Path, dtype: str,
                                                              count: int) -> None:
    """Typed (GetReduceRepeatSumSpr<T>), and for 300 halves the untyped forms' bits (GetAccVal(), as older kernels
    read it)."""
    x = np.random.default_rng(count).uniform(-1, 1, count).astype(DTYPES[dtype])
    x.tofile(tmp_path / "x.bin")
    proc = run_program(program, "accval", dtype, str(count), "get" if count != 300 else "raw", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    dst0, spr = np.fromfile(tmp_path / "y.bin", dtype=x.dtype)
    np.testing.assert_allclose(float(dst0), float(x.astype(np.float64).sum()), rtol=2e-3, atol=2e-3)
    assert spr == dst0


@pytest.mark.parametrize("then,why", [("none", "no ReduceSum"), ("masked", "no ReduceSum"), ("other", "-byte type")])
def test_get_reduce_repeat_sum_spr_without_its_reduce_sum_faults(program: Program, tmp_path: Path, then: str,
                                                                 why: str) -> None:
    np.ones(128, dtype=np.float16).tofile(tmp_path / "x.bin")
    proc = run_program(program, "accval", "half", "128", then, str(tmp_path))
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "GetReduceRepeatSumSpr" in proc.stdout and why in proc.stdout, proc.stdout


def _masked_extreme(x: np.ndarray, how: str) -> tuple[float, int]:
    """numpy's max/min (first occurrence) over the elements the reduction takes; the index counts them from the
    first element, r * perRepeat + j."""
    per = 256 // x.itemsize
    if how == "wholebits":  # bits 4-7, 16-23, 32-39, 48-55 (and the same in the high word for half) of each repeat
        active = np.array([bool((0x00FF00FF00FF00F0 >> (j % 64)) & 1) for j in range(per)])
        keep = np.tile(active, x.size // per)
        idx = np.where(keep)[0][np.argmin(x[keep])]
    elif how in ("counter",):
        idx = int(np.argmin(x))
    else:
        idx = int(np.argmax(x))
    return float(x[idx]), int(idx)


@pytest.mark.parametrize("dtype,count,how", [("float", 512, "whole"), ("half", 384, "wholebits"),
                                             ("float", 1000, "counter"), ("half", 300, "reduce")])
def test_get_reduce_max_min_count_matches_numpy(program: Program, tmp_path: Path, dtype: str, count: int,
                                                how: str) -> None:
    """GetReduceMaxMinCount<T>(value, index) after the last WholeReduceMax/Min (all its repeats; bit mask, counter
    mode as cann-ops' icamin) or ReduceMax: the extreme and, in T's bits, the unsigned index of its first occurrence."""
    x = np.random.default_rng(count).uniform(-100, 100, count).astype(DTYPES[dtype])
    x[count - 3] = x.max() if how != "counter" and how != "wholebits" else x.min()  # a tie: the first one wins
    x.tofile(tmp_path / "x.bin")
    proc = run_program(program, "maxmin", dtype, str(count), how, str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = np.fromfile(tmp_path / "y.bin", dtype=x.dtype)
    value, index = _masked_extreme(x, how)
    assert float(got[0]) == value
    assert int(got[1:2].view(np.uint16 if dtype == "half" else np.uint32)[0]) == index


@pytest.mark.parametrize("how,why", [("none", "no ReduceMax, ReduceMin"), ("other", "-byte type"),
                                     ("value", "value-only form is not supported on Ascend910B")])
def test_get_reduce_max_min_count_without_its_reduction_faults(program: Program, tmp_path: Path, how: str,
                                                               why: str) -> None:
    np.ones(128, dtype=np.float16).tofile(tmp_path / "x.bin")
    proc = run_program(program, "maxmin", "half", "128", how, str(tmp_path))
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "GetReduceMaxMinCount" in proc.stdout and why in proc.stdout, proc.stdout
