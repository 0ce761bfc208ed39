#!/usr/bin/env python3
"""Compare an output file with the golden one (float32): at most 0.1% of the elements may differ by more than 1e-3."""
import sys

import numpy as np

RELATIVE_TOL = 1e-3
ERROR_TOL = 1e-3


def verify_result(output, golden):
    output = np.fromfile(output, dtype=np.float32).reshape(-1)
    golden = np.fromfile(golden, dtype=np.float32).reshape(-1)
    if output.size != golden.size:
        print(f"[ERROR] output has {output.size} elements, golden {golden.size}")
        return False
    different = np.where(np.abs(output.astype(np.float32) - golden) > np.abs(golden.astype(np.float32)) * RELATIVE_TOL)[0]
    ratio = different.size / golden.size
    print(f"error ratio: {ratio:.4f}, tolerance: {ERROR_TOL:.4f}")
    return ratio <= ERROR_TOL


if __name__ == "__main__":
    if verify_result(sys.argv[1], sys.argv[2]):
        print("test pass")
    else:
        print("[ERROR] result error")
        sys.exit(1)
