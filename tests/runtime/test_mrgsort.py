"""MrgSort (basic form with MrgSort4Info, and the advanced form with sortedNum) merging up to 4 sorted lists of
910B sort structures on the simulator, against a numpy model: descending by score, ties by list order, repeats over
back-to-back lists, exhausted-suspension stopping at the first used-up list, and GetMrgSortResult's counts."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = Path(__file__).parent / "cpp" / "mrgsort_main.cpp"
DTYPES = {"half": np.float16, "float": np.float32}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP])


def _structs(scores: np.ndarray, index: np.ndarray) -> np.ndarray:
    """8-byte sort structures: the score at byte 0, the uint32 index at bytes 4-7 (half: bytes 2-3 reserved)."""
    out = np.zeros((scores.size, 8), dtype=np.uint8)
    raw = scores.view(np.uint8).reshape(scores.size, scores.itemsize)
    out[:, :scores.itemsize] = raw
    out[:, 4:] = index.astype(np.uint32).view(np.uint8).reshape(-1, 4)
    return out


def _lists(dtype: str, lengths: list[int], seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    out = []
    for i, n in enumerate(lengths):
        s = np.sort(rng.integers(-20, 20, n).astype(DTYPES[dtype]))[::-1].copy()  # small ints: many ties
        out.append((s, 1000 * i + np.arange(n)))
    return out


def _merge(lists: list[tuple[np.ndarray, np.ndarray]], exhausted: bool) -> tuple[list[tuple[float, int]], list[int]]:
    taken = [0] * len(lists)
    out: list[tuple[float, int]] = []
    while True:
        live = [i for i in range(len(lists)) if taken[i] < lists[i][0].size]
        if not live or (exhausted and len(live) < len(lists)):
            break
        best = max(live, key=lambda i: (float(lists[i][0][taken[i]]), -i))
        out.append((float(lists[best][0][taken[best]]), int(lists[best][1][taken[best]])))
        taken[best] += 1
    return out, taken


def _run(program: Program, tmp: Path, form: str, dtype: str, lengths: list[int], valid: int, repeat: int,
         exhausted: bool, src: np.ndarray):
    src.tofile(tmp / "s.bin")
    return run_program(program, form, dtype, *map(str, lengths), str(valid), str(repeat), str(int(exhausted)),
                       str(tmp))


def _decode(raw: np.ndarray, dtype: str) -> list[tuple[float, int]]:
    s = raw.reshape(-1, 8)
    scores = s[:, :np.dtype(DTYPES[dtype]).itemsize].copy().view(DTYPES[dtype]).reshape(-1)
    index = s[:, 4:].copy().view(np.uint32).reshape(-1)
    return [(float(a), int(b)) for a, b in zip(scores, index)]


@pytest.mark.parametrize("form", ["basic", "adv"])
@pytest.mark.parametrize("dtype", ["float", "half"])
@pytest.mark.parametrize("lengths,valid,exhausted", [
    ([32, 32, 32, 32], 15, False),
    ([5, 17, 1, 40], 15, False),
    ([7, 30, 0, 0], 3, False),
    ([12, 3, 9, 0], 7, False),
    ([16, 4, 16, 16], 15, True),  # stops once list 2 is used up
    ([0, 8, 8, 8], 15, True),  # an empty list: nothing is merged
])
def test_merge_matches_numpy(program: Program, tmp_path: Path, form: str, dtype: str, lengths: list[int], valid: int,
                             exhausted: bool) -> None:
    lists = _lists(dtype, lengths, sum(lengths) + valid)
    src = np.concatenate([_structs(s, i) for s, i in lists]).reshape(-1)
    proc = _run(program, tmp_path, form, dtype, lengths, valid, 1, exhausted, src)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    nlists = {3: 2, 7: 3, 15: 4}[valid]
    want, taken = _merge(lists[:nlists], exhausted)
    raw = np.fromfile(tmp_path / "d.bin", dtype=np.uint8)
    assert _decode(raw[:len(want) * 8], dtype) == want
    assert (raw[len(want) * 8:] == 0xEE).all()  # nothing written past the merged structures
    np.testing.assert_array_equal(np.fromfile(tmp_path / "n.bin", dtype=np.uint32), taken + [0] * (4 - nlists))


@pytest.mark.parametrize("dtype", ["float", "half"])
def test_repeats_merge_each_group_of_four(program: Program, tmp_path: Path, dtype: str) -> None:
    lists = _lists(dtype, [32] * 12, 5)  # 3 repeats of 4 back-to-back lists of 32
    src = np.concatenate([_structs(s, i) for s, i in lists]).reshape(-1)
    proc = _run(program, tmp_path, "basic", dtype, [32] * 4, 15, 3, False, src)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = _decode(np.fromfile(tmp_path / "d.bin", dtype=np.uint8), dtype)
    want = sum((_merge(lists[4 * r:4 * r + 4], False)[0] for r in range(3)), [])
    assert got == want


@pytest.mark.parametrize("lengths,valid,repeat,exhausted,why", [
    ([32, 16, 32, 32], 15, 2, False, "of one length"),
    ([32, 32, 32, 32], 7, 2, False, "validBit 15"),
    ([32, 32, 32, 32], 15, 2, True, "ifExhaustedSuspension"),
    ([8, 8, 8, 8], 5, 1, False, "validBit 5"),
])
def test_bad_parameters_fault(program: Program, tmp_path: Path, lengths: list[int], valid: int, repeat: int,
                              exhausted: bool, why: str) -> None:
    src = np.zeros(sum(lengths) * 8 * repeat, dtype=np.uint8)
    proc = _run(program, tmp_path, "basic", "float", lengths, valid, repeat, exhausted, src)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "MrgSort" in proc.stdout and why in proc.stdout, proc.stdout
