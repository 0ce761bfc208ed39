"""torchair.ge.attr: typed attr values for a GE node (`attr.Int(1)`, `attr.Float(0.5)`, ...); the node passes each
value to the op's aclnn call as the OpDef types it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Bool", "DataType", "Float", "Int", "ListFloat", "ListInt", "Str", "Value"]


@dataclass
class Value:
    value: Any


class Int(Value):
    pass


class Float(Value):
    pass


class Bool(Value):
    pass


class Str(Value):
    pass


class DataType(Value):
    pass


class ListInt(Value):
    pass


class ListFloat(Value):
    pass
