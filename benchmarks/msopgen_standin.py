"""A stand-in for CANN's `msopgen gen` where CANN is not installed: the floor of the work msopgen does for one
prototype, so benchmarks/bench_gen.py can pair `opkit gen` with something on any machine.

What msopgen does, as a floor: start Python, import the standard-library modules its op_gen package uses, parse the
JSON and check each op's inputs, outputs and attrs, copy its project template tree and write the op's files (host,
kernel, tiling header, CMake and build scripts: about 30 files in CANN 8's custom-op project) with the op's names
substituted. The real tool does more (Excel IR parsing, per-SoC config files, framework plugins), so its time is
this one's or more: a ratio against the stand-in is stricter than against msopgen.

    python benchmarks/msopgen_standin.py -i add_custom.json -out DIR
"""
from __future__ import annotations

import argparse
import collections
import configparser
import json
import os
import re
import shutil
import stat
import time

_FILES = 30
_TEMPLATE = """// {name}: {kind} of {op}, inputs {inputs}, outputs {outputs}, attrs {attrs}
#include "register/op_def_registry.h"
namespace ops {{ class {op} : public OpDef {{ public: explicit {op}(const char* name) : OpDef(name) {{}} }}; }}
""" * 8


def _check(op: dict) -> dict:
    names = collections.OrderedDict()
    for key in ("input_desc", "output_desc", "attr"):
        for item in op.get(key, []):
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", item["name"]):
                raise SystemExit(f"bad name {item['name']!r}")
            names.setdefault(key, []).append(item["name"])
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-i", required=True)
    parser.add_argument("-out", required=True)
    args = parser.parse_args()
    with open(args.i, encoding="utf-8") as handle:
        ops = json.load(handle)
    configparser.ConfigParser()   # msopgen reads its ini files with it
    for op in ops if isinstance(ops, list) else [ops]:
        names = _check(op)
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", op["op"]).lower()
        for i in range(_FILES):
            path = os.path.join(args.out, f"dir{i % 6}", f"{snake}_{i}.cpp")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            text = _TEMPLATE.format(name=os.path.basename(path), kind=i, op=op["op"], inputs=names.get("input_desc"),
                                    outputs=names.get("output_desc"), attrs=names.get("attr"))
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.chmod(path, stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP)
    shutil.copy2(args.i, os.path.join(args.out, os.path.basename(args.i)))
    print(f"generated {args.out} at {time.strftime('%H:%M:%S')}")


if __name__ == "__main__":
    main()
