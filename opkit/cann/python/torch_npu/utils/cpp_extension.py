"""torch_npu.utils.cpp_extension: `NpuExtension`, a CppExtension that compiles against the torch_npu headers
(opkit's, by torch_npu's include names) and links `libtorch_npu` (the stand-in's device library)."""
from __future__ import annotations

import sys
from typing import Any

import torch
from torch.utils.cpp_extension import CppExtension

from .. import _build

__all__ = ["NpuExtension"]

_ABI = "-D_GLIBCXX_USE_CXX11_ABI="


def _torch_abi(args: list[str], name: str) -> list[str]:
    """`args` with a `-D_GLIBCXX_USE_CXX11_ABI=` other than the installed torch's set to torch's, saying so: torch
    2.13's BuildExtension no longer adds its own, and code built with the other ABI fails to load against it."""
    want = f"{_ABI}{int(torch._C._GLIBCXX_USE_CXX11_ABI)}"
    out = [want if a.startswith(_ABI) else a for a in args]
    if out != args:
        print(f"opkit NpuExtension({name!r}): compiled with {want}, not {next(a for a in args if a.startswith(_ABI))}:"
              f" the installed torch {torch.__version__} uses that C++ string ABI, and code built with the other "
              "would not load against it (undefined c10 symbols)", file=sys.stderr)
    return out


def NpuExtension(name: str, sources: list[str], *args: Any, **kwargs: Any):  # noqa: N802 (torch_npu's name)
    lib = str(_build.lib_dir())
    kwargs["include_dirs"] = [*kwargs.get("include_dirs", []), str(_build.include_dir())]
    kwargs["library_dirs"] = [*kwargs.get("library_dirs", []), lib]
    kwargs["libraries"] = [*kwargs.get("libraries", []), "torch_npu"]
    kwargs["extra_link_args"] = [*kwargs.get("extra_link_args", []), f"-Wl,-rpath,{lib}"]
    flags = kwargs.get("extra_compile_args")
    if isinstance(flags, dict):
        kwargs["extra_compile_args"] = {k: _torch_abi(list(v), name) for k, v in flags.items()}
    elif flags:
        kwargs["extra_compile_args"] = _torch_abi(list(flags), name)
    return CppExtension(name, sources, *args, **kwargs)
