"""Complete Ascend C kernels (tests/runtime/kernels) run on the simulator and compared with numpy."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

_K = Path(__file__).parent / "kernels"
_FLAGS = (f"-I{_K}",)


def _build(kernel: str, driver: str, defines: dict[str, str] | None = None) -> Program:
    return compile_program([_K / f"{kernel}.cpp", _K / f"{driver}.cpp"], flags=_FLAGS, defines=defines)


def _run(program: Program, *args: object) -> None:
    proc = run_program(program, *map(str, args))
    assert proc.returncode == 0, proc.stderr[-4000:]


@pytest.mark.compile
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize(("n", "blocks", "tile"), [(8192, 8, 256), (1000, 3, 128), (77, 1, 64), (100003, 16, 2048)])
def test_add_double_buffered_with_tails(tmp_path: Path, dtype: type, n: int, blocks: int, tile: int) -> None:
    ctype = "float" if dtype is np.float32 else "half"
    program = _build("add_custom", "add_custom_main", {"DTYPE_X": ctype})
    rng = np.random.default_rng(n)
    x = rng.uniform(-100, 100, n).astype(dtype)
    y = rng.uniform(-100, 100, n).astype(dtype)
    x.tofile(tmp_path / "x.bin")
    y.tofile(tmp_path / "y.bin")
    _run(program, n, blocks, tile, tmp_path / "x.bin", tmp_path / "y.bin", tmp_path / "z.bin")
    z = np.fromfile(tmp_path / "z.bin", dtype=dtype)
    # One rounding of the exact sum, as numpy does for both dtypes: results must be identical.
    np.testing.assert_array_equal(z, x + y)


@pytest.mark.compile
@pytest.mark.parametrize(("n", "blocks", "tile", "slope"), [(4096, 4, 512, 0.1), (999, 5, 64, 0.02), (8, 2, 64, 3.0)])
def test_leaky_relu_attr_through_tiling(tmp_path: Path, n: int, blocks: int, tile: int, slope: float) -> None:
    program = _build("leaky_relu", "leaky_relu_main")
    x = np.random.default_rng(1).standard_normal(n).astype(np.float32)
    x.tofile(tmp_path / "x.bin")
    _run(program, n, blocks, tile, slope, tmp_path / "x.bin", tmp_path / "y.bin")
    y = np.fromfile(tmp_path / "y.bin", dtype=np.float32)
    want = np.where(x < 0, x * np.float32(slope), x)
    np.testing.assert_array_equal(y, want)


@pytest.mark.compile
@pytest.mark.parametrize(("rows", "cols", "blocks"), [(16, 64, 4), (7, 100, 3), (33, 1000, 8), (1, 3, 1)])
def test_row_softmax(tmp_path: Path, rows: int, cols: int, blocks: int) -> None:
    program = _build("softmax_rows", "rows_main")
    x = (np.random.default_rng(rows).standard_normal((rows, cols)) * 5).astype(np.float32)
    x.tofile(tmp_path / "x.bin")
    _run(program, rows, cols, blocks, 0, tmp_path / "x.bin", tmp_path / "y.bin")
    y = np.fromfile(tmp_path / "y.bin", dtype=np.float32).reshape(rows, cols)
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=2e-6, atol=1e-7)


@pytest.mark.compile
@pytest.mark.parametrize(("rows", "cols", "blocks"), [(8, 128, 4), (5, 100, 2), (20, 1024, 8), (3, 16, 3)])
def test_rms_norm_half_via_float(tmp_path: Path, rows: int, cols: int, blocks: int) -> None:
    program = _build("rms_norm", "rows_main", {"ROW_KERNEL_RMS_NORM": "1"})
    rng = np.random.default_rng(cols)
    x = rng.uniform(-3, 3, (rows, cols)).astype(np.float16)
    gamma = rng.uniform(0.5, 1.5, cols).astype(np.float16)
    x.tofile(tmp_path / "x.bin")
    gamma.tofile(tmp_path / "g.bin")
    eps = 1e-6
    _run(program, rows, cols, blocks, eps, tmp_path / "x.bin", tmp_path / "g.bin", tmp_path / "y.bin")
    y = np.fromfile(tmp_path / "y.bin", dtype=np.float16).reshape(rows, cols)
    xf = x.astype(np.float64)
    want = xf / np.sqrt((xf * xf).mean(axis=1, keepdims=True) + eps) * gamma.astype(np.float64)
    # float compute, one final rounding to half: within one half ulp (~1e-3 relative) of the exact result.
    np.testing.assert_allclose(y.astype(np.float64), want, rtol=1e-3, atol=1e-3)
