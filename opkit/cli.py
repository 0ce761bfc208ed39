"""The `opkit` command line: options in, calls to the core, OpkitError out as one line and an exit code.

Exit codes: 0 success, 1 failure (build, test, kernel, interrupted), 2 bad input (prototype, options, refused
target). `-v`/`-q` are accepted before or after the command name and mean the same in both places.
"""
from __future__ import annotations

import contextlib
import os
import platform
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import click

from opkit import __version__, include_dir
from opkit.console import Console
from opkit.errors import OpkitError

__all__ = ["main", "cli", "EXIT_CODES"]

EXIT_CODES = ("Exit status: 0 success; 1 failure (build, test, kernel fault, interrupted); "
              "2 bad input (prototype, options, refused target).")
_CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
F = TypeVar("F", bound=Callable[..., Any])


def _state(ctx: click.Context) -> dict[str, Any]:
    """Verbosity lives on the root context, where the group's and the command's -v/-q both land."""
    state: dict[str, Any] = ctx.find_root().ensure_object(dict)
    return state


def _count_verbose(ctx: click.Context, _param: click.Parameter, value: int) -> None:
    state = _state(ctx)
    state["verbose"] = state.get("verbose", 0) + value


def _set_quiet(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        _state(ctx)["quiet"] = True


def _verbosity_options(command: F) -> F:
    """-v/-q on the group and on every command, so both `opkit -q build` and `opkit build -q` work."""
    command = click.option("-q", "--quiet", is_flag=True, expose_value=False, callback=_set_quiet,
                           help="Print only errors and the final result (a path, a test headline).")(command)
    return click.option("-v", "--verbose", count=True, expose_value=False, callback=_count_verbose,
                        help="Print more: commands run, files written, tool output.")(command)


def _console(ctx: click.Context) -> Console:
    state = _state(ctx)
    if state.get("quiet") and state.get("verbose"):
        raise click.UsageError("-q and -v contradict each other; give one of them")
    return Console(-1 if state.get("quiet") else state.get("verbose", 0))


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    click.echo(f"opkit {__version__}")
    click.echo(f"Python {platform.python_version()} ({sys.executable}); simulator headers: {include_dir()}")
    ctx.exit()


def _command(name: str | None = None, *, short: str) -> Callable[[F], click.Command]:
    """A subcommand with the shared options and the exit codes at the end of its --help."""
    def wrap(function: F) -> click.Command:
        return cli.command(name, short_help=short, epilog=EXIT_CODES)(_verbosity_options(function))
    return wrap


@click.group(context_settings=_CONTEXT, epilog=EXIT_CODES)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Print opkit's version, the Python it runs on and where the simulator headers are, then exit.")
@_verbosity_options
def cli() -> None:
    """Generate, build and test Ascend C operators for PyTorch, on any Linux machine.

    Colour is used only when output goes to a terminal, and never when NO_COLOR is set.

    \b
    Example:
      opkit validate -i add_custom.json
      opkit gen -i add_custom.json -o add_custom
      opkit build add_custom
      opkit test add_custom
    """


@_command(short="Check a prototype file and summarise its operators.")
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
    from opkit.shadowing import default_name_note
    from opkit.spec import load_spec, summarize

    console = _console(ctx)
    spec_file = load_spec(input_path)
    for warning in spec_file.warnings:
        console.warning(str(warning))
    console.info(summarize(spec_file))
    note = default_name_note(spec_file)
    if note:
        console.warning(note)


@_command(short="Render an operator project from a prototype.")
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

    console = _console(ctx)
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


@_command(short="Build a project into PROJECT/dist/<name>-<version>-<tag>.whl.")
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
    from opkit.build import BuildEvent, build_project

    console = _console(ctx)

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
        elif line.startswith(" "):
            console.result(line, tone="plain")
        else:
            console.result(line, tone="good" if ok else "bad")


@_command("test", short="Build (if stale), install and run a project's tests.")
@click.argument("project", type=click.Path(path_type=Path, file_okay=False), default=".")
@click.option("-k", "keyword", default=None, help="Only tests matching this pytest -k expression.")
@click.pass_context
def test_command(ctx: click.Context, project: Path, keyword: str | None) -> None:
    """Build (if stale), install and run a project's tests; summarise failures and skips.

    Installs PROJECT/dist/*.whl into the current environment, runs PROJECT/tests with pytest, then prints each
    failure (op, dtypes, shape, max abs/rel error), skip reasons grouped, and the counts. Exits 1 when a test
    failed. -v streams pytest's own output; -q prints only failures and the counts.

    \b
    Example:
      opkit test add_custom -k float16
    """
    from opkit.errors import ProjectTestError
    from opkit.testrun import run_project_tests

    console = _console(ctx)
    summary = run_project_tests(project, keyword=keyword, on_line=_TestProgress(console))
    _show_summary(console, summary.render(), summary.ok)
    if not summary.ok:
        raise ProjectTestError(f"tests failed: {summary.headline()}")


@cli.command("cc", context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False,
                                     "help_option_names": ["-h", "--help"]},
             short_help="Compile .asc files and <<<>>> launches with g++ against the simulator.", epilog=EXIT_CODES)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def cc_command(args: tuple[str, ...]) -> None:
    """Compile like g++, with `kernel<<<blockDim, l2ctrl, stream>>>(args)` launches rewritten for the simulator.

    Takes g++'s arguments (or a compiler first, as a CMAKE_CXX_COMPILER_LAUNCHER); adds opkit's include
    directory, -std=c++17 (unless given) and -pthread. `--mode=cpu` (default) defines ASCENDC_CPU_DEBUG;
    `--mode=npu` compiles the NPU branch of a program instead. Diagnostics point into your files. Exits with the
    compiler's status.

    \b
    Example:
      opkit cc add.asc -o add && ./add
      opkit cc --mode=npu -c main.cpp -o main.o
    """
    from opkit.cc import main as cc_main

    status = cc_main(list(args))
    if status != 0:
        raise SystemExit(status)


@_command("cmake-args", short="Print the -D flags that point CMake at opkit (ASC language, CANN stand-ins).")
@click.option("--cann", is_flag=True, help="Also -DASCEND_CANN_PACKAGE_PATH for CANN's kernel-launch samples.")
def cmake_args(cann: bool) -> None:
    """Print the -D flags that point a program's own CMakeLists at opkit.

    `find_package(ASC)` + `project(x LANGUAGES ASC CXX)` needs -DASC_DIR; CANN's kernel-launch samples
    (RUN_MODE cpu/npu) need -DASCEND_CANN_PACKAGE_PATH (--cann). -DOPKIT_PYTHON names this Python, which runs
    opkit's compiler driver.

    \b
    Example:
      opkit cmake-args --cann
      cmake -B build $(opkit cmake-args) && cmake --build build
      cmake -B build -DRUN_MODE=npu $(opkit cmake-args --cann)
    """
    from opkit import cmake_dir

    flags = [f"-DASC_DIR={cmake_dir()}", f"-DOPKIT_PYTHON={sys.executable}"]
    if cann:
        flags.append(f"-DASCEND_CANN_PACKAGE_PATH={cmake_dir() / 'cann'}")
    click.echo(" ".join(flags))


@_command("profile", short="Estimate a kernel's NPU time from the simulator's counts: table, trace, PNG.")
@click.argument("target", type=click.Path(path_type=Path))
@click.argument("args", nargs=-1)
@click.option("--op", default=None, help="Project: the op to run (snake_case name or OpType).")
@click.option("--shape", default=None, help="Project: every input's shape, comma-separated (e.g. 8192,8192).")
@click.option("--dtype", default="float16", show_default=True, help="Project: every input's dtype.")
@click.option("--soc", default=None, help="SoC whose timing table to use (default: the launch's).")
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Where the trace JSON, PNG and numbers go (default: TARGET/profile or ./opkit-profile).")
@click.pass_context
def profile(ctx: click.Context, target: Path, args: tuple[str, ...], op: str | None, shape: str | None, dtype: str,
            soc: str | None, out_dir: Path | None) -> None:
    """Estimate how long a kernel takes on the NPU, in msprof's terms, from a simulated run.

    TARGET is a generated project (then --op and --shape, which every input gets) or a kernel-launch program
    (ICPU_RUN_KF / opkit::sim::Launch; ARGS are passed to it after --). Prints Task Duration, aiv_*_time and ratios,
    the bounding pipe and advice; writes a Chrome/Perfetto trace (.trace.json), a PNG (needs opkit[plot]) and the
    numbers (.json). The times are an ESTIMATE from a model calibrated on published msprof figures, not a
    measurement.

    \b
    Example:
      opkit profile add_custom --op add_custom --shape 8192,8192 --dtype float16
      opkit profile ./add_bench -- 67108864 48 16384 2
    """
    from opkit.profile import PNG_MISSING, format_table, profile_op, profile_program, write_reports

    console = _console(ctx)
    if target.is_dir():
        if op is None or shape is None:
            raise click.UsageError(f"{target} is a project: name the op and the input shape (--op NAME --shape 8,1024)")
        try:
            dims = tuple(int(d) for d in shape.split(","))
        except ValueError:
            raise click.UsageError(f"--shape {shape!r} is not comma-separated integers") from None
        estimates = [profile_op(target, op, dims, dtype, soc=soc, on_line=console.detail)]
        out = out_dir or target / "profile"
    else:
        estimates = profile_program([str(target.absolute()), *args], soc=soc)
        out = out_dir or Path("opkit-profile")
    for i, e in enumerate(estimates):
        console.result(format_table(e), tone="plain")
        stem = e.op if len(estimates) == 1 else f"{e.op}-{i}"
        paths = write_reports(e, out, stem)
        for kind in ("trace", "png", "json"):
            if paths[kind] is not None:
                console.info(f"{kind}: {paths[kind]}")
        if paths["png"] is None:
            console.warning(PNG_MISSING)


@_command("bench", short="Time each op on the simulator beside its reference over a size sweep: table, JSON, PNG.")
@click.argument("project", type=click.Path(path_type=Path, file_okay=False), default=".")
@click.option("--sizes", default=None,
              help="Elements per input, comma-separated (default: 1024,4096,...,4194304).")
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Where bench.json and bench.png go (default: PROJECT/build/opkit-bench).")
@click.pass_context
def bench(ctx: click.Context, project: Path, sizes: str | None, out_dir: Path | None) -> None:
    """Benchmark a project's ops on the simulator beside their reference.

    Builds (if stale) and installs PROJECT like `opkit test`, then times every op, for every dtype combination
    numpy can hold, over a sweep of sizes (elements per input): the simulator, tests/reference.py's numpy function
    and, when torch is installed and reference.py defines `<op>_torch`, that. Prints a table of times and GB/s (bytes
    of inputs read and outputs written per second), writes bench.json and a throughput-vs-size bench.png (needs
    opkit[plot]; without matplotlib only the JSON is written). Simulator times are CPU times of the simulation, not
    NPU times (see `opkit profile` for an estimate of those).

    \b
    Example:
      opkit bench add_custom --sizes 1024,65536,1048576
    """
    from opkit.bench import DEFAULT_SIZES, bench_project, render_table

    console = _console(ctx)
    try:
        chosen = tuple(int(s) for s in sizes.split(",")) if sizes else DEFAULT_SIZES
    except ValueError:
        raise click.UsageError(f"--sizes {sizes!r} is not comma-separated integers") from None
    if any(n < 1 for n in chosen):
        raise click.UsageError("--sizes must all be at least 1")
    show_bar = not console.quiet and sys.stderr.isatty()
    bar_context = click.progressbar(length=1, label="benchmarking", file=sys.stderr, show_pos=True,
                                    item_show_func=lambda item: item)
    with bar_context if show_bar else contextlib.nullcontext() as bar:
        def progress(done: int, total: int, label: str) -> None:
            if bar is not None:
                bar.length = total
                bar.update(done - bar.pos, label)
            elif done < total:
                console.detail(f"[{done + 1}/{total}] {label}")

        result = bench_project(project, sizes=chosen, out_dir=out_dir, on_progress=progress, on_line=console.detail)
    console.result(render_table(result.rows), tone="plain")
    console.info(f"json: {result.json_path}")
    if result.png_path is not None:
        console.info(f"png: {result.png_path}")
    else:
        console.warning(result.plot_problem)


def main(argv: list[str] | None = None) -> None:
    """Entry point: the only place that turns errors into exit codes."""
    console = Console()
    try:
        # color=False also keeps click's own styling out of help and usage errors when NO_COLOR is set.
        status = cli.main(args=argv, prog_name="opkit", standalone_mode=False,
                          color=False if os.environ.get("NO_COLOR") else None)
    except click.exceptions.Abort:
        console.error("aborted")
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except OpkitError as exc:
        console.error(str(exc))
        sys.exit(exc.exit_code)
    sys.exit(status if isinstance(status, int) else 0)
