"""Import time of a generated package, the issue-16 targets: `import <pkg>` for numpy use costs at most 0.2 s beyond
numpy while torch is installed but not imported, and at most 0.5 s beyond `import torch` when it is.

Each figure is the median of N fresh interpreters (`-X importtime` is not used: it slows imports down):
  numpy            import numpy
  numpy+pkg        import numpy; import <pkg>          -> extra over numpy, and whether torch got imported
  torch            import torch
  torch+pkg        import torch; import <pkg>          -> extra over torch (torch.ops.<pkg> registered here)
and the ratios (numpy+pkg)/numpy and (torch+pkg)/torch.

    .venv/bin/python benchmarks/bench_startup.py [-n 7] [--package add_custom] [--path DIR]
Build and install a project first (e.g. `opkit gen -i examples/add_custom/add_custom.json -o build/examples/add_custom
--force && opkit test build/examples/add_custom`), or give --path: a directory the package is installed into (pip
install --target DIR).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

_PROBE = """
import sys, time, json
start = time.perf_counter()
{first}
middle = time.perf_counter()
{second}
end = time.perf_counter()
print(json.dumps({{"first": middle - start, "second": end - middle, "torch": "torch" in sys.modules}}))
"""


def _probe(first: str, second: str, env: dict[str, str]) -> dict:
    code = _PROBE.format(first=first, second=second)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, cwd="/")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=7, help="interpreters per figure")
    parser.add_argument("--package", default="add_custom")
    parser.add_argument("--path", default=None, help="directory holding the installed package (PYTHONPATH)")
    args = parser.parse_args()
    env = dict(os.environ)
    if args.path:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [args.path, env.get("PYTHONPATH")]))
    pkg = args.package
    rows = {"numpy": [], "numpy+pkg": [], "torch": [], "torch+pkg": []}
    torch_pulled = False
    for _ in range(args.n):
        run = _probe("import numpy", f"import {pkg}", env)
        rows["numpy"].append(run["first"])
        rows["numpy+pkg"].append(run["first"] + run["second"])
        torch_pulled |= run["torch"]
        run = _probe("import torch", f"import {pkg}", env)
        rows["torch"].append(run["first"])
        rows["torch+pkg"].append(run["first"] + run["second"])
    med = {k: statistics.median(v) for k, v in rows.items()}
    for key, value in med.items():
        print(f"{key:10s} median {value * 1000:8.1f} ms (n={args.n})")
    print(f"import {pkg} beyond numpy: {(med['numpy+pkg'] - med['numpy']) * 1000:.1f} ms (target <= 200); "
          f"ratio {med['numpy+pkg'] / med['numpy']:.2f}; torch imported by it: {'yes' if torch_pulled else 'no'}")
    print(f"import {pkg} beyond torch: {(med['torch+pkg'] - med['torch']) * 1000:.1f} ms (target <= 500); "
          f"ratio {med['torch+pkg'] / med['torch']:.2f}")


if __name__ == "__main__":
    main()
