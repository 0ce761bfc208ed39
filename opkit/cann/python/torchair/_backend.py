"""torchair.get_npu_backend on the CPU: a torch.compile backend that checks the graph's custom ops, then runs it."""
from __future__ import annotations

import inspect
from typing import Any, Callable

import torch

from . import ge
from ._converters import converter_for
from ._opdefs import find_opdef, search_paths

__all__ = ["ConverterError", "get_compiler", "get_npu_backend"]

_BUILTIN = {"aten", "prims", "prim", "_operator", "profiler", "higher_order"}


class ConverterError(RuntimeError):
    """A custom op of the graph has no converter, or its converter's GE op does not match the op's OpDef."""


def _overload(target: Any) -> torch._ops.OpOverload | None:
    """The op a call_function node calls (dynamo keeps `torch.ops.ns.op(...)` as the overload packet)."""
    if isinstance(target, torch._ops.OpOverloadPacket):
        names = target.overloads()
        return getattr(target, "default" if "default" in names else names[0])
    return target if isinstance(target, torch._ops.OpOverload) else None


def _custom_ops(gm: torch.fx.GraphModule) -> list[tuple[torch.fx.Node, torch._ops.OpOverload]]:
    found = []
    for node in gm.graph.nodes:
        op = _overload(node.target) if node.op == "call_function" else None
        if op is not None and op.namespace not in _BUILTIN:
            found.append((node, op))
    return found


def _convert(node: torch.fx.Node, op: torch._ops.OpOverload) -> ge.CustomOp:
    converter = converter_for(op)
    if converter is None:
        raise ConverterError(f"{op} has no GE converter: register one with "
                             f"@register_fx_node_ge_converter(torch.ops.{op.namespace}.{op._opname}.default)")
    args = [ge.Tensor(a.name if isinstance(a, torch.fx.Node) else repr(a)) if isinstance(a, torch.fx.Node) else a
            for a in node.args]
    kwargs = {k: ge.Tensor(v.name) if isinstance(v, torch.fx.Node) else v for k, v in node.kwargs.items()}
    if "meta_outputs" in inspect.signature(converter).parameters:
        kwargs["meta_outputs"] = node.meta.get("val")
    result = converter(*args, **kwargs)
    first = result[0] if isinstance(result, (tuple, list)) else result
    if not isinstance(first, ge.Tensor) or first.producer is None:
        raise ConverterError(f"the converter {converter.__name__} of {op} returned {result!r}, not the "
                             "output of torchair.ge.custom_op(...)")
    return first.producer


def _check(target: torch._ops.OpOverload, op: ge.CustomOp) -> None:
    name = getattr(converter_for(target), "__name__", "converter")
    opdef = find_opdef(op.op_type)
    if opdef is None:
        where = ", ".join(str(p) for p in search_paths())
        raise ConverterError(f"{name} of {target} builds GE op {op.op_type!r}, but no OpDef of that op type "
                             f"was found (looked in: {where}); build the op with `opkit build` or set "
                             "OPKIT_OPDEF_PATH")
    problems = []
    if tuple(op.inputs) != opdef.inputs:
        problems.append(f"inputs {list(op.inputs)} but the OpDef has {list(opdef.inputs)}")
    if tuple(op.outputs) != opdef.outputs:
        problems.append(f"outputs {op.outputs} but the OpDef has {list(opdef.outputs)}")
    if problems:
        raise ConverterError(f"{name} of {target} builds GE op {op.op_type} with " + "; ".join(problems) +
                             f" (OpDef of {opdef.op_type} from {opdef.source})")


def get_compiler(compiler_config: Any = None) -> Callable[..., Any]:
    def compile_graph(gm: torch.fx.GraphModule, example_inputs: list[Any]) -> Callable[..., Any]:
        for node, op in _custom_ops(gm):
            _check(op, _convert(node, op))
        return gm.forward
    return compile_graph


def get_npu_backend(*, compiler_config: Any = None, custom_decompositions: Any = None, **kwargs: Any):
    """The torch.compile backend: each custom op needs a converter whose GE op matches the op's OpDef; the graph
    then runs eagerly, so its npu ops run on the simulator."""
    return get_compiler(compiler_config)
