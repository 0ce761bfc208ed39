"""The scalar int4b_t (CANN's integer_sub_type<4, true>) against numpy: the low 4 bits of an int, read back
sign-extended, compared as signed values."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import compile_program, run_program

pytestmark = pytest.mark.compile


def test_int4_scalar_keeps_the_low_nibble_signed() -> None:
    program = compile_program(Path(__file__).parent / "cpp" / "int4_scalar_main.cpp")
    proc = run_program(program)
    assert proc.returncode == 0, proc.stderr
    rows = [line.split() for line in proc.stdout.splitlines()]
    conv = np.array([r for r in rows if r[0] != "cmp"], dtype=np.int64)
    v = conv[:, 0]
    want = ((v & 0xF) ^ 8) - 8
    np.testing.assert_array_equal(conv[:, 1], want)
    np.testing.assert_array_equal(conv[:, 2], want)   # from uint32_t: the same low bits
    cmp = np.array([r[1:] for r in rows if r[0] == "cmp"], dtype=np.int64)
    np.testing.assert_array_equal(cmp[:, 1:], np.stack([cmp[:, 0] < 0, cmp[:, 0] == 0, cmp[:, 0] > 0], axis=1))
    assert cmp.shape == (16, 4)
