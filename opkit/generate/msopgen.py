"""`msopgen gen`, as opkit's CANN stand-in has it (`opkit cann-root`'s bin/msopgen, on PATH after sourcing its
setenv.bash): the operator project CANN's msopgen makes from a prototype JSON, in msopgen's layout.

CANN's samples script it (`msopgen gen -i AddCustom.json -c ai_core-Ascend910B2 -lan cpp -out CustomOp`, then
`cp -rf AddCustom/* CustomOp` and `cd CustomOp && bash build.sh`) and rely on what it writes beside their own files:
the default tiling header op_host/<op>_tiling.h (a `BEGIN_TILING_DATA_DEF` struct that their host code includes),
CMakePresets.json (vendor_name, ASCEND_PACK_SHARED_LIBRARY, which the static-library sample edits), build.sh, and the
skeletons of op_host/<op>.cpp and op_kernel/<op>.cpp. The prototype is read and checked by opkit's own loader, so a bad
one is a located error. build.sh builds with `opkit build` (opkit/templates/msopgen/build.sh says what it leaves).
"""
from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import jinja2

from opkit import __version__
from opkit.errors import GenerateError, OpkitError
from opkit.generate.context import op_context
from opkit.spec import load_spec
from opkit.spec.soc import resolve_socs

__all__ = ["FRAMEWORKS", "MsopgenFile", "generate_msopgen_project", "main", "render_msopgen_project"]

TEMPLATE_ROOT = Path(__file__).resolve().parents[1] / "templates" / "msopgen"
# msopgen's -f: the framework whose plugin the project gets (aclnn: none, the "lite" project of aclnn calls only).
FRAMEWORKS = {"tf": "tf_plugin", "tensorflow": "tf_plugin", "onnx": "onnx_plugin", "caffe": None, "pytorch": None,
              "ms": None, "mindspore": None, "aclnn": None}
_SUFFIX = ".jinja"


@dataclass(frozen=True)
class MsopgenFile:
    """One file of the project: its path under the output folder, its text, and whether it is executable."""

    path: str
    text: str
    executable: bool = False


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATE_ROOT)), undefined=jinja2.StrictUndefined,
                              keep_trailing_newline=True, autoescape=False)


def _wanted(rel: str, plugin: str | None) -> bool:
    if rel.startswith("framework/"):
        return plugin is not None and (rel == "framework/CMakeLists.txt" or rel.startswith(f"framework/{plugin}/"))
    return True


def render_msopgen_project(prototype: Path, compute_unit: str, framework: str = "tf",
                           ops: tuple[str, ...] = ()) -> list[MsopgenFile]:
    """Every file msopgen writes for `prototype`, in memory. Raises SpecError for a bad prototype, GenerateError for
    a bad option."""
    if framework.lower() not in FRAMEWORKS:
        raise GenerateError(f"-f {framework!r}: not a framework msopgen knows; use one of {', '.join(FRAMEWORKS)}")
    socs = resolve_socs(compute_unit)
    spec = load_spec(prototype)
    chosen = [op for op in spec.ops if not ops or op.op_type in ops]
    missing = [name for name in ops if name not in {op.op_type for op in spec.ops}]
    if missing or not chosen:
        raise GenerateError(f"{prototype}: has no operator {', '.join(missing) or '(none at all)'} "
                            f"(it has: {', '.join(op.op_type for op in spec.ops) or 'nothing'})")
    contexts = [op_context(op, socs) for op in chosen]
    context = {"opkit_version": __version__, "compute_unit": ";".join(contexts[0]["configs"]),
               "cann_path": os.environ.get("ASCEND_HOME_PATH", "/usr/local/Ascend/ascend-toolkit/latest")}
    plugin = FRAMEWORKS[framework.lower()]
    env = _environment()
    files: list[MsopgenFile] = []
    for template in sorted(p for p in TEMPLATE_ROOT.rglob("*") if p.is_file()):
        rel = template.relative_to(TEMPLATE_ROOT).as_posix()
        if not _wanted(rel, plugin):
            continue
        for op in contexts if "{{op}}" in rel else [None]:
            out = rel[:-len(_SUFFIX)] if rel.endswith(_SUFFIX) else rel
            out = out.replace("{{op}}", op["name"]) if op is not None else out
            text = (env.get_template(rel).render(**context, op=op) if rel.endswith(_SUFFIX)
                    else template.read_text(encoding="utf-8"))
            files.append(MsopgenFile(out, text, out.endswith(".sh")))   # the mode of package data may be lost
    return files


def generate_msopgen_project(prototype: Path, output: Path, compute_unit: str, framework: str = "tf",
                             ops: tuple[str, ...] = (), mode: int = 0) -> list[Path]:
    """Write the project into `output` (mode 0: a new project, refusing a folder that holds files; mode 1: add the
    ops to an existing project, keeping its files). Returns the files written."""
    files = render_msopgen_project(prototype, compute_unit, framework, ops)
    output = Path(output)
    if mode == 0 and output.is_dir() and any(output.iterdir()):
        raise GenerateError(f"-out {output}: the folder is not empty; remove it first (as the samples do: "
                            f"rm -rf {output.name}), or add ops to the project in it with -m 1")
    written: list[Path] = []
    for f in files:
        path = output / f.path
        if mode == 1 and path.exists():
            continue   # adding an op keeps the project's build files and the other ops' sources
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f.text, encoding="utf-8")
            if f.executable:
                path.chmod(0o755)
        except OSError as exc:
            raise GenerateError(f"{path}: cannot be written: {exc.strerror or exc}") from exc
        written.append(path)
    return written


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="msopgen", description="opkit's stand-in for CANN's msopgen: generate an "
                                     "Ascend C operator project from a prototype JSON (built with opkit on the CPU).")
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("gen", help="generate an operator project")
    gen.add_argument("-i", "--input", required=True, type=Path, help="the operator prototype (.json)")
    gen.add_argument("-f", "--framework", default="tf", help="framework of the plugin (tf, onnx, aclnn, ...)")
    gen.add_argument("-c", "--compute_unit", required=True, help="ai_core-<soc_version>, e.g. ai_core-Ascend910B2")
    gen.add_argument("-lan", "--language", default="py", choices=["py", "cpp"], help="cpp: Ascend C")
    gen.add_argument("-out", "--output", default=Path("."), type=Path, help="where the project goes")
    gen.add_argument("-m", "--mode", default=0, type=int, choices=[0, 1], help="0: new project; 1: add ops")
    gen.add_argument("-op", "--operator", default=None, help="only this operator of the prototype")
    return parser


def main(argv: list[str] | None = None) -> int:
    """`msopgen gen ...`; exit 0, or 2 with one located message on stderr."""
    args = _parser().parse_args(argv)
    try:
        if args.language != "cpp":
            raise GenerateError(f"-lan {args.language}: opkit's msopgen stand-in makes Ascend C projects only "
                                f"(-lan cpp); TBE (py) operators do not run on opkit's simulator")
        if not args.compute_unit.lower().startswith("ai_core-"):
            raise GenerateError(f"-c {args.compute_unit}: opkit's msopgen stand-in makes AI Core operators only "
                                f"(-c ai_core-<soc_version>); AI CPU operators do not run on opkit's simulator")
        ops = (args.operator,) if args.operator else ()
        written = generate_msopgen_project(args.input, args.output, args.compute_unit, args.framework, ops,
                                           args.mode)
    except OpkitError as exc:
        print(f"msopgen (opkit stand-in): {exc}", file=sys.stderr)
        return 2
    print(f"Generation completed: {len(written)} files in {args.output.resolve()} (opkit's msopgen stand-in; "
          f"build with `bash build.sh`)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
