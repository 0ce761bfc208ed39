"""What `opkit profile` costs over an ordinary simulator run of the same launch, and what recording costs when off.

Run: .venv/bin/python benchmarks/bench_profile.py [--reps 5] [--total 16777216] [--cores 8] [--tile 4096]
                                                  [--copy-tile 128] [--without-recorder REV]

Builds tests/profile/add_bench.cpp (the CANN-style half add) at -O2 and times its ICPU_RUN_KF launch (the program
prints it), twice: the add bench (8 blocks, 4096-element tiles) and a copy-heavy launch (48 blocks, 128-element
tiles: 2M events, each copy moving only 256 bytes, so the simulator's own work per event is small), without
recording (plain) and with OPKIT_PROFILE set (counting + writing the launch's events), then
times reading the recorded file and the timing model on it (read_launches + estimate_launch: the table's numbers
and advice). The profile's ratio is (recorded launch + read + model) / plain launch, each the median of --reps runs
taken in turn in the same run; the issue's budget is 2x. The trace JSON and PNG are not included: they are drawn
only when asked for (write_reports), and their cost grows with the intervals drawn, not with the launch.

Recording off: the same program built from the headers of REV (default: main just before the recorder was merged,
whose headers differ from that merge's only by the recorder's hooks) against this tree's, both plain; the
difference also holds whatever else changed in the headers since REV, so it is an upper bound.
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

_BEFORE_RECORDER = "b90f324^1"


def _launch_seconds(program: Path, args: list[str], record: Path | None) -> float:
    env = dict(os.environ)
    env.pop("OPKIT_PROFILE", None)
    if record is not None:
        record.unlink(missing_ok=True)
        env["OPKIT_PROFILE"] = str(record)
    out = subprocess.run([str(program), *args], capture_output=True, text=True, env=env, check=True).stdout
    return float(out.split("launch_s=")[1].split()[0])


def _headers_at(rev: str) -> Path | None:
    """opkit's runtime headers as of git revision `rev`, extracted once under build/; None outside a git checkout."""
    proc = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], cwd=_ROOT,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return None
    commit = proc.stdout.strip()
    root = _ROOT / "build" / "bench-profile" / f"headers-{commit[:12]}"
    if not (root / "opkit/runtime/include").is_dir():
        root.mkdir(parents=True, exist_ok=True)
        tar = subprocess.run(["git", "archive", commit, "opkit/runtime/include"], cwd=_ROOT, capture_output=True,
                             check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(root)], input=tar, check=True)
    return root / "opkit/runtime/include"


def _case(label: str, program: Path, args: list[str], reps: int, baseline: Path | None,
          without: str) -> None:
    plain, recorded, read, model, unrecorded = [], [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "launch.opkit-profile"
        for _ in range(reps):
            if baseline is not None:
                unrecorded.append(_launch_seconds(baseline, args, None))
            plain.append(_launch_seconds(program, args, None))
            recorded.append(_launch_seconds(program, args, record))
            start = time.perf_counter()
            launch = read_launches(record)[-1]
            read.append(time.perf_counter() - start)
            start = time.perf_counter()
            estimate_launch(launch)
            model.append(time.perf_counter() - start)
    p, r, rd, m = (statistics.median(x) for x in (plain, recorded, read, model))
    events = sum(len(b) for b in launch["ids"])
    print(f"{label}: add_bench {' '.join(args)} ({events} events), median of {reps}")
    print(f"  plain launch (OPKIT_PROFILE unset)   {p * 1e3:9.2f} ms")
    print(f"  recorded launch (count + write)      {r * 1e3:9.2f} ms   recorded / plain {r / p:.2f}x")
    print(f"  read the recorded file               {rd * 1e3:9.2f} ms")
    print(f"  timing model (estimate_launch)       {m * 1e3:9.2f} ms")
    print(f"  profile = recorded + read + model    {(r + rd + m) * 1e3:9.2f} ms   profile / plain "
          f"{(r + rd + m) / p:.2f}x (budget 2x; trace JSON and PNG not included, drawn only on request)")
    if unrecorded:
        u = statistics.median(unrecorded)
        print(f"  recording off: plain launch built without the recorder ({without}) {u * 1e3:.2f} ms, "
              f"with it {p * 1e3:.2f} ms: {(p / u - 1) * 100:+.1f}% (noise included; an upper bound)")
    else:
        print(f"  recording off: not measured ({without} is not in this checkout's history)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--total", type=int, default=16 * 1024 * 1024)
    parser.add_argument("--cores", type=int, default=8)
    parser.add_argument("--tile", type=int, default=4096)
    parser.add_argument("--copy-tile", type=int, default=128,
                        help="tile of the copy-heavy case (48 blocks, 3 copies of 2 * TILE bytes per tile)")
    parser.add_argument("--without-recorder", default=_BEFORE_RECORDER, metavar="REV")
    a = parser.parse_args()
    source = _ROOT / "tests/profile/add_bench.cpp"
    program = compile_program(source, opt="-O2").path
    old_headers = _headers_at(a.without_recorder)
    baseline = compile_program(source, opt="-O2", flags=(f"-I{old_headers}",)).path if old_headers else None
    _case("add bench", program, [str(a.total), str(a.cores), str(a.tile), "2"], a.reps, baseline,
          a.without_recorder)
    _case("copy-heavy", program, [str(a.total), "48", str(a.copy_tile), "2"], a.reps, None, a.without_recorder)


if __name__ == "__main__":
    main()
