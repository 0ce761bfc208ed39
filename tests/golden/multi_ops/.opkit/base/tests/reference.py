# reference.py: numpy reference maths the generated tests compare each operator with. Created by opkit gen 0.1.0; yours to edit.
"""One function per operator, same parameters as the operator (numpy arrays in), returning its outputs.

Until a function is written it raises NotImplementedError, and the correctness tests of that operator are
SKIPPED (never passed) with a message pointing here; the "no kernel faults" tests run regardless.
Compute in float64 where you can: the tests compare with per-dtype tolerances.
"""
from __future__ import annotations

import numpy as np


def scale_shift_custom(
    x,
    bias=None,
    *,
    axis,
    alpha=0.1,
    count=-3,
    enabled=True,
    mode='say "hi" \\ back\nslash',
    acc_type='float32',
    sizes=[1, 1],
    scales=[0.5, 0.1, 1e-10],
    masks=[True, False],
    labels=['a', 'b"c'],
    groups=[[1, 2], [3]],
):
    # e.g. for an elementwise add: return (np.asarray(x, np.float64) + y).astype(x.dtype)
    raise NotImplementedError("write the reference maths of ScaleShiftCustom here, returning y")


def gather_sum_custom(
    xs,
    weight,
):
    # e.g. for an elementwise add: return (np.asarray(x, np.float64) + y).astype(x.dtype)
    raise NotImplementedError("write the reference maths of GatherSumCustom here, returning y, mask")


def cast_like_custom(
    x,
    *,
    scale=3.4028234663852886e+38,
):
    # e.g. for an elementwise add: return (np.asarray(x, np.float64) + y).astype(x.dtype)
    raise NotImplementedError("write the reference maths of CastLikeCustom here, returning y")

