"""Reports of an estimate: a text table in msprof's vocabulary, a Chrome/Perfetto trace JSON and a PNG timeline.
The table lists the aic_* rows of a launch with cube cores and the aiv_* rows of one with vector cores (msprof prints
N/A for the other side; a comparison does where only one estimate has a row)."""
from __future__ import annotations

import json
from pathlib import Path

from opkit.profile.estimate import Estimate
from opkit.profile.model import PIPES

__all__ = ["format_table", "format_compare", "write_trace", "write_png", "PNG_MISSING"]

PNG_MISSING = "matplotlib is not installed (pip install 'opkit[plot]'): no PNG written, the trace JSON has the timeline"
_ROWS = ["Task Duration(us)", "aic_time(us)", "aic_total_cycles", "aic_mac_time(us)", "aic_mac_ratio",
         "aic_scalar_time(us)", "aic_scalar_ratio", "aic_mte1_time(us)", "aic_mte1_ratio", "aic_mte2_time(us)",
         "aic_mte2_ratio", "aic_fixpipe_time(us)", "aic_fixpipe_ratio", "aiv_time(us)", "aiv_vec_time(us)",
         "aiv_vec_ratio", "aiv_scalar_time(us)", "aiv_scalar_ratio", "aiv_mte2_time(us)", "aiv_mte2_ratio",
         "aiv_mte3_time(us)", "aiv_mte3_ratio"]
_ORDER = ["SCALAR", "VECTOR", "MTE2", "MTE3", "MTE1", "CUBE", "FIXPIPE"]
# The pipes drawn per kind of core (the scalar unit's issue slots are too fine to draw; its total is in the table).
_DRAWN = {"aiv": ["VECTOR", "MTE2", "MTE3"], "aic": ["MTE2", "MTE1", "CUBE", "FIXPIPE"],
          "aicore": ["MTE2", "MTE1", "CUBE", "FIXPIPE", "VECTOR", "MTE3"]}


def _text(key: str, value: float) -> str:
    return f"{value:.0f}" if key == "aic_total_cycles" else f"{value:.3f}"


def format_table(e: Estimate) -> str:
    """The estimate as aligned `name  value` lines, the bounding pipe and the advice."""
    lines = [f"{e.op} on {e.soc}, block_dim {e.block_dim}: ESTIMATE from the simulator's counts (not a measurement)"]
    for key in _ROWS:
        if key in e.metrics:
            lines.append(f"  {key:<22} {_text(key, e.metrics[key]):>14}")
    lines.append(f"  {'bound':<22} {e.bound:>14}")
    for advice in e.advice:
        lines.append(f"  advice: {advice}")
    return "\n".join(lines)


def format_compare(a: Estimate, b: Estimate, label_a: str, label_b: str) -> str:
    """Both estimates side by side: each figure, B's difference from A (us and %) and which is lower per pipe, then
    which wins overall (the lower Task Duration)."""
    head = (f"{label_a} vs {label_b} on {a.soc}: ESTIMATES from the simulator's counts (not measurements); "
            f"block_dim {a.block_dim} vs {b.block_dim}")
    lines = [head, f"  {'':<22} {'A':>12} {'B':>12} {'B - A':>12} {'':>8}  lower"]
    for key in _ROWS:
        if key not in a.metrics or key not in b.metrics:
            if key in a.metrics or key in b.metrics:
                x, y = (_text(key, e.metrics[key]) if key in e.metrics else "N/A" for e in (a, b))
                lines.append(f"  {key:<22} {x:>12} {y:>12}")
            continue
        x, y = a.metrics[key], b.metrics[key]
        if key.endswith("ratio"):
            lines.append(f"  {key:<22} {x:>12.3f} {y:>12.3f} {y - x:>+12.3f}")
            continue
        pct = f"{(y - x) / x:+.1%}" if x else ""
        lower = "A" if x < y * (1 - 1e-3) else "B" if y < x * (1 - 1e-3) else "="
        lines.append(f"  {key:<22} {x:>12.3f} {y:>12.3f} {y - x:>+12.3f} {pct:>8}  {lower}")
    lines.append(f"  {'bound':<22} {a.bound:>12} {b.bound:>12}")
    ta, tb = a.metrics["Task Duration(us)"], b.metrics["Task Duration(us)"]
    if abs(ta - tb) <= 1e-3 * max(ta, tb):
        lines.append("  winner: neither (the same Task Duration, to 0.1%)")
    else:
        win, lose, fast, slow = (label_a, label_b, ta, tb) if ta < tb else (label_b, label_a, tb, ta)
        lines.append(f"  winner: {win}, {slow / fast:.2f}x faster than {lose} ({slow - fast:.3f} us less Task "
                     f"Duration, estimated)")
    return "\n".join(lines)


def write_trace(e: Estimate, path: Path) -> Path:
    """Chrome trace format (chrome://tracing, ui.perfetto.dev): one process per core, one thread per pipe."""
    events: list[dict[str, object]] = []
    for core in e.timeline.cores:
        events.append({"name": "process_name", "ph": "M", "pid": core.core,
                       "args": {"name": f"core {core.core}, {core.kind.upper()} (blocks {_blocks(core.blocks)})"}})
        for tid, name in enumerate(_ORDER):
            if name != "SCALAR" and name not in _DRAWN[core.kind]:
                continue
            events.append({"name": "thread_name", "ph": "M", "pid": core.core, "tid": tid, "args": {"name": name}})
    tids = {pipe: _ORDER.index(name) for pipe, name in PIPES.items()}
    for iv in e.timeline.intervals:
        events.append({"name": iv.name, "ph": "X", "pid": iv.core, "tid": tids[iv.pipe], "ts": round(iv.start, 4),
                       "dur": round(iv.end - iv.start, 4)})
    meta = {"op": e.op, "soc": e.soc, "block_dim": e.block_dim, "estimate": True,
            "truncated": e.timeline.truncated, **e.metrics, "bound": e.bound}
    path.write_text(json.dumps({"traceEvents": events, "displayTimeUnit": "ns", "otherData": meta}))
    return path


def _blocks(blocks: list[int]) -> str:
    return ", ".join(map(str, blocks[:4])) + (", ..." if len(blocks) > 4 else "")


def write_png(e: Estimate, path: Path, max_cores: int = 8) -> bool:
    """The per-core, per-pipe timeline as a PNG; False (nothing written) without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    cores = e.timeline.cores[:max_cores]
    shown = {c.core for c in cores}
    rows = {(c.core, name): i for i, (c, name) in enumerate((c, n) for c in cores for n in _DRAWN[c.kind])}
    spans: dict[tuple[int, str], list[tuple[float, float]]] = {k: [] for k in rows}
    for iv in e.timeline.intervals:
        if iv.core in shown and (iv.core, PIPES[iv.pipe]) in spans:
            spans[(iv.core, PIPES[iv.pipe])].append((iv.start, iv.end - iv.start))
    colours = {"VECTOR": "#2ca02c", "MTE2": "#1f77b4", "MTE3": "#ff7f0e", "MTE1": "#9467bd", "CUBE": "#d62728",
               "FIXPIPE": "#8c564b"}
    fig, ax = plt.subplots(figsize=(12, 1.2 + 0.22 * len(rows)))
    for (core, name), row in rows.items():
        ax.broken_barh(spans[(core, name)], (row - 0.4, 0.8), facecolors=colours[name], linewidth=0)
    ax.set_yticks(list(rows.values()))
    kinds = {c.core: c.kind.upper() for c in cores}
    ax.set_yticklabels([f"core {c} ({kinds[c]}) {n}" for c, n in rows])
    ax.invert_yaxis()
    ax.set_xlabel("us (estimate)")
    more = "" if len(e.timeline.cores) <= max_cores else f", first {max_cores} of {len(e.timeline.cores)} cores"
    ax.set_title(f"{e.op} on {e.soc}: Task Duration {e.metrics['Task Duration(us)']:.1f} us, bound {e.bound}"
                 f" (estimate{more})")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True
