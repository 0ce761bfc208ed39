"""What `opkit profile` costs over an ordinary simulator run of the same launch.

Run: .venv/bin/python benchmarks/bench_profile.py [--reps 5] [--total 16777216] [--cores 8] [--tile 4096]

Builds tests/profile/add_bench.cpp (the CANN-style half add) at -O2 and times its ICPU_RUN_KF launch (the program
prints it) without recording, with OPKIT_PROFILE set (counting + writing the JSON line), and the Python model on the
recorded launch. Prints the median of --reps runs of each and the ratios (recorded / plain, and recorded + model /
plain); the issue's budget is 2x.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(_ROOT))

from opkit.profile import estimate_launch, read_launches  # noqa: E402
from tests.runtime.cxx import compile_program  # noqa: E402


def _launch_seconds(program: Path, args: list[str], record: Path | None) -> float:
    env = dict(os.environ)
    env.pop("OPKIT_PROFILE", None)
    if record is not None:
        record.unlink(missing_ok=True)
        env["OPKIT_PROFILE"] = str(record)
    out = subprocess.run([str(program), *args], capture_output=True, text=True, env=env, check=True).stdout
    return float(out.split("launch_s=")[1].split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--total", type=int, default=16 * 1024 * 1024)
    parser.add_argument("--cores", type=int, default=8)
    parser.add_argument("--tile", type=int, default=4096)
    a = parser.parse_args()
    program = compile_program(_ROOT / "tests/profile/add_bench.cpp", opt="-O2").path
    args = [str(a.total), str(a.cores), str(a.tile), "2"]
    plain, recorded, model = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "launch.jsonl"
        for _ in range(a.reps):
            plain.append(_launch_seconds(program, args, None))
            recorded.append(_launch_seconds(program, args, record))
            start = time.perf_counter()
            estimate_launch(read_launches(record)[-1])
            model.append(time.perf_counter() - start)
    p, r, m = (statistics.median(x) for x in (plain, recorded, model))
    print(f"add_bench {' '.join(args)} (half add, {a.total} elements, {a.cores} blocks, tile {a.tile}), "
          f"median of {a.reps}")
    print(f"  plain launch        {p * 1e3:9.2f} ms")
    print(f"  recorded launch     {r * 1e3:9.2f} ms   ratio {r / p:.2f}x")
    print(f"  + model (Python)    {m * 1e3:9.2f} ms   ratio {(r + m) / p:.2f}x")


if __name__ == "__main__":
    main()
