"""opkit's torchair stand-in: `register_fx_node_ge_converter`, `ge.custom_op`/`ge.Tensor`, `CompilerConfig` and
`get_npu_backend`, a torch.compile backend that checks every custom op of the FX graph against its converter and the
op's OpDef (GE op type, input and output names), then runs the graph eagerly on the npu device (the simulator)."""
from __future__ import annotations

from . import ge  # noqa: F401
from ._backend import get_compiler, get_npu_backend
from ._converters import register_fx_node_ge_converter
from .configs.compiler_config import CompilerConfig

__all__ = ["CompilerConfig", "ge", "get_compiler", "get_npu_backend", "register_fx_node_ge_converter"]
__version__ = "0.1+opkit"
