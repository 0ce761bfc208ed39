"""The recorder keeps a block's class ids as runs of a repeated period (opkit/sim/profile_runs.h) and read_launches
decodes them: on tiled, ping-pong, perturbed and random sequences the decoded ids are the pushed ones, and a tiled
loop's ids take a few runs."""
from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from opkit.profile import _runs
from tests.runtime.cxx import compile_program

pytestmark = pytest.mark.compile


def _sequences() -> dict[str, list[int]]:
    rng = np.random.default_rng(5)
    tile = [0, 1, 2, 3, 2, 3, 4, 5, 6, 1, 4, 7, 8, 9, 10, 11]
    ping_pong = tile + [x + 20 for x in tile]
    perturbed = (ping_pong * 40)[:]
    for at in (5, 333, 334, 900):
        perturbed[at] = 99
    return {
        "empty": [],
        "one": [7],
        "tiled": [30, 31] + tile * 500 + [40, 41, 42],
        "ping-pong": ping_pong * 300 + tile[:7],
        "perturbed": perturbed,
        "constant": [3] * 1000,
        "short repeats": [1, 2] * 15 + [3] + [1, 2] * 20,            # around the shortest match that becomes a run
        "random": rng.integers(0, 6, 5000).tolist(),
        "literals": rng.permutation(70000).tolist(),                  # past the literal limit, no id recurs
        "loops": ([5, 6, 7] * 50 + [8] * 40 + tile * 7) * 3,
    }


@pytest.fixture(scope="module")
def encoded() -> dict[str, tuple[list[int], list[int], list[int]]]:
    program = compile_program(Path(__file__).parent / "id_runs.cpp", opt="-O2").path
    seqs = _sequences()
    text = "".join(" ".join(map(str, s)) + "\n" for s in seqs.values())
    out = subprocess.run([str(program)], input=text, capture_output=True, text=True, check=True).stdout.splitlines()
    return {name: (seq, list(map(int, out[2 * i].split())), list(map(int, out[2 * i + 1].split())))
            for i, (name, seq) in enumerate(seqs.items())}


@pytest.mark.parametrize("name", list(_sequences()))
def test_decoded_runs_are_the_pushed_ids(encoded: dict, name: str) -> None:
    seq, runs, bases = encoded[name]
    data = np.array(runs, dtype="<u4").tobytes() + np.array(bases, dtype="<u4").tobytes()
    pos, ids, per_block = _runs(data, 0, [len(runs) // 2], [len(seq)])
    assert pos == len(data)
    assert ids.tolist() == seq
    (period_ids, repeats), = per_block   # the class counts the model takes from the runs
    counts = np.bincount(period_ids.astype(np.int64), weights=repeats, minlength=max(seq, default=0) + 1)
    assert counts.astype(np.int64).tolist() == np.bincount(seq, minlength=max(seq, default=0) + 1).tolist()


def test_a_tiled_loop_takes_a_few_runs(encoded: dict) -> None:
    assert len(encoded["tiled"][1]) // 2 <= 3             # prologue, the tiles, epilogue
    assert len(encoded["ping-pong"][1]) // 2 <= 2
    assert len(encoded["tiled"][2]) <= 2 * 16 + 5         # each period once
    assert len(encoded["literals"][1]) // 2 >= 2          # literals beyond the limit are emitted as they come


def test_many_runs_decode_alike() -> None:
    """More runs than the per-run decode handles go through the vectorised one: the same ids."""
    rng = np.random.default_rng(3)
    periods = rng.integers(1, 5, 5000)
    repeats = rng.integers(1, 4, 5000)
    bases = rng.integers(0, 9, int(periods.sum()))
    want, at = [], 0
    for p, r in zip(periods.tolist(), repeats.tolist()):
        want += bases[at: at + p].tolist() * r
        at += p
    data = np.column_stack([periods, repeats]).astype("<u4").tobytes() + bases.astype("<u4").tobytes()
    _, ids, _ = _runs(data, 0, [len(periods)], [len(want)])
    assert ids.tolist() == want
