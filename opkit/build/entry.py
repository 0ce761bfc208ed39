"""The kernel entry's name at compile time: a copy of the kernel source whose entry is named `opkit_entry_<op>`.

Every dtype combination of an op is compiled from one kernel file whose entry bears the op's name (`extern "C"
__global__ __aicore__ void exp(...)`), and all of them link into one module, so each combination's entry needs a name
of its own. A macro (`-Dexp=exp_c0`) would rename every `exp` the translation unit sees, the C library's included:
`std::exp` in the simulator stops compiling, and an entry called `exp`, `div` or `asinh` is, as written, a second C
function of a name <cmath> or <cstdlib> already declares. So the build compiles a copy in which only the entry's own
declarations are renamed (`__global__` functions of that name that are not templates), preceded by `#line 1
"<the user's file>"` so diagnostics and `__FILE__` point into the user's file; the user's headers are found with
`-iquote <its directory>`. After compiling, each combination's object gets its final name (`exp_c0`) by
`objcopy --redefine-sym` (opkit/build/isolation.py). A source whose entry is not spelled out (made by a macro, or
in a header) is copied unchanged: its object then defines the op's own name, which the rename accepts too.

The copy also turns Unicode whitespace in code (a no-break space U+00A0 or an ideographic space U+3000 pasted from a
document, outside comments and literals) into spaces: CANN's clang-based compiler reads it as whitespace, GCC refuses
it ("extended character is not valid in an identifier").

Run by the build (opkit_add_kernel in opkit/cmake/opkitConfig.cmake) as `python -m opkit.build.entry SOURCE -o COPY
--entry NAME`; standard library only.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from opkit.build.cc import _skip_literal   # the one scanner of C++ literals and comments

__all__ = ["compiled_entry", "entry_source", "masked", "plain_spaces", "rename_entry", "main"]

_DECLARATION_START = re.compile(r"[;{}]")


def compiled_entry(name: str) -> str:
    """The symbol the kernel `name` is compiled under, before each combination's object renames it."""
    return f"opkit_entry_{name}"


def masked(text: str, *, keep_strings: bool = False) -> str:
    """`text` with comments (and literals, unless `keep_strings`) blanked, newlines kept, so offsets still match."""
    out = []
    i = 0
    while i < len(text):
        j = _skip_literal(text, i)
        if j != i:
            comment = text.startswith(("//", "/*"), i)
            out.append(re.sub(r"[^\n]", " ", text[i:j]) if comment or not keep_strings else text[i:j])
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _is_entry_declarator(text: str, at: int) -> bool:
    """True when the name at `text[at]` (comments and literals blanked) is declared there as a `__global__` function
    that is not a template."""
    starts = [m.end() for m in _DECLARATION_START.finditer(text, 0, at)]
    head = text[starts[-1] if starts else 0:at]
    head = "\n".join(line for line in head.split("\n") if not line.lstrip().startswith("#"))
    return (re.search(r"\b__global__\b", head) is not None and re.search(r"\bvoid\s*$", head) is not None
            and re.search(r"\btemplate\b", head) is None)


def rename_entry(text: str, name: str, new: str) -> tuple[str, int]:
    """Rename the declarations of the kernel entry `name` in `text` to `new`; returns the text and how many."""
    masked_text = masked(text)
    spots = [m.start() for m in re.finditer(rf"(?<![\w$]){re.escape(name)}(?=\s*\()", masked_text)
             if _is_entry_declarator(masked_text, m.start())]
    for at in reversed(spots):
        text = text[:at] + new + text[at + len(name):]
    return text, len(spots)


# What clang's lexer takes as whitespace beyond ASCII (isUnicodeWhitespace), GCC as a character of an identifier.
_UNICODE_SPACES = frozenset("\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
                            "\u200a\u2028\u2029\u202f\u205f\u3000")


def plain_spaces(text: str) -> str:
    """`text` with the Unicode whitespace of its code (not of its comments or literals) as ASCII spaces."""
    if not _UNICODE_SPACES.intersection(text):
        return text
    code = masked(text)
    return "".join(" " if ch in _UNICODE_SPACES and code[i] == ch else ch for i, ch in enumerate(text))


def entry_source(source: Path, copy: Path, name: str) -> int:
    """Write the copy of `source` the build compiles (see the module's doc); returns the declarations renamed."""
    text = plain_spaces(source.read_text(encoding="utf-8", errors="surrogateescape"))
    renamed, count = rename_entry(text, name, compiled_entry(name))
    quoted = str(source.resolve()).replace("\\", "\\\\").replace('"', '\\"')
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_text(f'#line 1 "{quoted}"\n{renamed}', encoding="utf-8", errors="surrogateescape")
    return count


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m opkit.build.entry", description=__doc__.split("\n")[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("-o", "--output", type=Path, required=True)
    parser.add_argument("--entry", required=True, help="the kernel's name (the op's snake_case name)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        entry_source(args.source, args.output, args.entry)
    except OSError as e:
        print(f"opkit: cannot copy the kernel {args.source}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
