"""Advanced Select (bytes mask), DropOut (byte and bit masks, packed or padded rows) and Arange, with their host
tmp-size helpers, on the simulator against numpy (DropOut's golden as CANN's example computes it)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "filter_main.cpp"
DTYPES = {"float": np.float32, "half": np.float16, "int32": np.int32}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _run(program: Program, tmp: Path, dtype: str, *args: object, **inputs: np.ndarray) -> np.ndarray:
    for name, value in inputs.items():
        value.tofile(tmp / f"{name}.bin")
    proc = run_program(program, *map(str, args), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return np.fromfile(tmp / "y.bin", dtype=DTYPES[dtype])


@pytest.mark.parametrize(("rows", "n", "mn"), [(2, 16, 32), (3, 64, 64), (1, 128, 160), (4, 8, 32)])
@pytest.mark.parametrize("dtype", ["float", "half"])
@pytest.mark.parametrize("scalar_first", [0, 1])
def test_select_takes_src1_where_the_mask_is_nonzero(program: Program, tmp_path: Path, dtype: str,
                                                     scalar_first: int, rows: int, n: int, mn: int) -> None:
    if n * np.dtype(DTYPES[dtype]).itemsize % 32:
        pytest.skip("the source's last axis must be whole 32 B blocks")
    rng = np.random.default_rng(rows * n + mn)
    src = rng.standard_normal((rows, n)).astype(DTYPES[dtype])
    mask = rng.integers(0, 3, (rows, mn)).astype(np.uint8)  # 0, 1, 2: any nonzero value selects src1
    y = _run(program, tmp_path, dtype, "select", dtype, scalar_first, rows, n, mn, src=src, mask=mask).reshape(rows, n)
    picked = mask[:, :n] != 0
    scalar = np.full_like(src, 7.5)
    want = np.where(picked, src, scalar) if scalar_first else np.where(picked, scalar, src)
    np.testing.assert_array_equal(y, want)


def _bits(mask: np.ndarray, n: int) -> np.ndarray:
    """Each row's first n bits, least significant bit of each byte first (CANN's example golden)."""
    return np.unpackbits(mask, axis=1, bitorder="little")[:, :n]


@pytest.mark.parametrize(("mode", "rows", "n", "mn"), [
    (2, 4, 64, 64),     # byte mask, packed
    (0, 4, 64, 64),     # inferred byte mask
    (1, 3, 40, 64),     # byte mask with padding per row
    (0, 3, 40, 64),     # inferred: padded byte mask
    (3, 4, 256, 32),    # bit mask, packed
    (0, 4, 256, 32),    # inferred bit mask (CANN's example shape)
    (4, 2, 64, 32),     # bit mask rows padded to 32 bytes (only 8 used)
])
@pytest.mark.parametrize("dtype", ["float", "half"])
def test_dropout_keeps_masked_elements_scaled_by_one_over_keep_prob(program: Program, tmp_path: Path, dtype: str,
                                                                    mode: int, rows: int, n: int, mn: int) -> None:
    rng = np.random.default_rng(mode * 100 + n)
    data = DTYPES[dtype]
    src = rng.uniform(-100, 100, (rows, n)).astype(data)
    keep = np.float32(0.75)
    bits = (mode in (3, 4)) or (mode == 0 and mn * 8 == n)
    if bits:
        mask = rng.integers(1, 255, (rows, mn)).astype(np.uint8)
        kept = _bits(mask, n)
    else:
        mask = rng.integers(0, 2, (rows, mn)).astype(np.uint8)
        kept = mask[:, :n]
    y = _run(program, tmp_path, dtype, "dropout", dtype, mode, rows, n, mn, keep, src=src, mask=mask)
    want = (src.astype(np.float32) * kept * (np.float32(1) / keep)).astype(data)
    np.testing.assert_array_equal(y.reshape(rows, n), want)


@pytest.mark.parametrize(("dtype", "first", "diff", "count"), [
    ("float", 1.5, 0.25, 100), ("float", -3.0, 0.0, 8), ("half", 0.0, 0.5, 64), ("int32", 7, 3, 1000),
    ("int32", -5, 1, 1)])
@pytest.mark.parametrize("name", ["arange", "arithprog"])  # ArithProgression: the older name kernels still call
def test_arange(program: Program, tmp_path: Path, name: str, dtype: str, first: float, diff: float,
                count: int) -> None:
    y = _run(program, tmp_path, dtype, name, dtype, first, diff, count)
    want = (np.float64(first) + np.arange(count) * np.float64(diff)).astype(DTYPES[dtype])
    np.testing.assert_array_equal(y, want)


def test_arange_needs_no_tmp_space(program: Program) -> None:
    # CANN (arithprogression_tiling_impl.cpp): GetArangeMaxMinTmpSize and GetArithProgressionMaxMinTmpSize set 0, 0.
    out = run_program(program, "arangesizes").stdout.split()
    np.testing.assert_array_equal(np.array(out, dtype=np.int64), np.zeros(4, dtype=np.int64))


@pytest.mark.parametrize(("arg", "out"), [("1", "5 5 7"), ("100", "5 5 7"), ("255", "5 5 7")])
def test_duplicate_impl_fills_count_elements_through_a_ubuf_pointer(program: Program, arg: str, out: str) -> None:
    # CANN's internal DuplicateImpl((__ubuf__ int16_t*)buf.GetPhyAddr(), 0, count), which some kernels call.
    assert run_program(program, "rawdup", arg).stdout.strip() == out


@pytest.mark.parametrize(("blocks", "out"), [("1", "15 0 15 32"), ("20", "15 0 319 336")])
def test_data_copy_impls_copy_blocks_between_raw_gm_and_ub_pointers(program: Program, blocks: str, out: str) -> None:
    # GM [0, 16 * blocks) to UB, then UB to GM at element 16: GM 16.. now holds 0.., the element after is untouched.
    assert run_program(program, "rawcopy", blocks).stdout.strip() == out


def test_data_copy_impl_past_gm_faults(program: Program) -> None:
    out = run_program(program, "rawcopy", "64").stdout  # 16 + 1024 elements: past the 1024-element GM buffer
    assert out.startswith("fault: ") and "filter_main.cpp:" in out, out
    assert "[DataCopy] GM write of 2048 bytes at bytes [32, 2080) of 'gm' (2048 bytes) is out of bounds" in out


def test_duplicate_impl_outside_ub_faults(program: Program) -> None:
    out = run_program(program, "rawdup", "stack").stdout
    assert out.startswith("fault: ") and "[DuplicateImpl] dstLocal is not a pointer into this block's Unified" in out
    assert "filter_main.cpp:" in out, out


@pytest.mark.parametrize(("value", "ok"), [(2, True), (3, False)])
def test_ascendc_assert_runs_its_block_then_faults(program: Program, value: int, ok: bool) -> None:
    proc = run_program(program, "assert", str(value))
    assert proc.returncode == 0, proc.stderr
    if ok:
        assert proc.stdout.strip() == "ok"
    else:  # the behaviour block (a KERNEL_LOG with commas in it) ran before the located fault
        assert "[ERROR]" in proc.stdout and "value 3, limit 3" in proc.stdout
        assert "fault:" in proc.stdout and "value != 3" in proc.stdout and "filter_main.cpp" in proc.stdout


@pytest.mark.parametrize(("w", "ori", "want"), [(31, 31, "31 31 4"), (32, 30, "32 30 4"), (9, 9, "9 9 2")])
def test_pad_tiling_takes_a_width_that_is_not_whole_blocks(program: Program, w: int, ori: int, want: str) -> None:
    # CANN's Pad example tiles [16, 31] floats copied in packed (rows 31 apart) and pads each row to 32.
    proc = run_program(program, "padtiling", "16", str(w), str(ori))
    assert (proc.returncode, proc.stdout.strip()) == (0, want), proc.stderr


@pytest.mark.parametrize("used", [1024, 100000])
def test_pop_stack_buffer_is_the_rest_of_the_unified_buffer(program: Program, used: int) -> None:
    proc = run_program(program, "stack", str(used))
    assert proc.returncode == 0, proc.stderr
    ok, size, blk, value = proc.stdout.split("]")[-1].split()
    assert (ok, int(size), blk, value) == ("1", 192 * 1024 - used, "32", "2.5")


def test_shape_info_round_trips(program: Program) -> None:
    proc = run_program(program, "shapeinfo")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("]")[-1].split() == ["3", "2", "32", "30", "0"]
