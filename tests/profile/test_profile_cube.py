"""`opkit profile` on cube kernels: the cube side's instructions on the MTE1, CUBE and FIXPIPE pipes of the cube
cores, msprof's aic_* fields beside the aiv_* ones, a mixed kernel's cube and vector cores apart, the flags between
the cube's pipes ordering them. cube_bench.cpp is the kernel (a K-tiled fp16 matmul, a vector add beside it)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from opkit.profile import format_compare, format_table, profile_program, write_reports
from opkit.profile.estimate import Estimate
from opkit.profile.model import CUBE, FIX, MTE1, M, V, simulate
from tests.runtime.cxx import compile_program

_AIC = ["aic_mac", "aic_scalar", "aic_mte1", "aic_mte2", "aic_fixpipe"]


@pytest.fixture(scope="module")
def bench() -> str:
    return str(compile_program(Path(__file__).parent / "cube_bench.cpp").path)


@pytest.fixture(scope="module")
def runs(bench: str) -> dict[str, Estimate]:
    shapes = {"k256": ["aic", "128", "256", "128"], "k1024": ["aic", "128", "1024", "128"],
              "mix": ["mix", "128", "256", "128", "2"], "vec": ["vec", "1", "256", "1"],
              "api": ["api", "128", "256", "128", "2"]}
    return {name: profile_program([bench, *args])[0] for name, args in shapes.items()}


@pytest.mark.compile
def test_matmul_shows_time_on_every_cube_pipe(runs: dict[str, Estimate]) -> None:
    e = runs["k256"]
    m = e.metrics
    for key in _AIC:
        assert m[f"{key}_time(us)"] > 0, key
        assert 0 < m[f"{key}_ratio"] <= 1, key
        assert m[f"{key}_ratio"] == pytest.approx(m[f"{key}_time(us)"] / m["aic_time(us)"])
    # the pipes overlap: together busier than the core is long, but none longer than it
    assert sum(m[f"{key}_ratio"] for key in _AIC if key != "aic_scalar") > 0.5
    assert m["Task Duration(us)"] == pytest.approx(m["aic_time(us)"])   # one cube core
    assert m["aic_total_cycles"] == pytest.approx(m["aic_time(us)"] * 1.8e3)
    assert not any(k.startswith("aiv_") for k in m)   # no vector core ran
    c = e.timeline.counts
    assert c["mmad_macs"] == 128 * 256 * 128 and c["mmad_instructions"] == 1
    assert c["mte1_bytes"] == (128 + 128) * 256 * 2          # A and B, each fractal once into L0A/L0B
    assert c["mte2_bytes"] == (128 + 128) * 256 * 2          # the Nd2Nz tiles into L1
    assert c["fixpipe_bytes"] == 128 * 128 * 4 and c["fixpipe_instructions"] == 1
    assert [k.kind for k in e.timeline.cores] == ["aic"]


@pytest.mark.compile
def test_four_times_k_gives_four_times_mac_and_mte1_time(runs: dict[str, Estimate]) -> None:
    small, big = runs["k256"].metrics, runs["k1024"].metrics
    assert big["aic_mac_time(us)"] == pytest.approx(4 * small["aic_mac_time(us)"], rel=1e-9)
    assert big["aic_mte1_time(us)"] == pytest.approx(4 * small["aic_mte1_time(us)"], rel=1e-9)
    assert big["aic_fixpipe_time(us)"] == pytest.approx(small["aic_fixpipe_time(us)"])   # C is as big
    assert big["aic_time(us)"] > 2 * small["aic_time(us)"]


@pytest.mark.compile
def test_flags_order_the_cube_pipes(runs: dict[str, Estimate]) -> None:
    """MTE1_M: a Mmad starts after its tile's loads; M_MTE1: the next tile's loads after the Mmad; M_FIX: the
    Fixpipe after the last Mmad."""
    ivs = [iv for iv in runs["k1024"].timeline.intervals if iv.pipe in (MTE1, M, FIX)]
    mmads = [iv for iv in ivs if iv.pipe == M]
    assert len(mmads) == 4
    for a, b in zip(mmads, mmads[1:]):
        loads = [iv for iv in ivs if iv.pipe == MTE1 and a.end <= iv.start and iv.end <= b.start]
        assert len(loads) == 9   # 8 row blocks of A, all of B, between one Mmad and the next
    (fix,) = [iv for iv in ivs if iv.pipe == FIX]
    assert fix.start >= mmads[-1].end


@pytest.mark.compile
def test_mixed_kernel_has_cube_and_vector_cores(runs: dict[str, Estimate], tmp_path: Path) -> None:
    e = runs["mix"]
    m = e.metrics
    assert [k.kind for k in e.timeline.cores] == ["aic", "aic", "aiv", "aiv", "aiv", "aiv"]
    assert m["aic_mac_time(us)"] > 0 and m["aiv_vec_time(us)"] > 0
    assert m["Task Duration(us)"] == pytest.approx(max(m["aic_time(us)"], max(k.end for k in e.timeline.cores)))
    assert all(k.busy[M] == 0 for k in e.timeline.cores if k.kind == "aiv")
    assert all(k.busy[V] == 0 for k in e.timeline.cores if k.kind == "aic")   # no vector work on a cube core
    table = format_table(e)
    assert "aic_mac_ratio" in table and "aiv_vec_ratio" in table and table.index("aic_time") < table.index("aiv_time")
    paths = write_reports(e, tmp_path, "mix", png=False)
    trace = json.loads(paths["trace"].read_text())
    threads = {(ev["pid"], ev["args"]["name"]) for ev in trace["traceEvents"] if ev["name"] == "thread_name"}
    assert (0, "CUBE") in threads and (2, "VECTOR") in threads and (2, "CUBE") not in threads
    numbers = json.loads(paths["json"].read_text())
    assert numbers["aic_fixpipe_time(us)"] > 0 and numbers["aiv_mte3_time(us)"] > 0


@pytest.mark.compile
def test_vector_cores_wait_for_the_cube_cores_cross_core_flag(runs: dict[str, Estimate]) -> None:
    """mix: each cube core sets flag 3 (mode 2) once its Fixpipe is done; its two vector cores wait for it first."""
    tl = runs["mix"].timeline
    fix_end = {iv.core: iv.end for iv in tl.intervals if iv.pipe == FIX}
    assert sorted(fix_end) == [0, 1]
    for core in tl.cores[2:]:
        first = min(iv.start for iv in tl.intervals if iv.core == core.core)
        block = core.blocks[0] // 3   # records: block b's cube core, then its two vector cores
        assert first >= fix_end[block], (core.core, first, fix_end)
    assert runs["mix"].metrics["Task Duration(us)"] > max(fix_end.values())   # the vector work comes after


@pytest.mark.compile
def test_vector_only_kernel_has_no_aic_fields(runs: dict[str, Estimate]) -> None:
    e = runs["vec"]
    assert not any(k.startswith("aic_") for k in e.metrics)
    assert "aic_" not in format_table(e) and not any(k.startswith("aic_") for k in e.to_dict())
    compare = format_compare(e, runs["k256"], "vec", "cube")
    assert "aic_mac_time(us)" in compare and "N/A" in compare


@pytest.mark.compile
def test_matmul_api_work_lands_on_the_cube_cores(runs: dict[str, Estimate]) -> None:
    """The Matmul API computes on the vector cores here; its cube work (tile copies, loads, Mmad, Fixpipe) is
    recorded on each block's cube core, as the device would run it."""
    e = runs["api"]
    c = e.timeline.counts
    assert c["mmad_macs"] == 128 * 256 * 128   # the vector cores' shares of C add up to all of it, over all of K
    assert c["fixpipe_bytes"] == 128 * 128 * 4
    cores = e.timeline.cores
    assert [k.kind for k in cores] == ["aic", "aic", "aiv", "aiv", "aiv", "aiv"]
    for k in cores:
        cube_work = k.busy[M] + k.busy[MTE1] + k.busy[FIX]
        assert (cube_work > 0) == (k.kind == "aic"), k
    assert e.metrics["aic_mac_time(us)"] > 0 and e.metrics["aic_mte2_time(us)"] > 0
    # each vector core waits for its block's answers: the last one comes after the cube core's last Fixpipe
    fix_end = {iv.core: iv.end for iv in e.timeline.intervals if iv.pipe == FIX}
    for block in (0, 1):
        vector_cores = [k for k in cores if k.kind == "aiv" and k.blocks[0] // 3 == block]
        assert max(k.end for k in vector_cores) >= fix_end[block]


@pytest.mark.parametrize("bits,k,fractals", [(16, 16, 1), (16, 17, 2), (8, 32, 1), (8, 64, 2), (32, 8, 1),
                                             (4, 64, 1)])
def test_mmad_costs_one_cycle_per_fractal_product_of_its_dtype(bits: int, k: int, fractals: int) -> None:
    """An Mmad event's cost: issue + one cycle per (16 x C0) x (C0 x 16) fractal product, C0 = 32 bytes of input."""
    def launch(m: int, n: int) -> dict:
        row = [CUBE, 0, M, m, k, n | (bits << 32)]
        return {"op": "mm", "soc": "Ascend910B2", "block_dim": 1, "names": ["Mmad"], "blocks": [[row]],
                "aic_per_block": 1, "aiv_per_block": 0}
    one, many = simulate(launch(16, 16)), simulate(launch(48, 33))   # 3 x 3 times the fractals
    per = (many.cores[0].busy[M] - one.cores[0].busy[M]) / (9 * fractals - fractals)
    assert per == pytest.approx(1e6 / 1.8e9)   # one cycle at the 910B's clock
    assert one.cores[0].kind == "aic"


@pytest.mark.compile
def test_steady_state_skip_equals_the_full_replay_on_cube_pipes(bench: str, tmp_path: Path) -> None:
    from opkit.profile import read_launches

    record = tmp_path / "k.opkit-profile"
    profile_program([bench, "aic", "64", "2048", "64"], record=record)
    (launch,) = read_launches(record)
    fast, full = simulate(launch), simulate(launch, skip_steady_state=False)
    for a, b in zip(fast.cores, full.cores):
        assert a.end == pytest.approx(b.end, rel=1e-9)
        assert a.busy == pytest.approx(b.busy, rel=1e-9)
    assert len(fast.intervals) == len(full.intervals)


def _skipped(tl) -> int:
    """How many tile groups the replay skipped (spans repeated rather than replayed)."""
    return sum(reps for _, spans, _ in tl.spans for _, _, _, reps in spans if reps > 1)


def test_idle_cube_clocks_do_not_stop_a_vector_loops_steady_state() -> None:
    """The cube core's clocks never move on a vector core; the steady-state skip must not wait for them to."""
    from opkit.profile.model import COPY, VEC

    from opkit.profile.model import ALLOC, DEQUE, ENQUE, FREE

    q_in, q_out = (1 << 8) | 2, (2 << 8) | 2   # two queues (VECIN, VECOUT) of two buffers
    tile = []
    for buf in (0, 1):
        tile += [[ALLOC, 0, 10 + buf, 9, 9, q_in], [COPY, 1, 4, 1, 8192, 0], [ENQUE, 2, 10 + buf, 9, 9, q_in],
                 [DEQUE, 3, 10 + buf, 9, 9, q_in], [ALLOC, 0, 20 + buf, 10, 10, q_out], [VEC, 4, 2, 32, 128, 0],
                 [ENQUE, 2, 20 + buf, 10, 10, q_out], [FREE, 5, 10 + buf, 9, 9, q_in],
                 [DEQUE, 3, 20 + buf, 10, 10, q_out], [COPY, 1, 5, 1, 8192, 0], [FREE, 5, 20 + buf, 10, 10, q_out]]
    names = ["AllocTensor", "DataCopy", "EnQue", "DeQue", "Add", "FreeTensor"]
    launch = {"op": "k", "soc": "Ascend910B2", "block_dim": 1, "names": names, "blocks": [tile * 150]}
    assert _skipped(simulate(launch)) > 100


@pytest.mark.compile
def test_a_cube_loop_reaches_its_steady_state(bench: str) -> None:
    """The FIXPIPE clock only moves after the loop (the Fixpipe of C): the loop's steady state is found anyway."""
    (e,) = profile_program([bench, "aic", "32", "16384", "32"])   # 64 K tiles
    assert _skipped(e.timeline) > 20


def test_a_fused_ai_core_reports_both_sides() -> None:
    """910/310P: one AI Core has the cube and the vector unit; its work counts for aic_* and aiv_* alike."""
    from opkit.profile.estimate import estimate_launch
    from opkit.profile.model import COPY, VEC

    rows = [[CUBE, 0, M, 64, 64, 64 | (16 << 32)], [VEC, 1, 2, 32, 128, 0], [COPY, 2, 4, 1, 8192, 0]]
    launch = {"op": "k", "soc": "Ascend310P3", "block_dim": 2, "names": ["Mmad", "Add", "DataCopy"],
              "blocks": [rows, rows], "aic_per_block": 1, "aiv_per_block": 0, "fused": 1}
    e = estimate_launch(launch)
    assert [k.kind for k in e.timeline.cores] == ["aicore", "aicore"]
    m = e.metrics
    assert m["aic_time(us)"] == m["aiv_time(us)"] and m["aic_mac_time(us)"] > 0 and m["aiv_vec_time(us)"] > 0
    assert m["aic_mte2_time(us)"] == m["aiv_mte2_time(us)"]
