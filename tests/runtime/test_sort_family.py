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
