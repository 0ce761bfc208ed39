#!/usr/bin/python3
"""Every rank's c, gather and scatter equal their goldens (exactly: the data are small integers)."""
import sys

import numpy as np

RANKS = 4


def main(out: str) -> int:
    for r in range(RANKS):
        for name in ("c", "gather", "scatter"):
            got = np.fromfile(f"{out}/{name}_{r}.bin", np.float16)
            want = np.fromfile(f"{out}/golden_{name}_{r}.bin", np.float16)
            if got.shape != want.shape or not np.array_equal(got, want):
                bad = np.flatnonzero(got != want) if got.shape == want.shape else []
                print(f"[ERROR] {name} of rank {r} differs: {len(bad)} element(s), first {bad[:5]}")
                return 1
    print("test pass")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
