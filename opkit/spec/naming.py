"""msopgen's naming rules (OpType -> snake_case) and the names a prototype may not use."""
from __future__ import annotations

import keyword
import re

__all__ = ["snake_case", "camel_case", "RESERVED_NAMES", "CXX_KEYWORDS", "PYTHON_KEYWORDS",
           "IDENTIFIER", "OP_TYPE", "name_problem"]

IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
OP_TYPE = re.compile(r"^[A-Z][A-Za-z0-9]*$")

# Names the generated code itself declares next to tensors and attrs (kernel parameters, host locals,
# Python keyword arguments, the package). A tensor or attr with one of these names would shadow or clash.
RESERVED_NAMES: frozenset[str] = frozenset({
    "workspace", "tiling", "tiling_data", "tilingData", "usrWorkspace", "context", "pipe", "self", "stream",
    "out", "block_dim", "blockDim", "opkit",
    # C++ namespaces and types the generated kernel and host code name unqualified, and template locals.
    "GM_ADDR", "AscendC", "half", "bfloat16_t", "ge", "gert", "ops", "optiling", "platform_ascendc", "op",
    "BUFFER_NUM", "start", "np",
    # Fields of the generated tiling struct.
    "totalLength", "blockLength", "tileLength",
})

# C++17 keywords and alternative operator tokens, plus C++20 keywords (a name must survive newer compilers).
CXX_KEYWORDS: frozenset[str] = frozenset("""
alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class
compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline
int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch template
this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t
while xor xor_eq
""".split())

# Hard keywords only: soft keywords (match, case, type, _) are valid parameter names.
PYTHON_KEYWORDS: frozenset[str] = frozenset(keyword.kwlist)


def snake_case(op_type: str) -> str:
    """`AddCustom -> add_custom`, `AbcAAc -> abc_a_ac`: an underscore before every capital but the first.

    This is msopgen's rule (consecutive capitals are split one by one), kept so file names match its output.
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", op_type).lower()


def camel_case(name: str) -> str:
    """A best-effort UpperCamelCase spelling of `name`, offered as a hint: `add_custom -> AddCustom`."""
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", name) if p]
    return "".join(p[0].upper() + p[1:] for p in parts)


def name_problem(name: str) -> str:
    """Why `name` cannot name a tensor or attr ("" when it can)."""
    if not IDENTIFIER.match(name):
        return f'"{name}" is not a C++ identifier (letters, digits and _, not starting with a digit)'
    if name.startswith("_") or "__" in name:
        return f'"{name}" starts with _ or contains __; such names are reserved to the C++ implementation'
    if name in CXX_KEYWORDS:
        return f'"{name}" is a C++ keyword'
    if name in PYTHON_KEYWORDS:
        return f'"{name}" is a Python keyword (attrs and tensors become Python parameters)'
    if name in RESERVED_NAMES:
        return f'"{name}" is reserved: the generated code uses it'
    return ""
