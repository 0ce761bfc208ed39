"""Render `templates/project/` into memory: one file per template, or one per op where the path names `{{op}}`."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from opkit.generate.writer import Owner, RenderedFile

__all__ = ["TEMPLATE_ROOT", "USER_OWNED", "render_tree"]

TEMPLATE_ROOT = Path(__file__).resolve().parents[1] / "templates" / "project"
# Templates whose output belongs to the user once written: regeneration never touches them (see DESIGN.md).
USER_OWNED = frozenset({
    "op_kernel/{{op}}.cpp.jinja", "op_kernel/{{op}}_tiling.h.jinja", "op_host/{{op}}.cpp.jinja",
    "tests/reference.py.jinja",
})
_SUFFIX = ".jinja"


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATE_ROOT)), undefined=jinja2.StrictUndefined,
                              keep_trailing_newline=True, autoescape=False, bytecode_cache=_bytecode_cache())


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs (jinja2 keys them by the template's source checksum, so an edited template
    is recompiled): compiling them is most of what `opkit gen` does. No cache where none can be made."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(root, "opkit", "jinja")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return None
    return jinja2.FileSystemBytecodeCache(folder)


def _templates() -> list[str]:
    return sorted(p.relative_to(TEMPLATE_ROOT).as_posix() for p in TEMPLATE_ROOT.rglob("*") if p.is_file())


def _out_path(rel: str, op: str | None, package: str) -> str:
    path = rel[:-len(_SUFFIX)] if rel.endswith(_SUFFIX) else rel
    path = path.replace("{{package}}", package)
    return path.replace("{{op}}", op) if op is not None else path


def render_tree(context: dict[str, Any], exclude: tuple[str, ...] = ()) -> list[RenderedFile]:
    """Every output file of the project (but those under the folders `exclude` names), rendered; raises before
    anything is written."""
    env = _environment()
    files: list[RenderedFile] = []
    for rel in _templates():
        if rel.startswith(exclude):
            continue
        owner: Owner = "user" if rel in USER_OWNED else "generated"
        targets = context["ops"] if "{{op}}" in rel else [None]
        for op in targets:
            out = _out_path(rel, op["name"] if op else None, context["package"])
            if rel.endswith(_SUFFIX):
                content = env.get_template(rel).render(**context, op=op)
            else:
                content = (TEMPLATE_ROOT / rel).read_text(encoding="utf-8")
            files.append(RenderedFile(out, content, owner))
    return files
