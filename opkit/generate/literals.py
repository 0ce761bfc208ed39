"""Attr default values as C++ and Python source literals that compile and mean exactly the prototype's value.

msopgen writes list defaults as `ListInt([1, 1])` (not C++) and floats as doubles; here lists are brace lists,
floats are the float32 that CANN's `.Float(float)` stores, written so the literal round-trips to that float.
"""
from __future__ import annotations

import math
import struct

from opkit.errors import GenerateError
from opkit.spec.dtypes import DTYPES
from opkit.spec.model import AttrSpec, AttrValue

__all__ = ["cpp_float", "cpp_int", "cpp_string", "cpp_attr_value", "attr_builder", "py_attr_value"]

_INT64_MIN = -(2 ** 63)
_INT64_MAX = 2 ** 63 - 1

# Builder method of OpAttrDef per prototype attr type (`type` attrs are ge::DataType values held as Int).
_BUILDERS: dict[str, str] = {
    "int": "Int", "float": "Float", "bool": "Bool", "string": "String", "type": "Int",
    "list_int": "ListInt", "list_float": "ListFloat", "list_bool": "ListBool",
    "list_string": "ListString", "list_list_int": "ListListInt",
}


def cpp_float(value: float, where: str = "value") -> str:
    """The shortest `...f` literal that reads back as float32(value): `0.1` -> `0.1f`, `1` -> `1.0f`."""
    if math.isnan(value):
        return "std::numeric_limits<float>::quiet_NaN()"
    if math.isinf(value):
        sign = "-" if value < 0 else ""
        return f"{sign}std::numeric_limits<float>::infinity()"
    try:
        single = _float32(value)
    except OverflowError:
        raise GenerateError(f"{where}: {value!r} does not fit a float (max 3.4028235e+38)") from None
    text = _shortest(single)
    if not any(c in text for c in ".en"):
        text += ".0"
    return text + "f"


def _float32(value: float) -> float:
    """`value` rounded to the nearest float32 (OverflowError past its range), as a Python float."""
    return struct.unpack("<f", struct.pack("<f", value))[0]


def _shortest(single: float) -> str:
    """The shortest decimal that reads back as this float32 (numpy's spelling, without importing numpy: 240 ms of
    `opkit gen`): positional from 1e-4 up to 1e6 as numpy 2 prints a float32, scientific (two exponent digits at
    least) outside."""
    for decimals in range(9):   # 9 significant digits always round-trip a float32
        text = f"{single:.{decimals}e}"
        try:
            if _float32(float(text)) == single:
                break
        except OverflowError:   # rounded up past the largest float
            continue
    mantissa, exponent = text.split("e")
    power = int(exponent)
    if single == 0 or 1e-4 <= abs(single) < 1e6:
        return _positional(mantissa, power)
    mantissa = mantissa.rstrip("0").rstrip(".") if "." in mantissa else mantissa
    return f"{mantissa}e{'-' if power < 0 else '+'}{abs(power):02d}"


def _positional(mantissa: str, power: int) -> str:
    sign = "-" if mantissa.startswith("-") else ""
    digits = mantissa.lstrip("-").replace(".", "")
    point = 1 + power
    if point <= 0:
        whole, frac = "0", "0" * -point + digits
    elif point >= len(digits):
        whole, frac = digits + "0" * (point - len(digits)), ""
    else:
        whole, frac = digits[:point], digits[point:]
    frac = frac.rstrip("0") or "0"
    return f"{sign}{whole}.{frac}"


def cpp_int(value: int, where: str = "value") -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GenerateError(f"{where}: {value!r} is not an integer")
    if not _INT64_MIN <= value <= _INT64_MAX:
        raise GenerateError(f"{where}: {value} does not fit int64")
    if value == _INT64_MIN:   # -9223372036854775808 is unary minus on a literal too big for int64
        return "std::numeric_limits<int64_t>::min()"
    return str(value)


def cpp_string(value: str) -> str:
    """A C++ narrow string literal holding `value`'s UTF-8 bytes; octal escapes (never greedy, unlike \\x)."""
    out = []
    for byte in value.encode("utf-8"):
        char = chr(byte)
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif 0x20 <= byte < 0x7F and char != "?":   # `?` escaped so no `??x` sequence can look like a trigraph
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return '"' + "".join(out) + '"'


def cpp_attr_value(attr_type: str, value: AttrValue, where: str = "value") -> str:
    """The C++ expression for `value` of a prototype attr type, as the OpAttrDef builder takes it."""
    if attr_type.startswith("list_"):
        if not isinstance(value, (tuple, list)):
            raise GenerateError(f"{where}: expected a list for {attr_type}, got {value!r}")
        item_type = attr_type[len("list_"):]
        items = [cpp_attr_value(item_type, v, f"{where}[{i}]") for i, v in enumerate(value)]
        return "{" + ", ".join(items) + "}"
    if attr_type == "int":
        return cpp_int(value, where)  # type: ignore[arg-type]
    if attr_type == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise GenerateError(f"{where}: {value!r} is not a number")
        return cpp_float(float(value), where)
    if attr_type == "bool":
        if not isinstance(value, bool):
            raise GenerateError(f"{where}: {value!r} is not a bool")
        return "true" if value else "false"
    if attr_type == "string":
        if not isinstance(value, str):
            raise GenerateError(f"{where}: {value!r} is not a string")
        return cpp_string(value)
    if attr_type == "type":
        dtype = DTYPES.get(str(value))
        if dtype is None:
            raise GenerateError(f"{where}: {value!r} is not a dtype")
        return f"ge::{dtype.ge}"
    raise GenerateError(f"{where}: unknown attr type {attr_type!r}")


def attr_builder(attr: AttrSpec, where: str) -> str:
    """`.Float(0.1f)` (with default) or `.Float()` (required attr) for the OpDef chain."""
    method = _BUILDERS.get(attr.type)
    if method is None:
        raise GenerateError(f"{where}: unknown attr type {attr.type!r}")
    if attr.default is None:
        return f".{method}()"
    return f".{method}({cpp_attr_value(attr.type, attr.default, where)})"


def py_attr_value(attr_type: str, value: AttrValue) -> str:
    """The Python source for a default (lists as lists; non-finite floats spelled so they evaluate)."""
    if isinstance(value, (tuple, list)):
        item_type = attr_type[len("list_"):] if attr_type.startswith("list_") else attr_type
        return "[" + ", ".join(py_attr_value(item_type, v) for v in value) + "]"
    if attr_type == "float" and not isinstance(value, bool):
        number = float(value)  # type: ignore[arg-type]
        return f'float("{number}")' if not math.isfinite(number) else repr(number)
    return repr(value)
