"""Transpose (the 16x16 form and the TransposeParamsExt form: ND2ND_B16, NCHW<->NHWC) and TransDataTo5HD's 16-bit
form on the simulator, against numpy (CANN's documented references: src.T, np.transpose, NCHW -> NC1HWC0)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "transpose_main.cpp"
DTYPES = {"half": np.float16, "int16": np.int16, "uint16": np.uint16, "float": np.float32, "int8": np.int8,
          "uint8": np.uint8, "int32": np.int32, "uint32": np.uint32}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _data(dtype: str, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.integers(0 if dtype.startswith("u") else -100, 100, n).astype(DTYPES[dtype])


def _run(program: Program, tmp: Path, x: np.ndarray, *args: object) -> np.ndarray:
    x.tofile(tmp / "x.bin")
    proc = run_program(program, *map(str, args), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return np.fromfile(tmp / "y.bin", dtype=x.dtype)


@pytest.mark.parametrize("dtype", ["half", "int16", "uint16"])
def test_transpose_16x16(program: Program, tmp_path: Path, dtype: str) -> None:
    x = _data(dtype, 256, 1)
    np.testing.assert_array_equal(_run(program, tmp_path, x, "t16", dtype), x.reshape(16, 16).T.reshape(-1))
    np.testing.assert_array_equal(_run(program, tmp_path, x, "ext", "b16", dtype, 0, 0, 16, 16, 32),
                                  x.reshape(16, 16).T.reshape(-1))


def _tmp_bytes(kind: str, dtype: str, c: int) -> int:
    size = np.dtype(DTYPES[dtype]).itemsize
    h0, w0 = (32 if size == 1 else 16), 32 // size
    return (c + 2 if kind == "nchw2nhwc" else 2 * c + 1) * h0 * w0 * size


@pytest.mark.parametrize("kind", ["nchw2nhwc", "nhwc2nchw"])
@pytest.mark.parametrize("dtype,shape", [("half", (2, 3, 4, 4)), ("float", (1, 5, 2, 4)), ("int8", (3, 2, 4, 8)),
                                         ("half", (1, 1, 16, 1))])
def test_nchw_nhwc(program: Program, tmp_path: Path, kind: str, dtype: str, shape: tuple[int, int, int, int]) -> None:
    n, c, h, w = shape
    x = _data(dtype, n * c * h * w, n + c)
    y = _run(program, tmp_path, x, "ext", kind, dtype, n, c, h, w, _tmp_bytes(kind, dtype, c))
    if kind == "nchw2nhwc":
        want = np.transpose(x.reshape(n, c, h, w), (0, 2, 3, 1))
    else:
        want = np.transpose(x.reshape(n, h, w, c), (0, 3, 1, 2))
    np.testing.assert_array_equal(y, want.reshape(-1))


def test_nchw_nhwc_with_a_short_tmp_buffer_faults(program: Program, tmp_path: Path) -> None:
    _data("half", 96, 0).tofile(tmp_path / "x.bin")
    need = _tmp_bytes("nchw2nhwc", "half", 3)
    proc = run_program(program, "ext", "nchw2nhwc", "half", "2", "3", "4", "4", str(need - 32), str(tmp_path))
    assert proc.returncode == 3 and "sharedTmpBuffer" in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.parametrize("dtype, api", [("half", "5hd"), ("int16", "5hd"), ("half", "5hdimpl"), ("float", "5hd"),
                                        ("int32", "5hd"), ("uint32", "5hdimpl")])
def test_trans_data_to_5hd_nchw_to_nc1hwc0(program: Program, tmp_path: Path, dtype: str, api: str) -> None:
    # one C0 group of 16 channels (C0 is 16 for 16- and 32-bit types), H * W = 256; CANN's documented lists: srcList
    # at every H * W, dstList at every block, H * W / blockSize repeats, srcRepStride 1, dstRepStride 16
    c, hw, block = 16, 256, 32 // np.dtype(DTYPES[dtype]).itemsize
    x = _data(dtype, c * hw, 3)
    y = _run(program, tmp_path, x, api, dtype, c * hw, c * hw, hw, block, hw // block, 16, 1)
    np.testing.assert_array_equal(y, x.reshape(c, hw).T.reshape(-1))


def test_trans_data_to_5hd_b32_back_from_8_by_16(program: Program, tmp_path: Path) -> None:
    # the 32-bit form turns a (16, 8) block matrix into (8, 16): srcList[i] / srcList[i + 8] the two halves of row i
    # of an (8, 16) matrix and dstList[2i] / dstList[2i + 1] rows i and i + 8 of the result give its transpose
    # (the lists a transpose back from 5HD uses; gaps "pairs" in the program)
    x = _data("float", 128, 6)
    y = _run(program, tmp_path, x, "5hd", "float", 128, 128, "pairs", "pairs", 1, 0, 0)
    np.testing.assert_array_equal(y, x.reshape(8, 16).T.reshape(-1))


@pytest.mark.parametrize("dtype", ["int8", "uint8"])
@pytest.mark.parametrize("dst_high, src_high", [(0, 0), (1, 1), (0, 1), (1, 0)])
def test_trans_data_to_5hd_b8_halves(program: Program, tmp_path: Path, dtype: str, dst_high: int,
                                     src_high: int) -> None:
    # 16 channels of 32 pixels (one 8-bit block each): srcHighHalf picks pixels 16-31, dstHighHalf the upper 16
    # bytes of each destination block, whose other half is left alone
    x = _data(dtype, 16 * 32, 7)
    y = _run(program, tmp_path, x, "5hd", dtype, 512, 512, 32, 32, 1, 0, 0, dst_high, src_high).reshape(16, 32)
    want = np.full((16, 32), 7, dtype=x.dtype)
    want[:, dst_high * 16:dst_high * 16 + 16] = x.reshape(16, 32)[:, src_high * 16:src_high * 16 + 16].T
    np.testing.assert_array_equal(y, want)


def test_trans_data_to_5hd_one_repeat_adds_the_stride_once(program: Program, tmp_path: Path) -> None:
    x = _data("half", 1024, 4)
    y = _run(program, tmp_path, x, "5hd", "half", 1024, 1024, 16, 16, 1, 0, 0)  # strides 0: the listed blocks
    want = np.full(1024, 7, dtype=np.float16)
    want[:256] = x[:256].reshape(16, 16).T.reshape(-1)
    np.testing.assert_array_equal(y, want)
    y = _run(program, tmp_path, x, "5hd", "half", 1024, 1024, 16, 16, 1, 2, 3)  # 1 repeat: +2 / +3 blocks
    want = np.full(1024, 7, dtype=np.float16)
    want[32:32 + 256] = x[48:48 + 256].reshape(16, 16).T.reshape(-1)
    np.testing.assert_array_equal(y, want)


def test_trans_data_to_5hd_address_outside_ub_faults(program: Program, tmp_path: Path) -> None:
    _data("half", 256, 5).tofile(tmp_path / "x.bin")
    proc = run_program(program, "5hd", "half", "256", "256", "16", "16", "2", "60000", "0", str(tmp_path))
    assert proc.returncode == 3 and "dstList" in proc.stdout, proc.stdout + proc.stderr


def _nz(m: np.ndarray) -> np.ndarray:
    """[..., rows, cols] (cols a multiple of 16) -> CANN's NZ [..., cols/16, rows, 16]."""
    *lead, rows, cols = m.shape
    return m.reshape(*lead, rows, cols // 16, 16).swapaxes(-3, -2)


@pytest.mark.parametrize(("dtype", "kind", "shape"), [
    ("half", 1, (1, 2, 32, 16)),    # scene 1: NZ [B, N, H/N/16, S/16, 16, 16] -> ND [B, S, N, H/N] (the sample's)
    ("float", 1, (2, 3, 20, 40)),   # S and H/N not multiples of 16: the source is padded to 32 and 48
    ("int16", 2, (2, 2, 16, 32)),   # scene 2: -> NZ, each (b, s) an N x H/N matrix
    ("half", 7, (32, 48)),          # scene 7: [H, W] -> [W, H]
    ("float", 13, (3, 5, 7)),       # scenes 13-15: [N, H, W] -> (0,2,1), (1,0,2), (2,1,0)
    ("half", 13, (6, 10)),
    ("int16", 14, (4, 3, 16)),
    ("float", 15, (2, 3, 5)),
])
@pytest.mark.parametrize("tmp", [0, 1])
def test_confusion_transpose_with_its_host_tiling(program: Program, tmp_path: Path, dtype: str, kind: int,
                                                  shape: tuple[int, ...], tmp: int) -> None:
    if kind in (1, 2):
        b, a1, a2, a3 = shape
        up = lambda v: -(-v // 16) * 16  # noqa: E731
        m = _data(dtype, b * a1 * up(a2) * up(a3), kind).reshape(b, a1, up(a2), up(a3))  # [B, A1, A2, A3] padded
        y = _run(program, tmp_path, _nz(m).reshape(-1), "conf", dtype, kind, tmp, *shape)
        swapped = m.transpose(0, 2, 1, 3)  # [B, A2, A1, A3]
        want = swapped if kind == 1 else _nz(swapped)
    else:
        x = _data(dtype, int(np.prod(shape)), kind).reshape(shape)
        y = _run(program, tmp_path, x.reshape(-1), "conf", dtype, kind, tmp, *shape)
        axes = {7: (1, 0), 13: (0, 2, 1) if len(shape) == 3 else (1, 0), 14: (1, 0, 2), 15: (2, 1, 0)}[kind]
        want = x.transpose(axes)
    np.testing.assert_array_equal(y, want.reshape(-1))


def test_confusion_transpose_refuses_what_it_does_not_simulate(program: Program, tmp_path: Path) -> None:
    _data("half", 256, 0).tofile(tmp_path / "x.bin")
    proc = run_program(program, "conf", "half", "3", "0", "1", "16", "16", "16", str(tmp_path))
    assert proc.returncode != 0 and "transposeType 3 is not simulated" in proc.stderr, proc.stdout + proc.stderr


def _td_tmp(scene: int, n: int, c: int, d: int, hw: int) -> int:
    """CANN's GetTransDataMaxMinTmpSize formulas (bytes of 16-bit data)."""
    c16, n16, pad = -(-c // 16) * 16, -(-n // 16) * 16, -(-hw // 16) * 16
    return {1: (d * pad + d * c16 * pad) * 2, 2: d * c16 * pad * 2 + 512,
            3: max(c * d * pad * 2, d * hw * n16 * 2) + n16 * d * c16 * pad * 2,
            4: n16 * c16 * d * pad * 2 * (1 if (n, c) == (n16, c16) else 2)}[scene]


@pytest.mark.parametrize("scene", [1, 2, 3, 4])
@pytest.mark.parametrize(("dtype", "shape"), [("half", (16, 16, 1, 3, 5)),   # the asc-devkit sample's shape
                                              ("int16", (3, 20, 2, 4, 4)),   # C past 16, N short of 16, H*W = 16
                                              ("uint16", (17, 5, 1, 1, 1))])  # N past 16, one element per row
def test_transdata_matches_numpy(program: Program, tmp_path: Path, scene: int, dtype: str,
                                 shape: tuple[int, int, int, int, int]) -> None:
    n, c, d, h, w = shape
    hw, pad = h * w, -(-h * w // 16) * 16
    c16, n16 = -(-c // 16) * 16, (-(-n // 16) * 16 if scene >= 3 else n)
    full = _data(dtype, n16 * c16 * d * hw, scene).reshape(n16, c16, d, hw)
    full[n:] = 0
    full[:, c:] = 0  # the 16-split formats hold zeros past N and C
    if scene == 3 or scene == 4:  # FRACTAL_Z_3D [D, C1, HW, N1, N0, C0]
        split = full.reshape(n16 // 16, 16, c16 // 16, 16, d, hw).transpose(4, 2, 5, 0, 1, 3)
    else:  # NDC1HWC0 [N, D, C1, HW, C0]
        split = full.reshape(n, c16 // 16, 16, d, hw).transpose(0, 3, 1, 4, 2)
    nc = np.full((n, c, d, pad), 7, dtype=full.dtype)  # rows padded to 16; the padding is not the API's
    nc[..., :hw] = full[:n, :c]
    proc_x = nc if scene % 2 == 1 else split
    y = _run(program, tmp_path, proc_x.reshape(-1), "td", dtype, scene, n, c, d, h, w)
    if scene % 2 == 1:
        np.testing.assert_array_equal(y, split.reshape(-1))
    else:
        got = y.reshape(n, c, d, pad)
        np.testing.assert_array_equal(got[..., :hw], full[:n, :c])
        assert (got[..., hw:] == 7).all()  # the output's row padding is left alone
    out = run_program(program, "td", dtype, str(scene), *map(str, shape), str(tmp_path)).stdout
    assert out.split()[:3] == ["tmp", str(_td_tmp(scene, n, c, d, hw)), str(_td_tmp(scene, n, c, d, hw))]
