"""Helpers the generated tests import: case matrix, per-dtype tolerances, seeded inputs, comparison, reference skips.

Works with numpy alone; torch tensors are accepted wherever arrays are. A generated test looks like::

    from opkit import testing

    CASES = testing.case_matrix(COMBINATIONS, testing.tiling_shapes(tile_length=TILE_LENGTH, core_count=CORES))

    @pytest.mark.parametrize("case", testing.pytest_params(CASES))
    def test_add_custom(case):
        inputs = testing.random_inputs(case.inputs, case.shape, seed=0)
        want = testing.call_reference(reference.add_custom, *inputs)
        testing.assert_close(add_custom.add_custom(*inputs), want, op="add_custom", case=case)

`tile_length` (elements one core handles per loop iteration) and `core_count` (block dim the tiling uses) come
from the generated project, which knows its tiling; the shapes then land on the tiling's edges.
"""
from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["Tolerance", "TOLERANCES", "tolerance", "ShapeCase", "tiling_shapes", "Case", "case_matrix",
           "pytest_params", "numpy_dtype", "random_array", "random_inputs", "to_numpy", "assert_close",
           "call_reference", "ReferenceMissing", "op_inputs", "numpy_can_hold", "check_output_dtypes",
           "gradcheck_combination", "AttrCase", "attr_cases", "VALUE_RANGES", "ExtraCase", "extra_cases", "attr_values"]


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
_ALIASES = {"float": "float32", "half": "float16", "float64": "double", "fp16": "float16", "fp32": "float32",
            "bf16": "bfloat16"}


def _canonical(dtype: Any) -> str:
    name = str(dtype).removeprefix("torch.")
    return _ALIASES.get(name, name)


def tolerance(dtype: Any) -> Tolerance:
    """rtol/atol for a dtype (name, numpy or torch dtype); integers and bool compare exactly."""
    return TOLERANCES.get(_canonical(dtype), _EXACT)


@dataclass(frozen=True)
class ShapeCase:
    name: str                     # what edge it hits: "one-element", "one-tile", ...
    shape: tuple[int, ...]


def tiling_shapes(*, tile_length: int, core_count: int, large: int = 1 << 20) -> list[ShapeCase]:
    """Shapes that hit a 1-D tiling's edges, for a kernel that splits the elements over `core_count` cores in
    tiles of `tile_length` elements. Odd counts are never a multiple of 32 bytes for any dtype, so the
    "unaligned" and "tail" cases exercise the padded copy paths. Duplicated shapes are dropped."""
    if tile_length < 1 or core_count < 1:
        raise ValueError(f"tile_length and core_count must be >= 1, got {tile_length} and {core_count}")
    spread = tile_length * core_count
    cases = [
        ShapeCase("one-element", (1,)),
        ShapeCase("unaligned", (37,)),
        ShapeCase("one-tile", (tile_length,)),
        ShapeCase("one-tile-2d", (2, tile_length // 2) if tile_length % 2 == 0 else (1, tile_length)),
        ShapeCase("all-cores", (spread,)),
        ShapeCase("many-tiles-all-cores", (3, spread + 1)),
        ShapeCase("tail", (4 * spread + 7,)),
        ShapeCase("empty", (0,)),
        ShapeCase("large", (max(large, 8 * spread) + 3,)),
    ]
    seen: set[tuple[int, ...]] = set()
    return [c for c in cases if not (c.shape in seen or seen.add(c.shape))]


@dataclass(frozen=True)
class Case:
    """One correctness case: a dtype combination (inputs, outputs) and a shape."""

    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    shape: tuple[int, ...]
    shape_name: str = ""

    @property
    def id(self) -> str:
        dims = "x".join(map(str, self.shape)) or "scalar"
        return f"{'-'.join(self.inputs)}->{'-'.join(self.outputs)}-{self.shape_name or 'shape'}{dims}"

    def describe(self, op: str = "") -> str:
        """`add_custom [float16, float16 -> float16] shape (4, 4097)`"""
        combo = f"[{', '.join(self.inputs)} -> {', '.join(self.outputs)}]"
        return f"{op + ' ' if op else ''}{combo} shape {self.shape}"


def case_matrix(combinations: Iterable[tuple[Sequence[str], Sequence[str]]],
                shapes: Iterable[ShapeCase | tuple[int, ...]]) -> list[Case]:
    """Every (input dtypes, output dtypes) combination crossed with every shape."""
    shape_cases = [s if isinstance(s, ShapeCase) else ShapeCase("", tuple(s)) for s in shapes]
    return [Case(tuple(ins), tuple(outs), s.shape, s.name) for ins, outs in combinations for s in shape_cases]


def pytest_params(cases: Iterable[Case]) -> list[Any]:
    """`pytest.param(case, id=case.id)` for each case (pytest imported here: the rest works without it)."""
    import pytest

    return [pytest.param(c, id=c.id) for c in cases]


def numpy_dtype(dtype: Any) -> np.dtype | None:
    """numpy's dtype for a prototype dtype name; bfloat16 needs ml_dtypes, else None."""
    name = _canonical(dtype)
    if name == "bfloat16":
        try:
            import ml_dtypes
        except ImportError:
            return None
        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype({"double": "float64"}.get(name, name))


def random_array(dtype: str, shape: tuple[int, ...], rng: np.random.Generator, *, torch: bool = False,
                 value_range: tuple[float, float] | None = None) -> Any:
    """Seeded values in a realistic range: floats ~ N(0, 1) clipped to [-4, 4], signed ints in [-8, 8],
    unsigned in [0, 16], bools half true; `value_range=(low, high)` draws uniformly from it instead (integers
    inclusive). `torch=True` returns a torch tensor (needed for bfloat16 without ml_dtypes)."""
    name = _canonical(dtype)
    if value_range is not None and name != "bool":
        values = _uniform(name, shape, rng, value_range)
    elif name == "bool":
        values: np.ndarray = rng.random(shape) < 0.5
    elif name.startswith("int"):
        values = rng.integers(-8, 9, size=shape).astype(name)
    elif name.startswith("uint"):
        values = rng.integers(0, 17, size=shape).astype(name)
    elif name.startswith("complex"):
        values = (np.clip(rng.standard_normal(shape), -4, 4) + 1j * np.clip(rng.standard_normal(shape), -4, 4))
        values = values.astype(name)
    else:
        values = np.clip(rng.standard_normal(shape), -4, 4).astype(np.float32 if name == "bfloat16" else
                                                                    numpy_dtype(name))
    if torch:
        import torch as _torch

        tensor = _torch.from_numpy(np.ascontiguousarray(values))
        return tensor.to(getattr(_torch, name if name != "double" else "float64"))
    if name == "bfloat16":
        target = numpy_dtype(name)
        if target is None:
            raise TypeError("bfloat16 arrays need the ml_dtypes package; pass torch=True for torch tensors")
        return values.astype(target)
    return values


def _uniform(name: str, shape: tuple[int, ...], rng: np.random.Generator, bounds: tuple[float, float]) -> np.ndarray:
    low, high = bounds
    if name.startswith(("int", "uint")):
        return rng.integers(int(low), int(high), size=shape, endpoint=True).astype(name)
    if name.startswith("complex"):
        return (rng.uniform(low, high, shape) + 1j * rng.uniform(low, high, shape)).astype(name)
    return rng.uniform(low, high, shape).astype(np.float32 if name == "bfloat16" else numpy_dtype(name))


# Wider values than random_array's default, per dtype: large enough to show a kernel that overflows an intermediate
# or loses precision, small enough that an elementwise sum or product of two stays finite / in range.
VALUE_RANGES: dict[str, tuple[float, float]] = {
    "float16": (-100.0, 100.0), "bfloat16": (-100.0, 100.0), "float32": (-1e4, 1e4), "double": (-1e6, 1e6),
    "int8": (-60, 60), "uint8": (0, 120), "int16": (-8000, 8000), "uint16": (0, 16000),
    "int32": (-10**6, 10**6), "uint32": (0, 10**6), "int64": (-10**9, 10**9), "uint64": (0, 10**9),
    "complex64": (-1e3, 1e3), "complex128": (-1e3, 1e3),
}


def random_inputs(dtypes: Sequence[str], shape: tuple[int, ...], *, seed: int = 0, torch: bool = False,
                  value_range: tuple[float, float] | None = None) -> list[Any]:
    """One random array per dtype, all of `shape`, from one seeded generator (same seed -> same inputs);
    `value_range` as in random_array, or "wide" for each dtype's VALUE_RANGES."""
    rng = np.random.default_rng(seed)
    return [random_array(d, shape, rng, torch=torch,
                         value_range=VALUE_RANGES.get(_canonical(d)) if value_range == "wide" else value_range)
            for d in dtypes]


def numpy_can_hold(dtypes: Sequence[str]) -> bool:
    """Whether numpy arrays can carry every one of `dtypes` here (bfloat16 needs ml_dtypes)."""
    return all(numpy_dtype(d) is not None for d in dtypes)


def op_inputs(case: Case, kinds: Sequence[str], *, seed: int = 0, torch: bool = False,
              value_range: Any = None) -> list[Any]:
    """Arguments for an op call: one random input per IR input of `case.shape`; a dynamic input ("dynamic" in
    `kinds`) gets a list of two tensors, an optional one a tensor (so its code path runs too). `value_range`: see
    random_inputs."""
    flat = random_inputs(case.inputs, case.shape, seed=seed, torch=torch, value_range=value_range)
    again = random_inputs(case.inputs, case.shape, seed=seed + 1, torch=torch, value_range=value_range)
    return [[a, b] if kind == "dynamic" else a for a, b, kind in zip(flat, again, kinds)]


def check_output_dtypes(result: Any, case: Case, *, op: str = "") -> None:
    """The op returned one array/tensor (or list, for dynamic outputs) per output, each of the case's dtype."""
    outputs = result if isinstance(result, tuple) else (result,)
    if len(outputs) != len(case.outputs):
        raise AssertionError(f"{case.describe(op)}: the op returned {len(outputs)} outputs, expected "
                             f"{len(case.outputs)}")
    for i, (value, want) in enumerate(zip(outputs, case.outputs)):
        for item in value if isinstance(value, list) else [value]:
            got = _canonical(getattr(item, "dtype", type(item).__name__))
            if got != _canonical(want):
                raise AssertionError(f"{case.describe(op)}: output {i} has dtype {got}, expected {want}")


def gradcheck_combination(combinations: Sequence[tuple[Sequence[str], Sequence[str]]],
                          differentiable: Sequence[int]) -> int | None:
    """Index of the first combination whose differentiable inputs are all float32 or double (16-bit floats are
    too coarse for finite differences), or None when there is none."""
    for i, (ins, _) in enumerate(combinations):
        if differentiable and all(_canonical(ins[k]) in ("float32", "double") for k in differentiable):
            return i
    return None


def to_numpy(value: Any) -> Any:
    """numpy view of an array or torch tensor (lists element-wise); bfloat16 tensors are widened to float32."""
    if isinstance(value, (list, tuple)):
        return type(value)(to_numpy(v) for v in value)
    if type(value).__module__.split(".")[0] == "torch":
        value = value.detach().cpu()
        if str(value.dtype) == "torch.bfloat16":
            value = value.float()
        return value.numpy()
    return np.asarray(value)


# ------------------------------------------------------------------------------------------- comparison


def _expected_dtype(case: Case | None, index: int, dtype: Any) -> str:
    if dtype is not None:
        return _canonical(dtype)
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
    got_dtype = _canonical(getattr(actual, "dtype", ""))
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


# ------------------------------------------------------------------------------------------- references


class ReferenceMissing(Exception):
    """The reference function is not written yet (raised by call_reference when pytest is unavailable)."""


def call_reference(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call the user's reference; while it raises NotImplementedError the calling test is SKIPPED (never passed),
    with a reason naming the file and function to write. Same reason for every case, so summaries group it."""
    try:
        return func(*args, **kwargs)
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


# ------------------------------------------------------------------------------------------- attrs and extra cases


@dataclass(frozen=True)
class AttrCase:
    """Attr values for one call: the defaults with one attr (`changed`) set to a sampled value."""

    changed: str
    attrs: dict[str, Any]

    @property
    def id(self) -> str:
        return f"{self.changed}={self.attrs[self.changed]!r}".replace(" ", "")


def _other_float(value: float) -> float:
    # Negative and not a whole number, exact in float16 and bfloat16: a kernel that drops the attr, truncates it to an
    # int or takes its absolute value gives another result.
    return -0.75 if value != -0.75 else 1.25


def _other_int(value: int) -> int:
    return 3 if value != 3 else 2


def _sample(attr_type: str, value: Any, dtypes: Sequence[str]) -> list[Any]:
    """Values other than `value` for an attr of `attr_type`; [] where opkit cannot guess a valid one (strings)."""
    if attr_type == "float":
        return [_other_float(float(value))]
    if attr_type == "int":
        return [_other_int(int(value))]
    if attr_type == "bool":
        return [not value]
    if attr_type == "type":
        return [d for d in dict.fromkeys(_canonical(x) for x in dtypes) if d != _canonical(value)][:1]
    if attr_type == "list_float":
        return [[_other_float(float(v)) for v in value] or [_other_float(0.0), 0.5]]
    if attr_type == "list_int":
        return [[_other_int(int(v)) for v in value] or [2, 3]]
    if attr_type == "list_bool":
        return [[not v for v in value] or [True]]
    if attr_type == "list_list_int":
        return [[[_other_int(int(v)) for v in row] for row in value] or [[2, 3]]]
    return []   # string, list_string: a free string is rarely a valid mode; give values in the cases hook


def attr_cases(defaults: dict[str, Any], types: dict[str, str], dtypes: Sequence[str] = (),
               values: dict[str, Sequence[Any]] | None = None) -> list[AttrCase]:
    """One AttrCase per attr and sampled value, other attrs at their defaults, so a failure names the attr.

    msopgen's prototype declares no value ranges, so values are chosen per type: float -0.75, int 3, bool the other
    value, `type` another dtype of the op (`dtypes`), lists element-wise likewise; strings are not varied. `values`
    (from reference.attr_values_<op>(), when written) replaces the samples of the attrs it names: `{"axis": [0, 1]}`
    tries those, `{"mode": []}` leaves `mode` at its default."""
    cases = []
    for name, attr_type in types.items():
        chosen = list(values[name]) if values and name in values else _sample(attr_type, defaults[name], dtypes)
        cases += [AttrCase(name, {**defaults, name: v}) for v in chosen if v != defaults[name]]
    return cases


@dataclass(frozen=True)
class ExtraCase:
    """A case the user adds in reference.cases_<op>(): shape, attrs over the defaults, input value range, and the
    input dtypes it is for (None: every dtype combination)."""

    name: str
    shape: tuple[int, ...] = (3, 37)
    attrs: dict[str, Any] = field(default_factory=dict)
    value_range: Any = None          # (low, high), "wide" (VALUE_RANGES), or None (random_array's default)
    inputs: tuple[str, ...] | None = None


def _hook(module: Any, name: str) -> Any:
    hook = getattr(module, name, None)
    return hook() if callable(hook) else None


def extra_cases(reference: Any, op: str, combinations: Sequence[tuple[Sequence[str], Sequence[str]]],
                defaults: dict[str, Any]) -> list[tuple[Case, dict[str, Any], Any]]:
    """(case, attrs, value range) to run beside the generated matrix: a "wide-values" case per dtype combination
    (VALUE_RANGES), then each of reference.cases_<op>()'s cases (ExtraCase or a dict of its fields), crossed with the
    combinations it names. Nothing to edit in the generated test: write the hook in tests/reference.py."""
    out = [(Case(tuple(i), tuple(o), (3, 37), "wide-values"), dict(defaults), "wide") for i, o in combinations]
    for n, extra in enumerate(_hook(reference, f"cases_{op}") or []):
        extra = extra if isinstance(extra, ExtraCase) else ExtraCase(**{"name": f"extra{n}", **extra})
        for ins, outs in combinations:
            if extra.inputs is None or tuple(map(_canonical, extra.inputs)) == tuple(map(_canonical, ins)):
                out.append((Case(tuple(ins), tuple(outs), tuple(extra.shape), extra.name),
                            {**defaults, **extra.attrs}, extra.value_range))
    return out


def attr_values(reference: Any, op: str) -> dict[str, Sequence[Any]] | None:
    """reference.attr_values_<op>() when the user wrote it: attr values to try instead of opkit's samples."""
    return _hook(reference, f"attr_values_{op}")
