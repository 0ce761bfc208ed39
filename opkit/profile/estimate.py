"""A launch's estimate in msprof's vocabulary (op_summary's Task Duration, aic_* and aiv_* times and ratios) plus
advice. As in msprof's op_summary, the aic_* fields describe the cube cores and the aiv_* fields the vector cores: a
vector-only launch has no aic_* fields (msprof prints N/A there) and a cube-only one no aiv_* fields; a core with both
units (910, 310P, 310B) counts as both. aic_icache_miss_rate is not estimated (the simulator sees no instruction
fetches)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from opkit.profile.model import FIX, MTE1, MTE2, MTE3, PIPES, M, S, V, CoreTime, Timeline, simulate
from opkit.profile.soc_table import table_for

__all__ = ["Estimate", "estimate_launch", "advise"]

_PIPE_KEYS = {V: "aiv_vec_time", S: "aiv_scalar_time", MTE2: "aiv_mte2_time", MTE3: "aiv_mte3_time"}
_AIC_KEYS = {M: "aic_mac_time", S: "aic_scalar_time", MTE1: "aic_mte1_time", MTE2: "aic_mte2_time",
             FIX: "aic_fixpipe_time"}


@dataclass
class Estimate:
    op: str
    soc: str
    block_dim: int
    metrics: dict[str, float]      # msprof's names, microseconds and ratios
    bound: str                     # the pipe with the most time: VECTOR, SCALAR, MTE2, MTE3, CUBE, MTE1, FIXPIPE
    advice: list[str]
    timeline: Timeline

    def to_dict(self) -> dict[str, Any]:
        counts = {k: v for k, v in self.timeline.counts.items() if k != "copy_sizes"}
        return {"op": self.op, "soc": self.soc, "block_dim": self.block_dim, **self.metrics, "bound": self.bound,
                "advice": list(self.advice), "counts": counts, "estimate": True}


def _side(m: dict[str, float], cores: list[CoreTime], prefix: str, keys: dict[int, str]) -> dict[int, float]:
    """msprof's <prefix>_time and each pipe's time and ratio, averaged over `cores`, into m; the pipes' times."""
    n = len(cores)
    total = sum(c.end for c in cores) / n
    m[f"{prefix}_time(us)"] = total
    times: dict[int, float] = {}
    for pipe, key in keys.items():
        times[pipe] = sum(c.busy[pipe] for c in cores) / n
        m[f"{key}(us)"] = times[pipe]
        m[key.replace("_time", "_ratio")] = times[pipe] / total if total else 0.0
    return times


def _metrics(tl: Timeline) -> tuple[dict[str, float], str]:
    m: dict[str, float] = {"Task Duration(us)": max(c.end for c in tl.cores)}
    aic = [c for c in tl.cores if c.kind != "aiv"]
    aiv = [c for c in tl.cores if c.kind != "aic"]
    totals: dict[str, float] = {}
    if aic:
        m["aic_time(us)"] = 0.0   # first, in msprof's order (_side sets it)
        m["aic_total_cycles"] = sum(c.end for c in aic) * 1e-6 * table_for(tl.soc)["clock_hz"]
        for pipe, t in _side(m, aic, "aic", _AIC_KEYS).items():
            name = f"AIC {PIPES[pipe]}" if aiv and aic != aiv and pipe in (S, MTE2) else PIPES[pipe]
            totals[name] = t
    if aiv:
        for pipe, t in _side(m, aiv, "aiv", _PIPE_KEYS).items():
            name = f"AIV {PIPES[pipe]}" if aic and aic != aiv and pipe in (S, MTE2) else PIPES[pipe]
            totals[name] = max(t, totals.get(name, 0.0))
    return m, max(totals, key=lambda k: totals[k])


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
    if "aic_time(us)" in metrics:
        out += _cube_advice(metrics)
    if "aiv_time(us)" in metrics:
        out += _vector_advice(tl, metrics)
    cube = "aic_time(us)" in metrics and any(k.kind == "aic" for k in tl.cores)
    what, cores = ("cube", int(t["cube_cores"])) if cube else ("vector", int(t["vector_cores"]))
    if tl.block_dim < cores:
        out.append(f"block_dim {tl.block_dim} uses {tl.block_dim} of the {cores} {what} cores of {tl.soc}; split the "
                   f"work over more cores (the chip's GM bandwidth, not one core's, is the limit for copies)")
    elif tl.block_dim % cores:
        waves = -(-tl.block_dim // cores)
        out.append(f"block_dim {tl.block_dim} runs in {waves} waves on {cores} cores, the last one "
                   f"{tl.block_dim % cores} cores wide; a multiple of {cores} keeps every core busy")
    if "aiv_time(us)" in metrics:
        scalar_ops = c["scalar_ub"] + c["scalar_gm"]
        scalar, vector = metrics["aiv_scalar_time(us)"], metrics["aiv_vec_time(us)"]
        if scalar_ops > 1024 and scalar > vector:
            out.append(f"{scalar_ops} scalar GetValue/SetValue accesses take {scalar:.1f} us per core, more than all "
                       f"vector instructions ({vector:.1f} us): replace element loops with vector instructions (one "
                       f"instruction handles 256 bytes per repeat)")
    return out


def _vector_advice(tl: Timeline, metrics: dict[str, float]) -> list[str]:
    """The vector cores' pipes: a saturated chip bandwidth, or a bound pipe that the others do not overlap."""
    t = table_for(tl.soc)
    aiv = metrics["aiv_time(us)"]
    times = {"VECTOR": metrics["aiv_vec_time(us)"], "SCALAR": metrics["aiv_scalar_time(us)"],
             "MTE2": metrics["aiv_mte2_time(us)"], "MTE3": metrics["aiv_mte3_time(us)"]}
    bound = max(times, key=lambda k: times[k])
    others = sum(v for k, v in times.items() if k != bound and k != "SCALAR")
    active = min(tl.block_dim, int(t["vector_cores"]))
    saturated = active * t["mte2_core_bw"] > t["hbm_read_bw"]
    if saturated and bound in ("MTE2", "MTE3"):
        return [f"{active} cores together ask for more than the chip's GM read bandwidth "
                f"({t['hbm_read_bw'] / 1e12:.1f} TB/s): each core's reads and writes share its part of it, so MTE2 "
                f"and MTE3 do not overlap; only moving fewer bytes (fusing ops, narrower dtypes) helps now"]
    if aiv and times[bound] / aiv < 0.8 and others > 0.2 * aiv:
        return [f"{bound} bounds the kernel but is busy only {times[bound] / aiv:.0%} of the core time; the other "
                f"pipes add {others:.1f} us that does not overlap it: double buffering (BUFFER_NUM 2 queues) lets "
                f"MTE2, VECTOR and MTE3 run at once"]
    return []


def _cube_advice(metrics: dict[str, float]) -> list[str]:
    """The cube cores' pipes: the cube waiting for its operands (MTE2 into L1, MTE1 into L0A/L0B) or its output."""
    aic = metrics["aic_time(us)"]
    mac = metrics["aic_mac_time(us)"]
    feeds = {"MTE2 (GM -> L1)": metrics["aic_mte2_time(us)"], "MTE1 (L1 -> L0A/L0B)": metrics["aic_mte1_time(us)"],
             "FIXPIPE (L0C out)": metrics["aic_fixpipe_time(us)"]}
    worst = max(feeds, key=lambda k: feeds[k])
    if aic and mac / aic < 0.5 and feeds[worst] > mac:
        return [f"the cube computes only {mac / aic:.0%} of the cube core's time and {worst} takes "
                f"{feeds[worst]:.2f} us, more than its {mac:.2f} us of Mmad: larger base blocks (each loaded fractal "
                f"used by more of C), double-buffered L1/L0 tiles so loads overlap Mmad, or fewer, larger copies"]
    return []


def estimate_launch(launch: dict[str, Any], soc: str | None = None) -> Estimate:
    """The estimate of one recorded launch (a parsed line of an OPKIT_PROFILE file)."""
    tl = simulate(launch, soc)
    metrics, bound = _metrics(tl)
    return Estimate(launch["op"], tl.soc, tl.block_dim, metrics, bound, advise(tl, metrics, bound), tl)
