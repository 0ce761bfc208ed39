"""Reference maths of ScaleAxpyCustom (opkit test reads tests/reference.py of a CANN project)."""
import numpy as np


def scale_axpy_custom(x, y, *, alpha=1.5, beta=2):
    x, y = np.asarray(x), np.asarray(y)
    # As the kernel computes: Muls takes its scalar in the tensor's type (int32 scales by int(alpha)), and each of the
    # three steps rounds to the tensor's type.
    a, b = x.dtype.type(alpha), x.dtype.type(beta)
    return (x * a).astype(x.dtype) + (y * b).astype(x.dtype)
