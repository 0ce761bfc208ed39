"""A launch's estimate in msprof's vocabulary (op_summary's Task Duration, aiv_*_time and ratios) plus advice."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from opkit.profile.model import MTE2, MTE3, PIPES, S, V, Timeline, simulate
from opkit.profile.soc_table import table_for

__all__ = ["Estimate", "estimate_launch", "advise"]

_PIPE_KEYS = {V: "aiv_vec_time", S: "aiv_scalar_time", MTE2: "aiv_mte2_time", MTE3: "aiv_mte3_time"}


@dataclass
class Estimate:
    op: str
    soc: str
    block_dim: int
    metrics: dict[str, float]      # msprof's names, microseconds and ratios
    bound: str                     # the pipe with the most time: VECTOR, SCALAR, MTE2 or MTE3
    advice: list[str]
    timeline: Timeline

    def to_dict(self) -> dict[str, Any]:
        counts = {k: v for k, v in self.timeline.counts.items() if k != "copy_sizes"}
        return {"op": self.op, "soc": self.soc, "block_dim": self.block_dim, **self.metrics, "bound": self.bound,
                "advice": list(self.advice), "counts": counts, "estimate": True}


def _metrics(tl: Timeline) -> tuple[dict[str, float], str]:
    cores = tl.cores
    n = len(cores)
    task = max(c.end for c in cores)
    aiv = sum(c.end for c in cores) / n
    m: dict[str, float] = {"Task Duration(us)": task, "aiv_time(us)": aiv}
    totals: dict[int, float] = {}
    for pipe, key in _PIPE_KEYS.items():
        totals[pipe] = sum(c.busy[pipe] for c in cores) / n
        m[f"{key}(us)"] = totals[pipe]
        m[key.replace("_time", "_ratio")] = totals[pipe] / aiv if aiv else 0.0
    bound = PIPES[max(totals, key=lambda p: totals[p])]
    return m, bound


def advise(tl: Timeline, metrics: dict[str, float], bound: str) -> list[str]:
    """Advice lines, each naming the counts it follows from."""
    t = table_for(tl.soc)
    c = tl.counts
    out: list[str] = []
    big = int(t["big_copy_bytes"])
    sizes: dict[int, int] = c["copy_sizes"]
    copies = sum(sizes.values())
    small = sum(n for size, n in sizes.items() if size < big)
    if copies and small / copies > 0.5:
        typical = max(sizes, key=lambda s: sizes[s])
        out.append(f"{small} of {copies} GM copies move less than {big // 1024} KB (most often {typical} B): each "
                   f"pays an issue cost and per-burst costs, and a queue or flag that waits for one a DMA latency of "
                   f"{t['mte_latency_s'] * 1e6:.3f} us; larger tiles (16 KB or more per copy), more copies in flight "
                   f"before a wait, or one strided DataCopy instead of a loop of small ones cut the MTE time")
    unaligned = c["mte2_unaligned"] + c["mte3_unaligned"]
    if unaligned:
        out.append(f"{unaligned} of {c['mte2_copies'] + c['mte3_copies']} GM copies start bursts at a GM offset that "
                   f"is not 512-byte aligned and straddle one more 512-byte transaction than their length needs "
                   f"(about {int(t['unaligned_extra_bytes'])} bytes more each); align each core's and each tile's "
                   f"start to 512 bytes")
    aiv = metrics["aiv_time(us)"]
    times = {"VECTOR": metrics["aiv_vec_time(us)"], "SCALAR": metrics["aiv_scalar_time(us)"],
             "MTE2": metrics["aiv_mte2_time(us)"], "MTE3": metrics["aiv_mte3_time(us)"]}
    others = sum(v for k, v in times.items() if k != bound and k != "SCALAR")
    active = min(tl.block_dim, int(t["vector_cores"]))
    saturated = active * t["mte2_core_bw"] > t["hbm_read_bw"]
    if saturated and bound in ("MTE2", "MTE3"):
        out.append(f"{active} cores together ask for more than the chip's GM read bandwidth "
                   f"({t['hbm_read_bw'] / 1e12:.1f} TB/s): each core's reads and writes share its part of it, so MTE2 "
                   f"and MTE3 do not overlap; only moving fewer bytes (fusing ops, narrower dtypes) helps now")
    elif aiv and times[bound] / aiv < 0.8 and others > 0.2 * aiv:
        out.append(f"{bound} bounds the kernel but is busy only {times[bound] / aiv:.0%} of the core time; the other "
                   f"pipes add {others:.1f} us that does not overlap it: double buffering (BUFFER_NUM 2 queues) lets "
                   f"MTE2, VECTOR and MTE3 run at once")
    cores = int(t["vector_cores"])
    if tl.block_dim < cores:
        out.append(f"block_dim {tl.block_dim} uses {tl.block_dim} of the {cores} vector cores of {tl.soc}; split the "
                   f"work over more cores (the chip's GM bandwidth, not one core's, is the limit for copies)")
    elif tl.block_dim % cores:
        waves = -(-tl.block_dim // cores)
        out.append(f"block_dim {tl.block_dim} runs in {waves} waves on {cores} cores, the last one "
                   f"{tl.block_dim % cores} cores wide; a multiple of {cores} keeps every core busy")
    scalar_ops = c["scalar_ub"] + c["scalar_gm"]
    if scalar_ops > 1024 and times["SCALAR"] > times["VECTOR"]:
        out.append(f"{scalar_ops} scalar GetValue/SetValue accesses take {times['SCALAR']:.1f} us per core, more "
                   f"than all vector instructions ({times['VECTOR']:.1f} us): replace element loops with vector "
                   f"instructions (one instruction handles 256 bytes per repeat)")
    return out


def estimate_launch(launch: dict[str, Any], soc: str | None = None) -> Estimate:
    """The estimate of one recorded launch (a parsed line of an OPKIT_PROFILE file)."""
    tl = simulate(launch, soc)
    metrics, bound = _metrics(tl)
    return Estimate(launch["op"], tl.soc, tl.block_dim, metrics, bound, advise(tl, metrics, bound), tl)
