"""A kernel's entry is renamed in a copy of its source and then in its object, never by a macro: an op called exp,
div, asinh or fill shares its name with the C and C++ libraries, which a `-D<op>=<op>_c0` would rename too
(opkit/build/entry.py; the e2e side: tests/test_e2e_layouts.py builds such ops from a CANN tree)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import opkit
from opkit.build.entry import compiled_entry, entry_source, main, rename_entry
from opkit.build.isolation import isolate_kernel, read_symbols
from opkit.build.isolation import rename_entry as rename_in_object

CXX = os.environ.get("CXX", "g++")

# CANN's spelling of a kernel whose op is Div, with what must keep its name around it.
DIV_KERNEL = """\
/* div kernel: `extern "C" __global__ __aicore__ void div(` in a comment stays */
#include "kernel_operator.h"
#include <cstdlib>
template <typename T> __global__ __aicore__ void div(GM_ADDR x1, T scale);   // a template is not the entry
__aicore__ inline int32_t Half(int32_t v) { return std::div(v, 2).quot; }     // the C library's div, called
extern "C" __global__ __aicore__ void div(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
extern "C" __global__ __aicore__ void div(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    const char* name = "void div(";
    (void)name; (void)x1; (void)x2; (void)y; (void)workspace; (void)tiling;
    AscendC::printf("%d\\n", Half(int32_t(AscendC::GetBlockIdx())));
}
"""


def test_only_the_entrys_declarations_are_renamed() -> None:
    text, count = rename_entry(DIV_KERNEL, "div", "opkit_entry_div")
    assert count == 2
    lines = text.splitlines()
    assert len(lines) == len(DIV_KERNEL.splitlines())   # line numbers stay the user's
    assert [n for n, line in enumerate(lines) if "opkit_entry_div" in line] == [5, 6]
    assert "`extern \"C\" __global__ __aicore__ void div(`" in lines[0]
    assert "void div(GM_ADDR x1, T scale)" in lines[3] and "std::div(v, 2)" in lines[4]
    assert '"void div("' in lines[8]


@pytest.mark.parametrize("source", [
    'extern "C" {\n__global__ __aicore__ void exp(GM_ADDR x, GM_ADDR y)\n{\n}\n}\n',
    'extern "C" __aicore__ __global__ void exp (GM_ADDR x, GM_ADDR y) {}\n',
    '#include "x.h"\nextern "C"\n__global__ __aicore__\nvoid\nexp(GM_ADDR x, GM_ADDR y) {}\n',
])
def test_the_entry_is_found_however_its_declaration_is_laid_out(source: str) -> None:
    assert rename_entry(source, "exp", "opkit_entry_exp")[1] == 1


def test_an_entry_made_by_a_macro_is_left_as_written() -> None:
    source = '#define ENTRY(name) extern "C" __global__ __aicore__ void name(GM_ADDR x)\nENTRY(fill) {}\n'
    assert rename_entry(source, "fill", "opkit_entry_fill") == (source, 0)


def test_the_copy_starts_at_the_users_file_and_line(tmp_path: Path) -> None:
    source = tmp_path / 'op "kernel"' / "div.cpp"
    source.parent.mkdir()
    source.write_text(DIV_KERNEL)
    assert main([str(source), "-o", str(tmp_path / "copy" / "div.cpp"), "--entry", "div"]) == 0
    first, rest = (tmp_path / "copy" / "div.cpp").read_text().split("\n", 1)
    assert first == f'#line 1 "{tmp_path}/op \\"kernel\\"/div.cpp"'
    assert rest == rename_entry(DIV_KERNEL, "div", compiled_entry("div"))[0]


def _compile(source: Path, obj: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([CXX, "-std=c++17", "-O1", "-fPIC", "-c", "-DASCENDC_CPU_DEBUG=1", "-D__CCE_KT_TEST__=1",
                           "-isystem", str(opkit.include_dir()), *extra, str(source), "-o", str(obj)],
                          capture_output=True, text=True)


@pytest.mark.compile
def test_a_kernel_called_div_compiles_and_gets_each_combinations_name(tmp_path: Path) -> None:
    user = tmp_path / "op_kernel"
    user.mkdir()
    (user / "div.cpp").write_text(DIV_KERNEL)
    # As written, the entry is a second C function `div` beside <cstdlib>'s: no compiler takes it.
    as_written = _compile(user / "div.cpp", tmp_path / "as_written.o")
    assert as_written.returncode != 0 and "conflicting declaration of C function" in as_written.stderr
    copy = tmp_path / "opkit_entries" / "div.cpp"
    entry_source(user / "div.cpp", copy, "div")
    built = _compile(copy, tmp_path / "div.o", f"-iquote{user}")
    assert built.returncode == 0, built.stderr
    assert compiled_entry("div") in {s.name for s in read_symbols(tmp_path / "div.o")}
    # The object is what each combination renames: isolated (the default) or only renamed (isolation off).
    isolate_kernel(tmp_path / "div.o", tmp_path / "c0.o", "div_c0", [compiled_entry("div"), "div"])
    rename_in_object(tmp_path / "div.o", tmp_path / "c1.o", "div_c1", [compiled_entry("div"), "div"])
    assert "div_c0" in {s.name for s in read_symbols(tmp_path / "c0.o")}
    assert {"div_c1", "opkit_entry_div"} & {s.name for s in read_symbols(tmp_path / "c1.o")} == {"div_c1"}


@pytest.mark.compile
def test_diagnostics_of_the_copy_name_the_users_file_and_line(tmp_path: Path) -> None:
    user = tmp_path / "op_kernel"
    user.mkdir()
    (user / "exp_helper.h").write_text("#pragma once\nconstexpr int kLanes = 8;\n")
    (user / "exp.cpp").write_text('#include "exp_helper.h"\n'
                                  'extern "C" __global__ __aicore__ void exp(GM_ADDR x)\n'
                                  "{\n    int lanes = kLanes + undeclared;\n}\n")
    copy = tmp_path / "copy" / "exp.cpp"
    entry_source(user / "exp.cpp", copy, "exp")
    result = _compile(copy, tmp_path / "exp.o", f"-iquote{user}", "-include", "kernel_operator.h")
    assert result.returncode != 0
    assert f"{user / 'exp.cpp'}:4:" in result.stderr and "undeclared" in result.stderr, result.stderr
    assert "exp_helper.h" not in result.stderr   # found beside the user's file, through -iquote


@pytest.mark.compile
def test_unicode_spaces_in_code_are_spaces_as_cann_compiler_reads_them(tmp_path: Path) -> None:
    """A no-break space (U+00A0) or ideographic space (U+3000) between tokens, pasted from a document: CANN's
    clang-based compiler reads whitespace, GCC an invalid identifier character. The copy has spaces there, and
    keeps those of comments and strings."""
    user = tmp_path / "op_kernel"
    user.mkdir()
    (user / "asinh.cpp").write_text(
        '#include "kernel_operator.h"\n'
        '// a comment\u00a0kept\n'
        'extern "C" __global__ __aicore__ void asinh(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)\n'
        '{\n'
        '    const char* text = "a\u00a0b";\u00a0\u00a0(void)text;\u3000(void)x;\n'
        '    int32_t\u00a0n = 2;\u00a0(void)n; (void)y; (void)workspace; (void)tiling;\n'
        '}\n', encoding="utf-8")
    as_written = _compile(user / "asinh.cpp", tmp_path / "as_written.o")
    assert as_written.returncode != 0 and "extended character" in as_written.stderr
    copy = tmp_path / "opkit_entries" / "asinh.cpp"
    entry_source(user / "asinh.cpp", copy, "asinh")
    built = _compile(copy, tmp_path / "asinh.o", f"-iquote{user}")
    assert built.returncode == 0, built.stderr
    text = copy.read_text(encoding="utf-8")
    assert "// a comment\u00a0kept" in text and '"a\u00a0b"' in text and "\u3000" not in text
    assert "int32_t n = 2; (void)n;" in text
