"""Where the backend finds an op's OpDef (op type, input and output names): the prototypes `opkit build` writes
(`build/opkit-opdef/opdef.json`, msopgen's form) and the custom operator packages' op info
(`op_impl/ai_core/tbe/config/*/aic-*-ops-info.json`), searched in $OPKIT_OPDEF_PATH (files or directories), the
packages of $ASCEND_CUSTOM_OPP_PATH, $ASCEND_OPP_PATH/vendors/* and the current directory's build/opkit-opdef."""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["OpDef", "find_opdef", "search_paths"]


@dataclass(frozen=True)
class OpDef:
    op_type: str
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    source: str
    attrs: tuple[tuple[str, str, object], ...] = ()   # (name, type, default: None when required)
    optional_inputs: tuple[str, ...] = ()


def search_paths() -> list[Path]:
    paths = [Path(p) for p in os.environ.get("OPKIT_OPDEF_PATH", "").split(os.pathsep) if p]
    paths += [Path(p) for p in os.environ.get("ASCEND_CUSTOM_OPP_PATH", "").split(os.pathsep) if p]
    opp = os.environ.get("ASCEND_OPP_PATH")
    if opp and (Path(opp) / "vendors").is_dir():
        paths += sorted(p for p in (Path(opp) / "vendors").iterdir() if p.is_dir())
    paths.append(Path.cwd() / "build" / "opkit-opdef")
    return paths


def _files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    if not path.is_dir():
        return []
    return sorted([*path.rglob("opdef.json"), *path.rglob("aic-*-ops-info.json")])


def _read(path: Path) -> list[OpDef]:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return []
    found = []
    if isinstance(data, dict) and "op" not in data:   # op info: {"AddCustom": {"input0": {"name": "x"}, ...}}
        for op_type, info in data.items():
            if not isinstance(info, dict):
                continue
            def names(kind: str, info: dict = info) -> tuple[str, ...]:
                keys = sorted((k for k in info if re.fullmatch(kind + r"\d+", k)), key=lambda k: int(k[len(kind):]))
                return tuple(info[k].get("name", "") for k in keys)
            attr_names = [a for a in str(info.get("attr", {}).get("list", "")).split(",") if a]
            attrs = tuple((a, str(info.get(f"attr_{a}", {}).get("type", "")),
                           info.get(f"attr_{a}", {}).get("defaultValue")) for a in attr_names)
            optional = tuple(d.get("name", "") for k, d in info.items() if re.fullmatch(r"input\d+", k)
                             and isinstance(d, dict) and d.get("paramType") == "optional")
            found.append(OpDef(op_type, names("input"), names("output"), str(path), attrs, optional))
        return found
    for op in data if isinstance(data, list) else [data]:   # msopgen's prototype: [{"op": ..., "input_desc": ...}]
        if isinstance(op, dict) and "op" in op:
            found.append(OpDef(op["op"], tuple(d["name"] for d in op.get("input_desc", [])),
                               tuple(d["name"] for d in op.get("output_desc", [])), str(path),
                               tuple((a["name"], a.get("type", ""), a.get("default_value"))
                                     for a in op.get("attr", []) if isinstance(a, dict)),
                               tuple(d["name"] for d in op.get("input_desc", [])
                                     if d.get("param_type") == "optional")))
    return found


def find_opdef(op_type: str) -> OpDef | None:
    for path in search_paths():
        for file in _files(path):
            for opdef in _read(file):
                if opdef.op_type == op_type:
                    return opdef
    return None
