"""Everything the templates print, computed here: C++ names, types, signatures, OpDef chains, CMake defines.

Templates only substitute and loop over what `op_context` and `project_context` return.
"""
from __future__ import annotations

from typing import Any

from opkit.check.example_shapes import index_inputs
from opkit.check.input_roles import input_roles
from opkit.generate.aclnn_context import aclnn_context
from opkit.generate.literals import attr_builder, py_attr_value
from opkit.spec.soc import SocChoice
from opkit.spec.dtypes import DTYPES
from opkit.spec.model import OpSpec, TensorSpec

__all__ = ["op_context", "project_context", "defaulted_inputs", "BUFFER_NUM"]

BUFFER_NUM = 2   # double buffering: copy-in of tile i+1 overlaps compute of tile i on the device
# Fewest elements a core is given (a multiple of every ALIGN, which is at most 32): starting a core for less costs
# more than it saves, on the device and far more in the simulator, where each block is a task on a thread pool.
MIN_BLOCK = 4096
_PARAM = {"required": "REQUIRED", "optional": "OPTIONAL", "dynamic": "DYNAMIC"}
# Scalar attrs travel to the kernel in the tiling struct; C++ field type and GetAttrPointer<T> type.
_TILING_ATTR = {"int": ("int64_t", "int64_t"), "float": ("float", "float"), "bool": ("bool", "bool"),
                "type": ("int64_t", "int64_t")}


def _cap(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def _tensor(t: TensorSpec, index: int, is_input: bool) -> dict[str, Any]:
    # `var`: the kernel's C++ name. A ref output (named like the input it writes in place) is `<name>_ref` in the
    # kernel, as msopgen names it; its IR name stays the input's.
    var = t.name + ("_ref" if t.ref_input is not None else "")
    cap = _cap(var)
    return {
        "name": t.name, "var": var, "index": index, "param": _PARAM[t.param_type], "ref": t.ref_input,
        "optional": t.param_type == "optional", "dynamic": t.param_type == "dynamic",
        "macro": f"DTYPE_{t.upper}", "gm": f"{var}Gm_",
        "queue": f"{'inQueue' if is_input else 'outQueue'}{cap}_", "local": f"{var}Local",
        "dtypes": "{" + ", ".join(f"ge::{d.ge}" for d in t.dtypes) + "}",
        "formats": "{" + ", ".join(f"ge::FORMAT_{f}" for f in t.formats) + "}",
        "py_dtypes": tuple(d.name for d in t.dtypes),
    }


def _align_elems(op: OpSpec) -> int:
    """Elements per tile step so that every tensor's tile is whole 32-byte blocks in every dtype combination."""
    smallest = min(d.itemsize for t in op.tensors for d in t.dtypes)
    return max(1, 32 // smallest)


def _widest(t: TensorSpec) -> int:
    return max(d.itemsize for d in t.dtypes)


def _copy_source(op: OpSpec) -> TensorSpec | None:
    """Input 0 when the skeleton can copy it into output 0: not a tensor list, same type in every combination."""
    if not op.outputs:
        return None
    first, out = op.inputs[0], op.outputs[0]
    if first.param_type == "dynamic":
        return None
    same = all(a.cpp == b.cpp for a, b in zip(first.dtypes, out.dtypes))
    return first if same else None


def _infer_dtype(op: OpSpec, out: TensorSpec, index: int) -> dict[str, Any]:
    """How output `index`'s dtype follows input 0's: same, one fixed type, or a per-combination mapping."""
    source = op.inputs[0].dtypes
    if all(a == b for a, b in zip(source, out.dtypes)):
        return {"index": index, "kind": "same"}
    if len({d.ge for d in out.dtypes}) == 1:
        return {"index": index, "kind": "fixed", "value": f"ge::{out.dtypes[0].ge}"}
    cases: dict[str, str] = {}
    for a, b in zip(source, out.dtypes):
        cases.setdefault(f"ge::{a.ge}", f"ge::{b.ge}")   # input 0 alone may not decide: first combination wins
    return {"index": index, "kind": "map", "cases": sorted(cases.items())}


def _shape_call(first: TensorSpec) -> str:
    """Input 0's shape getter; its IR index and instance index agree, so index 0 is safe for every kind."""
    if first.param_type == "optional":
        return "GetOptionalInputShape(0)"
    if first.param_type == "dynamic":
        return "GetDynamicInputShape(0, 0)"
    return "GetInputShape(0)"


# Values the generated tests pass for required attrs (no default to fall back on).
_PY_SAMPLE = {"int": "1", "float": "0.5", "bool": "False", "string": '"a"', "type": '"float32"', "list_int": "[1]",
              "list_float": "[0.5]", "list_bool": "[False]", "list_string": '["a"]', "list_list_int": "[[1]]"}


def _attrs(op: OpSpec) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    scalar, other = [], []
    for i, a in enumerate(op.attrs):
        where = f"{op.op_type}: attr {a.name!r} default"
        entry = {"name": a.name, "index": i, "param": _PARAM[a.param_type], "builder": attr_builder(a, where),
                 "type": a.type, "py_default": None if a.default is None else py_attr_value(a.type, a.default)}
        entry["py_sample"] = entry["py_default"] if entry["py_default"] is not None else _PY_SAMPLE[a.type]
        if a.type in _TILING_ATTR:
            entry["field_type"], entry["pointer_type"] = _TILING_ATTR[a.type]
            scalar.append(entry)
        else:
            other.append(entry)
    return scalar, other


def _combinations(op: OpSpec) -> list[dict[str, Any]]:
    out = []
    for i, combo in enumerate(op.dtype_combinations):
        defines = []
        for t, d in zip(op.tensors, combo):
            if t.ref_input is None:   # a ref output is its input: one DTYPE_<NAME>, the input's
                defines += [f"DTYPE_{t.upper}={d.cpp}", f"ORIG_DTYPE_{t.upper}=ge::{d.ge}"]
        out.append({"index": i, "symbol": f"{op.name}_c{i}", "target": f"{op.name}_kernel_c{i}",
                    "defines": defines, "ge": ", ".join(f"ge::{d.ge}" for d in combo),
                    "py": tuple(d.name for d in combo), "numpy_ok": all(d.numpy for d in combo),
                    # what the Python entry returns: the outputs, or the inputs of an op without (it works in place)
                    "py_results": tuple(d.name for d in (combo[len(op.inputs):] if op.outputs else combo))})
    return out


def op_context(op: OpSpec, socs: tuple[SocChoice, ...]) -> dict[str, Any]:
    inputs = [_tensor(t, i, True) for i, t in enumerate(op.inputs)]
    # The generated tests' input kind, with the role of an integer that indexes or sizes the data (input_roles.py).
    names = [t.name for t in op.inputs]
    roles = input_roles(op.op_type, names, index_inputs(
        [[d.name for d in c[:len(op.inputs)]] for c in op.dtype_combinations], names))
    for t in inputs:
        t["test_kind"] = t["param"].lower() + (f":{roles[t['name']]}" if t["name"] in roles else "")
    outputs = [_tensor(t, i, False) for i, t in enumerate(op.outputs)]
    source = _copy_source(op)
    # Every input that is one tensor gets its own queue and CopyIn, so the skeleton is a whole pipeline whatever the
    # maths; a tensor list (dynamic) has no fixed count of buffers and is left to the author.
    queued_inputs = [t for t in op.inputs if t.param_type != "dynamic"]
    queued = queued_inputs + list(op.outputs)
    scalar_attrs, other_attrs = _attrs(op)
    kernel_names = [t["var"] for t in inputs + outputs]
    kernel_params = [f"GM_ADDR {n}" for n in kernel_names] + ["GM_ADDR workspace", "GM_ADDR tiling"]
    upper = op.name.upper()
    names = [t.name for t in op.inputs]
    return {
        "op_type": op.op_type, "name": op.name, "upper": upper,
        "kernel_class": f"Kernel{op.op_type}", "tiling_struct": f"{op.op_type}TilingData",
        "tiling_header": f"{op.name}_tiling.h",
        "align_const": f"{upper}_ALIGN", "align": _align_elems(op),
        "min_block_const": f"{upper}_MIN_BLOCK", "min_block": MIN_BLOCK,
        "buffer_num_const": f"{upper}_BUFFER_NUM", "buffer_num": BUFFER_NUM,
        "ub_bytes_const": f"{upper}_UB_BYTES_PER_ELEM",
        "ub_bytes_per_elem": BUFFER_NUM * sum(_widest(t) for t in queued),
        "kernel_params": ", ".join(kernel_params),
        "kernel_arg_count": len(kernel_params),
        "init_params": ", ".join(f"GM_ADDR {n}" for n in kernel_names),
        "init_args": ", ".join(kernel_names),
        "inputs": inputs, "outputs": outputs,
        "gm_tensors": [t for t in inputs + outputs if not t["dynamic"]],
        "dynamic_tensors": [t for t in inputs + outputs if t["dynamic"]],
        "source": inputs[0] if source else None,
        "queued_inputs": [inputs[i] for i, t in enumerate(op.inputs) if t.param_type != "dynamic"],
        "first_output": outputs[0] if outputs else None, "extra_outputs": outputs[1:],
        "shape_call": _shape_call(op.inputs[0]),
        "infer_dtypes": [_infer_dtype(op, t, i) for i, t in enumerate(op.outputs)],
        # In place: (output index, input index) of each ref output; the inputs the kernel may write (the refs', or
        # every input of an op without outputs, which works in place on them).
        "refs": [(i, names.index(t.ref_input)) for i, t in enumerate(op.outputs) if t.ref_input is not None],
        "written": [names.index(t.ref_input) for t in op.outputs if t.ref_input is not None] if op.outputs
        else list(range(len(op.inputs))),
        "scalar_attrs": scalar_attrs, "other_attrs": other_attrs, "attrs": scalar_attrs + other_attrs,
        "combinations": _combinations(op),
        "aclnn": aclnn_context(op),
        # Where the build finds the op's sources (opkit's layout; opkit/generate/glue.py points them elsewhere).
        "kernel_source": f"op_kernel/{op.name}.cpp", "host_sources": f"op_host/{op.name}.cpp", "kernel_options": "",
        # CANN compiles host code with op_host/ and op_kernel/ on its include path (msopgen's opbuild, cann-ops)
        "host_include_dirs": "op_host op_kernel",
        "host_definitions": "",   # a CANN project's, from its CMakeLists.txt (generate/glue.py)
        "tiling_include": f"../op_kernel/{op.name}_tiling.h",
        # an op whose host registers no InferShape (CANN projects): its outputs come from the caller (out=)
        "outputs_from_caller": False,
        "torch_checks": True,   # opcheck and torch.compile tests (not for a CANN project's glue: see glue.py)
        "configs": list(dict.fromkeys(c.profile.family for c in socs)),
        "data_copy_pad": all(c.profile.has_data_copy_pad for c in socs),
    }


def defaulted_inputs(kinds: list[str]) -> list[bool]:
    """Per input (by param kind), whether its parameter defaults to None: an optional input does only when every
    input after it is optional too. Inputs stay positional in prototype (IR) order, which the generated tests, the
    reference and torch's schema all follow; so an optional input declared before a required or dynamic one has no
    default (pass None to leave it out) instead of making `def f(bias=None, x)`, which is not Python."""
    out, trailing = [], True
    for kind in reversed(kinds):
        trailing = trailing and kind == "optional"
        out.append(trailing)
    return out[::-1]


def _py_params(ctx: dict[str, Any]) -> list[str]:
    """Inputs positional in IR order (see defaulted_inputs), then `*` and the attrs keyword-only in OpDef order:
    keyword-only parameters may mix required and defaulted ones in any order."""
    params = []
    defaulted = defaulted_inputs([t["param"].lower() for t in ctx["inputs"]])
    for t, default in zip(ctx["inputs"], defaulted):
        params.append(f"{t['name']}=None" if default else t["name"])
    attrs = sorted(ctx["attrs"], key=lambda a: a["index"])
    if attrs:
        params.append("*")
        params += [a["name"] if a["py_default"] is None else f"{a['name']}={a['py_default']}" for a in attrs]
    return params


def project_context(ops: list[dict[str, Any]], *, package: str, prototype: str, version: str,
                    socs: tuple[SocChoice, ...]) -> dict[str, Any]:
    for ctx in ops:
        ctx["py_signature"] = ", ".join(_py_params(ctx))
        # The reference (user-owned) lists one parameter per line: a new attr or input is then a line of its own,
        # which `gen --force` merges into an edited reference without touching the body below `):`.
        ctx["py_params"] = _py_params(ctx)
        ctx["attr_names"] = [a["name"] for a in sorted(ctx["attrs"], key=lambda a: a["index"])]
        # The Python entry point also takes the caller's outputs, keyword-only (after the attrs' `*`, or its own).
        taken = {t["name"] for t in ctx["inputs"]} | set(ctx["attr_names"])
        ctx["out_param"] = next(n for n in ("out", "out_", "out__", "opkit_out") if n not in taken)
        ctx["api_signature"] = ctx["py_signature"] + ("" if ctx["attrs"] else ", *") + f", {ctx['out_param']}=None"
    return {"package": package, "prototype": prototype, "opkit_version": version, "ops": ops,
            "dtype_names": sorted(DTYPES),
            "soc": socs[0].profile.name, "socs": [c.profile.name for c in socs],
            # a CANN project's own aclnn layer (generate/glue.py sets them): none in a generated project
            "op_api_sources": "", "op_api_include_dirs": "", "host_in_one_library": False}

