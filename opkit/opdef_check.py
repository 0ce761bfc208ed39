"""`opkit build`'s cross-check of a project's two declarations of each op: the prototype JSON and the OpDef in
op_host/<op>.cpp. CANN registers the OpDef; opkit's glue follows the JSON. An input, output or attr that only one of
them has is a warning naming both places, located in each (the build goes on: the user may be mid-edit).

The OpDef is read as text (`this->Input("x")`, `this->Output("y")`, `this->Attr("a")`, comments skipped), not parsed
as C++: a declaration built some other way is not seen, and then no warning is given for it.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from opkit.errors import OpkitError
from opkit.spec import load_spec
from opkit.spec.source import read_source

__all__ = ["opdef_mismatches"]

_DECLARATION = re.compile(r'\bthis\s*->\s*(Input|Output|Attr)\s*\(\s*"([^"\\]+)"\s*\)')
_COMMENT_OR_STRING = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', re.S)
_KINDS = {"Input": "input", "Output": "output", "Attr": "attr"}


def _blank_comments(text: str) -> str:
    """Comments replaced by spaces (newlines kept, so line numbers hold); strings are left as they are."""
    return _COMMENT_OR_STRING.sub(
        lambda m: m[0] if m[0].startswith('"') else re.sub(r"[^\n]", " ", m[0]), text)


def _declared(host: Path) -> dict[tuple[str, str], int]:
    """(kind, name) -> line of its first declaration in the host file's OpDef."""
    text = _blank_comments(host.read_text(encoding="utf-8", errors="replace"))
    found: dict[tuple[str, str], int] = {}
    for m in _DECLARATION.finditer(text):
        found.setdefault((_KINDS[m[1]], m[2]), text.count("\n", 0, m.start()) + 1)
    return found


def opdef_mismatches(project: Path) -> list[str]:
    """One warning per input, output or attr that the prototype and the op's OpDef do not both declare. Empty when
    the project has no readable prototype (opkit.lock names it) or an op has no host file."""
    try:
        prototype = json.loads((project / "opkit.lock").read_text(encoding="utf-8"))["prototype"]
        spec_file = load_spec(project / prototype)
        located = read_source(project / prototype, prototype)
    except (OSError, ValueError, KeyError, TypeError, OpkitError):
        return []
    warnings: list[str] = []
    for op in spec_file.ops:
        host = project / "op_host" / f"{op.name}.cpp"
        try:
            declared = _declared(host)
        except OSError:
            continue
        in_json = {("input", t.name): t.pointer for t in op.inputs}
        in_json.update({("output", t.name): t.pointer for t in op.outputs})
        in_json.update({("attr", a.name): a.pointer for a in op.attrs})
        host_name = host.relative_to(project).as_posix()
        for (kind, name), pointer in in_json.items():
            if (kind, name) not in declared:
                line, column = located.positions.of_value(pointer)
                warnings.append(f"{prototype}:{line}:{column}: warning: {op.op_type} {kind} \"{name}\" (`{pointer}`) "
                                f"is not declared in the OpDef of {host_name}; CANN registers the op without it")
        for (kind, name), line in declared.items():
            if (kind, name) not in in_json:
                where = op.pointer or "the op"
                warnings.append(f"{host_name}:{line}: warning: the OpDef declares {kind} \"{name}\", which {op.op_type} "
                                f"in {prototype} (`{where}`) does not have; opkit's Python and torch glue follow the "
                                f"prototype")
    return warnings
