"""Seeded inputs for the generated tests: numpy (or torch) arrays per prototype dtype, in a realistic or wide range."""
from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from opkit.check.input_roles import DATA_ROLES, role_array, skip_or_array, split_kind

if TYPE_CHECKING:
    from opkit.check.cases import Case

__all__ = ["canonical", "numpy_dtype", "random_array", "VALUE_RANGES", "random_inputs", "numpy_can_hold",
           "op_inputs", "to_numpy", "padded_shape", "probe_shape", "probe_values"]

_ALIASES = {"float": "float32", "half": "float16", "float64": "double", "fp16": "float16", "fp32": "float32",
            "bf16": "bfloat16"}


def canonical(dtype: Any) -> str:
    """One name per dtype ("float32", not "float"/"fp32"/torch.float32), as the prototype's dtypes are compared."""
    name = str(dtype).removeprefix("torch.")
    return _ALIASES.get(name, name)


def numpy_dtype(dtype: Any) -> np.dtype | None:
    """numpy's dtype for a prototype dtype name; bfloat16 needs ml_dtypes, else None."""
    name = canonical(dtype)
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
    name = canonical(dtype)
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
                         value_range=VALUE_RANGES.get(canonical(d)) if value_range == "wide" else value_range)
            for d in dtypes]


def numpy_can_hold(dtypes: Sequence[str]) -> bool:
    """Whether numpy arrays can carry every one of `dtypes` here (bfloat16 needs ml_dtypes)."""
    return all(numpy_dtype(d) is not None for d in dtypes)


def op_inputs(case: Case, kinds: Sequence[str], *, seed: int = 0, torch: bool = False,
              value_range: Any = None) -> list[Any]:
    """Arguments for an op call: one random input per IR input of `case.shape`; a dynamic input ("dynamic" in
    `kinds`) gets a list of two tensors, an optional one a tensor (so its code path runs too). A kind with a role
    ("required:index", input_roles.py) gets that role's values beside data of `case.shape`. `value_range`: see
    random_inputs."""
    flat = random_inputs(case.inputs, case.shape, seed=seed, torch=torch, value_range=value_range)
    again = random_inputs(case.inputs, case.shape, seed=seed + 1, torch=torch, value_range=value_range)
    rng = np.random.default_rng(seed)
    out = []
    for a, b, kind, dtype in zip(flat, again, kinds, case.inputs):
        base, role = split_kind(kind)
        if role == "divisor":   # the data's random values, an integer 0 made 1 (input_roles.py)
            if canonical(dtype).startswith(("int", "uint")):
                a[a == 0] = 1
        elif role:
            a = skip_or_array(role, canonical(dtype), tuple(case.shape), rng)
            if role.startswith("padding"):
                _remember_padding(a, tuple(case.shape))
            if torch:
                import torch as _torch

                a = _torch.from_numpy(a)
        out.append([a, b] if base == "dynamic" else a)
    return out


# The data shape each paddings array op_inputs made was made for (by the array's id, while it lives), so that
# padded_shape can tell, from a call's arguments alone, what shape a caller gives a pad op's output.
_PADDINGS: dict[int, tuple[weakref.ref, tuple[int, ...]]] = {}


def _remember_padding(array: np.ndarray, shape: tuple[int, ...]) -> None:
    key = id(array)
    _PADDINGS[key] = (weakref.ref(array, lambda _: _PADDINGS.pop(key, None)), shape)


def padded_shape(inputs: Sequence[Any]) -> tuple[int, ...] | None:
    """The shape of the data padded by the paddings among `inputs` (made by op_inputs: begin and end per padded dim,
    the last dims), as a caller sizes a pad op's output; None when no input is such paddings."""
    for value in inputs:
        entry = _PADDINGS.get(id(value))
        if entry is None or entry[0]() is not value:
            continue
        shape, pads = entry[1], [int(v) for v in np.asarray(value).reshape(-1)]
        count = len(pads) // 2
        grown = [d + pads[2 * k] + pads[2 * k + 1] for k, d in enumerate(shape[len(shape) - count:])]
        return tuple(shape[:len(shape) - count]) + tuple(grown)
    return None


def fresh_copies(value: Any) -> Any:
    """Copies of arrays/tensors (lists element-wise; anything else as it is): inputs for one call of an op that
    writes its inputs in place, so that another call, or the reference, sees the values the case made."""
    if isinstance(value, (list, tuple)):
        return type(value)(fresh_copies(v) for v in value)
    if isinstance(value, np.ndarray):
        return value.copy()
    if type(value).__module__.split(".")[0] == "torch":
        return value.clone()
    return value


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


def probe_shape(kinds: Sequence[str], large: int = 1 << 20) -> tuple[int, ...]:
    """The shape of the generated tests' large TilingFunc probe: (large,), or about `large` elements spread over k
    dims when an input pads the last k dims of the data (role "padding<k>", input_roles.py), which 1-D data cannot
    take."""
    dims = max((int(role[len("padding"):]) for kind in kinds
                if (role := split_kind(kind)[1]).startswith("padding") and role != "padding"), default=1)
    side = round(large ** (1 / dims))
    return (large,) if dims == 1 else (side,) * dims


def probe_values(kinds: Sequence[str], dtypes: Sequence[str], shape: tuple[int, ...]) -> dict[int, np.ndarray]:
    """{input position: values} for a TilingFunc probe beside data of `shape`: each input with a role (an integer
    input that pads or indexes the data, input_roles.py) gets that role's values, as the cases give it, since a
    TilingFunc reads them (CircularPad's reads its paddings); the other inputs, data with a role of DATA_ROLES
    (Div's divisor) too, carry their shape only. Raises ValueError when `shape` cannot take a role (fewer dims than
    the op pads)."""
    rng = np.random.default_rng(0)
    return {i: role_array(role, canonical(dtype), tuple(shape), rng)
            for i, (kind, dtype) in enumerate(zip(kinds, dtypes))
            if (role := split_kind(kind)[1]) and role not in DATA_ROLES}
