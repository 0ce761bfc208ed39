"""Launches: many blocks, SyncAll with more blocks than threads, faults that stop a launch, CANN's ICPU host API."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runtime.cxx import Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile

THREADS = ["1", "2", "7"]


@pytest.fixture(scope="module")
def launch() -> Program:
    return compile_program([CPP / "core_launch.cpp", CPP / "core_harness.cpp"])


def run_case(program: Program, case: str, threads: str = "2") -> str:
    proc = run_program(program, case, env={"OPKIT_SIM_THREADS": threads}, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.strip()


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("case", ["many_blocks", "syncall_across_blocks", "next_launch_after_fault",
                                  "block_idx_variable"])
def test_launch_runs_every_block(launch: Program, case: str, threads: str) -> None:
    assert run_case(launch, case, threads) == "ok"


@pytest.mark.parametrize("threads", THREADS)
def test_fault_in_one_block_while_others_wait_in_syncall(launch: Program, threads: str) -> None:
    out = run_case(launch, "syncall_fault_while_others_wait", threads)
    assert out.startswith("fault: [exchange][Block_5][core_launch.cpp:")
    assert out.endswith("[GlobalTensor::SetValue] GM write of 4 bytes at bytes [512, 516) of 'slots' (512 bytes) "
                        "is out of bounds")


@pytest.mark.parametrize("threads", THREADS)
def test_block_returning_before_syncall_is_reported_not_hung(launch: Program, threads: str) -> None:
    assert run_case(launch, "syncall_block_returns_early", threads) == (
        "fault: [early][SyncAll] 3 of 4 blocks wait in SyncAll but block(s) 2 returned without reaching it; "
        "the device would hang here")


def test_fault_stops_the_other_blocks_and_the_next_launch_works(launch: Program) -> None:
    out = run_case(launch, "fault_stops_other_blocks", "4")
    assert out.startswith("fault: [stop][Block_0][core_launch.cpp:")
    assert out.endswith("[LocalTensor::GetValue] index 999 is out of bounds for a tensor of 16 elements")


def test_icpu_host_program_of_a_cann_sample(launch: Program) -> None:
    assert run_case(launch, "icpu_run_kf") == "ok"


def test_icpu_fault_prints_and_exits_non_zero(launch: Program) -> None:
    proc = run_program(launch, "icpu_run_kf_fault", timeout=60)
    assert proc.returncode == 1
    assert proc.stderr.startswith("[ERROR][icpu_kernel][Block_2][core_launch.cpp:")
    assert "GM write of 4 bytes at bytes [32, 36) of 'x' (32 bytes) is out of bounds" in proc.stderr


def test_gm_free_of_unknown_address(launch: Program) -> None:
    out = run_case(launch, "gm_free_unknown")
    assert out.startswith("fault: [kernel][GmFree] address 0x")
    assert out.endswith("was not returned by GmAlloc (or was freed already)")


@pytest.mark.parametrize("value", ["0", "abc", "-3"])
def test_bad_thread_count_is_refused(launch: Program, value: str) -> None:
    proc = run_program(launch, "many_blocks", env={"OPKIT_SIM_THREADS": value})
    assert proc.stdout.strip() == (f"fault: [kernel][Launch] OPKIT_SIM_THREADS='{value}' is not a thread count in "
                                   "[1, 4096]")


def _line(tag: str) -> int:
    lines = (CPP / "core_launch.cpp").read_text().splitlines()
    return next(i for i, text in enumerate(lines, 1) if f"LINE:{tag}" in text)


@pytest.mark.parametrize("threads", ["1", "2"])
def test_watchdog_cancels_a_launch_that_never_returns(launch: Program, threads: str) -> None:
    fault, ok = run_case(launch, "watchdog_cancels", threads).splitlines()
    line = _line("never_returns")
    assert fault == (
        "fault: [hang][watchdog] the launch ran longer than its limit of 0.3 s (OPKIT_KERNEL_TIMEOUT, or "
        "set_kernel_timeout in Python) and was cancelled; blocks still running: "
        + ("0 (last API GlobalTensor::SetValue at core_launch.cpp:%d), 1 (no API call yet)" % line
           if threads == "2" else "0 (last API GlobalTensor::SetValue at core_launch.cpp:%d)" % line))
    assert ok == "ok"  # and the next launches on the same threads ran


def test_watchdog_stops_a_block_on_the_calling_thread(launch: Program) -> None:
    fault, ok = run_case(launch, "watchdog_cancels_single_block").splitlines()
    assert fault.startswith("fault: [hang][watchdog] the launch ran longer than its limit of 0.2 s")
    assert fault.endswith(f"blocks still running: 0 (last API GlobalTensor::SetValue at core_launch.cpp:"
                          f"{_line('never_returns')})")
    assert ok == "ok"


def test_watchdog_limit_from_the_environment(launch: Program) -> None:
    proc = run_program(launch, "watchdog_env_limit", env={"OPKIT_SIM_THREADS": "2", "OPKIT_KERNEL_TIMEOUT": "0.25"},
                       timeout=60)
    assert "[hang][watchdog] the launch ran longer than its limit of 0.25 s" in proc.stdout
    proc = run_program(launch, "watchdog_env_limit", env={"OPKIT_KERNEL_TIMEOUT": "soon"}, timeout=60)
    assert proc.stdout.strip() == ("fault: [kernel][Launch] OPKIT_KERNEL_TIMEOUT='soon' is not a number of seconds "
                                   "(0 turns the limit off)")


def test_crash_inside_a_kernel_is_a_fault_and_the_process_goes_on(launch: Program) -> None:
    segv, fpe, ok = run_case(launch, "crash_is_a_fault", "2").splitlines()
    assert segv.startswith("fault: [crash][Block_1][kernel] the kernel crashed with SIGSEGV (an access to memory that "
                           "is not mapped) at address 0x10 after its last Ascend C API call, GlobalTensor::SetValue at "
                           f"core_launch.cpp:{_line('wild_pointer')}; look for a raw pointer"), segv
    assert fpe.startswith("fault: [crash][Block_"), fpe
    assert fpe.endswith("[kernel] the kernel crashed with SIGFPE (an integer division by zero, or overflow) before its "
                        "first Ascend C API call; look for a divisor that can be 0 (a tiling value?)"), fpe
    assert ok == "ok"  # the launches after each crash ran on the same threads
