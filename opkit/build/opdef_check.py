"""`opkit build`'s cross-check of a project's two declarations of each op: the prototype JSON and the OpDef in the
op's host files (opkit/build/layout.py says where both are). Every disagreement is one warning naming both places,
located in each (the build goes on: the user may be mid-edit).

- A CANN project (msopgen's, samples-style) is built from its OpDef, read back compiled (opkit/spec/opdef.py); its
  JSON, when it has one, is compared with it: declarations, param types, dtype combinations, attr types/defaults.
- An opkit project is built from its prototype; its OpDef is read as text (`this->Input("x")`, `this->Output("y")`,
  `this->Attr("a")`, comments skipped), for an input, output or attr that only one side declares. A declaration
  built some other way is not seen, and then no warning is given for it.
Host lines are found the same textual way in both cases.
"""
from __future__ import annotations

import re
from pathlib import Path

from typing import Any

from opkit.build.layout import OpSources, ProjectLayout, shown_path
from opkit.errors import OpkitError
from opkit.spec.model import OpSpec
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


def opdef_mismatches(layout: ProjectLayout) -> list[str]:
    """One warning per disagreement between the prototype and the op's OpDef. opkit's own projects: an input,
    output or attr that only one of them declares (the OpDef read as text; the glue follows the prototype). CANN
    projects: their OpDef, read back compiled, against the JSON beside it when there is one (the build follows the
    OpDef): declarations, param types, dtype combinations, attr types and defaults."""
    if layout.kind != "opkit":
        return _cann_mismatches(layout)
    return _text_mismatches(layout)


def _cann_mismatches(layout: ProjectLayout) -> list[str]:
    warnings = list(layout.warnings)
    user = layout.user_prototype
    if user is None:
        return warnings
    shown = shown_path(user.path, layout.root)
    try:
        located = read_source(user.path, shown)
    except (OSError, ValueError, OpkitError):
        return warnings
    for sources in layout.ops:
        try:
            theirs = user.op(sources.op.op_type)
        except KeyError:
            continue
        warnings += _model_mismatches(sources, theirs, shown, located, layout.root)
    return warnings


def _host_line(sources: OpSources, root: Path, kind: str, name: str) -> str:
    for host in sources.host:
        try:
            line = _declared(host).get((kind, name))
        except OSError:
            continue
        if line is not None:
            return f"{shown_path(host, root)}:{line}"
    return shown_path(sources.host[0], root) if sources.host else "op_host/"


def _combos(op: OpSpec) -> set[tuple[tuple[str, str], ...]]:
    return {tuple((t.name, d.name) for t, d in zip(op.tensors, combo)) for combo in op.dtype_combinations}


def _model_mismatches(sources: OpSources, json_op: OpSpec, shown: str, located: Any, root: Path) -> list[str]:
    opdef = sources.op
    out: list[str] = []

    def where(pointer: str) -> str:
        line, column = located.positions.of_value(pointer)
        return f"{shown}:{line}:{column}"

    mine = {("input", t.name): t for t in opdef.inputs} | {("output", t.name): t for t in opdef.outputs}
    theirs = {("input", t.name): t for t in json_op.inputs} | {("output", t.name): t for t in json_op.outputs}
    attrs_mine = {a.name: a for a in opdef.attrs}
    attrs_theirs = {a.name: a for a in json_op.attrs}
    host = shown_path(sources.host[0], root) if sources.host else "op_host/"
    for key, t in theirs.items():
        if key not in mine:
            out.append(f"{where(t.pointer)}: warning: {opdef.op_type} {key[0]} \"{key[1]}\" (`{t.pointer}`) is not "
                       f"declared in the OpDef of {host}; the build follows the OpDef, without it")
        elif mine[key].param_type != t.param_type:
            out.append(f"{where(t.pointer)}: warning: {opdef.op_type} {key[0]} \"{key[1]}\" is {t.param_type} here "
                       f"and {mine[key].param_type} in the OpDef ({_host_line(sources, root, *key)}); the build "
                       "follows the OpDef")
    for key in mine.keys() - theirs.keys():
        out.append(f"{_host_line(sources, root, *key)}: warning: the OpDef declares {key[0]} \"{key[1]}\", which "
                   f"{opdef.op_type} in {shown} (`{json_op.pointer or 'the op'}`) does not have; the build follows "
                   "the OpDef")
    for name, a in attrs_theirs.items():
        if name not in attrs_mine:
            out.append(f"{where(a.pointer)}: warning: {opdef.op_type} attr \"{name}\" (`{a.pointer}`) is not declared "
                       f"in the OpDef of {host}; the build follows the OpDef, without it")
            continue
        m = attrs_mine[name]
        if (m.type, m.param_type, m.default) != (a.type, a.param_type, a.default):
            def say(x: Any) -> str:
                return f"{x.param_type} {x.type}" + (f" = {x.default!r}" if x.default is not None else "")
            out.append(f"{where(a.pointer)}: warning: {opdef.op_type} attr \"{name}\" is {say(a)} here and "
                       f"{say(m)} in the OpDef ({_host_line(sources, root, 'attr', name)}); the build follows the "
                       "OpDef")
    for name in attrs_mine.keys() - attrs_theirs.keys():
        out.append(f"{_host_line(sources, root, 'attr', name)}: warning: the OpDef declares attr \"{name}\", which "
                   f"{opdef.op_type} in {shown} (`{json_op.pointer or 'the op'}`) does not have; the build follows "
                   "the OpDef")
    if set(mine) == set(theirs) and [t.name for t in opdef.tensors] == [t.name for t in json_op.tensors]:
        only_json, only_opdef = _combos(json_op) - _combos(opdef), _combos(opdef) - _combos(json_op)
        if only_json or only_opdef:
            def listed(combos: set[tuple[tuple[str, str], ...]]) -> str:
                return "; ".join(sorted(", ".join(d for _, d in c) for c in combos)) or "none"
            out.append(f"{where(json_op.pointer)}: warning: {opdef.op_type}'s dtype combinations differ from the "
                       f"OpDef's ({host}): only here: {listed(only_json)}; only in the OpDef: {listed(only_opdef)}; "
                       "the build follows the OpDef")
    return out


def _text_mismatches(layout: ProjectLayout) -> list[str]:
    prototype = shown_path(layout.prototype, layout.root)
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
                    declared.setdefault(key, (shown_path(host, layout.root), line))
            except OSError:
                continue
        if not declared:
            continue   # no OpDef read as text (built some other way): nothing to compare
        host_name = shown_path(sources.host[0], layout.root)
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
