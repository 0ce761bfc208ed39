#!/usr/bin/env python3
"""Inputs and the golden var of accumulate_custom (var += x, var a ref tensor): float32, 4 x 257."""
import numpy as np


def gen_golden_data_simple():
    rng = np.random.default_rng(7)
    var = rng.uniform(-10, 10, [4, 257]).astype(np.float32)
    x = rng.uniform(-10, 10, [4, 257]).astype(np.float32)
    var.tofile("./input/var.bin")
    x.tofile("./input/x.bin")
    (var + x).astype(np.float32).tofile("./output/golden_var.bin")


if __name__ == "__main__":
    gen_golden_data_simple()
