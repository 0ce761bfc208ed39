"""DataCopy with SliceInfo (GM <-> UB slice copies) on the simulator, against numpy: CANN's documented example (rows
0 and 2 of a 3 x 87 float tensor, columns 16-39 and 47-70, into a 2 x 48 one), the UB -> GM direction, half, three
dims, a slice whose endIndex is its dim's shapeValue (CANN's bound), a GM read slice past its dim (a warning: the
device reads on into the next row, as here), and the faults for a missing shapeValue and a slice past its dim on the
UB side or the GM side of a write."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "slice_main.cpp"
DTYPES = {"float": np.float32, "half": np.float16}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _run(program: Program, tmp: Path, direction: str, dtype: str, src: list[tuple[int, ...]],
         dst: list[tuple[int, ...]], x: np.ndarray, dst_n: int, warnings: list[str] | None = None) -> np.ndarray:
    """y; the launch's warnings are appended to `warnings` when given, else there must be none."""
    x.tofile(tmp / "x.bin")
    args = [direction, dtype, len(src), *[v for s in src for v in s], *[v for s in dst for v in s], x.size, dst_n]
    proc = run_program(program, *map(str, args), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    warned = [line.removeprefix("warning: ") for line in proc.stdout.splitlines() if line.startswith("warning: ")]
    assert warnings is not None or not warned, warned
    (warnings if warnings is not None else []).extend(warned)
    return np.fromfile(tmp / "y.bin", dtype=x.dtype)


def _runs(info: list[tuple[int, ...]], itemsize: int, gm_side: bool) -> list[list[int]]:
    """Element index lists of each slice run, in CANN's order (dim 0 runs, then the higher dims' positions)."""
    start, end, stride, burst, _ = info[0]
    elems = burst * 32 // itemsize
    count = (end - start + 1 + stride) // (elems + stride)
    step = elems + (stride if gm_side else stride * itemsize // 32 * 32 // itemsize)
    offsets, size, base = [0], 1, 0
    for i, (s, e, st, _b, shape) in enumerate(info):
        if i > 0:
            size *= info[i - 1][4]
            n = (e - s + 1 + st) // (1 + st)
            offsets = offsets + [o + k * (1 + st) * size for k in range(1, n) for o in offsets]
        base += s * size
    return [[base + o + c * step + j for c in range(count) for j in range(elems)] for o in offsets]


def _reference(direction: str, src: list, dst: list, x: np.ndarray, dst_n: int) -> np.ndarray:
    y = np.full(dst_n, -1, dtype=x.dtype)
    for s_run, d_run in zip(_runs(src, x.itemsize, direction == "in"), _runs(dst, x.itemsize, direction == "out")):
        y[d_run] = x[s_run]
    return y


def test_the_documented_example(program: Program, tmp_path: Path) -> None:
    x = np.arange(3 * 87, dtype=np.float32)
    src, dst = [(16, 70, 7, 3, 87), (0, 2, 1, 1, 3)], [(0, 47, 0, 3, 48), (0, 1, 0, 1, 2)]
    y = _run(program, tmp_path, "in", "float", src, dst, x, 96).reshape(2, 48)
    rows = x.reshape(3, 87)[[0, 2]]
    np.testing.assert_array_equal(y, np.concatenate([rows[:, 16:40], rows[:, 47:71]], axis=1))


CASES = [
    ("in", "float", [(16, 70, 7, 3, 87), (0, 2, 1, 1, 3)], [(0, 47, 0, 3, 48), (0, 1, 0, 1, 2)], 261, 96),
    ("out", "float", [(0, 47, 0, 3, 48), (0, 1, 0, 1, 2)], [(16, 70, 7, 3, 87), (0, 2, 1, 1, 3)], 96, 261),
    ("in", "half", [(5, 100, 16, 2, 128)], [(0, 95, 32, 2, 128)], 128, 128),  # one dim, dst gap of 2 blocks
    ("out", "half", [(0, 63, 0, 1, 64), (1, 3, 1, 1, 4), (0, 1, 0, 1, 2)],
     [(16, 79, 0, 1, 80), (0, 1, 0, 1, 2), (0, 1, 0, 1, 2)], 512, 320),  # three dims
    # endIndex == shapeValue, which CANN allows: the tail block of rows of 39 floats (elements 32..39, as linnlh's
    # LogSumExp reads it); the last row's block ends one element past the rows, inside the GM buffer here
    ("in", "float", [(32, 39, 0, 1, 39), (0, 1, 0, 1, 2)], [(0, 7, 0, 1, 8), (0, 1, 0, 1, 2)], 79, 16),
]


@pytest.mark.parametrize("direction,dtype,src,dst,src_n,dst_n", CASES)
def test_slices_match_numpy(program: Program, tmp_path: Path, direction: str, dtype: str, src: list, dst: list,
                            src_n: int, dst_n: int) -> None:
    x = np.random.default_rng(src_n).uniform(-9, 9, src_n).astype(DTYPES[dtype])
    y = _run(program, tmp_path, direction, dtype, src, dst, x, dst_n)
    np.testing.assert_array_equal(y, _reference(direction, src, dst, x, dst_n))


def test_a_gm_read_slice_past_its_dim_reads_on_into_the_next_row_with_a_warning(program: Program,
                                                                              tmp_path: Path) -> None:
    """linnlh's LogSumExp: the tail block of rows of 39 floats asks for elements 32..47, so each row's copy takes 9
    elements of the next row; the NPU does that unchecked, here too."""
    x = np.arange(3 * 39, dtype=np.float32)
    src, dst = [(32, 47, 0, 2, 39), (0, 1, 0, 1, 3)], [(0, 15, 0, 2, 16), (0, 1, 0, 1, 2)]
    warnings: list[str] = []
    y = _run(program, tmp_path, "in", "float", src, dst, x, 32, warnings)
    np.testing.assert_array_equal(y, np.r_[np.arange(32, 48), np.arange(71, 87)].astype(np.float32))
    line = next(i for i, text in enumerate(CPP.read_text().splitlines(), 1) if "DataCopy(ub, g," in text)
    assert warnings == [
        f"[sl][Block_0][slice_main.cpp:{line}][DataCopy] srcSliceInfo[0] runs from 32 to 47 in a dim of 39 elements "
        "(CANN's constraint is endIndex <= shapeValue): the NPU does not check it and reads on past the end of each "
        "row into what follows in GM (the next one's data, or past the tensor), values it was not meant to read; here "
        "the copy reads the same. A bug to fix, not a fault"]


@pytest.mark.parametrize("direction,src,dst,why", [
    ("in", (0, 23, 0, 3, 0), (0, 23, 0, 3, 48), "srcSliceInfo[0].shapeValue is 0"),
    ("in", (0, 23, 0, 3, 87), (0, 90, 0, 3, 48), "dstSliceInfo[0] runs from 0 to 90 in a dim of 48"),  # UB side
    ("out", (0, 23, 0, 3, 87), (0, 90, 0, 3, 48), "dstSliceInfo[0] runs from 0 to 90 in a dim of 48"),  # GM write
    ("out", (0, 90, 0, 3, 87), (0, 23, 0, 3, 48), "srcSliceInfo[0] runs from 0 to 90 in a dim of 87"),  # UB side
])
def test_bad_slices_fault(program: Program, tmp_path: Path, direction: str, src: tuple, dst: tuple, why: str) -> None:
    np.zeros(87, dtype=np.float32).tofile(tmp_path / "x.bin")
    args = [direction, "float", 1, *src, *dst, 87, 48]
    proc = run_program(program, *map(str, args), str(tmp_path))
    assert proc.returncode == 3 and why in proc.stdout, proc.stdout + proc.stderr


def _nddma_reference(x: np.ndarray, loops: list[tuple[int, int, int, int, int]], nearest: bool, const: float,
                     dst_n: int) -> np.ndarray:
    """Dim k (0 innermost): lp + size + rp positions, dstStride apart; inside the loop the source element, outside it
    the constant or (nearest mode) the clamped source element."""
    y = np.full(dst_n, -1, dtype=x.dtype)
    extents = [lp + size + rp for _s, _d, size, lp, rp in loops]
    for pos in np.ndindex(*reversed(extents)):
        a = list(reversed(pos))
        d_off = sum(ak * loops[k][1] for k, ak in enumerate(a))
        rel = [ak - loops[k][3] for k, ak in enumerate(a)]
        pad = any(r < 0 or r >= loops[k][2] for k, r in enumerate(rel))
        s_off = sum(min(max(r, 0), loops[k][2] - 1) * loops[k][0] for k, r in enumerate(rel))
        y[d_off] = x[s_off] if (not pad or nearest) else const
    return y


NDDMA = [  # dtype, loops (srcStride, dstStride, size, lp, rp) innermost first, nearest, srcN, dstN
    ("float", [(1, 1, 32, 15, 17), (32, 64, 16, 13, 3)], False, 512, 2048),  # CANN's 2D padding example
    ("float", [(1, 1, 15, 11, 6), (15, 32, 28, 3, 1)], True, 420, 1024),  # nearest-value padding
    ("half", [(1, 16, 64, 0, 0), (64, 1, 16, 0, 0)], False, 1024, 1024),  # 2D transpose
    ("float", [(1, 1, 16, 0, 0), (0, 16, 3, 0, 0)], False, 16, 48),  # broadcast: src stride 0
    ("half", [(2, 1, 5, 1, 2), (40, 8, 3, 0, 1), (200, 32, 2, 1, 0)], False, 400, 96),  # 3 dims, strided source
]


@pytest.mark.parametrize("dtype,loops,nearest,src_n,dst_n", NDDMA)
def test_nddma_matches_numpy(program: Program, tmp_path: Path, dtype: str, loops: list, nearest: bool, src_n: int,
                             dst_n: int) -> None:
    x = np.random.default_rng(src_n).uniform(-9, 9, src_n).astype(DTYPES[dtype])
    x.tofile(tmp_path / "x.bin")
    args = ["nddma", dtype, len(loops), int(nearest), 2.5, *[v for lp in loops for v in lp], src_n, dst_n]
    proc = run_program(program, *map(str, args), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    y = np.fromfile(tmp_path / "y.bin", dtype=x.dtype)
    np.testing.assert_array_equal(y, _nddma_reference(x, loops, nearest, 2.5, dst_n))


def test_nddma_past_the_source_reads_0xff(program: Program, tmp_path: Path) -> None:
    # 20 elements of a 16-element x: the device reads what follows x (a warning, check_gm_read); here 0xFF bytes.
    x = np.arange(16, dtype=np.float32)
    x.tofile(tmp_path / "x.bin")
    proc = run_program(program, *map(str, ["nddma", "float", 1, 0, 0, 1, 1, 20, 0, 0, 16, 32]), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    y = np.fromfile(tmp_path / "y.bin", dtype=np.float32)
    assert (y[:16] == x).all() and (y.view(np.uint32)[16:20] == 0xFFFFFFFF).all() and (y[20:] == -1).all(), y
