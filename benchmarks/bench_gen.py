"""Wall time of `opkit gen` on the one-op prototype (examples/add_custom): median of N runs, in-process and as a
subprocess (what a user waits for, interpreter start included). Target: under 0.5 s.

    .venv/bin/python benchmarks/bench_gen.py [-n 15]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROTOTYPE = REPO / "examples" / "add_custom" / "add_custom.json"


def _in_process(out: Path) -> float:
    from opkit.generate import generate_project
    from opkit.spec import load_spec

    start = time.perf_counter()
    generate_project(load_spec(PROTOTYPE), out)
    return time.perf_counter() - start


def _subprocess(out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "opkit", "-q", "gen", "-i", str(PROTOTYPE), "-o", str(out)], check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=15, help="runs per mode")
    runs = parser.parse_args().n
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for label, fn in (("in-process", _in_process), ("subprocess", _subprocess)):
            times = []
            for i in range(runs):
                out = Path(tmp) / f"{label}-{i}"
                times.append(fn(out))
                shutil.rmtree(out)
            results[label] = times
    for label, times in results.items():
        print(f"opkit gen add_custom, {label:10s}: median {statistics.median(times) * 1000:7.1f} ms "
              f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}, n={runs})")


if __name__ == "__main__":
    main()
