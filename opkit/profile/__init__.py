"""`opkit profile`: an estimate of a kernel's NPU time from the simulator's counts of what each block issues.

Counting is the simulator's (opkit/sim/profile.h, on when OPKIT_PROFILE names a file); the timing model is
model.py with the per-SoC constants of soc_table.py; reports are report.py. It is an ESTIMATE: calibrated on two
published msprof rows (see soc_table.py), never a measurement.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from opkit.errors import ProfileError
from opkit.profile.estimate import Estimate, estimate_launch
from opkit.profile.report import PNG_MISSING, format_compare, format_table, write_png, write_trace

__all__ = ["Estimate", "estimate_launch", "read_launches", "profile_program", "profile_op", "write_reports",
           "format_table", "format_compare", "project_ops", "DEFAULT_SHAPE", "PNG_MISSING"]

# The input shape `opkit profile PROJECT` uses when none is given: one 4096-element row per vector core of the
# default SoC (196,608 elements), big enough for a tiled kernel's steady state, small enough to simulate in seconds.
DEFAULT_SHAPE = (48, 4096)

_DTYPES = {"fp16": "float16", "half": "float16", "float": "float32", "fp32": "float32", "bf16": "bfloat16"}


def _split(a: np.ndarray, counts: list[int]) -> list[np.ndarray]:
    cuts = np.cumsum([0, *counts]).tolist()
    return [a[x:y] for x, y in zip(cuts[:-1], cuts[1:])]


def _runs(data: bytes, pos: int, nruns: list[int],
          counts: list[int]) -> tuple[int, np.ndarray, list[tuple[np.ndarray, np.ndarray]]]:
    """(position after them, every event's class, each block's (period ids, their repeats)) of opkit-profile/4's
    runs (opkit/sim/profile_runs.h) at byte `pos` of `data`."""
    runs = np.frombuffer(data, dtype="<u4", count=2 * sum(nruns), offset=pos).reshape(-1, 2).astype(np.int64)
    pos += 4 * runs.size
    periods, repeats = runs[:, 0], runs[:, 1]
    bases = np.frombuffer(data, dtype="<u4", count=int(periods.sum()), offset=pos)
    pos += bases.nbytes
    start = (np.cumsum(periods) - periods).tolist()
    sizes = periods * repeats
    if len(runs) <= 4096:   # a tiled kernel's few runs: each period written over its repeats
        ids = np.empty(int(sizes.sum()), dtype=np.uint32)
        at = 0
        for a, p, r in zip(start, periods.tolist(), repeats.tolist()):
            ids[at: at + p * r].reshape(r, p)[:] = bases[a: a + p]
            at += p * r
    else:   # run r's events are bases[start_r + i % period_r]
        first = np.cumsum(sizes) - sizes
        within = np.arange(int(sizes.sum()), dtype=np.int64) - np.repeat(first, sizes)
        ids = bases[np.repeat(np.asarray(start, dtype=np.int64), sizes) + within % np.repeat(periods, sizes)]
    per_block = np.cumsum([0, *nruns])
    got = [int(sizes[a:b].sum()) for a, b in zip(per_block[:-1], per_block[1:])]
    if got != counts:
        raise ValueError(f"runs of {sum(got)} events for {sum(counts)} events")
    weights = np.repeat(repeats, periods)
    cut = np.cumsum([0, *(int(periods[a:b].sum()) for a, b in zip(per_block[:-1], per_block[1:]))])
    return pos, ids, [(bases[x:y], weights[x:y]) for x, y in zip(cut[:-1], cut[1:])]


def read_launches(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every launch recorded in an OPKIT_PROFILE file, in launch order: op, soc, block_dim, names, classes (the
    event classes, (k, 6) int64), ids (each block's events as their classes, uint32), copies (each block's copies'
    fields a and d, (n, 2) int64) and, as recorded, runs (each block's runs' period ids and how often each repeats:
    its count of each class without counting its events); opkit/sim/profile.h describes the format.
    model.expand_blocks gives the events as rows per block (the blocks of the older opkit-profile/2 files)."""
    data = Path(path).read_bytes()
    launches: list[dict[str, Any]] = []
    pos = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        end = len(data) if end < 0 else end
        line = data[pos:end].strip()
        pos = end + 1
        if not line:
            continue
        try:
            launch = json.loads(line)
            if launch.get("format") in ("opkit-profile/3", "opkit-profile/4"):  # classes, copies' fields, events
                counts = [int(n) for n in launch.pop("events")]
                ncopies = [int(n) for n in launch["copies"]]
                k = int(launch["classes"])
                launch["classes"] = np.frombuffer(data, dtype="<i8", count=6 * k, offset=pos).reshape(-1, 6)
                pos += launch["classes"].nbytes
                ad = np.frombuffer(data, dtype="<i8", count=2 * sum(ncopies), offset=pos).reshape(-1, 2)
                pos += ad.nbytes
                if launch["format"] == "opkit-profile/4":   # each block's events as runs of a repeated period
                    pos, ids, launch["runs"] = _runs(data, pos, [int(n) for n in launch["runs"]], counts)
                else:
                    ids = np.frombuffer(data, dtype="<u4", count=sum(counts), offset=pos)
                    pos += ids.nbytes
                if len(ids) and int(ids.max()) >= k:
                    raise ValueError(f"an event of class {int(ids.max())} of {k}")
                launch["copies"] = _split(ad, ncopies)
                launch["ids"] = _split(ids, counts)
            elif "blocks" not in launch:  # opkit-profile/2: the rows of every block follow the header line
                counts = [int(n) for n in launch.pop("events")]
                rows = np.frombuffer(data, dtype="<i8", count=6 * sum(counts), offset=pos).reshape(-1, 6)
                pos += rows.nbytes
                launch["blocks"] = _split(rows, counts)
        except (ValueError, KeyError, TypeError) as e:
            raise ProfileError(f"{path}: byte {pos}: not a launch recorded by opkit's simulator ({e})") from e
        launches.append(launch)
    return launches


def _recorded(command: list[str], env: dict[str, str], record: Path, what: str,
              echo: bool = False) -> list[dict[str, Any]]:
    if record.exists():
        record.unlink()
    proc = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **env, "OPKIT_PROFILE":
                                                                         str(record)})
    # (a recording launch's time limit is 4x the plain one's unless OPKIT_KERNEL_TIMEOUT sets it: watchdog.h)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise ProfileError(f"{what} failed (exit {proc.returncode}):\n{tail}", output=proc.stdout + proc.stderr)
    if echo:   # the program's own output, as msprof shows the application's (its checks: "test pass!")
        sys.stdout.write(proc.stdout)
        sys.stderr.write(proc.stderr)
        sys.stdout.flush()
    if not record.exists():
        raise ProfileError(f"{what} ran no kernel launch (nothing recorded); does it use ICPU_RUN_KF or "
                           f"opkit::sim::Launch from this opkit's headers?")
    return read_launches(record)


def profile_program(command: list[str], *, soc: str | None = None,
                    record: Path | None = None, echo: bool = False) -> list[Estimate]:
    """Run a kernel-launch program (ICPU_RUN_KF / opkit::sim::Launch) with recording on; one estimate per launch.
    `echo`: pass the program's stdout/stderr on once it ends."""
    with tempfile.TemporaryDirectory(prefix="opkit-profile-") as tmp:
        path = record or Path(tmp) / "launches.opkit-profile"
        launches = _recorded(command, {}, path, " ".join(command), echo)
    return [estimate_launch(launch, soc) for launch in launches]


def project_ops(project: str | os.PathLike[str]) -> list[str]:
    """The ops (snake names) of a generated project's prototype, [] when it has none."""
    from opkit.spec import load_spec

    names: list[str] = []
    root = Path(project)
    for proto in sorted([*root.glob("*.json"), *root.glob("*.yaml"), *root.glob("*.yml")]):
        try:
            spec = load_spec(proto)
        except Exception:  # noqa: BLE001 - any other JSON in the project root is not the prototype
            continue
        names += [o.name for o in spec.ops if o.name not in names]
    return names


def _find_op(project: Path, op: str) -> tuple[str, str, int]:
    """(python package, op's snake name, input count) of `op` (snake name or OpType) in a generated project."""
    from opkit.spec import load_spec

    packages = sorted(p.parent.name for p in (project / "python").glob("*/__init__.py"))
    if not packages:
        raise ProfileError(f"{project}: no python/<package>/ folder; is it a project made by `opkit gen`?")
    for proto in sorted([*project.glob("*.json"), *project.glob("*.yaml"), *project.glob("*.yml")]):
        try:
            spec = load_spec(proto)
        except Exception:  # noqa: BLE001 - any other JSON in the project root is not the prototype
            continue
        for o in spec.ops:
            if op in (o.name, o.op_type):
                return packages[0], o.name, len(o.inputs)
    raise ProfileError(f"{project}: no op named {op!r} in the project's prototype")


def profile_op(project: str | os.PathLike[str], op: str, shape: tuple[int, ...] | list[int], dtype: str = "float16",
               *, soc: str | None = None, on_line: Any = lambda line: None) -> Estimate:
    """Build (if stale) and install a generated project into a scratch folder, run `op` once on random inputs of
    `shape` and `dtype` (every input alike) with recording on, and estimate that launch. `.to_dict()` gives the
    numbers as a dict."""
    from opkit.check.run import install_project

    root = Path(os.path.realpath(project))
    package, name, inputs = _find_op(root, op)
    dtype = _DTYPES.get(dtype, dtype)
    with tempfile.TemporaryDirectory(prefix="opkit-profile-") as tmp:
        target = Path(tmp) / "site"
        install_project(root, target, on_line)
        env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(target), os.environ.get("PYTHONPATH", "")]))}
        if soc:
            env["OPKIT_SOC"] = soc
        command = [sys.executable, "-m", "opkit.profile.runner", package, name, str(inputs),
                   ",".join(map(str, shape)), dtype]
        launches = _recorded(command, env, Path(tmp) / "launches.opkit-profile", f"{package}.{name}")
    return estimate_launch(launches[-1], soc)


def write_reports(e: Estimate, out_dir: Path, stem: str, *, trace: bool = True,
                  png: bool = True) -> dict[str, Path | None]:
    """`stem`.json (the numbers), and unless turned off `stem`.trace.json (Chrome/Perfetto) and `stem`.png (None
    without matplotlib)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    numbers = out_dir / f"{stem}.json"
    numbers.write_text(json.dumps(e.to_dict(), indent=2) + "\n")
    trace_path = write_trace(e, out_dir / f"{stem}.trace.json") if trace else None
    png_path = out_dir / f"{stem}.png"
    return {"trace": trace_path, "png": png_path if png and write_png(e, png_path) else None, "json": numbers}
