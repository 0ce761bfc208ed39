"""The Library that Meta implementations of `torch.ops.npu.*` register with (`@impl(m, "npu_add_custom")`)."""
from __future__ import annotations

import torch.library

__all__ = ["m"]

m = torch.library.Library("npu", "IMPL", "Meta")
