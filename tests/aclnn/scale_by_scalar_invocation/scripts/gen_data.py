#!/usr/bin/env python3
"""Inputs and golden outputs of scale_by_scalar: x float32 3 x 100 scaled by 2.5, and x float16 3 x 100 by -0.5;
aclnnScaleTwice's strided and broadcast cases."""
import numpy as np


def gen_golden_data_simple():
    rng = np.random.default_rng(5)
    input_x = rng.uniform(-10, 10, [3, 100]).astype(np.float32)
    input_x16 = rng.uniform(-10, 10, [3, 100]).astype(np.float16)
    input_x.tofile("./input/input_x.bin")
    input_x16.tofile("./input/input_x16.bin")
    (input_x * np.float32(2.5)).astype(np.float32).tofile("./output/golden.bin")
    (input_x16 * np.float16(-0.5)).astype(np.float16).tofile("./output/golden16.bin")
    # aclnnScaleTwice: x the transpose of a 100 x 3 buffer; out the even columns of a zeroed 3 x 200 float16 buffer
    input_xt = rng.uniform(-10, 10, [100, 3]).astype(np.float32)
    input_xt.tofile("./input/input_xt.bin")
    twice = np.zeros([3, 200], np.float16)
    twice[:, ::2] = (input_xt.T * np.float32(2.5) * np.float32(2.5)).astype(np.float16)
    twice.tofile("./output/golden_twice.bin")
    # a row of 100 broadcast to out's 3 x 100
    input_row = rng.uniform(-10, 10, [100]).astype(np.float32)
    input_row.tofile("./input/input_row.bin")
    row = np.broadcast_to(input_row * np.float32(2.5) * np.float32(2.5), [3, 100]).astype(np.float16)
    row.tofile("./output/golden_twice_row.bin")


if __name__ == "__main__":
    gen_golden_data_simple()
