"""Run one op of an installed generated package on random inputs (the child process of `opkit profile PROJECT`).

    python -m opkit.profile.runner PACKAGE OP INPUTS SHAPE DTYPE
SHAPE is comma-separated ("8192,8192"), DTYPE a numpy name; every one of the INPUTS inputs gets that shape and dtype.
The parent sets OPKIT_PROFILE, so the launch is recorded.
"""
from __future__ import annotations

import importlib
import sys

import numpy as np


def main(argv: list[str]) -> int:
    package, op, inputs, shape_text, dtype = argv
    shape = tuple(int(d) for d in shape_text.split(",") if d.strip())
    rng = np.random.default_rng(0)
    arrays = []
    for _ in range(int(inputs)):
        if np.dtype(dtype).kind in "iu":
            arrays.append(rng.integers(-100, 100, size=shape).astype(dtype))
        else:
            arrays.append(rng.uniform(0.5, 2.0, size=shape).astype(dtype))
    getattr(importlib.import_module(package), op)(*arrays)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
