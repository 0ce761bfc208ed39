"""TPipe::InitBuffer's limit of 8 queue buffers per VECIN/VECOUT position on Ascend910B (TBufs do not count); a
user-defined TBufPool (EXTERN_IMPL_BUFPOOL) placing queue buffers and TBufs."""
from __future__ import annotations

import pytest

from tests.runtime.cxx import Program, compile_program
from tests.runtime.test_highlevel import SOURCES, run_case

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program(SOURCES)  # the same binary as test_highlevel.py (cached by content)


@pytest.mark.parametrize(("case", "message"), [
    ("pipe_vecin_nine_buffers",
     "[TPipe::InitBuffer] too many queue buffers at position VECIN: 8 already + 1 = 9 > 8 "
     "(the limit per position on Ascend910B)"),
    ("pipe_vecout_too_many_at_once",
     "[TPipe::InitBuffer] too many queue buffers at position VECOUT: 0 already + 9 = 9 > 8"),
])
def test_ninth_queue_buffer_of_a_position_faults(program: Program, case: str, message: str) -> None:
    out = run_case(program, case)
    assert out.startswith("fault: [hl][Block_0][hl_faults.cpp:"), out
    assert message in out, out


@pytest.mark.parametrize("case", [
    "pipe_eight_per_position_fit",   # 8 VECIN + 8 VECOUT + 16 TBufs
    "pipe_reset_frees_the_count",    # Reset gives the buffers back
    "pipe_310p_not_limited",         # the limit is 910B's; 310P's is not documented
])
def test_within_the_limit_runs(program: Program, case: str) -> None:
    assert run_case(program, case) == "ok"


def test_user_defined_buf_pool_places_buffers_in_turn(program: Program) -> None:
    # EXTERN_IMPL_BUFPOOL: the class's InitBuffer places a 2-buffer queue and a TBuf at the pool's current address;
    # a pool sharing its bytes starts at the same address; Add over the placed buffers gives exact values (C++ side).
    assert run_case(program, "user_buf_pool") == "ok"


@pytest.mark.parametrize(("case", "message"), [
    ("user_buf_pool_overflow",
     "[TQue::InitBufHandle] TBufPool overflow: buffer [512, 768) is outside the pool's bytes [0, 512)"),
    ("user_buf_pool_not_initialised",
     "[TBuf::InitBufHandle] the TBufPool was never initialised (TPipe::InitBufPool)"),
])
def test_user_defined_buf_pool_misuse_faults(program: Program, case: str, message: str) -> None:
    out = run_case(program, case)
    assert out.startswith("fault: [hl][Block_0][hl_faults.cpp:"), out
    assert message in out, out
