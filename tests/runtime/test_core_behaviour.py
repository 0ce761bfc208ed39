"""The simulator core used correctly: copies and padding move the right bytes; tensors, queues and events behave; the
core's system APIs (CheckLocalMemoryIA, InitSocState, cache and task calls) have their documented effects."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runtime.cxx import Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile

CASES = [
    "datacopy_params_gaps", "datacopy_pad_rows", "local_tensor_views", "tbuf_addresses", "queue_fifo",
    "events_pair", "fresh_ub_is_poisoned", "device_rounding_mode", "tiling_key_and_task_type", "tensor_operators",
    "mask_count_utils",
    # core_sys_state.cpp: the core's system APIs (UB exception registers, InitSocState, caches, task markers)
    "local_memory_ia_vector_write", "local_memory_ia_kinds", "init_soc_state_resets", "cache_and_task_calls",
    "sys_workspace_ptr", "gemm_conv2d_tilings",
]


@pytest.fixture(scope="module")
def behaviour() -> Program:
    return compile_program([CPP / "core_behaviour.cpp", CPP / "core_sys_state.cpp", CPP / "core_harness.cpp"])


@pytest.mark.parametrize("case", CASES)
def test_core_api_behaves(behaviour: Program, case: str) -> None:
    proc = run_program(behaviour, case)
    assert (proc.returncode, proc.stdout.strip()) == (0, "ok"), proc.stdout + proc.stderr


def test_every_case_is_run(behaviour: Program) -> None:
    proc = run_program(behaviour)
    assert proc.returncode == 2
    assert sorted(proc.stderr.split("cases:")[1].split()) == sorted(CASES)
