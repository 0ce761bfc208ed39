"""A UB operand that runs past its tensor into UB no buffer of the block holds is a located warning, as the NPU survives
it: a write happens there (a buffer taken there later sees it), a read reads what is there (0xFF bytes, NaN, in UB the
kernel never wrote), so a garbage value that reaches an output fails the numbers check. Into another buffer's bytes,
past the UB, within its own buffer, or for a tensor that is no TPipe buffer, it stays a fault."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP / "ub_overrun_test.cpp", CPP / "core_harness.cpp"])


def _line(case: str) -> int:
    lines = (CPP / "ub_overrun_test.cpp").read_text().splitlines()
    return next(i for i, text in enumerate(lines, 1) if f"LINE:{case}" in text)


def _run(program: Program, case: str) -> tuple[list[str], np.ndarray | None, str]:
    """(warnings, the y values the case printed, the last line: "ok" or the fault)."""
    proc = run_program(program, case)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    warnings = [line.removeprefix("warning: ") for line in lines if line.startswith("warning: ")]
    ys = [line for line in lines if line.startswith("y:")]
    y = np.array([float(v) for v in ys[0].split()[1:]], dtype=np.float32) if ys else None
    return warnings, y, lines[-1]


def test_a_write_past_the_last_buffer_warns_once_and_lands_in_ub(program: Program) -> None:
    warnings, y, last = _run(program, "write_past_last_buffer")
    assert last == "ok"  # the kernel's checks: a buffer taken later saw the write
    assert warnings == [  # once per buffer and launch: two Duplicates, two blocks
        f"[ub][Block_0][ub_overrun_test.cpp:{_line('write_past_last_buffer')}][Duplicate] dst writes 512 bytes at UB "
        "[512, 1024) but the tensor holds 256 bytes of TBuf buffer 0 (VECCALC, UB offset 512, 256 bytes); the 256 "
        "bytes past it, UB [768, 1024), are held by no buffer of the block (its buffers end at UB offset 768): the "
        "NPU writes them all the same (nothing checks UB bounds) and no data of the kernel is lost, but a buffer "
        "placed there later (another tiling, one more InitBuffer) would be overwritten; here the write happens too. "
        "A bug to fix, not a fault"]
    expected = np.tile(np.r_[np.full(64, 3.5), np.full(64, 1.5)], 2).astype(np.float32)
    np.testing.assert_array_equal(y, expected)


def test_a_read_past_the_last_buffer_sees_0xff_and_the_numbers_check_fails(program: Program) -> None:
    warnings, y, last = _run(program, "read_past_last_buffer")
    assert last == "ok"
    assert warnings == [
        f"[ub][Block_0][ub_overrun_test.cpp:{_line('read_past_last_buffer')}][Add] src0 reads 512 bytes at UB "
        "[512, 1024) but the tensor holds 256 bytes of TBuf buffer 0 (VECCALC, UB offset 512, 256 bytes); the 256 "
        "bytes past it, UB [768, 1024), are held by no buffer of the block (its buffers end at UB offset 768): the "
        "NPU reads whatever they hold (nothing checks UB bounds); here they hold what the kernel last wrote there, "
        "else 0xFF bytes (NaN as floats): a value computed from them is garbage. A bug to fix, not a fault"]
    np.testing.assert_array_equal(y[:64], np.full(64, 6.0, np.float32))
    assert np.isnan(y[64:]).all()
    with pytest.raises(AssertionError):  # what the kernel meant (3 + 3 everywhere) is not what the poison gives
        np.testing.assert_allclose(y, np.full(128, 6.0, np.float32))


def test_a_scalar_past_the_last_buffer_is_kept_there(program: Program) -> None:
    warnings, y, last = _run(program, "scalar_past_last_buffer")
    assert last == "ok" and y.tolist() == [5.0]
    assert warnings == [
        f"[ub][Block_0][ub_overrun_test.cpp:{_line('scalar_past_last_buffer')}][LocalTensor::SetValue] the element "
        "writes 4 bytes at UB [400, 404) but the tensor holds 256 bytes of TBuf buffer 0 (VECCALC, UB offset 0, 256 "
        "bytes); the 4 bytes past it, UB [400, 404), are held by no buffer of the block (its buffers end at UB offset "
        "256): the NPU writes them all the same (nothing checks UB bounds) and no data of the kernel is lost, but a "
        "buffer placed there later (another tiling, one more InitBuffer) would be overwritten; here the write happens "
        "too. A bug to fix, not a fault"]


@pytest.mark.parametrize(("case", "message"), [
    ("write_into_next_buffer", "[Duplicate] dst needs 512 bytes but the tensor holds 256 bytes (64 elements); UB "
     "[256, 512) past it is held by the block's buffers (they end at UB offset 512): on the NPU it would reach their "
     "data"),
    ("read_into_next_buffer", "[Adds] src needs 768 bytes but the tensor holds 256 bytes (64 elements); UB [256, 512) "
     "past it is held by the block's buffers (they end at UB offset 512)"),
    ("write_past_ub", "[Duplicate] dst needs 512 bytes but the tensor holds 256 bytes (64 elements); it runs past the "
     "end of the 196608-byte Unified Buffer (to UB offset 196864)"),
    ("subview_past_its_end", "[Duplicate] dst needs 512 bytes but the tensor holds 128 bytes (32 elements); UB "
     "[128, 256) past it is held by the block's buffers (they end at UB offset 256)"),
    ("stale_tensor_after_reset", "[Duplicate] dst needs 512 bytes but the tensor holds 256 bytes (64 elements)"),
    ("static_tensor_past_end", "[Duplicate] dst needs 512 bytes but the tensor holds 256 bytes (64 elements)"),
])
def test_an_overrun_into_held_bytes_or_past_the_ub_stays_a_fault(program: Program, case: str, message: str) -> None:
    warnings, _, last = _run(program, case)
    assert warnings == []
    assert last.startswith("fault: [ub][Block_0][ub_overrun_test.cpp:") and message in last, last
