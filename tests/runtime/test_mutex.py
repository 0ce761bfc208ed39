"""Mutex::Lock/Unlock<pipe>, AllocMutexID/ReleaseMutexID: a tiled add guarded by two MutexIDs gives numpy's sums, and
each misuse (a second Lock, an Unlock without Lock, releasing a locked id, more than 28 ids, an id past MAX_MUTEXID)
faults with its reason."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "mutex_main.cpp"


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
