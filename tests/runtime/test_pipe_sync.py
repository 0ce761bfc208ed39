"""GroupBarrier: over several rounds every waiter sees all of the round's arrivals, and at most one round more (an
Arrive of round r + 1 waits only for the Wait calls of round r, not for what the waiters do after them).
Mutex::Lock/Unlock<pipe>, AllocMutexID/ReleaseMutexID: a tiled add guarded by two MutexIDs gives numpy's sums, and
each misuse (a second Lock, an Unlock without Lock, releasing a locked id, more than 28 ids, an id past MAX_MUTEXID)
faults with its reason."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "pipe_sync_main.cpp"


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


@pytest.mark.parametrize("n", [64, 640])
def test_guarded_tiles_add(program: Program, tmp_path: Path, n: int) -> None:
    rng = np.random.default_rng(n)
    x, y = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
    x.tofile(tmp_path / "x.bin")
    y.tofile(tmp_path / "y.bin")
    proc = run_program(program, "add", str(n), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    np.testing.assert_array_equal(np.fromfile(tmp_path / "z.bin", dtype=np.float32), x + y)


@pytest.mark.parametrize("mode,why", [("relock", "locks MutexID 0 again"), ("unheld", "which it has not locked"),
                                      ("release_locked", "still locked"), ("exhaust", "all 28 MutexIDs"),
                                      ("bad_id", "MutexID 40 is past MAX_MUTEXID")])
def test_misuse_faults(program: Program, tmp_path: Path, mode: str, why: str) -> None:
    proc = run_program(program, mode, str(tmp_path))
    assert proc.returncode == 3 and why in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.parametrize("arrive,wait,rounds", [(2, 6, 1), (3, 2, 4), (1, 1, 3)])
def test_group_barrier_rounds(program: Program, tmp_path: Path, arrive: int, wait: int, rounds: int) -> None:
    proc = run_program(program, "gb", str(arrive), str(wait), str(rounds), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # GetWorkspaceLen: a 512-byte counter line per arriving or waiting block (the larger group); the barrier works in
    # a workspace registered with exactly that many bytes (a GM check would fault past it).
    size = 512 * max(arrive, wait)
    assert f"workspace: {size} of {size} bytes" in proc.stdout, proc.stdout
    seen = np.fromfile(tmp_path / "seen.bin", dtype=np.int32).reshape(wait, rounds)
    this_round = arrive * np.arange(1, rounds + 1)
    assert (seen >= this_round).all(), seen
    assert (seen <= np.minimum(this_round + arrive, arrive * rounds)).all(), seen


def test_group_barrier_larger_than_the_launch_faults(program: Program, tmp_path: Path) -> None:
    proc = run_program(program, "gb", "0", "2", "1", str(tmp_path))
    assert proc.returncode == 3 and "arriveSize 0" in proc.stdout, proc.stdout + proc.stderr


def test_group_barrier_on_a_workspace_never_zeroed_says_so(program: Program, tmp_path: Path) -> None:
    """A workspace nobody cleared (all-ones bytes left by earlier use): a fault naming the counter, not a hang."""
    proc = run_program(program, "gb", "2", "6", "1", str(tmp_path), env={"GB_FILL": "255"})
    assert proc.returncode == 3 and "arrive counter 0" in proc.stdout and "zeroed before the launch" in proc.stdout, \
        proc.stdout + proc.stderr
