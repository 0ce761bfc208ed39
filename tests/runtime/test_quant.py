"""AscendQuant, AscendDequant and AscendAntiQuant (910B forms) on the simulator against numpy, with half-precision
steps where CANN's example goldens compute in numpy float16."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "quant_main.cpp"


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _run(program: Program, tmp: Path, *args: object, **inputs: np.ndarray) -> Path:
    for name, value in inputs.items():
        value.tofile(tmp / f"{name}.bin")
    proc = run_program(program, *map(str, args), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return tmp / "y.bin"


@pytest.mark.parametrize(("n", "scale", "offset"), [(1024, 2.0, 0.9), (40, 30.0, -3.0), (7, 0.5, 0.25)])
@pytest.mark.parametrize("dtype", ["float", "half"])
def test_quant_per_tensor_rounds_half_to_even_and_saturates(program: Program, tmp_path: Path, dtype: str, n: int,
                                                            scale: float, offset: float) -> None:
    x = np.random.default_rng(n).uniform(-4, 4, n).astype(np.float16)
    x[:4] = [0.25, 0.75, -0.25, 4.0]  # ties at .5 after scaling by 2 and adding 0.25/0.9; 4 * 30 saturates
    src = x.astype(np.float32 if dtype == "float" else np.float16)
    y = np.fromfile(_run(program, tmp_path, "quant", dtype, n, scale, offset, x=src), dtype=np.int8)
    v = (x * np.float16(scale)).astype(np.float16) + np.float16(offset)  # numpy float16 steps, as CANN's golden
    want = np.clip(np.round(v.astype(np.float32)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(y, want)


def test_quant_per_channel(program: Program, tmp_path: Path) -> None:
    rows, cols = 4, 32
    rng = np.random.default_rng(3)
    x = rng.uniform(-4, 4, (rows, cols)).astype(np.float16)
    s = rng.uniform(0.5, 8, cols).astype(np.float16)
    o = rng.uniform(-2, 2, cols).astype(np.float16)
    y = np.fromfile(_run(program, tmp_path, "quant_channel", rows, cols, x=x, s=s, o=o), dtype=np.int8)
    v = (x * s).astype(np.float16) + o
    want = np.clip(np.round(v.astype(np.float32)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(y.reshape(rows, cols), want)


@pytest.mark.parametrize(("m", "n", "cal"), [(128, 32, 32), (3, 64, 40), (1, 8, 8)])
@pytest.mark.parametrize(("dtype", "np_dtype"), [("float", np.float32), ("half", np.float16)])
def test_dequant_scales_each_column(program: Program, tmp_path: Path, dtype: str, np_dtype: type, m: int, n: int,
                                   cal: int) -> None:
    rng = np.random.default_rng(m + n)
    x = rng.integers(-10, 10, (m, n)).astype(np.int32)
    s = rng.uniform(-100, 100, cal).astype(np.float32)
    y = np.fromfile(_run(program, tmp_path, "dequant", dtype, m, n, cal, x=x, s=s), dtype=np_dtype).reshape(m, n)
    np.testing.assert_array_equal(y[:, :cal], (x[:, :cal] * s).astype(np.float32).astype(np_dtype))
    assert (y[:, cal:] == np_dtype(-7.0)).all()  # columns past calCount are left as they were


@pytest.mark.parametrize(("transpose", "k", "n", "groups"), [(0, 8, 128, 1), (0, 8, 64, 2), (1, 16, 32, 1),
                                                             (1, 16, 16, 4)])
def test_antiquant_adds_offset_then_scales_per_channel_and_group(program: Program, tmp_path: Path, transpose: int,
                                                                 k: int, n: int, groups: int) -> None:
    rng = np.random.default_rng(10 + k * n)
    shape = (n, k) if transpose else (k, n)
    x = rng.uniform(-10, 10, shape).astype(np.int8)
    pshape = (n, groups) if transpose else (groups, n)
    o = rng.uniform(-10, 10, pshape).astype(np.float16)
    s = rng.uniform(-10, 10, pshape).astype(np.float16)
    y = np.fromfile(_run(program, tmp_path, "antiquant", transpose, k, n, groups, x=x, o=o, s=s), dtype=np.float16)
    g = k // groups
    if transpose:
        oo, ss = np.repeat(o, g, axis=1), np.repeat(s, g, axis=1)
    else:
        oo, ss = np.repeat(o, g, axis=0), np.repeat(s, g, axis=0)
    want = ss * (x + oo)  # int8 + float16 -> float16, then a float16 product: CANN's 910B golden
    np.testing.assert_array_equal(y.reshape(shape), want.astype(np.float16))


def test_quantize_host_helpers_follow_canns_formulas(program: Program) -> None:
    proc = run_program(program, "quantize_sizes")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()

    def quantize(size: int) -> str:   # max(2 * size bytes, two 256 B repeats), 32 B aligned; two repeats at least
        return f"Quantize {size} {-(-max(2 * size, 512) // 32) * 32} 512"

    def dequantize(m: int, n: int, dims: int) -> str:   # float room: 64 + m*n (or n) + the scale's n + 8
        extra, nodes = (8 + 64 + n, 1) if dims == 2 else (8 + 64, 2)
        return f"Dequantize {m * n} {(64 + m * n + n + 8) * 4} {(64 + n + n + 8) * 4} {nodes} {extra}"

    assert lines[:7] == [quantize(1024), quantize(7), quantize(300), "QuantizeFactor 2 0", dequantize(4, 100, 2),
                         dequantize(1, 50, 1), "AntiQuantize 0 0 0 0"]
    assert "GetQuantizeMaxMinTmpSize: srcShape has no elements" in lines[7], lines[7]
