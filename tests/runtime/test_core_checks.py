"""Every check of the simulator core, triggered on purpose: the KernelFault text names what, where and the numbers."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runtime.cxx import Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def checks() -> Program:
    return compile_program([CPP / "core_checks.cpp", CPP / "core_gm.cpp", CPP / "core_handover.cpp",
                            CPP / "core_harness.cpp"])


def run_case(program: Program, case: str) -> str:
    proc = run_program(program, case)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.strip()


# (case, the API in brackets, the message after it)
FAULTS = [
    ("ub_overflow", "TPipe::InitBuffer",
     "Unified Buffer overflow: 131072 bytes already allocated + 98304 bytes = 229376 bytes > 196608 bytes"),
    ("init_len_zero", "TPipe::InitBuffer", "buffer length is 0 bytes"),
    ("init_num_too_large", "TPipe::InitBuffer", "num 65 is outside [1, 64]"),
    ("init_num_times_len", "TPipe::InitBuffer",
     "2 x 102400 bytes = 204800 bytes exceeds the Unified Buffer (196608 bytes)"),
    ("too_many_buffers", "TPipe::InitBuffer", "more than 64 buffers in one TPipe"),
    ("alloc_without_free_buffer", "TQue::AllocTensor",
     "no FREE buffer in TQue<VECIN> (all 2 are allocated and not yet freed); the device would hang here"),
    ("enque_tbuf_tensor", "TQue::EnQue",
     "the tensor is TBuf buffer 0 (VECCALC, UB offset 256, 256 bytes), not a queue buffer: only a tensor from a "
     "TQue's AllocTensor or DeQue can be enqueued or freed"),
    ("free_handed_over_other_position", "TQue::FreeTensor",
     "queue buffer 0 (VECIN, UB offset 0, 256 bytes) belongs to a TQue<VECIN> and is freed through a TQue<VECOUT>: "
     "the device would set the VECOUT queue's free event while the owner's next AllocTensor waits on the VECIN one, "
     "and hang; free it through a queue of its own position"),
    ("handover_depth_exceeded", "TQue::EnQue",
     "queue depth 1 exceeded: 1 tensors already enqueued and not dequeued"),
    ("static_gm_table_write", "GlobalTensor::SetValue",
     "GM write of 4 bytes into the kernel binary's constant data (a static const __gm__ table), which is read-only; "
     "address 0x"),
    ("enque_freed_tensor", "TQue::EnQue",
     "queue buffer 0 (VECIN, UB offset 0, 256 bytes) is FREE; only an allocated tensor can be enqueued"),
    ("depth_exceeded", "TQue::EnQue", "queue depth 1 exceeded: 1 tensors already enqueued and not dequeued"),
    ("deque_empty", "TQue::DeQue",
     "TQue<VECOUT> is empty (DeQue without a matching EnQue); the device would hang here"),
    ("double_free", "TQue::FreeTensor",
     "queue buffer 0 (VECIN, UB offset 0, 256 bytes) is already FREE (double FreeTensor)"),
    ("free_enqueued", "TQue::FreeTensor",
     "queue buffer 0 (VECIN, UB offset 0, 256 bytes) is still enqueued; DeQue it first"),
    ("queue_not_initialised", "TQue::AllocTensor", "TQue<VECIN> used before TPipe::InitBuffer"),
    ("queue_after_reset", "TQue::AllocTensor",
     "TQue<VECIN> used after TPipe::Reset/Destroy without a new InitBuffer"),
    ("local_index_out_of_bounds", "LocalTensor::SetValue", "index 64 is out of bounds for a tensor of 64 elements"),
    ("local_subscript_past_end", "LocalTensor::operator[]", "offset 65 is past the end of a tensor of 64 elements"),
    ("local_view_index", "LocalTensor::GetValue", "index 4 is out of bounds for a tensor of 4 elements"),
    ("set_size_past_buffer", "LocalTensor::SetSize",
     "size 65 x 4 bytes exceeds the 256 bytes left in the tensor's buffer"),
    ("tbuf_offset_unaligned", "TBuf::GetWithOffset", "byte offset 16 is not 32-byte aligned"),
    ("tbuf_get_too_many", "TBuf::Get",
     "65 elements of 4 bytes at byte offset 0 end at byte 260, past the TBuf's 256 bytes"),
    ("copy_unaligned_operand", "DataCopy", "dst starts at UB offset 12, which is not 32-byte aligned"),
    ("copy_unaligned_count", "DataCopy",
     "count 7 x 4 bytes = 28 bytes is not a multiple of 32 bytes (the NPU would silently copy only 0 bytes); "
     "use DataCopyPad for unaligned lengths"),
    ("copy_ub_too_small", "DataCopy", "dst needs 512 bytes but the tensor holds 256 bytes (64 elements); UB [256, 512) "
     "past it is held by the block's buffers (they end at UB offset 512): on the NPU it would reach their data"),
    ("copy_size_overflow", "DataCopy",
     "count 524288 x 4 bytes = 2097152 bytes overflows one copy (at most 65535 blocks of 32 bytes)"),
    ("copy_gm_out_of_bounds", "DataCopy",
     "GM write of 256 bytes at bytes [800, 1056) of 'x' (1024 bytes) is out of bounds"),
    ("copy_params_gm_out_of_bounds", "DataCopy",
     "GM write of 1280 bytes at bytes [0, 1280) of 'x' (1024 bytes) is out of bounds"),
    ("gm_scalar_out_of_bounds", "GlobalTensor::SetValue",
     "GM write of 4 bytes at bytes [1024, 1028) of 'x' (1024 bytes) is out of bounds"),
    ("gm_unregistered", "GlobalTensor::SetValue", "GM write of 4 bytes at address 0x"),
    ("pad_out_of_bounds", "DataCopyPad",
     "GM write of 40 bytes at bytes [1000, 1040) of 'x' (1024 bytes) is out of bounds"),
    ("pad_on_310p", "DataCopyPad", "DataCopyPad is not available on Ascend310P (arch 2002)"),
    ("leak_occupied", "kernel exit",
     "queue buffer 0 (VECIN, UB offset 0, 256 bytes) is still OCCUPIED when the kernel returns: a tensor was "
     "allocated but never freed (AllocTensor without EnQue/FreeTensor)"),
    ("leak_enqueued", "kernel exit",
     "queue buffer 0 (VECOUT, UB offset 0, 256 bytes) is still ENQUE when the kernel returns: a tensor was "
     "allocated but never freed (EnQue without DeQue)"),
    ("leak_dequeued", "kernel exit",
     "queue buffer 0 (VECIN, UB offset 0, 256 bytes) is still DEQUE when the kernel returns: a tensor was "
     "dequeued but never freed (DeQue without FreeTensor)"),
    ("leak_two_buffers", "kernel exit",
     "queue buffer 0 (VECIN, UB offset 0, 256 bytes) is still OCCUPIED when the kernel returns: a tensor was "
     "allocated but never freed (AllocTensor without EnQue/FreeTensor); 1 more queue buffer(s) are still held too"),
    ("gm_copy_into_neighbour", "DataCopy",
     "GM write of 256 bytes at bytes [256, 512) of 'x' (256 bytes) is out of bounds; it reaches into 'y'"),
    ("gm_scalar_into_neighbour", "GlobalTensor::SetValue",
     "GM write of 4 bytes at bytes [280, 284) of 'x' (256 bytes) is out of bounds; it reaches into 'y'"),
    ("gm_before_start", "GlobalTensor::GetValue",
     "GM read of 4 bytes at bytes [-4, 0) of 'y' (256 bytes) is out of bounds; it reaches into 'x'"),
    ("gm_empty_input_tile", "DataCopy",
     "GM read of 256 bytes at bytes [0, 256) of 'x', an empty tensor (0 elements): the kernel reads a tile of an "
     "empty input (CANN launches it, as not every output is empty)"),
    ("gm_empty_output_write", "GlobalTensor::SetValue",
     "GM write of 4 bytes at bytes [4, 8) of 'x', an empty tensor (0 elements): the kernel writes to an empty output "
     "(CANN launches it, as not every output is empty)"),
    ("gm_write_past_padding", "GlobalTensor::SetValue",
     "GM write of 4 bytes at bytes [4032, 4036) of 'x' (3996 bytes + 36 bytes of allocator padding) is out of bounds"),
    ("gm_read_far_past_end", "GlobalTensor::GetValue",
     "GM read of 4 bytes at bytes [8400, 8404) of 'x' (3996 bytes + 36 bytes of allocator padding) is out of bounds"),
    ("waitflag_unpaired", "WaitFlag",
     "WaitFlag<HardEvent::V_MTE3>(1) has no pending SetFlag<HardEvent::V_MTE3>(1); the device would hang here"),
    ("release_unallocated_event", "TPipe::ReleaseEventID",
     "event id 3 of HardEvent::V_S was not allocated by AllocEventID"),
    ("events_exhausted", "TPipe::FetchEventID", "all 8 event ids of HardEvent::MTE3_MTE2 are allocated"),
    ("second_pipe", "TPipe::InitBuffer",
     "another TPipe of this block still holds 64 bytes of the Unified Buffer, where this one's buffers would start "
     "too; call Destroy() on it first"),
    ("kernel_throws", "kernel", "the kernel threw an exception: boom"),
    ("queue_config_number", "TPipe::InitBuffer",
     "buffer number is 1, which should be the same as TQueConfig::bufferNumber (2)"),
    ("queue_config_len", "TPipe::InitBuffer",
     "buffer length is 512, which should be the same as TQueConfig::bufferLen (256)"),
]


@pytest.mark.parametrize(("case", "api", "message"), FAULTS, ids=[f[0] for f in FAULTS])
def test_check_raises_kernel_fault(checks: Program, case: str, api: str, message: str) -> None:
    out = run_case(checks, case)
    assert out.startswith("fault: [core][Block_0]"), out
    assert f"[{api}] {message}" in out
    if case == "gm_unregistered":
        assert out.endswith("is not inside any GM buffer registered for this launch")


def test_fault_names_the_kernel_source_line(checks: Program) -> None:
    lines = (CPP / "core_checks.cpp").read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "LINE:copy_unaligned_count" in text)
    assert f"[core_checks.cpp:{line}][DataCopy]" in run_case(checks, "copy_unaligned_count")


@pytest.mark.parametrize("case", ["leak_dequeued", "leak_two_buffers"])
def test_leak_names_the_line_that_took_the_buffer(checks: Program, case: str) -> None:
    lines = (CPP / "core_checks.cpp").read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if f"LINE:{case}" in text)
    assert run_case(checks, case).startswith(f"fault: [core][Block_0][core_checks.cpp:{line}][kernel exit] ")


def _line(case: str) -> int:
    """The line of core_gm.cpp marked LINE:<case>."""
    lines = (CPP / "core_gm.cpp").read_text().splitlines()
    return next(i for i, text in enumerate(lines, 1) if f"LINE:{case}" in text)


def test_allocator_padding_is_a_warning_reading_0xff_and_dropping_writes(checks: Program) -> None:
    warning, ok = run_case(checks, "gm_padding_tolerated").splitlines()
    assert warning == (
        f"warning: [core][Block_0][core_gm.cpp:{_line('gm_padding_tolerated')}][DataCopy] GM read of 4032 bytes at "
        "bytes [0, 4032) of 'x' (3996 bytes) reaches 36 bytes into the 36 bytes of padding the NPU's allocator adds "
        "behind it: harmless on the device; here they read as 0xFF bytes (NaN) and writes to them are dropped")
    assert ok == "ok"  # one warning per buffer and launch: the write-back and SetValue added none


PAST_END = ("on the NPU it reads whatever memory follows the allocation (another buffer's data, or an AI Core "
            "exception past the mapped pages), a bug to fix though it corrupts no memory; here every byte past the end of 'x' "
            "reads as 0xFF (NaN for floats), so an output computed from them fails the number check")


def test_a_read_past_the_padding_is_a_warning_reading_0xff(checks: Program) -> None:
    # DataCopy, DataCopyPad (a row partly and a row wholly past the end), DataCopy(DataCopyParams) and GetValue past
    # the padding: the real bytes, then 0xFF; one warning for all of them, another for the GetValue into the padding.
    past, into, ok = run_case(checks, "gm_read_past_padding").splitlines()
    assert past == (
        f"warning: [core][Block_0][core_gm.cpp:{_line('gm_read_past_padding')}][DataCopy] GM read of 256 bytes at "
        "bytes [3840, 4096) of 'x' (3996 bytes + 36 bytes of allocator padding) runs 64 bytes past the end of its "
        f"padding: {PAST_END}")
    assert into.startswith(f"warning: [core][Block_0][core_gm.cpp:{_line('gm_into_padding')}][GlobalTensor::"
                           "GetValue] GM read of 4 bytes at bytes [4000, 4004) of 'x' (3996 bytes) reaches 8 bytes "
                           "into the 36 bytes of padding"), into
    assert ok == "ok"


def test_a_read_past_the_end_into_the_next_buffer_reads_0xff_not_its_data(checks: Program) -> None:
    warning, ok = run_case(checks, "gm_read_into_neighbour").splitlines()
    assert warning == (
        f"warning: [core][Block_0][core_gm.cpp:{_line('gm_read_into_neighbour')}][DataCopy] GM read of 256 bytes "
        "at bytes [128, 384) of 'x' (256 bytes) runs 128 bytes past the end of the buffer (here the memory of 'y'): "
        f"{PAST_END}")
    assert ok == "ok"


def test_a_get_value_past_the_end_is_a_warning_reading_nan(checks: Program) -> None:
    warning, ok = run_case(checks, "gm_scalar_read_past_end").splitlines()
    assert warning == (
        f"warning: [core][Block_0][core_gm.cpp:{_line('gm_scalar_read_past_end')}][GlobalTensor::GetValue] GM read "
        "of 4 bytes at bytes [280, 284) of 'x' (256 bytes) starts 24 bytes past the end of the buffer (here the memory "
        f"of 'y'): {PAST_END}")
    assert ok == "ok"


def test_views_of_one_array_each_read_whole_are_in_bounds(checks: Program) -> None:
    assert run_case(checks, "gm_halves_in_bounds") == "ok"


@pytest.mark.parametrize("case", ["queue_handover", "static_gm_table", "pop_stack_then_init_buffer", "queue_config"])
def test_memory_the_device_allows_beyond_own_buffers(checks: Program, case: str) -> None:
    # A queue buffer handed to another queue by EnQue (CANN stores the handle; only its CPU debug build asserts the
    # owner), a kernel's `static const __gm__` table, which the runtime loads with the kernel, and the UB of
    # PopStackBuffer's tensor taken again by a later InitBuffer (CANN reserves nothing for it); and queues configured
    # by a TQueConfig (x * 3 through them).
    assert run_case(checks, case) == "ok"


def test_a_second_tpipe_is_used_once_the_first_is_destroyed(checks: Program) -> None:
    assert run_case(checks, "second_pipe_after_destroy") == "ok"
    assert run_case(checks, "pipe_init_after_destroy") == "ok"


def test_same_buffers_fit_the_larger_ub_of_310p(checks: Program) -> None:
    assert run_case(checks, "ub_overflow_310p_fits") == "ok"


@pytest.mark.parametrize(("case", "message"), [
    ("bad_soc", "fault: [core][Launch] unknown SoC 'Ascend999'; known: Ascend910B1, "),
    ("bad_block_dim", "fault: [core][Launch] block dim 0 is outside [1, 65535]"),
])
def test_bad_launch_settings_are_refused(checks: Program, case: str, message: str) -> None:
    assert run_case(checks, case).startswith(message)
