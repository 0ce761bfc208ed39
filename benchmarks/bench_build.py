"""Wall time a user waits for `opkit gen` + `opkit build` of examples/add_custom from nothing (cold), and for
`opkit build` again after touching the one kernel file (rebuild: that kernel's dtype combinations recompile, the
module relinks, the wheel is repacked). Both through the CLI in subprocesses, as a user runs them.
Targets on a 2-core machine: cold under 30 s, rebuild under 5 s.

    .venv/bin/python benchmarks/bench_build.py [-j 2] [--prototype PATH]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROTOTYPE = REPO / "examples" / "add_custom" / "add_custom.json"


def _timed(*args: str, cwd: Path) -> float:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "opkit", *args], cwd=cwd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"opkit {' '.join(args)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", default="2")
    parser.add_argument("--prototype", type=Path, default=PROTOTYPE)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="opkit-bench-build-") as tmp:
        root = Path(tmp)
        project = root / args.prototype.stem
        gen = _timed("gen", "-i", str(args.prototype), "-o", str(project), cwd=root)
        build = _timed("build", str(project), "-j", args.jobs, cwd=root)
        kernel = sorted((project / "op_kernel").glob("*.cpp"))[0]
        kernel.touch()
        rebuild = _timed("build", str(project), "-j", args.jobs, cwd=root)
    print(f"prototype        {args.prototype.name} (-j {args.jobs})")
    print(f"cold gen         {gen:6.2f} s")
    print(f"cold build       {build:6.2f} s")
    print(f"cold gen+build   {gen + build:6.2f} s   (target < 30 s)")
    print(f"rebuild (touch {kernel.relative_to(project)})  {rebuild:6.2f} s   (target < 5 s)")


if __name__ == "__main__":
    main()
