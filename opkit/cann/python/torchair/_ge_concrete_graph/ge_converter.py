"""torchair._ge_concrete_graph.ge_converter: the older home of `ge_op` and `IrDef`."""
from __future__ import annotations

from .compat_ir import IrDef, ge_op

__all__ = ["IrDef", "ge_op"]
