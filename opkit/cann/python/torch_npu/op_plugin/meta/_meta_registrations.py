"""torch_npu.op_plugin.meta._meta_registrations: the same Library as torch_npu.meta._meta_registrations."""
from torch_npu.meta._meta_registrations import m

__all__ = ["m"]
