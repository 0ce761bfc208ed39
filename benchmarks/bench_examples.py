"""Throughput of the example operators (examples/add_custom, examples/gelu_custom) on the CPU simulator against
torch's own CPU kernels on the same data: torch.add, torch.nn.functional.gelu(approximate="tanh") and its backward
(aten.gelu_backward), float32, 16M elements by default. Both sides use the same thread count: the simulator's
OPKIT_SIM_THREADS (default: every CPU) and torch.set_num_threads. Each time is the median of --reps calls after
one warm-up call; the ratio is opkit's time over torch's, from this one run.

The examples are generated and built (incrementally) under build/bench/examples with the CLI, as a user would, and
their wheels are installed into build/bench/site, which only this process puts on sys.path.

    .venv/bin/python benchmarks/bench_examples.py [--elements N] [--reps R] [--threads T]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WORK = REPO / "build" / "bench"
EXAMPLES = ("add_custom", "gelu_custom")


def _opkit(*args: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "opkit", *args], cwd=REPO, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"opkit {' '.join(args)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")


def _install_examples() -> None:
    site = WORK / "site"
    for name in EXAMPLES:
        project = WORK / "examples" / name
        _opkit("gen", "-i", str(REPO / "examples" / name / f"{name}.json"), "-o", str(project), "--force")
        _opkit("build", str(project))
        wheels = sorted((project / "dist").glob("*.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"expected one wheel in {project / 'dist'}, found {[w.name for w in wheels]}")
        proc = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall",
                               "--disable-pip-version-check", "--upgrade", "--target", str(site), str(wheels[0])],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"pip could not install {wheels[0].name}:\n{proc.stdout}{proc.stderr}")
    sys.path.insert(0, str(site))


def _median_seconds(fn: Callable[[], object], reps: int) -> float:
    fn()  # warm-up: first-call costs (thread pool start, page faults of fresh outputs) are not throughput
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _row(label: str, n: int, nbytes: int, ours: float, theirs: float) -> str:
    return (f"{label:<34} {n / ours / 1e6:10.1f} {nbytes / ours / 1e9:7.2f}   {n / theirs / 1e6:10.1f} "
            f"{nbytes / theirs / 1e9:7.2f}   {ours / theirs:6.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--elements", type=int, default=1 << 24)
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--threads", type=int, default=int(os.environ.get("OPKIT_SIM_THREADS", os.cpu_count() or 1)))
    args = parser.parse_args()
    os.environ["OPKIT_SIM_THREADS"] = str(args.threads)   # read when the simulator's thread pool starts
    _install_examples()

    import torch

    import add_custom
    import gelu_custom

    torch.set_num_threads(args.threads)
    n = args.elements
    gen = torch.Generator().manual_seed(0)
    x, y, dy = (torch.randn(n, generator=gen) for _ in range(3))
    cases = [
        ("add      z = x + y", 3, lambda: torch.ops.add_custom.add_custom(x, y), lambda: torch.add(x, y)),
        ("gelu     y = gelu(x)", 2, lambda: torch.ops.gelu_custom.gelu_custom(x),
         lambda: torch.nn.functional.gelu(x, approximate="tanh")),
        ("gelu bw  dx = dy * gelu'(x)", 3, lambda: torch.ops.gelu_custom.gelu_custom_grad(dy, x),
         lambda: torch.ops.aten.gelu_backward(dy, x, approximate="tanh")),
    ]
    print(f"{n} float32 elements, {args.threads} threads (OPKIT_SIM_THREADS = torch.set_num_threads), "
          f"median of {args.reps}; torch {torch.__version__}")
    print(f"{'op':<34} {'opkit Melem/s':>10} {'GB/s':>7}   {'torch Melem/s':>10} {'GB/s':>7}   opkit/torch time")
    for label, tensors, ours, theirs in cases:
        torch.testing.assert_close(ours(), theirs(), rtol=1e-5, atol=1e-5)   # same maths, or the timing is moot
        print(_row(label, n, tensors * 4 * n, _median_seconds(ours, args.reps), _median_seconds(theirs, args.reps)))
    print(f"(opkit modules: {add_custom.__file__}, {gelu_custom.__file__})")


if __name__ == "__main__":
    main()
