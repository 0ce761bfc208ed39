"""What the CLI prints and where: verbosity levels, colour only on a terminal (never with NO_COLOR), stdout for
results and progress, stderr for errors.

Levels: -1 (`-q`) prints only errors and each command's final result (a path, a test headline); 0 adds progress
and warnings (on stderr); 1 (`-v`) adds detail such as the commands a build runs and every file gen writes.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Literal, TextIO

import click

__all__ = ["Console", "Tone", "colour_enabled"]

Tone = Literal["plain", "good", "bad", "warn"]
_TONES: dict[Tone, dict[str, object]] = {
    "plain": {},
    "good": {"fg": "green", "bold": True},
    "bad": {"fg": "red", "bold": True},
    "warn": {"fg": "yellow"},
}


def colour_enabled(stream: TextIO) -> bool:
    """Colour only for a person at a terminal. NO_COLOR (any non-empty value, per no-color.org) and TERM=dumb
    turn it off, so logs, pipes and CI output stay plain text."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@dataclass(frozen=True)
class Console:
    verbosity: int = 0

    @property
    def quiet(self) -> bool:
        return self.verbosity < 0

    @property
    def verbose(self) -> bool:
        return self.verbosity > 0

    def info(self, message: str, tone: Tone = "plain") -> None:
        """Progress and notes: hidden by -q."""
        if not self.quiet:
            self._out(message, tone)

    def detail(self, message: str) -> None:
        """Only with -v."""
        if self.verbose:
            self._out(message, "plain")

    def result(self, message: str, tone: Tone = "good") -> None:
        """A command's final result: printed even with -q, so scripts can capture it."""
        self._out(message, tone)

    def warning(self, message: str) -> None:
        """A problem that does not stop the command, such as a compiler warning: stderr, hidden by -q."""
        if self.quiet:
            return
        colour = colour_enabled(sys.stderr)
        click.echo(click.style(message, **_TONES["warn"]) if colour else message,  # type: ignore[arg-type]
                   err=True, color=colour)

    def error(self, message: str) -> None:
        stream = sys.stderr
        prefix = "error: "
        if colour_enabled(stream):
            prefix = click.style(prefix, **_TONES["bad"])  # type: ignore[arg-type]
        click.echo(prefix + message, err=True, color=colour_enabled(stream))

    def _out(self, message: str, tone: Tone) -> None:
        colour = colour_enabled(sys.stdout)
        if colour and tone != "plain":
            message = click.style(message, **_TONES[tone])  # type: ignore[arg-type]
        click.echo(message, color=colour)
