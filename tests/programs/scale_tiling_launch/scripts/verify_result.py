"""Compare output_z.bin with golden.bin (float32); prints `test pass` or exits 1."""
import sys

import numpy as np

if __name__ == "__main__":
    out = np.fromfile(sys.argv[1], dtype=np.float32)
    golden = np.fromfile(sys.argv[2], dtype=np.float32)
    if out.shape != golden.shape or not np.allclose(out, golden, rtol=1e-6, atol=1e-6):
        print("[ERROR] result error")
        sys.exit(1)
    print("test pass")
