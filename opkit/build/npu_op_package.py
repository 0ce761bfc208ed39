"""CANN 9's op package projects (`npu_op_package` in the top CMakeLists.txt; asc-devkit's custom_op): each op's files
in a folder of its own, `op_host/<op>/*.cpp` and `op_kernel/<dir>/<file>`, the kernel named in op_kernel/CMakeLists.txt:

    npu_op_kernel_sources(ascendc_kernels OP_TYPE AddCustom KERNEL_DIR add_custom KERNEL_FILE add_custom_kernel.cpp)

`read_op_package(root)` says where those are (None for every other project); the layout (opkit/build/layout.py)
takes its host sources and kernels from it. An op the CMakeLists.txt does not name keeps the older places
(op_kernel/<op>.cpp, or op_kernel/<op>/<op>.cpp).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["OpPackage", "read_op_package"]

_PACKAGE = re.compile(r"^\s*npu_op_package\s*\(", re.M | re.I)
_KERNEL_SOURCES = re.compile(r"^\s*npu_op_kernel_sources\s*\(([^)]*)\)", re.M | re.I)
_COMMENT = re.compile(r"#[^\n]*")


@dataclass(frozen=True)
class OpPackage:
    kernels: dict[str, Path] = field(default_factory=dict)   # op type -> its kernel file, as the CMakeLists names it

    def kernel(self, root: Path, op_type: str, name: str) -> Path:
        """The op's kernel file: the CMakeLists.txt's, else op_kernel/<name>/<name>.cpp (or op_kernel/<name>.cpp)."""
        if op_type in self.kernels:
            return self.kernels[op_type]
        own = root / "op_kernel" / name / f"{name}.cpp"
        return own if own.is_file() else root / "op_kernel" / f"{name}.cpp"

    @staticmethod
    def host_sources(root: Path) -> list[Path]:
        """op_host/*.cpp, then each op's folder's (op_host/<op>/*.cpp), as the package's op_host/CMakeLists.txt
        lists them."""
        host = root / "op_host"
        return sorted(host.glob("*.cpp")) + sorted(host.glob("*/*.cpp"))


def _arguments(text: str) -> dict[str, str]:
    words = _COMMENT.sub("", text).split()
    return {key: value for key, value in zip(words, words[1:]) if key in ("OP_TYPE", "KERNEL_DIR", "KERNEL_FILE")}


def read_op_package(root: Path) -> OpPackage | None:
    """The op package project at `root`'s kernels, or None when its CMakeLists.txt makes no `npu_op_package`."""
    try:
        top = (root / "CMakeLists.txt").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    if not _PACKAGE.search(_COMMENT.sub("", top)):
        return None
    kernels: dict[str, Path] = {}
    for cmake in sorted((root / "op_kernel").glob("**/CMakeLists.txt")):
        text = cmake.read_text(encoding="utf-8", errors="replace")
        for m in _KERNEL_SOURCES.finditer(_COMMENT.sub("", text)):
            args = _arguments(m[1])
            if "OP_TYPE" in args and "KERNEL_FILE" in args:
                kernels[args["OP_TYPE"]] = cmake.parent / args.get("KERNEL_DIR", ".") / args["KERNEL_FILE"]
    return OpPackage({op: Path(os.path.normpath(path)) for op, path in kernels.items()})
