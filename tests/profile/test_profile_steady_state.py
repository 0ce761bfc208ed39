"""The model's steady-state skip gives the full replay's numbers and intervals, on the add kernel's real recordings
and on generated launches with what the add kernel lacks (flags, barriers, SyncAll, scalar-bound loops, a loop
around a prologue and an epilogue); and the recorded file's format round-trips."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

from opkit.errors import ProfileError
from opkit.profile import estimate_launch, model, read_launches
from opkit.profile.model import (ALLOC, BARRIER, COPY, DEQUE, ENQUE, FREE, SCALAR_UB, SETFLAG, SYNCALL, VEC,
                                 WAITFLAG, Timeline, simulate)
from tests.runtime.cxx import compile_program

_NAMES = ["DataCopy", "Add", "Exp", "TQue::AllocTensor", "TQue::EnQue", "TQue::DeQue", "TQue::FreeTensor", "SetFlag",
          "WaitFlag", "PipeBarrier", "SyncAll", "GetValue"]
_V_S, _MTE2_V, _V_MTE3, _S_V = 22, 4, 7, 21  # HardEvent indices (model.EVENT_PIPES)


def assert_same(fast: Timeline, full: Timeline) -> None:
    rel = 1e-9
    assert fast.counts == full.counts
    assert fast.truncated == full.truncated
    for a, b in zip(fast.cores, full.cores, strict=True):
        assert a.blocks == b.blocks
        assert a.end == pytest.approx(b.end, rel=rel, abs=1e-9)
        assert a.busy == pytest.approx(b.busy, rel=rel, abs=1e-9)
    assert len(fast.intervals) == len(full.intervals)
    for x, y in zip(fast.intervals, full.intervals):
        assert (x.core, x.pipe, x.name) == (y.core, y.pipe, y.name)
        assert (x.start, x.end) == pytest.approx((y.start, y.end), rel=rel, abs=1e-9)


def both(launch: dict, **kw: int) -> tuple[Timeline, Timeline]:
    return simulate(launch, **kw), simulate(launch, skip_steady_state=False, **kw)


class _Tiles:
    """Events of a CANN-style tile loop: copy in through queue x, compute into queue z, copy out."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.n_in = int(rng.integers(1, 4))
        self.n_out = int(rng.integers(1, 3))
        self.bytes = int(rng.choice([512, 4096, 8192, 32768]))
        self.scalar = int(rng.choice([0, 0, 40, 3000]))
        self.flags = bool(rng.integers(0, 2))
        self.wait_scalar = bool(rng.integers(0, 4) == 0)
        self.barrier = bool(rng.integers(0, 6) == 0)
        self.op = int(rng.integers(1, 3))

    def tile(self, i: int, shift: int = 0) -> list[list[int]]:
        xq, zq = (1 << 8) | self.n_in, (2 << 8) | self.n_out
        off = i * self.bytes + shift
        ev = [[ALLOC, 3, 100, 9, 9, xq], [COPY, 0, 4, 1, self.bytes, off], [ENQUE, 4, 100, 9, 9, xq],
              [DEQUE, 5, 100, 9, 9, xq], [ALLOC, 3, 200, 10, 10, zq],
              [VEC, self.op, 2, self.bytes // 256, 128, 0]]
        if self.scalar:
            ev.append([SCALAR_UB, 11, self.scalar, 0, 0, 0])
        ev += [[ENQUE, 4, 200, 10, 10, zq], [FREE, 6, 100, 9, 9, xq], [DEQUE, 5, 200, 10, 10, zq],
               [COPY, 0, 5, 1, self.bytes, off], [FREE, 6, 200, 10, 10, zq]]
        if self.flags:
            ev += [[SETFLAG, 7, _V_MTE3, 0, 0, 0], [WAITFLAG, 8, _V_MTE3, 0, 0, 0]]
        if self.wait_scalar:
            ev += [[SETFLAG, 7, _V_S, 1, 0, 0], [WAITFLAG, 8, _V_S, 1, 0, 0]]
        if self.barrier:
            ev.append([BARRIER, 9, 6, 0, 0, 0])
        return ev


def _block(rng: np.random.Generator, tiles: _Tiles, count: int, irregular: bool = False) -> list[list[int]]:
    ev = [[SETFLAG, 7, _S_V, 0, 0, 0], [WAITFLAG, 8, _S_V, 0, 0, 0], [SCALAR_UB, 11, int(rng.integers(1, 500)), 0, 0,
                                                                         0]]
    for i in range(count):
        ev += tiles.tile(i, shift=32 if irregular and i % 7 == 3 else 0)  # a misaligned tile breaks the period
    ev += [[VEC, 2, 4, 3, 64, 0], [COPY, 0, 5, 1, 96, 0]]
    return ev


@pytest.mark.parametrize("seed", range(40))
def test_skip_equals_full_replay_on_generated_launches(seed: int) -> None:
    rng = np.random.default_rng(seed)
    tiles = _Tiles(rng)
    blocks = []
    sync = seed % 5 == 0
    for _ in range(int(rng.integers(1, 6))):
        ev = _block(rng, tiles, int(rng.integers(3, 120)), irregular=seed % 3 == 0)
        if sync:  # a second loop after every block reached SyncAll
            ev += [[SYNCALL, 10, 0, 0, 0, 0], *_block(rng, _Tiles(rng), int(rng.integers(3, 60)))]
        blocks.append(np.array(ev, dtype=np.int64))
    launch = {"op": "gen", "soc": "Ascend910B2", "block_dim": len(blocks), "names": _NAMES, "blocks": blocks}
    fast, full = both(launch)
    assert_same(fast, full)
    assert_same(*both(launch, max_intervals=len(blocks) * 37))  # the cap cuts inside skipped repeats


def test_hash_collisions_fall_back_to_sorting_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(2)
    launch = {"op": "gen", "soc": "Ascend910B2", "block_dim": 2, "names": _NAMES,
              "blocks": [np.array(_block(rng, _Tiles(rng), 40), dtype=np.int64) for _ in range(2)]}
    want = simulate(launch)
    monkeypatch.setattr(model, "_hash_rows", lambda cols: np.zeros(len(cols[0]), dtype=np.int64))
    assert_same(simulate(launch), want)


def test_no_l2_lookup_only_when_no_copy_start_repeats() -> None:
    """model._all_once decides whether the per-copy L2 lookup may be skipped (every MTE2 copy then reads from HBM):
    it must say no whenever two copies of any blocks start at the same offset of the same GM buffer."""
    def once(*copies: tuple[int, int]) -> bool:
        a = np.array([(buffer << 8) | 4 for buffer, _ in copies], dtype=np.int64)
        d = np.array([offset | (512 << 40) for _, offset in copies], dtype=np.int64)   # a gap above the offset
        return model._all_once(a, d)

    assert once((3, 0), (4, 0), (3, 256), (4, 256), (3, 512))   # two buffers, each at rising offsets
    assert once((3, 512), (3, 0), (4, 0))                       # not rising, still no repeat
    assert once((70000, 0), (70001, 0))                         # buffer indices past the radix sort
    assert not once((3, 0), (4, 0), (3, 256), (3, 0))           # a re-read (another pass, another block)
    assert not once((3, 512), (4, 0), (3, 512))
    assert not once((70000, 0), (70001, 0), (70000, 0))


def test_json_lists_of_events_are_accepted() -> None:
    rng = np.random.default_rng(1)
    ev = _block(rng, _Tiles(rng), 50)
    lists = {"op": "gen", "soc": "Ascend910B2", "block_dim": 1, "names": _NAMES, "blocks": [ev]}
    arrays = {**lists, "blocks": [np.array(ev, dtype=np.int64)]}
    assert_same(simulate(lists), simulate(arrays, skip_steady_state=False))


@pytest.mark.compile
@pytest.mark.parametrize("args", [("67108864", "1", "4096", "2"), ("4194304", "1", "4096", "1"),
                                  ("1048576", "3", "4096", "3"), ("4096000", "7", "4096", "2", "5"),
                                  ("65536", "1", "4096", "2", "0", "scalar"), ("1048576", "48", "256", "2", "16")])
def test_skip_equals_full_replay_on_add_kernel(tmp_path: Path, args: tuple[str, ...]) -> None:
    program = compile_program(Path(__file__).parent / "add_bench.cpp", opt="-O2").path
    record = tmp_path / "launches.opkit-profile"
    env = {**os.environ, "OPKIT_PROFILE": str(record)}
    for _ in range(2):  # two launches appended to one file
        subprocess.run([str(program), *args], env=env, check=True, capture_output=True)
    first, second = read_launches(record)
    assert first["block_dim"] == int(args[1]) and len(first["ids"]) == int(args[1])
    # the same events (buffer and queue ids are addresses, which differ between runs)
    kinds = [[launch["classes"][ids, 0] for ids in launch["ids"]] for launch in (first, second)]
    assert all(np.array_equal(a, b) for a, b in zip(*kinds, strict=True))
    assert_same(*both(second))
    # the recording (each event's class, each copy's exact fields) stands for its events' rows: the model gives
    # exactly the same on the rows, with the recorder's classes (field 1) and without them (sorting the rows' hashes)
    rows = model.expand_blocks(second)
    assert sum(len(b) for b in rows) == sum(len(ids) for ids in second["ids"])
    assert all((b[:, 1] >> model._CLASS_SHIFT).all() for b in rows)
    plain = {k: v for k, v in second.items() if k not in ("ids", "classes", "copies")}
    classed = {**plain, "blocks": rows}
    unclassed = {**plain, "blocks": [np.column_stack([b[:, :1], b[:, 1] & ((1 << model._CLASS_SHIFT) - 1), b[:, 2:]])
                                     for b in rows]}
    compact = estimate_launch(second)
    assert compact.metrics == estimate_launch(classed).metrics and compact.advice == estimate_launch(classed).advice
    assert compact.timeline.counts == estimate_launch(classed).timeline.counts
    assert_same(simulate(second), simulate(unclassed))


def test_a_damaged_file_is_a_profile_error(tmp_path: Path) -> None:
    bad = tmp_path / "launches.opkit-profile"
    bad.write_bytes(b'{"op": "x", "soc": "Ascend910B2", "block_dim": 1, "names": [], "events": [3]}\n' + bytes(40))
    with pytest.raises(ProfileError, match="not a launch recorded"):
        read_launches(bad)
    head = b'{"format": "opkit-profile/3", "op": "x", "soc": "Ascend910B2", "block_dim": 1, "names": ["Add"], ' \
           b'"events": [2], "copies": [0], "classes": 1}'
    event = np.array([1, 0, 2, 1, 128, 0], dtype="<i8").tobytes()
    for ids, problem in (([0, 1], "class 1 of 1"), ([0], "")):   # a class that is not there; a cut-off file
        bad.write_bytes(head + b"\n" + event + np.array(ids, dtype="<u4").tobytes())
        with pytest.raises(ProfileError, match="not a launch recorded.*" + problem):
            read_launches(bad)
    # opkit-profile/4: the events as runs (period, repeats, then the periods' classes)
    head = b'{"format": "opkit-profile/4", "op": "x", "soc": "Ascend910B2", "block_dim": 1, "names": ["Add"], ' \
           b'"events": [6], "runs": [1], "copies": [0], "classes": 1}'
    good = np.array([2, 3, 0, 0], dtype="<u4").tobytes()   # one run: classes [0, 0] three times
    bad.write_bytes(head + b"\n" + event + good)
    (launch,) = read_launches(bad)
    assert launch["ids"][0].tolist() == [0] * 6
    for runs, problem in (([2, 2, 0, 0], "runs of 4 events for 6"), ([2, 3, 0, 1], "class 1 of 1"),
                          ([2, 3, 0], "")):
        bad.write_bytes(head + b"\n" + event + np.array(runs, dtype="<u4").tobytes())
        with pytest.raises(ProfileError, match="not a launch recorded.*" + problem):
            read_launches(bad)
