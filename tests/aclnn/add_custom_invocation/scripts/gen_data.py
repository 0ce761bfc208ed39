#!/usr/bin/env python3
"""Inputs and the golden output of add_custom: x + y in float16, 8 x 256."""
import numpy as np


def gen_golden_data_simple():
    rng = np.random.default_rng(7)
    input_x = rng.uniform(-100, 100, [8, 256]).astype(np.float16)
    input_y = rng.uniform(-100, 100, [8, 256]).astype(np.float16)
    golden = (input_x + input_y).astype(np.float16)
    input_x.tofile("./input/input_x.bin")
    input_y.tofile("./input/input_y.bin")
    golden.tofile("./output/golden.bin")


if __name__ == "__main__":
    gen_golden_data_simple()
