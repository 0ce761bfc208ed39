"""The commands of the project path: validate a prototype, gen a project, build it, test it."""
from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from opkit.cli.app import command, console_for
from opkit.console import Console

__all__ = ["validate", "gen", "build", "test_command"]


@command(short="Check a prototype file and summarise its operators.")
@click.option("-i", "--input", "input_path", required=True, type=click.Path(path_type=Path, dir_okay=False),
              help="Prototype file (msopgen JSON, or YAML).")
@click.pass_context
def validate(ctx: click.Context, input_path: Path) -> None:
    """Check a prototype file and summarise its operators.

    Prints every problem as FILE:LINE:COL: `PATH`: what is wrong; hint, and exits 2; keys that msopgen
    ignores are ignored too, with a warning in the same form. Otherwise prints one line per operator (nothing with -q: the exit status is the answer), and a warning when gen's
    default package name would shadow a module or package.

    \b
    Example:
      opkit validate -i add_custom.json
    """
    from opkit.generate.shadowing import default_name_note
    from opkit.spec import load_spec, summarize

    console = console_for(ctx)
    spec_file = load_spec(input_path)
    for warning in spec_file.warnings:
        console.warning(str(warning))
    console.info(summarize(spec_file))
    note = default_name_note(spec_file)
    if note:
        console.warning(note)


@command(short="Render an operator project from a prototype.")
@click.option("-i", "--input", "input_path", required=True, type=click.Path(path_type=Path, dir_okay=False),
              help="Prototype file (msopgen JSON, or YAML).")
@click.option("-o", "--output", "output_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Project directory to create (default: the package name).")
@click.option("-c", "--compute-unit", "compute_unit", default=None,
              help="Target SoC(s) in msopgen's spelling, comma-separated, e.g. ai_core-Ascend910B2.")
@click.option("--op", "ops", multiple=True, help="Only this OpType (repeatable; default: every op of the file).")
@click.option("--name", "package", default=None, help="Python package name (default: first op's snake_case name).")
@click.option("--derivatives", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="derivatives.yaml (default: the one beside the prototype, if any).")
@click.option("--force", is_flag=True,
              help="Regenerate into an existing project: your edits to kernel, host, tiling header and reference "
                   "are kept and the prototype's changes merged into them.")
@click.option("--dry-run", is_flag=True, help="Show what gen (--force) would change, as a diff; write nothing.")
@click.option("--allow-shadowing", is_flag=True,
              help="Accept a package name that shadows a standard-library module or an installed package.")
@click.pass_context
def gen(ctx: click.Context, input_path: Path, output_dir: Path | None, compute_unit: str | None,
        ops: tuple[str, ...], package: str | None, derivatives: Path | None, force: bool, dry_run: bool,
        allow_shadowing: bool) -> None:
    """Render an operator project from a prototype.

    Writes kernel, host, tiling header and reference (yours to edit) and the generated glue. With -q prints only
    the project directory. With --force after a prototype change, a file of yours you did not edit is replaced;
    an edited one gets the change merged in (a conflict leaves <<<<<<< markers, your version as FILE.orig, and
    exit status 1). A package name that would shadow a standard-library module, a package opkit uses or
    one installed here (and not built by opkit) is refused unless --allow-shadowing is given.

    \b
    Example:
      opkit gen -i add_custom.json -o add_custom -c ai_core-Ascend910B2
    """
    from opkit.generate import generate_project
    from opkit.spec import load_spec

    console = console_for(ctx)
    spec_file = load_spec(input_path)
    for warning in spec_file.warnings:
        console.warning(str(warning))
    result = generate_project(spec_file, output_dir, compute_unit=compute_unit, ops=ops,
                              package=package, derivatives=derivatives, force=force,
                              allow_shadowing=allow_shadowing, dry_run=dry_run)
    for note in result.notes:
        console.info(note)
    if dry_run:
        _report_dry_run(console, result)
        return
    for path in result.written:
        console.detail(f"  wrote {path}")
    for path in result.merged:
        console.info(f"  merged {path}: your edits kept, the prototype's change merged in")
    for path in result.kept:
        console.detail(f"  kept  {path}")
    if result.conflicts:
        _report_conflicts(console, result)
    if console.quiet:
        console.result(str(result.root), tone="plain")
    else:
        merged = f", {len(result.merged)} merged" if result.merged else ""
        console.result(f"generated {result.root} ({len(result.written)} files written{merged}, "
                       f"{len(result.kept)} kept)")


def _report_dry_run(console: Console, result: Any) -> None:
    for diff in result.diffs:
        click.echo(diff, nl=False)
    conflicts = f"; {len(result.conflicts)} would conflict: {', '.join(result.conflicts)}" if result.conflicts else ""
    console.result(f"dry run: {result.root} would get {len(result.diffs) or len(result.written)} files changed"
                   f"{conflicts}; nothing written", tone="plain")


def _report_conflicts(console: Console, result: Any) -> None:
    from opkit.errors import MergeConflictError

    for path, hunks in result.conflicts.items():
        where = ", ".join(f"lines {a}-{b}" for a, b in hunks)
        console.warning(f"conflict in {path}: {len(hunks)} hunk{'s' if len(hunks) > 1 else ''} ({where}); "
                        f"your version is in {result.backups.get(path, path + '.orig')}")
    raise MergeConflictError(f"{len(result.conflicts)} file(s) have merge conflicts: resolve the <<<<<<< ======= "
                             f">>>>>>> hunks named above, then build again", conflicts=result.conflicts)


@contextlib.contextmanager
def _environment(**values: str) -> Iterator[None]:
    """Set environment variables for the duration of one command (the build's subprocesses inherit them)."""
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, old in saved.items():
            if old is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = old


@command(short="Build a project into PROJECT/dist/<name>-<version>-<tag>.whl.")
@click.argument("project", type=click.Path(path_type=Path, file_okay=False), default=".")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Parallel compile jobs (default: cores).")
@click.option("--soc", default=None, help="SoC profile to build for (default: the one chosen at gen time).")
@click.pass_context
def build(ctx: click.Context, project: Path, jobs: int | None, soc: str | None) -> None:
    """Build a generated project into PROJECT/dist/<name>-<version>-<tag>.whl.

    Builds in the current environment (no isolation, no network) with a persistent build directory, so a
    rebuild after editing one kernel recompiles only that kernel. On a compiler error, prints FILE:LINE
    relative to the project, keeps the previous wheel and exits 1. Kernel and host files compile with -Wall
    -Wextra; their warnings are printed (on stderr) the same way, and so is every input, output or attr that the
    prototype and a host file's OpDef do not both declare. Prints a line per step; -v also prints every
    compiler command and CMake's output; -q prints only the wheel's path.

    \b
    Example:
      opkit build add_custom -j 2
      pip install "$(opkit build -q add_custom)"
    """
    from opkit.build.project import BuildEvent, build_project

    console = console_for(ctx)

    def show(event: BuildEvent) -> None:
        if event.kind == "wheel" and event.text.startswith("built "):
            return  # the result line below says it, relative to where the user is
        if event.kind == "warning":
            console.warning(event.text)
            return
        if event.kind == "output":
            if not event.text.startswith("OPKIT_WHEEL="):  # opkit's own marker, not the user's business
                console.detail(event.text)
        else:
            console.info(event.text)

    # scikit-build-core reads SKBUILD_* settings from the environment; verbose makes ninja print each compile command.
    verbose = {"SKBUILD_BUILD_VERBOSE": "true"} if console.verbose else {}
    with _environment(**verbose):
        wheel = build_project(project, jobs=jobs, soc=soc, on_event=show)
    shown = project / wheel.relative_to(project.resolve())
    console.result(str(shown) if console.quiet else f"built {shown}", tone="plain" if console.quiet else "good")


class _TestProgress:
    """Sorts `opkit test`'s stream: build and install steps, then pytest's `....  [ 40%]` lines, are progress
    (shown by default); the build's compiler warnings go to stderr as `opkit build` prints them; the rest of
    pytest's output is detail (-v). testrun announces "installing <wheel>" last before pytest starts."""

    def __init__(self, console: Console) -> None:
        self._console = console
        self._in_pytest = False

    def __call__(self, line: str) -> None:
        if not self._in_pytest and ": warning: " in line:
            self._console.warning(line)
        elif not self._in_pytest or re.search(r"\[ *\d+%\]$", line):
            self._console.info(line)
        else:
            self._console.detail(line)
        self._in_pytest = self._in_pytest or line.startswith("installing ")


def _show_summary(console: Console, text: str, ok: bool) -> None:
    for line in text.splitlines():
        if line.startswith(("FAILED", "ERROR")):
            console.result(line, tone="bad")
        elif line.startswith("SKIPPED"):
            console.info(line, tone="warn")
        elif line.startswith("PASSED"):
            console.result(line, tone="good")
        elif line.startswith(" "):
            console.result(line, tone="plain")
        else:
            console.result(line, tone="good" if ok else "bad")


@command("test", short="Build (if stale), install and run a project's tests.")
@click.argument("project", type=click.Path(path_type=Path, file_okay=False), default=".")
@click.option("-k", "keyword", default=None, help="Only tests matching this pytest -k expression.")
@click.pass_context
def test_command(ctx: click.Context, project: Path, keyword: str | None) -> None:
    """Build (if stale), install and run a project's tests; summarise failures and skips.

    Installs PROJECT/dist/*.whl into the current environment, runs PROJECT/tests with pytest, then prints each
    failure (op, dtypes, shape, max abs/rel error), skip reasons grouped, and the counts. Exits 1 when a test
    failed, or when none passed (everything skipped checks nothing). -v streams pytest's own output; -q prints only failures and the counts.

    \b
    Example:
      opkit test add_custom -k float16
    """
    from opkit.errors import ProjectTestError
    from opkit.check.run import run_project_tests

    console = console_for(ctx)
    summary = run_project_tests(project, keyword=keyword, on_line=_TestProgress(console))
    _show_summary(console, summary.render(), summary.ok)
    if not summary.ok:
        verdict = "tests failed" if summary.count("failed") or summary.count("error") else "no test passed"
        raise ProjectTestError(f"{verdict}: {summary.headline()}")
