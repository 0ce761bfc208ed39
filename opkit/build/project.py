"""`opkit build`: a generated project -> wheel in DIR/dist, via scikit-build-core in the current environment.

The build directory persists under DIR/build/ so an edit-rebuild recompiles only what changed. The wheel is built
into a temporary folder and moved into dist/ only on success, so a failed build keeps the previous wheel.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from opkit.errors import BuildError, PathError
from opkit.build.aclnn_package import install_aclnn_package, project_vendor
from opkit.build.opdef_install import install_opdef
from opkit.build.cann_root import ensure_cann_root, real_cann
from opkit.build.isolation import CHECK_FAILED
from opkit.build.layout import detect_layout
from opkit.build.opdef_check import opdef_mismatches

__all__ = ["BuildEvent", "CompilerDiagnostic", "aclnn_root", "build_project", "wheel_command", "parse_diagnostics",
           "find_wheel", "wheel_is_stale", "check_project_dir", "prepare_project"]

EventKind = Literal["configure", "compile", "link", "wheel", "warning", "output"]

_WHEEL_SCRIPT = (
    "import json, sys\n"
    "from scikit_build_core.build import build_wheel\n"
    "print('OPKIT_WHEEL=' + build_wheel(sys.argv[1], json.loads(sys.argv[2])), flush=True)\n"
)
_NINJA_STEP = re.compile(r"^\[(\d+)/(\d+)\] (Building|Linking) \S+ (?:object|shared module|static library|module) (.+)$")
# The kernel steps of opkit_add_kernel and opkit_link_kernels (opkit/cmake/opkitConfig.cmake), by their COMMENTs.
_ISOLATION_STEP = re.compile(r"^\[(\d+)/(\d+)\] "
                             r"(?:Isolating kernel (?P<kernel>\S+)|Checking kernel isolation of (?P<module>\S+)"
                             r"|Renaming the entry of kernel (?P<renamed>\S+)"
                             r"|Naming the kernel entry of (?P<source>\S+))$")
_OBJECT = re.compile(r"^CMakeFiles/(?P<target>[^/]+)\.dir/(?P<source>.+)\.o$")
_DIAGNOSTIC = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?:(?P<col>\d+):)? (?:fatal )?(?P<severity>error|warning): "
                         r"(?P<msg>.*)$")


@dataclass(frozen=True)
class BuildEvent:
    """One line of progress: what step the build is at (`text` is already short and human)."""

    kind: EventKind
    text: str


@dataclass(frozen=True)
class CompilerDiagnostic:
    file: str          # relative to the project when inside it
    line: int
    column: int
    message: str
    severity: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        col = f":{self.column}" if self.column else ""
        return f"{self.file}:{self.line}{col}: {self.severity}: {self.message}"


def wheel_command(project: Path, wheel_dir: Path, *, soc: str | None = None,
                  cann_root: Path | None = None) -> list[str]:
    """The command line that builds `project`'s wheel into `wheel_dir` (run with cwd=project); with `cann_root` (the
    tree of `opkit cann-root`) the build also makes the aclnn library libcust_opapi.so."""
    settings: dict[str, str] = {"build-dir": str(project.resolve() / "build" / "{wheel_tag}")}
    if soc:
        settings["cmake.define.OPKIT_SOC"] = soc
    if cann_root is not None:
        settings["cmake.define.OPKIT_CANN_ROOT"] = str(cann_root)
    return [sys.executable, "-c", _WHEEL_SCRIPT, str(wheel_dir), json.dumps(settings, sort_keys=True)]


def build_env(jobs: int | None) -> dict[str, str]:
    env = dict(os.environ)
    env["CMAKE_BUILD_PARALLEL_LEVEL"] = str(jobs or os.cpu_count() or 1)
    env.setdefault("CLICOLOR_FORCE", "0")
    return env


def _step_target(what: str) -> str:
    """`CMakeFiles/add_custom_kernel_c0.dir/op_kernel/add_custom.cpp.o` -> `op_kernel/add_custom.cpp (add_custom_kernel_c0)`:
    the source and the CMake target, so each dtype combination's compile of one kernel file reads differently."""
    m = _OBJECT.match(what)
    return f"{m['source']} ({m['target']})" if m else Path(what).name


def classify(line: str) -> BuildEvent:
    """Turn one line of CMake/ninja/scikit-build-core output into a progress event."""
    step = _NINJA_STEP.match(line)
    if step:
        done, total, verb, what = step.groups()
        kind: EventKind = "compile" if verb == "Building" else "link"
        return BuildEvent(kind, f"[{done}/{total}] {'compile' if kind == 'compile' else 'link'} {_step_target(what)}")
    step = _ISOLATION_STEP.match(line)
    if step:
        if step["source"]:
            return BuildEvent("compile", f"[{step[1]}/{step[2]}] name the kernel entry of {step['source']}")
        what = (f"isolate {step['kernel']}" if step["kernel"] else f"rename the entry of {step['renamed']}"
                if step["renamed"] else f"check kernel isolation of {step['module']}")
        return BuildEvent("link", f"[{step[1]}/{step[2]}] {what}")
    if line.startswith("-- Configuring done") or line.startswith("-- Generating done"):
        return BuildEvent("configure", line.removeprefix("-- "))
    if line.startswith("*** Making wheel") or line.startswith("*** Created "):
        return BuildEvent("wheel", line.removeprefix("*** "))
    return BuildEvent("output", line)


def parse_diagnostics(output: str, project: Path, severity: Literal["error", "warning"] = "error", *,
                      only_project: bool = False) -> list[CompilerDiagnostic]:
    """Compiler diagnostics of one severity in `output`, once each (a kernel compiles once per dtype combination),
    with paths made relative to `project` where they lie inside it; `only_project` drops the others."""
    root = project.resolve()
    found: list[CompilerDiagnostic] = []
    for line in output.splitlines():
        m = _DIAGNOSTIC.match(line.strip())
        if not m or m["severity"] != severity:
            continue
        path = Path(m["file"])
        try:
            shown = str(path.resolve().relative_to(root))
        except ValueError:
            if only_project:
                continue
            shown = m["file"]
        diag = CompilerDiagnostic(shown, int(m["line"]), int(m["col"] or 0), m["msg"], severity)
        if diag not in found:
            found.append(diag)
    return found


def _run(command: list[str], cwd: Path, env: dict[str, str], on_event: Callable[[BuildEvent], None]) -> str:
    """The one subprocess runner: streams events, returns the full output, raises BuildError on failure."""
    lines: list[str] = []
    with subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace") as proc:
        assert proc.stdout is not None  # guaranteed by stdout=PIPE
        for raw in proc.stdout:
            line = raw.rstrip("\n")
            lines.append(line)
            on_event(classify(line))
    output = "\n".join(lines)
    if proc.returncode != 0:
        diagnostics = parse_diagnostics(output, cwd)
        isolation = [line.split(CHECK_FAILED, 1)[1] for line in lines if CHECK_FAILED in line]
        if diagnostics:
            message = "compilation failed:\n" + "\n".join(f"  {d}" for d in diagnostics)
        elif isolation:
            message = "kernel isolation failed: " + "\n".join(isolation)
        else:
            message = f"build failed (exit {proc.returncode}); last output:\n" + "\n".join(lines[-30:])
        raise BuildError(message, command=command, returncode=proc.returncode, output=output)
    return output


def find_wheel(project: Path) -> Path | None:
    """The newest wheel in project/dist, or None."""
    wheels = sorted((project / "dist").glob("*.whl"), key=lambda p: p.stat().st_mtime)
    return wheels[-1] if wheels else None


def _sources(project: Path) -> list[Path]:
    # tests/ (and the reference maths in it) is not part of the wheel: editing it needs no rebuild; nor is the torch_npu
    # example (npu_examples/: its extension is built in place by its own setup.py).
    skip = {"build", "dist", ".git", "__pycache__", "tests", "npu_examples"}
    return [p for p in project.rglob("*")
            if p.is_file() and not skip.intersection(p.relative_to(project).parts)]


def wheel_is_stale(project: Path) -> bool:
    """True when there is no wheel, or a source file of the project is newer than it."""
    wheel = find_wheel(project)
    if wheel is None:
        return True
    built = wheel.stat().st_mtime
    return any(p.stat().st_mtime > built for p in _sources(project))


def check_project_dir(project: Path, needed: tuple[str, ...], what: str = "") -> None:
    """Refuse `project` (PathError) unless it is a directory holding every file or folder of `needed`."""
    try:
        missing = [name for name in needed if not (project / name).exists()]
        is_dir = project.is_dir()
    except OSError as exc:   # e.g. a folder that may not be searched
        raise PathError.from_os_error(project, "cannot look into it", exc) from exc
    if not is_dir:
        raise PathError(project, "is not a directory" if project.exists() else "does not exist",
                        "give the directory `opkit gen` created")
    if missing and what:
        raise PathError(project, what)
    if missing:
        raise PathError(project, f"is not an opkit project (no {'/'.join(missing)})",
                        "create one with `opkit gen -i OP.json -o DIR`")


def prepare_project(project: Path, on_event: Callable[[BuildEvent], None] = lambda e: None) -> Path:
    """The project directory to build for `project`: itself for an opkit project; for a CANN operator project
    (msopgen's, or an op_host/ + op_kernel/ tree) the glue project opkit writes in project/build/opkit/, pointing at
    the user's sources in place. Says what was recognised; warns about ops without InferShape."""
    check_project_dir(project, ())
    layout = detect_layout(project)
    if layout is None or layout.kind == "opkit":
        check_project_dir(project, ("pyproject.toml", "CMakeLists.txt"))   # named as the user gave it
        glue = project
    else:
        from opkit.generate.glue import write_glue   # the generator; the build only consumes what it writes

        glue, notes = write_glue(layout)
        for note in [*notes, *layout.notes]:
            on_event(BuildEvent("configure", note))
    for warning in (layout.missing_infer_shape() + opdef_mismatches(layout)) if layout is not None else []:
        on_event(BuildEvent("warning", warning))
    return Path(os.path.realpath(glue))


def build_project(project: Path, *, jobs: int | None = None, soc: str | None = None,
                  on_event: Callable[[BuildEvent], None] = lambda e: None) -> Path:
    """Build `project` into project/dist/<wheel> (a CANN operator project: project/build/opkit/dist/<wheel>); returns
    the wheel's path; installs the op's aclnn package into the tree of `opkit cann-root` (skipped, with a warning,
    where a real CANN is set up). Raises BuildError, or PathError when `project` is not a project opkit can build (a
    refused target, exit 2)."""
    given = project
    project = prepare_project(project, on_event)
    root = aclnn_root(on_event)
    dist = project / "dist"
    try:
        dist.mkdir(exist_ok=True)
    except OSError as exc:
        raise PathError.from_os_error(project, "cannot create dist/ for the wheel", exc) from exc
    with tempfile.TemporaryDirectory(prefix=".wheel-", dir=dist) as tmp:
        output = _run(wheel_command(project, Path(tmp), soc=soc, cann_root=root), project, build_env(jobs), on_event)
        name = next((line.split("=", 1)[1] for line in output.splitlines() if line.startswith("OPKIT_WHEEL=")), None)
        if name is None:
            raise BuildError("scikit-build-core reported no wheel", output=output)
        for old in dist.glob(f"{name.split('-')[0]}-*.whl"):
            old.unlink()
        target = dist / name
        shutil.move(str(Path(tmp) / name), target)
    # The project's CMake compiles the user's kernel and host files with -Wall -Wextra (opkit's and pybind11's
    # headers are system headers there): their warnings are the user's business, the rest is noise.
    for warning in parse_diagnostics(output, project, "warning", only_project=True):
        on_event(BuildEvent("warning", str(warning)))
    on_event(BuildEvent("wheel", f"built {target.relative_to(project)}"))
    if root is not None and "opkit_add_aclnn_library" not in (project / "CMakeLists.txt").read_text(errors="replace"):
        on_event(BuildEvent("warning", "no aclnn package: CMakeLists.txt was generated before opkit made one "
                                       "(`opkit gen --force` adds it)"))
    elif root is not None:
        cann_layout = Path(os.path.realpath(given)) != project
        vendor = install_aclnn_package(project, root, project_vendor(given),
                                       Path(given) / "build_out" if cann_layout else None)
        install_opdef(project, given, vendor)
        on_event(BuildEvent("wheel", f"installed the aclnn package in {vendor}"))
    return target


def aclnn_root(on_event: Callable[[BuildEvent], None]) -> Path | None:
    """The tree of `opkit cann-root`, laid out; None where OPKIT_ACLNN=0 asks for no aclnn package, or (with a
    warning) where a real CANN is set up."""
    if os.environ.get("OPKIT_ACLNN", "1") == "0":
        return None
    found = real_cann()
    if found is not None:
        var, where = found
        on_event(BuildEvent("warning", f"no aclnn package: ${var} points at a real CANN ({where}), which opkit's "
                                       "stand-in does not shadow"))
        return None
    return ensure_cann_root()
