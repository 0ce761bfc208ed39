"""The one writer of generated projects: stays inside its root, never clobbers the user's work, all or nothing.

A new project is written into a temporary sibling directory and renamed into place, so a failure leaves
nothing. Regenerating (`--force`) rewrites only generated files that are unchanged since opkit wrote them
(their hash matches `opkit.lock`); edited generated files, user-owned files and files opkit never wrote stay.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from opkit.errors import GenerateError, PathError

__all__ = ["Owner", "RenderedFile", "WriteResult", "ProjectWriter", "LOCK_NAME", "sha256"]

# "copied": a user file taken from beside the prototype; tracked like a generated file so that an edit to
# the source reaches the project on the next `gen --force`, while an edit made inside the project is kept.
Owner = Literal["user", "generated", "copied"]
LOCK_NAME = "opkit.lock"
_SEGMENT = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.+-]*$")


@dataclass(frozen=True)
class RenderedFile:
    """One output file, fully rendered. `path` is POSIX and relative to the project root."""

    path: str
    content: str
    owner: Owner
    source: str | None = None    # for "copied": where the content came from, for notes


@dataclass
class WriteResult:
    root: Path
    written: list[str] = field(default_factory=list)     # created or changed
    unchanged: list[str] = field(default_factory=list)   # same bytes already there: not touched
    kept: list[str] = field(default_factory=list)        # existing file left alone (user-owned or edited)
    notes: list[str] = field(default_factory=list)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class ProjectWriter:
    """Writes a set of rendered files under `root`; the only code in opkit that writes a project."""

    def __init__(self, root: Path, *, force: bool, version: str) -> None:
        self.root = Path(os.path.abspath(root))
        self.force = force
        self.version = version

    def write(self, files: list[RenderedFile], *, prototype: str) -> WriteResult:
        """Every filesystem failure (a parent that is a file, a read-only place, /proc) is a PathError naming the
        project directory, exit 2: where to write is the user's input."""
        try:
            return self._write(files, prototype)
        except OSError as exc:
            raise PathError.from_os_error(self.root, "cannot write the project there", exc) from exc

    def _write(self, files: list[RenderedFile], prototype: str) -> WriteResult:
        for f in files:
            self._check_path(f.path)
        if len({f.path for f in files}) != len(files) or any(f.path == LOCK_NAME for f in files):
            raise GenerateError("internal: duplicate output paths (or one named opkit.lock)")
        if self.root == Path(self.root.anchor):
            raise PathError(self.root, "is the filesystem root", "give the project a directory of its own")
        if self.root.is_symlink() and not self.root.exists():
            raise PathError(self.root, f"is a symbolic link to {os.readlink(self.root)}, which does not exist",
                            "create that directory, or give another -o")
        if self.root.exists() and not self.root.is_dir():
            raise GenerateError(f"{self.root}: exists and is not a directory")
        parent = next(p for p in self.root.parents if p.exists())
        if not parent.is_dir():
            raise PathError(self.root, f"{parent} is a file, not a directory")
        if self.root.is_dir() and any(self.root.iterdir()):
            if not self.force:
                raise GenerateError(f"{self.root}: exists and is not empty; pass --force to regenerate into it "
                                    f"(files you own or edited are kept)")
            return self._update(files, prototype)
        return self._create(files, prototype)

    # -- paths ---------------------------------------------------------------------------------------------
    def _check_path(self, rel: str) -> Path:
        """Refuse anything that could leave the root: absolute paths, `..`, odd characters, symlinks out."""
        parts = rel.split("/")
        if rel.startswith("/") or not all(_SEGMENT.fullmatch(p) and p not in (".", "..") for p in parts):
            raise GenerateError(f"refusing to write {rel!r}: not a plain relative path inside the project")
        # realpath, not Path.resolve: a symlink loop must be a refusal, not a RuntimeError (Python < 3.13).
        target = Path(os.path.realpath(self.root / rel))
        if not target.is_relative_to(os.path.realpath(self.root)):
            raise GenerateError(f"refusing to write {rel!r}: it resolves to {target}, outside {self.root}")
        return target

    # -- new project: temp dir + rename ----------------------------------------------------------------------
    def _create(self, files: list[RenderedFile], prototype: str) -> WriteResult:
        # A symlink to an empty directory is followed: the project goes where it points, renamed in beside it.
        final = Path(os.path.realpath(self.root)) if self.root.is_symlink() else self.root
        try:
            final.parent.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix=f".{final.name}.opkit-", dir=final.parent))
        except OSError as exc:
            raise PathError(self.root, f"cannot create a directory in {final.parent}: {exc.strerror or exc}") from exc
        result = WriteResult(self.root)
        try:
            for f in files:
                path = tmp / f.path
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(f.content.encode("utf-8"))
                result.written.append(f.path)
            lock = self._lock_text({f.path: (sha256(f.content.encode()), f.owner) for f in files}, prototype)
            (tmp / LOCK_NAME).write_text(lock, encoding="utf-8")
            if final.is_dir():
                final.rmdir()   # empty (checked by the caller); rename cannot replace it portably
            os.rename(tmp, final)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return result

    # -- existing project: per-file decisions from the lock ----------------------------------------------------
    def _update(self, files: list[RenderedFile], prototype: str) -> WriteResult:
        old = self._read_lock()
        result = WriteResult(self.root)
        entries: dict[str, tuple[str, Owner]] = {}
        for f in files:
            data = f.content.encode("utf-8")
            target = self._check_path(f.path)
            action = self._decide(f, target, data, old.get(f.path), result)
            if action == "write":
                _atomic_write(target, data)
                result.written.append(f.path)
            entries[f.path] = (sha256(data), f.owner) if action != "keep" else (old.get(f.path, ""), f.owner)
        entries = {k: v for k, v in entries.items() if v[0]}
        lock = self._lock_text(entries, prototype).encode("utf-8")
        lock_path = self._check_path(LOCK_NAME)
        if not lock_path.exists() or lock_path.read_bytes() != lock:
            _atomic_write(lock_path, lock)
        return result

    def _decide(self, f: RenderedFile, target: Path, data: bytes, locked: str | None,
                result: WriteResult) -> Literal["write", "same", "keep"]:
        if target.is_dir():
            raise GenerateError(f"{target}: is a directory where opkit writes the file {f.path}")
        if not target.exists():
            return "write"
        current = target.read_bytes()
        if current == data:
            result.unchanged.append(f.path)
            return "same"
        result.kept.append(f.path)
        if f.owner == "user":
            return "keep"
        if locked is None:
            result.notes.append(f"kept {f.path}: opkit did not write it (not in {LOCK_NAME}); "
                                f"delete it to get the generated version")
            return "keep"
        if sha256(current) != locked:
            result.notes.append(self._edited_note(f))
            return "keep"
        result.kept.pop()
        return "write"

    @staticmethod
    def _edited_note(f: RenderedFile) -> str:
        if f.owner == "copied":
            return (f"kept {f.path}: edited inside the project since opkit copied it from {f.source}; "
                    f"move your edit to {f.source} (or delete {f.path}) to get the copy refreshed")
        return f"kept {f.path}: edited since opkit generated it; delete it to get the new generated version"

    def _read_lock(self) -> dict[str, str]:
        """Hash of every file the previous run wrote; an unreadable lock means we own nothing there."""
        path = self.root / LOCK_NAME
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return {name: entry["sha256"] for name, entry in data["files"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return {}

    def _lock_text(self, entries: dict[str, tuple[str, Owner]], prototype: str) -> str:
        files = {path: {"owner": owner, "sha256": digest} for path, (digest, owner) in sorted(entries.items())}
        body = {"generator": "opkit", "opkit_version": self.version, "prototype": prototype, "files": files}
        return json.dumps(body, indent=2, sort_keys=False) + "\n"


def _atomic_write(path: Path, data: bytes) -> None:
    """Write beside the target and rename over it, so a crash never leaves a truncated file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
