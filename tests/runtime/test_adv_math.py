"""Advanced element-wise APIs (lib/math, lib/activation) and their tmp-size helpers on the simulator, against numpy."""
from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile

Ref = Callable[..., np.ndarray]


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-x))


def _gelu(x: np.ndarray) -> np.ndarray:
    return x / (1 + np.exp(-1.5957691 * (x + 0.044715 * x**3)))


_lgamma = np.vectorize(math.lgamma)
_erf = np.vectorize(math.erf)
_erfc = np.vectorize(math.erfc)

# api -> (reference in float64, input range, forms CANN declares)
ALL4 = ("count", "tmpmin", "tmpmax", "whole", "wholetmp")
UNARY: dict[str, tuple[Ref, tuple[float, float], tuple[str, ...]]] = {
    "Acos": (np.arccos, (-1, 1), ALL4),
    "Acosh": (np.arccosh, (1, 20), ALL4),
    "Asin": (np.arcsin, (-1, 1), ALL4),
    "Asinh": (np.arcsinh, (-20, 20), ALL4),
    "Atan": (np.arctan, (-20, 20), ALL4),
    "Atanh": (np.arctanh, (-0.99, 0.99), ALL4),
    "Cos": (np.cos, (-10, 10), ALL4),
    "Cosh": (np.cosh, (-5, 5), ALL4),
    "Sin": (np.sin, (-10, 10), ALL4),
    "Sinh": (np.sinh, (-5, 5), ALL4),
    "Tan": (np.tan, (-1.5, 1.5), ALL4),
    "Tanh": (np.tanh, (-5, 5), ALL4),
    "Erf": (_erf, (-3, 3), ALL4),
    "Erfc": (_erfc, (-3, 3), ALL4),
    "Trunc": (np.trunc, (-50, 50), ALL4),
    "Frac": (lambda x: x - np.trunc(x), (-50, 50), ALL4),
    "Sign": (np.sign, (-2, 2), ALL4),
    "Log2": (np.log2, (0.01, 100), ALL4),
    "Sigmoid": (_sigmoid, (-8, 8), ALL4),
    "Ceil": (np.ceil, (-50, 50), ("count", "tmpmin", "tmpmax")),
    "Floor": (np.floor, (-50, 50), ("count", "tmpmin", "tmpmax")),
    "Round": (np.rint, (-50, 50), ("count", "tmpmin", "tmpmax")),
    "Rint": (np.rint, (-50, 50), ("count", "tmpmin", "tmpmax")),
    "Lgamma": (_lgamma, (0.1, 10), ("count", "tmpmin", "tmpmax")),
    "Exp": (np.exp, (-10, 10), ("count", "tmpmin", "tmpmax")),
    "Gelu": (_gelu, (-5, 5), ("count", "tmpmin", "tmpmax")),
    "Log": (np.log, (0.01, 100), ("count", "whole")),
    "Log10": (np.log10, (0.01, 100), ("count", "whole")),
    "Swish": (lambda x, beta: x / (1 + np.exp(-beta * x)), (-8, 8), ("count",)),
    "Silu": (lambda x: x / (1 + np.exp(-x)), (-8, 8), ("count",)),
}
# api -> (reference (a, b, scalar) in float64, range of a, range of b, forms, scalar)
Range = tuple[float, float]
BINARY: dict[str, tuple[Ref, Range, Range, tuple[str, ...], float]] = {
    "GeGLU": (lambda a, b, s: a * _gelu(b), (-4, 4), (-4, 4), ALL4, 0),
    "SwiGLU": (lambda a, b, s: a * b / (1 + np.exp(-s * b)), (-4, 4), (-4, 4), ALL4, 0.75),
    "ReGlu": (lambda a, b, s: a * np.maximum(b, 0), (-4, 4), (-4, 4), ("count", "tmpmin", "tmpmax"), 0),
    "Fmod": (lambda a, b, s: np.fmod(a, b), (-20, 20), (0.5, 6), ALL4, 0),
    "Power": (lambda a, b, s: np.power(a, b), (0.1, 4), (-3, 3), ALL4, 0),
    "PowerTS": (lambda a, b, s: np.power(a, s), (0.1, 4), (0, 1), ALL4, 2.5),
    "PowerST": (lambda a, b, s: np.power(s, b), (0, 1), (-3, 3), ALL4, 1.5),
    "ClampMax": (lambda a, b, s: np.minimum(a, s), (-4, 4), (0, 1), ("count", "tmpmin", "tmpmax"), 1.25),
    "ClampMin": (lambda a, b, s: np.maximum(a, s), (-4, 4), (0, 1), ("count", "tmpmin", "tmpmax"), -1.25),
    "Axpy": (lambda a, b, s: b + a * s, (-4, 4), (-4, 4), ("tmpmin", "tmpmax"), 0.5),
}
# One element, a partial 32 B block, whole repeats, many repeats with a tail.
SIZES = [1, 24, 256, 1000]
DTYPES = {"float": np.float32, "half": np.float16}
ROUNDING = {"Trunc", "Frac", "Sign", "Ceil", "Floor", "Round", "Rint", "ClampMax", "ClampMin"}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP / "adv_main.cpp", CPP / "adv_faults.cpp"])


def _run(program: Program, tmp_path: Path, api: str, dtype: str, n: int, form: str, scalar: float,
         inputs: list[np.ndarray]) -> np.ndarray:
    files = []
    for i, x in enumerate(inputs):
        files.append(tmp_path / f"in{i}.bin")
        x.tofile(files[-1])
    out = tmp_path / "y.bin"
    proc = run_program(program, api, dtype, str(n), form, str(scalar), str(out), *map(str, files))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return np.fromfile(out, dtype=DTYPES[dtype])


def _check(api: str, got: np.ndarray, want: np.ndarray, data: type) -> None:
    if api in ROUNDING:  # exact: one float op on representable inputs
        np.testing.assert_array_equal(got, want.astype(data))
        return
    # float: libm in float vs float64 (a few ulp); half: one rounding of a float result (<= 0.5 ulp of half)
    rtol, atol = (2e-6, 1e-6) if data is np.float32 else (1e-3, 1e-4)
    if api.startswith("Power") and data is np.float32:
        rtol = 1e-5  # powf's inputs are float: 2 ulp of the result
    np.testing.assert_allclose(got.astype(np.float64), want.astype(data).astype(np.float64), rtol=rtol, atol=atol)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize(("api", "form"), [(a, f) for a, (_, _, forms) in UNARY.items() for f in forms])
def test_unary_matches_numpy(program: Program, tmp_path: Path, api: str, form: str, dtype: str, n: int) -> None:
    ref, (lo, hi), _ = UNARY[api]
    data = DTYPES[dtype]
    x = np.random.default_rng(n).uniform(lo, hi, n).astype(data)
    if api in {"Round", "Rint"}:
        x[: min(n, 4)] = np.array([0.5, 1.5, -2.5, 2.5], dtype=data)[: min(n, 4)]  # ties go to even
    beta = 1.702
    y = _run(program, tmp_path, api, dtype, n, form, beta, [x])
    want = ref(x.astype(np.float64), beta) if api == "Swish" else ref(x.astype(np.float64))
    _check(api, y, want, data)


@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("api", [a for a, (_, _, forms) in UNARY.items() if forms == ALL4] + ["Gelu"])
def test_unary_by_address_has_canns_type(program: Program, tmp_path: Path, api: str, dtype: str) -> None:
    # foreach kernels pass `Atan<half, false>` as a template argument of type
    # void (const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t): the calCount form must have that type.
    ref, (lo, hi), _ = UNARY[api]
    data = DTYPES[dtype]
    x = np.random.default_rng(3).uniform(lo, hi, 1000).astype(data)
    _check(api, _run(program, tmp_path, api, dtype, 1000, "byaddr", 0, [x]), ref(x.astype(np.float64)), data)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize(("api", "form"), [(a, f) for a, (_, _, _, forms, _) in BINARY.items() for f in forms])
def test_binary_matches_numpy(program: Program, tmp_path: Path, api: str, form: str, dtype: str, n: int) -> None:
    ref, ra, rb, _, scalar = BINARY[api]
    data = DTYPES[dtype]
    rng = np.random.default_rng(n + 7)
    a, b = rng.uniform(*ra, n).astype(data), rng.uniform(*rb, n).astype(data)
    y = _run(program, tmp_path, api, dtype, n, form, scalar, [a, b])
    want = ref(a.astype(np.float64), b.astype(np.float64), float(data(scalar)))
    _check(api, y, want, data)


@pytest.mark.parametrize("form", ["count", "tmpmin", "tmpmax"])
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize(("api", "dtype"), [("Xor", "int16"), ("Xor", "uint16"), ("Power", "int32")])
def test_integer_apis_match_numpy(program: Program, tmp_path: Path, api: str, dtype: str, n: int, form: str) -> None:
    data = {"int16": np.int16, "uint16": np.uint16, "int32": np.int32}[dtype]
    rng = np.random.default_rng(n)
    if api == "Xor":
        info = np.iinfo(data)
        a, b = (rng.integers(info.min, info.max, n, endpoint=True).astype(data) for _ in range(2))
        want = a ^ b
    else:  # small bases and exponents: no overflow
        a, b = rng.integers(-5, 6, n).astype(data), rng.integers(0, 8, n).astype(data)
        want = a.astype(np.int64) ** b.astype(np.int64)
    y = _run_typed(program, tmp_path, api, dtype, data, n, form, [a, b])
    np.testing.assert_array_equal(y, want.astype(data))


def _run_typed(program: Program, tmp_path: Path, api: str, dtype: str, data: type, n: int, form: str,
               inputs: list[np.ndarray]) -> np.ndarray:
    files = []
    for i, x in enumerate(inputs):
        files.append(tmp_path / f"in{i}.bin")
        x.tofile(files[-1])
    out = tmp_path / "y.bin"
    proc = run_program(program, api, dtype, str(n), form, "0", str(out), *map(str, files))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return np.fromfile(out, dtype=data)


FAULTS = [
    ("tmp_too_small", "fault", "[Atan] sharedTmpBuffer holds 1024 bytes but Atan needs at least 1280 bytes"),
    ("count_past_src", "fault", "[Acosh] calCount 300 is larger than srcTensor's 256 elements"),
    ("dst_too_small", "fault", "[GeGLU] dst needs 1024 bytes but the tensor holds 768 bytes"),
    ("tmp_not_ub", "fault", "[Sin] sharedTmpBuffer is not a tensor in this block's Unified Buffer"),
    ("host_bad_type_size", "host error", "GetAcoshMaxMinTmpSize: typeSize 8 is not 2 (half) or 4 (float)"),
    ("host_empty_shape", "host error", "GetErfMaxMinTmpSize: srcShape holds 0 elements"),
]


@pytest.mark.parametrize(("case", "kind", "message"), FAULTS)
def test_misuse_is_reported(program: Program, case: str, kind: str, message: str) -> None:
    out = run_program(program, "case", case).stdout
    assert out.startswith(f"{kind}: "), out
    assert message in out, out
    if kind == "fault":
        assert "[adv][Block_0][adv_faults.cpp:" in out, "the fault names the op, the block and the kernel's line"


def test_tmp_size_helpers_follow_canns_formulas(program: Program) -> None:
    # nodes * max(n * typeSize, 256) and nodes * 256 (Acosh floors the element count; Exp keeps float temporaries).
    out = run_program(program, "case", "host_sizes").stdout.splitlines()
    assert out == [
        "Erf 1000 4 12000 768",
        "Acosh 10 4 1024 256",
        "Exp 100 2 1600 1024",
        "GeGLU 1024 4 0 0",
        "SwiGLU 128 2 1536 1536",
        "Cos 64 4 512 512",
        "Atan factor 12 0",
        "ok",
    ]


def test_cann_include_names_compile(tmp_path: Path) -> None:
    # Kernels and host code include the advanced APIs by CANN's names (lib/math/acosh.h, lib/activation/geglu_tiling.h).
    include = Path(__file__).resolve().parents[2] / "opkit" / "runtime" / "include"
    headers = sorted(p.relative_to(include).as_posix() for d in ("math", "activation", "utils")
                     for p in (include / "lib" / d).glob("*.h"))
    assert "lib/math/acosh.h" in headers and "lib/activation/swiglu_tiling.h" in headers
    # ... and by the older names CANN still ships (deprecated there): lib/<family>/kernel_operator_<api>_intf.h.
    older = sorted(p.relative_to(include).as_posix() for p in (include / "lib").glob("*/kernel_operator_*_intf.h"))
    assert "lib/math/kernel_operator_atan_intf.h" in older and "lib/index/kernel_operator_arithprogression_intf.h" in older
    headers += [h for h in older if h not in headers]
    source = tmp_path / "adv_includes.cpp"
    source.write_text("".join(f'#include "{h}"\n' for h in headers) + "int main() { return 0; }\n")
    run_program(compile_program(source))
