"""Advanced reductions (Sum, Mean, ReduceSum/Max/Min/Mean/Prod/Any/All over AR/RA patterns, ReduceXorSum) with their
host tmp-size helpers, on the simulator against numpy."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "adv_reduce_main.cpp"
DTYPES = {"float": np.float32, "half": np.float16, "uint8": np.uint8}
NUMPY = {"sum": np.sum, "max": np.max, "min": np.min, "mean": np.mean, "prod": np.prod, "any": np.any, "all": np.all}
# (d0, d1): aligned, an inner axis that is not whole 32 B blocks, a single row/column, a wide row.
SHAPES = [(8, 64), (5, 30), (1, 7), (3, 1000)]


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _run(program: Program, tmp: Path, x: np.ndarray, *args: object) -> np.ndarray:
    x.tofile(tmp / "x.bin")
    proc = run_program(program, *map(str, args), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return np.fromfile(tmp / "y.bin", dtype=x.dtype)


@pytest.mark.parametrize(("d0", "d1"), SHAPES)
@pytest.mark.parametrize("pattern", ["AR", "RA"])
@pytest.mark.parametrize(("op", "dtype"), [("sum", "float"), ("sum", "half"), ("max", "float"), ("max", "half"),
                                           ("min", "float"), ("min", "half"), ("mean", "float"), ("mean", "half"),
                                           ("prod", "float"), ("any", "uint8"), ("all", "uint8"), ("any", "float"),
                                           ("all", "float")])
def test_reduce_over_the_pattern_axis(program: Program, tmp_path: Path, op: str, dtype: str, pattern: str, d0: int,
                                      d1: int) -> None:
    rng = np.random.default_rng(d0 * 1000 + d1)
    if op in ("any", "all"):
        # Mostly-true rows with some all-true and all-false lines, so both answers occur.
        x = (rng.uniform(size=(d0, d1)) < 0.9).astype(DTYPES[dtype])
        x[0, :] = 1
        if d0 > 1:
            x[-1, :] = 0
    elif op == "prod":
        x = rng.uniform(0.9, 1.1, (d0, d1)).astype(np.float32)
    else:
        x = (rng.standard_normal((d0, d1)) * 3).astype(DTYPES[dtype])
    y = _run(program, tmp_path, x, op, dtype, pattern, d0, d1, 1)
    axis = 1 if pattern == "AR" else 0
    want = NUMPY[op](x.astype(np.float64), axis=axis)
    if op in ("max", "min", "any", "all"):
        np.testing.assert_array_equal(y, want.astype(x.dtype))
    else:
        tol = 1e-5 if dtype == "float" else 2e-3
        np.testing.assert_allclose(y.astype(np.float64), want, rtol=tol, atol=tol * np.sqrt(x.shape[axis]))


def test_packed_rows_without_inner_pad(program: Program, tmp_path: Path) -> None:
    x = np.arange(5 * 30, dtype=np.float32).reshape(5, 30)
    np.testing.assert_array_equal(_run(program, tmp_path, x, "sum", "float", "AR", 5, 30, 0), x.sum(axis=1))
    np.testing.assert_array_equal(_run(program, tmp_path, x, "max", "float", "RA", 5, 30, 0), x.max(axis=0))


@pytest.mark.parametrize(("outter", "n"), [(1, 3), (2, 30), (4, 64), (3, 1000)])
@pytest.mark.parametrize(("api", "dtype"), [("Sum", "float"), ("Sum", "half"), ("Mean", "float"), ("Mean", "half"),
                                            ("MeanAcc", "half")])
def test_sum_and_mean_of_rows(program: Program, tmp_path: Path, api: str, dtype: str, outter: int, n: int) -> None:
    x = (np.random.default_rng(n).standard_normal((outter, n)) + 0.5).astype(DTYPES[dtype])
    y = _run(program, tmp_path, x, api, dtype, outter, n)
    want = x.astype(np.float64).sum(axis=1) / (1 if api == "Sum" else n)
    tol = 1e-5 if dtype == "float" else 2e-3
    np.testing.assert_allclose(y.astype(np.float64), want, rtol=tol, atol=tol * np.sqrt(n))


@pytest.mark.parametrize(("count", "big"), [(32, False), (100, False), (3, False), (64, True), (64, None)])
def test_reduce_xor_sum_saturates_to_int16(program: Program, tmp_path: Path, count: int, big: bool | None) -> None:
    rng = np.random.default_rng(count)
    if big is None:  # large negative xor values: the sum saturates at -32768
        a = np.full(count, -30000, dtype=np.int16)
        b = np.full(count, 5, dtype=np.int16)
    elif big:
        a = np.full(count, 30000, dtype=np.int16)
        b = np.full(count, 5, dtype=np.int16)
    else:
        a = rng.integers(-300, 300, count).astype(np.int16)
        b = rng.integers(-300, 300, count).astype(np.int16)
    y = _run(program, tmp_path, np.concatenate([a, b]), "xor", count)
    want = np.clip(np.bitwise_xor(a, b).astype(np.int64).sum(), -32768, 32767)
    assert int(y[0]) == want
