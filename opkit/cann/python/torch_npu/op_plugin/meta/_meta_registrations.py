"""torch_npu.op_plugin.meta._meta_registrations (where newer torch_npu keeps it): the same Library as
torch_npu.meta._meta_registrations (where the samples for torch_npu 2.1 find it)."""
from torch_npu.meta._meta_registrations import m

__all__ = ["m"]
