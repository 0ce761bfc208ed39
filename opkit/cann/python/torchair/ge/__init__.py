"""torchair.ge: the GE graph a converter builds, reduced to what the stand-in checks: `Tensor` (a named value of
the graph) and `custom_op(op_type, inputs={name: tensor}, outputs=[name])`, recorded for the OpDef check."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["CustomOp", "DataType", "Tensor", "TensorSpec", "attr", "custom_op"]


@dataclass
class Tensor:
    """A value flowing into a GE node: the FX argument it stands for."""

    name: str
    meta: Any = None
    producer: "CustomOp | None" = None
    index: int | str = 0   # an FX argument: its position (or keyword); a node's output: which one


@dataclass
class CustomOp:
    op_type: str
    inputs: dict[str, Any]
    outputs: list[str]
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class TensorSpec:
    """What a converter's `meta_outputs` describes: the FX output's dtype and shape."""

    dtype: Any = None
    shape: Any = None


class DataType:
    """GE's data types, by their DT_* names (the values of ge::DataType)."""

    DT_FLOAT, DT_FLOAT16, DT_INT8, DT_INT32, DT_UINT8 = 0, 1, 2, 3, 4
    DT_INT16, DT_UINT16, DT_UINT32, DT_INT64, DT_UINT64, DT_DOUBLE, DT_BOOL = 6, 7, 8, 9, 10, 11, 12
    DT_STRING, DT_COMPLEX64, DT_COMPLEX128, DT_BF16 = 13, 16, 17, 27


def custom_op(op_type: str, inputs: dict[str, Any] | None = None, outputs: list[str] | None = None,
              attrs: dict[str, Any] | None = None, node_name: str | None = None) -> Any:
    """One GE node of type `op_type`; returns its output Tensor (a tuple of them for several outputs)."""
    if not isinstance(op_type, str) or not op_type:
        raise TypeError(f"torchair.ge.custom_op: op_type must be a GE op type name, got {op_type!r}")
    op = CustomOp(op_type, dict(inputs or {}), list(outputs or []), dict(attrs or {}))
    results = tuple(Tensor(f"{op_type}:{name}", producer=op, index=i) for i, name in enumerate(op.outputs))
    return results[0] if len(results) == 1 else results


from . import attr  # noqa: E402
