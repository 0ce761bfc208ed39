"""Attr defaults as C++ literals: floats exact as the float CANN stores, strings escaped, lists as brace lists."""
from __future__ import annotations

import math
import re
import subprocess

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from opkit.errors import GenerateError
from opkit.generate.literals import cpp_attr_value, cpp_float, cpp_int, cpp_string, py_attr_value

_FLOAT_LITERAL = re.compile(r"^-?\d+(\.\d*)?(e[+-]?\d+)?f$")


@pytest.mark.parametrize("value, literal", [
    (0.1, "0.1f"), (1.0, "1.0f"), (-2.5, "-2.5f"), (1e-10, "1e-10f"), (3.4028234663852886e38, "3.4028235e+38f"),
    (0.0, "0.0f"), (-0.0, "-0.0f"), (16777217.0, "1.6777216e+07f"),
])
def test_float_literals(value: float, literal: str) -> None:
    assert cpp_float(value) == literal


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False, width=64).filter(lambda v: abs(v) < 3.4e38))
def test_float_literal_round_trips_to_the_float_cann_stores(value: float) -> None:
    literal = cpp_float(value)
    assert _FLOAT_LITERAL.match(literal), literal
    assert np.float32(literal[:-1]) == np.float32(value) or (value == 0 and float(literal[:-1]) == 0)


def test_non_finite_and_overflowing_floats() -> None:
    assert cpp_float(math.inf) == "std::numeric_limits<float>::infinity()"
    assert cpp_float(-math.inf) == "-std::numeric_limits<float>::infinity()"
    assert cpp_float(math.nan) == "std::numeric_limits<float>::quiet_NaN()"
    with pytest.raises(GenerateError, match="does not fit a float"):
        cpp_float(1e300, "attr 'a' default")


def test_int_literals() -> None:
    assert cpp_int(-3) == "-3"
    assert cpp_int(2 ** 63 - 1) == "9223372036854775807"
    assert cpp_int(-(2 ** 63)) == "std::numeric_limits<int64_t>::min()"
    with pytest.raises(GenerateError, match="does not fit int64"):
        cpp_int(2 ** 63)
    with pytest.raises(GenerateError, match="not an integer"):
        cpp_int(True)


@pytest.mark.parametrize("value, literal", [
    ("plain", '"plain"'),
    ('say "hi"', r'"say \"hi\""'),
    ("back\\slash", r'"back\\slash"'),
    ("line\nbreak\ttab", r'"line\nbreak\ttab"'),
    ("bell\x07", r'"bell\007"'),
    ("??=", r'"\077\077="'),
    ("é", r'"\303\251"'),
    ("\x001", r'"\0001"'),   # octal escapes stop after 3 digits, so the following "1" stays a "1"
])
def test_string_literals(value: str, literal: str) -> None:
    assert cpp_string(value) == literal


@pytest.mark.parametrize("attr_type, value, literal", [
    ("list_int", (1, 1), "{1, 1}"),
    ("list_int", (), "{}"),
    ("list_float", (0.5, 0.1), "{0.5f, 0.1f}"),
    ("list_bool", (True, False), "{true, false}"),
    ("list_string", ("a", 'b"c'), r'{"a", "b\"c"}'),
    ("list_list_int", ((1, 2), (3,), ()), "{{1, 2}, {3}, {}}"),
    ("type", "float16", "ge::DT_FLOAT16"),
    ("bool", False, "false"),
    ("float", 2, "2.0f"),
])
def test_attr_values(attr_type: str, value: object, literal: str) -> None:
    assert cpp_attr_value(attr_type, value) == literal  # type: ignore[arg-type]


@pytest.mark.parametrize("attr_type, value", [("list_int", 3), ("bool", 1), ("string", 3), ("type", "flaot16"),
                                              ("int", 1.5), ("float", "x")])
def test_wrong_value_kinds_are_errors(attr_type: str, value: object) -> None:
    with pytest.raises(GenerateError):
        cpp_attr_value(attr_type, value, "attr")  # type: ignore[arg-type]


def test_python_defaults_evaluate_to_the_value() -> None:
    assert eval(py_attr_value("list_list_int", ((1, 2), (3,)))) == [[1, 2], [3]]
    assert eval(py_attr_value("float", 0.1)) == 0.1
    assert math.isinf(eval(py_attr_value("float", math.inf)))
    assert eval(py_attr_value("string", 'a"\\\n')) == 'a"\\\n'


@pytest.mark.compile
def test_literals_compile_to_the_same_values(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """g++ reads the literals back: every string byte and float bit survives."""
    strings = ['say "hi" \\ back\nslash', "\x001", "é??=", "tab\there"]
    floats = [0.1, 1e-10, 3.4028234663852886e38, -2.5e-38, 123456.789]
    body = "\n".join(f'    puts_hex({cpp_string(s)}, {len(s.encode())});' for s in strings)
    body += "\n" + "\n".join(f"    print_float({cpp_float(v)});" for v in floats)
    src = tmp_path / "lit.cpp"
    src.write_text("#include <cstdio>\n#include <cstring>\n#include <limits>\n"
                   "static void puts_hex(const char* s, size_t n) { for (size_t i = 0; i < n; ++i) "
                   "printf(\"%02x\", (unsigned char)s[i]); printf(\"\\n\"); }\n"
                   "static void print_float(float f) { unsigned u; memcpy(&u, &f, 4); printf(\"%08x\\n\", u); }\n"
                   f"int main() {{\n{body}\n}}\n")
    exe = tmp_path / "lit"
    subprocess.run(["g++", "-std=c++17", "-Wall", "-Wextra", "-Werror", str(src), "-o", str(exe)], check=True)
    lines = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split()
    assert lines[:len(strings)] == [s.encode().hex() for s in strings]
    assert lines[len(strings):] == [f"{np.float32(v).view(np.uint32):08x}" for v in floats]
