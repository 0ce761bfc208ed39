"""`opkit bench`: time each op of a project, per dtype combination, over a sweep of sizes, on the simulator and in the
reference (tests/reference.py's numpy function, and `<op>_torch` there when torch is installed), then write a table,
bench.json and a throughput-vs-size PNG (matplotlib: the `opkit[plot]` extra).

The project is built if stale and installed like `opkit test` does it; the timing runs in a subprocess of this
interpreter (`python -m opkit.check.bench PROJECT`, one JSON line per measurement), so the freshly installed package is
imported, never a copy already loaded here.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from opkit.errors import OpkitError

__all__ = ["BenchRow", "BenchResult", "DEFAULT_SIZES", "bench_project", "render_table", "write_json", "write_plot",
           "PlotUnavailableError"]

DEFAULT_SIZES = tuple(4 ** k for k in range(5, 12))   # 1 Ki .. 4 Mi elements per input
_MIN_SECONDS = 0.05   # each timing repeats the call until this much time has passed (at least once, at most 50 times)


class PlotUnavailableError(OpkitError):
    """matplotlib is not installed: the PNG is not written (the JSON and the table are)."""


@dataclass(frozen=True)
class BenchRow:
    op: str
    dtypes: str              # "float16,float16->float16"
    size: int                # elements per input
    bytes: int               # bytes read and written by one call (inputs + outputs)
    sim_s: float             # best time of one call on the simulator
    numpy_s: float | None    # best time of reference.<op> (None: not written)
    torch_s: float | None    # best time of reference.<op>_torch (None: not written or torch absent)

    def throughput(self, seconds: float | None) -> float | None:
        """GB/s moved by one call in `seconds` (inputs read + outputs written)."""
        return None if not seconds else self.bytes / seconds / 1e9


@dataclass(frozen=True)
class BenchResult:
    rows: tuple[BenchRow, ...]
    json_path: Path
    png_path: Path | None    # None: matplotlib missing (see `plot_problem`)
    plot_problem: str = ""


def _worker_command(project: Path, sizes: Sequence[int]) -> list[str]:
    return [sys.executable, "-m", "opkit.check.bench", str(project), ",".join(map(str, sizes))]


def bench_project(project: Path, *, sizes: Sequence[int] = DEFAULT_SIZES, out_dir: Path | None = None,
                  target: Path | None = None, plot: bool = True,
                  on_progress: Callable[[int, int, str], None] = lambda done, total, label: None,
                  on_line: Callable[[str], None] = lambda line: None) -> BenchResult:
    """Build (if stale), install and benchmark `project`; writes bench.json (and bench.png) to `out_dir`
    (default PROJECT/build/opkit-bench). `on_progress(done, total, label)` follows the sweep."""
    from opkit.build.project import check_project_dir
    from opkit.check.run import install_project

    check_project_dir(Path(project), ("tests",), "has no tests/ folder; is it a project made by `opkit gen`?")
    project = Path(os.path.realpath(project))
    install_project(project, target, on_line)
    env = dict(os.environ)
    if target is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(target), env.get("PYTHONPATH", "")]))
    rows = _run_worker(project, sizes, env, on_progress)
    out = Path(out_dir) if out_dir is not None else project / "build" / "opkit-bench"
    out.mkdir(parents=True, exist_ok=True)
    json_path = write_json(rows, out / "bench.json", project=project)
    png, problem = None, ""
    if plot:
        try:
            png = write_plot(rows, out / "bench.png", title=project.name)
        except PlotUnavailableError as exc:
            problem = str(exc)
    return BenchResult(tuple(rows), json_path, png, problem)


def _run_worker(project: Path, sizes: Sequence[int], env: dict[str, str],
                on_progress: Callable[[int, int, str], None]) -> list[BenchRow]:
    rows: list[BenchRow] = []
    with subprocess.Popen(_worker_command(project, sizes), cwd=project, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None and proc.stderr is not None  # guaranteed by PIPE
        for line in proc.stdout:
            message = json.loads(line)
            if "total" in message:
                on_progress(message["done"], message["total"], message["label"])
            else:
                rows.append(BenchRow(**message))
        error = proc.stderr.read()
    if proc.returncode != 0:
        raise OpkitError(f"the benchmark of {project.name} failed (exit {proc.returncode}):\n{error.strip()[-3000:]}")
    return rows


def render_table(rows: Sequence[BenchRow]) -> str:
    """One line per op, dtypes and size: time and GB/s of the simulator and of each reference."""
    def cell(seconds: float | None, row: BenchRow) -> str:
        return "-" if seconds is None else f"{seconds * 1e3:9.3f} {row.throughput(seconds):7.2f}"

    header = (f"{'op':<16} {'dtypes':<28} {'size':>9}  {'sim ms':>9} {'GB/s':>7}  {'numpy ms':>9} {'GB/s':>7}  "
              f"{'torch ms':>9} {'GB/s':>7}")
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(f"{r.op:<16} {r.dtypes:<28} {r.size:>9}  {cell(r.sim_s, r):>17}  {cell(r.numpy_s, r):>17}  "
                     f"{cell(r.torch_s, r):>17}")
    return "\n".join(lines)


def write_json(rows: Sequence[BenchRow], path: Path, *, project: Path | None = None) -> Path:
    data = {"project": str(project) if project else None, "unit": {"time": "s", "throughput": "GB/s"},
            "rows": [{**asdict(r), "sim_gbps": r.throughput(r.sim_s), "numpy_gbps": r.throughput(r.numpy_s),
                      "torch_gbps": r.throughput(r.torch_s)} for r in rows]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def write_plot(rows: Sequence[BenchRow], path: Path, *, title: str = "") -> Path:
    """Throughput (GB/s) vs size, one panel per op: a solid line per dtype combination for the simulator, dashed
    for the numpy reference, dotted for torch."""
    try:
        import matplotlib
    except ImportError:
        raise PlotUnavailableError("matplotlib is not installed, so no PNG was written; "
                                   "pip install 'opkit[plot]' for bench.png") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ops = list(dict.fromkeys(r.op for r in rows))
    fig, axes = plt.subplots(1, len(ops), figsize=(6.5 * len(ops), 4.5), squeeze=False)
    for ax, op in zip(axes[0], ops):
        for i, combo in enumerate(dict.fromkeys(r.dtypes for r in rows if r.op == op)):
            mine = [r for r in rows if r.op == op and r.dtypes == combo]
            colour = f"C{i}"
            for attr, style, what in (("sim_s", "-", "simulator"), ("numpy_s", "--", "numpy"),
                                      ("torch_s", ":", "torch")):
                points = [(r.size, r.throughput(getattr(r, attr))) for r in mine if getattr(r, attr)]
                if points:
                    ax.plot(*zip(*points), style, marker="o", markersize=3, color=colour, label=f"{combo} {what}")
        ax.set(xscale="log", yscale="log", xlabel="elements per input", ylabel="GB/s (inputs read + outputs written)",
               title=op)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(f"opkit bench {title}: throughput vs size")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


# ------------------------------------------------------------------------------------- the timing subprocess


def _best(call: Callable[[], Any]) -> float:
    call()   # warm-up: first-call costs (plans, page faults) are not the steady state
    best, spent, runs = float("inf"), 0.0, 0
    while runs < 1 or (spent < _MIN_SECONDS and runs < 50):
        start = time.perf_counter()
        call()
        took = time.perf_counter() - start
        best, spent, runs = min(best, took), spent + took, runs + 1
    return best


def _reference(module: Any, name: str) -> Callable[..., Any] | None:
    func = getattr(module, name, None)
    return func if callable(func) else None


def _measure(package: Any, reference: Any, name: str, spec: dict[str, Any], combo: tuple[str, ...], size: int,
             torch: Any) -> dict[str, Any]:
    from opkit import testing

    n_in = len(spec["inputs"])
    case = testing.Case(combo[:n_in], combo[n_in:], (size,))
    inputs = testing.op_inputs(case, [kind for _, kind in spec["inputs"]])
    op = getattr(package, name)
    result = op(*inputs)
    outputs = result if isinstance(result, tuple) else (result,)
    moved = sum(a.nbytes for a in inputs if hasattr(a, "nbytes")) + sum(o.nbytes for o in outputs)
    numpy_ref, torch_ref = _reference(reference, name), _reference(reference, f"{name}_torch")
    numpy_s = torch_s = None
    if numpy_ref is not None:
        try:
            numpy_s = _best(lambda: numpy_ref(*inputs))
        except NotImplementedError:
            numpy_s = None
    if torch_ref is not None and torch is not None:
        tensors = testing.op_inputs(case, [kind for _, kind in spec["inputs"]], torch=True)
        torch_s = _best(lambda: torch_ref(*tensors))
    label = f"{','.join(combo[:n_in])}->{','.join(combo[n_in:])}"
    return {"op": name, "dtypes": label, "size": size, "bytes": int(moved), "sim_s": _best(lambda: op(*inputs)),
            "numpy_s": numpy_s, "torch_s": torch_s}


def _worker(project: Path, sizes: Sequence[int]) -> None:
    import importlib

    from opkit import testing

    sys.path.insert(0, str(project / "tests"))
    package_name = next(p.name for p in (project / "python").iterdir() if (p / "_ops.py").is_file())
    package = importlib.import_module(package_name)
    ops = importlib.import_module(f"{package_name}._ops")._OPS
    reference = importlib.import_module("reference")
    try:
        import torch
    except ImportError:
        torch = None
    work = [(name, spec, tuple(combo), size) for name, spec in ops.items() for combo in spec["combinations"]
            if testing.numpy_can_hold(combo) for size in sizes]
    for done, (name, spec, combo, size) in enumerate(work):
        print(json.dumps({"done": done, "total": len(work), "label": f"{name} {','.join(combo)} {size}"}), flush=True)
        print(json.dumps(_measure(package, reference, name, spec, combo, size, torch)), flush=True)
    print(json.dumps({"done": len(work), "total": len(work), "label": "done"}), flush=True)


if __name__ == "__main__":
    _worker(Path(sys.argv[1]), [int(s) for s in sys.argv[2].split(",")])
