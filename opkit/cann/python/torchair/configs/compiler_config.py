"""torchair's CompilerConfig: the options scripts set (mode, debug, experimental...) are kept as attributes; the
stand-in always checks the graph and runs it eagerly."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

__all__ = ["CompilerConfig"]


class _Options(SimpleNamespace):
    def __getattr__(self, name: str) -> Any:  # any option path a script sets exists
        value = _Options()
        setattr(self, name, value)
        return value


class CompilerConfig(_Options):
    def __init__(self) -> None:
        super().__init__()
        self.mode = "max-autotune"
