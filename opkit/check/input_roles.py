"""Values for integer inputs that index or size the data (example_shapes.index_inputs), so the generated tests call
the op as a user would, not with random integers of the data's shape.

msopgen's prototype and the OpDef give such an input only a name and a dtype, so its role is read from the name:

- an index (`indices`, `index`, `idx`, ...: ScatterElements' `indices`, a gather's `index`): the data's shape, each
  value in [0, smallest dim), valid along any axis the attrs may name;
- paddings (`paddings`, `pads`, `padding`: ReplicationPad2d's `paddings`): two values per padded dim, the last k dims
  of the data where the op type says `1d`/`2d`/`3d`, else every dim; each 1 when every padded dim has at least 3
  elements, else 0 (so begin + end stays below the dim: valid for constant, edge, reflection and circular padding,
  and for a kernel that pads inside its output). A case of fewer dims than the op pads is skipped, saying so.

A non-max-suppression op in ONNX's layout (inputs `boxes` and `scores`: NonMaxSuppression's count
`max_output_boxes_per_class` and thresholds beside them) gets the roles of detection_roles.py, its data inputs too.
Any other integer beside float data (a count or size of an op opkit knows no layout for) has no role: its op's
shape-based cases skip, naming it.

The divisor of a division (the second input of an op type naming `div`, `mod` or `remainder`: Div's x2) keeps its
random values, but never 0: an integer division by zero is undefined (torch refuses it; the scalar unit's result is
not a number to check, and here it is SIGFPE).

A role is carried in the generated test's INPUT_KINDS entry as `<kind>:<role>` ("required:index",
"required:padding2"; "padding" alone pads every dim), which `op_inputs` reads.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from opkit.check.detection_roles import DETECTION_ROLES, detection_array, detection_roles

__all__ = ["input_roles", "role_array", "split_kind", "DATA_ROLES"]

# Roles of a data input whose values stay the data's random ones, only adjusted (op_inputs): role_array has no values
# for them, and a TilingFunc probe gives them their shape only, as any data input.
DATA_ROLES = ("divisor",)

_INDEX = re.compile(r"(^|_)(indices|index|indexes|idx|positions)($|_)", re.I)
_PADDING = re.compile(r"(^|_)(paddings?|pads)($|_)", re.I)
_DIMS = re.compile(r"([123])d(?![a-z])", re.I)
_DIVISION = re.compile(r"div(?!erg)|mod(?!el|ul)|remainder", re.I)


def input_roles(op_type: str, names: Sequence[str], flagged: Sequence[str]) -> dict[str, str]:
    """{input name: role} for the `flagged` inputs (index_inputs) whose name gives one, and for every input of a
    detection op (detection_roles); the others have none."""
    roles = detection_roles(op_type, names, flagged)
    if _DIVISION.search(op_type) and len(names) >= 2 and not _INDEX.search(names[1]):
        roles[names[1]] = "divisor"
    for name in flagged:
        if name in roles:
            continue
        if _INDEX.search(name):
            roles[name] = "index"
        elif _PADDING.search(name):
            dims = _DIMS.search(op_type)
            roles[name] = f"padding{dims[1]}" if dims else "padding"
    return {n: roles[n] for n in names if n in roles}


def split_kind(kind: str) -> tuple[str, str]:
    """("required", "index") for "required:index"; (kind, "") without a role."""
    base, _, role = kind.partition(":")
    return base, role


def role_array(role: str, dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    """The values of an input of `role` beside data of `shape` (see the module's rules); raises ValueError naming
    why when the data's shape cannot take it (fewer dims than the op pads)."""
    if role in DETECTION_ROLES:
        return detection_array(role, dtype, shape, rng)
    if role == "index":
        bound = min(shape) if shape else 1
        return rng.integers(0, max(bound, 1), size=shape).astype(dtype) if bound else np.zeros(shape, dtype)
    if role.startswith("padding"):
        count = int(role[len("padding"):] or len(shape))
        if count == 0 or len(shape) < count:
            raise ValueError(f"the op pads the last {count} dims; data of shape {shape} has {len(shape)}")
        value = 1 if min(shape[-count:]) >= 3 else 0
        return np.full((2 * count,), value, dtype=dtype)
    raise ValueError(f"unknown input role {role!r}")


def skip_or_array(role: str, dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Any:
    """role_array, as a pytest skip when the case's shape cannot take the role."""
    try:
        return role_array(role, dtype, shape, rng)
    except ValueError as exc:
        import pytest

        pytest.skip(f"input values for this case: {exc}")
