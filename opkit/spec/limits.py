"""What msopgen accepts but opkit's generator cannot make yet. Such an op loads, with a located warning (so
`opkit validate` says so up front); `opkit gen` and `opkit build` refuse it with the same message, as an error."""
from __future__ import annotations

from collections.abc import Iterable

from opkit.errors import Problem
from opkit.spec.model import OpSpec, SpecFile
from opkit.spec.source import child_pointer, parse_source

__all__ = ["generation_limits", "generation_problems"]

_WRITES_OUTPUTS = "opkit's generated code gives each output a buffer of its own"


def generation_limits(op: OpSpec) -> list[tuple[str, str, str]]:
    """(JSON path, message, hint) for each part of `op` that opkit cannot generate yet."""
    limits = []
    if not op.outputs:
        limits.append((child_pointer(op.pointer, "output_desc"),
                       f"{op.op_type} has no outputs (an op that works in place on its inputs, as msopgen allows); "
                       f"opkit cannot generate it yet", f"{_WRITES_OUTPUTS}; to generate now, declare the result in output_desc"))
    for tensor in op.outputs:
        if tensor.ref_input is not None:
            limits.append((child_pointer(tensor.pointer, "name"),
                           f'output "{tensor.name}" is input "{tensor.ref_input}" written in place (a ref tensor, as '
                           f"msopgen reads an output named like an input); opkit cannot generate it yet",
                           f"{_WRITES_OUTPUTS}; to generate now, name the output apart (e.g. {tensor.name}_out)"))
    return limits


def generation_problems(spec_file: SpecFile, ops: Iterable[OpSpec]) -> list[Problem]:
    """The limits of `ops` (ops of `spec_file`) as located errors, for gen and build to raise as a SpecError."""
    found = [limit for op in ops for limit in generation_limits(op)]
    if not found:
        return []
    label = str(spec_file.path)
    positions = parse_source(spec_file.path, label, spec_file.text).positions
    return [Problem(label, *positions.of_value(at), at, message, hint) for at, message, hint in found]
