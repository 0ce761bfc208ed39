"""The `opkit` command line: options in, calls to the core, OpkitError out as one line and an exit code.

Exit codes: 0 success, 1 failure (build, test, kernel), 2 bad input (prototype, options, refused target).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from opkit import __version__
from opkit.errors import OpkitError

__all__ = ["main", "cli"]


def _use_colour() -> bool:
    return sys.stderr.isatty() and "NO_COLOR" not in os.environ


def _error(message: str) -> None:
    click.echo(click.style("error: ", fg="red", bold=True) + message if _use_colour() else "error: " + message,
               err=True, color=_use_colour())


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="opkit")
@click.option("-v", "--verbose", count=True, help="More output (repeatable).")
@click.option("-q", "--quiet", is_flag=True, help="Only errors.")
@click.pass_context
def cli(ctx: click.Context, verbose: int, quiet: bool) -> None:
    """Generate, build and test Ascend C operators for PyTorch, on any Linux machine.

    \b
    Example:
      opkit validate -i add_custom.json
      opkit gen -i add_custom.json -o add_custom
    """
    ctx.obj = {"verbosity": -1 if quiet else verbose}


def _say(ctx: click.Context, message: str) -> None:
    if ctx.obj["verbosity"] >= 0:
        click.echo(message)


@cli.command()
@click.option("-i", "--input", "input_path", required=True, type=click.Path(path_type=Path, dir_okay=False),
              help="Prototype file (msopgen JSON, or YAML).")
@click.pass_context
def validate(ctx: click.Context, input_path: Path) -> None:
    """Check a prototype file and summarise its operators.

    Prints every problem as FILE:LINE:COL: `PATH`: what is wrong; hint, and exits 2;
    otherwise one line per operator.

    \b
    Example:
      opkit validate -i add_custom.json
    """
    from opkit.spec import load_spec, summarize

    _say(ctx, summarize(load_spec(input_path)))


@cli.command()
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
@click.option("--force", is_flag=True, help="Regenerate into an existing project; user-owned files are kept.")
@click.pass_context
def gen(ctx: click.Context, input_path: Path, output_dir: Path | None, compute_unit: str | None,
        ops: tuple[str, ...], package: str | None, derivatives: Path | None, force: bool) -> None:
    """Render an operator project from a prototype.

    \b
    Example:
      opkit gen -i add_custom.json -o add_custom -c ai_core-Ascend910B2
    """
    from opkit.generate import generate_project
    from opkit.spec import load_spec

    result = generate_project(load_spec(input_path), output_dir, compute_unit=compute_unit, ops=ops,
                              package=package, derivatives=derivatives, force=force)
    for note in result.notes:
        _say(ctx, note)
    _say(ctx, f"generated {result.root} ({len(result.written)} files written, {len(result.kept)} kept)")


@cli.command()
@click.argument("project", type=click.Path(path_type=Path, file_okay=False), default=".")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Parallel compile jobs (default: cores).")
@click.option("--soc", default=None, help="SoC profile to build for (default: the one chosen at gen time).")
@click.pass_context
def build(ctx: click.Context, project: Path, jobs: int | None, soc: str | None) -> None:
    """Build a generated project into PROJECT/dist/<name>-<version>-<tag>.whl.

    Builds in the current environment (no isolation, no network) with a persistent build directory, so a
    rebuild after editing one kernel recompiles only that kernel. On a compiler error, prints FILE:LINE
    relative to the project, keeps the previous wheel and exits 1.

    \b
    Example:
      opkit build add_custom -j 2
    """
    from opkit.build import BuildEvent, build_project

    verbosity = ctx.obj["verbosity"]

    def show(event: BuildEvent) -> None:
        if event.kind != "output" and verbosity >= 0 or verbosity >= 1:
            click.echo(event.text)

    build_project(project, jobs=jobs, soc=soc, on_event=show)


@cli.command("test")
@click.argument("project", type=click.Path(path_type=Path, file_okay=False), default=".")
@click.option("-k", "keyword", default=None, help="Only tests matching this pytest -k expression.")
@click.pass_context
def test_command(ctx: click.Context, project: Path, keyword: str | None) -> None:
    """Build (if stale), install and run a project's tests; summarise failures and skips.

    Installs PROJECT/dist/*.whl into the current environment, runs PROJECT/tests with pytest, then prints each
    failure (op, dtypes, shape, max abs/rel error), skip reasons grouped, and the counts. Exits 1 when a test
    failed.

    \b
    Example:
      opkit test add_custom -k float16
    """
    from opkit.errors import ProjectTestError
    from opkit.testrun import run_project_tests

    verbosity = ctx.obj["verbosity"]
    summary = run_project_tests(project, keyword=keyword,
                                on_line=lambda line: click.echo(line) if verbosity >= 1 else None)
    if verbosity >= 0 or not summary.ok:
        click.echo(summary.render())
    if not summary.ok:
        raise ProjectTestError(f"tests failed: {summary.headline()}")


def main(argv: list[str] | None = None) -> None:
    """Entry point: the only place that turns errors into exit codes."""
    try:
        status = cli.main(args=argv, prog_name="opkit", standalone_mode=False)
    except click.exceptions.Abort:
        _error("aborted")
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except OpkitError as exc:
        _error(str(exc))
        sys.exit(exc.exit_code)
    sys.exit(status if isinstance(status, int) else 0)
