"""`torch.npu.config`: the switches torch_npu scripts set (`allow_internal_format`); on the CPU every tensor is
ND, so they are recorded and change nothing."""
from __future__ import annotations

allow_internal_format = False
_compile_mode = {"jit_compile": False}
