"""Which kind of operator project a directory is, and where its parts are: the one place that recognises layouts.

`detect_layout(DIR)` returns a `ProjectLayout` (or None when DIR is no operator project at all). The generator and
the build read the description instead of assuming opkit's own file names:

- `opkit`: made by `opkit gen` (opkit.lock); tiling struct in op_kernel/<op>_tiling.h.
- `msopgen`: CANN's msopgen output (CMakePresets.json, build.sh, CMakeLists.txt with find_package(ASC), framework/,
  op_host/, op_kernel/), the prototype JSON at its root or beside it.
- `samples`: any other op_host/ + op_kernel/ tree (CANN samples, cann-ops, operator_contrib), prototype likewise.

Per op, the tiling struct is found in one of CANN's two layouts: the newer one (a plain struct in
op_kernel/<op>_tiling.h, which host and kernel include) or the older one (op_host/<op>_tiling.h with
BEGIN_TILING_DATA_DEF, included by the host only: CANN's build hands the struct to the kernel, which opkit's build
does with a forced include). Every .cpp in op_host/ goes into the host library, as CANN compiles them; each op's
op_kernel/<op>.cpp is its kernel; headers stay where they are, reachable by their relative includes.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from opkit.errors import OpkitError, PathError
from opkit.spec import load_spec
from opkit.spec.model import OpSpec, SpecFile

__all__ = ["LayoutKind", "OpSources", "ProjectLayout", "TilingStyle", "detect_layout"]

LayoutKind = Literal["opkit", "msopgen", "samples"]
TilingStyle = Literal["newer", "older", "none"]

_CLASSIC = re.compile(r"\bBEGIN_TILING_DATA_DEF\s*\(\s*(\w+)\s*\)")
_PLAIN_STRUCT = re.compile(r"\b(?:struct|class)\s+(\w+)\s*\{")
_TEMPLATE_KERNEL = re.compile(r"\btemplate\s*<[^;{]*>\s*(?:__global__\s+__aicore__|__aicore__\s+__global__)\s+void\s+"
                              r"(\w+)\s*\(")
_INFER_SHAPE = re.compile(r"\bSetInferShape\s*\(|\bIMPL_OP_INFERSHAPE\s*\(|\.\s*InferShape\s*\(")


@dataclass(frozen=True)
class OpSources:
    """Where one op's parts are; paths are absolute."""

    op: OpSpec
    kernel: Path                      # op_kernel/<op>.cpp
    host: tuple[Path, ...]            # the op_host/*.cpp compiled with this op (every file is compiled once)
    tiling_style: TilingStyle
    tiling_header: Path | None        # newer: op_kernel/<op>_tiling.h; older: op_host/<op>_tiling.h
    tiling_struct: str                # the struct's name ("" when none was found)
    template_kernel: bool             # the kernel entry is a template selected by the tiling key (ASCENDC_TPL_*)
    has_infer_shape: bool             # some host file registers an InferShape for it

    def describe(self, root: Path) -> str:
        where = (f", tiling struct {self.tiling_header.relative_to(root).as_posix()}"
                 if self.tiling_header is not None else ", no tiling header found")
        key = ", template tiling keys" if self.template_kernel else ""
        return f"{self.op.op_type}{where}{key}"


@dataclass(frozen=True)
class ProjectLayout:
    kind: LayoutKind
    root: Path
    prototype: Path
    spec: SpecFile
    ops: tuple[OpSources, ...]

    def describe(self) -> str:
        """What was recognised, in one line: `msopgen project, newer layout: 1 op (AddCustom), tiling struct ...`."""
        what = {"opkit": "opkit project", "msopgen": "msopgen project",
                "samples": "CANN operator project (op_host/ + op_kernel/)"}[self.kind]
        styles = sorted({o.tiling_style for o in self.ops if o.tiling_style != "none"})
        style = f", {' and '.join(styles)} layout" if styles else ""
        count = f"{len(self.ops)} op{'s' if len(self.ops) != 1 else ''}"
        return f"{what}{style}: {count} ({'; '.join(o.describe(self.root) for o in self.ops)})"

    def missing_infer_shape(self) -> list[str]:
        """One warning per op whose host registers no InferShape."""
        return [f"{o.op.op_type}: the host's OpDef has no SetInferShape; its outputs' shapes are the caller's to give "
                f"(out=...)" for o in self.ops if not o.has_infer_shape]


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _prototype(root: Path) -> tuple[Path, SpecFile, list[OpSpec]]:
    """The prototype JSON at `root` or beside it whose ops have kernels in root/op_kernel (most ops wins)."""
    candidates = [p for d in (root, root.parent) for p in sorted(d.glob("*.json"))
                  if p.name not in ("CMakePresets.json", "CMakeUserPresets.json")]
    best: tuple[Path, SpecFile, list[OpSpec]] | None = None
    for path in candidates:
        try:
            spec = load_spec(path)
        except (OpkitError, OSError, ValueError):
            continue
        ops = [op for op in spec.ops if (root / "op_kernel" / f"{op.name}.cpp").is_file()]
        if ops and (best is None or len(ops) > len(best[2])):
            best = (path, spec, ops)
    if best is None:
        raise PathError(root, "has op_host/ and op_kernel/ but no prototype JSON for its kernels at its root or "
                              "beside it", "put msopgen's <Op>.json (whose op names match op_kernel/<op>.cpp) there")
    return best


def _tiling(root: Path, op: OpSpec, host_headers: list[Path]) -> tuple[TilingStyle, Path | None, str]:
    newer = root / "op_kernel" / f"{op.name}_tiling.h"
    older = root / "op_host" / f"{op.name}_tiling.h"
    for path in (older, *host_headers):
        text = _read(path)
        m = _CLASSIC.search(text)
        if m and (path == older or re.search(rf"REGISTER_TILING_DATA_CLASS\s*\(\s*{op.op_type}\s*,", text)):
            return "older", path, m[1]
    if newer.is_file():
        m = _PLAIN_STRUCT.search(_read(newer))
        return "newer", newer, m[1] if m else ""
    return "none", None, ""


def _host_files(root: Path, ops: list[OpSpec]) -> dict[str, list[Path]]:
    """op name -> its op_host/*.cpp: <op>.cpp and <op>_*.cpp; any other file goes with the first op."""
    files = sorted((root / "op_host").glob("*.cpp"))
    owned: dict[str, list[Path]] = {op.name: [] for op in ops}
    by_length = sorted(ops, key=lambda o: -len(o.name))   # add_custom_v2_* before add_custom_*
    for f in files:
        owner = next((op.name for op in by_length if f.stem == op.name or f.stem.startswith(op.name + "_")),
                     ops[0].name)
        owned[owner].append(f)
    return owned


def _cann_kind(root: Path) -> LayoutKind:
    markers = ("CMakePresets.json", "build.sh", "framework")
    return "msopgen" if any((root / m).exists() for m in markers) else "samples"


def detect_layout(root: Path) -> ProjectLayout | None:
    """The layout of the operator project at `root`, or None when it is neither opkit's nor CANN's. Raises PathError
    for a CANN-shaped directory whose prototype cannot be found."""
    root = Path(root).absolute()
    lock = root / "opkit.lock"
    if lock.is_file():
        try:
            prototype = root / json.loads(lock.read_text(encoding="utf-8"))["prototype"]
            spec = load_spec(prototype)
        except (OSError, ValueError, KeyError, TypeError, OpkitError):
            return None
        kind: LayoutKind = "opkit"
        ops = list(spec.ops)
    elif (root / "op_host").is_dir() and (root / "op_kernel").is_dir():
        kind = _cann_kind(root)
        prototype, spec, ops = _prototype(root)
    else:
        return None
    hosts = _host_files(root, ops) if kind != "opkit" else {op.name: [root / "op_host" / f"{op.name}.cpp"]
                                                             for op in ops}
    headers = sorted((root / "op_host").glob("*.h"))
    all_host = "\n".join(_read(f) for files in hosts.values() for f in files)
    sources = []
    for op in ops:
        style, header, struct = _tiling(root, op, headers)
        kernel = root / "op_kernel" / f"{op.name}.cpp"
        own = "\n".join(_read(f) for f in hosts[op.name])
        # An InferShape registered by name elsewhere (IMPL_OP_INFERSHAPE(Op)) counts too.
        named = re.search(rf"IMPL_OP(?:_INFERSHAPE)?\s*\(\s*{op.op_type}\s*\)[^;]*\.InferShape\s*\(", all_host)
        sources.append(OpSources(op, kernel, tuple(hosts[op.name]), style, header, struct,
                                 bool(_TEMPLATE_KERNEL.search(_read(kernel))),
                                 bool(_INFER_SHAPE.search(own) or named)))
    return ProjectLayout(kind, root, prototype, spec, tuple(sources))
