"""torchair.ge._ge_graph: the names torchair's generated GE op APIs import (`auto_convert_to_tensor`, `TensorType`,
`Tensor`, `TensorSpec`)."""
from __future__ import annotations

import enum
from typing import Any, Callable

from . import Tensor, TensorSpec

__all__ = ["Tensor", "TensorSpec", "TensorType", "auto_convert_to_tensor"]


class TensorType(enum.Enum):
    TT_ALL = "all"
    TT_NUMBER = "number"
    TT_REAL_NUMBER = "real_number"
    TT_FLOAT = "float"
    TT_INDEX_NUMBER = "index_number"
    TT_INTEGER = "integer"


def auto_convert_to_tensor(*_flags: Any, **_options: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The inputs a converter hands on are the graph's values already: the API is used as written."""
    def keep(api: Callable[..., Any]) -> Callable[..., Any]:
        return api
    return keep
