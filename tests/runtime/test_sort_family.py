"""Sorting: Concat + Sort<T, isFullSort> + Extract over the 910B sort structure, the SortConfig forms of Sort, and
the host tmp-size helpers, on the simulator against numpy's stable sorts."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "sort_main.cpp"
DTYPES = {"float": np.float32, "half": np.float16, "int32": np.int32}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _run(program: Program, tmp: Path, x: np.ndarray, *args: object) -> tuple[np.ndarray, np.ndarray]:
    x.tofile(tmp / "x.bin")
    proc = run_program(program, *map(str, args), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return np.fromfile(tmp / "value.bin", dtype=x.dtype), np.fromfile(tmp / "index.bin", dtype=np.uint32)


def _data(n: int, dtype: type, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(n).astype(dtype) if dtype is not np.int32 else rng.integers(-50, 50, n).astype(dtype)
    x[::7] = x[0]  # ties: a stable sort keeps their input order
    return x


@pytest.mark.parametrize("repeat", [1, 3, 8])
@pytest.mark.parametrize("full", [0, 1])
@pytest.mark.parametrize("dtype", ["float", "half"])
def test_concat_sort_extract_sorts_descending_with_indices(program: Program, tmp_path: Path, dtype: str, full: int,
                                                           repeat: int) -> None:
    x = _data(repeat * 32, DTYPES[dtype], repeat * 10 + full)
    value, index = _run(program, tmp_path, x, "chain", dtype, repeat, full)
    run = repeat * 32 if full else 32
    want_order = np.concatenate([base + np.argsort(-x[base:base + run].astype(np.float64), kind="stable")
                                 for base in range(0, x.size, run)])
    np.testing.assert_array_equal(value, x[want_order])
    np.testing.assert_array_equal(index, 1000 + want_order)


@pytest.mark.parametrize("count", [1, 37, 256])
@pytest.mark.parametrize("descend", [0, 1])
@pytest.mark.parametrize("src_index", [0, 1])
@pytest.mark.parametrize("dtype", ["float", "half", "int32"])
def test_sort_config_forms(program: Program, tmp_path: Path, dtype: str, src_index: int, descend: int,
                           count: int) -> None:
    x = _data(count, DTYPES[dtype], count + descend)
    value, index = _run(program, tmp_path, x, "config", dtype, count, descend, src_index)
    key = -x.astype(np.float64) if descend else x.astype(np.float64)
    order = np.argsort(key, kind="stable")
    np.testing.assert_array_equal(value, x[order])
    np.testing.assert_array_equal(index, (7 * order + 3) if src_index else order)


def _topk_want(x: np.ndarray, idx: np.ndarray, n: int, k: int, largest: bool) -> tuple[np.ndarray, np.ndarray]:
    """Per row: the k largest/smallest of the first n, ties in input order, NaN first (CANN's documented rules)."""
    rows = x[:, :n].astype(np.float64)
    key = np.where(np.isnan(rows), -np.inf, -rows if largest else rows)
    order = np.argsort(key, axis=1, kind="stable")[:, :k]
    return np.take_along_axis(x[:, :n], order, axis=1), np.take_along_axis(idx[:, :n], order, axis=1)


@pytest.mark.parametrize(("dtype", "outter", "inner", "n", "k", "largest", "small", "init", "finish", "tmp"), [
    ("float", 2, 32, 32, 1, 1, 0, 0, 1, 1),     # the asc-devkit sample's shape
    ("float", 3, 64, 50, 9, 0, 0, 1, 1, 0),     # padded rows, k past one 32 B block, smallest, given indices
    ("half", 4, 128, 128, 17, 1, 0, 0, 0, 1),   # half: value rows padded to 32 (16 halves per block)
    ("half", 1, 4096, 4000, 5, 0, 0, 0, 0, 0),  # Normal mode's widest row
    ("float", 5, 32, 32, 32, 1, 1, 1, 0, 1),    # Small mode, k = n, per-row indices
    ("half", 3, 32, 20, 3, 0, 1, 0, 0, 0),      # Small mode, padded, smallest
])
def test_topk_matches_numpy_with_its_host_tiling(program: Program, tmp_path: Path, dtype: str, outter: int, inner: int,
                                                 n: int, k: int, largest: int, small: int, init: int, finish: int,
                                                 tmp: int) -> None:
    rng = np.random.default_rng(outter * inner + k)
    x = rng.integers(-20, 20, (outter, inner)).astype(DTYPES[dtype])  # small integers: many ties
    x[0, 3] = np.inf
    x[-1, 1] = np.nan
    x[:, n:] = 99 if not largest else -99  # padding CANN's way; the simulator must not read it
    x.tofile(tmp_path / "x.bin")
    idx = np.tile(np.arange(inner, dtype=np.int32) * 3 + 5, (outter if small else 1, 1))
    if init:
        idx.tofile(tmp_path / "idx.bin")
    done = rng.integers(0, 2, outter).astype(np.bool_)
    done.tofile(tmp_path / "finish.bin")
    proc = run_program(program, "topk", dtype, *map(str, (outter, inner, n, k, largest, small, init, finish, tmp)),
                       str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    vs = k if small else -(-k * x.itemsize // 32) * 32 // x.itemsize
    ks = k if small else -(-k // 8) * 8
    value = np.fromfile(tmp_path / "value.bin", dtype=x.dtype).reshape(outter, vs)
    index = np.fromfile(tmp_path / "index.bin", dtype=np.int32).reshape(outter, ks)
    rows_idx = np.broadcast_to(idx if init else np.arange(inner, dtype=np.int32), (outter, inner))
    want_v, want_i = _topk_want(x, rows_idx, n, k, bool(largest))
    if finish:
        want_i[done] = n
    np.testing.assert_array_equal(value[:, :k], want_v)
    np.testing.assert_array_equal(index[:, :k], want_i)
    assert (value[:, k:] == -7).all() and (index[:, k:] == -7).all()  # nothing written past k
    lo, hi = map(int, (tmp_path / "tmpsize.txt").read_text().split())
    all_ = outter * inner
    want_tmp = ((16 if init else 20) * inner if not small
                else all_ * 8 + 64 + (0 if largest else all_ * 4) + (0 if init else all_ * 4))
    assert lo == hi == want_tmp  # CANN's 910B formulas


@pytest.mark.parametrize(("n", "k", "message"), [(20, 25, "k 25 is outside [1, n 20]"), (40, 4, "topKInfo.n 40")])
def test_topk_refuses_bad_k_and_n(program: Program, tmp_path: Path, n: int, k: int, message: str) -> None:
    np.zeros((1, 32), np.float32).tofile(tmp_path / "x.bin")
    np.zeros(1, np.bool_).tofile(tmp_path / "finish.bin")
    proc = run_program(program, "topk", "float", "1", "32", str(n), str(k), "1", "0", "0", "0", "0", str(tmp_path))
    assert proc.returncode != 0 and message in proc.stderr, proc.stderr
