"""The config-template element-wise APIs (BitwiseAnd/Or/Xor/Not, LogicalAnd/Or/Xor/Not/Ands/Ors, Where, Clamp, Fma,
IsInf/IsNan/IsFinite, Hypot, SinCos, CumSum) on the simulator against numpy."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "adv_logic_main.cpp"
COUNTS = [8, 100, 1000]


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _run(program: Program, tmp: Path, *args: object, **inputs: np.ndarray) -> None:
    for name, value in inputs.items():
        value.tofile(tmp / f"{name}.bin")
    proc = run_program(program, *map(str, args), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _read(tmp: Path, name: str, dtype: type) -> np.ndarray:
    return np.fromfile(tmp / f"{name}.bin", dtype=dtype)


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize(("api", "op"), [("band", np.bitwise_and), ("bor", np.bitwise_or), ("bxor", np.bitwise_xor),
                                         ("bnot", None)])
def test_bitwise(program: Program, tmp_path: Path, api: str, op: object, n: int) -> None:
    rng = np.random.default_rng(n)
    a = rng.integers(-2**31, 2**31 - 1, n, dtype=np.int64).astype(np.int32)
    b = rng.integers(-2**31, 2**31 - 1, n, dtype=np.int64).astype(np.int32)
    _run(program, tmp_path, api, n, a=a, b=b)
    want = np.invert(a) if op is None else op(a, b)
    np.testing.assert_array_equal(_read(tmp_path, "y", np.int32), want)


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize("api", ["land", "lor", "lxor", "lnot", "lands", "lors"])
def test_logical(program: Program, tmp_path: Path, api: str, n: int) -> None:
    rng = np.random.default_rng(n + 1)
    a = rng.choice(np.array([0.0, -0.0, 1.5, -2.0, np.nan], dtype=np.float32), n)
    b = rng.choice(np.array([0.0, 3.0], dtype=np.float32), n)
    _run(program, tmp_path, api, n, a=a, b=b)
    ta, tb = a != 0, b != 0  # NaN is nonzero, so true
    want = {"land": ta & tb, "lor": ta | tb, "lxor": ta ^ tb, "lnot": ~ta, "lands": ta & tb[0],
            "lors": ta | tb[0]}[api]
    np.testing.assert_array_equal(_read(tmp_path, "y", np.uint8), want.astype(np.uint8))


@pytest.mark.parametrize("n", COUNTS)
def test_where_clamp_hypot_sincos(program: Program, tmp_path: Path, n: int) -> None:
    rng = np.random.default_rng(n + 2)
    a = (rng.standard_normal(n) * 3).astype(np.float32)
    b = rng.uniform(0, 2, n).astype(np.float32)
    c = rng.integers(0, 2, n).astype(np.uint8)
    _run(program, tmp_path, "where", n, a=a, b=b, c=c)
    np.testing.assert_array_equal(_read(tmp_path, "y", np.float32), np.where(c != 0, a, np.float32(2.5)))
    _run(program, tmp_path, "clamp", n, a=a, b=b)
    np.testing.assert_array_equal(_read(tmp_path, "y", np.float32), np.minimum(np.maximum(a, -1.0), b))
    _run(program, tmp_path, "hypot", n, a=a, b=b)
    np.testing.assert_allclose(_read(tmp_path, "y", np.float32), np.hypot(a, b), rtol=1e-6)
    _run(program, tmp_path, "sincos", n, a=a, b=b)
    np.testing.assert_allclose(_read(tmp_path, "y", np.float32), np.sin(a), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(_read(tmp_path, "z", np.float32), np.cos(a), rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize(("api", "dtype"), [("fma", np.float32), ("fma_half", np.float16)])
def test_fma_rounds_once(program: Program, tmp_path: Path, api: str, dtype: type, n: int) -> None:
    rng = np.random.default_rng(n + 3)
    a, b, c = (rng.standard_normal((3, n)) * 4).astype(dtype)
    _run(program, tmp_path, api, n, a=a, b=b, c=c)
    exact = a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)
    got = _read(tmp_path, "y", dtype)
    if dtype is np.float16:  # float compute then one rounding to half
        np.testing.assert_array_equal(got, exact.astype(np.float32).astype(np.float16))
    else:
        np.testing.assert_array_equal(got, exact.astype(np.float32))


SPECIALS = np.array([0.0, -1.5, np.inf, -np.inf, np.nan, 65504.0, 1e-8, 3.0], dtype=np.float32)


@pytest.mark.parametrize(("api", "pred"), [("isinf", np.isinf), ("isnan", np.isnan), ("isfinite", np.isfinite)])
def test_classification_to_bool(program: Program, tmp_path: Path, api: str, pred: object) -> None:
    a = np.tile(SPECIALS, 5)
    _run(program, tmp_path, api, a.size, a=a)
    np.testing.assert_array_equal(_read(tmp_path, "y", np.uint8), pred(a).astype(np.uint8))


@pytest.mark.parametrize(("api", "pred"), [("isinf_half", np.isinf), ("isfinite_half", np.isfinite)])
def test_classification_of_half_to_float(program: Program, tmp_path: Path, api: str, pred: object) -> None:
    a = np.tile(SPECIALS.astype(np.float16), 4)  # 65504 is half's largest finite value
    _run(program, tmp_path, api, a.size, a=a)
    np.testing.assert_array_equal(_read(tmp_path, "y", np.float32), pred(a).astype(np.float32))


@pytest.mark.parametrize(("rows", "cols"), [(1, 8), (4, 64), (7, 16)])
@pytest.mark.parametrize("api", ["cumsum_last", "cumsum_last_row", "cumsum_first"])
def test_cumsum_along_either_axis(program: Program, tmp_path: Path, api: str, rows: int, cols: int) -> None:
    a = np.random.default_rng(rows * cols).standard_normal((rows, cols)).astype(np.float32)
    _run(program, tmp_path, api, rows, cols, a=a)
    want = np.cumsum(a.astype(np.float64), axis=1 if "last" in api else 0)
    np.testing.assert_allclose(_read(tmp_path, "y", np.float32).reshape(rows, cols), want, rtol=1e-5, atol=1e-5)
    if api != "cumsum_last":
        np.testing.assert_allclose(_read(tmp_path, "z", np.float32), want[-1], rtol=1e-5, atol=1e-5)
