#!/usr/bin/env bash
# The demo: install opkit, generate the add_custom example (examples/add_custom: prototype, Ascend C kernel, host
# tiling, reference) into build/demo, build its wheel, install the wheel into a fresh virtual environment and call
# the op there, checking the sum it prints. Takes a minute or two; needs Python 3.10+ and a C++17 compiler.
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
# Run away from the project so that only the installed wheel is imported.
cd "$work"
venv/bin/python - <<'PY'
import numpy as np
import add_custom

x = np.arange(10, dtype=np.float32)
y = np.full(10, 0.5, dtype=np.float32)
z = add_custom.add_custom(x, y)
print("x =", x)
print("y =", y)
print("add_custom(x, y) =", z)
if not np.array_equal(z, x + y):
    raise SystemExit(f"add_custom returned {z}, expected {x + y}")
try:
    import torch
except ImportError:
    print("(torch is not installed in this environment: `pip install torch` there to call the op on tensors)")
else:
    t = add_custom.add_custom(torch.ones(4), torch.full((4,), 2.0))
    print("torch: add_custom(ones(4), full(4, 2.0)) =", t, "| torch.ops.add_custom.add_custom:",
          torch.ops.add_custom.add_custom(torch.ones(2), torch.ones(2)))
PY
