"""The one writer of generated projects: stays inside its root, never loses the user's work, all or nothing.

A new project is written into a temporary sibling directory and renamed into place, so a failure leaves
nothing. Regenerating (`--force`) rewrites only generated files that are unchanged since opkit wrote them
(their hash matches `opkit.lock`); edited generated files and files opkit never wrote stay.

User-owned files (kernel, host, tiling header, reference) are merged, as copier does: the pristine render of each
is kept under `.opkit/base/` beside the lock. An untouched file is replaced by the new render; an edited one gets
the change base -> new render merged into it (see merge.py); a conflict leaves standard markers in the file and the
user's version beside it as `<file>.orig`. A dry run plans all of this and writes nothing.
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
from opkit.generate.merge import merge_texts

__all__ = ["Owner", "RenderedFile", "WriteResult", "ProjectWriter", "LOCK_NAME", "BASE_DIR", "sha256"]

# "copied": a user file taken from beside the prototype; tracked like a generated file so that an edit to
# the source reaches the project on the next `gen --force`, while an edit made inside the project is kept.
Owner = Literal["user", "generated", "copied"]
LOCK_NAME = "opkit.lock"
BASE_DIR = ".opkit/base"   # pristine renders of user-owned files: the merge base of the next `gen --force`
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
    merged: list[str] = field(default_factory=list)      # user's edits kept, the prototype's change merged in
    conflicts: dict[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)   # path -> marked line ranges
    backups: dict[str, str] = field(default_factory=dict)    # path -> where the user's version was saved
    diffs: list[str] = field(default_factory=list)       # unified diff of every file a run changes (or would)
    dry_run: bool = False


@dataclass(frozen=True)
class _Plan:
    """What one file gets: new bytes (None: left as it is), the lock's hash, a new base, a backup of the user's."""

    data: bytes | None
    lock_hash: str
    current: bytes | None = None
    base: bytes | None = None
    backup: bytes | None = None


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class ProjectWriter:
    """Writes a set of rendered files under `root`; the only code in opkit that writes a project."""

    def __init__(self, root: Path, *, force: bool, version: str, dry_run: bool = False) -> None:
        self.root = Path(os.path.abspath(root))
        self.force = force
        self.version = version
        self.dry_run = dry_run

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
            if not self.force and not self.dry_run:
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
        if self.dry_run:
            return WriteResult(self.root, written=[f.path for f in files], dry_run=True)
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
                for path in [tmp / f.path] + ([tmp / BASE_DIR / f.path] if f.owner == "user" else []):
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

    # -- existing project: per-file decisions from the lock and the base renders ---------------------------------
    def _update(self, files: list[RenderedFile], prototype: str) -> WriteResult:
        old = self._read_lock()
        result = WriteResult(self.root, dry_run=self.dry_run)
        entries: dict[str, tuple[str, Owner]] = {}
        plans = [self._plan(f, old.get(f.path), result) for f in files]
        for f, plan in zip(files, plans):
            entries[f.path] = (plan.lock_hash, f.owner)
            if plan.data is not None:
                result.diffs.append(_diff(f.path, plan.current, plan.data))
        if self.dry_run:
            return result
        for f, plan in zip(files, plans):
            self._apply(f, plan, result)
        entries = {k: v for k, v in entries.items() if v[0]}
        lock = self._lock_text(entries, prototype).encode("utf-8")
        lock_path = self._check_path(LOCK_NAME)
        if not lock_path.exists() or lock_path.read_bytes() != lock:
            _atomic_write(lock_path, lock)
        return result

    def _plan(self, f: RenderedFile, locked: str | None, result: WriteResult) -> _Plan:
        data = f.content.encode("utf-8")
        target = self._check_path(f.path)
        if f.owner == "user":
            return self._plan_user(f, target, data, locked, result)
        action = self._decide(f, target, data, locked, result)
        if action == "write":
            return _Plan(data, sha256(data), current=_read_or_none(target))
        return _Plan(None, sha256(data) if action == "same" else (locked or ""))

    def _plan_user(self, f: RenderedFile, target: Path, data: bytes, locked: str | None,
                   result: WriteResult) -> _Plan:
        """A user-owned file: replaced while untouched, merged (base -> new render) into the user's edits otherwise.
        The lock holds the hash of the pristine render, so "untouched" never means "equal to a merge result"."""
        digest = sha256(data)
        if target.is_dir():
            raise GenerateError(f"{target}: is a directory where opkit writes the file {f.path}")
        if not target.exists():
            result.written.append(f.path)
            return _Plan(data, digest, base=data)
        current = target.read_bytes()
        if current == data:
            result.unchanged.append(f.path)
            return _Plan(None, digest, base=data)
        base = _read_or_none(self._base_path(f.path))
        if base is None:
            if locked is not None and sha256(current) == locked:
                result.written.append(f.path)   # a project from before bases: untouched by its hash
                return _Plan(data, digest, current=current, base=data)
            result.kept.append(f.path)
            result.notes.append(f"kept {f.path}: edited, and this project has no base render of it "
                                f"({BASE_DIR}/ came with a later opkit), so the prototype's changes are not merged "
                                f"in; `opkit gen --dry-run` shows the new render, or move {f.path} away to get it")
            return _Plan(None, locked or "")
        if current == base or base == data:
            if current == base:
                result.written.append(f.path)
                return _Plan(data, digest, current=current, base=data)
            result.kept.append(f.path)          # the prototype change does not touch this file: yours as it is
            return _Plan(None, digest, base=data)
        merged = merge_texts(current.decode("utf-8", "surrogateescape"), base.decode("utf-8", "surrogateescape"),
                             f.content)
        out = merged.text.encode("utf-8", "surrogateescape")
        if out == current:
            result.kept.append(f.path)          # your version already has the change
            return _Plan(None, digest, base=data)
        if merged.conflicts:
            result.conflicts[f.path] = merged.conflicts
        else:
            result.merged.append(f.path)
        return _Plan(out, digest, current=current, base=data, backup=current if merged.conflicts else None)

    def _apply(self, f: RenderedFile, plan: _Plan, result: WriteResult) -> None:
        target = self._check_path(f.path)
        if plan.backup is not None:
            backup = _free_name(target.with_name(target.name + ".orig"))
            _atomic_write(backup, plan.backup)
            result.backups[f.path] = backup.relative_to(self.root).as_posix()
        if plan.data is not None:
            _atomic_write(target, plan.data)
        if plan.base is not None:
            base = self._base_path(f.path)
            if _read_or_none(base) != plan.base:
                _atomic_write(base, plan.base)

    def _base_path(self, rel: str) -> Path:
        """Where the pristine render of `rel` (already a checked path) is kept; never outside the project."""
        path = self.root / BASE_DIR / rel
        if not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(self.root)):
            raise GenerateError(f"refusing to use {BASE_DIR}/{rel}: it resolves outside {self.root}")
        return path

    def _decide(self, f: RenderedFile, target: Path, data: bytes, locked: str | None,
                result: WriteResult) -> Literal["write", "same", "keep"]:
        if target.is_dir():
            raise GenerateError(f"{target}: is a directory where opkit writes the file {f.path}")
        if not target.exists():
            result.written.append(f.path)
            return "write"
        current = target.read_bytes()
        if current == data:
            result.unchanged.append(f.path)
            return "same"
        result.kept.append(f.path)
        if locked is None:
            result.notes.append(f"kept {f.path}: opkit did not write it (not in {LOCK_NAME}); "
                                f"delete it to get the generated version")
            return "keep"
        if sha256(current) != locked:
            result.notes.append(self._edited_note(f))
            return "keep"
        result.kept.pop()
        result.written.append(f.path)
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


def _read_or_none(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None


def _free_name(path: Path) -> Path:
    """`path`, or `path.1`, `path.2`, ...: a backup never replaces a file that is already there."""
    candidate, n = path, 0
    while candidate.exists() or candidate.is_symlink():
        n += 1
        candidate = path.with_name(f"{path.name}.{n}")
    return candidate


def _diff(rel: str, before: bytes | None, after: bytes) -> str:
    import difflib   # only a run that changes something pays for it

    old = [] if before is None else before.decode("utf-8", "replace").splitlines(True)
    lines = difflib.unified_diff(old, after.decode("utf-8", "replace").splitlines(True),
                                 "/dev/null" if before is None else f"a/{rel}", f"b/{rel}")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


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
