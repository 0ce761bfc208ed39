"""What the torch_npu example of a generated project (`npu_examples/`) prints per op: the TORCH_LIBRARY schema, the
C++ signature of the PrivateUse1 kernel, the EXEC_NPU_CMD arguments and how each output is allocated.

The example calls the op as torch_npu code does: `EXEC_NPU_CMD(aclnn<OpType>, inputs..., attrs..., outputs...)`, the
argument order of CANN's aclnn API (aclnn_context.py). Outputs are allocated as the op_host skeleton's InferShape
shapes them (every output like input 0) with the dtype its InferDataType pairs with input 0's. Only what that
header converts (op_plugin/utils/op_api_common.h) is rendered: tensors (a dynamic input is a `Tensor[]`, an optional
one a `Tensor?`), required outputs and int, float, bool, string and list_int attrs; an op with other parameters gets
no example, and `skipped` says why.
"""
from __future__ import annotations

from typing import Any

from opkit.spec.model import OpSpec

__all__ = ["npu_op_context"]

# prototype attr type -> (torch schema type, C++ parameter type of the kernel, what EXEC_NPU_CMD is given)
_ATTRS: dict[str, tuple[str, str, str]] = {
    "int": ("int", "int64_t", "{name}"), "float": ("float", "double", "{name}"), "bool": ("bool", "bool", "{name}"),
    "string": ("str", "c10::string_view", "std::string({name})"), "list_int": ("int[]", "at::IntArrayRef", "{name}"),
}
_SCHEMA_TENSOR = {"required": "Tensor", "optional": "Tensor?", "dynamic": "Tensor[]"}
_CPP_TENSOR = {"required": "const at::Tensor& {name}", "optional": "const c10::optional<at::Tensor>& {name}",
               "dynamic": "at::TensorList {name}"}
# The tensor outputs are shaped like (op_host's InferShape: GetInputShape(0), GetOptionalInputShape(0) or
# GetDynamicInputShape(0, 0)), and the check that it is there.
_FIRST = {"required": ("{name}", ""),
          "optional": ("*{name}", 'TORCH_CHECK({name}.has_value(), "{op}: outputs are shaped like {name}, '
                                  'which is None");'),
          "dynamic": ("{name}[0]", 'TORCH_CHECK(!{name}.empty(), "{op}: outputs are shaped like {name}[0]; '
                                   '{name} is empty");')}
# prototype dtype name -> at::ScalarType enumerator
_AT_TYPE = {"float16": "at::kHalf", "float32": "at::kFloat", "bfloat16": "at::kBFloat16", "double": "at::kDouble",
            "int8": "at::kChar", "int16": "at::kShort", "int32": "at::kInt", "int64": "at::kLong",
            "uint8": "at::kByte", "uint16": "at::kUInt16", "uint32": "at::kUInt32", "uint64": "at::kUInt64",
            "bool": "at::kBool", "complex64": "at::kComplexFloat", "complex128": "at::kComplexDouble"}


def _skipped(op: OpSpec) -> str:
    kinds = [f"{t.param_type} output {t.name!r}" for t in op.outputs if t.param_type != "required"]
    kinds += [f"ref output {t.name!r} (written in place)" for t in op.outputs if t.ref_input is not None]
    kinds += [] if op.outputs else ["no outputs (it works in place)"]
    attrs = [f"{a.type} attr {a.name!r}" for a in op.attrs if a.type not in _ATTRS]
    return ", ".join(kinds + attrs)


def _output_dtype(op: OpSpec, index: int) -> dict[str, Any]:
    """Output `index`'s dtype from input 0's, as the host's InferDataType pairs them (first combination wins)."""
    source, out = op.inputs[0].dtypes, op.outputs[index].dtypes
    if all(a == b for a, b in zip(source, out)):
        return {"same": True, "cases": []}
    cases: dict[str, str] = {}
    for a, b in zip(source, out):
        cases.setdefault(_AT_TYPE[a.name], _AT_TYPE[b.name])
    return {"same": False, "cases": sorted(cases.items())}


def npu_op_context(op: OpSpec, package: str) -> dict[str, Any]:
    """Template values under `npu`: `skipped` (why no example, or ""), `schema`, `cpp_params`, `exec_args`,
    `outputs` (name, dtype rule), `combinations` (input and output torch dtype names, the numpy-holdable ones)."""
    skipped = _skipped(op)
    if skipped:
        return {"npu": {"skipped": skipped}}
    inputs = [t.name for t in op.inputs]
    schema = [f"{_SCHEMA_TENSOR[t.param_type]} {t.name}" for t in op.inputs]
    cpp = [_CPP_TENSOR[t.param_type].format(name=t.name) for t in op.inputs]
    attrs = [_ATTRS[a.type] for a in op.attrs]
    if op.attrs:
        schema.append("*")
        schema += [f"{s} {a.name}" for a, (s, _, _) in zip(op.attrs, attrs)]
        cpp += [f"{c} {a.name}" for a, (_, c, _) in zip(op.attrs, attrs)]
    # C++ names of the outputs: an output named like an input or attr gets a suffix (aclnn's `Out`).
    taken = set(inputs) | {a.name for a in op.attrs}
    outputs = [{"name": t.name, "var": t.name + ("_out" if t.name in taken else ""), **_output_dtype(op, i)}
               for i, t in enumerate(op.outputs)]
    returns = "Tensor" if len(outputs) == 1 else "(" + ", ".join("Tensor" for _ in outputs) + ")"
    cpp_return = "at::Tensor" if len(outputs) == 1 else f"std::tuple<{', '.join('at::Tensor' for _ in outputs)}>"
    exec_args = inputs + [f.format(name=a.name) for a, (_, _, f) in zip(op.attrs, attrs)] + [o["var"] for o in outputs]
    n_in = len(op.inputs)
    first, check = (f.format(name=op.inputs[0].name, op=op.op_type) for f in _FIRST[op.inputs[0].param_type])
    combinations = [([d.torch for d in c[:n_in]], [d.torch for d in c[n_in:]]) for c in op.dtype_combinations
                    if all(d.numpy for d in c)]
    return {"npu": {
        "skipped": "", "namespace": f"{package}_npu", "schema": f"{op.name}({', '.join(schema)}) -> {returns}",
        "cpp_params": ", ".join(cpp), "cpp_return": cpp_return, "exec_args": ", ".join(exec_args),
        "outputs": outputs, "combinations": combinations, "input_names": inputs, "first": first, "first_check": check,
        "input_kinds": [t.param_type for t in op.inputs],
        "bf16_only": not combinations,
        # graph mode compares with the eager call, so any dtype torch holds will do: the first combination's
        "graph_dtypes": [d.torch for d in op.dtype_combinations[0][:n_in]],
    }}

