"""acl/acl.h and securec.h on the CPU: error codes and aclGetRecentErrMsg text, NPU padding, float16."""
from __future__ import annotations

import re
import signal
import subprocess
from pathlib import Path

import pytest

import opkit

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def host() -> Program:
    return compile_program(Path(__file__).parent / "cpp" / "acl_host.cpp")


def lines(program: Program, case: str) -> list[str]:
    proc = run_program(program, case)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return [re.sub(r"0x[0-9a-f]+", "ADDR", line) for line in proc.stdout.splitlines()]


def test_init_devices_streams_and_their_errors(host: Program) -> None:
    assert lines(host, "lifecycle") == [
        "0 ", "100002 aclInit: aclInit was called already",
        "107001 aclrtSetDevice: device 8 does not exist (8 device(s); OPKIT_ACL_DEVICE_COUNT sets more)",
        "0 ", "0 ", "0 ", "0 ", "0 ", "0 ",
        "107017 aclrtDestroyStream: ADDR is not a live stream (destroyed already, or never created)",
        "0 ", "0 ", "0 ", "100037 aclFinalize: aclFinalize without a matching aclInit",
    ]


def test_memory_errors_name_the_problem(host: Program) -> None:
    assert lines(host, "memory") == [
        "0 ", "0 ", "100000 aclrtMalloc: size must not be 0", "0 ",
        "100000 aclrtMemcpy: copy kind 7 is not an aclrtMemcpyKind (0..4)",
        "100000 aclrtMemcpy: count 100 is larger than destMax 64",
        "100000 aclrtMemcpy: dst ADDR is not device memory (aclrtMalloc) but the copy kind "
        "ACL_MEMCPY_HOST_TO_DEVICE says it is",
        "100000 aclrtMemcpy: dst ADDR has 160 bytes of device memory left, fewer than count 256 "
        "(kind ACL_MEMCPY_HOST_TO_DEVICE)",
        "0 ",  # 100 bytes are 128 + 32 on the NPU: a 160-byte copy fits
        "100000 aclrtMemset: count 20 is larger than maxCount 10",
        "100000 aclrtFree: address ADDR was not returned by aclrtMalloc (or was freed already)",
        "100000 aclrtFree: address ADDR was not returned by aclrtMalloc (or was freed already)",
        "100000 aclrtFreeHost: address ADDR was not returned by aclrtMallocHost (or was freed already)",
        "0 ",
        "100000 aclrtFree: address ADDR was not returned by aclrtMalloc (or was freed already)",
        "0 ",
    ]


def test_new_device_and_host_memory_reads_zero(host: Program) -> None:
    """As a new process gets it on the device (CANN's samples rely on it): every byte, twice over a freed block."""
    assert lines(host, "fresh") == ["0 0", "0 0"]


def test_float16_conversions_round_to_nearest_even(host: Program) -> None:
    assert lines(host, "float16") == ["0000 0", "3c00 1", "c100 -2.5", "7bff 65504", "7c00 inf",
                                      "0002 1.1920929e-07", "0001 5.96046448e-08", "2e66 0.0999755859"]


def test_data_type_sizes_as_cann_gives_them(host: Program) -> None:
    # CANN's aclDataTypeSize: a complex is the size of its two parts (complex64 is 8 bytes).
    assert lines(host, "sizes") == ["12 1", "1 2", "27 2", "0 4", "11 8", "33 4", "16 8", "17 16"]


def test_securec_codes(host: Program) -> None:
    assert lines(host, "securec") == ["162", "0", "0 hello", "162", "162", "3 1-2"]


def test_profiling_ranges_are_checked_and_paired(host: Program) -> None:
    assert lines(host, "prof") == [
        "1", "0 ", "0 ", "100000 aclprofRangePop: no range is open on this thread (aclprofRangePushEx first)",
        "100000 aclprofRangePushEx: tensors[1].shapeDim 9 is more than 8",
        "100000 aclprofRangePushEx: messageType 3 is not ACL_PROF_MESSAGE_TYPE_TENSOR_INFO (0)",
        "100000 aclprofRangePushEx: attr is null",
    ]


@pytest.mark.parametrize("std", ["c++17", "c++11"])
def test_every_acl_header_stands_on_its_own(std: str, tmp_path: Path) -> None:
    # A program may include any of them first (acl/acl_prof.h before acl/acl.h), inline (C++17) or declare-only.
    include = opkit.include_dir()
    for header in sorted((include / "acl").glob("*.h")):
        source = tmp_path / "one.cpp"
        source.write_text(f'#include "acl/{header.name}"\n')
        proc = subprocess.run(["g++", f"-std={std}", "-fsyntax-only", "-I", str(include), str(source)],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"acl/{header.name} ({std}):\n{proc.stderr}"


def test_a_program_stopped_by_sigterm_says_so(host: Program) -> None:
    """run.sh's `timeout 30 ./execute_op` stops a long simulation with SIGTERM: opkit names it, no silent end."""
    proc = subprocess.Popen([str(host.path), "stopped"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "0 \n"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGTERM  # still dies of the signal: `timeout` reports 124 as before
    assert re.fullmatch(r"opkit: this program was stopped by SIGTERM \d+\.\d s after aclInit \(a `timeout` in the test "
                        r"script or the harness stopping it\)\. opkit runs the kernel on the CPU, far slower than the "
                        r"NPU: give the case more time, or a smaller shape\n", err), err
