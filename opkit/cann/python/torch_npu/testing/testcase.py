"""torch_npu.testing.testcase on the CPU: `TestCase` (unittest, with torch_npu's snake_case set-up hooks and its
`assertRtolEqual`) and `run_tests`."""
from __future__ import annotations

import sys
import unittest
from numbers import Number
from typing import Any, Sequence

import numpy as np
import torch

__all__ = ["TestCase", "run_tests"]

# torch_npu's tolerances: `prec` for float32/float64 and integers, `prec16` for float16 (and bfloat16, compared
# with allclose); the floors keep the relative error finite next to zero.
_PREC = 1.0e-4
_PREC16 = 1.0e-3
_FLOOR = 1.0e-9
_FLOOR16 = 6.0e-8
_CHECKED = (np.bool_, np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64, np.float16, np.float32,
            np.float64)


class TestCase(unittest.TestCase):
    """unittest.TestCase with torch_npu's hooks (`set_up`, `tear_down`, `set_up_class`, `tear_down_class`)."""

    def setUp(self) -> None:
        self.set_up()

    def tearDown(self) -> None:
        self.tear_down()

    @classmethod
    def setUpClass(cls) -> None:
        cls.set_up_class()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tear_down_class()

    def set_up(self) -> None:
        pass

    def tear_down(self) -> None:
        pass

    @classmethod
    def set_up_class(cls) -> None:
        pass

    @classmethod
    def tear_down_class(cls) -> None:
        pass

    def assertRtolEqual(self, x: Any, y: Any, prec: float = _PREC, prec16: float = _PREC16,
                        auto_trans_dtype: bool = False, message: str | None = None) -> None:
        """Equal within torch_npu's tolerance: an element passes when its absolute or its relative error is at
        most `prec` (`prec16` for float16); the check fails only when more than `size * prec` elements fail
        both ways. Shapes and dtypes must match."""
        if isinstance(x, Sequence) and isinstance(y, Sequence):
            for a, b in zip(x, y):
                self.assertRtolEqual(a, b, prec, prec16, auto_trans_dtype, message)
            return
        if isinstance(x, torch.Tensor) and isinstance(y, Sequence):
            y = torch.as_tensor(y, dtype=x.dtype)
        elif isinstance(y, torch.Tensor) and isinstance(x, Sequence):
            x = torch.as_tensor(x, dtype=y.dtype)
        if isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor):
            if auto_trans_dtype:
                x = x.to(y.dtype)
            if x.dtype == torch.bfloat16 and y.dtype == torch.bfloat16:
                self._check(x.shape == y.shape, f"shape error: {tuple(x.shape)} vs {tuple(y.shape)}", message)
                self._check(torch.allclose(x.detach().cpu(), y.detach().cpu(), rtol=prec16, atol=prec16),
                            "result error (bfloat16)", message)
                return
            x = x.detach().cpu().numpy()
            y = y.detach().cpu().numpy()
        elif isinstance(x, Number) and isinstance(y, Number):
            x, y = np.array(x), np.array(y)
        x, y = np.asarray(x), np.asarray(y)
        self._check(x.shape == y.shape, f"shape error: {x.shape} vs {y.shape}", message)
        self._check(x.dtype == y.dtype, f"dtype error: {x.dtype} vs {y.dtype}", message)
        self._check(x.dtype.type in _CHECKED, f"dtype {x.dtype} is not one assertRtolEqual compares", message)
        if x.dtype == np.bool_:
            self._check(bool(np.equal(x, y).all()), "result error (bool)", message)
        elif x.dtype == np.float16:
            self._compare(x, y, prec16, _FLOOR16, message)
        else:
            self._compare(x, y, prec, _FLOOR, message)

    def _compare(self, x: np.ndarray, y: np.ndarray, prec: float, floor: float, message: str | None) -> None:
        x, y = np.atleast_1d(x), np.atleast_1d(y)
        nan = np.isnan(x) if x.dtype.kind == "f" else np.zeros(x.shape, bool)
        self._check(bool(np.equal(nan, np.isnan(y) if y.dtype.kind == "f" else nan).all()),
                    "NaNs in different places", message)
        diff = np.abs(y.astype(np.float64) - x.astype(np.float64))
        diff[nan] = 0
        scale = np.maximum(np.abs(x.astype(np.float64)), np.abs(y.astype(np.float64)))
        bad_abs = diff > prec
        bad_rel = diff / (scale + floor) > prec
        limit = x.size * prec
        if bad_abs.sum() > limit and bad_rel.sum() > limit:
            worst = int(np.argmax(diff))
            self._check(False, f"result error: {int((bad_abs & bad_rel).sum())} of {x.size} elements differ by "
                        f"more than {prec} (worst at flat index {worst}: {x.flat[worst]} vs {y.flat[worst]})",
                        message)

    def _check(self, ok: bool, what: str, message: str | None) -> None:
        if not ok:
            self.fail(f"{message}: {what}" if message else what)


def run_tests(argv: list[str] | None = None) -> None:
    """Run the calling module's tests (unittest's main, as torch_npu's run_tests does)."""
    unittest.main(module="__main__", argv=argv or sys.argv)
