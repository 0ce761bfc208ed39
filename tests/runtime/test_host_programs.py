"""Shared by the test_host_* modules (no tests here): builds the host-API test programs once and runs them as
JSON-printing command-line tools."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from tests.runtime.cxx import Program, compile_program, run_program

__all__ = ["CPP", "HOST_SOURCES", "KERNEL_SOURCES", "build_host", "build_kernel", "run_json", "host_args"]

CPP = Path(__file__).parent / "cpp"
HOST_SOURCES = ["host_main.cpp", "host_add_custom.cpp", "host_classic_op.cpp", "host_attrs_op.cpp",
                "host_faulty_ops.cpp"]
KERNEL_SOURCES = ["host_kernel_main.cpp", "host_kernel_classic.cpp", "host_kernel_new.cpp"]
CLASSIC_TILING_HEADER = CPP / "host_classic_op_tiling.h"


def _headers_digest() -> str:
    # compile_program hashes the sources and opkit's headers; the test's own headers must count too.
    digest = hashlib.sha256()
    for header in sorted(CPP.glob("host_*.h")):
        digest.update(header.read_bytes())
    return digest.hexdigest()[:16]


def build_host() -> Program:
    return compile_program([CPP / s for s in HOST_SOURCES], defines={"OPKIT_TEST_HEADERS": _headers_digest()})


def build_kernel() -> Program:
    """Kernel TUs built as opkit/sim/tiling.h's contract says a classic op's kernel is built."""
    return compile_program([CPP / s for s in KERNEL_SOURCES],
                           flags=("-include", str(CLASSIC_TILING_HEADER)),
                           defines={"OPKIT_OP_TYPE": "ClassicCustom", "OPKIT_TEST_HEADERS": _headers_digest()})


def host_args(command: str, op: str, inputs: list[str], attrs: dict[str, str] | None = None,
              soc: str | None = None) -> list[str]:
    """Command line of host_main: inputs as "float16:8,2048" / "-" / "a;b", attrs as {"name": "kind:value"}."""
    args = [command, op]
    for spec in inputs:
        args += ["-i", spec]
    for name, value in (attrs or {}).items():
        args += ["-a", f"{name}={value}"]
    if soc is not None:
        args += ["-s", soc]
    return args


def run_json(program: Program, args: list[str], *, expect_error: bool = False) -> dict[str, Any]:
    proc = run_program(program, *args, timeout=60)
    assert proc.returncode == (3 if expect_error else 0), proc.stdout + proc.stderr
    result: dict[str, Any] = json.loads(proc.stdout)
    return result
