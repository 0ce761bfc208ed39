"""opkit's torch_npu stand-in: an `npu` device on the CPU (PrivateUse1, host memory, every aten op it does not
own runs on the CPU), torch_npu's Python API, and the op plugins named by OPKIT_OP_PLUGIN. Active only where opkit
puts it on sys.path (`opkit run`); it refuses to load when a real torch_npu is importable as well."""
from __future__ import annotations

import importlib.machinery
import sys
from pathlib import Path

__version__ = "2.13.0+opkit"


def _refuse_if_shadowing() -> None:
    """Any other torch_npu on sys.path is a real one: never stand in front of it."""
    mine = Path(__file__).resolve()
    for entry in sys.path:
        spec = importlib.machinery.PathFinder.find_spec("torch_npu", [entry])
        if spec is None or spec.origin is None or Path(spec.origin).resolve() == mine:
            continue
        raise ImportError(
            f"opkit's torch_npu stand-in refuses to load: a real torch_npu is importable from {spec.origin}. "
            "Use the real one on an NPU machine, or run without it (a venv without torch_npu) on this one.")


_refuse_if_shadowing()

import torch  # noqa: E402

from . import _build  # noqa: E402

_build.load_device_library()
if torch._C._get_privateuse1_backend_name() != "npu":
    torch.utils.rename_privateuse1_backend("npu")

from . import npu  # noqa: E402

torch._register_device_module("npu", npu)
torch.utils.generate_methods_for_privateuse1_backend(for_tensor=True, for_module=True, for_storage=True,
                                                     for_packed_sequence=True)

from . import meta  # noqa: E402,F401
from . import _exit  # noqa: E402,F401
from ._formats import get_npu_format, npu_format_cast, npu_format_cast_  # noqa: E402,F401
from . import _op_plugin  # noqa: E402
from . import _hccl_backend  # noqa: E402

_hccl_backend.register()

_op_plugin.load_from_env(sys.modules[__name__])


def __getattr__(name: str):
    op = _op_plugin.lookup(name)
    if op is None:
        raise AttributeError(f"module 'torch_npu' has no attribute '{name}' (opkit's stand-in has the ops of the "
                             "op plugins named by OPKIT_OP_PLUGIN / `opkit run --op-plugin DIR`)")
    return op
