"""Per-call overhead of an opkit op through torch: `torch.ops.<pkg>.<op>` on 1024 float32 elements, against the floor
of any Python custom op, a bare `torch.library.custom_op` whose body only allocates its output (`torch.empty_like`).
Prints both medians (microseconds per call) and the median of their per-round ratio (the two take turns round by
round); target: opkit's op within 1.5x of the floor.

    .venv/bin/python benchmarks/bench_torch_overhead.py                 # gen + build add_custom in a temp dir
    .venv/bin/python benchmarks/bench_torch_overhead.py --project DIR   # an already built project (dist/*.whl)
"""
# No `from __future__ import annotations`: torch.library reads the floor op's annotations as types.
import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PROTOTYPE = REPO / "tests" / "specs" / "valid" / "add_custom.json"


def _opkit(*args: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "opkit", *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"opkit {' '.join(args)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")


def _install(project: Path, site: Path) -> None:
    wheels = sorted((project / "dist").glob("*.whl"))
    if not wheels:
        raise SystemExit(f"{project}/dist has no wheel; run `opkit build {project}` first")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", str(site),
                    str(wheels[-1])], check=True)


def _interleaved_us(fns: list[Callable[[], Any]], *, calls: int, repeats: int) -> list[list[float]]:
    """Per function, the mean time of one call in each of `repeats` rounds of `calls` calls. The functions take
    turns round by round (the first one alternating), so a burst of noise on a shared machine hits them alike."""
    for fn in fns:
        for _ in range(calls):   # warm up: first-call dispatch caches, launch plans
            fn()
    rounds: list[list[float]] = [[] for _ in fns]
    for r in range(repeats):
        order = list(range(len(fns)))
        if r % 2:
            order.reverse()
        for i in order:
            fn = fns[i]
            start = time.perf_counter()
            for _ in range(calls):
                fn()
            rounds[i].append((time.perf_counter() - start) / calls * 1e6)
    return rounds


def measure(package: str, op: str, *, calls: int, repeats: int) -> tuple[float, float, float]:
    """(opkit's median us/call, the floor's median us/call, median over rounds of their ratio)."""
    import importlib

    import torch

    importlib.import_module(package)

    @torch.library.custom_op("opkit_bench::empty_like", mutates_args=())
    def floor(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return torch.empty_like(x)

    x, y = torch.randn(1024), torch.randn(1024)
    target = getattr(getattr(torch.ops, package), op)
    ours, bare = _interleaved_us([lambda: target(x, y), lambda: torch.ops.opkit_bench.empty_like(x, y)],
                                 calls=calls, repeats=repeats)
    return statistics.median(ours), statistics.median(bare), statistics.median(o / b for o, b in zip(ours, bare))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", type=Path, default=None, help="a built add_custom-like project (two inputs)")
    parser.add_argument("--op", default="add_custom")
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="opkit-bench-torch-") as tmp:
        project = args.project
        if project is None:
            project = Path(tmp) / "add_custom"
            _opkit("gen", "-i", str(PROTOTYPE), "-o", str(project))
            _opkit("build", str(project), "-j", "2")
        site = Path(tmp) / "site"
        _install(project, site)
        sys.path.insert(0, str(site))
        package = next(p.name for p in site.iterdir() if (p / "_ops.py").is_file())
        ours, bare, ratio = measure(package, args.op, calls=args.calls, repeats=args.repeats)
    print(f"torch.ops.{package}.{args.op} (1024 float32): {ours:8.2f} us/call (median)")
    print(f"bare custom_op (torch.empty_like only):  {bare:8.2f} us/call (median)")
    print(f"ratio: {ratio:.2f}x (median of {args.repeats} interleaved rounds; target <= 1.5x)")


if __name__ == "__main__":
    main()
