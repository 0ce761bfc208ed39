"""torch_npu.meta: Meta (shape/dtype) implementations of npu ops, registered by user code through
`torch_npu.meta._meta_registrations.m`."""
from . import _meta_registrations  # noqa: F401
