"""Cube resource groups (CubeResGroupHandle, CreateCubeResGroup): vector cores send matmul jobs through the GM message
queues to the cube cores of a group, whose callback computes them; C matches numpy, including a merged job (a FAKE
message freed and skipped by the callback) and queues that wrap past their 4 slots. Each misuse faults with its reason,
and a launch that would hang on the device (a vector core that ends without SetQuit, a callback that frees nothing)
ends at once with a fault naming every wait."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "cube_group_main.cpp"


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def test_jobs_sent_to_the_cube_cores_give_numpy_matmul(program: Program, tmp_path: Path) -> None:
    proc = run_program(program, "ok", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    a = np.fromfile(tmp_path / "a.bin", dtype=np.float16).reshape(160, 64).astype(np.float32)
    b = np.fromfile(tmp_path / "b.bin", dtype=np.float16).reshape(64, 32).astype(np.float32)
    bias = np.fromfile(tmp_path / "bias.bin", dtype=np.float32)
    c = np.fromfile(tmp_path / "c.bin", dtype=np.float32).reshape(160, 32)
    np.testing.assert_allclose(c, a @ b + bias, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("mode,why", [
    ("unposted_wait", "allocated but not posted"),
    ("past", "is not one AllocMessage handed out to queue 0 (outside the queue's slots)"),
    ("state_free", "msgInput.head.msgState is FREE"),
    ("unzeroed", "the KfcWorkspace was not zeroed"),
    ("queue", "queue 4 is not below the group's msgQueueSize 4"),
    ("skip", "may not reach into the next row"),
    ("size", "6 queues do not fit the launch's 2 cube and 4 vector cores"),
    ("noassign", "the handle has no queue: call AssignQueue first"),
    ("twice", "'s already: one queue per vector core"),
    ("relaunch", "a launch before left it there (QUIT messages stay)"),
    ("overalloc", "has all 4 messages allocated and message 0 is not posted yet"),
])
def test_misuse_faults(program: Program, tmp_path: Path, mode: str, why: str) -> None:
    proc = run_program(program, mode, str(tmp_path))
    assert proc.returncode == 3 and why in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.parametrize("mode,why", [
    ("noquit", "queue 3 (row 0) (now FREE): its vector core 3 returned without SetQuit"),
    ("nofree", "waits in CubeResGroupHandle::Wait for queue 0's message"),
])
def test_a_launch_the_device_would_hang_faults_at_once(program: Program, tmp_path: Path, mode: str, why: str) -> None:
    proc = run_program(program, mode, str(tmp_path), env={"OPKIT_KERNEL_TIMEOUT": "20"}, timeout=60)
    assert proc.returncode == 3 and why in proc.stdout and "The device would hang here" in proc.stdout, \
        proc.stdout + proc.stderr
