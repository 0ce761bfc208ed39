"""torchair._ge_concrete_graph.compat_ir: `ge_op` and `IrDef`, what torchair's generated GE op APIs
(`make generate_ge_raw_custom_ops`) build their node with."""
from __future__ import annotations

from typing import Any

from ..ge import custom_op

__all__ = ["IrDef", "ge_op"]


class IrDef:
    """The op's IR (REG_OP) as the generated API states it: input, attr and output names, in order."""

    def __init__(self, op_type: str) -> None:
        self.op_type = op_type
        self.inputs: list[str] = []
        self.attrs: list[str] = []
        self.outputs: list[str] = []

    def input(self, name: str, _dtypes: Any = "") -> "IrDef":
        self.inputs.append(name)
        return self

    def dynamic_input(self, name: str, _dtypes: Any = "") -> "IrDef":
        return self.input(name)

    def optional_input(self, name: str, _dtypes: Any = "") -> "IrDef":
        return self.input(name)

    def attr(self, name: str, *_args: Any) -> "IrDef":
        self.attrs.append(name)
        return self

    def output(self, name: str, _dtypes: Any = "") -> "IrDef":
        self.outputs.append(name)
        return self

    def dynamic_output(self, name: str, _dtypes: Any = "") -> "IrDef":
        return self.output(name)


def ge_op(op_type: str, inputs: dict[str, Any] | None = None, attrs: dict[str, Any] | None = None,
          outputs: list[str] | None = None, dependencies: Any = None, ir: IrDef | None = None,
          node_name: str | None = None) -> Any:
    """One GE node, as torchair.ge.custom_op makes it."""
    return custom_op(op_type, inputs=inputs, outputs=outputs, attrs=attrs, node_name=node_name)
