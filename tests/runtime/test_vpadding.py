"""VectorPadding (Ascend310P, built with OPKIT_SOC_ARCH=2002) against a numpy reading of CANN's documentation: each
32 B block of dst is the padding drawn next to the same block of src ("aaa|abc", "cba|abc", "xcb|abc" on the left;
"nop|ppp", "nop|pon", "nop|onx" on the right); docs/simulated-api.md says why this reading."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "vpadding_main.cpp"
TYPES = {"int16": np.int16, "uint16": np.uint16, "half": np.float16, "int32": np.int32, "uint32": np.uint32,
         "float": np.float32}
FILL = 0x5A  # the driver's fill byte for dst: elements VectorPadding does not write keep it


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP], defines={"OPKIT_SOC_ARCH": "2002"})


def _pad_block(block: np.ndarray, mode: int, right: bool) -> np.ndarray:
    e = block.size
    if mode == 0:
        return np.full(e, block[-1] if right else block[0], dtype=block.dtype)
    if mode == 1:
        return block[::-1].copy()
    out = np.zeros(e, dtype=block.dtype)
    if right:
        out[:-1] = block[-2::-1]   # src[e-2], ..., src[0], then 0
    else:
        out[1:] = block[:0:-1]     # 0, then src[e-1], ..., src[1]
    return out


def _padded(x: np.ndarray, mode: int, right: bool) -> np.ndarray:
    e = 32 // x.itemsize
    return np.concatenate([_pad_block(x[i:i + e], mode, right) for i in range(0, x.size, e)])


def _data(dtype: str, n: int) -> np.ndarray:
    np_type = TYPES[dtype]
    if np.issubdtype(np_type, np.integer):
        info = np.iinfo(np_type)
        return np.random.default_rng(n).integers(info.min, info.max, n, endpoint=True).astype(np_type)
    return np.random.default_rng(n).uniform(-9, 9, n).astype(np_type)


def _run(program: Program, tmp: Path, x: np.ndarray, *args: object) -> np.ndarray:
    x.tofile(tmp / "x.bin")
    proc = run_program(program, "vpad", *map(str, args), str(x.size), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return np.fromfile(tmp / "y.bin", dtype=x.dtype)


def _fill(dtype: np.dtype, n: int) -> np.ndarray:
    return np.frombuffer(bytes([FILL]) * (n * dtype.itemsize), dtype=dtype)


@pytest.mark.parametrize("dtype", list(TYPES))
@pytest.mark.parametrize(("mode", "side"), [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)])
def test_count_form_pads_each_block(program: Program, tmp_path: Path, dtype: str, mode: int, side: int) -> None:
    x = _data(dtype, 512)
    got = _run(program, tmp_path, x, dtype, mode, side, "count", 512)
    np.testing.assert_array_equal(got, _padded(x, mode, bool(side)))


def test_documented_example_fills_the_block_with_its_first_value(program: Program, tmp_path: Path) -> None:
    # CANN's example: mode 0 on the left turns a block 6.938 -8.86 ... 1.778 into 6.938 throughout
    x = np.linspace(-8.86, 1.778, 16).astype(np.float16)
    x[0] = 6.938
    got = _run(program, tmp_path, x, "half", 0, 0, "count", 16)
    np.testing.assert_array_equal(got, np.full(16, np.float16(6.938)))


def test_partial_count_writes_only_the_counted_elements(program: Program, tmp_path: Path) -> None:
    x = _data("float", 24)   # 3 blocks of 8; count 13 ends inside the second block, which is read whole
    got = _run(program, tmp_path, x, "float", 2, 1, "count", 13)
    want = _fill(np.dtype(np.float32), 24).copy()
    want[:13] = _padded(x[:16], 2, True)[:13]
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


def test_mask_form_with_strides(program: Program, tmp_path: Path) -> None:
    # int16: 16 a block, 128 a repeat. mask 40 = two whole blocks and half of the third; 2 repeats; source blocks
    # every 2nd block (srcBlkStride 2), source repeats 16 blocks apart; dst packed.
    x = _data("int16", 16 * 32)
    got = _run(program, tmp_path, x, "int16", 1, 0, "mask", 40, 2, 1, 2, 8, 16, x.size)
    want = _fill(np.dtype(np.int16), x.size).copy()
    for r in range(2):
        for b in range(3):
            src = x[(r * 16 + b * 2) * 16:][:16]
            n = 16 if b < 2 else 8
            want[(r * 8 + b) * 16:][:n] = _pad_block(src, 1, False)[:n]
    np.testing.assert_array_equal(got, want)


def test_bit_mask_form(program: Program, tmp_path: Path) -> None:
    x = _data("float", 128)   # 64 floats a repeat: mask bits pick elements, 2 repeats
    lo = 0x00FF00FF00FF00FF
    got = _run(program, tmp_path, x, "float", 0, 1, "bits", hex(lo), 0, 2, x.size)
    want = _padded(x, 0, True)
    keep = np.array([(lo >> (i % 64)) & 1 for i in range(128)], dtype=bool)
    np.testing.assert_array_equal(got[keep], want[keep])
    np.testing.assert_array_equal(got[~keep].view(np.uint32), np.full((~keep).sum(), 0x5A5A5A5A, np.uint32))


def test_in_place(program: Program, tmp_path: Path) -> None:
    x = _data("half", 64)
    got = _run(program, tmp_path, x, "half", 2, 0, "inplace", 64)
    np.testing.assert_array_equal(got, _padded(x, 2, False))


def test_bad_mode_is_a_located_fault(program: Program, tmp_path: Path) -> None:
    x = _data("float", 8)
    x.tofile(tmp_path / "x.bin")
    proc = run_program(program, "vpad", "float", "3", "0", "count", "8", "8", str(tmp_path))
    assert proc.returncode == 3
    assert "VectorPadding" in proc.stdout and "padMode 3 is outside [0, 2]" in proc.stdout


def test_other_socs_refuse_it_at_compile_time(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match="VectorPadding is available on Ascend310P only"):
        compile_program([CPP], defines={"OPKIT_SOC_ARCH": "2201"})
