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

A CANN project's ops are what its OpDef registers (opkit/spec/opdef.py compiles the host code and reads them back, as
CANN's build does); a prototype JSON at its root or beside it is optional. Where both exist the OpDef wins, and every
disagreement is one located warning (opkit/build/opdef_check.py). opkit's own projects are generated from their
prototype, which stays their source.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from opkit.build.cann_cmake import CannCMake, read_cann_cmake
from opkit.build.npu_op_package import read_op_package
from opkit.errors import OpkitError, PathError, SpecError
from opkit.spec import load_spec
from opkit.spec.model import OpSpec, SpecFile
from opkit.spec.opdef import OpDefInfo, OpDefRead, read_opdef
from opkit.spec.soc import SocChoice

__all__ = ["LayoutKind", "OpSources", "ProjectLayout", "TilingStyle", "detect_layout", "shown_path"]

LayoutKind = Literal["opkit", "msopgen", "samples"]
TilingStyle = Literal["newer", "older", "none"]

_CLASSIC = re.compile(r"\bBEGIN_TILING_DATA_DEF\s*\(\s*(\w+)\s*\)")
_PLAIN_STRUCT = re.compile(r"\b(?:struct|class)\s+(\w+)\s*\{")
_TEMPLATE_KERNEL = re.compile(r"\btemplate\s*<[^;{]*>\s*(?:__global__\s+__aicore__|__aicore__\s+__global__)\s+void\s+"
                              r"(\w+)\s*\(")
_INFER_SHAPE = re.compile(r"\bSetInferShape\s*\(|\bIMPL_OP_INFERSHAPE\s*\(|\.\s*InferShape\s*\(")
_OP_API_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](?:opdev|aclnn|aclnn_kernels)/', re.M)
OPDEF_DIR = ("build", "opkit-opdef")   # under a CANN project: the OpDef read back, as a prototype (and its cache)


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
    opdef: OpDefInfo | None = None    # a CANN project's: what its OpDef says beyond the prototype
    host_include_dirs: tuple[Path, ...] = ()     # beyond op_host/ and op_kernel/: its CMakeLists.txt's (cann_cmake)
    kernel_include_dirs: tuple[Path, ...] = ()
    host_definitions: tuple[str, ...] = ()       # its CMakeLists.txt's and src/common's (cann_cmake)

    @property
    def outputs_from_caller(self) -> bool:
        """No InferShape, and an output that is not an input written in place: its shape is the caller's."""
        return not self.has_infer_shape and any(t.ref_input is None for t in self.op.outputs)

    def describe(self, root: Path) -> str:
        where = (f", tiling struct {shown_path(self.tiling_header, root)}"
                 if self.tiling_header is not None else ", no tiling header found")
        key = ", template tiling keys" if self.template_kernel else ""
        return f"{self.op.op_type}{where}{key}"


@dataclass(frozen=True)
class ProjectLayout:
    kind: LayoutKind
    root: Path
    prototype: Path                   # the file `spec` was read from: a CANN project's is its OpDef's, in OPDEF_DIR
    spec: SpecFile
    ops: tuple[OpSources, ...]
    user_prototype: SpecFile | None = None   # a CANN project's own JSON, when it has one that loads
    notes: tuple[str, ...] = ()       # what was read from where, what was assumed (printed by the build)
    warnings: tuple[str, ...] = ()    # the JSON that could not be read; OpDef/JSON disagreements come later
    soc: SocChoice | None = None      # a CANN project's SoC, from its AddConfig lists (opkit's: its lock's)
    op_api: tuple[Path, ...] = ()     # its hand-written aclnn layer (aclnn_*.cpp "l2", *_l0.cpp): into libcust_opapi
    op_api_headers: tuple[Path, ...] = ()   # the aclnn_*.h those declare, installed with the package

    def describe(self) -> str:
        """What was recognised, in one line: `msopgen project, newer layout: 1 op (AddCustom), tiling struct ...`."""
        what = {"opkit": "opkit project", "msopgen": "msopgen project",
                "samples": "CANN operator project (op_host/ + op_kernel/)"}[self.kind]
        styles = sorted({o.tiling_style for o in self.ops if o.tiling_style != "none"})
        style = f", {' and '.join(styles)} layout" if styles else ""
        count = f"{len(self.ops)} op{'s' if len(self.ops) != 1 else ''}"
        return f"{what}{style}: {count} ({'; '.join(o.describe(self.root) for o in self.ops)})"

    def missing_infer_shape(self) -> list[str]:
        """One warning per op whose host registers no InferShape though it has an output to infer (a ref output is
        its input, written in place; an op without outputs has nothing to infer)."""
        return [f"{o.op.op_type}: the host's OpDef has no SetInferShape; its outputs' shapes are the caller's to give "
                f"(out=...)" for o in self.ops if o.outputs_from_caller]


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _user_prototype(root: Path, op_types: set[str]) -> tuple[SpecFile | None, list[str]]:
    """The prototype JSON at `root` or beside it that names most of the OpDef's ops, if any; and one warning per
    JSON naming such an op that does not load (its own located errors: the OpDef is used, the JSON ignored)."""
    candidates = [p for d in (root, root.parent) for p in sorted(d.glob("*.json"))
                  if p.name not in ("CMakePresets.json", "CMakeUserPresets.json")]
    best: tuple[SpecFile, int] | None = None
    warnings = []
    for path in candidates:
        try:
            spec = load_spec(path)
        except SpecError as exc:
            if any(f'"{t}"' in _read(path) for t in op_types):
                warnings.append(f"{path}: ignored, the OpDef in op_host/ is used instead; the JSON has problems:\n"
                                f"{exc}")
            continue
        except (OpkitError, OSError, ValueError):
            continue
        count = sum(op.op_type in op_types for op in spec.ops)
        if count and (best is None or count > best[1]):
            best = (spec, count)
    return (best[0] if best else None), warnings


def _op_host_sources(root: Path, cmake: CannCMake | None = None) -> list[Path]:
    """op_host/*.cpp but the aclnn (op_api) sources beside them in CANN's operator repository (`aclnn_*.cpp`, files
    including opdev/ or aclnn headers): CANN compiles those into its op_api library, not with the OpDef. Then the
    shared host sources the op's CMakeLists.txt adds (src/common's tiling code)."""
    package = read_op_package(root)   # CANN 9's op package: op_host/<op>/*.cpp too
    files = package.host_sources(root) if package is not None else sorted((root / "op_host").glob("*.cpp"))
    own = [f for f in files
           if not f.name.startswith("aclnn_") and not _OP_API_INCLUDE.search(_read(f))]
    return own + list(cmake.host_sources if cmake is not None else ())


def _op_api_sources(root: Path, cmake: CannCMake) -> tuple[tuple[Path, ...], tuple[Path, ...]]:
    """The op's hand-written aclnn layer, as CANN's op_api library compiles it: the sources its CMakeLists.txt adds
    to `opapi` when it names any; otherwise op_host/ (and op_api/) sources that are `aclnn_*.cpp` ("l2") or include
    opdev/aclnn headers ("l0"), and only when there is an l2: an l0 file alone (ge_glu_v3_l0.cpp, whose
    CMakeLists.txt compiles it nowhere) serves CANN's built-in aclnn, and the op gets the generated aclnn API. Then
    the `aclnn_*.h` beside them."""
    dirs = [d for d in (root / "op_host", root / "op_api", root / "op_host" / "op_api") if d.is_dir()]
    if cmake.op_api_sources is not None:
        sources = list(cmake.op_api_sources)
    else:
        sources = [f for d in dirs for f in sorted(d.glob("*.cpp"))
                   if f.name.startswith("aclnn_") or _OP_API_INCLUDE.search(_read(f))]
        if not any(f.name.startswith("aclnn_") for f in sources):
            sources = []
    dirs += [f.parent for f in sources if f.parent not in dirs]
    headers = [f for d in dirs for f in sorted(d.glob("aclnn_*.h"))] if sources else []
    return tuple(sources), tuple(headers)


def _host_include_dirs(root: Path, cmake: CannCMake) -> tuple[Path, ...]:
    return (root / "op_host", root / "op_kernel", root, *cmake.host_include_dirs)


def _read_opdef(root: Path, cmake: CannCMake) -> OpDefRead:
    host = _op_host_sources(root, cmake)
    if not host:
        raise PathError(root, "has op_kernel/ but no op_host/*.cpp: CANN builds an op from the OpDef in its host "
                              "code", "add the op's host file (OpDef, InferShape, TilingFunc) to op_host/")
    return read_opdef(host, root.joinpath(*OPDEF_DIR), include_dirs=_host_include_dirs(root, cmake),
                      definitions=cmake.host_definitions)


_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[>"]', re.M)


def _included_headers(sources: list[Path], dirs: tuple[Path, ...], depth: int = 3) -> list[Path]:
    """The project's headers the host sources include (by their own folder or `dirs`), `depth` levels deep: a
    tiling struct registered in a shared header (src/common's foreach_tiling_def.h) is found through them."""
    found: list[Path] = []
    todo = list(sources)
    for _ in range(depth):
        following = []
        for source in todo:
            for name in _INCLUDE.findall(_read(source)):
                for base in (source.parent, *dirs):
                    candidate = base / name
                    if candidate.is_file() and candidate not in found:
                        found.append(candidate)
                        following.append(candidate)
                        break
        todo = following
    return found


def _kernel(root: Path, op: OpSpec) -> Path:
    package = read_op_package(root)
    return package.kernel(root, op.op_type, op.name) if package is not None else root / "op_kernel" / f"{op.name}.cpp"


def _tiling(root: Path, op: OpSpec, host_headers: list[Path]) -> tuple[TilingStyle, Path | None, str]:
    newer = root / "op_kernel" / f"{op.name}_tiling.h"
    if not newer.is_file():   # an op package's kernel folder: its <op>_tiling.h, or the header of the struct it uses
        newer = _package_tiling(_kernel(root, op)) or newer
    older = root / "op_host" / f"{op.name}_tiling.h"
    # An older header beside a newer one counts only when host code includes it: msopgen's default, left where a
    # sample copies in its own newer header, is read by nothing in CANN's build.
    skip_older = newer.is_file() and older.is_file() and older.resolve() not in {
        p.resolve() for p in _included_headers(sorted((root / "op_host").glob("*.cpp")),
                                               (root / "op_host", root / "op_kernel", root))}
    for path in (older, *host_headers):
        if skip_older and path.resolve() == older.resolve():
            continue
        text = _read(path)
        m = _CLASSIC.search(text)
        named = re.search(rf"REGISTER_TILING_DATA_CLASS\s*\(\s*{op.op_type}\s*,\s*(\w+)\s*\)", text)
        if m and (path == older or named):
            return "older", path, named[1] if named else m[1]
    if newer.is_file():
        m = _PLAIN_STRUCT.search(_read(newer))
        return "newer", newer, m[1] if m else ""
    return "none", None, ""


_TILING_DEFAULT = re.compile(r"\bREGISTER_TILING_DEFAULT\s*\(\s*(\w+)\s*\)")


def _package_tiling(kernel: Path) -> Path | None:
    named = kernel.parent / f"{kernel.parent.name}_tiling.h"
    if kernel.parent.name == "op_kernel" or named.is_file():
        return named if named.is_file() else None
    struct = _TILING_DEFAULT.search(_read(kernel))
    return next((h for h in sorted(kernel.parent.glob("*.h")) if struct and
                 re.search(rf"\b(?:struct|class)\s+{struct[1]}\s*\{{", _read(h))), None)


def _host_files(root: Path, ops: list[OpSpec], cmake: CannCMake) -> dict[str, list[Path]]:
    """op name -> its op_host/*.cpp: <op>.cpp and <op>_*.cpp; any other file goes with the first op."""
    files = _op_host_sources(root, cmake)
    owned: dict[str, list[Path]] = {op.name: [] for op in ops}
    by_length = sorted(ops, key=lambda o: -len(o.name))   # add_custom_v2_* before add_custom_*
    for f in files:
        owner = next((op.name for op in by_length if f.stem == op.name or f.stem.startswith(op.name + "_")
                      or f.parent.name == op.name),
                     ops[0].name)
        owned[owner].append(f)
    return owned


def _cann_kind(root: Path) -> LayoutKind:
    markers = ("CMakePresets.json", "build.sh", "framework")
    return "msopgen" if any((root / m).exists() for m in markers) else "samples"


def detect_layout(root: Path) -> ProjectLayout | None:
    """The layout of the operator project at `root`, or None when it is neither opkit's nor CANN's. A CANN project's
    host code is compiled to read its OpDef: BuildError when it does not compile, PathError when it registers no op
    with a kernel in op_kernel/."""
    root = Path(root).absolute()
    lock = root / "opkit.lock"
    read: OpDefRead | None = None
    user: SpecFile | None = None
    warnings: list[str] = []
    cmake = CannCMake()
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
        cmake = read_cann_cmake(root)
        read = _read_opdef(root, cmake)
        spec, prototype = read.spec, read.spec.path
        ops = [op for op in spec.ops if _kernel(root, op).is_file()]
        if not ops:
            registered = ", ".join(f"{op.op_type} (op_kernel/{op.name}.cpp)" for op in spec.ops) or "nothing"
            raise PathError(root, f"its OpDef registers {registered}, and op_kernel/ has no kernel for any of them",
                            "name each kernel file after its op in snake_case, as msopgen does")
        user, warnings = _user_prototype(root, {op.op_type for op in ops})
        warnings = list(read.warnings) + list(warnings)
        if user is not None:   # the JSON's order where it has one (its first op names the package), else the OpDef's
            order = {op.op_type: i for i, op in enumerate(user.ops)}
            ops.sort(key=lambda op: order.get(op.op_type, len(order)))
    else:
        return None
    hosts = _host_files(root, ops, cmake) if kind != "opkit" else {op.name: [root / "op_host" / f"{op.name}.cpp"]
                                                                    for op in ops}
    # An op package's kernel is a folder deeper (op_kernel/<op>/): op_host/ and op_kernel/ are named here.
    package_dirs = (root / "op_host", root / "op_kernel") if read_op_package(root) is not None else ()
    headers = sorted((root / "op_host").glob("*.h")) + sorted((root / "op_host").glob("*/*.h") if package_dirs else [])
    if cmake.host_sources or cmake.host_include_dirs:
        shared = _included_headers([f for files in hosts.values() for f in files], _host_include_dirs(root, cmake))
        headers += [h for h in shared if h not in headers]
    all_host = "\n".join(_read(f) for files in hosts.values() for f in files)
    sources = []
    for op in ops:
        style, header, struct = _tiling(root, op, headers)
        kernel = _kernel(root, op) if kind != "opkit" else root / "op_kernel" / f"{op.name}.cpp"
        if read is not None:
            infer_shape = read.info[op.op_type].infer_shape
        else:
            own = "\n".join(_read(f) for f in hosts[op.name])
            # An InferShape registered by name elsewhere (IMPL_OP_INFERSHAPE(Op)) counts too.
            named = re.search(rf"IMPL_OP(?:_INFERSHAPE)?\s*\(\s*{op.op_type}\s*\)[^;]*\.InferShape\s*\(", all_host)
            infer_shape = bool(_INFER_SHAPE.search(own) or named)
        sources.append(OpSources(op, kernel, tuple(hosts[op.name]), style, header, struct,
                                 bool(_TEMPLATE_KERNEL.search(_read(kernel))), infer_shape,
                                 read.info[op.op_type] if read is not None else None,
                                 (*package_dirs, *cmake.host_include_dirs), cmake.kernel_include_dirs,
                                 cmake.host_definitions))
    notes = []
    if read is not None:
        where = f"; prototype {shown_path(user.path, root)} cross-checked" if user is not None else ", no prototype JSON"
        notes.append(f"ops read from the OpDef in op_host/ (compiled with opkit's host headers){where}")
        notes += read.notes
        if cmake.host_sources or cmake.host_include_dirs or cmake.kernel_include_dirs:
            shared = [shown_path(p, root) for p in (*cmake.host_sources, *cmake.host_include_dirs,
                                                     *cmake.kernel_include_dirs)]
            notes.append(f"from CMakeLists.txt, as CANN's build reads it: {', '.join(shared)}")
    op_api, op_api_headers = _op_api_sources(root, cmake) if kind != "opkit" else ((), ())
    if op_api:
        notes.append(f"its aclnn layer (op_api, built into libcust_opapi.so): "
                     f"{', '.join(shown_path(p, root) for p in op_api)}")
    return ProjectLayout(kind, root, prototype, spec, tuple(sources), user, tuple(notes), tuple(warnings),
                         read.soc if read is not None else None, op_api, op_api_headers)


def shown_path(path: Path, root: Path) -> str:
    """`path` as the user knows it: relative to the project, or to the folder beside it (a prototype next to it)."""
    for base in (root, root.parent):
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)
