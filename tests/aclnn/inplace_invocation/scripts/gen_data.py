#!/usr/bin/env python3
"""Inputs and golden results of the in-place ops, float32, 3 x 100: var += 0.5 * x (aclnnApplyAxpyCustom, var a ref
tensor), then x *= -3 (aclnnScalInplaceCustom, an op without outputs)."""
import numpy as np


def gen_golden_data_simple():
    rng = np.random.default_rng(5)
    var = rng.uniform(-10, 10, [3, 100]).astype(np.float32)
    x = rng.uniform(-10, 10, [3, 100]).astype(np.float32)
    var.tofile("./input/var.bin")
    x.tofile("./input/x.bin")
    (var + x * np.float32(0.5)).astype(np.float32).tofile("./output/golden_var.bin")
    (x * np.float32(-3)).astype(np.float32).tofile("./output/golden_x.bin")


if __name__ == "__main__":
    gen_golden_data_simple()
