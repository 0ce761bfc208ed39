"""The converters registered with `@register_fx_node_ge_converter(torch.ops.ns.op.default)`."""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["converter_for", "register_fx_node_ge_converter"]

_converters: dict[Any, Callable[..., Any]] = {}


def register_fx_node_ge_converter(target: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(converter: Callable[..., Any]) -> Callable[..., Any]:
        _converters[target] = converter
        return converter
    return register


def converter_for(target: Any) -> Callable[..., Any] | None:
    found = _converters.get(target)
    if found is None and hasattr(target, "overloadpacket"):
        found = _converters.get(target.overloadpacket)
    return found
