"""Compile and run small C++ programs against the simulator (the runtime tests' one driver)."""
from __future__ import annotations

import hashlib
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import opkit

__all__ = ["CXX", "WARNINGS", "SANITIZERS", "Program", "compile_program", "run_program"]

CXX = os.environ.get("CXX", "g++")
WARNINGS = ("-Wall", "-Wextra", "-Werror")
SANITIZERS = ("-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer")
_CACHE = Path(os.environ.get("OPKIT_TEST_CACHE", Path(__file__).resolve().parents[2] / "build" / "cxx-tests"))


@dataclass(frozen=True)
class Program:
    path: Path


def compile_program(sources: list[Path] | Path, *, flags: tuple[str, ...] = (), opt: str = "-O1",
                    defines: dict[str, str] | None = None) -> Program:
    """Build once per (sources' and headers' content, flags); cached under build/cxx-tests so reruns are quick.

    Raises AssertionError with the compiler's output on failure, so a failing test shows why.
    """
    files = [sources] if isinstance(sources, Path) else list(sources)
    defs = tuple(f"-D{k}={v}" for k, v in sorted((defines or {}).items()))
    # -g1: line tables only (sanitizer and crash backtraces keep file:line), a quarter less compile time than -g.
    cmd_flags = ("-std=c++17", opt, "-g1", "-pthread", *WARNINGS, *flags, *defs, f"-I{opkit.include_dir()}")
    digest = hashlib.sha256(" ".join(cmd_flags).encode())
    # opkit's headers and the ones beside the sources (the case harness, test tilings), which they include.
    local = {h for f in files for h in f.parent.glob("*.h")}
    for header in [*sorted(opkit.include_dir().rglob("*.h")), *sorted(local)]:
        digest.update(header.read_bytes())
    for f in files:
        digest.update(f.read_bytes())
    out = _CACHE / f"{files[0].stem}-{digest.hexdigest()[:16]}"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp")
        proc = subprocess.run([CXX, *cmd_flags, *map(str, files), "-o", str(tmp)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise AssertionError(f"compile failed:\n{proc.stderr[-8000:]}")
        tmp.rename(out)
    return Program(out)


def run_program(program: Program, *args: str, env: dict[str, str] | None = None,
                timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(program.path), *args], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})
