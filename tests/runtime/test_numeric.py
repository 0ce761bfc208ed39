"""half and bfloat16_t: conversions (F16C and portable paths agree over all halves), rounding, arithmetic."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runtime.cxx import compile_program, run_program

_CPP = Path(__file__).parent / "cpp"
_SOURCES = [_CPP / "vec_main.cpp", _CPP / "vec_numeric_test.cpp"]


def _cpu_has_f16c() -> bool:
    try:
        return " f16c" in Path("/proc/cpuinfo").read_text()
    except OSError:
        return False


@pytest.mark.compile
@pytest.mark.parametrize("path", ["portable", "f16c"])
def test_numeric_cases(path: str) -> None:
    if path == "f16c" and not _cpu_has_f16c():
        pytest.skip("this CPU has no F16C: only the portable conversions can run")
    flags = ("-mf16c", "-mavx") if path == "f16c" else ()
    proc = run_program(compile_program(_SOURCES, flags=flags), "numeric")
    failed = [line for line in proc.stdout.splitlines() if line.startswith("FAIL ")]
    assert proc.returncode == 0 and not failed, "\n".join(failed) + proc.stderr[-4000:]
    assert proc.stdout.count("PASS numeric ") >= 7
