"""The operator model read from a project's C++ OpDef, as CANN's build reads it (its `opbuild` step).

A CANN operator project's source of truth is the OpDef in its host code (`this->Input("x").DataType({...})`,
`Attr(...)`, `AICore().AddConfig(...)`, `OP_ADD`); msopgen's JSON is only msopgen's input. CANN's build compiles
op_host/*.cpp and reads the registry back. opkit does the same: the host files are compiled with opkit's host headers
into a small program (its main is `opkit/host/opdef_dump.h`) that prints every registered OpDef as JSON. That
description becomes a prototype in msopgen's own form, written beside the build (`opdef.json`) and loaded by
`load_spec`, so an OpDef passes the same checks and yields the same frozen `OpSpec` as a JSON prototype does; what
the prototype cannot say (AddConfig's SoCs, which of InferShape/InferDataType/Tiling are set) is in `OpDefInfo`.

Per AI Core config: an op whose `AddConfig(soc, config)` declares its own inputs/outputs is read with those for that
SoC family. `DataTypeList`/`FormatList` hold for every combination: each listed dtype is combined with every
positional combination of the other parameters, as CANN expands them.
"""
from __future__ import annotations

import hashlib
import json
import re
import os
import struct
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from opkit import __version__, include_dir
from opkit.errors import BuildError, PathError
from opkit.spec.dtypes import DTYPES
from opkit.spec.load import load_spec
from opkit.spec.model import SpecFile
from opkit.spec.soc import SocChoice, soc_for_configs

__all__ = ["OpDefInfo", "OpDefRead", "read_opdef", "prototype_from_opdef", "OPDEF_FILE"]

OPDEF_FILE = "opdef.json"
_BY_GE = {d.ge: d.name for d in DTYPES.values()}
_INTEGER = frozenset({"DT_INT8", "DT_INT16", "DT_INT32", "DT_INT64", "DT_UINT8", "DT_UINT16", "DT_UINT32",
                      "DT_UINT64"})
_PARAM_TYPES = {1: "optional", 2: "required", 3: "dynamic", 4: "optional"}   # ops::Option; VIRTUAL reads as optional
_ZERO = {"int": 0, "float": 0.0, "bool": False, "string": "", "type": "float16", "list_int": [], "list_float": [],
         "list_bool": [], "list_string": [], "list_list_int": []}
_MAIN = '#include <iostream>\n#include "opkit/host/opdef_dump.h"\nint main() { return opkit::host::dump_opdefs(std::cout); }\n'


@dataclass(frozen=True)
class OpDefInfo:
    """What an op's OpDef says beyond its prototype."""

    op_type: str
    socs: tuple[str, ...]        # AddConfig's SoC families, in the order it named them ("ascend910b", ...)
    infer_shape: bool            # SetInferShape on the OpDef, or IMPL_OP(...).InferShape
    infer_dtype: bool
    tiling: bool                 # AICore().SetTiling, or IMPL_OP(...).Tiling
    family: str                  # the AI Core config the prototype was read for ("" when the op has none)
    scalar_inputs: tuple[str, ...] = ()        # inputs marked .Scalar(): a `const aclScalar *` in the aclnn API
    scalar_list_inputs: tuple[str, ...] = ()   # .ScalarList(): a `const aclScalarList *`
    int_array_inputs: tuple[str, ...] = ()     # integer inputs with .ValueDepend(REQUIRED): a `const aclIntArray *`


@dataclass(frozen=True)
class OpDefRead:
    spec: SpecFile               # the prototype in msopgen's form, as load_spec read it from `opdef.json`
    info: dict[str, OpDefInfo]   # by op type
    notes: tuple[str, ...]       # what was dropped or assumed, one line each
    soc: SocChoice               # the SoC to build for: the default, unless AddConfig names only other families
    warnings: tuple[str, ...] = ()   # located problems of the host code the compiler saw (return_type_warnings)


def _compiler() -> str:
    return os.environ.get("OPKIT_CXX") or os.environ.get("CXX") or "g++"


_HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".inc")


def _headers(folder: Path) -> list[Path]:
    """The headers under `folder` the host code may include, outside build trees (a project's build/ holds opkit's
    own output: precompiled headers of 100 MB that change with every build) and hidden folders."""
    found = []
    for top, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "build" and not d.startswith("."))
        found += [Path(top) / f for f in sorted(files) if f.endswith(_HEADER_SUFFIXES)]
    return found


def _fingerprint(host_files: list[Path], include_dirs: list[Path], definitions: tuple[str, ...] = ()) -> str:
    """Changes when a host file, a header beside the sources, a definition, or opkit itself changes."""
    digest = hashlib.sha256(f"{__version__}\n{_compiler()}\n{' '.join(definitions)}\n".encode())
    runtime = include_dir()
    for header in ("register/op_def.h", "opkit/host/opdef_dump.h", "opkit/host/op_store.h"):
        digest.update((runtime / header).read_bytes())
    seen: set[Path] = set()
    for path in [*host_files, *(h for d in include_dirs for h in _headers(d))]:
        if path in seen:
            continue
        seen.add(path)
        digest.update(str(path).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20]


def _first_errors(stderr: str, limit: int = 5) -> str:
    """The compiler's first error lines (the rest usually follow from them), indented; its last lines if none."""
    lines = stderr.splitlines()
    marks = (": error:", ": fatal error:", "undefined reference")
    errors = [line.strip() for line in lines if any(mark in line for mark in marks)]
    return "\n".join(f"  {line}" for line in (errors[:limit] or lines[-limit:]))


def _compile(host_files: list[Path], include_dirs: list[Path], scratch: Path, definitions: tuple[str, ...] = ()) -> Path:
    """The dump program: every host file and the dumper's main, compiled in parallel and linked."""
    main = scratch / "opkit_opdef_main.cpp"
    main.write_text(_MAIN, encoding="utf-8")
    # Warnings off but -Wreturn-type (return_type_warnings): `-w` would silence it too.
    flags = ["-std=c++17", "-pthread", "-Wno-all", "-Wno-deprecated", "-Wno-deprecated-declarations", "-Wreturn-type",
             "-DASCENDC_CPU_DEBUG=1", "-D__CCE_KT_TEST__=1",
             f"-I{include_dir()}", *(f"-I{d}" for d in include_dirs), *(f"-D{d}" for d in definitions)]
    sources = [main, *host_files]

    def compile_one(index: int) -> tuple[Path, subprocess.CompletedProcess[str]]:
        obj = scratch / f"{index}.o"
        cmd = [_compiler(), *flags, "-c", str(sources[index]), "-o", str(obj)]
        return obj, subprocess.run(cmd, capture_output=True, text=True)

    with ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        results = list(pool.map(compile_one, range(len(sources))))
    failed = [(sources[i], r) for i, (_, r) in enumerate(results) if r.returncode != 0]
    if failed:
        source, result = failed[0]
        raise BuildError(f"{source}: the host code does not compile against opkit's host headers, so its OpDef "
                         f"cannot be read; first errors:\n{_first_errors(result.stderr)}", command=list(result.args),
                         returncode=result.returncode, output=result.stderr)
    (scratch / "return-type.txt").write_text("\n".join(
        line for _, r in results for line in return_type_warnings(r.stderr)), encoding="utf-8")
    program = scratch / "opkit_opdef"
    # CANN links the host files into separate libraries (optiling, opsproto): a function a shared header defines
    # without `inline` has one copy in each there; in this one program the linker keeps the first.
    link = [_compiler(), "-pthread", "-Wl,--allow-multiple-definition", *(str(o) for o, _ in results), "-o",
            str(program)]
    result = subprocess.run(link, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError("the host code compiled but does not link on its own, so its OpDef cannot be read; first "
                         f"errors:\n{_first_errors(result.stderr)}",
                         command=link, returncode=result.returncode, output=result.stderr)
    return program


_RETURN_TYPE = re.compile(r"^(.+?:\d+):\d+: warning: (no return statement in function returning non-void|control "
                          r"reaches end of non-void function)")
_IN_FUNCTION = re.compile(r"^(.+?): In (?:member )?function ['‘](.+?)['’]:")


def return_type_warnings(stderr: str) -> list[str]:
    """The compiler's -Wreturn-type warnings as located lines: a host function (an InferShape, a TilingFunc) that
    flows off its end without a return. That is undefined behaviour; compiled with optimisation it runs into whatever
    code follows and crashes when called (coalesce_sparse's InferShape does, when an aclnn call checks its outputs)."""
    found, where, function = [], "", ""
    for line in stderr.splitlines():
        if (named := _IN_FUNCTION.match(line)) is not None:
            where, function = named[1], named[2]
        elif (m := _RETURN_TYPE.match(line)) is not None:
            name = function if m[1].rsplit(":", 1)[0] == where else "a function"
            found.append(f"{m[1]}: {name} has no return statement at its end (undefined behaviour: calling it may "
                         "crash)")
    return list(dict.fromkeys(found))


def _dump(host_files: list[Path], include_dirs: list[Path], definitions: tuple[str, ...] = ()) -> dict[str, Any]:
    """{"ops": the registry's OpDefs, "warnings": return_type_warnings of the host code}."""
    with tempfile.TemporaryDirectory(prefix="opkit-opdef-") as tmp:
        program = _compile(host_files, include_dirs, Path(tmp), definitions)
        warnings = [w for w in (Path(tmp) / "return-type.txt").read_text(encoding="utf-8").splitlines() if w]
        result = subprocess.run([str(program)], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise BuildError("reading the OpDef registry failed: the host code's static initialisation crashed or "
                         "exited", command=[str(program)], returncode=result.returncode,
                         output=result.stderr or result.stdout)
    return {"ops": json.loads(result.stdout), "warnings": warnings}


def _params(raw: dict[str, Any], family: str, kind: str) -> list[dict[str, Any]]:
    config = raw["configs"].get(family, {})
    return config.get(kind) or raw[kind]


def _combinations(params: list[dict[str, Any]]) -> list[list[str]]:
    """One dtype list per param, all of one length: positional DataType lists by position, each DataTypeList entry
    crossed with the combinations of the others."""
    positional = [p for p in params if not p["dtypes_are_list"] and p["dtypes"]]
    count = max((len(p["dtypes"]) for p in positional), default=1)
    combos: list[dict[str, str]] = [
        {p["name"]: p["dtypes"][min(i, len(p["dtypes"]) - 1)] for p in positional} for i in range(count)]
    for p in params:
        if p["dtypes_are_list"]:
            combos = [{**c, p["name"]: t} for c in combos for t in p["dtypes"]]
    return [[c.get(p["name"], "DT_UNDEFINED") for c in combos] for p in params]


def _first_of_each_combination(columns: list[list[str]], keep: list[int]) -> tuple[list[int], int]:
    """`keep` without the combinations whose dtypes repeat an earlier kept one (CANN's OpDefs list one dtype
    combination per format: float16 for ND, again for NCHW, ...); and how many were left out."""
    seen: set[tuple[str, ...]] = set()
    first = []
    for i in keep:
        combo = tuple(column[i] for column in columns)
        if combo not in seen:
            seen.add(combo)
            first.append(i)
    return first, len(keep) - len(first)


def prototype_from_opdef(raw_ops: list[dict[str, Any]], family: str | None = None
                         ) -> tuple[list[dict[str, Any]], dict[str, OpDefInfo], list[str]]:
    """msopgen-form operators for the dumped OpDefs (read for SoC family `family`, or each op's first AddConfig
    when it does not list it), with their OpDefInfo and notes on what was dropped."""
    ops, info, notes = [], {}, []
    for raw in raw_ops:
        op_type = raw["op"]
        socs = tuple(raw["configs"])
        chosen = family if family in raw["configs"] or not socs else socs[0]
        if raw.get("count", 1) > 1:
            notes.append(f"{op_type}: OP_ADD registers it {raw['count']} times; the first registration is used")
        ins, outs = _params(raw, chosen or "", "inputs"), _params(raw, chosen or "", "outputs")
        columns = _combinations(ins + outs)
        keep = [i for i in range(len(columns[0]) if columns else 0) if all(c[i] in _BY_GE for c in columns)]
        dropped = sorted({c[i] for c in columns for i in range(len(c)) if i not in keep and c[i] not in _BY_GE})
        if dropped:
            notes.append(f"{op_type}: {len(columns[0]) - len(keep)} dtype combination(s) with "
                         f"{', '.join(t.removeprefix('DT_').lower() for t in dropped)} left out: opkit's simulator "
                         "has no such dtype")
        keep, repeats = _first_of_each_combination(columns, keep)
        if repeats:
            notes.append(f"{op_type}: {repeats} dtype combination(s) repeat an earlier one in another format; read "
                         "once, as the first one's (opkit's tensors are ND)")

        def tensor(p: dict[str, Any], column: list[str]) -> dict[str, Any]:
            formats = p["formats"] or ["ND"]
            return {"name": p["name"], "param_type": _PARAM_TYPES.get(p["param_type"], "required"),
                    "format": [formats[min(i, len(formats) - 1)] if not p["formats_are_list"] else formats[0]
                               for i in keep],
                    "type": [_BY_GE[column[i]] for i in keep]}

        op: dict[str, Any] = {"op": op_type,
                              "input_desc": [tensor(p, columns[i]) for i, p in enumerate(ins)],
                              "output_desc": [tensor(p, columns[len(ins) + i]) for i, p in enumerate(outs)]}
        attrs = []
        for a in raw["attrs"]:
            entry: dict[str, Any] = {"name": a["name"], "param_type": "required" if a["required"] else "optional",
                                     "type": a["kind"]}
            if not a["required"]:
                if "default" not in a:
                    notes.append(f"{op_type}: optional attr \"{a['name']}\" has no default value in the OpDef; "
                                 f"opkit uses {json.dumps(_ZERO.get(a['kind']))}")
                value = a.get("default", _ZERO.get(a["kind"]))
                if a["kind"] == "float" and isinstance(value, (int, float)):
                    value = _float32(float(value))
                elif a["kind"] == "list_float" and isinstance(value, list):
                    value = [_float32(float(v)) if isinstance(v, (int, float)) else v for v in value]
                entry["default_value"] = value
            attrs.append(entry)
        if attrs:
            op["attr"] = attrs
        ops.append(op)
        info[op_type] = OpDefInfo(op_type, socs, raw["infer_shape"], raw["infer_dtype"], raw["tiling"], chosen or "",
                                  tuple(p["name"] for p in ins if p.get("scalar")),
                                  tuple(p["name"] for p in ins if p.get("scalar_list")),
                                  tuple(p["name"] for p in ins if p.get("value_depend") == 2 and p["dtypes"]
                                        and all(t in _INTEGER for t in p["dtypes"])))
        if family and socs and family not in socs:
            notes.append(f"{op_type}: AddConfig lists {', '.join(socs)}, not {family}: read for {chosen}")
    return ops, info, notes


def _float32(value: float) -> float:
    """The shortest decimal that is the same float32 (0.1, not the 0.100000001 that C++ printed)."""
    want = struct.pack("<f", value)
    for digits in range(1, 10):
        short = float(f"{value:.{digits}g}")
        if struct.pack("<f", short) == want:
            return short
    return value


def _render(ops: list[dict[str, Any]]) -> str:
    """The prototype with one tensor or attr per line, so a located problem names its line."""
    blocks = []
    for op in ops:
        lines = [f'  {{"op": {json.dumps(op["op"])},']
        keys = [k for k in ("input_desc", "output_desc", "attr") if k in op]
        for n, key in enumerate(keys):
            items = ",\n".join(f"     {json.dumps(item)}" for item in op[key])
            lines.append(f'   "{key}": [\n{items}\n   ]' + ("," if n + 1 < len(keys) else ""))
        blocks.append("\n".join(lines) + "}")
    return "[\n" + ",\n".join(blocks) + "\n]\n"


def read_opdef(host_files: list[Path], out_dir: Path, *, include_dirs: tuple[Path, ...] = (),
               soc: SocChoice | None = None, definitions: tuple[str, ...] = ()) -> OpDefRead:
    """Compile `host_files` with opkit's host headers, read every OpDef they register, and load the result, read for
    `soc` (default: the one soc_for_configs picks from the ops' AddConfig families), as a prototype written to
    out_dir/opdef.json. The dump is cached in out_dir by the sources' content. Raises BuildError when the host code
    does not compile or link on its own, SpecError when an OpDef is not a valid prototype."""
    dirs = [Path(d) for d in include_dirs if Path(d).is_dir()]
    out_dir.mkdir(parents=True, exist_ok=True)
    cache = out_dir / f"opdef-{_fingerprint(host_files, dirs, definitions)}.raw.json"
    dumped = json.loads(cache.read_text(encoding="utf-8")) if cache.is_file() else None
    if not isinstance(dumped, dict):   # none yet, or one of an older opkit (the ops alone)
        dumped = _dump(host_files, dirs, definitions)
        for old in out_dir.glob("opdef-*.raw.json"):
            old.unlink()
        cache.write_text(json.dumps(dumped), encoding="utf-8")
    raw = dumped["ops"]
    if soc is None:
        soc = soc_for_configs([family for op in raw for family in op["configs"]])
    if not raw:
        raise PathError(host_files[0].parent, "registers no OpDef (no OP_ADD): there is no operator to build",
                        "an operator project's op_host/ declares each op with `class X : public OpDef` and OP_ADD(X); "
                        "a kernel-launch program (main.cpp) builds with its own CMakeLists (`opkit cmake-args --cann`)")
    ops, info, notes = prototype_from_opdef(raw, soc.profile.family)
    target = out_dir / OPDEF_FILE
    text = _render(ops)
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return OpDefRead(load_spec(target), info, tuple(notes), soc, tuple(dumped["warnings"]))
