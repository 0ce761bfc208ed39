"""Comparing an op's outputs with the reference's (per-dtype tolerances, located messages); calling the reference."""
from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from opkit.check.cases import Case
from opkit.check.inputs import canonical, fresh_copies, to_numpy

__all__ = ["Tolerance", "TOLERANCES", "tolerance", "check_output_dtypes", "assert_close", "ReferenceMissing",
           "call_reference"]


@dataclass(frozen=True)
class Tolerance:
    rtol: float
    atol: float

    @property
    def exact(self) -> bool:
        return self.rtol == 0 and self.atol == 0


# Floats: about a couple of ulps of the type (a kernel computing in the type itself, vs a float64 reference);
# close to torch.testing's defaults, with a wider atol for the 16-bit types whose results near 0 round coarsely.
TOLERANCES: dict[str, Tolerance] = {
    "float16": Tolerance(1e-3, 1e-3),
    "bfloat16": Tolerance(1.6e-2, 1e-2),
    "float32": Tolerance(1.3e-6, 1e-5),
    "double": Tolerance(1e-7, 1e-7),
    "complex64": Tolerance(1.3e-6, 1e-5),
    "complex128": Tolerance(1e-7, 1e-7),
}
_EXACT = Tolerance(0.0, 0.0)


def tolerance(dtype: Any) -> Tolerance:
    """rtol/atol for a dtype (name, numpy or torch dtype); integers and bool compare exactly."""
    return TOLERANCES.get(canonical(dtype), _EXACT)


def check_output_dtypes(result: Any, case: Case, *, op: str = "") -> None:
    """The op returned one array/tensor (or list, for dynamic outputs) per output, each of the case's dtype."""
    outputs = result if isinstance(result, tuple) else (result,)
    if len(outputs) != len(case.outputs):
        raise AssertionError(f"{case.describe(op)}: the op returned {len(outputs)} outputs, expected "
                             f"{len(case.outputs)}")
    for i, (value, want) in enumerate(zip(outputs, case.outputs)):
        for item in value if isinstance(value, list) else [value]:
            got = canonical(getattr(item, "dtype", type(item).__name__))
            if got != canonical(want):
                raise AssertionError(f"{case.describe(op)}: output {i} has dtype {got}, expected {want}")


def _expected_dtype(case: Case | None, index: int, dtype: Any) -> str:
    if dtype is not None:
        return canonical(dtype)
    if case is not None and index < len(case.outputs):
        return case.outputs[index]
    return ""


def assert_close(actual: Any, expected: Any, *, op: str = "", case: Case | None = None, dtype: Any = None,
                 rtol: float | None = None, atol: float | None = None) -> None:
    """Compare an op's output(s) with the reference's; a tuple compares output by output.

    Tolerances default to the output dtype's (`case.outputs[i]`, or `dtype`, or the actual array's). On a
    mismatch raises AssertionError whose first line names the op, dtype combination and shape, then the
    count of mismatches, the max abs and max rel error and where the worst element is.
    """
    pairs = list(zip(actual, expected)) if isinstance(actual, tuple) else [(actual, expected)]
    if isinstance(actual, tuple) and (not isinstance(expected, tuple) or len(actual) != len(expected)):
        raise AssertionError(f"{_where(op, case)}: the op returned {len(actual)} outputs, the reference "
                             f"{len(expected) if isinstance(expected, tuple) else 1}")
    for i, (got, want) in enumerate(pairs):
        label = _where(op, case) + (f" output {i}" if len(pairs) > 1 else "")
        _compare(got, want, label, _expected_dtype(case, i, dtype), rtol, atol)


def _where(op: str, case: Case | None) -> str:
    return case.describe(op) if case is not None else (op or "output")


def _compare(actual: Any, expected: Any, label: str, dtype: str, rtol: float | None, atol: float | None) -> None:
    got_dtype = canonical(getattr(actual, "dtype", ""))
    if dtype and got_dtype and got_dtype != dtype:
        raise AssertionError(f"{label}: output dtype is {got_dtype}, expected {dtype}")
    got, want = to_numpy(actual), to_numpy(expected)
    if got.shape != want.shape:
        raise AssertionError(f"{label}: output shape is {got.shape}, the reference's is {want.shape}")
    tol = tolerance(dtype or got_dtype)
    tol = Tolerance(tol.rtol if rtol is None else rtol, tol.atol if atol is None else atol)
    exact_kinds = got.dtype.kind in "biu" and want.dtype.kind in "biu"
    # Integers compare as int64 so values past 2**53 stay exact; everything else in float64/complex128.
    kind = np.int64 if exact_kinds else np.complex128 if np.iscomplexobj(got) or np.iscomplexobj(want) else np.float64
    g, w = got.astype(kind), want.astype(kind)
    if exact_kinds:
        abs_err = np.abs(g - w).astype(np.float64)
        bad = g != w
    else:
        both_nan = np.isnan(g) & np.isnan(w)
        abs_err = np.where(both_nan, 0.0, np.abs(g - w))
        # NaN on one side only is a mismatch; NaN on both is agreement (both produced "no number").
        bad = ~(abs_err <= tol.atol + tol.rtol * np.abs(w)) & ~both_nan
    if not bad.any():
        return
    worst = _worst(abs_err, bad)
    # The worst element is shown in its own dtype (float32 0.1049, not its float64 widening 0.10490011...).
    shown = (tuple(int(i) for i in worst), got[worst].item(), want[worst].item())
    raise AssertionError(_mismatch_message(label, w, abs_err, bad, tol, dtype or got_dtype, shown))


def _worst(abs_err: np.ndarray, bad: np.ndarray) -> tuple[np.intp, ...]:
    scores = np.where(np.isnan(abs_err), np.inf, abs_err)
    return np.unravel_index(int(np.argmax(np.where(bad, scores, -1.0))), abs_err.shape)


def _mismatch_message(label: str, want: np.ndarray, abs_err: np.ndarray, bad: np.ndarray, tol: Tolerance,
                      dtype: str, worst: tuple[tuple[int, ...], Any, Any]) -> str:
    with np.errstate(divide="ignore", invalid="ignore"):
        rel_err = np.where(abs_err == 0, 0.0, abs_err / np.abs(want))
    count, total = int(bad.sum()), bad.size
    finite_rel = rel_err[bad & np.isfinite(rel_err)]
    max_rel = float(finite_rel.max()) if finite_rel.size else float("inf")
    max_abs = float(np.where(np.isnan(abs_err), np.inf, abs_err)[bad].max())
    rule = "exact" if tol.exact else f"rtol={tol.rtol:g}, atol={tol.atol:g}"
    index, got_value, want_value = worst
    return (f"{label}: {count} of {total} elements differ ({100 * count / total:.3g}%); "
            f"max abs error {max_abs:.6g}, max rel error {max_rel:.6g}\n"
            f"  worst at index {index}: got {got_value!r}, expected {want_value!r}\n"
            f"  tolerance for {dtype or 'this dtype'}: {rule}")


class ReferenceMissing(Exception):
    """The reference function is not written yet (raised by call_reference when pytest is unavailable)."""


def call_reference(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call the user's reference; while it raises NotImplementedError the calling test is SKIPPED (never passed),
    with a reason naming the file and function to write. Same reason for every case, so summaries group it. It gets
    copies of the arrays: a reference of an in-place op may write them, and the op runs on the originals after it."""
    try:
        return func(*fresh_copies(args), **kwargs)
    except NotImplementedError:
        reason = f"reference not written: implement {func.__name__}() in {_source_of(func)}"
    try:
        import pytest
    except ImportError:
        raise ReferenceMissing(reason) from None
    pytest.skip(reason)


def _source_of(func: Callable[..., Any]) -> str:
    try:
        path = inspect.getsourcefile(func) or "?"
    except TypeError:
        return getattr(func, "__module__", "?")
    try:
        return os.path.relpath(path)
    except ValueError:   # another drive on Windows
        return path
