# reference.py: numpy reference maths the generated tests compare each operator with. Created by opkit gen 0.1.0; yours to edit.
"""One function per operator, same parameters as the operator, returning its outputs.

They start as what the kernel skeleton computes (output 0 = input 0 where the types allow, other outputs
zero); change them together with the `YOUR MATHS` block of each kernel.
"""
from __future__ import annotations

import numpy as np


def scale_shift_custom(x, bias=None, *, axis, alpha=0.1, count=-3, enabled=True, mode='say "hi" \\ back\nslash', acc_type='float32', sizes=[1, 1], scales=[0.5, 0.1, 1e-10], masks=[True, False], labels=['a', 'b"c'], groups=[[1, 2], [3]]):
    y = np.array(x, copy=True)
    return y


def gather_sum_custom(xs, weight):
    y = np.zeros(np.shape(xs[0]))
    mask = np.zeros(np.shape(y))
    return y, mask


def cast_like_custom(x, *, scale=3.4028234663852886e+38):
    y = np.zeros(np.shape(x))
    return y

