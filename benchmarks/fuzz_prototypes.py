"""Random valid prototypes through the whole user path: opkit gen -> opkit build -> install -> import -> one call of
every op through numpy and (when installed) torch, outputs of the prototype's dtypes and input 0's shape. The ops
come from tests/prototype_fuzz.py (required/optional/dynamic inputs and every attr type, with and without defaults, in
any order, one to three dtype combinations); --per-build of them share one prototype file, so one build covers them.
tests/test_robustness_probe.py runs a small sample of the same in CI.

    .venv/bin/python benchmarks/fuzz_prototypes.py [--count N] [--seed S] [--per-build K] [-j JOBS]

Prints each failing op with the stage that failed (gen, build, install, import or call) and, last,
`passed P/N prototypes (seed S)`; exits 1 when any failed.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.prototype_fuzz import CALL_SCRIPT, prototype_text, random_ops  # noqa: E402

WORK = REPO / "build" / "fuzz"


def _run(command: list[str], **kwargs: object) -> tuple[bool, str]:
    proc = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    return proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]


def _batch(ops: list[dict], index: int, seed: int, jobs: int) -> dict[str, str]:
    """Per op name: "ok" or "<stage>: <what went wrong>"."""
    root = WORK / f"seed{seed}_b{index}"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    (root / "ops.json").write_text(prototype_text(ops))
    names = [_snake(op["op"]) for op in ops]
    package = f"fuzz_s{seed}_b{index}"
    steps = [
        ("gen", [sys.executable, "-m", "opkit", "gen", "-i", str(root / "ops.json"), "-o", str(root / "project"),
                 "--name", package]),
        ("build", [sys.executable, "-m", "opkit", "build", str(root / "project"), "-j", str(jobs)]),
    ]
    for stage, command in steps:
        ok, output = _run(command, cwd=root)
        if not ok:
            return {name: f"{stage}: {output}" for name in names}
    wheel = next((root / "project" / "dist").glob("*.whl"))
    ok, output = _run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--disable-pip-version-check",
                       "--target", str(root / "site"), str(wheel)])
    if not ok:
        return {name: f"install: {output}" for name in names}
    proc = subprocess.run([sys.executable, "-c", CALL_SCRIPT, package, *names], capture_output=True, text=True,
                          cwd=root, env={"PYTHONPATH": str(root / "site"), "PATH": "/usr/bin:/bin"})
    if proc.returncode != 0:
        return {name: f"import: {(proc.stdout + proc.stderr)[-3000:]}" for name in names}
    return {name: result if result == "ok" else f"call: {result}"
            for name, result in json.loads(proc.stdout.strip().splitlines()[-1])}


def _snake(op_type: str) -> str:
    from opkit.spec.naming import snake_case

    return snake_case(op_type)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=24, help="prototypes (ops) to try")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-build", type=int, default=8, help="ops per prototype file (one build each)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    ops = random_ops(args.count, args.seed)
    results: dict[str, str] = {}
    start = time.monotonic()
    for index in range(0, len(ops), args.per_build):
        batch = ops[index:index + args.per_build]
        results.update(_batch(batch, index // args.per_build, args.seed, args.jobs))
        print(f"... {len(results)}/{len(ops)} done, {time.monotonic() - start:.0f} s", file=sys.stderr)
    failed = {name: why for name, why in results.items() if why != "ok"}
    for name, why in failed.items():
        print(f"FAILED {name}: {why}")
    print(f"passed {len(results) - len(failed)}/{len(results)} prototypes (seed {args.seed}) in "
          f"{time.monotonic() - start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
