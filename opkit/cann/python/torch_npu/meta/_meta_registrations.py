"""The Library that Meta implementations of `torch.ops.npu.*` register with (`@impl(m, "npu_add_custom")`)."""
from __future__ import annotations

import torch.library

__all__ = ["m"]

m = torch.library.Library("npu", "IMPL", "Meta")
# Newer torch_npu keeps this module at torch_npu.op_plugin.meta._meta_registrations; samples written for both
# versions import `m` from here or that module and then use `m.m`, so the Library answers to `.m` as well.
m.m = m
