"""Reference maths of the in-place ops: each returns what its tensors hold after the call (var for ApplyAxpyCustom;
x, its only input, for ScalInplaceCustom, which has no outputs)."""
import numpy as np


def apply_axpy_custom(var, x, *, alpha=2.0):
    var, x = np.asarray(var), np.asarray(x)
    return (var + (x * var.dtype.type(alpha)).astype(var.dtype)).astype(var.dtype)


def scal_inplace_custom(x, *, alpha):
    x = np.asarray(x)
    return (x * x.dtype.type(alpha)).astype(x.dtype)
