#!/usr/bin/env python3
"""Inputs and the golden output of scale_axpy_custom with alpha 0.5, beta 3: float32, 3 x 100."""
import numpy as np


def gen_golden_data_simple():
    rng = np.random.default_rng(11)
    input_x = rng.uniform(-10, 10, [3, 100]).astype(np.float32)
    input_y = rng.uniform(-10, 10, [3, 100]).astype(np.float32)
    golden = (input_x * np.float32(0.5) + input_y * np.float32(3)).astype(np.float32)
    input_x.tofile("./input/input_x.bin")
    input_y.tofile("./input/input_y.bin")
    golden.tofile("./output/golden.bin")


if __name__ == "__main__":
    gen_golden_data_simple()
