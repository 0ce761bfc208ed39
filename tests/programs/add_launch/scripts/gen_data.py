"""Inputs and the golden output of add_custom: two half tensors of 8 x 2048 and their sum."""
import numpy as np


def gen_golden_data() -> None:
    rng = np.random.default_rng(13)
    x = rng.uniform(-10, 10, (8, 2048)).astype(np.float16)
    y = rng.uniform(-10, 10, (8, 2048)).astype(np.float16)
    x.tofile("./input/input_x.bin")
    y.tofile("./input/input_y.bin")
    (x + y).astype(np.float16).tofile("./output/golden.bin")


if __name__ == "__main__":
    gen_golden_data()
