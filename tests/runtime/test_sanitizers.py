"""The core test programs under AddressSanitizer + UBSan: every case runs without a sanitizer report."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runtime.cxx import SANITIZERS, compile_program, run_program
from tests.runtime.test_core_behaviour import CASES as BEHAVIOUR_CASES
from tests.runtime.test_core_checks import FAULTS

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile

PROGRAMS = {
    "core_behaviour": BEHAVIOUR_CASES,
    "core_checks": [case for case, _api, _message in FAULTS] + ["queue_handover", "static_gm_table",
                                                                        "pop_stack_then_init_buffer"],
    "core_launch": ["many_blocks", "syncall_across_blocks", "syncall_fault_while_others_wait",
                    "syncall_block_returns_early", "fault_stops_other_blocks", "next_launch_after_fault",
                    "icpu_run_kf", "gm_free_unknown", "watchdog_cancels"],
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_no_sanitizer_report(name: str) -> None:
    # the files test_core_checks' and test_core_behaviour's programs add to their main file
    extra = {"core_checks": [CPP / "core_gm.cpp", CPP / "core_handover.cpp"],
             "core_behaviour": [CPP / "core_sys_state.cpp"]}.get(name, [])
    program = compile_program([CPP / f"{name}.cpp", *extra, CPP / "core_harness.cpp"], flags=SANITIZERS, opt="-O1")
    for case in PROGRAMS[name]:
        proc = run_program(program, case, env={"OPKIT_SIM_THREADS": "3"}, timeout=120)
        report = proc.stderr
        assert proc.returncode == 0 and "Sanitizer" not in report and "runtime error" not in report, (
            f"{name} {case}:\n{proc.stdout}\n{report[-4000:]}")
