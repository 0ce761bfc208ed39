"""Simulator throughput: the add kernel on 16M float32 vs numpy and torch, a copy-only kernel vs memcpy.

Run: .venv/bin/python benchmarks/bench_sim.py [--threads N] [--n 16777216] [--reps 25] [--gap 0.02] [--burst 1]
                                              [--native]

The kernels are built as a shared library (benchmarks/sim/bench_lib.cpp) and called through ctypes, so the
simulator, numpy.add and torch.add run in one process and are timed call by call in rotating order: on a shared
machine the noise then hits every contender alike. Each row is the median of --reps turns (the best one beside
it); "vs torch" is the median over rounds of torch's time / the kernel's time measured in the same round. A turn is
one call after a pause (--burst 1) or the mean of --burst back-to-back calls after a warm-up call: torch's OpenMP
threads are much faster in that steady state than waking from idle, so the two regimes can rank differently.
Builds: -O2 (what a generated project's CMake uses for kernels), -O3, and with --native -O3 -march=native.
The simulator runs its blocks on OPKIT_SIM_THREADS = --threads threads; torch.set_num_threads(--threads);
numpy's element-wise add is single-threaded whatever the count.
"""
from __future__ import annotations

import argparse
import ctypes
import hashlib
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

_ROOT = Path(__file__).resolve().parents[1]
_SOURCES = [_ROOT / "tests/runtime/kernels/add_custom.cpp", _ROOT / "benchmarks/sim/copy_kernel.cpp",
            _ROOT / "benchmarks/sim/floor_kernels.cpp", _ROOT / "benchmarks/sim/vec_kernel.cpp",
            _ROOT / "benchmarks/sim/bench_lib.cpp"]
_BUILD = _ROOT / "build" / "bench-sim"
_CONFIGS: dict[str, tuple[str, ...]] = {"-O2": ("-O2",), "-O3": ("-O3",)}
_NATIVE = {"-O3 -march=native": ("-O3", "-march=native")}
_F32P = ctypes.POINTER(ctypes.c_float)
# What the generated TilingFunc picks for an add: the largest tile that 3 queues x 2 buffers of float fit in the
# 192 KiB Unified Buffer of an Ascend910B, in whole 32-byte blocks.
_UB_FILLING_TILE = 192 * 1024 // (3 * 2 * 4) // 8 * 8


def _include_dir() -> Path:
    sys.path.insert(0, str(_ROOT))
    import opkit

    return opkit.include_dir()


def build(flags: tuple[str, ...]) -> Path:
    """Compile the benchmark library once per (sources, headers, flags)."""
    cmd = ["g++", "-std=c++17", *flags, "-DNDEBUG", "-shared", "-fPIC", "-fvisibility=hidden", "-pthread",
           "-DDTYPE_X=float", f"-I{_include_dir()}", f"-I{_ROOT / 'tests/runtime/kernels'}", *map(str, _SOURCES)]
    digest = hashlib.sha256(" ".join(cmd).encode())
    for path in [*_SOURCES, *sorted(_include_dir().rglob("*.h"))]:
        digest.update(path.read_bytes())
    out = _BUILD / f"bench-{digest.hexdigest()[:16]}.so"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([*cmd, "-o", str(out)], check=True)
    return out


@dataclass
class Buffers:
    x: np.ndarray
    y: np.ndarray
    z: np.ndarray

    @classmethod
    def make(cls, n: int) -> Buffers:
        x = (np.arange(n, dtype=np.float32) % 1000).astype(np.float32)
        return cls(x, np.full(n, 0.5, dtype=np.float32), np.zeros(n, dtype=np.float32))

    def ptr(self, name: str) -> ctypes._Pointer:  # type: ignore[type-arg]
        return getattr(self, name).ctypes.data_as(_F32P)


@dataclass
class Contender:
    label: str
    moved: int                  # bytes a call reads + writes
    call: Callable[[], None]
    is_add: bool
    times: list[float] = field(default_factory=list)


def _checked(lib: ctypes.CDLL, name: str, *args: object) -> Callable[[], None]:
    fn = getattr(lib, name)

    def call() -> None:
        if fn(*args) != 0:
            raise SystemExit(f"{name} faulted (see stderr)")
    return call


_ADD_KERNEL, _STAGED_FLOOR, _FUSED_FLOOR = 0, 1, 2


def sim_contenders(label: str, lib_path: Path, buf: Buffers, args: argparse.Namespace,
                   floors: bool) -> list[Contender]:
    """The add and copy kernels; with `floors`, also the two baselines of floor_kernels.cpp on the same launch."""
    lib = ctypes.CDLL(str(lib_path))
    n, blocks, tile = ctypes.c_uint32(args.n), ctypes.c_uint32(args.blocks), ctypes.c_uint32(args.tile)
    adds = [(f"sim add kernel [{label}]", _ADD_KERNEL)]
    if floors:
        adds += [(f"staged floor [{label}]", _STAGED_FLOOR), (f"fused floor [{label}]", _FUSED_FLOOR)]
    found = []
    for name, kernel in adds:
        call = _checked(lib, "opkit_bench_add", buf.ptr("x"), buf.ptr("y"), buf.ptr("z"), n, blocks, tile,
                        ctypes.c_uint32(kernel))
        buf.z[:] = 0
        call()
        if not np.array_equal(buf.z, buf.x + buf.y):
            raise SystemExit(f"{name} computed a wrong result")
        found.append(Contender(name, 12 * args.n, call, True))
    copy = _checked(lib, "opkit_bench_copy", buf.ptr("x"), buf.ptr("z"), n, blocks, tile)
    copy()
    if not np.array_equal(buf.z, buf.x):
        raise SystemExit(f"sim copy kernel [{label}] computed a wrong result")
    return [*found, Contender(f"sim copy kernel [{label}]", 8 * args.n, copy, False)]


def memcpy_contender(lib_path: Path, buf: Buffers, threads: int) -> Contender:
    memcpy = ctypes.CDLL(str(lib_path)).opkit_bench_memcpy
    memcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint32]
    nbytes, zp, xp = 4 * len(buf.x), buf.z.ctypes.data, buf.x.ctypes.data
    return Contender(f"memcpy ({threads} thr)", 2 * nbytes, lambda: memcpy(zp, xp, nbytes, threads), False)


def reference_contenders(buf: Buffers, threads: int) -> list[Contender]:
    x, y, z = buf.x, buf.y, buf.z
    found = [Contender("numpy.add (1 thr)", 12 * len(x), lambda: np.add(x, y, out=z), True)]
    try:
        import torch
    except ImportError:
        return found
    torch.set_num_threads(threads)
    tx, ty, tz = torch.from_numpy(x), torch.from_numpy(y), torch.from_numpy(z)
    found.insert(0, Contender(f"torch.add ({threads} thr)", 12 * len(x), lambda: torch.add(tx, ty, out=tz), True))
    return found


def measure(contenders: list[Contender], reps: int, gap: float, burst: int) -> None:
    """One turn of every contender per round, the starting contender rotating from round to round.

    The pause before each turn lets the previous contender's threads go idle (torch's OpenMP workers spin for a
    while after a parallel region and would otherwise take a core from whoever runs next). A turn is one timed call
    (--burst 1: a call after idle, thread pools waking up) or an untimed call and then `burst` back-to-back calls
    timed together (the steady state of a model calling ops one after another).
    """
    for c in contenders:
        c.call()  # warm-up: page faults, thread pools
    for r in range(reps):
        for i in range(len(contenders)):
            c = contenders[(r + i) % len(contenders)]
            time.sleep(gap)
            if burst > 1:
                c.call()
            start = time.perf_counter()
            for _ in range(burst):
                c.call()
            c.times.append((time.perf_counter() - start) / burst)


def report(contenders: list[Contender], args: argparse.Namespace) -> None:
    torch_c = next((c for c in contenders if c.label.startswith("torch.add")), None)
    numpy_c = next(c for c in contenders if c.label.startswith("numpy.add"))
    turn = "one call after idle" if args.burst == 1 else f"{args.burst} back-to-back calls after a warm-up call"
    print(f"n = {args.n} float32, threads = {args.threads}, block dim = {args.blocks}, tile = {args.tile}, "
          f"{args.reps} interleaved rounds, a turn = {turn}")
    print(f"{'what':34} {'median s':>9} {'best s':>9} {'GB/s':>7} {'vs torch':>9} {'vs numpy':>9}")

    def ratio(base: Contender | None, c: Contender) -> str:
        if base is None or not c.is_add:
            return ""
        return f"{statistics.median(b / t for b, t in zip(base.times, c.times)):8.2f}x"
    for c in contenders:
        med = statistics.median(c.times)
        print(f"{c.label:34} {med:9.4f} {min(c.times):9.4f} {c.moved / med / 1e9:7.2f} {ratio(torch_c, c):>9} "
              f"{ratio(numpy_c, c):>9}")
    memcpy = next(c for c in contenders if c.label.startswith("memcpy"))
    for c in contenders:
        if c.label.startswith("sim copy"):
            share = statistics.median(m / t for m, t in zip(memcpy.times, c.times))
            print(f"{c.label} / memcpy bandwidth: {share:.2f}")
    floor = next(c for c in contenders if c.label.startswith("staged floor"))
    add = next(c for c in contenders if c.label == floor.label.replace("staged floor", "sim add kernel"))
    share = statistics.median(f / t for f, t in zip(floor.times, add.times))
    print(f"{add.label} / {floor.label} speed: {share:.2f} (1.00 = the simulator's API costs nothing)")
    if torch_c is None:
        print("torch is not installed: its row is skipped")


# vec_kernel.cpp's instructions, in its switch order, each with numpy's counterpart on (a, b) into d.
_VEC_OPS: list[tuple[str, Callable[[np.ndarray, np.ndarray, np.ndarray], object]]] = [
    ("Add", lambda a, b, d: np.add(a, b, out=d)),
    ("Mul", lambda a, b, d: np.multiply(a, b, out=d)),
    ("Exp", lambda a, b, d: np.exp(a, out=d)),
    ("Ln", lambda a, b, d: np.log(a, out=d)),
    ("Tanh", lambda a, b, d: np.tanh(a, out=d)),
    ("Sqrt", lambda a, b, d: np.sqrt(a, out=d)),
    ("Rsqrt", lambda a, b, d: np.divide(1.0, np.sqrt(a, out=d), out=d)),
    ("Relu", lambda a, b, d: np.maximum(a, 0.0, out=d)),
]


def vector_instructions(lib_path: Path, rounds: int) -> None:
    """ns per element of each vector instruction on a tile in UB (one block), beside numpy on in-cache arrays.

    numpy works on 8x longer arrays than the tile so its per-call cost (about a microsecond) stays small.
    """
    count, reps = 8192, 500
    fn = ctypes.CDLL(str(lib_path)).opkit_bench_vec
    fn.argtypes = [_F32P, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32]
    x = np.linspace(0.5, 10.0, count, dtype=np.float32)
    a = np.resize(x, 8 * count)
    b, d = a[::-1].copy(), np.empty_like(a)
    print(f"vector instructions on {count} float32 in UB, 1 block, {reps} calls per timing; numpy on {8 * count} "
          "in-cache float32")
    print(f"{'instruction':12} {'sim ns/elem':>12} {'numpy ns/elem':>14} {'sim / numpy speed':>18}")
    for op, (name, ufunc) in enumerate(_VEC_OPS):
        sim_t, np_t = [], []
        for _ in range(rounds):
            start = time.perf_counter()
            if fn(x.ctypes.data_as(_F32P), op, count, reps) != 0:
                raise SystemExit(f"vec_bench {name} faulted (see stderr)")
            sim_t.append((time.perf_counter() - start) / (count * reps))
            start = time.perf_counter()
            for _ in range(reps // 8):
                ufunc(a, b, d)
            np_t.append((time.perf_counter() - start) / (count * reps))
        sim, ref = statistics.median(sim_t), statistics.median(np_t)
        print(f"{name:12} {sim * 1e9:12.3f} {ref * 1e9:14.3f} {ref / sim:17.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=16 * 1024 * 1024)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--reps", type=int, default=25)
    parser.add_argument("--blocks", type=int, default=48, help="block dim (48 = vector cores of an Ascend910B2)")
    parser.add_argument("--tile", type=int, default=_UB_FILLING_TILE,
                        help="elements per tile; default: the largest whose 3 queues x 2 buffers fill Ascend910B's UB")
    parser.add_argument("--gap", type=float, default=0.02, help="seconds of pause before each timed call")
    parser.add_argument("--burst", type=int, default=1,
                        help="calls per turn: 1 = a call after idle; N > 1 = steady state, N back-to-back calls timed")
    parser.add_argument("--native", action="store_true", help="also build with -O3 -march=native")
    args = parser.parse_args()
    if args.n % 8 != 0:
        parser.error("--n must be a multiple of 8 (whole 32-byte blocks per kernel block)")
    os.environ["OPKIT_SIM_THREADS"] = str(args.threads)  # read by each library's pool on its first launch
    configs = {**_CONFIGS, **(_NATIVE if args.native else {})}
    libs = {label: build(flags) for label, flags in configs.items()}
    buf = Buffers.make(args.n)
    contenders = reference_contenders(buf, args.threads)
    for i, (label, path) in enumerate(libs.items()):
        contenders += sim_contenders(label, path, buf, args, floors=i == 0)
    contenders.append(memcpy_contender(next(iter(libs.values())), buf, args.threads))
    measure(contenders, args.reps, args.gap, args.burst)
    report(contenders, args)
    print()
    vector_instructions(next(iter(libs.values())), rounds=7)


if __name__ == "__main__":
    main()
