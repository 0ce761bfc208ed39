"""The `opkit` command line: options in, calls to the core, OpkitError out as one line and an exit code.

app.py holds the group, the shared -v/-q options and main() (the one place errors become exit codes); project.py the
commands of the user's path (validate, gen, build, test); tools.py the others (cc, cmake-args, profile, bench);
docs.py renders the README's command reference from them.
"""
from __future__ import annotations

from opkit.cli import project, tools  # noqa: F401  (registers the commands on the group)
from opkit.cli.app import EXIT_CODES, cli, main

__all__ = ["main", "cli", "EXIT_CODES"]
