"""The vector APIs where Ascend310B differs from the 910B, on the simulator built for it (OPKIT_SOC_ARCH=3002),
against numpy: Abs on int8/int16/int32 (310B's vabs takes them; the 910B's Abs is half and float only), and Compare's
count form at counts that are not a multiple of 256 bytes (310B predicates the last repeat; the 910B faults), as the
Ascend310B competition kernels (NotEqual's int32 path, Asinh's sign select) use them; and the UB past the 248 KB of
ub_size, where the 310B's bit-mask APIs keep their temporaries (ub_scratch.h)."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "vec_310b_main.cpp"
ABS_DTYPES = {"int8": np.int8, "int16": np.int16, "int32": np.int32, "half": np.float16, "float": np.float32}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP], defines={"OPKIT_SOC_ARCH": "3002"})


def _run(program: Program, tmp: Path, *args: object) -> str:
    proc = run_program(program, *map(str, args), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


@pytest.mark.parametrize("dtype", list(ABS_DTYPES))
def test_abs_takes_310b_types(program: Program, tmp_path: Path, dtype: str) -> None:
    np_type = ABS_DTYPES[dtype]
    n = 333   # not a whole repeat for any of them
    rng = np.random.default_rng(1)
    if dtype.startswith("int"):
        info = np.iinfo(np_type)
        x = rng.integers(info.min, info.max, n, endpoint=True).astype(np_type)
        x[:3] = [info.min, -1, 0]   # the most negative value wraps to itself, as two's complement negation does
    else:
        x = rng.uniform(-9, 9, n).astype(np_type)
    x.tofile(tmp_path / "x.bin")
    _run(program, tmp_path, "abs", dtype, n)
    got = np.fromfile(tmp_path / "y.bin", dtype=np_type)
    want = np.abs(x)   # numpy's integer abs wraps the minimum the same way
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(("mode", "n"), [("lt", 333), ("ne", 64), ("ne", 1), ("lt", 200)])
def test_compare_count_needs_no_whole_repeats(program: Program, tmp_path: Path, mode: str, n: int) -> None:
    rng = np.random.default_rng(n)
    a = rng.integers(-3, 3, n).astype(np.float32)
    b = rng.integers(-3, 3, n).astype(np.float32)
    a.tofile(tmp_path / "x.bin")
    b.tofile(tmp_path / "x2.bin")
    _run(program, tmp_path, "cmp", mode, n)
    bits = np.unpackbits(np.fromfile(tmp_path / "y.bin", dtype=np.uint8), bitorder="little")
    want = (a < b) if mode == "lt" else (a != b)
    np.testing.assert_array_equal(bits[:n].astype(bool), want)
    assert not bits[n:].any(), "the last repeat's bits past the count are written as 0"
    assert len(bits) == -(-n // 64) * 64


@pytest.mark.parametrize(("kind", "fault"), [
    ("clip:0x3C00", ""), ("clip:0x7BFF", ""),  # 1.0 and 65504 as half: positive and finite
    ("clip:0", "the ClipReLU maximum is a positive finite half"), ("clip:0xBC00", "positive finite half"),
    ("clip:0x7C00", "positive finite half"), ("clip:0x13C00", "in bits 0-15"),
    ("addr_l1", ""), ("addr_ub", "[SetFixPipeAddr] eleWiseData"),
    ("co12_clip", "clipReluPre and eltWiseOp (the 310B's ClipReLU and element-wise stages) are not simulated"),
])
def test_fixpipe_clip_relu_and_addr_settings(program: Program, tmp_path: Path, kind: str, fault: str) -> None:
    """SetFixPipeClipRelu/SetFixPipeAddr (Atlas 200I/500 A2 only): CANN's documented value limits; the settings are
    kept, and a DataCopy that would apply them says it cannot."""
    proc = run_program(program, "fixpipe", kind, "0", str(tmp_path))
    if not fault:
        assert (proc.returncode, proc.stdout.strip()) == (0, "ok"), proc.stdout + proc.stderr
    else:
        assert proc.returncode == 3 and fault in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.parametrize(("tile", "want"), [
    (10570, ""),   # 6 x 21152 + 3 x 42280 = 253752 bytes: fits the 253952 of ub_size
    (10578, "[TPipe::InitBuffer] TBuf buffer 0 (VECCALC, UB offset 211776, 42336 bytes) ends at UB byte 254112, 160 "
            "bytes past the 253952 bytes (248 KB) of Ascend310B's ub_size (each buffer is rounded up to 32 bytes; "
            "count those too): the NPU does not check this and runs the kernel, with UB bytes [253952, 254112) of "
            "this buffer in the last 8 KB of its 256 KB UB, where CANN's own APIs keep temporaries (TMP_UB_OFFSET)"),
    (10930, "fault: [v310b][Block_0][vec_310b_main.cpp:"),
])
def test_ub_past_ub_size_runs_with_a_warning(program: Program, tmp_path: Path, tile: int, want: str) -> None:
    """linnlh's AsinhGrad sizes its half tiles as (ub_size - 64) / 24 and forgets each buffer's 32-byte rounding:
    160 bytes past ub_size on Ascend310B. The NPU runs it (the UB has 256 KB; the last 8 KB is CANN's API scratch):
    a located warning, and the kernel runs. Past the whole 256 KB it is a fault."""
    proc = run_program(program, "ub", "half", str(tile), str(tmp_path))
    if tile == 10930:
        assert proc.returncode == 3 and want in proc.stdout, proc.stdout + proc.stderr
        assert ("[TPipe::InitBuffer] Unified Buffer overflow: 218816 bytes already allocated + 43744 bytes = 262560 "
                "bytes > 253952 bytes (the SoC's ub_size; past the 262144 bytes of the whole UB as well)"
                in proc.stdout), proc.stdout
        return
    assert proc.returncode == 0 and proc.stdout.endswith("ok\n"), proc.stdout + proc.stderr
    warnings = [line for line in proc.stdout.splitlines() if line.startswith("warning: ")]
    if not want:
        assert warnings == []
    else:
        assert len(warnings) == 1, warnings   # the one buffer that reaches past ub_size, once
        assert warnings[0].startswith("warning: [v310b][Block_0][vec_310b_main.cpp:") and want in warnings[0]


# What the 310B's bit-mask forms write at UB byte 253952 (TMP_UB_OFFSET; asc-devkit dav_m300), as float32 words.
_MASK = np.array([0x00000000FFFF0000, 0], dtype=np.uint64).view(np.float32)
_SCRATCH = {
    "none": None, "pool": None, "add": None, "cmp": None,   # the count forms take no scratch
    "cmp_bits": _MASK, "select_bits": _MASK, "reduce_bits": _MASK, "axpy_bits": _MASK,
    "cast_bits": np.array([0x00000000FFFF0000, 0, 0, 0], dtype=np.uint64).view(np.float32),
    "abs_bits": np.array([0x0F0F0F0F0F0F0F0F, 0, 0, 0], dtype=np.uint64).view(np.float32),
    "gather_pattern": np.full(8, 2863311530, dtype=np.uint32).view(np.float32),   # pattern 2, 8 words
}


@pytest.mark.parametrize("api", list(_SCRATCH))
def test_api_scratch_clobbers_live_data_in_it(program: Program, tmp_path: Path, api: str) -> None:
    """A buffer 1 KB into the 310B's scratch keeps its data through APIs that take no temporary there, and loses
    16 or 32 bytes at UB byte 253952 (its element 256) to the bit-mask forms, which write their temporary there as
    the NPU does: a kernel that keeps a value there fails its numbers check, as on the device."""
    x = np.random.default_rng(7).uniform(-5, 5, 512).astype(np.float32)
    x.tofile(tmp_path / "x.bin")
    proc = run_program(program, "scratch", api, "0", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    y = np.fromfile(tmp_path / "y.bin", dtype=np.float32)
    lines = proc.stdout.splitlines()
    if api == "none":
        assert lines.pop(0) == "GetRuntimeUBSize 253952"   # ub_size, not the 256 KB the buffers now reach
    warnings = lines
    assert "ends at UB byte 254976, 1024 bytes past the 253952 bytes" in warnings[0], warnings
    buffer = "TBufPool of 2048 bytes (UB offset 252928)" if api == "pool" else "TBuf buffer 0 (VECCALC, UB offset"
    assert buffer in warnings[0], warnings
    clobber = _SCRATCH[api]
    if clobber is None:
        np.testing.assert_array_equal(y, x)
        assert len(warnings) == 1, warnings
        return
    n = len(clobber)
    assert not np.array_equal(y, x)   # the numbers check a kernel keeping data there would fail
    np.testing.assert_array_equal(y[256:256 + n].view(np.uint32), clobber.view(np.uint32))
    np.testing.assert_array_equal(np.delete(y, np.s_[256:256 + n]), np.delete(x, np.s_[256:256 + n]))
    assert len(warnings) == 2 and f"-byte temporary" in warnings[1] and f"to UB bytes [253952, {253952 + 4 * n})" \
        in warnings[1], warnings


_ABS_INT = """
#include "opkit/sim/vector.h"
void kernel_body(AscendC::LocalTensor<int32_t>& t) { AscendC::Abs(t, t, 64); }
int main() { return 0; }
"""


def test_910b_abs_stays_half_and_float(tmp_path: Path) -> None:
    source = tmp_path / "abs_int.cpp"
    source.write_text(_ABS_INT)
    with pytest.raises(AssertionError, match=re.escape("Abs supports half and float on Ascend910B")):
        compile_program(source)
