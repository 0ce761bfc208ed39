"""Ascend 950's own level-2 vector APIs (opkit/sim/vec/binary950.h) on the simulator built for dav-3510, against
numpy: AbsSub, ExpSub, Prelu, Mull, ShiftLeft/ShiftRight by a tensor, Neg, Truncate, the scalar-operand Subs, Divs,
Ands, Ors in each operand form, MulsCast, and their older Fused* names; and their refusal on the 910B.

The driver is interleave_main.cpp's program (shared with test_interleave.py: one build) with vec950_ops.cpp."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = [Path(__file__).parent / "cpp" / "interleave_main.cpp", Path(__file__).parent / "cpp" / "vec950_ops.cpp",
       Path(__file__).parent / "cpp" / "vec950_sys.cpp"]
F16, F32 = np.float16, np.float32
INTS = {"int8": np.int8, "uint8": np.uint8, "int16": np.int16, "uint16": np.uint16, "int32": np.int32,
        "uint32": np.uint32, "int64": np.int64, "uint64": np.uint64}
FLOATS = {"half": F16, "float": F32}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program(CPP, defines={"OPKIT_SOC_ARCH": "3510"})


def _call(program: Program, tmp: Path, api: str, dtype: str, a: np.ndarray, b: np.ndarray, n: int,
          out: type) -> np.ndarray:
    a.tofile(tmp / "a.bin")
    b.tofile(tmp / "b.bin")
    proc = run_program(program, "v950", api, dtype, str(n), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return np.fromfile(tmp / "d0.bin", dtype=out)


def _floats(dtype: type, n: int, seed: int, scale: float = 4.0) -> np.ndarray:
    return (np.random.default_rng(seed).standard_normal(n) * scale).astype(dtype)


@pytest.mark.parametrize("n", [1, 77, 300])
@pytest.mark.parametrize("dtype", ["half", "float"])
def test_abssub_prelu_expsub(program: Program, tmp_path: Path, dtype: str, n: int) -> None:
    t = FLOATS[dtype]
    a, b = _floats(t, n, n), _floats(t, n, n + 1)
    wa, wb = a.astype(F32), b.astype(F32)
    for api in ("abssub", "fusedabssub"):
        np.testing.assert_array_equal(_call(program, tmp_path, api, dtype, a, b, n, t), np.abs(wa - wb).astype(t))
    np.testing.assert_array_equal(_call(program, tmp_path, "prelu", dtype, a, b, n, t),
                                  np.where(wa >= 0, wa, wa * wb).astype(t))
    a, b = _floats(t, n, n, 1.0), _floats(t, n, n + 1, 1.0)   # exp of a difference in [-8, 8] or so
    want = np.exp((a.astype(np.float64) - b.astype(np.float64)))
    for api in ("expsub", "fusedexpsub"):
        np.testing.assert_allclose(_call(program, tmp_path, api, dtype, a, b, n, F32), want, rtol=2e-6)


@pytest.mark.parametrize("dtype", ["int32", "uint32"])
def test_mull_gives_the_low_and_high_words(program: Program, tmp_path: Path, dtype: str) -> None:
    t, n = INTS[dtype], 133
    info = np.iinfo(t)
    rng = np.random.default_rng(5)
    a = rng.integers(info.min, info.max, n, endpoint=True, dtype=np.int64).astype(t)
    b = rng.integers(info.min, info.max, n, endpoint=True, dtype=np.int64).astype(t)
    a[:3], b[:3] = [info.min, info.max, 0], [info.min, info.max, 7]
    lo = _call(program, tmp_path, "mull", dtype, a, b, n, t)
    hi = np.fromfile(tmp_path / "d1.bin", dtype=t)
    product = [int(x) * int(y) for x, y in zip(a, b)]   # exact, in Python integers
    np.testing.assert_array_equal(lo, np.array([p & 0xFFFFFFFF for p in product], dtype=np.uint64).astype(t))
    np.testing.assert_array_equal(hi, np.array([(p >> 32) & 0xFFFFFFFF for p in product],
                                               dtype=np.uint64).astype(t))


@pytest.mark.parametrize("dtype", list(INTS))
def test_shift_by_a_tensor(program: Program, tmp_path: Path, dtype: str) -> None:
    t, n = INTS[dtype], 65
    bits = np.dtype(t).itemsize * 8
    info = np.iinfo(t)
    rng = np.random.default_rng(bits)
    a = rng.integers(info.min, info.max, n, endpoint=True, dtype=np.int64 if info.min < 0 else np.uint64).astype(t)
    k = rng.integers(0, bits, n).astype(np.dtype(f"int{bits}"))
    k[:2] = [0, bits - 1]
    np.testing.assert_array_equal(_call(program, tmp_path, "shl", dtype, a, k, n, t), a << k.astype(t))
    # numpy's >> on a signed type is arithmetic, on an unsigned one logical: as the device.
    np.testing.assert_array_equal(_call(program, tmp_path, "shr", dtype, a, k, n, t), a >> k.astype(t))


def test_shift_amount_out_of_range_is_reported(program: Program, tmp_path: Path) -> None:
    a, k = np.arange(8, dtype=np.int32), np.array([1, 2, 32, 0, 0, 0, 0, 0], dtype=np.int32)
    a.tofile(tmp_path / "a.bin")
    k.tofile(tmp_path / "b.bin")
    proc = run_program(program, "v950", "shl", "int32", "8", str(tmp_path))
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "[ShiftLeft] src1[2] = 32 is outside the shift range [0, 31]" in proc.stdout, proc.stdout


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "half", "float"])
def test_neg(program: Program, tmp_path: Path, dtype: str) -> None:
    n = 99
    if dtype in FLOATS:
        a = _floats(FLOATS[dtype], n, 3)
    else:
        info = np.iinfo(INTS[dtype])
        a = np.random.default_rng(3).integers(info.min, info.max, n, endpoint=True).astype(INTS[dtype])
        a[:2] = [info.min, 0]   # the most negative value wraps to itself
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(_call(program, tmp_path, "neg", dtype, a, a, n, a.dtype), -a)


@pytest.mark.parametrize("dtype", ["half", "float", "bf16"])
def test_truncate_rounds_by_mode(program: Program, tmp_path: Path, dtype: str) -> None:
    halves = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, -0.25, 3.75, 100.0, -7.0])
    a64 = np.concatenate([halves, np.random.default_rng(2).uniform(-50, 50, 90).round(2)])
    if dtype == "bf16":   # bfloat16 travels as the top 16 bits of a float32
        a32 = (a64.astype(F32).view(np.uint32) & 0xFFFF0000).view(F32)
        a, exact = (a32.view(np.uint32) >> 16).astype(np.uint16), a32.astype(np.float64)
    else:
        a = a64.astype(FLOATS[dtype])
        exact = a.astype(np.float64)
    modes = {"rint": np.rint, "floor": np.floor, "ceil": np.ceil, "trunc": np.trunc,
             "round": lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5)}   # half away from zero
    for mode, fn in modes.items():
        got = _call(program, tmp_path, f"trunc_{mode}", dtype, a, a, len(a), a.dtype)
        if dtype == "bf16":
            got = (got.astype(np.uint32) << 16).view(F32)
        np.testing.assert_array_equal(got.astype(np.float64), fn(exact), err_msg=mode)


def _scalar_case(dtype: str, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    if dtype in FLOATS:
        a = _floats(FLOATS[dtype], n, seed)
        b = np.full(n, FLOATS[dtype](-1.75))
        return a, b
    t = INTS[dtype]
    info = np.iinfo(t)
    a = rng.integers(max(info.min, -(1 << 40)), min(info.max, 1 << 40), n, endpoint=True).astype(t)
    b = np.full(n, t(-3 if info.min < 0 else 0x5A5A), dtype=t)
    return a, b


_SCALAR_APIS = {"Subs": (["half", "float", "int16", "int32", "int64", "uint64"], lambda x, k: x - k),
                "Divs": (["half", "float", "int64"], None),
                "Ands": (["int16", "uint16", "int64", "uint64"], lambda x, k: x & k),
                "Ors": (["int16", "uint16", "int64", "uint64"], lambda x, k: x | k)}


@pytest.mark.parametrize(("api", "dtype"), [(a, d) for a, (ds, _) in _SCALAR_APIS.items() for d in ds])
def test_scalar_operand_forms(program: Program, tmp_path: Path, api: str, dtype: str) -> None:
    n = 70
    a, b = _scalar_case(dtype, n, len(api) + n)
    k = b[0]
    t = a.dtype
    fn = _SCALAR_APIS[api][1]

    def want(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        if api == "Divs" and dtype == "int64":   # truncation toward zero
            q = np.abs(x) // np.abs(y)
            return (np.sign(x) * np.sign(y) * q).astype(t)
        if api == "Divs":
            return (x.astype(F32) / y.astype(F32)).astype(t)
        with np.errstate(over="ignore"):
            return fn(x, y).astype(t) if dtype not in FLOATS else fn(x.astype(F32), y.astype(F32)).astype(t)

    kk = np.full(n, k, dtype=t)
    np.testing.assert_array_equal(_call(program, tmp_path, f"{api}_ts", dtype, a, b, n, t), want(a, kk))
    np.testing.assert_array_equal(_call(program, tmp_path, f"{api}_tt", dtype, a, b, n, t), want(a, kk))
    if api == "Divs" and dtype == "int64":
        a[a == 0] = 1   # the scalar-first form divides by the tensor
    np.testing.assert_array_equal(_call(program, tmp_path, f"{api}_st", dtype, a, b, n, t), want(kk, a))
    # BinaryConfig{0}: src0 is the single-point tensor (b), src1 the tensor.
    np.testing.assert_array_equal(_call(program, tmp_path, f"{api}_tt0", dtype, a, b, n, t), want(kk, a))


def test_integer_divs_by_zero_is_reported(program: Program, tmp_path: Path) -> None:
    a, b = np.arange(4, dtype=np.int64), np.zeros(4, dtype=np.int64)
    a.tofile(tmp_path / "a.bin")
    b.tofile(tmp_path / "b.bin")
    proc = run_program(program, "v950", "Divs_ts", "int64", "4", str(tmp_path))
    assert proc.returncode == 3 and "[Divs] integer division by zero" in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.parametrize("api", ["mulscast_ts", "mulscast_st", "mulscast_tt", "fusedmulscast_ts"])
def test_mulscast_float_to_half(program: Program, tmp_path: Path, api: str) -> None:
    n = 130
    a = _floats(F32, n, 9, 100.0)
    b = np.full(n, F32(0.3), dtype=F32)
    got = _call(program, tmp_path, api, "float", a, b, n, F16)
    np.testing.assert_array_equal(got, (a * F32(0.3)).astype(F16))


_ON_910B = """
#include "kernel_operator.h"
void kernel_body(AscendC::LocalTensor<half>& t) { AscendC::AbsSub(t, t, t, 64); }
int main() { return 0; }
"""


def test_910b_refuses_them(tmp_path: Path) -> None:
    source = tmp_path / "abssub.cpp"
    source.write_text(_ON_910B)
    with pytest.raises(AssertionError, match=re.escape("AbsSub is available on Ascend950 only")):
        compile_program(source)


def test_registers_and_saturation_strategy(program: Program, tmp_path: Path) -> None:
    proc = run_program(program, "v950", "regs", "-", "0", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    values = [int(v) for v in re.search(r"regs: (.*)", proc.stdout).group(1).split()]
    # GetVecLen 256 B; GatherMask pattern 1 keeps 32 of 64 floats and leaves 32 * 4 bytes in AR, ClearSpr zeroes it;
    # USE_GLOBAL sets CTRL bit 60 (1), USE_API clears it (0); FLOAT8 saturation is CTRL bit 50 = 0; the scalar
    # cache mode: READ PERSISTENT in CTRL[19:16] = 2, WRITE DISABLE in CTRL[23:20] = 4, both read back.
    assert values == [256, 32, 128, 0, 1, 1, 0, 0, 0, 1, 2, 4, 1, 1]


@pytest.mark.parametrize(("dtype", "divisor"), [("uint32", 1), ("uint32", 7), ("uint32", 64), ("uint32", 2**31 - 1),
                                                ("uint64", 3), ("uint64", 1000003), ("uint64", 2**40)])
def test_uint_div_magic_divides(program: Program, tmp_path: Path, dtype: str, divisor: int) -> None:
    proc = run_program(program, "v950", "divmagic", dtype, str(divisor), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    magic, shift = (int(v) for v in re.search(r"divmagic: (\d+) (\d+)", proc.stdout).groups())
    bits = 32 if dtype == "uint32" else 64
    assert shift == (divisor - 1).bit_length()
    assert magic == ((2**bits * (2**shift - divisor)) // divisor + 1) % 2**bits
    # The round-up method it serves: q = (mulhi(n, magic) + n) >> shift, for n up to the type's maximum.
    rng = np.random.default_rng(divisor)
    for n in [0, 1, divisor - 1, divisor, 2**bits - 1, *(int(v) for v in rng.integers(0, 2**31, 200))]:
        assert ((n * magic >> bits) + n) >> shift == n // divisor, n


def test_uint_div_magic_refuses_zero(program: Program, tmp_path: Path) -> None:
    proc = run_program(program, "v950", "divmagic", "uint32", "0", str(tmp_path))
    assert proc.returncode == 3 and "divisor 0 is outside [1, 2147483647]" in proc.stdout, proc.stdout + proc.stderr


def _bf16(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """bfloat16 bits (truncated float32) and their float32 values."""
    bits = (x.astype(F32).view(np.uint32) >> 16).astype(np.uint16)
    return bits, (bits.astype(np.uint32) << 16).view(F32)


@pytest.mark.parametrize("dtype", ["half", "float", "bf16"])
@pytest.mark.parametrize("api", ["quantize_pt_rint", "quantize_pt_trunc_nooffset", "quantize_pc_round",
                                 "quantize_pk_floor"])
def test_quantize_to_int8(program: Program, tmp_path: Path, api: str, dtype: str) -> None:
    m, n = 5, 64
    rng = np.random.default_rng(len(api))
    raw = rng.uniform(-40, 40, (m, n)).astype(F32)
    raw[0, :6] = [0.5, 1.5, -0.5, -2.5, 1000.0, -1000.0]   # ties, and values that saturate
    if dtype == "bf16":
        x_in, x = _bf16(raw)
    else:
        x_in = raw.astype(FLOATS[dtype])
        x = x_in.astype(F32)
    scale = rng.uniform(0.5, 4, n).astype(F32)
    offset = rng.uniform(-3, 3, n).astype(F32)
    scale[0], offset[0] = 1.0, 0.0   # so the ties in row 0 stay ties
    b = np.concatenate([scale, offset])
    got = _call(program, tmp_path, api, dtype, x_in, b, m, np.int8).reshape(m, n)
    if "_pt_" in api:
        s, o = scale[0], (0 if "nooffset" in api else offset[0])
    elif "_pc_" in api:
        s, o = scale[None, :], offset[None, :]
    else:   # per token: row i takes scale[i], offset[i]
        s, o = scale[:m, None], offset[:m, None]
    y = ((x * s).astype(F32) + o).astype(F32)   # float steps, as the device's Mul then Add
    mode = api.split("_")[2]
    rounded = {"rint": np.rint, "trunc": np.trunc, "floor": np.floor,
               "round": lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5)}[mode](y.astype(np.float64))
    np.testing.assert_array_equal(got, np.clip(rounded, -128, 127).astype(np.int8))


def _bf16_rne(v: np.ndarray) -> np.ndarray:
    """float32 values rounded to nearest even into bfloat16, as float32 (finite inputs)."""
    bits = v.astype(F32).view(np.uint32).astype(np.uint64)
    return (((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16).astype(np.uint32).view(F32)


def _int_to_float_away(x: np.ndarray) -> np.ndarray:
    """int32 -> float32, a tie going away from zero."""
    f = x.astype(F32)
    diff = f.astype(np.float64) - x.astype(np.float64)
    other = np.nextafter(f, np.where(diff > 0, -np.inf, np.inf).astype(F32))
    tie = (diff != 0) & (np.abs(other.astype(np.float64) - x) == np.abs(diff)) & (np.abs(other) > np.abs(f))
    return np.where(tie, other, f)


@pytest.mark.parametrize("api", ["dequantize_pt", "dequantize_pc", "dequantize_pc_bf16", "dequantize_pk",
                                 "dequantize_pk_f32src"])
def test_dequantize(program: Program, tmp_path: Path, api: str) -> None:
    m, n = 3, 64
    rng = np.random.default_rng(len(api))
    src = rng.integers(-(2**31), 2**31 - 1, (m, n), dtype=np.int64).astype(np.int32)
    src[0, :4] = [2**24 + 1, -(2**24 + 3), 2**25 + 2, 7]   # ties of the int32 -> float conversion, and exact
    scale = _bf16(rng.uniform(-2, 2, n).astype(F32))[1]     # bfloat16-exact, so every scale type holds it
    scale[:m] = [F32(1), F32(0.5), F32(2e-5)]
    if api == "dequantize_pk_f32src":
        src = rng.uniform(-1000, 1000, (m, n)).astype(F32)
    got_type = {"dequantize_pc_bf16": np.uint16, "dequantize_pk": F16}.get(api, F32)
    got = _call(program, tmp_path, api, "-", src, scale, m, got_type).reshape(m, n)
    x = src if api == "dequantize_pk_f32src" else _int_to_float_away(src)
    s = {"dequantize_pt": scale[0], "dequantize_pc": scale[None, :], "dequantize_pc_bf16": scale[None, :]}.get(
        api, scale[:m, None])
    want = (x * s).astype(F32)
    if api == "dequantize_pc_bf16":   # round to nearest even into bfloat16, compared as values
        np.testing.assert_array_equal((got.astype(np.uint32) << 16).view(F32), _bf16_rne(want))
    elif api == "dequantize_pk":   # half saturates instead of overflowing
        np.testing.assert_array_equal(got, np.clip(want, -65504, 65504).astype(F16))
    else:
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["half", "bf16"])
@pytest.mark.parametrize("api", ["antiquantize_pt", "antiquantize_pc", "antiquantize_pk_float",
                                 "antiquantize_pk_nooffset"])
def test_antiquantize_from_int8(program: Program, tmp_path: Path, api: str, dtype: str) -> None:
    m, n = 4, 64
    rng = np.random.default_rng(len(api) + len(dtype))
    x = rng.integers(-128, 128, (m, n)).astype(np.int8)
    x[0, :2] = [-128, 127]
    # scale and offset exact in half and bfloat16 (multiples of 1/8 and 1/4 in small ranges)
    scale = (rng.integers(-16, 17, n) / 8).astype(F32)
    offset = (rng.integers(-40, 41, n) / 4).astype(F32)
    out = _call(program, tmp_path, api, dtype, x, np.concatenate([scale, offset]), m,
                F16 if dtype == "half" else np.uint16).reshape(m, n)
    if api == "antiquantize_pt":
        s, o = scale[0], offset[0]
    elif api == "antiquantize_pc":
        s, o = scale[None, :], offset[None, :]
    else:
        s, o = scale[:m, None], offset[:m, None]
    if api == "antiquantize_pk_nooffset":
        o = F32(0)
    want = ((x.astype(F32) + o).astype(F32) * s).astype(F32)
    if dtype == "half":
        np.testing.assert_array_equal(out, want.astype(F16))
    else:   # rounded to nearest even into bfloat16
        np.testing.assert_array_equal((out.astype(np.uint32) << 16).view(F32), _bf16_rne(want))


def test_ub_past_ub_size_runs_with_a_warning_on_950(program: Program, tmp_path: Path) -> None:
    """Ascend950's UB has 256 KB, its ini 248 KB: a buffer reaching past ub_size runs after a located warning; its
    API temporaries are not modelled (the device keeps its vector-function stack there), so the bytes stay the
    kernel's. Past the 256 KB it is a fault."""
    proc = run_program(program, "v950sys", "ub950", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[-1] == "kept" and len(lines) == 2, lines
    assert lines[0].startswith("warning: [v950sys][Block_0][vec950_sys.cpp:") and (
        "[TPipe::InitBuffer] TBuf buffer 0 (VECCALC, UB offset 252928, 2048 bytes) ends at UB byte 254976, 1024 bytes "
        "past the 253952 bytes (248 KB) of Ascend950's ub_size") in lines[0]
    assert "vector-function stack" in lines[0]
    proc = run_program(program, "v950sys", "ub950big", str(tmp_path))
    assert proc.returncode == 3 and ("[TPipe::InitBuffer] Unified Buffer overflow: 261120 bytes already allocated + "
                                     "2048 bytes = 263168 bytes > 253952 bytes (the SoC's ub_size; past the 262144 "
                                     "bytes of the whole UB as well)" in proc.stdout), proc.stdout
