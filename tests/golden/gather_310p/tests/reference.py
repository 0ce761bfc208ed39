# reference.py: numpy reference maths the generated tests compare each operator with. Created by opkit gen 0.1.0; yours to edit.
"""One function per operator, same parameters as the operator (numpy arrays in), returning its outputs.

Until a function is written it raises NotImplementedError, and the correctness tests of that operator are
SKIPPED (never passed) with a message pointing here; the "no kernel faults" tests run regardless.
Compute in float64 where you can: the tests compare with per-dtype tolerances.
"""
from __future__ import annotations

import numpy as np


def gather_sum_custom(
    xs,
    weight,
):
    # e.g. for an elementwise add: return (np.asarray(x, np.float64) + y).astype(x.dtype)
    raise NotImplementedError("write the reference maths of GatherSumCustom here, returning y, mask")

# Optional, read by the generated tests when present (opkit.testing.extra_cases / attr_cases):
# def cases_gather_sum_custom():      # more cases: shape, attrs, input value range, input dtypes (default: all)
#     return [{"name": "rows", "shape": (64, 129), "value_range": (-50, 50)}]
# def attr_values_gather_sum_custom():    # attr values to try instead of opkit's samples ([]: keep the default)
#     return {}

