"""Simulator throughput: the add kernel on 16M float32 vs numpy and torch, a copy-only kernel vs memcpy.

Run: .venv/bin/python benchmarks/bench_sim.py [--threads N] [--n 16777216] [--iters 5]
The kernels are built with -O3 (what a generated project's Release build uses, portable across x86-64 CPUs) and,
for comparison, with -O3 -march=native. The simulator runs its blocks on OPKIT_SIM_THREADS threads; torch runs with
the same torch.set_num_threads; numpy's element-wise add is single-threaded whatever the count.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

_ROOT = Path(__file__).resolve().parents[1]
_SOURCES = [_ROOT / "tests/runtime/kernels/add_custom.cpp", _ROOT / "benchmarks/sim/copy_kernel.cpp",
            _ROOT / "benchmarks/sim/bench_main.cpp"]
_BUILD = _ROOT / "build" / "bench-sim"
_CONFIGS = {"-O3": ("-O3",), "-O3 -march=native": ("-O3", "-march=native")}


def _include_dir() -> Path:
    sys.path.insert(0, str(_ROOT))
    import opkit

    return opkit.include_dir()


def build(flags: tuple[str, ...]) -> Path:
    """Compile the benchmark program once per (sources, headers, flags)."""
    cmd = ["g++", "-std=c++17", *flags, "-DNDEBUG", "-pthread", "-DDTYPE_X=float", f"-I{_include_dir()}",
           f"-I{_ROOT / 'tests/runtime/kernels'}", *map(str, _SOURCES)]
    digest = hashlib.sha256(" ".join(cmd).encode())
    for path in [*_SOURCES, *sorted(_include_dir().rglob("*.h"))]:
        digest.update(path.read_bytes())
    out = _BUILD / f"bench-{digest.hexdigest()[:16]}"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([*cmd, "-o", str(out)], check=True)
    return out


def run_sim(program: Path, n: int, threads: int, iters: int, blocks: int, tile: int) -> dict[str, float]:
    env = {**os.environ, "OPKIT_SIM_THREADS": str(threads)}
    proc = subprocess.run([str(program), str(n), str(blocks), str(tile), str(iters), str(threads)],
                          capture_output=True, text=True, env=env, check=True)
    return {name: float(value) for name, value in (line.split() for line in proc.stdout.splitlines())}


def best_of(iters: int, fn) -> float:  # type: ignore[no-untyped-def]
    fn()
    best = float("inf")
    for _ in range(iters):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def baselines(n: int, threads: int, iters: int) -> dict[str, float]:
    x = np.arange(n, dtype=np.float32) % 1000
    y = np.full(n, 0.5, dtype=np.float32)
    z = np.empty_like(x)
    times = {"numpy.add": best_of(iters, lambda: np.add(x, y, out=z))}
    try:
        import torch
    except ImportError:
        return times
    torch.set_num_threads(threads)
    tx, ty, tz = torch.from_numpy(x), torch.from_numpy(y), torch.from_numpy(z)
    times["torch.add"] = best_of(iters, lambda: torch.add(tx, ty, out=tz))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=16 * 1024 * 1024)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--iters", type=int, default=5)
    parser.add_argument("--blocks", type=int, default=48, help="block dim (48 = vector cores of an Ascend910B2)")
    parser.add_argument("--tile", type=int, default=4096, help="elements per tile (x2 buffers x3 queues in UB)")
    args = parser.parse_args()
    n, gb = args.n, 1e9
    add_bytes, copy_bytes = 3 * 4 * n, 2 * 4 * n
    print(f"n = {n} float32, threads = {args.threads}, block dim = {args.blocks}, tile = {args.tile}")
    print(f"{'what':34} {'seconds':>9} {'GB/s':>8} {'Gelem/s':>8} {'vs torch':>9} {'vs numpy':>9}")
    base = baselines(n, args.threads, args.iters)
    rows: list[tuple[str, float, int]] = [(f"{k} ({args.threads if k.startswith('torch') else 1} thr)", v, add_bytes)
                                          for k, v in base.items()]
    for label, flags in _CONFIGS.items():
        sim = run_sim(build(flags), n, args.threads, args.iters, args.blocks, args.tile)
        rows += [(f"sim add kernel [{label}]", sim["add"], add_bytes),
                 (f"sim copy kernel [{label}]", sim["copy"], copy_bytes),
                 (f"memcpy ({args.threads} thr) [{label}]", sim["memcpy"], copy_bytes)]
    for label, seconds, moved in rows:
        vs_torch = f"{base['torch.add'] / seconds:8.2f}x" if "torch.add" in base and moved == add_bytes else ""
        vs_numpy = f"{base['numpy.add'] / seconds:8.2f}x" if moved == add_bytes else ""
        print(f"{label:34} {seconds:9.4f} {moved / seconds / gb:8.2f} {n / seconds / gb:8.3f} {vs_torch:>9} "
              f"{vs_numpy:>9}")
    for label in _CONFIGS:
        copy_row = next(r for r in rows if r[0] == f"sim copy kernel [{label}]")
        mem_row = next(r for r in rows if r[0].startswith("memcpy") and label in r[0])
        print(f"copy kernel / memcpy bandwidth [{label}]: {mem_row[1] / copy_row[1]:.2f}")
    if "torch.add" not in base:
        print("torch is not installed: its row is skipped")


if __name__ == "__main__":
    main()
