"""torchair.ge: the GE graph a converter builds, reduced to what the stand-in checks: `Tensor` (a named value of
the graph) and `custom_op(op_type, inputs={name: tensor}, outputs=[name])`, recorded for the OpDef check."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["CustomOp", "Tensor", "custom_op"]


@dataclass
class Tensor:
    """A value flowing into a GE node: the FX argument it stands for."""

    name: str
    meta: Any = None
    producer: "CustomOp | None" = None
    index: int = 0


@dataclass
class CustomOp:
    op_type: str
    inputs: dict[str, Any]
    outputs: list[str]
    attrs: dict[str, Any] = field(default_factory=dict)


def custom_op(op_type: str, inputs: dict[str, Any] | None = None, outputs: list[str] | None = None,
              attrs: dict[str, Any] | None = None, node_name: str | None = None) -> Any:
    """One GE node of type `op_type`; returns its output Tensor (a tuple of them for several outputs)."""
    if not isinstance(op_type, str) or not op_type:
        raise TypeError(f"torchair.ge.custom_op: op_type must be a GE op type name, got {op_type!r}")
    op = CustomOp(op_type, dict(inputs or {}), list(outputs or []), dict(attrs or {}))
    results = tuple(Tensor(f"{op_type}:{name}", producer=op, index=i) for i, name in enumerate(op.outputs))
    return results[0] if len(results) == 1 else results
