"""The C++ compiler launcher `opkit run` gives CMake (CMAKE_CXX_COMPILER_LAUNCHER): a compile that includes torch's
headers and asks for the old string ABI (`-D_GLIBCXX_USE_CXX11_ABI=0`, as CANN's samples do: torch_npu's wheels for
older torch were old-ABI) is built with the ABI of the installed torch instead, saying so; else the command runs as
given. Without it the library builds and then fails to load (`undefined symbol: ...torchInternalAssertFail...RKSs`).
Standard library only: it runs once per compile."""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence

__all__ = ["matched_abi", "main"]

_FLAG = "_GLIBCXX_USE_CXX11_ABI"
_SOURCES = (".cpp", ".cc", ".cxx", ".c++", ".C", ".asc")


def _includes(args: Sequence[str]) -> list[str]:
    found = []
    for i, arg in enumerate(args):
        for opt in ("-I", "-isystem", "-iquote", "-idirafter"):
            if arg == opt and i + 1 < len(args):
                found.append(args[i + 1])
            elif arg.startswith(opt) and len(arg) > len(opt):
                found.append(arg[len(opt):])
    return found


def _sees(args: Sequence[str], roots: Sequence[str]) -> bool:
    """Whether an include directory of the command lies in one of `roots` (torch's or torch_npu's headers)."""
    real = [os.path.realpath(r) for r in roots if r]
    for inc in _includes(args):
        path = os.path.realpath(inc)
        if any(path == r or path.startswith(r + os.sep) for r in real):
            return True
    return False


def matched_abi(args: Sequence[str], torch_abi: str, roots: Sequence[str]) -> tuple[list[str], str]:
    """`args` with every `-D_GLIBCXX_USE_CXX11_ABI=<other>` set to `torch_abi` when they include torch's headers,
    and a note saying why ('' when nothing changed)."""
    out = list(args)
    if torch_abi not in ("0", "1") or not _sees(args, roots):
        return out, ""
    changed = False
    for i, arg in enumerate(out):
        if arg.startswith(f"-D{_FLAG}=") and arg != f"-D{_FLAG}={torch_abi}":
            out[i], changed = f"-D{_FLAG}={torch_abi}", True
        elif arg == "-D" and i + 1 < len(out) and out[i + 1].startswith(f"{_FLAG}=") \
                and out[i + 1] != f"{_FLAG}={torch_abi}":
            out[i + 1], changed = f"{_FLAG}={torch_abi}", True
    if not changed:
        return out, ""
    source = next((a for a in args if a.endswith(_SOURCES)), "a source")
    old = "0" if torch_abi == "1" else "1"
    kind = "new" if torch_abi == "1" else "old"
    note = (f"opkit run: {source}: compiled with -D{_FLAG}={torch_abi}, not ={old}: it includes the installed "
            f"torch's headers and that torch is built with the {kind} C++ string ABI "
            f"(torch._C._GLIBCXX_USE_CXX11_ABI), so code built with ={old} would not load against it "
            "(undefined c10 symbols); on an NPU, torch_npu and its torch agree, as here")
    return out, note


def main(argv: Sequence[str]) -> int:
    """argv: the compiler command CMake launches. Environment: OPKIT_TORCH_CXX11_ABI ('0'/'1'),
    OPKIT_TORCH_INCLUDE (os.pathsep-separated header roots of torch and torch_npu)."""
    if not argv:
        print("opkit abi_launcher: no compiler command", file=sys.stderr)
        return 2
    roots = os.environ.get("OPKIT_TORCH_INCLUDE", "").split(os.pathsep)
    args, note = matched_abi(argv, os.environ.get("OPKIT_TORCH_CXX11_ABI", ""), roots)
    if note:
        print(note, file=sys.stderr)
    try:
        os.execvp(args[0], args)
    except OSError as exc:
        print(f"opkit abi_launcher: cannot run {args[0]}: {exc}", file=sys.stderr)
        return 127
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
