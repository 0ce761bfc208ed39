"""msopgen's naming rules (OpType -> snake_case) and the names a prototype may not use."""
from __future__ import annotations

import keyword
import re

__all__ = ["snake_case", "camel_case", "RESERVED_NAMES", "CXX_KEYWORDS", "PYTHON_KEYWORDS",
           "IDENTIFIER", "OP_TYPE", "MAX_NAME_LENGTH", "quoted", "name_problem", "op_type_problem",
           "package_problem"]

# Always applied with fullmatch: `$` would also accept a trailing newline ("x\n"), which no compiler does.
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
OP_TYPE = re.compile(r"[A-Z][A-Za-z0-9]*")
PACKAGE = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# Names become file names (`test_<op>.py`, `<op>_tiling.h`; snake_case at most doubles an OpType's length) and
# temporary names beside them: 100 keeps every one well under the 255 bytes a Linux file name may have.
MAX_NAME_LENGTH = 100
_SHOWN_LENGTH = 40

# Names the generated code itself declares next to tensors and attrs (kernel parameters, host locals,
# Python keyword arguments, the package). A tensor or attr with one of these names would shadow or clash.
# Not "out", which msopgen accepts and public prototypes use for outputs: the Python entry point's out= keyword
# becomes out_ when an input or attr is called out (opkit.generate.context), and outputs are no Python parameters.
RESERVED_NAMES: frozenset[str] = frozenset({
    "workspace", "tiling", "tiling_data", "tilingData", "usrWorkspace", "context", "pipe", "stream",
    "block_dim", "blockDim", "opkit",
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
    """msopgen's file-name form of an OpType (its `fix_name_lower_with_under`), so file names match its output.

    A capital starts a new word after a lower-case letter or a digit, and ends a run of capitals when a lower-case
    letter follows it: `AddCustom -> add_custom`, `NLLLoss -> nll_loss`, `ReLU6 -> re_lu6`, `Conv2D -> conv2_d`.
    """
    out = []
    for i, char in enumerate(op_type):
        if i > 0 and char.isupper() and op_type[i - 1] != "_" and (
                not op_type[i - 1].isupper() or (i + 1 < len(op_type) and op_type[i + 1].islower())):
            out.append("_")
        out.append(char.lower())
    return "".join(out)


def camel_case(name: str) -> str:
    """A best-effort UpperCamelCase spelling of `name`, offered as a hint: `add_custom -> AddCustom`."""
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", name) if p]
    return "".join(p[0].upper() + p[1:] for p in parts)


def quoted(text: str) -> str:
    """`text` in double quotes for a one-line message: control characters, lone surrogates and other unprintable
    characters escaped, a long text cut short (the message says how long it is where that matters)."""
    shown = text if len(text) <= _SHOWN_LENGTH else text[:_SHOWN_LENGTH] + "..."
    escaped = "".join(c if c.isprintable() and c not in '"\\' else _escape(c) for c in shown)
    return f'"{escaped}"'


def _escape(char: str) -> str:
    if char in '"\\':
        return "\\" + char
    code = ord(char)
    return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(char) or (f"\\x{code:02x}" if code < 0x100 else
                                                           f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")


def _too_long(name: str, what: str) -> str:
    if len(name) <= MAX_NAME_LENGTH:
        return ""
    return f"{what} {quoted(name)} is {len(name)} characters long; at most {MAX_NAME_LENGTH} are allowed"


def name_problem(name: str) -> str:
    """Why `name` cannot name a tensor or attr ("" when it can)."""
    if not IDENTIFIER.fullmatch(name):
        return f'{quoted(name)} is not a C++ identifier (letters, digits and _, not starting with a digit)'
    if _too_long(name, "name"):
        return _too_long(name, "name")
    if name.startswith("_") or "__" in name:
        return f'"{name}" starts with _ or contains __; such names are reserved to the C++ implementation'
    if name in CXX_KEYWORDS:
        return f'"{name}" is a C++ keyword'
    if name in PYTHON_KEYWORDS:
        return f'"{name}" is a Python keyword (attrs and tensors become Python parameters)'
    if name in RESERVED_NAMES:
        return f'"{name}" is reserved: the generated code uses it'
    return ""


def op_type_problem(op_type: str) -> tuple[str, str]:
    """(why, hint) when `op_type` cannot name an operator; ("", "") when it can."""
    if not OP_TYPE.fullmatch(op_type):
        guess = camel_case(op_type)
        fits = guess and OP_TYPE.fullmatch(guess) and len(guess) <= MAX_NAME_LENGTH
        hint = f'did you mean "{guess}"?' if fits else ""
        return f"operator name {quoted(op_type)} is not UpperCamelCase ([A-Z][A-Za-z0-9]*)", hint
    if _too_long(op_type, "operator name"):
        return _too_long(op_type, "operator name"), "its snake_case form names files"
    name = snake_case(op_type)
    clash = ("a C++ keyword" if name in CXX_KEYWORDS else "a Python keyword" if name in PYTHON_KEYWORDS
             else "reserved" if name in RESERVED_NAMES else "")
    if clash:
        return (f'operator name "{op_type}" becomes "{name}", which is {clash}',
                "its snake_case form names the kernel function, files and the Python function")
    return "", ""


def package_problem(name: str) -> str:
    """Why `name` cannot be a generated project's Python package (and distribution) name, "" when it can.

    Only the spelling is judged here; what a name would shadow depends on the environment (opkit.generate.shadowing).
    """
    if not PACKAGE.fullmatch(name):
        return (f"{quoted(name)} is not a Python package name (ASCII letters, digits and _, starting with a letter), "
                f"e.g. add_custom")
    if _too_long(name, "package name"):
        return _too_long(name, "package name")
    if keyword.iskeyword(name):
        return f'"{name}" is a Python keyword'
    return ""
