"""Attr default values: accept a JSON value, the same value quoted as a string, or C++ brace-initialiser text, and
normalise to model.AttrValue.

msopgen files write `"default_value": 0.1` and `"default_value": "0.1"` alike; both mean the float 0.1. msopgen
copies a default into the OpDef's C++ as Python prints it (`Attr("dims").AttrType(OPTIONAL).ListInt({0})`), so files
meant for it also write list defaults as brace-initialisers: "{0}", "{1, 2}", "{{1, 2}, {3}}", "{}" (and an empty
object {}, which prints as "{}"). Those mean what the C++ means: the items; "{}" is an empty list, or 0, 0.0, false
for a scalar (value-initialisation). A non-empty object prints with quotes, which msopgen refuses as unsafe in C++.
Lists become tuples (so specs stay hashable) and a `type` attr's default becomes a canonical dtype name.
"""
from __future__ import annotations

import json
import math
import re
import struct
from typing import Any, Callable

from opkit.spec.dtypes import DTYPE_ALIASES, lookup_dtype
from opkit.spec.model import AttrValue

__all__ = ["AttrValueError", "normalize_default"]


class AttrValueError(ValueError):
    """A default that does not fit its attr type. `hint` (may be empty) says what to write instead."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


def normalize_default(attr_type: str, value: Any) -> AttrValue:
    """The default `value` of an attr of `attr_type`, normalised; raises AttrValueError when it does not fit."""
    if isinstance(value, dict):
        value = _empty_object(attr_type, value)
    if isinstance(value, str) and value.strip().startswith("{") and attr_type not in ("string", "type"):
        return _from_braces(attr_type, value)
    if attr_type.startswith("list_"):
        return _to_list(attr_type, value)
    return _SCALARS[attr_type](value)


def _empty_object(attr_type: str, value: dict[str, Any]) -> str:
    """{} as the text msopgen writes for it, "{}"; any other object is refused, as msopgen refuses it."""
    if value:
        raise AttrValueError(f"{_shown(value)} is an object; msopgen refuses it too, as unsafe to write into C++",
                             f"write the default itself, e.g. {_EXAMPLES[attr_type]}")
    if attr_type == "type":
        raise AttrValueError("{} is not a dtype", f"write a dtype name, e.g. {_EXAMPLES['type']}")
    return "{}"   # a string attr's default is then the text "{}", as msopgen's String("{}")


# A JSON string, or one brace: braces become brackets outside strings only.
_BRACE_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[{}]')


def _from_braces(attr_type: str, text: str) -> AttrValue:
    """A C++ brace-initialiser ("{1, 2}", nested for list_list_int): its items; "{}" value-initialises."""
    as_json = _BRACE_TOKENS.sub(lambda m: {"{": "[", "}": "]"}.get(m.group(), m.group()), text.strip())
    try:
        items = json.loads(as_json)
    except json.JSONDecodeError:
        items = None
    if not isinstance(items, list):
        braces = f"{_BRACES[attr_type]}, or " if attr_type in _BRACES else ""
        raise AttrValueError(f"{_shown(text)} is not a brace-initialiser of {attr_type} values",
                             f"write e.g. {braces}the JSON value {_EXAMPLES[attr_type]}")
    if attr_type.startswith("list_"):
        return _list_items(attr_type, items, text)
    if len(items) > 1:
        raise AttrValueError(f"{_shown(text)} holds {len(items)} values, not one", f"write e.g. {_EXAMPLES[attr_type]}")
    if not items:
        return _ZEROS[attr_type]
    try:
        return _strict_item(attr_type)(items[0])
    except AttrValueError as exc:
        raise AttrValueError(f"{_shown(text)}: {exc}", exc.hint) from None


_ZEROS: dict[str, AttrValue] = {"int": 0, "float": 0.0, "bool": False}


def _shown(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, tuple) else json.dumps(list(value))


def _to_int(value: Any) -> int:
    result: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        result = value
    elif isinstance(value, str):
        try:
            result = int(value.strip(), 10)
        except ValueError:
            result = None
    if result is None:
        raise AttrValueError(f"{_shown(value)} is not an int")
    if not -2**63 <= result < 2**63:
        # CANN stores int attrs as int64_t.
        raise AttrValueError(f"{_shown(value)} does not fit in int64")
    return result


def _to_float(value: Any) -> float:
    result: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        result = float(value)
    elif isinstance(value, str):
        try:
            result = float(value.strip())
        except ValueError:
            result = None
    if result is None:
        raise AttrValueError(f"{_shown(value)} is not a float")
    if not math.isfinite(result):
        raise AttrValueError(f"{_shown(value)} is not a finite float",
                             "use a large finite value; generated C++ and Python keep defaults as literals")
    try:
        struct.pack("<f", result)   # CANN stores float attrs as float32 (`OpAttrDef::Float(float)`)
    except OverflowError:
        raise AttrValueError(f"{_shown(value)} does not fit in float32",
                             f"use a value of magnitude at most {_FLOAT32_MAX:.8g}") from None
    return result


_FLOAT32_MAX = struct.unpack("<f", b"\xff\xff\x7f\x7f")[0]


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise AttrValueError(f"{_shown(value)} is not a bool", "write true or false")


def _to_string(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise AttrValueError(f"{_shown(value)} is not a string")


def _to_dtype(value: Any) -> str:
    dtype = lookup_dtype(value) if isinstance(value, str) else None
    if dtype is None:
        from opkit.spec.schema import did_you_mean

        hint = did_you_mean(value, DTYPE_ALIASES) if isinstance(value, str) else ""
        raise AttrValueError(f"{_shown(value)} is not a dtype", hint)
    return dtype.name


_SCALARS: dict[str, Callable[[Any], AttrValue]] = {
    "int": _to_int, "float": _to_float, "bool": _to_bool, "string": _to_string, "type": _to_dtype,
}


def _to_list(attr_type: str, value: Any) -> tuple:
    items = value
    if isinstance(value, str):
        try:
            items = json.loads(value)
        except json.JSONDecodeError:
            items = None
    if not isinstance(items, list):
        raise AttrValueError(f"{_shown(value)} is not a list", f"write a JSON list, e.g. {_EXAMPLES[attr_type]}")
    return _list_items(attr_type, items, value)


def _list_items(attr_type: str, items: list[Any], value: Any) -> tuple:
    """`items` converted to the item type; messages show `value`, the default as written."""
    convert = _to_int_list if attr_type == "list_list_int" else _strict_item(attr_type[len("list_"):])
    converted = []
    for index, item in enumerate(items):
        try:
            converted.append(convert(item))
        except AttrValueError as exc:
            raise AttrValueError(f"item {index} of {_shown(value)}: {exc}", exc.hint) from None
    return tuple(converted)


def _strict_item(item_type: str) -> Callable[[Any], AttrValue]:
    """Items inside a list must be real JSON values: "[1, \"2\"]" is a mistake, not a quoted default."""
    def convert(item: Any) -> AttrValue:
        if isinstance(item, str) and item_type not in ("string", "type"):
            raise AttrValueError(f"{_shown(item)} is not {'an' if item_type == 'int' else 'a'} {item_type}")
        return _SCALARS[item_type](item)
    return convert


def _to_int_list(item: Any) -> tuple:
    if not isinstance(item, list):
        raise AttrValueError(f"{_shown(item)} is not a list of ints")
    return tuple(_strict_item("int")(v) for v in item)


_EXAMPLES = {"int": "0", "float": "0.5", "bool": "true", "string": '"text"', "type": '"float16"',
             "list_int": "[1, 2]", "list_float": "[0.5, 1.0]", "list_bool": "[true, false]",
             "list_string": '["a", "b"]', "list_list_int": "[[1, 2], [3, 4]]"}
# Brace-initialiser examples; none for list_string, whose items would need quotes, which msopgen refuses.
_BRACES = {"int": '"{0}"', "float": '"{0.5}"', "bool": '"{true}"', "list_int": '"{1, 2}"', "list_float": '"{0.5, 1.0}"',
           "list_bool": '"{true, false}"', "list_list_int": '"{{1, 2}, {3, 4}}"'}
