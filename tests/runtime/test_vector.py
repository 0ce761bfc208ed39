"""The simulator's vector instructions against scalar references, driven through one C++ test program."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.runtime.cxx import SANITIZERS, Program, compile_program, run_program

_CPP = Path(__file__).parent / "cpp"
_SOURCES = [_CPP / "vec_main.cpp", _CPP / "vec_ops_test.cpp", _CPP / "vec_cmp_reduce_test.cpp",
            _CPP / "vec_misuse_test.cpp"]
GROUPS = ["binary", "unary", "scalar", "cast", "cmpsel", "reduce", "mask", "math", "activation", "misuse", "located"]


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program(_SOURCES)


def _run_groups(program: Program, *groups: str) -> list[str]:
    proc = run_program(program, *groups)
    lines = proc.stdout.splitlines()
    failed = [line for line in lines if line.startswith("FAIL ")]
    assert proc.returncode == 0 and not failed, "\n".join(failed) + proc.stderr[-4000:]
    return lines


@pytest.mark.compile
@pytest.mark.parametrize("group", GROUPS)
def test_group_matches_reference(program: Program, group: str) -> None:
    passed = [line for line in _run_groups(program, group) if line.startswith(f"PASS {group} ")]
    assert passed, f"no case of group {group!r} ran"


@pytest.mark.compile
def test_polynomial_errors_are_within_documented_bounds(program: Program) -> None:
    text = "\n".join(_run_groups(program, "math"))
    found = re.search(r"exp_poly ([\d.]+) ulp, log_poly ([\d.]+) ulp, tanh_poly ([\d.]+) ulp", text)
    assert found, text
    exp_err, log_err, tanh_err = map(float, found.groups())
    assert exp_err <= 1.5 and log_err <= 1.5 and tanh_err <= 2.0


@pytest.mark.compile
def test_all_groups_pass_under_sanitizers() -> None:
    sanitized = compile_program(_SOURCES, flags=SANITIZERS)
    lines = _run_groups(sanitized)
    assert sum(line.startswith("PASS ") for line in lines) >= len(GROUPS)


_MISUSE = """
#include "opkit/sim/vector.h"
void kernel_body(AscendC::LocalTensor<{dtype}>& t) {{ AscendC::{call}; }}
int main() {{ return 0; }}
"""


@pytest.mark.compile
@pytest.mark.parametrize(("dtype", "call", "message"), [
    ("int32_t", "Div(t, t, t, 64)", "Div supports half and float on Ascend910B"),
    ("float", "Not(t, t, 64)", "Not supports int16_t and uint16_t on Ascend910B"),
    ("int16_t", "Cast(t, t, AscendC::RoundMode::CAST_RINT, 64)", "Cast does not support this (dst, src) type pair"),
])
def test_unsupported_dtype_is_a_compile_error(tmp_path: Path, dtype: str, call: str, message: str) -> None:
    source = tmp_path / "misuse.cpp"
    source.write_text(_MISUSE.format(dtype=dtype, call=call))
    with pytest.raises(AssertionError, match=re.escape(message)):
        compile_program(source)


@pytest.mark.compile
def test_float_cases_hold_at_O2_where_the_loops_run_vectorised() -> None:
    """The fixture's -O1 leaves the count-form loops scalar. At -O2 (a generated project's kernel flags) the loop
    clone the CPU picks (SSE2, AVX2 or AVX-512) is vectorised; its results must still be the bits of the scalar code."""
    lines = _run_groups(compile_program(_SOURCES, opt="-O2"), "unary", "activation", "math")
    assert any(line == "PASS unary count_form_clone_bits_match_scalar_code" for line in lines), lines
