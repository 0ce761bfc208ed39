"""torch_npu.utils.cpp_extension: `NpuExtension`, a CppExtension that compiles against the torch_npu headers
(opkit's, by torch_npu's include names) and links `libtorch_npu` (the stand-in's device library)."""
from __future__ import annotations

from typing import Any

from torch.utils.cpp_extension import CppExtension

from .. import _build

__all__ = ["NpuExtension"]


def NpuExtension(name: str, sources: list[str], *args: Any, **kwargs: Any):  # noqa: N802 (torch_npu's name)
    lib = str(_build.lib_dir())
    kwargs["include_dirs"] = [*kwargs.get("include_dirs", []), str(_build.include_dir())]
    kwargs["library_dirs"] = [*kwargs.get("library_dirs", []), lib]
    kwargs["libraries"] = [*kwargs.get("libraries", []), "torch_npu"]
    kwargs["extra_link_args"] = [*kwargs.get("extra_link_args", []), f"-Wl,-rpath,{lib}"]
    return CppExtension(name, sources, *args, **kwargs)
