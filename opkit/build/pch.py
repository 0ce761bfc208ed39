"""Precompiled headers shared by every build: the simulator (`kernel_operator.h`) for kernel translation units and
opkit's glue preludes (opkit/host/bindings_prelude.h, aclnn_prelude.h) for a generated project's bindings.cpp and
aclnn.cpp.

Parsing the simulator's headers is most of what compiling a small kernel costs (about 1 s of a 1.5 to 2.5 s compile
on a quiet machine); pybind11's and Python's are most of bindings.cpp's. GCC can load a parse saved earlier instead:
`pch_flags` builds the header once per compiler, option set and header into a cache (OPKIT_PCH_DIR, else
~/.cache/opkit/pch) and returns the `-include` options that use it. `opkit cc` calls it; project builds call it
through the compiler launcher `python -m opkit.build.pch --header H -- g++ ...` (opkit_precompile_headers in
opkit/cmake/opkitConfig.cmake), so every project and every combination of a compiler and options shares one PCH.
Concurrent builds are safe: one builds under a file lock while the others wait for it, and a PCH is renamed into place
whole. GCC checks that the saved parse fits the compile's options and macros and silently parses the headers when it
does not; what GCC does not check, that no header the PCH read has changed since, the cache does (the size and mtime
of each, listed when the PCH was built), rebuilding it when one has. So a stale or mismatched PCH costs time, never
correctness. OPKIT_PCH=0 turns it off.

Each PCH is about 100 MB and every opkit version, compiler and option set makes its own, so the cache keeps the
OPKIT_PCH_KEEP (default 8) most recently used and deletes older ones when it builds a new one; one used in the last
hour is never deleted (a compile running beside this one may be about to read it).

Standard library only: `opkit cc` (cc.py) runs from CMake's ASC language with whatever Python CMake found.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

__all__ = ["pch_flags", "pch_options", "wants_pch", "cache_dir", "prune", "add_pch_dependencies", "run_with_pch",
           "main", "KERNEL_HEADER"]

KERNEL_HEADER = "kernel_operator.h"

_INCLUDE = Path(__file__).resolve().parents[1] / "runtime" / "include"  # opkit/runtime/include
# Options that change what the headers mean or how their parse is stored: GCC rejects a PCH built without them.
_KEEP_PREFIXES = ("-std=", "-O", "-g", "-f", "-m", "-D", "-U", "-pthread", "-isystem", "-I", "-nostd")
# Macros that only kernels or a project's own code read (CANN's per-dtype build defines, the project's SoC name, CMake's
# <target>_EXPORTS): left out so one PCH serves every combination and project. Should a precompiled header read one
# after all, GCC finds the macro differs and parses the headers instead (-Winvalid-pch says so).
_KERNEL_ONLY_MACROS = ("DTYPE_", "ORIG_DTYPE_", "OPKIT_OP_TYPE", "OPKIT_PROJECT_SOC", "_C_EXPORTS",
                       "cust_opapi_EXPORTS")
_INCLUDE_LINE = re.compile(r'^\s*#\s*include\s*([<"][^>"]+[>"])', re.MULTILINE)
# <cassert> redefines `assert` each time it is included: a source that includes it before kernel_operator.h gets the
# simulator's assert (a located fault), but with kernel_operator.h forced in first the C one (an abort) would win.
_ASSERT_HEADER = re.compile(r'^\s*#\s*include\s*[<"](?:cassert|assert\.h)[>"]', re.MULTILINE)


def cache_dir() -> Path:
    env = os.environ.get("OPKIT_PCH_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "opkit" / "pch"


# Commands that produce no object (preprocess, dependencies only, syntax check, assembly): a PCH gains nothing there.
_NO_OBJECT = {"-E", "-M", "-MM", "-fsyntax-only", "-S"}


def wants_pch(sources: list[Path], args: list[str] | None = None, header: str = KERNEL_HEADER) -> bool:
    """True when every source includes `header` (forcing it into other files would change them): kernel_operator.h
    anywhere (as `opkit cc` always did), any other header as the source's first #include."""
    if not sources or os.environ.get("OPKIT_PCH", "1") == "0" or _NO_OBJECT.intersection(args or []):
        return False
    markers = (f'"{header}"', f"<{header}>")
    for source in sources:
        try:
            text = source.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return False
        if header != KERNEL_HEADER:
            first = _INCLUDE_LINE.search(text)
            if first is None or first.group(1) not in markers:
                return False
            continue
        at = [text.find(m) for m in markers if m in text]
        if not at:
            return False
        c_assert = _ASSERT_HEADER.search(text)
        if c_assert is not None and c_assert.start() < min(at):
            return False
    return True


def pch_options(args: list[str]) -> list[str]:
    """The options of a compile command that the PCH must be built with (paired values kept together)."""
    kept: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        paired = arg in ("-D", "-U", "-I", "-isystem") and i + 1 < len(args)
        value = args[i + 1] if paired else arg[2:] if arg[:2] in ("-D", "-U") else ""
        if arg.startswith(_KEEP_PREFIXES) and not value.startswith(_KERNEL_ONLY_MACROS):
            kept += [arg, args[i + 1]] if paired else [arg]
        i += 2 if paired else 1
    return kept


def _key(compiler: str, options: list[str], version: str, header: str) -> str:
    """Which PCH a compile can use; whether it is still current is the manifest's business (_current)."""
    digest = hashlib.sha256()
    digest.update(f"{compiler}\n{version}\n{header}\n{_INCLUDE}\n{chr(0).join(options)}".encode())
    return digest.hexdigest()[:20]


_MANIFEST = "headers.txt"  # per header the PCH read: size, mtime in ns, path


def _stamp(path: str) -> str:
    st = os.stat(path)
    return f"{st.st_size} {st.st_mtime_ns} {path}"


def _current(where: Path) -> bool:
    """True when the PCH of `where` exists and no header it was built from has changed since (GCC does not check)."""
    try:
        lines = (where / _MANIFEST).read_text().splitlines()
        if not lines or not (where / "opkit_pch.h.gch").exists():
            return False
        return all(_stamp(line.split(" ", 2)[2]) == line for line in lines)
    except (OSError, IndexError):
        return False


def _dependencies(make_rule: str) -> list[str]:
    """The files of a Make rule as GCC's -MD writes it (`target: a b \\` lines; spaces in names escaped)."""
    body = make_rule.split(":", 1)[1] if ":" in make_rule else ""
    body = body.replace("\\\n", " ").replace("\\ ", "\0")
    return sorted({os.path.abspath(word.replace("\0", " ")) for word in body.split()})


_IN_USE_SECONDS = 3600


def prune(cache: Path, keep: int, now: float | None = None) -> list[Path]:
    """Delete the PCHs of `cache` past the `keep` most recently used, sparing any used in the last hour; returns them."""
    now = time.time() if now is None else now
    entries = []
    for entry in cache.iterdir() if cache.is_dir() else ():
        try:
            entries.append((entry.stat().st_mtime, entry))
        except OSError:  # deleted by a concurrent prune
            continue
    entries.sort(reverse=True)
    removed = []
    for used, entry in entries[keep:]:
        if entry.is_dir() and now - used > _IN_USE_SECONDS:
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed


def _mark_used(where: Path) -> None:
    try:
        os.utime(where)
    except OSError:
        pass


def _write_atomic(path: Path, text: str) -> None:
    """Replace `path` in one step: a compile running beside this one never reads half a file."""
    if path.exists() and path.read_text() == text:
        return
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path` (created if missing): one process builds a PCH, the others wait for it."""
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _build(compiler: str, options: list[str], header: str, where: Path) -> bool:
    """Build `where`'s PCH of `header` and its manifest; False when the compiler cannot."""
    stub = where / "opkit_pch.h"
    _write_atomic(stub, f"// generated by opkit: {header} precompiled beside this file\n#include \"{header}\"\n")
    fd, tmp = tempfile.mkstemp(dir=where, suffix=".gch.tmp")
    os.close(fd)
    deps = tmp + ".d"
    command = [compiler, *options, "-isystem", str(_INCLUDE), "-x", "c++-header", str(stub), "-o", tmp,
               "-MD", "-MF", deps]
    try:
        built = subprocess.run(command, capture_output=True, check=False).returncode == 0
        if not built or os.path.getsize(tmp) == 0:
            return False
        manifest = "\n".join(_stamp(path) for path in _dependencies(Path(deps).read_text()) if path != tmp) + "\n"
        (where / _MANIFEST).unlink(missing_ok=True)  # no reader takes the new PCH for the old manifest's
        os.replace(tmp, where / "opkit_pch.h.gch")  # atomic: concurrent builds either see the whole PCH or none
        _write_atomic(where / _MANIFEST, manifest)
        return True
    finally:
        for leftover in (tmp, deps):
            if os.path.exists(leftover):
                os.unlink(leftover)


def pch_flags(compiler: str, args: list[str], header: str = KERNEL_HEADER) -> list[str]:
    """`-include <stub>` for a compile with `args`, building the PCH of `header` (a name under opkit/runtime/include)
    first when it is missing or stale; [] when it cannot."""
    options = pch_options(args)
    try:
        version = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=False).stdout
        # GCC finds `<header>.gch` beside an -include'd header by itself; Clang needs -include-pch, and other
        # compilers have their own schemes, so they compile without one.
        if "Free Software Foundation" not in version or "clang" in version.lower():
            return []
        where = cache_dir() / _key(compiler, options, version, header)
        if not _current(where):
            where.mkdir(parents=True, exist_ok=True)
            with _locked(where / "lock"):
                if not _current(where):  # else another build made it while this one waited
                    if not _build(compiler, options, header, where):
                        return []
                    prune(where.parent, int(os.environ.get("OPKIT_PCH_KEEP", "8")))
        _mark_used(where)
        return ["-include", str(where / "opkit_pch.h")]
    except OSError:
        return []


_SOURCE_SUFFIXES = (".cpp", ".cc", ".cxx", ".c++", ".C")
_VALUED = {"-o", "-MF", "-MT", "-MQ", "-include", "-x", "-I", "-isystem", "-iquote", "-D", "-U"}


def main(argv: list[str] | None = None) -> int:
    """Compiler launcher: `python -m opkit.build.pch [--header H] -- <compiler> <args>` runs the compile with the
    shared PCH of H (default kernel_operator.h) when every source includes it (see wants_pch), else as given."""
    argv = list(sys.argv[1:] if argv is None else argv)
    header = KERNEL_HEADER
    if argv[:1] == ["--header"] and len(argv) > 1:
        header, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print("usage: python -m opkit.build.pch [--header H] -- <compiler> <args>...", file=sys.stderr)
        return 2
    compiler, args = argv[0], argv[1:]
    sources = [Path(a) for i, a in enumerate(args)
               if a.endswith(_SOURCE_SUFFIXES) and (i == 0 or args[i - 1] not in _VALUED)]
    flags = pch_flags(compiler, args, header) if "-c" in args and wants_pch(sources, args, header) else []
    command = [compiler, *flags, *args]  # -include first: before any other the command has
    try:
        if not flags:
            os.execvp(command[0], command)
        return run_with_pch(command, flags, args)
    except OSError as exc:
        print(f"opkit.build.pch: cannot run {command[0]}: {exc}", file=sys.stderr)
        return 127


def run_with_pch(command: list[str], flags: list[str], args: list[str]) -> int:
    """Run a compile `command` that carries pch_flags' `flags`; on success, its depfile (`-MF` in `args`) also lists
    the PCH and the headers it holds. Returns the compiler's exit status."""
    status = subprocess.run(command).returncode
    if flags and status == 0 and "-MF" in args[:-1]:
        add_pch_dependencies(Path(args[args.index("-MF") + 1]), Path(flags[1]))
    return status


def add_pch_dependencies(depfile: Path, stub: Path) -> None:
    """Add the PCH and the headers it holds to the object's dependencies: GCC lists neither once it loads a PCH,
    and a build must still recompile the object when one of them changes (or the cache drops the PCH)."""
    try:
        text = depfile.read_text()
        manifest = (stub.parent / _MANIFEST).read_text().splitlines()
    except OSError:
        return
    paths = [str(stub), str(stub) + ".gch", *(line.split(" ", 2)[2] for line in manifest)]
    extra = "".join(f" \\\n {path.replace(' ', chr(92) + ' ')}" for path in paths)
    lines = text.split("\n")
    end = next((i for i, line in enumerate(lines) if not line.endswith("\\")), len(lines) - 1)  # the first rule's
    lines[end] = lines[end].rstrip() + extra
    depfile.write_text("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
