"""Reference maths for the generated tests of gelu_custom: one function per operator, same parameters.

Both compute in float64 and round once to the input dtype, which is what the kernels approximate (they compute in
float and round once)."""
from __future__ import annotations

import numpy as np

_SQRT_2_OVER_PI = np.sqrt(2.0 / np.pi)
_COEFF = 0.044715


def gelu_custom(x: np.ndarray) -> np.ndarray:
    """GELU, tanh form: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))."""
    x = np.asarray(x)
    x64 = x.astype(np.float64)
    y = 0.5 * x64 * (1.0 + np.tanh(_SQRT_2_OVER_PI * (x64 + _COEFF * x64**3)))
    return y.astype(x.dtype)


def gelu_custom_grad(dy: np.ndarray, x: np.ndarray) -> np.ndarray:
    """dy * d/dx gelu(x) for the tanh form."""
    dy, x = np.asarray(dy), np.asarray(x)
    x64 = x.astype(np.float64)
    t = np.tanh(_SQRT_2_OVER_PI * (x64 + _COEFF * x64**3))
    slope = 0.5 * (1.0 + t) + 0.5 * x64 * (1.0 - t * t) * _SQRT_2_OVER_PI * (1.0 + 3.0 * _COEFF * x64**2)
    return (dy.astype(np.float64) * slope).astype(dy.dtype)


def gelu_custom_torch(x):
    """The same GELU in torch, for `opkit bench`'s torch column (optional; the tests use gelu_custom above)."""
    import torch

    return torch.nn.functional.gelu(x, approximate="tanh")
