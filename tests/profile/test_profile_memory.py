"""`opkit profile`'s model of memory behaviour documented for the NPU, on real simulated runs of memory_bench.cpp: a
bank-conflicting UB layout costs more than its fix, L2-resident re-reads cost less than cold reads, more copies in
flight hide the DMA latency; and what the recorder counts for them."""
from __future__ import annotations

from pathlib import Path

import pytest

from opkit.profile import Estimate, profile_program
from tests.runtime.cxx import compile_program

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def bench() -> Path:
    return compile_program(Path(__file__).parent / "memory_bench.cpp", opt="-O2").path


def run(program: Path, *args: object) -> Estimate:
    (e,) = profile_program([str(program), *map(str, args)])
    return e


def vec_us(program: Path, src1: int, dst: int) -> float:
    return run(program, "bank", src1, dst).metrics["aiv_vec_time(us)"]


def test_bank_conflicting_layouts_cost_more_than_their_fix(bench: Path) -> None:
    # UB offsets {bank[1:0], row[6:0], bank group[3:0], byte[4:0]}: src0 at 0 reads bank groups 0-7 in repeat 0
    clean = vec_us(bench, 0x10100, 0x20000)       # src1 in bank groups 8-15, dst in another bank: no conflict
    same_group = vec_us(bench, 0x10000, 0x14100)  # src1 in src0's bank groups (another bank): read-read conflict
    same_bank = vec_us(bench, 0x4000, 0x10000)    # src1 in src0's very bank: read-read conflict
    read_write = vec_us(bench, 0x10100, 0x4020)   # dst one datablock off src0's bank: read-write conflict
    delayed = vec_us(bench, 0x10100, 0x4000)      # dst in src0's bank, but the write lands a repeat later: none
    assert same_group > 1.5 * clean and same_bank > 1.5 * clean
    assert read_write > 1.3 * clean
    assert delayed == pytest.approx(clean, rel=1e-9)
    # 200 Adds of 64 repeats, conflict-free: the documented one cycle per repeat plus the issue cost each
    assert 200 * 64 / 1.8e3 < clean < 200 * (64 + 40) / 1.8e3


def test_l2_resident_rereads_cost_less_than_cold_reads(bench: Path) -> None:
    hot = run(bench, "reread", 1 << 20, 4, 8)    # 8 cores each read their 1 MiB 4 times: it stays in L2
    cold = run(bench, "cold", 1 << 20, 4, 8)     # the same bytes, new data every pass
    assert hot.timeline.counts["mte2_bytes"] == cold.timeline.counts["mte2_bytes"]
    assert hot.metrics["aiv_mte2_time(us)"] < 0.8 * cold.metrics["aiv_mte2_time(us)"]
    # too big for L2 (48 cores x 2.5 MiB, read twice; a streaming read reuses half of it): the re-read misses
    big_hot = run(bench, "reread", 5 << 19, 2, 48).metrics["aiv_mte2_time(us)"]
    big_cold = run(bench, "cold", 5 << 19, 2, 48).metrics["aiv_mte2_time(us)"]
    assert big_hot == pytest.approx(big_cold, rel=0.02)


def test_more_copies_in_flight_hide_latency(bench: Path) -> None:
    times = {k: run(bench, "inflight", k, 64).metrics["aiv_mte2_time(us)"] for k in (1, 2, 8, 64)}
    assert times[1] > 1.4 * times[2] > 1.4 * 0.9 * times[8]
    assert times[8] > times[64]
    # waiting after every copy exposes one DMA latency per copy; 64 in flight expose one in all
    assert times[1] - times[64] == pytest.approx(63 * 0.107, rel=0.05)
