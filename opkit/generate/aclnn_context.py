"""What the aclnn templates need of one op: CANN's two-phase API as its build generates it from the OpDef.

`aclnn<OpType>GetWorkspaceSize(inputs..., attrs..., outputs..., uint64_t *workspaceSize, aclOpExecutor **executor)`
and `aclnn<OpType>(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream)`, declared in
`aclnn_<op_name>.h`: inputs and outputs in IR order (a dynamic one as `const aclTensorList *`, an optional input may be
null), attrs in OpDef order with CANN's C types; parameter names camelCased, `Optional` after an optional input or
attr, as CANN's generated headers spell them. A ref (in-place) tensor, an output named like an input, is one
parameter: the input's, `aclTensor *<name>Ref` (`<name>OptionalRef` when optional), which the kernel reads and writes
(CANN's `aclnnStridedSliceAssignV2GetWorkspaceSize(aclTensor *varRef, ...)`); the output has no parameter of its
own. An op without outputs takes its inputs only (`aclnnSscalGetWorkspaceSize(const aclTensor *x, ...)`).
Each param has `signature` (it is a parameter of the C function) and `call` (how aclnn_call.h's Call takes it).
"""
from __future__ import annotations

from typing import Any

from opkit.spec.model import OpSpec

__all__ = ["ATTR_C_TYPES", "aclnn_context"]

# The prototype attr type -> the C type of CANN's aclnn parameter (a "type" attr is an Int in the OpDef).
ATTR_C_TYPES: dict[str, str] = {
    "float": "double", "int": "int64_t", "bool": "bool", "string": "char *", "type": "int64_t",
    "list_int": "const aclIntArray *", "list_float": "const aclFloatArray *", "list_bool": "const aclBoolArray *",
}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def aclnn_context(op: OpSpec, scalars: tuple[str, ...] = (), scalar_lists: tuple[str, ...] = (),
                  int_arrays: tuple[str, ...] = ()) -> dict[str, Any]:
    """The aclnn API of `op`; `unsupported` names the attr types CANN's aclnn has no parameter for (no API then).
    `scalars`/`scalar_lists` name the inputs the OpDef marks .Scalar()/.ScalarList() (aclScalar, aclScalarList),
    `int_arrays` its integer inputs marked .ValueDepend(REQUIRED) (aclIntArray)."""
    params: list[dict[str, Any]] = []
    refs = {t.ref_input for t in op.outputs if t.ref_input is not None}
    for t in op.inputs:
        optional = t.param_type == "optional"
        if t.name in int_arrays:
            params.append({"c_type": "const aclIntArray *", "name": _camel(t.name) + ("Optional" if optional else ""),
                           "ir": t.name, "call": "IntArrayInput", "extra": ", true" if optional else ", false",
                           "signature": True, "note": "value-depend input (integers)"})
            continue
        if t.name in scalars or t.name in scalar_lists:
            listed = t.name in scalar_lists
            params.append({"c_type": "const aclScalarList *" if listed else "const aclScalar *",
                           "name": _camel(t.name) + ("Optional" if optional else ""), "ir": t.name,
                           "call": "ScalarList" if listed else "Scalar", "extra": "", "signature": True,
                           "note": "scalar list input" if listed else "scalar input"})
            continue
        ref = t.name in refs
        c_type = "aclTensorList *" if t.param_type == "dynamic" else "aclTensor *"
        params.append({"c_type": c_type if ref else "const " + c_type, "signature": True,
                       "name": _camel(t.name) + ("Optional" if optional else "") + ("Ref" if ref else ""),
                       "ir": t.name, "call": "InputList" if t.param_type == "dynamic" else "Input",
                       "extra": "" if t.param_type == "dynamic" else (", true" if optional else ", false"),
                       "note": t.param_type + (", ref: written in place" if ref else "")})
    for a in op.attrs:
        params.append({"c_type": ATTR_C_TYPES.get(a.type, ""), "name": _camel(a.name) +
                       ("Optional" if a.param_type == "optional" else ""), "ir": a.name, "call": "Attr", "extra": "",
                       "signature": True, "note": f"{a.param_type} attr ({a.type})"})
    by_input = {p["ir"]: p for p in params if p["call"] in ("Input", "InputList")}
    for t in op.outputs:
        ref = by_input.get(t.ref_input or "")
        params.append({"c_type": "const aclTensorList *" if t.param_type == "dynamic" else "const aclTensor *",
                       "name": ref["name"] if ref else _camel(t.name), "ir": t.name, "signature": ref is None,
                       "call": "OutputList" if t.param_type == "dynamic" else "Output", "extra": "",
                       "note": "output"})
    unsupported = sorted({a.type for a in op.attrs if a.type not in ATTR_C_TYPES})
    return {"api": f"aclnn{op.op_type}", "header": f"aclnn_{op.name}.h", "guard": f"ACLNN_{op.name.upper()}_H_",
            "params": params, "unsupported": unsupported, "handwritten": False}
