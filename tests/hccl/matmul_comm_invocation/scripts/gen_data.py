#!/usr/bin/python3
"""Per rank: a [64, 32] and b [32, 48], small integers (every product and sum is exact in float16); the goldens of
c = AllReduce(a @ b), gather = AllGather(a) and scatter = ReduceScatter(a @ b)."""
import numpy as np

RANKS, M, K, N = 4, 64, 32, 48

rng = np.random.default_rng(7)
a = [rng.integers(-2, 3, (M, K)).astype(np.float16) for _ in range(RANKS)]
b = [rng.integers(-2, 3, (K, N)).astype(np.float16) for _ in range(RANKS)]
total = sum(x.astype(np.float32) @ y.astype(np.float32) for x, y in zip(a, b)).astype(np.float16)
for r in range(RANKS):
    a[r].tofile(f"input/a_{r}.bin")
    b[r].tofile(f"input/b_{r}.bin")
    total.tofile(f"output/golden_c_{r}.bin")
    np.concatenate(a).tofile(f"output/golden_gather_{r}.bin")
    total[r * M // RANKS:(r + 1) * M // RANKS].tofile(f"output/golden_scatter_{r}.bin")
