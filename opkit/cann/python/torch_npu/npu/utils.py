"""torch_npu.npu.utils: the helpers scripts call by this path."""
from __future__ import annotations

from . import current_device, device_count, get_device_name, is_available, set_device, synchronize  # noqa: F401

__all__ = ["current_device", "device_count", "get_device_name", "is_available", "set_device", "synchronize"]
