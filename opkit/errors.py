"""The one error family of opkit. The CLI maps these to one message and an exit code; nothing else exits."""
from __future__ import annotations

import os
from dataclasses import dataclass

__all__ = ["OpkitError", "Problem", "SpecError", "GenerateError", "PathError", "ShadowingError", "BuildError",
           "MergeConflictError", "ProjectTestError", "ProfileError"]


class OpkitError(Exception):
    """Base of every error opkit reports to a user. `exit_code` follows the CLI contract: 1 failure, 2 bad input."""

    exit_code: int = 1


@dataclass(frozen=True)
class Problem:
    """One located finding in an input file. `pointer` is the JSON path (`[0].input_desc[1].type[2]`). A warning
    (something msopgen tolerates) does not make the file invalid."""

    file: str
    line: int
    column: int
    pointer: str
    message: str
    hint: str = ""
    warning: bool = False

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}"
        path = f" `{self.pointer}`:" if self.pointer else ""
        hint = f"; {self.hint}" if self.hint else ""
        return f"{where}:{path} {'warning: ' if self.warning else ''}{self.message}{hint}"


class SpecError(OpkitError):
    """A prototype (or derivatives) file is invalid. Carries every problem found (with the file's warnings, which
    often explain an error: a misspelled key), sorted by position."""

    exit_code = 2

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(sorted(problems, key=lambda p: (p.file, p.line, p.column, p.pointer)))
        super().__init__("\n".join(str(p) for p in self.problems))


class GenerateError(OpkitError):
    """Generation refused or failed; nothing was left half-written."""

    exit_code = 2


class PathError(OpkitError):
    """A path the user gave (a prototype, an output directory, a project) cannot be used as asked: it is missing,
    of the wrong kind, unreadable or unwritable, or it is refused (`/` as a project). Says `PATH: what; hint`."""

    exit_code = 2

    def __init__(self, path: str | os.PathLike[str], message: str, hint: str = "") -> None:
        self.path = os.fspath(path)
        self.message = message
        self.hint = hint
        super().__init__(f"{self.path}: {message}" + (f"; {hint}" if hint else ""))

    @classmethod
    def from_os_error(cls, path: str | os.PathLike[str], doing: str, exc: OSError, hint: str = "") -> PathError:
        """`/proc/x: cannot create the project directory: No such file or directory`, naming the path the
        operating system failed on when that is not `path` itself (a parent, a temporary file)."""
        reason = exc.strerror or str(exc)
        failed = os.fsdecode(exc.filename) if exc.filename is not None else None
        if failed is not None and failed != os.fspath(path):
            reason = f"{reason} ({failed})"
        return cls(path, f"{doing}: {reason}", hint)


class ShadowingError(OpkitError):
    """A package name would shadow a module or replace a distribution that opkit did not build (gen refuses the
    name, test refuses to install the wheel)."""

    exit_code = 2


class BuildError(OpkitError):
    """A subprocess of the build failed. `output` is what it printed (or the relevant excerpt)."""

    def __init__(self, message: str, *, command: list[str] | None = None, returncode: int | None = None,
                 output: str = "") -> None:
        self.command = command or []
        self.returncode = returncode
        self.output = output
        super().__init__(message)


class ProjectTestError(OpkitError):
    """`opkit test`: the project's tests failed, or could not be installed or run. `output` is the tool's output
    where there is one (pip's, pytest's)."""

    def __init__(self, message: str, *, output: str = "") -> None:
        self.output = output
        super().__init__(message)


class ProfileError(OpkitError):
    """`opkit profile` could not get a recorded launch: the program or op failed, or recorded nothing."""

    def __init__(self, message: str, *, output: str = "") -> None:
        super().__init__(message)
        self.output = output


class MergeConflictError(OpkitError):
    """`opkit gen --force` merged the prototype's change into edited user files and some hunks conflict: the files
    hold standard conflict markers, the user's versions are saved beside them. `conflicts` maps each file to its
    marked line ranges."""

    def __init__(self, message: str, *, conflicts: dict[str, tuple[tuple[int, int], ...]]) -> None:
        self.conflicts = conflicts
        super().__init__(message)
