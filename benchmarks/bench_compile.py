"""Compile time of typical kernel translation units with and without opkit's precompiled simulator header
(opkit/build/pch.py, used by `opkit cc`): median wall and user CPU seconds of N compiles each. Target: <= 3 s per kernel TU
on a quiet machine.

    .venv/bin/python benchmarks/bench_compile.py [-n 5] [--flags "-O2 -g"]
"""
from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from opkit.build.pch import pch_flags

REPO = Path(__file__).resolve().parents[1]
INCLUDE = REPO / "opkit" / "runtime" / "include"
# (name, source, extra options): a kernel-launch sample's kernel and a generated project's kernel.
KERNELS = [
    ("add_launch/add_custom.cpp", REPO / "tests" / "programs" / "add_launch" / "add_custom.cpp", []),
    ("gelu_custom.cpp (half)", REPO / "examples" / "gelu_custom" / "op_kernel" / "gelu_custom.cpp",
     ["-DDTYPE_X=half", "-DDTYPE_Y=half", f"-I{REPO / 'examples' / 'gelu_custom' / 'op_kernel'}"]),
]


def _compile(command: list[str]) -> tuple[float, float]:
    """(wall, user CPU) seconds of one compile."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    start = time.perf_counter()
    subprocess.run(command, check=True)
    return time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=5)
    parser.add_argument("--flags", default="-O2 -g")
    args = parser.parse_args()
    cxx = os.environ.get("CXX", "g++")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("OPKIT_PCH_DIR", str(Path(tmp) / "pch"))
        print(f"{'kernel TU':28} {'mode':8} {'wall s':>8} {'user s':>8}")
        for name, source, extra in KERNELS:
            base = [cxx, "-std=c++17", *shlex.split(args.flags), "-DASCENDC_CPU_DEBUG=1", "-D__CCE_KT_TEST__=1",
                    *extra, "-isystem", str(INCLUDE), "-pthread", "-c", str(source), "-o", str(Path(tmp) / "k.o")]
            start = time.perf_counter()
            pch = pch_flags(cxx, base[1:])
            built = time.perf_counter() - start
            for mode, command in (("headers", base), ("pch", [base[0], *pch, *base[1:]])):
                runs = [_compile(command) for _ in range(args.n)]
                wall = statistics.median(r[0] for r in runs)
                user = statistics.median(r[1] for r in runs)
                print(f"{name:28} {mode:8} {wall:8.2f} {user:8.2f}")
            print(f"{'':28} (building the PCH once: {built:.1f} s; cached per compiler, options and headers)")


if __name__ == "__main__":
    main()
