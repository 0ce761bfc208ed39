"""DeepNorm (LayerNorm of alpha * x + gx) with its host tiling helpers, on the simulator against numpy."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "deepnorm_main.cpp"


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


@pytest.mark.parametrize(("b", "s", "h", "ori"), [(2, 8, 64, 64), (1, 3, 32, 30), (4, 2, 16, 16)])
@pytest.mark.parametrize(("dtype", "np_dtype"), [("float", np.float32), ("half", np.float16)])
def test_deepnorm_matches_numpy(program: Program, tmp_path: Path, dtype: str, np_dtype: type, b: int, s: int,
                                h: int, ori: int) -> None:
    if h * np.dtype(np_dtype).itemsize % 32:
        pytest.skip("H must be whole 32 B blocks")
    rng = np.random.default_rng(b * s * h)
    rows = b * s
    x, gx = (rng.standard_normal((2, rows, ori)) * 2).astype(np_dtype)
    gamma, beta = rng.uniform(0.5, 1.5, (2, ori)).astype(np_dtype)
    for name, value in {"x": x, "gx": gx, "gamma": gamma, "beta": beta}.items():
        value.tofile(tmp_path / f"{name}.bin")
    alpha, eps = 0.75, 1e-5
    proc = run_program(program, dtype, str(b), str(s), str(h), str(ori), str(alpha), str(eps), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    z = alpha * x.astype(np.float64) + gx.astype(np.float64)
    mean = z.mean(axis=1, keepdims=True)
    var = z.var(axis=1, keepdims=True)
    want = (z - mean) / np.sqrt(var + eps) * gamma + beta
    tol = 1e-4 if np_dtype is np.float32 else 4e-3
    np.testing.assert_allclose(np.fromfile(tmp_path / "y.bin", np_dtype).reshape(rows, ori), want, rtol=tol, atol=tol)
    np.testing.assert_allclose(np.fromfile(tmp_path / "mean.bin", np_dtype), mean.ravel(), rtol=tol, atol=tol)
    np.testing.assert_allclose(np.fromfile(tmp_path / "var.bin", np_dtype), var.ravel(), rtol=tol, atol=tol)
