"""`opkit test`: build the project if its wheel is stale, install the wheel, run the project's tests/ with pytest in
a subprocess of this interpreter, and summarise what failed (op, dtypes, shape, errors) and why tests were skipped.
A CANN operator project is first tested by what it ships: its AclNNInvocation programs (examples.py), whose calls
give the generated tests their shapes (example_shapes.py).

The summary is read from the report that opkit's pytest plugin (pytest_plugin.py) writes, not from pytest's console
text, which changes between versions, nor from its JUnit XML, which cuts failure messages to 500 characters. Identical
failures (same message, whichever block faulted) are shown once with their count; the full report, every failure with
its traceback, is written to PROJECT/build/opkit-test-report.txt. The console lines are streamed to `on_line`.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from opkit.build.project import aclnn_root, build_project, check_project_dir, find_wheel, wheel_is_stale
from opkit.build.layout import ProjectLayout, detect_layout
from opkit.check.example_shapes import SHAPES_VARIABLE, index_inputs, model_calls, read_calls, write_shapes
from opkit.check.example_sources import source_shapes
from opkit.check.input_roles import input_roles
from opkit.check.examples import declared_apis, find_examples, link_msopgen_copy, run_example
from opkit.errors import ProjectTestError
from opkit.generate.glue import GLUE_DIR
from opkit.generate.shadowing import check_replaceable

__all__ = ["TestOutcome", "TestSummary", "run_project_tests", "install_project", "install_command", "pytest_command",
           "read_junit", "read_report", "REPORT_NAME"]

Outcome = Literal["passed", "failed", "error", "skipped", "warning"]   # warning: a ProjectWarning, not a test
_JUNIT_TAGS: dict[str, Outcome] = {"failure": "failed", "error": "error", "skipped": "skipped"}
REPORT_NAME = "opkit-test-report.txt"   # under PROJECT/build/: every failure in full, with its traceback
_EXAMPLES = 3        # test ids named under a group of identical failures; the report lists them all
# The exception type pytest puts before a message: `AssertionError: `, `add_custom.KernelError: `.
_EXCEPTION_PREFIX = re.compile(r"^(?:[A-Za-z_][\w.]*\.)?(?:AssertionError|KernelError): ")
_BLOCK = re.compile(r"\[Block_\d+\]")


@dataclass(frozen=True)
class TestOutcome:
    __test__ = False    # not a pytest test class, although its name starts with Test

    test: str           # tests/test_add_custom.py::test_add_custom[float16-...]
    outcome: Outcome
    message: str = ""   # failure/error/skip message (the AssertionError text opkit.testing writes)
    detail: str = ""    # the traceback of a failure or error, for the report on disk


@dataclass(frozen=True)
class TestSummary:
    __test__ = False

    outcomes: tuple[TestOutcome, ...] = field(default_factory=tuple)
    report: Path | None = None   # the full report on disk, once run_project_tests has written it

    def count(self, outcome: Outcome) -> int:
        return sum(o.outcome == outcome for o in self.outcomes)

    @property
    def ok(self) -> bool:
        """True when nothing failed or errored and at least one test passed: a run that skipped everything checked
        nothing, so it is not a pass."""
        return self.count("passed") > 0 and not (self.count("failed") or self.count("error"))

    def headline(self) -> str:
        parts = [f"{self.count(k)} {k}" for k in ("passed", "failed", "error", "skipped") if self.count(k)]
        return ", ".join(parts) if parts else "no tests ran"

    def skip_reasons(self) -> list[tuple[str, int]]:
        """Skip messages with how many tests each skipped, most frequent first."""
        return Counter(o.message for o in self.outcomes if o.outcome == "skipped").most_common()

    def failure_groups(self) -> list[tuple[str, list[TestOutcome]]]:
        """Failures and errors grouped by message, in order of first appearance. The same fault in another block
        (`[Block_3]` for `[Block_0]`) is the same bug, so block numbers do not split a group."""
        groups: dict[str, list[TestOutcome]] = {}
        for o in self.outcomes:
            if o.outcome in ("failed", "error"):
                groups.setdefault(f"{o.outcome}\0{_BLOCK.sub('[Block_*]', o.message)}", []).append(o)
        return [(key.split("\0", 1)[0], members) for key, members in groups.items()]

    def render(self) -> str:
        """What a person reads after a run: each distinct failure in full (identical ones once, with their count and
        some of their test ids), skips grouped, where the full report is, then the counts."""
        lines: list[str] = []
        for outcome, members in self.failure_groups():
            message = members[0].message.splitlines() or [""]
            if len(members) == 1:
                lines.append(f"{outcome.upper()} {members[0].test}")
                lines += [f"    {line}" for line in message]
                continue
            lines.append(f"{outcome.upper()} {len(members)} cases: {message[0]}")
            lines += [f"    {line}" for line in message[1:]]
            blocks = sorted({b for m in members for b in _BLOCK.findall(m.message)}, key=_block_number)
            if len(blocks) > 1:
                lines.append(f"    in blocks {', '.join(b[7:-1] for b in blocks)}")
            shown = ", ".join(m.test.rsplit("::", 1)[-1] for m in members[:_EXAMPLES])
            more = f" and {len(members) - _EXAMPLES} more" if len(members) > _EXAMPLES else ""
            lines.append(f"    cases: {shown}{more}")
        # A CANN project's own programs (named by their run.sh, not by a pytest id): each pass says what it checked.
        # Lines after the first: the warnings it printed (examples.py), indented under it.
        for o in self.outcomes:
            if o.outcome == "passed" and "::" not in o.test:
                first, *more = o.message.splitlines() or [""]
                lines += [f"PASSED {o.test}: {first}", *(f"    {line}" for line in more)]
        warned = Counter(o.message.split("\n", 1)[0] for o in self.outcomes if o.outcome == "warning")
        for first, count in warned.items():
            detail = next(o.message for o in self.outcomes if o.outcome == "warning" and o.message.startswith(first))
            lines.append(f"WARNING {count} case{'s' if count > 1 else ''}: {first}")
            lines += [f"    {line}" for line in detail.splitlines()[1:]]
        for reason, count in self.skip_reasons():
            lines.append(f"SKIPPED {count} test{'s' if count > 1 else ''}: {reason}")
        if self.report is not None and not self.ok:
            lines.append(f"full report: {self.report}")
        lines.append(self.headline())
        return "\n".join(lines)

    def full_report(self) -> str:
        """Every failure and error with its whole traceback, every skip with its reason, then the counts."""
        parts: list[str] = []
        for o in self.outcomes:
            if o.outcome in ("failed", "error"):
                parts.append(f"{o.outcome.upper()} {o.test}\n{o.message}\n\n{o.detail}".rstrip() + "\n")
        parts += [f"SKIPPED {o.test}: {o.message}\n" for o in self.outcomes if o.outcome == "skipped"]
        parts += [f"WARNING {o.test}: {o.message}\n" for o in self.outcomes if o.outcome == "warning"]
        return "\n".join(parts + [self.headline() + "\n"])


def _block_number(block: str) -> int:
    return int(block[7:-1])


def install_command(wheel: Path, target: Path | None = None) -> list[str]:
    """pip installing `wheel` over any installed version (into `target` instead of the environment if given)."""
    command = [sys.executable, "-m", "pip", "install", "--no-deps", "--force-reinstall", "--no-index",
               "--disable-pip-version-check", "-q", str(wheel)]
    # --target keeps a package folder already there (with a warning) unless told to --upgrade.
    return command + (["--upgrade", "--target", str(target)] if target is not None else [])


def pytest_command(report: Path, keyword: str | None = None) -> list[str]:
    """pytest over tests/ (run with cwd = the project), writing opkit's pytest plugin's report to `report`.
    Assertion explanations are not cut (verbosity_assertions=2) while the console stays quiet."""
    command = [sys.executable, "-m", "pytest", "tests", "-q", "-rfE", "-p", "no:cacheprovider",
               "-p", "opkit.check.pytest_plugin", f"--opkit-report={report}", "-o", "verbosity_assertions=2"]
    return command + (["-k", keyword] if keyword else [])


def read_junit(path: Path) -> TestSummary:
    """The outcome of every test case in a JUnit XML report written by pytest."""
    outcomes: list[TestOutcome] = []
    for case in ET.parse(path).getroot().iter("testcase"):
        module = case.get("classname", "").replace(".", "/")
        name = f"{module}.py::{case.get('name', '')}" if module else case.get("name", "")
        outcome: Outcome = "passed"
        message = ""
        for tag, kind in _JUNIT_TAGS.items():
            node = case.find(tag)
            if node is not None:
                outcome, message = kind, _message(node)
                break
        outcomes.append(TestOutcome(name, outcome, message))
    return TestSummary(tuple(outcomes))


def read_report(path: Path) -> TestSummary:
    """The outcome of every test in a report written by opkit.check.pytest_plugin, messages in full."""
    outcomes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        message = row["message"] if row["outcome"] == "skipped" else _EXCEPTION_PREFIX.sub("", row["message"])
        outcomes.append(TestOutcome(row["test"], row["outcome"], message, row["detail"]))
    return TestSummary(tuple(outcomes))


def _message(node: ET.Element) -> str:
    # pytest puts the exception text (or the skip reason alone) in `message`; the element text holds the
    # traceback (or "path:line: reason"), used only when there is no message.
    text = node.get("message", "") or (node.text or "").strip()
    return text.removeprefix("AssertionError: ")


def _stream(command: list[str], cwd: Path, env: dict[str, str], on_line: Callable[[str], None]) -> tuple[int, str]:
    lines: list[str] = []
    with subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace") as proc:
        assert proc.stdout is not None  # guaranteed by stdout=PIPE
        for raw in proc.stdout:
            lines.append(raw.rstrip("\n"))
            on_line(lines[-1])
    return proc.returncode, "\n".join(lines)


def _install(project: Path, target: Path | None, on_line: Callable[[str], None], *, build: bool = True) -> None:
    if build and wheel_is_stale(project):
        on_line("wheel is missing or older than the sources: building")
        build_project(project, on_event=lambda e: on_line(e.text) if e.kind != "output" else None)
    wheel = find_wheel(project)
    if wheel is None:
        raise ProjectTestError(f"{project}: no wheel in dist/ after building")
    check_replaceable(wheel.name, [str(target)] if target is not None else None)
    on_line(f"installing {wheel.relative_to(project)}")
    run = subprocess.run(install_command(wheel, target), capture_output=True, text=True)
    if run.returncode != 0:
        raise ProjectTestError(f"pip could not install {wheel.name}:\n{(run.stdout + run.stderr).strip()}",
                               output=run.stdout + run.stderr)


def install_project(project: Path, target: Path | None, on_line: Callable[[str], None] = lambda line: None) -> None:
    """Build `project` if its wheel is stale and pip-install the wheel (into `target` when given)."""
    _install(Path(os.path.realpath(project)), target, on_line)


# A TilingFunc refusing a shape opkit chose (not one the project's example uses): GRAPH_FAILED or another status.
_TILING_REFUSED = re.compile(r"\bTilingFunc: returned (?:GRAPH_FAILED|status)")


def _tiling_refusals_skipped(outcome: TestOutcome) -> TestOutcome:
    """A generated case whose shape the op's own TilingFunc refuses tests a shape the project does not support: a
    skip naming the refusal, not a failure (a TilingFunc refusing every case leaves nothing passed: not ok)."""
    if outcome.outcome not in ("failed", "error") or not _TILING_REFUSED.search(outcome.message):
        return outcome
    first = next(line for line in outcome.message.splitlines() if _TILING_REFUSED.search(line))
    reason = "the op's TilingFunc refuses this shape (opkit's, not the project's): " + first.strip()
    return TestOutcome(outcome.test, "skipped", reason, outcome.detail)


def _cann_outcomes(project: Path, layout: ProjectLayout, target: Path | None, keyword: str | None,
                   on_line: Callable[[str], None]) -> tuple[Path, list[TestOutcome], dict[str, str]]:
    """A CANN project: build it (wheel and aclnn package), install the wheel, run its own AclNNInvocation programs
    (examples.py) unless -k picks generated tests. Returns the glue project, the programs' outcomes, and the
    environment for the generated tests: the shapes the programs called each op with (example_shapes.py), which
    replace opkit's edge shapes for that op."""
    events = lambda e: on_line(e.text) if e.kind != "output" else None   # noqa: E731
    # Always built: its sources lie outside the glue project, so a wheel's age says nothing (ninja makes an unchanged
    # build a no-op). Built as `opkit build DIR` builds it, so the aclnn package lands where DIR's programs look.
    build_project(project, on_event=events)
    glue = Path(os.path.realpath(layout.root.joinpath(*GLUE_DIR)))
    _install(glue, target, on_line, build=False)
    examples = [] if keyword else find_examples(project, [o.op.op_type for o in layout.ops],
                                                declared_apis(layout.op_api_headers))
    linked = link_msopgen_copy(project) if examples else ""
    if linked:
        on_line(linked)
    root = aclnn_root(events) if examples else None
    outcomes: list[TestOutcome] = []
    calls = glue / "build" / "opkit-example-calls.jsonl"
    calls.parent.mkdir(parents=True, exist_ok=True)
    calls.unlink(missing_ok=True)
    for example in examples:
        name = f"{example.name(project)}/run.sh"
        if root is None:
            outcomes.append(TestOutcome(name, "skipped", "no aclnn package to run it against (OPKIT_ACLNN=0, or a "
                                                         "real CANN is set up)"))
            continue
        on_line(f"running the project's {name}")
        run = run_example(example, root, calls=calls)
        outcomes.append(TestOutcome(name, "passed" if run.ok else "failed", run.message, run.output))
    env: dict[str, str] = {}
    described = [] if keyword else model_calls(project, {o.op.op_type for o in layout.ops})
    if not keyword:   # ops no program call was recorded for: the shapes their examples' sources fix
        recorded = {row["op"] for row in (read_calls(calls) if calls.is_file() else []) + described}
        described += source_shapes(project, [o.op.op_type for o in layout.ops if o.op.op_type not in recorded])
    unshaped = {}
    for o in layout.ops:
        names = [t.name for t in o.op.inputs]
        found = index_inputs([[d.name for d in c[:len(o.op.inputs)]] for c in o.op.dtype_combinations], names)
        # An index or paddings input gets valid values (input_roles.py); another integer leaves nothing to run.
        found = [n for n in found if n not in input_roles(o.op.op_type, names, found)]
        if found:
            unshaped[o.op.name] = (f"{o.op.op_type}'s input {', '.join(found)} is an integer beside float data (a "
                                   "count or size, not an index or paddings, which opkit fills): opkit's random values "
                                   "of the data's shape are not inputs it takes, and the project's programs give none "
                                   "to copy; check it with a test of your own, or an AclNNInvocation program beside "
                                   "the project")
    if calls.is_file() or described or unshaped:
        shapes = glue / "build" / "opkit-example-shapes.json"
        write_shapes(calls, shapes, {o.op.op_type: o.op.name for o in layout.ops}, described, unshaped)
        env[SHAPES_VARIABLE] = str(shapes)
    return glue, outcomes, env


def run_project_tests(project: Path, *, keyword: str | None = None, target: Path | None = None,
                      on_line: Callable[[str], None] = lambda line: None) -> TestSummary:
    """Build (if stale), install and test `project`; returns the summary (check `.ok`).

    `target` installs the wheel into that folder (put first on the tests' PYTHONPATH) instead of the current
    environment. A CANN operator project is tested by what it ships (see `_cann_outcomes`). Raises BuildError when the
    build fails, ProjectTestError when installing fails or pytest cannot run (usage error, nothing collected),
    PathError when `project` is refused, ShadowingError when the wheel would replace an installed distribution that
    opkit did not build."""
    check_project_dir(Path(project), ())
    layout = detect_layout(Path(project))
    cann = layout is not None and layout.kind != "opkit"
    first: list[TestOutcome] = []
    env: dict[str, str] = {}
    if cann:
        assert layout is not None   # narrowed by `cann`
        project, first, env = _cann_outcomes(Path(project), layout, target, keyword, on_line)
    else:
        check_project_dir(Path(project), ("tests",), "has no tests/ folder; is it a project made by `opkit gen`?")
        project = Path(os.path.realpath(project))   # unlike Path.resolve, never raises on a symlink loop
        _install(project, target, on_line)
    summary = _pytest(project, keyword, target, on_line, env)
    if cann:
        summary = TestSummary(tuple(first) + tuple(_tiling_refusals_skipped(o) for o in summary.outcomes))
    return _finish(project, summary)


def _pytest(project: Path, keyword: str | None, target: Path | None, on_line: Callable[[str], None],
            extra_env: dict[str, str]) -> TestSummary:
    env = dict(os.environ) | extra_env
    if target is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(target), env.get("PYTHONPATH", "")]))
    with tempfile.TemporaryDirectory(prefix="opkit-test-") as tmp:
        rows = Path(tmp) / "report.jsonl"
        code, output = _stream(pytest_command(rows, keyword), project, env, on_line)
        if code == 5:
            what = f"no test matched -k {keyword!r}" if keyword else "pytest collected no tests in tests/"
            raise ProjectTestError(what, output=output)
        if code not in (0, 1) or not rows.is_file():
            tail = "\n".join(output.splitlines()[-20:])
            raise ProjectTestError(f"pytest could not run the tests (exit {code}):\n{tail}", output=output)
        return read_report(rows)


def _finish(project: Path, summary: TestSummary) -> TestSummary:
    report = project / "build" / REPORT_NAME
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(summary.full_report(), encoding="utf-8")
    return replace(summary, report=report)
