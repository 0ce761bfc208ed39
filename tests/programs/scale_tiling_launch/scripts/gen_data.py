"""Tiling (totalLength, tileNum, factor), the input x of 4 x 1024 float32 and the golden x * factor."""
import numpy as np


def gen_golden_data() -> None:
    rng = np.random.default_rng(7)
    x = rng.uniform(-10, 10, (4, 1024)).astype(np.float32)
    factor = np.float32(1.5)
    tiling = np.array([4 * 1024, 4], dtype=np.uint32).tobytes() + factor.tobytes()
    with open("./input/input_tiling.bin", "wb") as f:
        f.write(tiling)
    x.tofile("./input/input_x.bin")
    (x * factor).astype(np.float32).tofile("./output/golden.bin")


if __name__ == "__main__":
    gen_golden_data()
