"""What the generated torch glue (`python/<pkg>/_torch.py`) prints per op: the `torch.library.custom_op` signature,
its return annotation, and the autograd bodies from derivatives.yaml.

torch infers the op schema from Python annotations, and only some types have a schema spelling (torch 2.13
`torch._library.infer_schema`): Tensor, Tensor?, Tensor[], int, float, bool, str, int[]/float[]/bool[]; a default
must be None, int, float, bool or str. So:
- `type` attrs travel as their dtype name (str);
- `list_string` and `list_list_int` have no schema type: they travel as JSON text (`str`), which the public
  entry point encodes and the implementation decodes, so users of `<pkg>.<op>` never see it;
- list defaults (and non-finite float defaults) become `Optional[...] = None`: None means "the OpDef default",
  which the C++ registry fills in.
Parameters are those of `<pkg>.<op>` (context.py): inputs positional in IR order, an optional one defaulting to None
only when no required or dynamic input follows it; attrs keyword-only in OpDef order (torch's schema, like Python,
takes kwarg-only parameters without a default after ones with a default).
"""
from __future__ import annotations

import math
from typing import Any

from opkit.generate.context import defaulted_inputs
from opkit.spec.derivatives import Derivatives
from opkit.spec.derivatives_render import autograd_context
from opkit.spec.model import AttrSpec, OpSpec, TensorSpec

__all__ = ["torch_op_context", "JSON_ATTR_TYPES"]

JSON_ATTR_TYPES = frozenset({"list_string", "list_list_int"})
_ANNOTATION = {"int": "int", "float": "float", "bool": "bool", "string": "str", "type": "str",
               "list_int": "list[int]", "list_float": "list[float]", "list_bool": "list[bool]",
               "list_string": "str", "list_list_int": "str"}


def _scalar_default(attr: AttrSpec) -> str | None:
    """The default as a schema-friendly literal, or None when it needs the Optional/None spelling."""
    value = attr.default
    if value is None or isinstance(value, (list, tuple)) or attr.type in JSON_ATTR_TYPES:
        return None
    if attr.type == "float":
        number = float(value)  # type: ignore[arg-type]
        return repr(number) if math.isfinite(number) else None
    if isinstance(value, str) and not _schema_safe(value):
        return None
    return repr(value)


def _schema_safe(text: str) -> bool:
    """torch writes str defaults into the schema text between double quotes, unescaped."""
    return text.isprintable() and not any(c in text for c in ("\\", '"', "'"))


def _attr_param(attr: AttrSpec) -> str:
    annotation = _ANNOTATION[attr.type]
    if attr.default is None:
        return f"{attr.name}: {annotation}"
    literal = _scalar_default(attr)
    if literal is None:
        return f"{attr.name}: Optional[{annotation}] = None"
    return f"{attr.name}: {annotation} = {literal}"


def _input_param(t: TensorSpec, defaulted: bool) -> str:
    if t.param_type == "dynamic":
        return f"{t.name}: list[torch.Tensor]"
    if t.param_type == "optional":
        return f"{t.name}: Optional[torch.Tensor]" + (" = None" if defaulted else "")
    return f"{t.name}: torch.Tensor"


def _return_annotation(op: OpSpec) -> str:
    """The outputs that are not an input written in place (a custom op may not return an alias of an input)."""
    parts = ["list[torch.Tensor]" if t.param_type == "dynamic" else "torch.Tensor" for t in op.outputs
             if t.ref_input is None]
    if not parts:
        return "None"
    return parts[0] if len(parts) == 1 else f"tuple[{', '.join(parts)}]"


def _mutated(op: OpSpec) -> list[str]:
    """The inputs the kernel writes: those of ref outputs, or every input of an op without outputs."""
    if not op.outputs:
        return [t.name for t in op.inputs]
    return [t.ref_input for t in op.outputs if t.ref_input is not None]


def torch_op_context(op: OpSpec, derivatives: Derivatives | None, package: str) -> dict[str, Any]:
    """Template values: `torch_params` (annotated signature), `torch_return`, `torch_mutates` (inputs written in
    place: custom_op's mutates_args, `Tensor(a!)` in the schema), `json_attrs`, `autograd` (or None)
    and `autograd_inputs` (names of the inputs that get a gradient)."""
    entry = derivatives.for_op(op.name) if derivatives is not None else None
    defaulted = defaulted_inputs([t.param_type for t in op.inputs])   # the same parameters as `<pkg>.<op>`
    params = [_input_param(t, d) for t, d in zip(op.inputs, defaulted)]
    if op.attrs:
        params.append("*")
        params += [_attr_param(a) for a in op.attrs]
    return {
        "torch_params": ", ".join(params),
        "torch_return": _return_annotation(op),
        "torch_mutates": _mutated(op),
        "json_attrs": [a.name for a in op.attrs if a.type in JSON_ATTR_TYPES],
        "autograd": autograd_context(derivatives, op.name, f"torch.ops.{package}"),
        "autograd_inputs": list(entry.differentiable) if entry is not None else [],
    }
