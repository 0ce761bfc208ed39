"""Storage formats: the CPU keeps every tensor in ND, so a format cast returns the tensor as it is."""
from __future__ import annotations

import torch

__all__ = ["get_npu_format", "npu_format_cast", "npu_format_cast_"]

_ACL_FORMAT_ND = 2


def get_npu_format(tensor: torch.Tensor) -> int:
    return _ACL_FORMAT_ND


def npu_format_cast(tensor: torch.Tensor, acl_format: int) -> torch.Tensor:
    return tensor


def npu_format_cast_(tensor: torch.Tensor, acl_format: int) -> torch.Tensor:
    return tensor
