"""Wall time of `opkit gen` on the one-op prototype (examples/add_custom): median of N runs, in-process and as a
subprocess (what a user waits for, interpreter start included), paired with msopgen on the same file in the same
run, and their ratio. Target: ratio <= 1.0 (issue 16 measured 0.93 s against msopgen's 0.39 s, 2.35x).

msopgen is CANN's: `$MSOPGEN` or `msopgen` on PATH (`msopgen gen -i FILE -c ai_core-Ascend910B2 -lan cpp -out DIR`).
Without CANN the pair is `benchmarks/msopgen_standin.py`, a floor of what msopgen does (interpreter, its standard
library imports, JSON parse and checks, a project tree written from templates), so the ratio printed then is stricter
than the real one; the line says which ran.

    .venv/bin/python benchmarks/bench_gen.py [-n 15]
"""
from __future__ import annotations

import argparse
import os
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
    subprocess.run([sys.executable, "-m", "opkit", "-q", "gen", "-i", str(PROTOTYPE), "-o", str(out)], check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _msopgen_command() -> tuple[str, list[str]]:
    real = os.environ.get("MSOPGEN") or shutil.which("msopgen")
    if real:
        return "msopgen", [real, "gen", "-i", str(PROTOTYPE), "-c", "ai_core-Ascend910B2", "-lan", "cpp", "-out"]
    return "msopgen stand-in", [sys.executable, str(Path(__file__).with_name("msopgen_standin.py")), "-i",
                                str(PROTOTYPE), "-out"]


def _paired(runs: int, tmp: Path) -> tuple[str, list[float], list[float]]:
    """opkit gen and msopgen alternately on the same file, so both see the same machine load."""
    label, msopgen = _msopgen_command()
    ours, theirs = [], []
    for i in range(runs):
        out = tmp / f"pair-opkit-{i}"
        ours.append(_subprocess(out))
        shutil.rmtree(out)
        out = tmp / f"pair-msopgen-{i}"
        start = time.perf_counter()
        subprocess.run(msopgen + [str(out)], check=True, stdout=subprocess.DEVNULL)
        theirs.append(time.perf_counter() - start)
        shutil.rmtree(out, ignore_errors=True)
    return label, ours, theirs


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
        baseline, ours, theirs = _paired(runs, Path(tmp))
    for label, times in results.items():
        print(f"opkit gen add_custom, {label:10s}: median {statistics.median(times) * 1000:7.1f} ms "
              f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}, n={runs})")
    mine, other = statistics.median(ours), statistics.median(theirs)
    print(f"paired: opkit gen {mine * 1000:.1f} ms, {baseline} {other * 1000:.1f} ms (medians, n={runs})")
    floor = " (the stand-in is a floor of msopgen's work: the target is for real msopgen)" if "stand" in baseline else ""
    print(f"ratio opkit gen / {baseline}: {mine / other:.2f} (target <= 1.00){floor}")


if __name__ == "__main__":
    main()
