"""High-level APIs (SoftMax, LayerNorm, RmsNorm) and their host tiling helpers on the simulator, against numpy."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"
SOURCES = [CPP / "hl_main.cpp", CPP / "hl_faults.cpp"]

pytestmark = pytest.mark.compile

# (rows, UB row length, real row length): aligned rows, rows not a multiple of the 32 B block, a single row.
SHAPES = [(8, 64, 64), (5, 112, 100), (3, 1024, 1000), (1, 16, 3)]
FORMS = ["notmp", "tmpmin", "tmpmax"]
DTYPES = {"float": np.float32, "half": np.float16}


@pytest.fixture(scope="module")
def program() -> Program:
    """The one test binary of this file and test_pipe_limits.py (cached by content)."""
    return compile_program(SOURCES)


def _padded(k: int, dtype: type) -> int:
    """The UB row length for `k` real elements: whole 32 B blocks."""
    per_block = 32 // np.dtype(dtype).itemsize
    return -(-k // per_block) * per_block


def _run(program: Program, *args: object) -> None:
    proc = run_program(program, *map(str, args))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _read(path: Path, dtype: type, shape: tuple[int, ...]) -> np.ndarray:
    return np.fromfile(path, dtype=dtype).reshape(shape)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("rows", "_k", "ori_k"), SHAPES)
@pytest.mark.parametrize("dtype", ["float", "half", "half_float"])
def test_softmax_matches_numpy(program: Program, tmp_path: Path, dtype: str, rows: int, _k: int, ori_k: int,
                               form: str) -> None:
    data = np.float32 if dtype == "float" else np.float16
    stat = np.float16 if dtype == "half" else np.float32
    k = _padded(ori_k, data)
    x = (np.random.default_rng(rows * ori_k).standard_normal((rows, ori_k)) * 4).astype(data)
    x.tofile(tmp_path / "x.bin")
    _run(program, "softmax", dtype, rows, k, ori_k, form, tmp_path / "x.bin", f"{tmp_path}/")
    y = _read(tmp_path / "y.bin", data, (rows, ori_k))
    per_block = 32 // np.dtype(stat).itemsize
    sums = _read(tmp_path / "sum.bin", stat, (rows, per_block))
    maxes = _read(tmp_path / "max.bin", stat, (rows, per_block))
    xd = x.astype(np.float64)
    row_max = xd.max(axis=1, keepdims=True)
    e = np.exp(xd - row_max)
    want_sum = e.sum(axis=1, keepdims=True)
    # Every element of a row's 32 B block holds the row's value (CANN's layout of sum/max).
    np.testing.assert_array_equal(maxes, np.broadcast_to(row_max.astype(stat), maxes.shape))
    assert (sums == sums[:, :1]).all()
    rtol = 1e-5 if data is np.float32 else 1e-3  # half: float compute, one rounding (<= 0.5 ulp = 4.9e-4)
    np.testing.assert_allclose(y.astype(np.float64), e / want_sum, rtol=rtol, atol=1e-7)
    np.testing.assert_allclose(sums[:, :1].astype(np.float64), want_sum, rtol=1e-3 if stat is np.float16 else 1e-5)


def _norm_inputs(rows: int, ori_h: int, dtype: type, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal((rows, ori_h)) * 2 + 0.5).astype(dtype)
    gamma = rng.uniform(0.5, 1.5, ori_h).astype(dtype)
    beta = rng.uniform(-1, 1, ori_h).astype(dtype)
    return x, gamma, beta


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("rows", "_k", "ori_h"), SHAPES)
@pytest.mark.parametrize("dtype", ["float", "half"])
def test_layernorm_matches_numpy(program: Program, tmp_path: Path, dtype: str, rows: int, _k: int, ori_h: int,
                                 form: str) -> None:
    data = DTYPES[dtype]
    x, gamma, beta = _norm_inputs(rows, ori_h, data, rows + ori_h)
    for name, arr in (("x", x), ("g", gamma), ("b", beta)):
        arr.tofile(tmp_path / f"{name}.bin")
    eps = 1e-5
    _run(program, "layernorm", dtype, rows, _padded(ori_h, data), ori_h, form, eps, tmp_path / "x.bin",
         tmp_path / "g.bin", tmp_path / "b.bin", f"{tmp_path}/")
    y = _read(tmp_path / "y.bin", data, (rows, ori_h)).astype(np.float64)
    mean = _read(tmp_path / "mean.bin", data, (rows,)).astype(np.float64)
    var = _read(tmp_path / "var.bin", data, (rows,)).astype(np.float64)
    xd = x.astype(np.float64)
    want_mean = xd.mean(axis=1)
    want_var = xd.var(axis=1)  # biased, as LayerNorm normalises with it
    want = (xd - want_mean[:, None]) / np.sqrt(want_var[:, None] + eps) * gamma.astype(np.float64) + beta
    tol = {"rtol": 1e-4, "atol": 1e-5} if data is np.float32 else {"rtol": 2e-3, "atol": 2e-3}
    np.testing.assert_allclose(mean, want_mean, **tol)
    np.testing.assert_allclose(var, want_var, **tol)
    np.testing.assert_allclose(y, want, **tol)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("rows", "_k", "ori_h"), SHAPES)
@pytest.mark.parametrize("dtype", ["float", "half"])
def test_rmsnorm_matches_numpy(program: Program, tmp_path: Path, dtype: str, rows: int, _k: int, ori_h: int,
                               form: str) -> None:
    data = DTYPES[dtype]
    x, gamma, _ = _norm_inputs(rows, ori_h, data, rows * 7 + ori_h)
    x.tofile(tmp_path / "x.bin")
    gamma.tofile(tmp_path / "g.bin")
    eps = 1e-6
    _run(program, "rmsnorm", dtype, rows, _padded(ori_h, data), ori_h, form, eps, tmp_path / "x.bin",
         tmp_path / "g.bin", f"{tmp_path}/")
    y = _read(tmp_path / "y.bin", data, (rows, ori_h)).astype(np.float64)
    xd = x.astype(np.float64)
    want = xd / np.sqrt((xd * xd).mean(axis=1, keepdims=True) + eps) * gamma.astype(np.float64)
    # float: accumulation over <= 1000 elements; half: float compute, one rounding (<= 0.5 ulp).
    tol = {"rtol": 1e-5, "atol": 1e-6} if data is np.float32 else {"rtol": 1e-3, "atol": 1e-4}
    np.testing.assert_allclose(y, want, **tol)


FAULTS = [
    ("softmax_tmp_too_small", "fault", "[SoftMax] sharedTmpBuffer holds 1024 bytes but the tiling needs 4352 bytes "
     "(splitM 8 rows x (splitK 64 + reduceK 8 + 64) floats)"),
    ("softmax_tiling_empty", "fault", "[SoftMax] the SoftMaxTiling is empty (srcM or srcK is 0): fill it on the host "
     "with SoftMaxTilingFunc"),
    ("softmax_workspace_below_one_row", "fault", "[SoftMax] the tiling's splitM is 0: the localWorkSpaceSize given "
     "to SoftMaxTilingFunc holds not even one row"),
    ("softmax_shape_not_tiling", "fault", "[SoftMax] the shape's srcK 128 does not match the tiling's row length "
     "(splitK 64); compute the tiling for this shape"),
    ("softmax_more_rows_than_tiling", "fault", "[SoftMax] the shape has 9 rows but the tiling was computed for 8 "
     "(srcM)"),
    ("softmax_ori_k_too_long", "fault", "[SoftMax] oriSrcK 65 is larger than srcK 64"),
    ("softmax_sum_too_small", "fault", "[SoftMax] sumTensor needs 256 bytes but the tensor holds 32 bytes "
     "(8 elements)"),
    ("softmax_host_unaligned_k", "host error", "TilingFunc: SoftMaxTilingFunc: srcShape last axis 10 x 4 bytes = "
     "40 bytes is not a multiple of 32 bytes"),
    ("layernorm_tmp_too_small", "fault", "[LayerNorm] sharedTmpBuffer holds 4096 bytes but the tiling needs 6144 "
     "bytes (numberOfTmpBuf x oneTmpSize floats)"),
    ("layernorm_stack_below_one_row", "fault", "[LayerNorm] the tiling's rows per pass is 0"),
    ("layernorm_original_h_too_long", "fault", "[LayerNorm] originalHLength 65 is outside [1, hLength 64]"),
    ("rmsnorm_tmp_too_small", "fault", "[RmsNorm] sharedTmpBuffer holds 1024 bytes but the tiling needs 4128 bytes"),
    ("rmsnorm_src_too_small", "fault", "[RmsNorm] src needs 2048 bytes but the tensor holds 1792 bytes "
     "(448 elements)"),
    ("rmsnorm_basic_block_h", "fault", "[RmsNorm] isBasicBlock needs hLength to be a multiple of 64 elements; "
     "it is 32"),
    ("rmsnorm_host_origin_mismatch", "host error", "GetRmsNormTilingInfo: originSrcShape [1, 4, 64] does not fit "
     "srcShape [1, 8, 64]: B and S must match and originalH <= H"),
    ("rmsnorm_host_stack_below_one_row", "returned false", "ok"),
]


def run_case(program: Program, case: str) -> str:
    proc = run_program(program, "case", case)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.strip()


@pytest.mark.parametrize(("case", "kind", "message"), FAULTS)
def test_misuse_is_reported(program: Program, case: str, kind: str, message: str) -> None:
    out = run_case(program, case)
    assert out.startswith(kind), out
    assert message in out, out
    if kind == "fault":
        assert "[hl][Block_0][hl_faults.cpp:" in out, "the fault names the op, the block and the kernel's line"


def test_rmsnorm_tmp_sizes_follow_canns_formula(program: Program) -> None:
    """CANN's GetRmsNormMaxMinTmpSize (rmsnorm_tiling_impl.cpp), in floats: max = c * b*s*h + b*s aligned to a 32 B
    block of the type, min = c * h + 8, with c = 2 for half (the float copy of the source) and 1 for float."""
    *values, status = run_case(program, "rmsnorm_sizes").split()
    assert status == "ok", values
    got = np.array(values, dtype=np.int64)
    want = []
    for ts in (2, 4):
        c, per_block = (2 if ts == 2 else 1), 32 // ts
        for b, s, h in ((1, 8, 64), (2, 3, 32), (1, 20, 16)):
            want += [1, (c * b * s * h + -(-(b * s) // per_block) * per_block) * 4, (c * h + 8) * 4]
    np.testing.assert_array_equal(got, want)


def test_layernorm_tmp_sizes_follow_canns_formula(program: Program) -> None:
    """CANN's GetLayerNormMaxMinTmpSize (layernorm_tiling_impl.cpp): n float buffers of all rows (max) or one row
    (min), each rounded up to 32 B, plus two rounded buffers of b*s floats; n = 2 for float reusing the source, else 3."""
    *values, status = run_case(program, "layernorm_sizes").split()
    assert status == "ok", values
    block = lambda nbytes: -(-nbytes // 32) * 32  # noqa: E731
    want = []
    for ts, reuse in ((2, False), (4, False), (4, True)):
        n = 2 if ts == 4 and reuse else 3
        for b, s, h in ((2, 16, 64), (1, 3, 16)):
            mv = 2 * block(b * s * 4)
            want += [n * block(b * s * h * 4) + mv, n * block(h * 4) + mv]
    np.testing.assert_array_equal(np.array(values, dtype=np.int64), want)


def test_deepnorm_tmp_sizes_follow_canns_formula(program: Program) -> None:
    """CANN's GetDeepNormMaxMinTmpSize (deepnorm_tiling_impl.cpp): LayerNorm's sizes; false (max, min untouched) for
    isBasicBlock unless H is a multiple of 64 and B*S a multiple of 8."""
    *values, status = run_case(program, "deepnorm_sizes").split()
    assert status == "ok", values
    block = lambda nbytes: -(-nbytes // 32) * 32  # noqa: E731
    want = []
    for _ts in (2, 4):
        for b, s, h in ((2, 16, 64), (1, 3, 16)):
            mv = 2 * block(b * s * 4)
            sizes = [3 * block(b * s * h * 4) + mv, 3 * block(h * 4) + mv]
            want += [1, *sizes]
            want += [1, *sizes] if h % 64 == 0 and b * s % 8 == 0 else [0, 7, 7]
    np.testing.assert_array_equal(np.array(values, dtype=np.int64), want)
