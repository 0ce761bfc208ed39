"""Pipe flags in all three spellings (SetFlag/WaitFlag, TQueSync, set_flag/wait_flag): pairing is checked alike."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runtime.cxx import Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile

GOOD = ["tquesync_pairs", "builtins_pair", "spellings_share_one_flag"]

# (case, the API in brackets, the message after it)
FAULTS = [
    ("tquesync_unpaired", "TQueSync::WaitFlag",
     "WaitFlag<HardEvent::MTE3_MTE2>(0) has no pending SetFlag<HardEvent::MTE3_MTE2>(0); the device would hang here"),
    ("wait_flag_unpaired", "wait_flag",
     "WaitFlag<HardEvent::V_MTE3>(2) has no pending SetFlag<HardEvent::V_MTE3>(2); the device would hang here"),
    ("set_flag_no_such_pipe_pair", "set_flag", "no hardware flag makes PIPE_M wait for PIPE_MTE3"),
    ("tquesync_bad_event_id", "TQueSync::SetFlag", "event id 8 of HardEvent::S_MTE2 is outside [0, 8)"),
]


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP / "sync_test.cpp", CPP / "core_harness.cpp"])


@pytest.mark.parametrize("case", GOOD)
def test_paired_flags_pass(program: Program, case: str) -> None:
    proc = run_program(program, case)
    assert (proc.returncode, proc.stdout.strip()) == (0, "ok"), proc.stdout + proc.stderr


@pytest.mark.parametrize(("case", "api", "message"), FAULTS, ids=[f[0] for f in FAULTS])
def test_misused_flag_is_a_kernel_fault(program: Program, case: str, api: str, message: str) -> None:
    proc = run_program(program, case)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout.strip()
    assert out.startswith("fault: [sync][Block_0]"), out
    assert f"[{api}] {message}" in out
    line = next(i for i, text in enumerate((CPP / "sync_test.cpp").read_text().splitlines(), 1)
                if f"CASE({case})" in text)
    assert "[sync_test.cpp:" in out and int(out.split("[sync_test.cpp:")[1].split("]")[0]) > line


def test_every_case_is_run(program: Program) -> None:
    proc = run_program(program)
    assert proc.returncode == 2
    assert sorted(proc.stderr.split("cases:")[1].split()) == sorted(GOOD + [f[0] for f in FAULTS])


def test_a_pipe_pair_without_a_flag_does_not_compile(tmp_path: Path) -> None:
    source = tmp_path / "bad_tquesync.cpp"
    source.write_text('#include "kernel_operator.h"\nvoid f() { AscendC::TQueSync<PIPE_MTE3, PIPE_M> s; }\n')
    with pytest.raises(AssertionError, match="the hardware has no flag by which pipe dst waits for pipe src"):
        compile_program(source, flags=("-c",))
