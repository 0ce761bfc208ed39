"""A precompiled header of the simulator (`kernel_operator.h`) for kernel translation units.

Parsing the simulator's headers is most of what compiling a small kernel costs (about 1 s of a 1.5 to 2.5 s compile
on a quiet machine). GCC can load a parse saved earlier instead: `pch_flags` builds `kernel_operator.h` once per
compiler, option set and header content into a cache (OPKIT_PCH_DIR, else ~/.cache/opkit/pch) and returns the
`-include` options that use it. GCC checks that the saved parse fits the compile and silently parses the headers when
it does not, so a stale or mismatched PCH costs time, never correctness. OPKIT_PCH=0 turns it off.

Each PCH is about 100 MB and every opkit version, compiler and option set makes its own, so the cache keeps the
OPKIT_PCH_KEEP (default 8) most recently used and deletes older ones when it builds a new one; one used in the last
hour is never deleted (a compile running beside this one may be about to read it).

Standard library only: `opkit cc` (cc.py) runs from CMake's ASC language with whatever Python CMake found.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["pch_flags", "pch_options", "wants_pch", "cache_dir", "prune"]

_INCLUDE = Path(__file__).resolve().parents[1] / "runtime" / "include"  # opkit/runtime/include
# Options that change what the headers mean or how their parse is stored: GCC rejects a PCH built without them.
_KEEP_PREFIXES = ("-std=", "-O", "-g", "-f", "-m", "-D", "-U", "-pthread", "-isystem", "-I", "-nostd")
# Macros that only kernels read (CANN's per-dtype build defines): left out so one PCH serves every combination.
_KERNEL_ONLY_MACROS = ("DTYPE_", "ORIG_DTYPE_", "OPKIT_OP_TYPE")
_MARKERS = ('"kernel_operator.h"', "<kernel_operator.h>")
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


def wants_pch(sources: list[Path], args: list[str] | None = None) -> bool:
    """True when every source includes kernel_operator.h (forcing it into other files would change them)."""
    if not sources or os.environ.get("OPKIT_PCH", "1") == "0" or _NO_OBJECT.intersection(args or []):
        return False
    for source in sources:
        try:
            text = source.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return False
        at = [text.find(m) for m in _MARKERS if m in text]
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


def _key(compiler: str, options: list[str], version: str) -> str:
    digest = hashlib.sha256()
    digest.update(f"{compiler}\n{version}\n{chr(0).join(options)}".encode())
    for header in sorted(_INCLUDE.rglob("*.h")):
        digest.update(str(header.relative_to(_INCLUDE)).encode())
        digest.update(header.read_bytes())
    return digest.hexdigest()[:20]


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


def pch_flags(compiler: str, args: list[str]) -> list[str]:
    """`-include <stub>` for a compile with `args`, building the PCH first when it is missing; [] when it cannot."""
    options = pch_options(args)
    try:
        version = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=False).stdout
        # GCC finds `<header>.gch` beside an -include'd header by itself; Clang needs -include-pch, and other
        # compilers have their own schemes, so they compile without one.
        if "Free Software Foundation" not in version or "clang" in version.lower():
            return []
        where = cache_dir() / _key(compiler, options, version)
        stub = where / "opkit_pch.h"
        gch = where / "opkit_pch.h.gch"
        if not gch.exists():
            where.mkdir(parents=True, exist_ok=True)
            _write_atomic(stub, "// generated by opkit: the simulator's entry header, precompiled beside this file\n"
                                '#include "kernel_operator.h"\n')
            fd, tmp = tempfile.mkstemp(dir=where, suffix=".gch.tmp")
            os.close(fd)
            command = [compiler, *options, "-isystem", str(_INCLUDE), "-x", "c++-header", str(stub), "-o", tmp]
            built = subprocess.run(command, capture_output=True, check=False).returncode == 0
            if not built or os.path.getsize(tmp) == 0:
                os.unlink(tmp)
                return []
            os.replace(tmp, gch)  # atomic: concurrent builds either see the whole PCH or none
            prune(where.parent, int(os.environ.get("OPKIT_PCH_KEEP", "8")))
        _mark_used(where)
        return ["-include", str(stub)]
    except OSError:
        return []
