"""`opkit gen`: choose ops, package and SoCs, render the project in memory, hand it to the one writer."""
from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from opkit import __version__
from opkit.errors import GenerateError, SpecError
from opkit.generate.context import op_context, project_context
from opkit.generate.npu_context import npu_op_context
from opkit.generate.render import render_tree
from opkit.generate.torch_context import torch_op_context
from opkit.generate.writer import LOCK_NAME, ProjectWriter, RenderedFile, WriteResult
from opkit.generate.shadowing import check_package_name
from opkit.spec.soc import resolve_socs
from opkit.spec.derivatives import Derivatives, load_derivatives
from opkit.spec.model import OpSpec, SpecFile
from opkit.spec.naming import package_problem

__all__ = ["RenderedProject", "generate_project", "render_project"]

_PLAIN_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")


def _select_ops(spec: SpecFile, wanted: tuple[str, ...]) -> list[OpSpec]:
    if not spec.ops:
        raise GenerateError(f"{spec.path}: holds no operators")
    known = [op.op_type for op in spec.ops]
    for name in wanted:
        if name not in known:
            close = difflib.get_close_matches(name, known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise GenerateError(f"--op {name!r}: not an operator of {spec.path.name}{hint} "
                                f"(it has: {', '.join(known)})")
    chosen = [op for op in spec.ops if not wanted or op.op_type in wanted]
    names: dict[str, str] = {}
    for op in chosen:
        if op.name in names:
            raise GenerateError(f"{op.op_type} and {names[op.name]} both become files named {op.name}")
        names[op.name] = op.op_type
    return chosen


def _package_name(package: str | None, ops: list[OpSpec], allow_shadowing: bool) -> str:
    """The package (and distribution) name: --name, or the first op's snake_case name; spelled as a package name must
    be, and shadowing nothing unless the user insists."""
    name = package if package is not None else ops[0].name
    where = "--name" if package is not None else f'package name "{name}" (from operator {ops[0].op_type})'
    problem = package_problem(name)
    if problem:
        raise GenerateError(f"{where}: {problem}")
    if not allow_shadowing:
        check_package_name(name, f"--name {name}" if package is not None else where)
    return name


def _extra_files(spec: SpecFile, package: str, derivatives: Path | None,
                 ops: list[OpSpec]) -> tuple[list[RenderedFile], list[str], Derivatives | None]:
    """The prototype copy (source of truth inside the project) and a derivatives file, if any, loaded for `ops`
    (bad formulas are located SpecErrors here, before anything is written)."""
    name = spec.path.name if _PLAIN_NAME.fullmatch(spec.path.name) else f"{package}{spec.path.suffix or '.json'}"
    files = [RenderedFile(name, spec.text, "generated")]
    chosen = derivatives if derivatives is not None else spec.path.with_name("derivatives.yaml")
    if derivatives is not None and not derivatives.is_file():
        raise GenerateError(f"--derivatives {derivatives}: no such file")
    if not chosen.is_file():
        return files, [], None
    loaded = load_derivatives(chosen, spec, ops=ops)
    files.append(RenderedFile("derivatives.yaml", chosen.read_text(encoding="utf-8"), "generated"))
    wired = [d.op.name for d in loaded.ops]
    note = (f"derivatives: {chosen} wires autograd for {', '.join(wired)}" if wired
            else f"derivatives: {chosen} has no formulas for the generated ops; no autograd registered")
    return files, [note], loaded


def _seed_user_files(files: list[RenderedFile], source_dir: Path, root: Path) -> tuple[list[RenderedFile], list[str]]:
    """Replace skeletons of user-owned files by the user's own files found beside the prototype.

    This is how a directory holding only what a user writes (prototype, kernel, host, tiling header,
    reference) is generated into a separate build location. Regenerating in place (source_dir == root)
    keeps today's behaviour: those files already are the project's own.
    """
    if os.path.realpath(source_dir) == os.path.realpath(root):   # realpath: a symlink loop is no crash
        return files, []
    seeded: list[RenderedFile] = []
    taken: list[str] = []
    for f in files:
        src = source_dir / f.path
        if f.owner != "user" or not src.is_file():
            seeded.append(f)
            continue
        try:
            text = src.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise GenerateError(f"{src}: cannot be copied into the project as {f.path}: {exc}") from exc
        seeded.append(RenderedFile(f.path, text, "copied", source=str(src)))
        taken.append(f.path)
    if not taken:
        return files, []
    # Whatever else the user's op_host/ and op_kernel/ hold (headers the sources include, helpers) comes along too.
    rendered = {f.path for f in seeded}
    for folder in ("op_host", "op_kernel"):
        for src in sorted((source_dir / folder).rglob("*")):
            rel = src.relative_to(source_dir).as_posix()
            if rel in rendered or not src.is_file() or "__pycache__" in src.parts:
                continue
            try:
                seeded.append(RenderedFile(rel, src.read_text(encoding="utf-8"), "copied", source=str(src)))
            except (OSError, UnicodeDecodeError) as exc:
                raise GenerateError(f"{src}: cannot be copied into the project as {rel}: {exc}") from exc
            taken.append(rel)
    return seeded, [f"copied from {source_dir} instead of generating skeletons: {', '.join(taken)} "
                    f"(edit them there; `opkit gen --force` refreshes the copies)"]


@dataclass(frozen=True)
class RenderedProject:
    package: str
    prototype: str                   # file name of the prototype copy inside the project
    files: list[RenderedFile]
    notes: list[str]
    root: Path                       # where the project goes: output_dir, or ./<package>


def render_project(spec: SpecFile, *, compute_unit: str | None = None, ops: tuple[str, ...] = (),
                   package: str | None = None, derivatives: Path | None = None,
                   output_dir: Path | None = None, allow_shadowing: bool = False) -> RenderedProject:
    """Every file of the project and the notes to print, all in memory: nothing is written."""
    socs = resolve_socs(compute_unit)
    chosen = _select_ops(spec, ops)
    pkg = _package_name(package, chosen, allow_shadowing)
    root = output_dir if output_dir is not None else Path(pkg)
    extra, notes, derivs = _extra_files(spec, pkg, derivatives, chosen)
    contexts = [op_context(op, socs) | torch_op_context(op, derivs, pkg) | npu_op_context(op, pkg) for op in chosen]
    context = project_context(contexts, package=pkg, prototype=extra[0].path, version=__version__, socs=socs)
    files, seed_notes = _seed_user_files(render_tree(context), spec.path.parent, root)
    notes = [c.note for c in socs] + notes + seed_notes
    notes += [f"npu_examples/: no torch_npu example of {c['op_type']}: it has {c['npu']['skipped']}, which its "
              f"EXEC_NPU_CMD call does not pass" for c in contexts if c["npu"]["skipped"]]
    if not all(c.profile.has_data_copy_pad for c in socs):
        notes.append("kernels use aligned DataCopy (a SoC without DataCopyPad was chosen): tiling rejects tensors "
                     "whose element count is not a whole number of 32-byte blocks")
    return RenderedProject(pkg, extra[0].path, files + extra, notes, root)


def _refuse_cann_project(root: Path) -> None:
    """A CANN operator project keeps its own CMakeLists.txt, which the writer would keep too (opkit did not write it):
    the result would configure with CANN's CMake and fail. Such a project builds as it is."""
    if (root / LOCK_NAME).exists() or not (root / "CMakeLists.txt").is_file():
        return
    if (root / "op_host").is_dir() or (root / "op_kernel").is_dir():
        raise GenerateError(f"{root}: is a CANN operator project (its CMakeLists.txt is not opkit's); opkit does not "
                            f"generate into it. Build it as it is with `opkit build {root}` (opkit writes its glue "
                            f"in {root / 'build' / 'opkit'}), or generate elsewhere with -o")


def generate_project(spec_file: SpecFile, output_dir: Path | None, *, compute_unit: str | None = None,
                     ops: tuple[str, ...] = (), package: str | None = None, derivatives: Path | None = None,
                     force: bool = False, allow_shadowing: bool = False, dry_run: bool = False) -> WriteResult:
    """Render every chosen op of `spec_file` into one project at `output_dir` (default: ./<package>).

    A package name that would shadow a standard-library module or replace an installed distribution opkit did not
    build is refused (ShadowingError) unless `allow_shadowing`. `dry_run` plans the same run (diffs included) and
    writes nothing; a conflict is not an error here: the caller reads `result.conflicts`."""
    project = render_project(spec_file, compute_unit=compute_unit, ops=ops, package=package,
                             derivatives=derivatives, output_dir=output_dir, allow_shadowing=allow_shadowing)
    _refuse_cann_project(project.root)
    writer = ProjectWriter(project.root, force=force, version=__version__, dry_run=dry_run)
    result = writer.write(project.files, prototype=project.prototype)
    result.notes[:0] = project.notes
    return result
