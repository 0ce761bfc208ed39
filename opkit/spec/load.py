"""The public entry points: load_spec (read -> shape -> meaning, one SpecError with every problem) and summarize."""
from __future__ import annotations

import json
from pathlib import Path

from opkit.errors import Problem, SpecError
from opkit.spec.model import AttrSpec, OpSpec, SpecFile, TensorSpec
from opkit.spec.schema import check_shape
from opkit.spec.semantic import build_ops
from opkit.spec.source import read_source

__all__ = ["load_spec", "summarize"]


def load_spec(path: str | Path) -> SpecFile:
    """Read a prototype file (msopgen JSON, or YAML) and return its operators, in file order.

    Raises SpecError carrying every problem of the file, each with file:line:column and JSON path. What msopgen
    tolerates (an unknown key) is a warning: the file loads, and SpecFile.warnings says where.
    """
    path = Path(path)
    source = read_source(path, str(path))
    if source.data is None and not source.problems:
        source.problems.append(Problem(source.label, 1, 1, "", "file is empty; expected a list of operators"))
    if source.data is None:
        raise SpecError(source.problems)
    shape_problems, broken = check_shape(source)
    if not isinstance(source.data, (list, dict)) or ("" in broken and isinstance(source.data, list)):
        raise SpecError(source.problems + shape_problems)
    ops, meaning_problems = build_ops(source, broken)
    problems = source.problems + shape_problems + meaning_problems
    if any(not p.warning for p in problems):
        raise SpecError(problems)
    warnings = tuple(sorted(problems, key=lambda p: (p.line, p.column, p.pointer)))
    return SpecFile(path=path, text=source.text, ops=ops, warnings=warnings)


def summarize(spec_file: SpecFile) -> str:
    """One person-readable line per operator: tensors with param types, attrs with defaults, dtype combinations."""
    return "\n".join(_summarize_op(op) for op in spec_file.ops)


def _summarize_op(op: OpSpec) -> str:
    inputs = ", ".join(_tensor(t) for t in op.inputs)
    outputs = ", ".join(_tensor(t) for t in op.outputs) or "-"
    attrs = ", ".join(_attr(a) for a in op.attrs) or "-"
    ins = len(op.inputs)
    combos = " | ".join(f"{' '.join(d.name for d in c[:ins])} -> {' '.join(d.name for d in c[ins:]) or '-'}".lstrip()
                        for c in op.dtype_combinations)
    return f"{op.op_type} ({op.name}): inputs {inputs}; outputs {outputs}; attrs {attrs}; dtypes {combos}"


def _tensor(tensor: TensorSpec) -> str:
    suffix = "" if tensor.param_type == "required" else f" ({tensor.param_type})"
    suffix += " (in place)" if tensor.ref_input is not None else ""
    formats = set(tensor.formats)
    layout = "" if formats == {"ND"} else f" [{','.join(tensor.formats)}]"
    return f"{tensor.name}{suffix}{layout}"


def _attr(attr: AttrSpec) -> str:
    if attr.default is None:
        return f"{attr.name}: {attr.type}"
    return f"{attr.name}: {attr.type} = {_value(attr.default)}"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)   # escapes quotes and control characters: one line per op
    if isinstance(value, tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return repr(value)
