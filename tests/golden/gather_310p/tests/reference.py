# reference.py: numpy reference maths the generated tests compare each operator with. Created by opkit gen 0.1.0; yours to edit.
"""One function per operator, same parameters as the operator, returning its outputs.

They start as what the kernel skeleton computes (output 0 = input 0 where the types allow, other outputs
zero); change them together with the `YOUR MATHS` block of each kernel.
"""
from __future__ import annotations

import numpy as np


def gather_sum_custom(xs, weight):
    y = np.zeros(np.shape(xs[0]))
    mask = np.zeros(np.shape(y))
    return y, mask

