"""Reference maths of the project whose ops share their names with the C library's functions."""
import numpy as np


def exp(x):
    return np.exp(np.asarray(x, np.float64)).astype(x.dtype)


def asinh(x):
    return np.arcsinh(np.asarray(x, np.float64)).astype(x.dtype)


def div(x1, x2):
    return (np.asarray(x1, np.float64) / x2).astype(x1.dtype)


def fill(x, *, value=0.0):
    return np.full_like(x, value)
