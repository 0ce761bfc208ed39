"""The unary math APIs taken as function pointers with CANN's signature (cann-ops' foreach kernels pass
`Atan<T, false>` as a `void (*)(const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t)` template argument):
they compile, compute what a direct call does (numpy's values), and still fault on a bad count."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "adv_pointer_main.cpp"
REFERENCE = {"atan": np.arctan, "erf": np.vectorize(math.erf), "sinh": np.sinh}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


@pytest.mark.parametrize("api", ["atan", "erf", "sinh"])
@pytest.mark.parametrize("n", [8, 200])
def test_pointer_form_matches_direct_call_and_numpy(program: Program, tmp_path: Path, api: str, n: int) -> None:
    x = np.random.default_rng(n).uniform(-3, 3, n).astype(np.float32)
    x.tofile(tmp_path / "x.bin")
    proc = run_program(program, api, str(n), str(n), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    by_ptr = np.fromfile(tmp_path / "y_ptr.bin", dtype=np.float32)
    np.testing.assert_array_equal(by_ptr, np.fromfile(tmp_path / "y_direct.bin", dtype=np.float32))
    np.testing.assert_allclose(by_ptr, REFERENCE[api](x.astype(np.float64)), rtol=1e-5, atol=1e-6)


def test_pointer_form_still_checks_the_count(program: Program, tmp_path: Path) -> None:
    np.zeros(8, dtype=np.float32).tofile(tmp_path / "x.bin")
    proc = run_program(program, "atan", "8", "64", str(tmp_path))
    assert proc.returncode == 3 and "Atan" in proc.stdout, proc.stdout + proc.stderr
