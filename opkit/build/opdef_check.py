"""`opkit build`'s cross-check of a project's two declarations of each op: the prototype JSON and the OpDef in the
op's host files (opkit/build/layout.py says where both are, for opkit's, msopgen's and samples-style projects). CANN registers the OpDef; opkit's glue follows the JSON. An input, output or attr that only one of
them has is a warning naming both places, located in each (the build goes on: the user may be mid-edit).

The OpDef is read as text (`this->Input("x")`, `this->Output("y")`, `this->Attr("a")`, comments skipped), not parsed
as C++: a declaration built some other way is not seen, and then no warning is given for it.
"""
from __future__ import annotations

import re
from pathlib import Path

from opkit.errors import OpkitError
from opkit.build.layout import ProjectLayout
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


def _shown(path: Path, root: Path) -> str:
    """`path` as the user knows it: relative to the project, or to the folder beside it (a prototype next to it)."""
    for base in (root, root.parent):
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)


def opdef_mismatches(layout: ProjectLayout) -> list[str]:
    """One warning per input, output or attr that the prototype and the op's OpDef (in any of the op's host files)
    do not both declare. Works on every layout opkit recognises (opkit's own, msopgen's, samples-style)."""
    prototype = _shown(layout.prototype, layout.root)
    try:
        located = read_source(layout.prototype, prototype)
    except (OSError, ValueError, OpkitError):
        return []
    warnings: list[str] = []
    for sources in layout.ops:
        op = sources.op
        declared: dict[tuple[str, str], tuple[str, int]] = {}
        for host in sources.host:
            try:
                for key, line in _declared(host).items():
                    declared.setdefault(key, (_shown(host, layout.root), line))
            except OSError:
                continue
        if not declared:
            continue   # no OpDef read as text (built some other way): nothing to compare
        host_name = _shown(sources.host[0], layout.root)
        in_json = {("input", t.name): t.pointer for t in op.inputs}
        in_json.update({("output", t.name): t.pointer for t in op.outputs})
        in_json.update({("attr", a.name): a.pointer for a in op.attrs})
        for (kind, name), pointer in in_json.items():
            if (kind, name) not in declared:
                line, column = located.positions.of_value(pointer)
                warnings.append(f"{prototype}:{line}:{column}: warning: {op.op_type} {kind} \"{name}\" (`{pointer}`) "
                                f"is not declared in the OpDef of {host_name}; CANN registers the op without it")
        for (kind, name), (where, line) in declared.items():
            if (kind, name) not in in_json:
                warnings.append(f"{where}:{line}: warning: the OpDef declares {kind} \"{name}\", which {op.op_type} "
                                f"in {prototype} (`{op.pointer or 'the op'}`) does not have; opkit's Python and torch "
                                f"glue follow the prototype")
    return warnings
