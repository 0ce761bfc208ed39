"""Compare output_z.bin with golden.bin as half values: exit 0 and "test pass" when they agree."""
import sys

import numpy as np

RELATIVE_TOL = 1e-3
ABSOLUTE_TOL = 1e-3


def verify_result(output: str, golden: str) -> bool:
    z = np.fromfile(output, dtype=np.float16).astype(np.float32)
    g = np.fromfile(golden, dtype=np.float16).astype(np.float32)
    if z.shape != g.shape:
        print(f"[ERROR] {output} has {z.size} values, {golden} has {g.size}")
        return False
    bad = np.nonzero(~np.isclose(z, g, rtol=RELATIVE_TOL, atol=ABSOLUTE_TOL))[0]
    for i in bad[:10]:
        print(f"[ERROR] index {i}: expected {g[i]:.6f}, got {z[i]:.6f}")
    return bad.size == 0


if __name__ == "__main__":
    ok = verify_result(sys.argv[1], sys.argv[2])
    print("test pass" if ok else "[ERROR] result error")
    sys.exit(0 if ok else 1)
