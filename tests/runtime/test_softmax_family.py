"""The SoftMax family besides SoftMax (SimpleSoftMax, LogSoftMax, SoftmaxGrad/GradFront, SoftmaxFlash, SoftmaxFlashV2,
AdjustSoftMaxRes) with their host tiling helpers, on the simulator against CANN's documented numpy formulas."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "softmax_family_main.cpp"
# (rows, real row length): aligned rows, rows not a multiple of a 32 B block, one long row, one short row.
SHAPES = [(8, 64), (5, 100), (2, 1000), (1, 3)]
DTYPES = {"float": (np.float32, np.float32), "half": (np.float16, np.float16), "half_float": (np.float16, np.float32)}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _padded(n: int, dtype: type) -> int:
    per_block = 32 // np.dtype(dtype).itemsize
    return -(-n // per_block) * per_block


def _run(program: Program, tmp: Path, api: str, dtype: str, rows: int, n: int, **inputs: np.ndarray) -> dict:
    data, _ = DTYPES[dtype]
    for name, value in inputs.items():
        value.tofile(tmp / f"{name}.bin")
    proc = run_program(program, api, dtype, str(rows), str(_padded(n, data)), str(n), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = {}
    for name in ("y", "max", "sum", "expmax", "rmax", "d"):
        path = tmp / f"{name}.bin"
        if path.exists():
            raw = np.fromfile(path, dtype=data if name == "y" else np.float32)
            out[name] = raw.reshape(rows, -1) if name == "y" else raw.reshape(-1, 1)
    return out


def _tol(dtype: type) -> dict:
    return {"rtol": 1e-5, "atol": 1e-6} if dtype is np.float32 else {"rtol": 2e-3, "atol": 1e-3}


def _inputs(rows: int, n: int, data: type, seed: int) -> np.ndarray:
    return (np.random.default_rng(seed).standard_normal((rows, n)) * 3).astype(data)


@pytest.mark.parametrize(("rows", "n"), SHAPES)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("api", ["simple", "simple_nobrc"])
def test_simple_softmax_uses_the_given_max_and_sum(program: Program, tmp_path: Path, api: str, dtype: str,
                                                   rows: int, n: int) -> None:
    data, stat = DTYPES[dtype]
    x = _inputs(rows, n, data, rows * n)
    xd = x.astype(np.float64)
    # Statistics that are not x's own (SimpleSoftMax does no reduce): a shifted max and a scaled sum.
    in_max = (xd.max(axis=1, keepdims=True) + 0.5).astype(stat).astype(np.float32)
    in_sum = (np.exp(xd - in_max).sum(axis=1, keepdims=True) * 1.25).astype(stat).astype(np.float32)
    out = _run(program, tmp_path, api, dtype, rows, n, x=x, inmax=in_max, insum=in_sum)
    want = np.exp(xd - in_max) / in_sum
    np.testing.assert_allclose(out["y"].astype(np.float64), want, **_tol(data))


@pytest.mark.parametrize(("rows", "n"), SHAPES)
@pytest.mark.parametrize("dtype", ["float", "half"])
def test_log_softmax_is_log10_of_the_softmax(program: Program, tmp_path: Path, dtype: str, rows: int,
                                              n: int) -> None:
    data, _ = DTYPES[dtype]
    x = _inputs(rows, n, data, 7 + rows)
    xd = x.astype(np.float64)
    out = _run(program, tmp_path, "log", dtype, rows, n, x=x)
    mx = xd.max(axis=1, keepdims=True)
    s = np.exp(xd - mx).sum(axis=1, keepdims=True)
    np.testing.assert_allclose(out["y"].astype(np.float64), np.log10(np.exp(xd - mx) / s), **_tol(data))
    np.testing.assert_array_equal(out["max"], mx.astype(data).astype(np.float32))
    np.testing.assert_allclose(out["sum"], s, rtol=1e-5 if data is np.float32 else 1e-3)


@pytest.mark.parametrize(("rows", "n"), SHAPES)
@pytest.mark.parametrize("dtype", ["float", "half"])
@pytest.mark.parametrize("api", ["grad", "grad_front", "grad_isfront"])
def test_softmax_grad_and_front(program: Program, tmp_path: Path, api: str, dtype: str, rows: int, n: int) -> None:
    data, _ = DTYPES[dtype]
    y = np.abs(_inputs(rows, n, data, 3 + n)) / 4
    g = _inputs(rows, n, data, 5 + n)
    out = _run(program, tmp_path, api, dtype, rows, n, x=y.astype(data), g=g)
    yd, gd = y.astype(np.float64), g.astype(np.float64)
    d = (gd * yd).sum(axis=1, keepdims=True)
    if api == "grad":
        np.testing.assert_allclose(out["y"].astype(np.float64), (gd - d) * yd, rtol=2e-3, atol=2e-3 * max(1, n / 64))
    else:  # one block per row holding d
        np.testing.assert_allclose(out["d"], d, rtol=1e-4 if data is np.float32 else 2e-3, atol=1e-3)


@pytest.mark.parametrize(("rows", "n"), SHAPES)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("api", ["flash", "flash_update", "flashv2", "flashv2_update", "flashv2_update_nobrc",
                                 "flashv2_update_rmax"])
def test_softmax_flash_follows_canns_formulas(program: Program, tmp_path: Path, api: str, dtype: str, rows: int,
                                              n: int) -> None:
    data, stat = DTYPES[dtype]
    if api == "flashv2_update_rmax" and dtype == "half_float":
        pytest.skip("the outReduceMax overload takes one type")
    x = _inputs(rows, n, data, 11 * rows + n)
    xd = x.astype(np.float64)
    rng = np.random.default_rng(n)
    # Previous max above and below this block's max, so both sides of the running max are taken.
    in_max = (xd.max(axis=1, keepdims=True) + rng.uniform(-2, 2, (rows, 1))).astype(stat).astype(np.float32)
    in_sum = rng.uniform(1, 5, (rows, 1)).astype(stat).astype(np.float32)
    update = "update" in api
    out = _run(program, tmp_path, api, dtype, rows, n, x=x, inmax=in_max, insum=in_sum)
    x_max = xd.max(axis=1, keepdims=True)
    new_max = np.maximum(in_max, x_max) if update else x_max
    e = np.exp(xd - new_max)
    exp_max = np.exp(in_max - new_max)
    new_sum = e.sum(axis=1, keepdims=True) + (exp_max * in_sum if update else 0)
    stat_tol = {"rtol": 1e-5} if stat is np.float32 else {"rtol": 2e-3}
    np.testing.assert_allclose(out["max"], new_max.astype(stat), **stat_tol)
    np.testing.assert_allclose(out["sum"], new_sum, **stat_tol)
    if api.startswith("flashv2"):  # dst = exp(x - max), expMax = exp(inMax - max)
        np.testing.assert_allclose(out["y"].astype(np.float64), e, **_tol(data))
        if update:
            np.testing.assert_allclose(out["expmax"], exp_max, **_tol(data))
    else:  # v1: normalised, expMax scaled by inSum / sum
        np.testing.assert_allclose(out["y"].astype(np.float64), e / new_sum, **_tol(data))
        if update:
            np.testing.assert_allclose(out["expmax"], exp_max * in_sum / new_sum, **_tol(data))
    if api == "flashv2_update_rmax":
        np.testing.assert_array_equal(out["rmax"], x_max.astype(data).astype(np.float32))


@pytest.mark.parametrize("dtype", ["float", "half_float"])
def test_adjust_softmax_res_rewrites_rows_whose_max_matches(program: Program, tmp_path: Path, dtype: str) -> None:
    data, _ = DTYPES[dtype]
    rows, n = 6, 40
    x = _inputs(rows, n, data, 1)
    in_max = np.array([[1.5], [0.0], [1.5], [1.5000001], [-1.5], [1.5]], dtype=np.float32)
    out = _run(program, tmp_path, "adjust", dtype, rows, n, x=x, inmax=in_max)
    want = x.copy()
    want[[0, 2, 5]] = -2.0
    np.testing.assert_array_equal(out["y"], want)
    assert out["d"].ravel().tolist() == [1.0]  # AdjustSoftMaxRes returned true


def test_no_row_matches_returns_false(program: Program, tmp_path: Path) -> None:
    x = _inputs(2, 8, np.float32, 2)
    out = _run(program, tmp_path, "adjust", "float", 2, 8, x=x, inmax=np.array([[2.0], [1.0]], dtype=np.float32))
    np.testing.assert_array_equal(out["y"], x)
    assert out["d"].ravel().tolist() == [0.0]


def _flash_v3(x: np.ndarray, update: bool, inmax: np.ndarray, insum: np.ndarray, inmean: np.ndarray,
              loop_cnt: int = 3, alpha: float = 0.9375) -> tuple:
    """CANN's SoftmaxFlashV3 pseudo-code (splitMeanCnt 8), in float32 like the device."""
    x = x.astype(np.float32)
    rows, k = x.shape
    scalar = np.float32(alpha / (1 - alpha))
    base_k = k // 8
    group = np.zeros((rows, 8), np.float32)  # BlockReduceSum's grouping: 64-wide then 8-wide strides
    idx = np.arange(k)
    gid = np.where(idx < 512, idx // 64, (idx - 512) % 64 // 8)
    for j in range(8):
        group[:, j] = x[:, gid == j].sum(axis=1, dtype=np.float32)
    local = group / np.float32(base_k)
    glob = local.mean(axis=1, keepdims=True, dtype=np.float32)
    xs = x - np.repeat((glob - local) * scalar, base_k, axis=1)
    row_max = xs.max(axis=1, keepdims=True)
    if not update:
        dst = np.exp(xs - row_max)
        return dst, row_max, dst.sum(axis=1, keepdims=True), glob, None
    inmean, inmax, insum = inmean[:, None], inmax[:, None], insum[:, None]
    mean = (glob + inmean * (loop_cnt - 1)) / loop_cnt
    shift_curr, shift_prev = (glob - mean) * scalar, (inmean - mean) * scalar
    mx = np.maximum(shift_curr + row_max, shift_prev + inmax)
    dst = np.exp(xs - (mx - shift_curr))
    exp_max = np.exp(inmax - mx + shift_prev)
    return dst, mx, exp_max * insum + dst.sum(axis=1, keepdims=True), mean, exp_max


@pytest.mark.parametrize(("rows", "k"), [(8, 512), (16, 1024), (8, 576)])
@pytest.mark.parametrize("update", [False, True])
def test_softmax_flash_v3_matches_cann_pseudocode(program: Program, tmp_path: Path, rows: int, k: int,
                                                  update: bool) -> None:
    rng = np.random.default_rng(rows + k)
    x = (rng.standard_normal((rows, k)) * 2 + np.arange(k) / k).astype(np.float16)  # a trend: local means differ
    inmax, insum, inmean = (rng.uniform(0.5, 2, (3, rows))).astype(np.float32)
    for name, value in {"x": x, "inmax": inmax, "insum": insum, "inmean": inmean}.items():
        value.tofile(tmp_path / f"{name}.bin")
    api = "flashv3_update" if update else "flashv3"
    proc = run_program(program, api, "half_float", str(rows), str(k), str(k), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    dst, mx, total, mean, exp_max = _flash_v3(x, update, inmax, insum, inmean)
    got = lambda name, dt=np.float32: np.fromfile(tmp_path / f"{name}.bin", dtype=dt)  # noqa: E731
    np.testing.assert_allclose(got("y", np.float16).reshape(rows, k), dst, rtol=2e-3, atol=1e-3)
    np.testing.assert_allclose(got("max"), mx.ravel(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got("sum"), total.ravel(), rtol=1e-4)
    np.testing.assert_allclose(got("mean"), mean.ravel(), rtol=1e-5, atol=1e-6)
    if update:
        want = exp_max.ravel().astype(np.float16).astype(np.float32)  # expMax is half: one rounding
        np.testing.assert_allclose(got("expmax"), want, rtol=2e-3, atol=6e-8)


@pytest.mark.parametrize("shape", [(1, 8, 64), (2, 5, 16), (1, 1, 1024)])
def test_softmax_tmp_sizes_follow_canns_formula(program: Program, shape: tuple[int, int, int]) -> None:
    """CANN's GetSoftMaxMaxTmpSize/GetSoftMaxMinTmpSize on the 910B (softmax_tiling.cpp): per row, 32 B of the data
    type plus the row plus 64 floats; max covers all rows, min one row."""
    proc = run_program(program, "sizes", *map(str, shape))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows, k = shape[0] * shape[1], shape[2]
    want = [v for ts in (2, 4) for v in (rows * (32 // ts + k + 64) * 4, (32 // ts + k + 64) * 4)]
    np.testing.assert_array_equal(np.array(proc.stdout.split(), dtype=np.int64), want)
