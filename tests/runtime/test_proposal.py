"""Region Proposals on the simulator built for Ascend310P, against numpy: ProposalConcat/ProposalExtract (16
elements per repeat into/out of one field of 16 proposals), RpSort16 (stable sort of each 16 by score) and MrgSort4
(merge of sorted proposal lists); and the 910B build refusing them as CANN does."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "proposal_main.cpp"
DTYPES = {"half": np.float16, "float": np.float32}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP], defines={"OPKIT_SOC_ARCH": "2002"})


def _run(program: Program, tmp: Path, x: np.ndarray, *args: object) -> np.ndarray:
    x.tofile(tmp / "x.bin")
    proc = run_program(program, *map(str, args), str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return np.fromfile(tmp / "y.bin", dtype=x.dtype)


def _proposals(dtype: str, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    p = rng.uniform(-8, 8, (n, 8)).astype(DTYPES[dtype])
    p[:, 4] = rng.integers(-5, 5, n)  # scores with ties
    p[:, 0] = np.arange(n)  # x1 tells the proposals apart
    return p


@pytest.mark.parametrize("dtype", ["half", "float"])
@pytest.mark.parametrize("repeat,mode", [(1, 0), (3, 4), (2, 5)])
def test_concat_and_extract(program: Program, tmp_path: Path, dtype: str, repeat: int, mode: int) -> None:
    x = np.random.default_rng(repeat).uniform(-3, 3, 16 * repeat).astype(DTYPES[dtype])
    y = _run(program, tmp_path, x, "concat", dtype, repeat, mode).reshape(-1, 8)
    want = np.full((16 * repeat, 8), 7, dtype=x.dtype)
    want[:, mode] = x
    np.testing.assert_array_equal(y, want)
    p = _proposals(dtype, 16 * repeat, repeat + mode)
    np.testing.assert_array_equal(_run(program, tmp_path, p.reshape(-1), "extract", dtype, repeat, mode), p[:, mode])


@pytest.mark.parametrize("dtype", ["half", "float"])
@pytest.mark.parametrize("repeat", [1, 4])
def test_rpsort16_sorts_each_16_by_score(program: Program, tmp_path: Path, dtype: str, repeat: int) -> None:
    p = _proposals(dtype, 16 * repeat, repeat)
    y = _run(program, tmp_path, p.reshape(-1), "sort16", dtype, repeat).reshape(-1, 8)
    want = np.concatenate([g[np.argsort(-g[:, 4].astype(np.float64), kind="stable")] for g in p.reshape(repeat, 16, 8)])
    np.testing.assert_array_equal(y, want)


@pytest.mark.parametrize("dtype", ["half", "float"])
@pytest.mark.parametrize("lengths,valid,exhausted", [([16, 16, 16, 16], 15, False), ([5, 9, 3, 0], 7, False),
                                                     ([8, 2, 8, 8], 15, True)])
def test_mrgsort4_merges_proposal_lists(program: Program, tmp_path: Path, dtype: str, lengths: list[int], valid: int,
                                        exhausted: bool) -> None:
    lists = []
    start = 0
    for i, n in enumerate(lengths):
        p = _proposals(dtype, n, 10 + i)
        p[:, 0] = start + np.arange(n)
        start += n
        lists.append(p[np.argsort(-p[:, 4].astype(np.float64), kind="stable")])
    x = np.concatenate(lists)
    y = _run(program, tmp_path, x.reshape(-1), "mrgsort4", dtype, *lengths, valid, 1, int(exhausted)).reshape(-1, 8)
    nlists = {3: 2, 7: 3, 15: 4}[valid]
    taken, out = [0] * nlists, []
    while True:
        live = [i for i in range(nlists) if taken[i] < lengths[i]]
        if not live or (exhausted and len(live) < nlists):
            break
        best = max(live, key=lambda i: (float(lists[i][taken[i], 4]), -i))
        out.append(lists[best][taken[best]])
        taken[best] += 1
    np.testing.assert_array_equal(y[:len(out)], np.array(out).reshape(-1, 8))
    assert (y[len(out):] == 7).all()
    np.testing.assert_array_equal(np.fromfile(tmp_path / "n.bin", dtype=np.uint16), taken + [0] * (4 - nlists))


def test_bad_mode_number_faults(program: Program, tmp_path: Path) -> None:
    np.zeros(16, dtype=np.float16).tofile(tmp_path / "x.bin")
    proc = run_program(program, "concat", "half", "1", "6", str(tmp_path))
    assert proc.returncode == 3 and "modeNumber 6" in proc.stdout, proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def program_910b() -> Program:
    return compile_program([CPP])


@pytest.mark.parametrize("n", [1, 64, 1000])
def test_sort_len_and_offset_count_the_sort_structure(program: Program, program_910b: Program, n: int) -> None:
    """CANN's GetSortLen/GetSortOffset: a whole 8-element Region Proposal per element on the 310P; from the 910B on,
    8 bytes (score and index) per element: 4 halves or 2 floats."""
    for prog, per_elem in ((program, {"half": 8, "float": 8}), (program_910b, {"half": 4, "float": 2})):
        proc = run_program(prog, "sortlen", str(n))
        assert proc.returncode == 0, proc.stdout + proc.stderr
        got = np.array(proc.stdout.split(), dtype=np.int64)
        want = np.array([n * per_elem["half"], n * per_elem["float"]] * 2, dtype=np.int64)
        np.testing.assert_array_equal(got, want)


def test_910b_refuses_region_proposals_as_cann_does(program_910b: Program, tmp_path: Path) -> None:
    program = program_910b
    np.zeros(16, dtype=np.float16).tofile(tmp_path / "x.bin")
    proc = run_program(program, "concat", "half", "1", "0", str(tmp_path))
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "ProposalConcat is not supported on Ascend910B" in proc.stdout, proc.stdout
