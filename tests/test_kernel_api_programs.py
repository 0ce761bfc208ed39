"""A CANN-style .asc program using SetAtomicAdd, DumpTensor, PRINTF, ASSERT and DivCeil builds with `opkit cc`
unchanged and runs: 16 blocks add their rows into one GM row, exactly, on 4 threads."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.compile

SOURCE = Path(__file__).parent / "programs" / "atomic_dump" / "sum_rows.asc"


def test_atomic_sum_with_dump_and_printf(tmp_path: Path) -> None:
    binary = tmp_path / "sum_rows"
    build = subprocess.run([sys.executable, "-m", "opkit", "cc", "-O2", "-Wall", "-Wextra", "-Werror", str(SOURCE),
                            "-o", str(binary)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    proc = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "OPKIT_SIM_THREADS": "4"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert out.rstrip().endswith("sums ok"), out
    lines = SOURCE.read_text().splitlines()
    dump_line = next(i + 1 for i, s in enumerate(lines) if "DumpTensor(row" in s)
    printf_line = next(i + 1 for i, s in enumerate(lines) if "PRINTF(" in s)
    assert (f"[AIV Block 0][sum_rows.asc:{dump_line}] DumpTensor: desc=5, addr=0, data_type=float32, position=UB, "
            "dump_size=8\n[0.000000, 1.000000, 2.000000, 3.000000, 4.000000, 5.000000, 6.000000, 7.000000]\n") in out
    for block in range(16):
        assert f"[AIV Block {block}][sum_rows.asc:{printf_line}] block {block} of 16, 8 blocks of 32 B\n" in out
