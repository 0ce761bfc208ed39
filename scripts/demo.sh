#!/usr/bin/env bash
# The demo: install opkit, generate the add_custom project from its prototype, build the wheel, install it into a
# fresh virtual environment and call the op. The freshly generated kernel's compute step copies x to z (the place
# for your maths is marked in op_kernel/add_custom.cpp), so the printed z equals x.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
work=build/demo
rm -rf "$work" && mkdir -p "$work"
.venv/bin/opkit gen -i examples/add_custom/add_custom.json -o "$work/add_custom"
.venv/bin/opkit build "$work/add_custom"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check "$work"/add_custom/dist/*.whl
"$work/venv/bin/python" - <<'PY'
import numpy as np
import add_custom

x = np.arange(10, dtype=np.float32)
y = np.full(10, 0.5, dtype=np.float32)
print("x =", x)
print("y =", y)
print("add_custom(x, y) =", add_custom.add_custom(x, y), "(skeleton kernel: z = x until you write the maths)")
PY
