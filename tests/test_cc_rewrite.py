"""`opkit cc`'s rewrite of `<<<>>>` launches: a text transformation that keeps every line where it was."""
from __future__ import annotations

from pathlib import Path

import pytest

from opkit.build.cc import (ccec_arguments, declared_kernel_types, keep_kernel_assert, kernel_signatures, launch_header,
                             launch_stub, parse_command, rewrite_launches)

H = "::opkit::sim::detail::chevron_launch"


@pytest.mark.parametrize(("source", "expected"), [
    ("add<<<8, nullptr, stream>>>(x, y, z);",
     f'{H}("add", "x, y, z", add, 8, nullptr, stream)(x, y, z);'),
    ("ns::k<float, 4><<<n, 0, s>>>(a);",
     f'{H}("ns::k<float, 4>", "a", ns::k<float, 4>, n, 0, s)(a);'),
    ("k<T> <<<blocks(2), nullptr, static_cast<void*>(st)>>> (p);",
     f'{H}("k<T>", "p", k<T>, blocks(2), nullptr, static_cast<void*>(st)) (p);'),
    ('k<<<1, nullptr, s>>>(a, "<<<x>>>");',
     f'{H}("k", "a, \\"<<<x>>>\\"", k, 1, nullptr, s)(a, "<<<x>>>");'),
])
def test_launches_become_simulator_calls(source: str, expected: str) -> None:
    assert rewrite_launches(source) == (expected, 1)


@pytest.mark.parametrize("source", [
    '// k<<<1, nullptr, s>>>(x);',
    '/* k<<<1, nullptr, s>>>(x); */',
    'const char* s = "k<<<1, nullptr, s>>>(x)";',
    'auto r = R"x(k<<<1,0,0>>>(q))x";',
    "char c = '<'; int v = 1'000;",
    "x <<= 3; y = a << b;",
])
def test_text_that_is_not_a_launch_is_left_alone(source: str) -> None:
    assert rewrite_launches(source) == (source, 0)


def test_newlines_inside_a_launch_keep_later_lines_in_place() -> None:
    source = "void f() {\n  k<float>\n  <<<\n    n,\n    0, s>>>(a,\n      b);\n  g();\n}\n"
    out, count = rewrite_launches(source)
    assert count == 1
    assert out.splitlines()[6] == "  g();"
    assert len(out.splitlines()) == len(source.splitlines())


def test_two_launches_in_one_file() -> None:
    out, count = rewrite_launches("a<<<1, 0, s>>>(x); b<<<2, 0, s>>>(y);")
    assert count == 2
    assert out == f'{H}("a", "x", a, 1, 0, s)(x); {H}("b", "y", b, 2, 0, s)(y);'


def test_launcher_form_and_bisheng_options() -> None:
    inv = parse_command(["--mode=npu", "g++", "-DX=1", "--npu-arch=dav-2002", "-x", "asc", "-c", "k.asc",
                         "-o", "k.o", "-mllvm", "-cce-aicore-stack-size=0x8000"])
    assert (inv.compiler, inv.mode, inv.arch, inv.compile_only, inv.output) == ("g++", "npu", "2002", True, "k.o")
    assert inv.args == ["-DX=1", "-c", "k.asc", "-o", "k.o"]
    assert [inv.args[i] for i in inv.sources] == ["k.asc"]


def test_bad_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="the mode is cpu or npu"):
        parse_command(["--mode=gpu", "x.cpp"])


def test_launch_header_of_a_kernel_like_cann_generates() -> None:
    source = ('// extern "C" __global__ __aicore__ void old(GM_ADDR x) {}\n'
              'extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, __gm__ uint8_t* y, uint32_t n) {\n}\n'
              'template <typename T> __global__ __aicore__ void t(GM_ADDR x) {}\n')
    [kernel] = kernel_signatures(source)
    assert kernel.name == "add_custom"
    assert ('extern "C" uint32_t aclrtlaunch_add_custom(uint32_t blockDim, aclrtStream stream, void* x, void* y, '
            'uint32_t n);') in launch_header(kernel)
    assert "reinterpret_cast<__gm__ uint8_t*>(y), n);" in launch_stub(kernel)


def test_struct_parameter_is_taken_by_pointer_and_its_header_included(tmp_path: Path) -> None:
    (tmp_path / "tiling.h").write_text("struct TilingData { uint32_t n; };\n")
    source = ('#include "kernel_operator.h"\n#include "tiling.h"\n#include "missing.h"\n'
              'extern "C" __global__ __aicore__ void k(GM_ADDR x, TilingData tiling, const float f) {}\n')
    [kernel] = kernel_signatures(source, tmp_path)
    assert ('aclrtlaunch_k(uint32_t blockDim, aclrtStream stream, void* x, void* tiling, const float f);'
            in launch_header(kernel))
    stub = launch_stub(kernel)
    assert f'#include "{tmp_path / "tiling.h"}"' in stub and "missing.h" not in stub
    assert "*static_cast<const TilingData*>(tiling), f);" in stub


def test_bisheng_sanitizer_option_is_ignored() -> None:
    inv = parse_command(["g++", "--sanitizer", "-c", "k.asc", "-o", "k.o"])
    assert inv.args == ["-c", "k.asc", "-o", "k.o"]


def test_ccec_command_line_compiles_the_npu_branch_without_canns_libraries() -> None:
    # The older samples' CCE rules: `ccec -xcce ... --cce-aicore-arch=dav-c100 -o k.o -c k.cpp`, then a link
    # with -lascendcl -lruntime (opkit's headers) beside the user's own libraries, which stay.
    args = ccec_arguments(["-xcce", "--cce-aicore-arch=dav-c100", "--cce-auto-sync", "-c", "k.cpp", "-o", "k.o",
                           "-lascendcl", "-l", "runtime", "-lm", "-lmine"])
    assert args == ["-xcce", "--cce-aicore-arch=dav-c100", "--cce-auto-sync", "-c", "k.cpp", "-o", "k.o",
                    "-lm", "-lmine"]
    inv = parse_command(["--mode=npu", *args])
    assert (inv.mode, inv.arch) == ("npu", "1001")
    assert inv.args == ["-c", "k.cpp", "-o", "k.o", "-lm", "-lmine"]


def test_cube_and_mix_kernels_declare_their_core_type() -> None:
    """`__mix__(1, 2)` and `__cube__` expand to nothing, so the rewrite names each such kernel's type for the launch;
    a template kernel counts (its launch names it with template arguments, which the simulator strips)."""
    text = ('template <int M>\n__global__ __mix__(1, 2) void mm_vec(__gm__ uint8_t* x) {}\n'
            'extern "C" __global__ __aicore__ __cube__ void mm(GM_ADDR a) {}\n'
            '__global__ __vector__ void vec(GM_ADDR a) {}\n__global__ __aicore__ void plain(GM_ADDR a) {}\n'
            '// __global__ __cube__ void commented(int a) {}\n')
    assert declared_kernel_types(text) == [("mm_vec", "KERNEL_TYPE_MIX_AIC_1_2"), ("mm", "KERNEL_TYPE_AIC_ONLY"),
                                           ("vec", "KERNEL_TYPE_AIV_ONLY")]
    with pytest.raises(ValueError, match=r"__mix__\(2, 1\) is not a core pairing"):
        declared_kernel_types("__global__ __mix__(2, 1) void k(int a) {}")


def test_a_c_assert_included_before_kernel_operator_keeps_the_kernel_assert() -> None:
    # asc-devkit's 01_utilities/09_log: <cassert> first, then kernel_operator.h, then assert() in the kernel
    source = '#include <cassert>\n#include <iostream>\n#include "kernel_operator.h"\n#include <assert.h>\nint x;\n'
    out = keep_kernel_assert(source)
    assert out == ('#include "opkit/sim/kernel_assert.h"\n#include <iostream>\n#include "kernel_operator.h"\n'
                   '#include <assert.h>\nint x;\n'), "only the ones before kernel_operator.h, one line for one"
    assert keep_kernel_assert("#include <cassert>\nint main() {}\n") == "#include <cassert>\nint main() {}\n"
