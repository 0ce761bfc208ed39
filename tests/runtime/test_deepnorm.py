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


def _blocks(n: int) -> int:
    return -(-n // 32) * 32


@pytest.mark.parametrize(("t", "u", "a", "r", "no_beta"), [
    ("float", "float", 1, 64, 0),   # the asc-devkit sample's kind
    ("float", "float", 5, 13, 1),   # R not a 32 B multiple: padded rows, no beta
    ("half", "half", 3, 40, 0),
    ("half", "float", 2, 16, 1),    # half x with float gamma/beta
    ("float", "half", 9, 1, 0),     # R = 1: every row is its mean
])
def test_layernorm_rstd_form_and_normalize_match_numpy(program: Program, tmp_path: Path, t: str, u: str, a: int, r: int,
                                                       no_beta: int) -> None:
    dt, du = (np.float32 if t == "float" else np.float16), (np.float32 if u == "float" else np.float16)
    rng = np.random.default_rng(a * r)
    x = (rng.standard_normal((a, r)) * 3 + 1).astype(dt)
    gamma, beta = rng.uniform(0.5, 1.5, (2, r)).astype(du)
    mean_in = rng.standard_normal(a).astype(np.float32)
    var_in = rng.uniform(0.1, 2, a).astype(np.float32)
    for name, value in {"x": x, "gamma": gamma, "beta": beta, "mean_in": mean_in, "var_in": var_in}.items():
        value.tofile(tmp_path / f"{name}.bin")
    eps = 1e-5
    proc = run_program(program, "ar", t, u, str(a), str(r), str(eps), str(no_beta), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    x64, g64, b64 = x.astype(np.float64), gamma.astype(np.float64), beta.astype(np.float64) * (0 if no_beta else 1)
    mean, var = x64.mean(axis=1), x64.var(axis=1)
    rstd = 1 / np.sqrt(var + eps)
    tol = 2e-5 if t == "float" else 4e-3
    y = np.fromfile(tmp_path / "y.bin", dt).reshape(a, r)
    np.testing.assert_allclose(y, (x64 - mean[:, None]) * rstd[:, None] * g64 + b64, rtol=tol, atol=tol)
    np.testing.assert_allclose(np.fromfile(tmp_path / "mean.bin", np.float32), mean, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.fromfile(tmp_path / "rstd.bin", np.float32), rstd, rtol=1e-4)
    nrstd = 1 / np.sqrt(var_in.astype(np.float64) + eps)
    ny = np.fromfile(tmp_path / "ny.bin", dt).reshape(a, r)
    np.testing.assert_allclose(ny, (x64 - mean_in[:, None]) * nrstd[:, None] * g64 + b64, rtol=tol, atol=tol)
    np.testing.assert_allclose(np.fromfile(tmp_path / "nrstd.bin", np.float32), nrstd, rtol=1e-5)
    # the host helpers: CANN's 910B formulas over R padded to 32 B of T
    size = np.dtype(dt).itemsize
    rp = -(-r * size // 32) * 32 // size
    nz_max = 2 * _blocks(rp * 4) + 2 * _blocks(-(-a // 8) * 8 * rp * 4)
    nz_min = max(_blocks(a * 4), (2 if u == "float" else 4) * _blocks(rp * 4))
    mv = _blocks(a * 4)
    ln_max, ln_min = 2 * _blocks(a * rp * 4) + mv, 2 * _blocks(rp * 4) + mv
    ln_nz_min = max(_blocks(a * 4), (2 if size == 4 else 4) * _blocks(rp * 4))  # LayerNorm asks with typeSize twice
    ln_min = ln_nz_min + mv if ln_min - mv <= ln_nz_min else ln_min
    ln_max = nz_max + mv if ln_max - mv <= nz_max else ln_max
    got = (tmp_path / "tmp.txt").read_text().split()
    assert list(map(int, got[:5])) == [ln_max, ln_min, nz_max, nz_min, a]
    assert float(got[5]) == pytest.approx(1 / r, rel=1e-5)  # printed with %g


@pytest.mark.parametrize(("dtype", "shape", "groups"), [
    ("float", (2, 8, 4, 4), 2),    # H*W = 16: whole 32 B rows
    ("float", (1, 6, 3, 5), 3),    # H*W = 15: rows padded to 16
    ("half", (2, 4, 2, 3), 4),     # one channel per group, rows padded to 16 halves
    ("half", (1, 32, 4, 8), 8),
])
def test_groupnorm_matches_numpy(program: Program, tmp_path: Path, dtype: str, shape: tuple[int, int, int, int],
                                 groups: int) -> None:
    n, c, h, w = shape
    dt = np.float32 if dtype == "float" else np.float16
    rng = np.random.default_rng(n * c * h * w)
    x = (rng.standard_normal((n, c, h * w)) * 2 + 0.5).astype(dt)
    gamma, beta = rng.uniform(0.5, 1.5, (2, c)).astype(dt)
    for name, value in {"x": x, "gamma": gamma, "beta": beta}.items():
        value.tofile(tmp_path / f"{name}.bin")
    proc = run_program(program, "gn", dtype, *map(str, (n, c, h, w, groups)), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    xg = x.astype(np.float64).reshape(n, groups, -1)
    mean, var = xg.mean(axis=2), xg.var(axis=2)
    want = ((xg - mean[..., None]) / np.sqrt(var[..., None] + 1e-5)).reshape(n, c, h * w)
    want = want * gamma.astype(np.float64)[None, :, None] + beta.astype(np.float64)[None, :, None]
    tol = 2e-5 if dtype == "float" else 4e-3
    np.testing.assert_allclose(np.fromfile(tmp_path / "y.bin", dt).reshape(n, c, h * w), want, rtol=tol, atol=tol)
    np.testing.assert_allclose(np.fromfile(tmp_path / "mean.bin", dt).reshape(n, groups), mean, rtol=tol, atol=tol)
    np.testing.assert_allclose(np.fromfile(tmp_path / "var.bin", dt).reshape(n, groups), var, rtol=tol, atol=tol)
    size = np.dtype(dt).itemsize
    row = -(-h * w * size // 32) * 32 // size
    mv = -(-n * groups * 4 // 32) * 32
    got = (tmp_path / "tmp.txt").read_text().split()
    assert list(map(int, got[:4])) == [3 * n * c * row * 4 + 2 * mv, 3 * (c // groups) * row * 4 + 2 * mv,
                                       c // groups, row]  # CANN's 910B formulas
    assert float(got[4]) == pytest.approx(1 / (c // groups * h * w), rel=1e-5)  # printed with %g


@pytest.mark.parametrize(("dtype", "shape", "basic"), [
    ("float", (8, 4, 2), 0),    # CANN's doc example shape
    ("float", (3, 2, 12), 0),   # B not a multiple of 8
    ("half", (16, 4, 16), 1),   # the basic-block form (B % 8 == 0, S*H % 64 == 0)
    ("half", (5, 1, 16), 0),
])
def test_batchnorm_matches_numpy(program: Program, tmp_path: Path, dtype: str, shape: tuple[int, int, int],
                                 basic: int) -> None:
    b, s, h = shape
    dt = np.float32 if dtype == "float" else np.float16
    rng = np.random.default_rng(b * s * h)
    x = (rng.standard_normal((b, s * h)) * 2 + 1).astype(dt)
    gamma, beta = rng.uniform(0.5, 1.5, (2, b)).astype(dt)
    for name, value in {"x": x, "gamma": gamma, "beta": beta}.items():
        value.tofile(tmp_path / f"{name}.bin")
    proc = run_program(program, "bn", dtype, str(b), str(s), str(h), str(basic), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ok, hi, lo = map(int, (tmp_path / "tmp.txt").read_text().split())
    mv = -(-s * h * 4 // 32) * 32
    per_b = b * 64 * 4 if basic else b * (64 if dtype == "half" else 32)
    assert (ok, hi, lo) == (1, 3 * -(-b * s * h * 4 // 32) * 32 + 2 * mv, 3 * per_b + 2 * mv)  # CANN's formulas
    x64 = x.astype(np.float64)
    mean, var = x64.mean(axis=0), x64.var(axis=0)
    want = (x64 - mean) / np.sqrt(var + 1e-5) * gamma.astype(np.float64)[:, None] + beta.astype(np.float64)[:, None]
    tol = 2e-5 if dtype == "float" else 4e-3
    np.testing.assert_allclose(np.fromfile(tmp_path / "y.bin", dt).reshape(b, s * h), want, rtol=tol, atol=tol)
    np.testing.assert_allclose(np.fromfile(tmp_path / "mean.bin", dt), mean, rtol=tol, atol=tol)
    np.testing.assert_allclose(np.fromfile(tmp_path / "var.bin", dt), var, rtol=tol, atol=tol)


def test_batchnorm_host_helper_refuses_cann_bad_shapes(program: Program, tmp_path: Path) -> None:
    np.zeros((8, 6), np.float32).tofile(tmp_path / "x.bin")
    np.zeros(8, np.float32).tofile(tmp_path / "gamma.bin")
    np.zeros(8, np.float32).tofile(tmp_path / "beta.bin")
    proc = run_program(program, "bn", "float", "8", "2", "3", "0", str(tmp_path))  # S*H = 6 floats: not 32 B
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (tmp_path / "tmp.txt").read_text().split()[0] == "0"
