"""torchair._ge_concrete_graph.fx2ge_converter: where torchair's own converters register."""
from __future__ import annotations

from .._converters import register_fx_node_ge_converter

__all__ = ["register_fx_node_ge_converter"]
