"""OpPlugin entries without rebuilding torch_npu (stub until the loader lands)."""
from __future__ import annotations

from types import ModuleType
from typing import Any

_ops: dict[str, Any] = {}


def load_from_env(module: ModuleType) -> None:
    pass


def lookup(name: str) -> Any:
    return _ops.get(name)
