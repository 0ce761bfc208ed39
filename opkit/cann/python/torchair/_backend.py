"""torchair.get_npu_backend on the CPU: a torch.compile backend that checks the graph's custom ops, then runs it:
each custom op as the GE node its converter builds (the op's aclnn call on the installed package, see _aclnn.py),
the rest eagerly on the npu device."""
from __future__ import annotations

import inspect
from typing import Any, Callable

import torch

from . import ge
from ._aclnn import find_aclnn
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
    args = [ge.Tensor(a.name, index=i) if isinstance(a, torch.fx.Node) else a for i, a in enumerate(node.args)]
    kwargs = {k: ge.Tensor(v.name, index=k) if isinstance(v, torch.fx.Node) else v for k, v in node.kwargs.items()}
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


_ATTR_KINDS = {"str": "string", "listInt": "list_int", "listFloat": "list_float", "listBool": "list_bool"}


def _ge_node(node: torch.fx.Node, op: torch._ops.OpOverload, ge_op: ge.CustomOp) -> Callable[..., Any] | None:
    """What runs the node: the GE op as its aclnn call, or None (the op's own eager kernel runs) when no installed
    package exports aclnn<OpType> or a GE input is not one of the node's own arguments."""
    aclnn, opdef = find_aclnn(ge_op.op_type), find_opdef(ge_op.op_type)
    if aclnn is None or opdef is None:
        return None
    sources = []
    for name in opdef.inputs:
        value = ge_op.inputs.get(name)
        if isinstance(value, ge.Tensor) and value.producer is None:
            sources.append(value.index)
        elif value is None and name in opdef.optional_inputs:
            sources.append(None)
        else:
            return None
    attrs = []
    for name, kind, default in opdef.attrs:
        value = ge_op.attrs.get(name, default)
        attrs.append((_ATTR_KINDS.get(kind, kind), value.value if isinstance(value, ge.attr.Value) else value))

    def run(*args: Any, **kwargs: Any) -> Any:
        def pick(source: int | str | None) -> Any:
            return None if source is None else args[source] if isinstance(source, int) else kwargs[source]

        def attr(value: Any) -> Any:   # an attr dynamo made a graph input (a float it did not specialise) is read now
            if isinstance(value, ge.Tensor) and value.producer is None:
                value = pick(value.index)
            return value.item() if isinstance(value, torch.Tensor) else value

        try:   # the outputs' shapes for these inputs, from the op's Meta kernel (dynamic shapes too)
            meta = op(*[a.to("meta") if isinstance(a, torch.Tensor) else a for a in args],
                      **{k: v.to("meta") if isinstance(v, torch.Tensor) else v for k, v in kwargs.items()})
        except (NotImplementedError, RuntimeError):
            meta = node.meta.get("val")
        metas = list(meta) if isinstance(meta, (tuple, list)) else [meta]
        outputs = [torch.empty(m.shape, dtype=m.dtype, device="npu") for m in metas]
        aclnn([pick(s) for s in sources], [(kind, attr(value)) for kind, value in attrs], outputs)
        return tuple(outputs) if isinstance(meta, (tuple, list)) else outputs[0]

    run.__name__ = f"ge_{ge_op.op_type}"
    return run


def get_compiler(compiler_config: Any = None) -> Callable[..., Any]:
    def compile_graph(gm: torch.fx.GraphModule, example_inputs: list[Any]) -> Callable[..., Any]:
        changed = False
        for node, op in _custom_ops(gm):
            ge_op = _convert(node, op)
            _check(op, ge_op)
            runner = _ge_node(node, op, ge_op)
            if runner is not None:
                node.target, changed = runner, True
        if changed:
            gm.recompile()
        return gm.forward
    return compile_graph


def get_npu_backend(*, compiler_config: Any = None, custom_decompositions: Any = None, **kwargs: Any):
    """The torch.compile backend: each custom op needs a converter whose GE op matches the op's OpDef; the graph
    then runs eagerly, so its npu ops run on the simulator."""
    return get_compiler(compiler_config)
