"""More basic Ascend C APIs of issue 25 against numpy: the DEQSCALE family (SetDeqScale's three forms, Cast
int32_t -> half, CastDequant/CastDeq, AddDeqRelu), the scalar Cast<T, U, roundMode>, Scatter's refusal on the 910B,
BilinearInterpolation, Digamma and its host helpers. tests/runtime/cpp/basic_more_main.cpp runs the kernels; one
program run covers every case."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

_CPP = Path(__file__).parent / "cpp" / "basic_more_main.cpp"
f16 = np.float16
_CASES = ["scalar_cast", "cast_s32_f16", "cast_s32_f16_unset", "cast_dequant_s32_f16", "add_deq_relu_count",
          "add_deq_relu_mask",
          "cast_dequant_s16_s8_low", "cast_dequant_s16_u8_high", "cast_dequant_s16_vec",
          "cast_dequant_vec_without_tensor", "scatter_910b", "bilinear_doc", "bilinear_mode",
          "digamma", "digamma_short_tmp", "digamma_tiling"]


@pytest.fixture(scope="module")
def out() -> dict[str, str]:
    program: Program = compile_program([_CPP])
    proc = run_program(program, *_CASES)
    lines = dict(line.split(":", 1) for line in proc.stdout.splitlines() if ":" in line)
    assert set(lines) == set(_CASES), proc.stdout + proc.stderr
    return {k: v.strip() for k, v in lines.items()}


def _values(out: dict[str, str], case: str) -> np.ndarray:
    assert "fault" not in out[case] and "FAIL" not in out[case], out[case]
    return np.array([float(v) for v in out[case].split()])


def _ia(n: int) -> np.ndarray:
    return (np.arange(n) * 37 % 101) - 50


def _ib(n: int) -> np.ndarray:
    return (np.arange(n) * 53 % 97) - 48


def _deq_half(x: np.ndarray, scale: float) -> np.ndarray:
    """CANN's Deq: x * the half scale, rounded once to half (nearest even)."""
    return (x.astype(np.float64) * float(f16(scale))).astype(f16).astype(np.float64)


def test_cast_int32_to_half_is_the_deq_conversion(out: dict[str, str]) -> None:
    np.testing.assert_array_equal(_values(out, "cast_s32_f16"), _deq_half(_ia(300) * 97, 0.1))
    np.testing.assert_array_equal(_values(out, "cast_s32_f16_unset"), _deq_half(_ia(100) * 13, 1.0))


def test_cast_dequant_int32_to_half(out: dict[str, str]) -> None:
    x = _ib(300) * 1001
    want = np.full(432, 7.0)
    want[:300] = _deq_half(x, 0.25)
    want[304:432] = _deq_half(x[:128], 0.25)
    np.testing.assert_array_equal(_values(out, "cast_dequant_s32_f16"), want)


def test_add_deq_relu(out: dict[str, str]) -> None:
    x, y = _ia(300) * 31, _ib(300) * 17
    np.testing.assert_array_equal(_values(out, "add_deq_relu_count"), np.maximum(_deq_half(x + y, 0.1), 0))
    got = _values(out, "add_deq_relu_mask")
    full = np.maximum(_deq_half(x[:256] + y[:256], 0.5), 0)
    np.testing.assert_array_equal(got[:256], full)
    picked = np.arange(64) % 3 == 0
    np.testing.assert_array_equal(got[256:][picked], full[:64][picked])
    assert (got[256:][~picked] == -1).all()


def _scale10(scale: float) -> float:
    """The b8 scale as the hardware reads it: a float with 10 mantissa bits (the low 13 cut)."""
    return float(np.array([np.float32(scale).view(np.uint32) & 0xFFFFE000], np.uint32).view(np.float32)[0])


def _b8(x: np.ndarray, scale: np.ndarray | float, offset: np.ndarray | int, signed: bool) -> np.ndarray:
    v = np.rint(x.astype(np.float64) * scale + offset)
    return np.clip(v, -128, 127) if signed else np.clip(v, 0, 255)


def _blocks(results: np.ndarray, high: bool) -> np.ndarray:
    """16 results per 32-byte source block into the low or high half of the matching dst block; the rest 7."""
    n = results.size // 16
    want = np.full((n, 32), 7.0)
    want[:, (16 if high else 0):(32 if high else 16)] = results.reshape(n, 16)
    return want.reshape(-1)


@pytest.mark.parametrize("case, scale, offset, signed, high", [
    ("cast_dequant_s16_s8_low", 0.37, 5, True, False),
    ("cast_dequant_s16_u8_high", 2.5, -3, False, True),
])
def test_cast_dequant_int16_to_b8(out: dict[str, str], case: str, scale: float, offset: int, signed: bool,
                                  high: bool) -> None:
    x = _ia(256) * 7
    want = _blocks(_b8(x, _scale10(scale), offset, signed), high)
    np.testing.assert_array_equal(_values(out, case), want)


def test_cast_dequant_vector_form_uses_one_parameter_set_per_lane(out: dict[str, str]) -> None:
    x = (_ia(256) * 7).reshape(16, 16)
    lane = np.arange(16)
    got = _b8(x, 0.25 * (lane + 1), lane - 8, True).reshape(-1)
    want = np.concatenate([_blocks(got[:128], True)[:256], _blocks(got[128:], False)[:256]])
    np.testing.assert_array_equal(_values(out, "cast_dequant_s16_vec"), want)


def test_cast_dequant_vector_form_without_its_tensor_faults(out: dict[str, str]) -> None:
    assert "fault" in out["cast_dequant_vec_without_tensor"] and "SetDeqScale(vdeqTensor" in \
        out["cast_dequant_vec_without_tensor"]


def _half_odd(v: float) -> float:
    """float -> half rounded to odd: toward zero, then the last bit set when inexact."""
    h = np.float16(v)
    if abs(float(h)) > abs(v):
        h = np.nextafter(h, np.float16(0))
    if float(h) != v:
        h = np.array([h.view(np.uint16) | 1], np.uint16).view(np.float16)[0]
    return float(h)


def test_scalar_cast(out: dict[str, str]) -> None:
    xs = np.array([1.5, 2.5, -2.5, -0.4, 3.7, 3e9, -3e9], dtype=np.float32).astype(np.float64)
    lim = lambda v: np.clip(v, -2**31, 2**31 - 1)  # noqa: E731
    ints = np.stack([lim(np.sign(xs) * np.floor(np.abs(xs) + 0.5)), lim(np.ceil(xs)), lim(np.floor(xs)),
                     lim(np.rint(xs))], axis=1).reshape(-1)
    halves = [_half_odd(float(np.float32(v))) for v in (3.14159, 1.0, 65519.0, 1e-7, -2.0009765625)]
    np.testing.assert_array_equal(_values(out, "scalar_cast"), np.concatenate([ints, halves]))


def test_scatter_is_refused_on_the_910b(out: dict[str, str]) -> None:
    assert "fault" in out["scatter_910b"] and "not supported on Ascend910B" in out["scatter_910b"], out["scatter_910b"]


def _bilinear(src0: np.ndarray, offsets: np.ndarray, src1: np.ndarray, h_rep: int, v_rep: int, mode: bool,
              blk: int, vro: int, active: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """CANN's BilinearInterpolation: gather 8 blocks per iteration, weight, sum over h (half after each step)."""
    blocks = src0.astype(f16).reshape(-1, 16)
    out = dst.astype(f16).copy()
    for v in range(v_rep):
        acc = None
        for h in range(h_rep):
            it = v * h_rep + h
            g = blocks[offsets[it * 8:it * 8 + 8] // 32]
            w = src1[it * 8:it * 8 + 8] if mode else np.repeat(src1[it], 8)
            p = (g.astype(np.float32) * w.astype(f16).astype(np.float32)[:, None]).astype(f16)
            acc = p if acc is None else (acc.astype(np.float32) + p.astype(np.float32)).astype(f16)
        for j in np.flatnonzero(active):
            out[v * vro + (j // 16) * blk * 16 + j % 16] = acc.reshape(-1)[j]
    return out.astype(np.float64)


def test_bilinear_interpolation(out: dict[str, str]) -> None:
    got = _values(out, "bilinear_doc")
    assert got[0] == 389 and got[1] == 394 and got[255] == 4096  # CANN's documented result
    want = _bilinear(np.arange(1, 513), np.arange(32) * 32, np.arange(2, 18).astype(f16), 2, 2, False, 1, 128,
                     np.ones(128, bool), np.full(256, -1.0))
    np.testing.assert_array_equal(got, want)
    bits = np.array([(0xF0F0F0F0F0F0F0F0 >> k) & 1 for k in range(64)] + [(0x00FF00FF00FF00FF >> k) & 1
                                                                       for k in range(64)], bool)
    want = _bilinear((_ia(768) / 8).astype(f16), 32 * ((np.arange(48) * 7 + 3) % 48), (_ib(48) / 16).astype(f16),
                     3, 2, True, 2, 256, bits, np.full(512, -1.0))
    np.testing.assert_array_equal(_values(out, "bilinear_mode"), want)


def _digamma(x: float) -> float:
    """digamma with CANN's special values: NaN at negative integers and x <= -8388608, -inf at 0."""
    if x <= -8388608 or (x < 0 and x == int(x)):
        return float("nan")
    if x == 0 or np.isinf(x):
        return float("-inf") if x == 0 else x
    mpmath = pytest.importorskip("mpmath")  # torch's dependency (through sympy)
    return float(mpmath.digamma(x))


def _ulps(got: np.ndarray, want: np.ndarray, dtype: type) -> np.ndarray:
    """Distance in units of the type's last place at the reference (0 where both are the same NaN/inf)."""
    with np.errstate(invalid="ignore", over="ignore"):
        rounded = want.astype(dtype)  # past the type's range: inf, as the rounding gives
        same = (np.isnan(got) & np.isnan(want)) | (got == rounded.astype(np.float64))
        spacing = np.spacing(np.abs(rounded)).astype(np.float64)
        return np.where(same, 0.0, np.abs(got - want) / spacing)


def test_digamma_matches_mpmath(out: dict[str, str]) -> None:
    xs = np.array([1.0, 0.5, 1.4616321, 2.5, 7.25, 10.0, 123.456, 1e6, 3e-3, -0.5, -2.75, -3.0, 0.0, -1e-5, -7.999,
                   -9000000.0], dtype=np.float32)
    got = _values(out, "digamma")
    want32 = np.array([_digamma(float(v)) for v in xs])
    assert (_ulps(got[:16], want32, np.float32) <= 1).all(), (got[:16], want32)
    with np.errstate(over="ignore"):
        xh = xs.astype(f16)  # 1e6 and -9e6 become +-inf: inf and NaN
    want16 = np.array([_digamma(float(v)) for v in xh])
    assert (_ulps(got[16:], want16, f16) <= 1).all(), (got[16:], want16)


def test_digamma_tmp_buffer_and_host_helpers(out: dict[str, str]) -> None:
    assert "fault" in out["digamma_short_tmp"] and "sharedTmpBuffer" in out["digamma_short_tmp"]
    # CANN's digamma_tiling_impl.cpp: max = k * max(n * typeSize, 256), min = k * 256; k = 16 (half), 7 (float),
    # 6 (float reusing the source); the factor helper gives (k, 0) for the non-reusing case
    want = []
    for n in (1024, 16):
        for k, size in ((16, 2), (7, 4), (6, 4)):
            want += [k * max(n * size, 256), k * 256]
    want += [16, 0, 7, 0]
    assert [int(v) for v in out["digamma_tiling"].split()] == want
