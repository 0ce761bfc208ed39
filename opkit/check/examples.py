"""A CANN operator project's own checks, run by `opkit test`: the AclNNInvocation programs CANN's samples and operator
repository ship beside each op (a `run.sh` that generates data with `scripts/gen_data.py`, builds `src/main.cpp`
against the installed aclnn package, runs it and compares with `scripts/verify_result.py`).

Where they are looked for, as the layouts keep them: `<project>/examples/AclNNInvocation*/` (CANN's operator
repository: `src/math/<op>/examples/AclNNInvocationNaive`), the project's siblings `../AclNNInvocation*/` (the
samples: `1_add_frameworklaunch/{AddCustom,AclNNInvocation}`), and any folder with a run.sh under a `tests/` in the
project or beside it (msopgen projects kept with their test cases: `div/{div, tests/DivCase2}`). A program counts for the project only when its sources
call `aclnn<OpType>` of one of the project's ops (a folder of samples may hold several ops beside one program), or an
aclnn API the project's own aclnn layer declares (CANN's operator repository: pad_v3_grad_replicate's program calls
`aclnnReplicationPad2dBackward`, which its op_host/aclnn_pad2d_backward.h declares over the PadV3GradReplicate op).

Each runs in place, as its README tells a user to run it, with `ASCEND_INSTALL_PATH` set to opkit's CANN stand-in (the
tree `opkit cann-root` prints, where `opkit build` installed the op's aclnn package). Its verdict is the script's:
it failed when `run.sh` exits non-zero or prints an `[ERROR]` line (what the samples' scripts print when generating
data, building, running or verifying fails, or `test failed` from a main.cpp that compares its own results), and
passed otherwise; a failure shows those lines and the exception a Python script raised (gen_data.py's
`ValueError: ...` before run.sh's "generate input data failed!"). A program that verifies nothing (no verify step in run.sh or scripts/, no `test pass` printed) can
only show that the op ran without a fault; the outcome says so.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from opkit.check.example_shapes import CALLS_VARIABLE

__all__ = ["Example", "ExampleRun", "find_examples", "run_example", "example_environment", "link_msopgen_copy",
           "declared_apis"]

_FOLDER = re.compile(r"^aclnn", re.I)
_SOURCES = ("*.cpp", "*.cc", "*.h", "*.hpp")
# (and the line opkit's acl runtime writes when a script's `timeout` stops the program: opkit/acl/term_note.h)
_ERROR_LINE = re.compile(r"\[ERROR\]|^\s*(?:ERROR|Error):|result error|test fail|^opkit: this program was stopped by",
                         re.I | re.M)
_VERIFY = re.compile(r"verify|compare|golden|allclose|isclose", re.I)
# What a program that checks its own results in main.cpp prints (the samples' `LOG_PRINT("test pass\n")`).
_PASS_LINE = re.compile(r"^\s*test pass", re.I | re.M)
# What the simulator found that the device survives (a read past a buffer's end...): the aclnn and <<<>>> launches print
# each on stderr (aclnn_call.h, launch.h print_warnings).
_OPKIT_WARNING = re.compile(r"^\[WARNING\] opkit: (.*)$", re.M)
TIMEOUT = 900   # seconds for one program: gen_data, a CMake build of main.cpp, the run, verify


@dataclass(frozen=True)
class Example:
    """One of the project's AclNNInvocation programs."""

    folder: Path                  # the program's folder (run.sh inside)
    ops: tuple[str, ...]          # the project's OpTypes (or own aclnn APIs, without `aclnn`) its sources call
    verifies: bool                # its run.sh or scripts compare the results with something

    def name(self, project: Path) -> str:
        """The folder as the user knows it, relative to the project or to its parent."""
        for base in (project, project.parent):
            try:
                return str(self.folder.relative_to(base))
            except ValueError:
                continue
        return str(self.folder)


@dataclass(frozen=True)
class ExampleRun:
    example: Example
    ok: bool
    message: str                  # one paragraph: why it failed, or what passing means
    output: str                   # everything it printed


def _calls(folder: Path, op_types: Iterable[str]) -> tuple[str, ...]:
    text = ""
    for pattern in _SOURCES:
        for path in sorted(folder.rglob(pattern)):
            if "build" not in path.relative_to(folder).parts:
                text += path.read_text(encoding="utf-8", errors="replace")
    return tuple(t for t in op_types if re.search(rf"\baclnn{re.escape(t)}(?:GetWorkspaceSize)?\s*\(", text))


def _verifies(folder: Path) -> bool:
    script = (folder / "run.sh").read_text(encoding="utf-8", errors="replace")
    return bool(_VERIFY.search(script)) or any((folder / "scripts").glob("verify*.py"))


_DECLARED = re.compile(r"\baclnn(\w+?)GetWorkspaceSize\s*\(")


def declared_apis(headers: Iterable[Path]) -> tuple[str, ...]:
    """The aclnn APIs (`ReplicationPad2dBackward` for aclnnReplicationPad2dBackward) the project's own aclnn layer
    declares in `headers` (its op_api aclnn_*.h), in order."""
    found: list[str] = []
    for header in headers:
        try:
            text = Path(header).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        found += [name for name in _DECLARED.findall(text) if name not in found]
    return tuple(found)


def find_examples(project: Path, op_types: Iterable[str], apis: Iterable[str] = ()) -> list[Example]:
    """The AclNNInvocation programs of `project` (see the module's doc) that call one of `op_types`, or one of `apis`
    (declared_apis: the project's own aclnn layer), in name order."""
    project = Path(project).absolute()
    op_types = tuple(dict.fromkeys([*op_types, *apis]))
    candidates = [d for base in (project / "examples", project.parent) if base.is_dir()
                  for d in sorted(base.iterdir()) if d.is_dir() and _FOLDER.match(d.name) and (d / "run.sh").is_file()]
    candidates += [d for base in (project / "tests", project.parent / "tests") if base.is_dir()
                   for d in sorted(base.iterdir()) if d.is_dir() and (d / "run.sh").is_file()]
    found = []
    for folder in candidates:
        calls = _calls(folder, op_types)
        if calls:
            found.append(Example(folder, calls, _verifies(folder)))
    return found


def example_environment(cann_root: Path) -> dict[str, str]:
    """This process's environment for a sample's run.sh: ASCEND_INSTALL_PATH (what the samples source setenv.bash
    from) is opkit's stand-in tree; other ASCEND_* variables are dropped so nothing points elsewhere. The `python3`
    its scripts call is the interpreter opkit runs in (its folder first on PATH), which has numpy and, where
    installed, torch (gen_data.py of CANN's pad ops builds its golden with torch), also when opkit was started by
    its path from a virtual environment that is not activated."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_")}
    here = Path(sys.executable).parent
    if (here / "python3").is_file():
        env["PATH"] = os.pathsep.join([str(here), *[p for p in env.get("PATH", "").split(os.pathsep)
                                                     if p and Path(p) != here]])
    return env | {"ASCEND_INSTALL_PATH": str(cann_root), "ASCEND_HOME_PATH": str(cann_root),
                  "ASCEND_HOME_DIR": str(cann_root)}


# The ACL and aclnn errors of a program's run, one a line (opkit's acl_fail appends them): a program that prints only
# a status code ("Execute Operator failed. error code is 361001") still fails with the reason.
ERROR_LOG_VARIABLE = "OPKIT_ACL_ERROR_LOG"


# The last line of a Python traceback (a gen_data.py or verify_result.py that raised): `ValueError: ...` after the
# frames, unindented. A script that fails this way is followed by run.sh's generic "generate input data failed!".
_RAISED = re.compile(r"^(?:[A-Za-z_][\w.]*\.)?[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt)\b(?::.*)?$")


def _raised(lines: list[str]) -> set[int]:
    """Indexes of `lines` that end a Python traceback (the exception it raised)."""
    found, inside = set(), False
    for i, line in enumerate(lines):
        if line.startswith("Traceback (most recent call last):"):
            inside = True
        elif inside and _RAISED.match(line):
            found.add(i)
            inside = False
    return found


def _why(output: str, code: int | None, acl_errors: list[str] | None = None) -> str:
    lines = output.splitlines()
    raised = _raised(lines)
    errors = [line.strip() for i, line in enumerate(lines) if i in raised or _ERROR_LINE.search(line)]
    tail = [line for line in lines if line.strip()][-8:]
    head = "timed out" if code is None else f"run.sh exited {code}" if code else "run.sh printed an error"
    shown = errors[:6] or tail
    said = [f"opkit: {line}" for line in (acl_errors or [])[-4:]]
    return "\n".join([head + ":", *shown, *said])


def _acl_errors(log: Path) -> list[str]:
    try:
        return [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
    except OSError:
        return []


def run_example(example: Example, cann_root: Path, *, calls: Path | None = None,
                timeout: int = TIMEOUT) -> ExampleRun:
    """Run the program's run.sh in its folder against `cann_root` and judge it as its own scripts do; its aclnn calls'
    shapes are appended to `calls` when given (example_shapes.py)."""
    env = example_environment(cann_root) | ({CALLS_VARIABLE: str(calls)} if calls is not None else {})
    with tempfile.TemporaryDirectory(prefix="opkit-acl-errors-") as tmp:
        log = Path(tmp) / "errors.txt"
        env[ERROR_LOG_VARIABLE] = str(log)
        try:
            done = subprocess.run(["bash", "run.sh"], cwd=example.folder, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                                  timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as exc:
            out = exc.stdout if isinstance(exc.stdout, str) else (exc.stdout or b"").decode(errors="replace")
            return ExampleRun(example, False, _why(out, None, _acl_errors(log)) + f" (after {timeout} s)", out)
        acl_errors = _acl_errors(log)
    output = done.stdout
    failed = done.returncode != 0 or bool(_ERROR_LINE.search(output))
    if failed:
        return ExampleRun(example, False, _why(output, done.returncode, acl_errors), output)
    verified = example.verifies or bool(_PASS_LINE.search(output))
    what = ("its data generated, the op run and its results verified by its own scripts" if verified else
            "the op ran without a fault; its scripts verify no numbers")
    warned = list(dict.fromkeys(_OPKIT_WARNING.findall(output)))   # once each, in order (one per launch)
    return ExampleRun(example, True, "\n".join([what, *(f"warning: {w}" for w in warned)]), output)


_MSOPGEN_OUT = re.compile(r"^\s*msopgen\s+gen\b.*?\s-out\s+([\w.-]+)/?\s*$", re.M)


def link_msopgen_copy(project: Path) -> str:
    """The "lite" samples' layout (2_add_frameworklaunchlite): their install.sh has msopgen generate a project into
    another folder, copies this project's sources over it and builds there (`msopgen gen ... -out CustomOp`,
    `cp -rf AddCustom/* CustomOp`), so their programs build against `../CustomOp/build_out`. `opkit build` builds
    the project in place; when that folder does not exist, it becomes a folder whose build_out links to the
    project's. Returns what was linked, "" when nothing was."""
    project = Path(project).absolute()
    for script in sorted(project.parent.glob("install*.sh")):
        text = script.read_text(encoding="utf-8", errors="replace")
        for out in _MSOPGEN_OUT.findall(text):
            copied = re.search(rf"^\s*cp\s+(?:-\w+\s+)*{re.escape(project.name)}/\*\s+{re.escape(out)}/?\s*$", text,
                               re.M)
            target = project.parent / out
            if copied and not target.exists() and out != project.name:
                target.mkdir()
                (target / "build_out").symlink_to(project / "build_out", target_is_directory=True)
                return (f"{script.name} builds {project.name} in {out}/ (msopgen gen -out {out}): its programs' "
                        f"{out}/build_out is {project.name}/build_out")
    return ""
