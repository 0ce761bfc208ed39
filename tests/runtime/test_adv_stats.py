"""PhiloxRandom and Welford (WelfordUpdate, WelfordFinalize, their host tmp-size helpers) on the simulator against
numpy: one compiled program (cpp/adv_stats_main.cpp), a case per run."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "adv_stats_main.cpp"
M32 = 0xFFFFFFFF


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def philox4x32(rounds: int, key: tuple[int, int], ctr: list[int]) -> list[int]:
    """Random123's Philox4x32-R, written out from its definition."""
    c, k0, k1 = list(ctr), key[0], key[1]
    for _ in range(rounds):
        p0, p1 = 0xD2511F53 * c[0], 0xCD9E8D57 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k0, p1 & M32, (p0 >> 32) ^ c[3] ^ k1, p0 & M32]
        k0, k1 = (k0 + 0x9E3779B9) & M32, (k1 + 0xBB67AE85) & M32
    return c


def stream(rounds: int, key: tuple[int, int], ctr: list[int], count: int) -> np.ndarray:
    base = sum(w << (32 * i) for i, w in enumerate(ctr))
    out = []
    for block in range((count + 3) // 4):
        c = (base + block) % (1 << 128)
        out += philox4x32(rounds, key, [(c >> (32 * i)) & M32 for i in range(4)])
    return np.array(out[:count], dtype=np.uint32)


def as_float(words: np.ndarray) -> np.ndarray:
    return ((words & 0x7FFFFF) | 0x3F800000).view(np.float32) - np.float32(1)


def test_reference_matches_random123_known_answers() -> None:
    # Random123's kat_vectors for philox4x32_10: (counter, key) -> output.
    assert philox4x32(10, (0, 0), [0, 0, 0, 0]) == [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]
    assert philox4x32(10, (M32, M32), [M32] * 4) == [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]


@pytest.mark.parametrize("rounds", [7, 10])
@pytest.mark.parametrize("dtype", ["uint32", "float"])
@pytest.mark.parametrize(("ctr", "shape"), [
    ([0, 0, 0, 0], (100,)),                               # count form, a count not a multiple of 4
    ([0xFFFFFFFE, M32, 7, 0], (64,)),                     # the 128-bit counter carries across words
    ([5, 0, 0, 0], (48, 3, 16)),                          # {stride, row, column}: rows 48 elements apart
    ([1, 2, 3, 4], (16, 4, 16)),                          # stride == column: the count form's stream
])
def test_philox_matches_reference(program: Program, tmp_path: Path, rounds: int, dtype: str, ctr: list[int],
                                  shape: tuple[int, ...]) -> None:
    key = (0x12345678, 0x9ABCDEF0)
    args = [str(v) for v in (*key, *ctr)]
    count = shape[0] if len(shape) == 1 else 0
    extra = [str(v) for v in shape] if len(shape) == 3 else []
    proc = run_program(program, "philox", str(tmp_path), str(rounds), dtype, *args, str(count), *extra)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    if len(shape) == 1:
        want = stream(rounds, key, ctr, count)
    else:
        stride, row, column = shape
        flat = stream(rounds, key, ctr, (row - 1) * stride + column)
        want = np.concatenate([flat[i * stride:i * stride + column] for i in range(row)])
    got = np.fromfile(tmp_path / "philox.bin", np.float32 if dtype == "float" else np.uint32)
    if dtype == "float":
        np.testing.assert_array_equal(got, as_float(want))
        assert got.min() >= 0 and got.max() < 1
    else:
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(("dtype", "np_dtype"), [("float", np.float32), ("half", np.float16)])
@pytest.mark.parametrize(("r", "ab", "h", "counts", "correction"), [
    (5, 64, 24, 0, 0),   # head lanes [0, 24) saw one element more: headCount/tailCount
    (4, 16, 16, 1, 0),   # counts tensor
    (3, 128, 0, 0, 1),   # no extra step: every lane rnLength elements; Bessel's correction
    (6, 32, 8, 1, 1),
])
def test_welford_matches_numpy(program: Program, tmp_path: Path, dtype: str, np_dtype: type, r: int, ab: int,
                               h: int, counts: int, correction: int) -> None:
    rng = np.random.default_rng(r * ab + h)
    x = (rng.standard_normal((r + 1, ab)) * 3 + 1.5).astype(np_dtype)
    x.tofile(tmp_path / "x.bin")
    proc = run_program(program, "welford", str(tmp_path), dtype, str(r), str(ab), str(h), str(counts),
                       str(correction))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    xs = x.astype(np.float64)
    seen = [np.concatenate([xs[:r, i], xs[r:, i] if i < h else []]) for i in range(ab)]
    lanes = np.fromfile(tmp_path / "lanes.bin", np.float32)
    np.testing.assert_allclose(lanes[:ab], [s.mean() for s in seen], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(lanes[ab:], [((s - s.mean()) ** 2).sum() for s in seen], rtol=1e-4, atol=1e-4)
    allx = np.concatenate(seen)
    mean, var = np.fromfile(tmp_path / "mean.bin", np.float32), np.fromfile(tmp_path / "var.bin", np.float32)
    np.testing.assert_allclose(mean[0], allx.mean(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(var[0], allx.var(ddof=correction), rtol=1e-5)
    assert not mean[1:].any() and not var[1:].any()
    max_u, min_u, max_f, min_f = np.fromfile(tmp_path / "tmp_sizes.bin", np.uint32)
    assert min_u == (3 * 256 if dtype == "half" else 2 * 256) and max_u == (ab + 63) // 64 * min_u
    assert min_f == 64 * 4 * 4 and max_f == (min_f if ab <= 64 else (2 * 64 + 2 * ab) * 4)


def test_welford_update_refuses_rn_length_other_than_one(program: Program, tmp_path: Path) -> None:
    # the driver keeps rnLength 1; a half x of 8 lanes is 16 bytes, not whole 32-byte blocks
    np.zeros((2, 8), np.float16).tofile(tmp_path / "x.bin")
    proc = run_program(program, "welford", str(tmp_path), "half", "1", "8", "0", "0", "0")
    assert proc.returncode == 1
    assert "WelfordUpdate" in proc.stderr and "is not a multiple of 32 bytes" in proc.stderr


@pytest.mark.parametrize(("dtype", "np_dtype"), [("float", np.float32), ("half", np.float16)])
@pytest.mark.parametrize(("b", "s", "h", "oh"), [(1, 4, 32, 32), (2, 3, 64, 64), (2, 2, 48, 40)])
def test_layernorm_grad_matches_numpy(program: Program, tmp_path: Path, dtype: str, np_dtype: type, b: int, s: int,
                                      h: int, oh: int) -> None:
    rng = np.random.default_rng(b * s * h + oh)
    rows, eps = b * s, 1e-5
    x = rng.standard_normal((rows, h)).astype(np_dtype)
    x[:, oh:] = 0
    dy = rng.standard_normal((rows, h)).astype(np_dtype)
    gamma = rng.uniform(0.5, 1.5, h).astype(np_dtype)
    xr = x[:, :oh].astype(np.float64)
    mean, var = xr.mean(axis=1).astype(np_dtype), xr.var(axis=1).astype(np_dtype)
    for name, v in {"dy": dy, "x": x, "var": var, "mean": mean, "gamma": gamma}.items():
        v.tofile(tmp_path / f"{name}.bin")
    proc = run_program(program, "lngrad", str(tmp_path), dtype, str(b), str(s), str(h), str(oh), str(eps))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # CANN's documented formulas (LayerNormGrad.md), over the real row of originalH elements
    f = np.float64
    d, xx, g = dy[:, :oh].astype(f), x[:, :oh].astype(f), gamma[:oh].astype(f)
    m, v = mean.astype(f)[:, None], var.astype(f)[:, None]
    pd_xl = d * g
    pd_var = np.sum(-0.5 * pd_xl * (xx - m) * np.power(v + eps, -1.5), axis=1, keepdims=True)
    pd_mean = (np.sum(-1.0 * pd_xl * np.power(v + eps, -0.5), axis=1, keepdims=True)
               + pd_var * (1.0 / oh) * np.sum(-2.0 * (xx - m), axis=1, keepdims=True))
    pd_x = pd_xl * np.power(v + eps, -0.5) + pd_var * (2.0 / oh) * (xx - m) + pd_mean * (1.0 / oh)
    res = (xx - m) * np.power(v + eps, -0.5)
    tol = 2e-4 if dtype == "float" else 2e-2
    got = {n: np.fromfile(tmp_path / f"{n}.bin", np_dtype) for n in ("pdx", "res", "pdgamma", "pdbeta")}
    np.testing.assert_allclose(got["pdx"].reshape(rows, h)[:, :oh], pd_x, rtol=tol, atol=tol)
    np.testing.assert_allclose(got["res"].reshape(rows, h)[:, :oh], res, rtol=tol, atol=tol)
    # LayerNormGradBeta sums every row of the whole H, from the kernel's own resForGamma
    res_all = got["res"].reshape(rows, h).astype(f)
    np.testing.assert_allclose(got["pdgamma"], (dy.astype(f) * res_all).sum(axis=0), rtol=tol, atol=tol * rows)
    np.testing.assert_allclose(got["pdbeta"], dy.astype(f).sum(axis=0), rtol=tol, atol=tol * rows)
    # host helpers: CANN's membase formulas
    size = np.dtype(np_dtype).itemsize
    bufs = 9 if dtype == "half" else 6
    max_g, min_g, max_b, min_b = np.fromfile(tmp_path / "tmp_sizes.bin", np.uint32)
    assert (max_g, min_g) == (bufs * max(rows * h, h * h) * size, bufs * min(rows * h, h * h) * size)
    assert (max_b, min_b) == ((4 if dtype == "half" else 2) * rows * h * 4, (4 if dtype == "half" else 2) * h * 4)
    t = np.fromfile(tmp_path / "tiling.bin", np.uint32)
    assert list(t[:5]) == [max_g, b, s, h, oh]
    assert t[-2:].view(np.float32).tolist() == [np.float32(1) / np.float32(oh), np.float32(2) / np.float32(oh)]
    one = t[5]
    assert one % h == 0 and t[7] == rows * h // one and t[8] == rows * h % one
