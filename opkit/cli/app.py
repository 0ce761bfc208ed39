"""The `opkit` command line: options in, calls to the core, OpkitError out as one line and an exit code.

Exit codes: 0 success, 1 failure (build, test, kernel, interrupted), 2 bad input (prototype, options, refused
target). `-v`/`-q` are accepted before or after the command name and mean the same in both places.
"""
from __future__ import annotations

import os
import platform
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from opkit import __version__, include_dir
from opkit.console import Console
from opkit.errors import OpkitError

__all__ = ["main", "cli", "command", "console_for", "EXIT_CODES"]

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


def console_for(ctx: click.Context) -> Console:
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


def command(name: str | None = None, *, short: str) -> Callable[[F], click.Command]:
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
