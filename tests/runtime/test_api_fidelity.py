"""What CANN rejects, opkit rejects: calls of the simulated Ascend C API checked against CANN's declared signatures.

Each snippet is one statement over the operands of `_PRELUDE` (tensors named by element type). MUST_COMPILE holds
calls that CANN's public headers (asc-devkit include/basic_api/*_intf.h) accept; they are batched into one translation
unit per SoC. MUST_NOT_COMPILE holds calls those headers refuse; each is its own translation unit, and the compiler's
error must name the API. Every unit is only parsed (-fsyntax-only) against a precompiled prelude, so the corpus stays
a few seconds of CI time.
"""
from __future__ import annotations

import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import pytest

import opkit
from tests.runtime.cxx import CXX

pytestmark = pytest.mark.compile

# Operands every snippet may use. `extern` keeps each unit a declaration-only parse.
_PRELUDE = """\
#include "kernel_operator.h"
using namespace AscendC;
extern LocalTensor<half> h, h2;
extern LocalTensor<float> f, f2;
extern LocalTensor<bfloat16_t> bf;
extern LocalTensor<int32_t> i32;
extern LocalTensor<uint32_t> u32;
extern LocalTensor<int16_t> i16;
extern LocalTensor<uint16_t> u16;
extern LocalTensor<int8_t> i8;
extern LocalTensor<uint8_t> u8;
extern LocalTensor<int64_t> i64;
extern GlobalTensor<half> gh;
extern GlobalTensor<float> gf;
extern uint64_t mask[2];
extern const uint64_t cmask[2];
extern UnaryRepeatParams up;
extern BinaryRepeatParams bp;
extern DataCopyParams cp;
extern DataCopyExtParams ext;
extern DataCopyPadParams pad;
extern float x;
extern uint32_t n;
"""


class Reject(NamedTuple):
    family: str
    case: str
    api: str
    code: str


# family -> statements CANN accepts on Ascend910B (arch 2201).
MUST_COMPILE: dict[str, list[str]] = {
    "scalar": [
        "Adds(h, h, half(1.5f), 64)", "Adds(f, f, 1.5f, 64)", "Adds(i32, i32, 2, 64)", "Adds(i16, i16, int16_t(2), 64)",
        "Adds(h, h, static_cast<half>(x), 64)", "Adds<half>(h, h, 1.5f, 64)", "Adds(f, f, x, n)",
        "Muls(h, h, half(2), 64)", "Muls(f, f[64], 0.5f, 64)", "Maxs(f, f, 0.0f, 64)", "Mins(h, h, half(0), 64)",
        "Maxs(i32, i32, 0, 64)", "LeakyRelu(f, f, 0.01f, 64)", "LeakyRelu(h, h, half(0.01f), 64)",
        "ShiftLeft(i32, i32, 3, 64)", "ShiftLeft(u16, u16, uint16_t(1), 64)", "ShiftRight(u32, u32, 1u, 64)",
        "ShiftRight(i16, i16, int16_t(1), 64)", "Adds(f, f, 1.0f, mask, 1, up)", "Adds(f, f, 1.0f, 64, 1, up)",
        "Muls<half, false>(h, h, half(1), MASK_PLACEHOLDER, 1, up)", "Mins(h, h, half(1), mask, 2, up)",
        "ShiftRight(i32, i32, 1, mask, 1, up)", "ShiftRight(i32, i32, 1, 64, 1, up, true)",
        "Adds<float, float>(f, f, 1.0f, 64)",  # only the `const U&` (U == PrimT<T>) overload takes <T, U>
        "Duplicate(f, 0.0f, 64)", "Duplicate(h, half(0), 64)", "Duplicate(i32, 0, 64)",
        "Duplicate(bf, bfloat16_t(0.0f), 64)", "Duplicate(u16, uint16_t(7), 64)", "Duplicate<half>(h, 1.0f, 64)",
        "Duplicate(f, 1.0f, 64, 1, 1, 8)", "Duplicate(h, half(1), mask, 1, 1, 8)",
        "Axpy(f, h, half(2), 64)", "Axpy(h, h, half(2), 64)", "Axpy(f, f, 2.0f, 64)", "Axpy(f, h, half(2), 64, 1, up)",
    ],
    "binary": [
        "Add(h, h, h2, 64)", "Add(f, f, f2, 64)", "Add(i16, i16, i16, 64)", "Add(i32, i32, i32, 64)",
        "Sub(f, f2, f, 64)", "Mul(h, h, h, 128)", "Max(f, f, f2, 64)", "Min(i32, i32, i32, 64)", "Div(f, f, f2, 64)",
        "Div(h, h, h2, 64)", "And(u16, u16, u16, 64)", "Or(i16, i16, i16, 64)", "Add(f, f[64], f2, n)",
        "Add(f, f, f2, mask, 1, bp)", "Add(f, f, f2, 64, 1, bp)", "Mul<float, false>(f, f, f2, MASK_PLACEHOLDER, 1, bp)",
        "Sub(h, h, h2, 128, 2, BinaryRepeatParams(1, 1, 1, 8, 8, 8))",
    ],
    "unary": [
        "Exp(h, h, 64)", "Exp(f, f2, 64)", "Ln(f, f, 64)", "Abs(h, h, 64)", "Sqrt(f, f, 64)", "Rsqrt(h, h, 64)",
        "Reciprocal(f, f, 64)", "Relu(i32, i32, 64)", "Relu(h, h, 64)", "Not(u16, u16, 64)", "Not(i16, i16, 64)",
        "Exp(f, f, mask, 1, up)", "Relu(f, f, 64, 1, up)", "Sqrt<float, false>(f, f, MASK_PLACEHOLDER, 1, up)",
    ],
    "cast": [
        "Cast(f, h, RoundMode::CAST_NONE, 64)", "Cast(h, f, RoundMode::CAST_RINT, 64)",
        "Cast(h, f, RoundMode::CAST_ODD, 64)", "Cast(i32, h, RoundMode::CAST_FLOOR, 64)",
        "Cast(i16, h, RoundMode::CAST_CEIL, 64)", "Cast(i8, h, RoundMode::CAST_TRUNC, 64)",
        "Cast(u8, h, RoundMode::CAST_ROUND, 64)", "Cast(i32, f, RoundMode::CAST_ROUND, 64)",
        "Cast(i16, f, RoundMode::CAST_RINT, 64)", "Cast(i64, f, RoundMode::CAST_FLOOR, 64)",
        "Cast(f, f2, RoundMode::CAST_TRUNC, 64)", "Cast(bf, f, RoundMode::CAST_RINT, 64)",
        "Cast(f, bf, RoundMode::CAST_NONE, 64)", "Cast(i32, bf, RoundMode::CAST_FLOOR, 64)",
        "Cast(f, i32, RoundMode::CAST_NONE, 64)", "Cast(h, i32, RoundMode::CAST_NONE, 64)",
        "Cast(i16, i32, RoundMode::CAST_NONE, 64)", "Cast(i64, i32, RoundMode::CAST_NONE, 64)",
        "Cast(h, i16, RoundMode::CAST_NONE, 64)", "Cast(f, i16, RoundMode::CAST_NONE, 64)",
        "Cast(h, i8, RoundMode::CAST_NONE, 64)", "Cast(h, u8, RoundMode::CAST_NONE, 64)",
        "Cast(i32, i64, RoundMode::CAST_NONE, 64)", "Cast(f, i64, RoundMode::CAST_RINT, 64)",
        "Cast(h, f, RoundMode::CAST_NONE, 64, 1, up)", "Cast(h, f, RoundMode::CAST_NONE, mask, 1, up)",
        "Cast(h, f, RoundMode::CAST_NONE, cmask, 1, up)",
        "Cast<half, float, false>(h, f, RoundMode::CAST_NONE, MASK_PLACEHOLDER_LIST, 1, up)",
    ],
    "copy": [
        "DataCopy(f, gf, 64)", "DataCopy(gf, f, 64)", "DataCopy(f, f2, 64)", "DataCopy(h, gh, n)",
        "DataCopy(h, gh, cp)", "DataCopy(gh, h, DataCopyParams(1, 2, 0, 0))", "DataCopy(f, f2, cp)",
        "DataCopyPad(h, gh, ext, DataCopyPadExtParams<half>(false, 0, 0, half(0)))", "DataCopyPad(gh, h, ext)",
        "DataCopyPad(f, gf, DataCopyExtParams(1, 20, 0, 0, 0), DataCopyPadExtParams<float>(true, 0, 3, 0.0f))",
        "DataCopyPad(h, gh, cp, pad)", "DataCopyPad(gh, h, cp)",
        # Four values in braces are a DataCopyParams: CANN's DataCopyExtParams takes all five (issue 25).
        "DataCopyPad(gh, h, {1, 2, 0, 0})", "DataCopyPad(gh, h, {1, 64, 0, 0, 0})",
    ],
    "cmpsel": [
        "Compare(u8, f, f2, CMPMODE::LT, 64)", "Compare(u8, h, h2, CMPMODE::EQ, 128)",
        "Compare(u8, i32, i32, CMPMODE::EQ, 64)", "Compare(u8, f, f2, CMPMODE::GT, cmask, 1, bp)",
        "Compare(u8, f, f2, CMPMODE::GT, mask, 1, bp)", "Compare(u8, f, f2, CMPMODE::GE, 64, 1, bp)",
        "Compare<float, uint8_t, false>(u8, f, f2, CMPMODE::LT, MASK_PLACEHOLDER_LIST, 1, bp)",
        "Compares(u8, f, 0.0f, CMPMODE::LT, 64)", "Compares(u8, h, half(0), CMPMODE::GE, 128)",
        "CompareScalar(u8, f, 1.0f, CMPMODE::EQ, 64)", "Compares(u8, f, x, CMPMODE::LT, 64, 1, up)",
        "CompareScalar(u8, h, half(1), CMPMODE::NE, cmask, 1, up)",
        "Select(f, u8, f, f2, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64)",
        "Select(h, u8, h, half(0), SELMODE::VSEL_TENSOR_SCALAR_MODE, 128)",
        "Select(f, u8, f, f2, SELMODE::VSEL_CMPMASK_SPR, mask, 1, bp)",
        "Select(f, u8, f, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, 64, 1, bp)",
    ],
    # Broadcast (adv_api pad/broadcast.h): the 2201 implementation takes any b8/b16/b32 type by its width.
    "broadcast": [
        "Broadcast<bfloat16_t, 1, 0>(bf, bf, &n, &n)", "Broadcast<int16_t, 2, 1>(i16, i16, &n, &n)",
        "Broadcast<int32_t, 2, 0>(i32, i32, &n, &n, u8)", "BroadCast<uint16_t, 2, 0>(u16, u16, &n, &n)",
        "Broadcast<uint32_t, 1, 0>(u32, u32, &n, &n)", "Broadcast<half, 2, 1>(h, h, &n, &n, u8)",
        "Broadcast<int8_t, 1, 0>(i8, i8, &n, &n)",
    ],
    "reduce": [
        "ReduceSum(f, f, f2, 64)", "ReduceSum<float, false>(f, f, f2, 64)", "ReduceMax(h, h, h2, 128, true)",
        "ReduceMin(f, f, f2, 64)", "ReduceSum(f, f, f2, 64, 1, 8)", "ReduceMax(f, f, f2, cmask, 1, 8, true)",
        "ReduceMin(h, h, h2, mask, 2, 8)", "WholeReduceSum(f, f, 64, 1, 1, 1, 8)",
        "WholeReduceMax(h, h, mask, 1, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE)", "WholeReduceMin(f, f, 64, 2, 1, 1, 8)",
        "BlockReduceSum(f, f, 1, 64, 1, 1, 8)", "BlockReduceMax(h, h, 1, mask, 1, 1, 8)",
        "RepeatReduceSum(f, f, 1, 64, 0, 1, 1, 8)", "ReduceRepeat<ReduceType::SUM>(f, f, 64, 1, 1, 1, 8)",
        "ReduceDataBlock<ReduceType::MAX>(h, h, mask, 1, 1, 1, 8)",
    ],
    # AscendC::Std's type traits, as asc-devkit's type_traits example uses them (values checked at compile time).
    "std_traits": [
        "static_assert(Std::is_void<const volatile void>::value && !Std::is_void<void*>::value)",
        "static_assert(Std::is_integral<bool>::value && !Std::is_floating_point<int>::value)",
        "static_assert(Std::is_same_v<Std::add_cv_t<int>, const volatile int>)",
        "static_assert(Std::is_same_v<Std::remove_pointer_t<int**>, int*> && Std::is_pointer<int*>::value)",
        "static_assert(Std::is_same_v<Std::add_lvalue_reference_t<int>, int&> && Std::is_reference<int&&>::value)",
        "static_assert(Std::is_const<Std::add_const_t<int>>::value && Std::is_array<int[2]>::value)",
        "static_assert(Std::is_same_v<Std::remove_volatile_t<volatile int>, int>)",
        "static_assert(Std::is_same_v<typename Std::remove_reference<int&>::type, int>)",
    ],
}

# Statements CANN accepts when the kernel is compiled for Ascend310P (arch 2002).
MUST_COMPILE_310P = [
    "Add(h, h, h2, 64)", "Cast(f, h, RoundMode::CAST_NONE, 64)", "Cast(h, f, RoundMode::CAST_ODD, 64)",
    "DataCopy(h, gh, 64)", "Duplicate(u16, uint16_t(7), 64)", "Adds(f, f, 1.0f, 64)",
]

MUST_NOT_COMPILE: list[Reject] = [
    # The five snippets of issue 19.
    Reject("scalar", "float_scalar_on_half_maxs", "Maxs", "Maxs(h, h, 1.5f, 64)"),
    Reject("scalar", "double_scalar_on_float_adds", "Adds", "Adds(f, f, 1.0, 64)"),
    Reject("scalar", "int_scalar_on_half_muls", "Muls", "Muls(h, h, 2, 64)"),
    Reject("binary", "mixed_dtypes_add", "Add", "Add(h, f, h, 64)"),
    Reject("unary", "exp_on_int32", "Exp", "Exp(i32, i32, 64)"),
    # Tensor-scalar APIs: the scalar has the element type exactly; the dtype tables.
    Reject("scalar", "int_scalar_on_int16", "Adds", "Adds(i16, i16, 2, 64)"),
    Reject("scalar", "unsigned_scalar_on_int32", "Adds", "Adds(i32, i32, 1u, 64)"),
    Reject("scalar", "float_scalar_mask_form", "Mins", "Mins(h, h, 0.5f, mask, 1, up)"),
    Reject("scalar", "float_slope_on_half", "LeakyRelu", "LeakyRelu(h, h, 0.1f, 64)"),
    Reject("scalar", "int_shift_on_uint32", "ShiftLeft", "ShiftLeft(u32, u32, 1, 64)"),
    Reject("scalar", "int_shift_on_int16", "ShiftRight", "ShiftRight(i16, i16, 1, 64)"),
    Reject("scalar", "adds_on_uint16", "Adds", "Adds(u16, u16, uint16_t(1), 64)"),
    Reject("scalar", "leaky_relu_on_int32", "LeakyRelu", "LeakyRelu(i32, i32, 1, 64)"),
    Reject("scalar", "shift_on_float", "ShiftLeft", "ShiftLeft(f, f, 1.0f, 64)"),
    Reject("scalar", "mixed_tensors", "Adds", "Adds(h, f, half(1), 64)"),
    Reject("scalar", "const_mask_list", "Adds", "Adds<half, false>(h, h, half(1), MASK_PLACEHOLDER_LIST, 1, up)"),
    Reject("scalar", "duplicate_float_on_half", "Duplicate", "Duplicate(h, 0.0f, 64)"),
    Reject("scalar", "duplicate_int_on_float", "Duplicate", "Duplicate(f, 0, 64)"),
    Reject("scalar", "duplicate_int8", "Duplicate", "Duplicate(i8, int8_t(0), 64)"),
    Reject("scalar", "axpy_float_scalar_half_src", "Axpy", "Axpy(f, h, 2.0f, 64)"),
    Reject("scalar", "axpy_int32", "Axpy", "Axpy(i32, i32, 2, 64)"),
    # Binary.
    Reject("binary", "mixed_int32_src1", "Sub", "Sub(f, f, i32, 64)"),
    Reject("binary", "div_on_int32", "Div", "Div(i32, i32, i32, 64)"),
    Reject("binary", "and_on_float", "And", "And(f, f, f2, 64)"),
    Reject("binary", "max_on_uint8", "Max", "Max(u8, u8, u8, 64)"),
    Reject("binary", "const_bit_mask", "Mul", "Mul(f, f, f2, cmask, 1, bp)"),
    Reject("binary", "global_operand", "Add", "Add(f, f, gf, 64)"),
    Reject("binary", "missing_count", "Add", "Add(f, f, f2)"),
    # Unary.
    Reject("unary", "ln_on_int16", "Ln", "Ln(i16, i16, 64)"),
    Reject("unary", "sqrt_on_int32", "Sqrt", "Sqrt(i32, i32, 64)"),
    Reject("unary", "not_on_float", "Not", "Not(f, f, 64)"),
    Reject("unary", "relu_on_int16", "Relu", "Relu(i16, i16, 64)"),
    Reject("unary", "exp_mixed", "Exp", "Exp(h, f, 64)"),
    Reject("unary", "relu_const_mask", "Relu", "Relu(f, f, cmask, 1, up)"),
    # Cast.
    Reject("cast", "half_to_half", "Cast", "Cast(h, h2, RoundMode::CAST_NONE, 64)"),
    Reject("cast", "half_to_bf16", "Cast", "Cast(bf, h, RoundMode::CAST_RINT, 64)"),
    Reject("cast", "float_to_int8", "Cast", "Cast(i8, f, RoundMode::CAST_RINT, 64)"),
    Reject("cast", "uint8_to_float", "Cast", "Cast(f, u8, RoundMode::CAST_NONE, 64)"),
    Reject("cast", "int_round_mode", "Cast", "Cast(f, h, 0, 64)"),
    Reject("cast", "global_src", "Cast", "Cast(f, gh, RoundMode::CAST_NONE, 64)"),
    # DataCopy / DataCopyPad.
    Reject("copy", "gm_dtype_differs", "DataCopy", "DataCopy(f, gh, 64)"),
    Reject("copy", "ub_to_gm_dtype_differs", "DataCopy", "DataCopy(gh, f, 64)"),
    Reject("copy", "ub_dtype_differs", "DataCopy", "DataCopy(h, f, 64)"),
    Reject("copy", "pad_value_type_differs", "DataCopyPad",
           "DataCopyPad(h, gh, ext, DataCopyPadExtParams<float>(false, 0, 0, 0.0f))"),
    Reject("copy", "pad_dtype_differs", "DataCopyPad", "DataCopyPad(gf, h, ext)"),
    Reject("copy", "ext_params_four_values", "DataCopyExtParams", "DataCopyExtParams e(1, 64, 0, 0); (void)e"),
    # Compare / Select.
    Reject("cmpsel", "compares_float_on_half", "Compares", "Compares(u8, h, 0.0f, CMPMODE::LT, 128)"),
    Reject("cmpsel", "compare_scalar_double", "CompareScalar", "CompareScalar(u8, f, 0.0, CMPMODE::LT, 64)"),
    Reject("cmpsel", "compare_mixed", "Compare", "Compare(u8, h, f, CMPMODE::LT, 64)"),
    Reject("cmpsel", "compare_on_int16", "Compare", "Compare(u8, i16, i16, CMPMODE::EQ, 128)"),
    Reject("cmpsel", "select_float_on_half", "Select",
           "Select(h, u8, h, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, 128)"),
    Reject("cmpsel", "select_mixed", "Select", "Select(f, u8, f, h, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64)"),
    Reject("cmpsel", "select_on_int32", "Select", "Select(i32, u8, i32, i32, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64)"),
    Reject("cmpsel", "select_const_mask", "Select", "Select(f, u8, f, f2, SELMODE::VSEL_CMPMASK_SPR, cmask, 1, bp)"),
    # Reductions.
    Reject("reduce", "sum_on_int32", "ReduceSum", "ReduceSum(i32, i32, i32, 64)"),
    Reject("reduce", "sum_mixed", "ReduceSum", "ReduceSum(f, h, f, 64)"),
    Reject("reduce", "max_tmp_mixed", "ReduceMax", "ReduceMax(h, h, f, 128)"),
    Reject("reduce", "whole_on_int16", "WholeReduceSum", "WholeReduceSum(i16, i16, 64, 1, 1, 1, 8)"),
    Reject("reduce", "block_mixed", "BlockReduceMax", "BlockReduceMax(f, h, 1, 64, 1, 1, 8)"),
]

# Refused only when the kernel is compiled for Ascend310P (arch 2002): the SoC lacks the API or the dtype.
MUST_NOT_COMPILE_310P: list[Reject] = [
    Reject("soc", "pad_on_310p", "DataCopyPad", "DataCopyPad(gh, h, ext)"),
    Reject("soc", "bf16_cast_on_310p", "Cast", "Cast(bf, f, RoundMode::CAST_RINT, 64)"),
    Reject("soc", "bf16_source_on_310p", "Cast", "Cast(f, bf, RoundMode::CAST_NONE, 64)"),
    Reject("soc", "bf16_fill_on_310p", "Duplicate", "Duplicate(bf, bfloat16_t(0.0f), 64)"),
]

_SOCS = {"910b": (), "310p": ("-DOPKIT_SOC_ARCH=2002",)}


def _flags(soc: str) -> list[str]:
    return ["-std=c++17", "-Wall", "-Wextra", "-Werror", *_SOCS[soc], f"-I{opkit.include_dir()}"]


@pytest.fixture(scope="module")
def prelude(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One precompiled prelude per SoC; a unit that includes it first parses in a fraction of the time."""
    dirs: dict[str, Path] = {}
    for soc in _SOCS:
        d = tmp_path_factory.mktemp(f"prelude-{soc}")
        (d / "prelude.h").write_text(_PRELUDE)
        proc = subprocess.run([CXX, *_flags(soc), "-x", "c++-header", str(d / "prelude.h"), "-o",
                               str(d / "prelude.h.gch")], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-4000:]
        dirs[soc] = d
    return dirs


def _parse(prelude_dir: Path, soc: str, name: str, body: str) -> subprocess.CompletedProcess[str]:
    src = prelude_dir / f"{name}.cpp"
    src.write_text(f'#include "prelude.h"\n{body}')
    return subprocess.run([CXX, *_flags(soc), "-Winvalid-pch", f"-I{prelude_dir}", "-fsyntax-only", str(src)],
                          capture_output=True, text=True)


def _batch(statements: list[str]) -> str:
    return "".join(f"void case_{i}() {{ {s}; }}\n" for i, s in enumerate(statements))


@pytest.mark.parametrize("family", sorted(MUST_COMPILE))
def test_calls_cann_accepts_compile(prelude: dict[str, Path], family: str) -> None:
    proc = _parse(prelude["910b"], "910b", f"accept_{family}", _batch(MUST_COMPILE[family]))
    assert proc.returncode == 0, proc.stderr[-6000:]


def test_calls_cann_accepts_on_310p_compile(prelude: dict[str, Path]) -> None:
    proc = _parse(prelude["310p"], "310p", "accept_310p", _batch(MUST_COMPILE_310P))
    assert proc.returncode == 0, proc.stderr[-6000:]


def _errors(proc: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in proc.stderr.splitlines() if "error:" in line]


def _check_rejections(prelude_dir: Path, soc: str, cases: list[Reject]) -> None:
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        procs = list(pool.map(lambda c: _parse(prelude_dir, soc, f"reject_{c.family}_{c.case}",
                                               f"void case_0() {{ {c.code}; }}\n"), cases))
    failures = []
    for case, proc in zip(cases, procs):
        errors = _errors(proc)
        if proc.returncode == 0:
            failures.append(f"{case.family}/{case.case}: `{case.code}` compiled; CANN refuses it")
        elif not any(re.search(rf"\b{case.api}\b", e) for e in errors):
            failures.append(f"{case.family}/{case.case}: no error names {case.api}:\n" + "\n".join(errors[:3]))
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("family", sorted({c.family for c in MUST_NOT_COMPILE}))
def test_calls_cann_refuses_are_refused_naming_the_api(prelude: dict[str, Path], family: str) -> None:
    _check_rejections(prelude["910b"], "910b", [c for c in MUST_NOT_COMPILE if c.family == family])


def test_apis_and_dtypes_the_soc_lacks_are_refused(prelude: dict[str, Path]) -> None:
    _check_rejections(prelude["310p"], "310p", MUST_NOT_COMPILE_310P)


def test_unmatched_call_gets_one_sentence_not_a_candidate_list(prelude: dict[str, Path]) -> None:
    proc = _parse(prelude["910b"], "910b", "message", "void case_0() { Maxs(h, h, 1.5f, 64); }\n")
    errors = _errors(proc)
    assert len(errors) == 1, proc.stderr
    assert "Maxs: no overload of Maxs that CANN declares accepts these arguments" in errors[0]
    assert "scalarValue of type T exactly" in errors[0]
    assert "no matching function" not in proc.stderr


def test_unqualified_block_queries_compile_with_and_without_using_namespace(tmp_path: Path) -> None:
    """CANN's AddN tutorial calls GetBlockNum() unqualified inside ASSERT in a class template, without `using namespace
    AscendC` (its NPU build drops ASSERT's argument unread); kernels with the using-directive call it unqualified too."""
    src = tmp_path / "blocks.cpp"
    src.write_text('#include "kernel_operator.h"\n'
                   "template <typename T> struct K { int64_t n() { ASSERT(GetBlockNum() != 0 && \"dim\"); "
                   "return AscendC::GetBlockNum() + GetBlockIdx(); } };\n"
                   "int64_t a() { return K<float>().n(); }\n"
                   "namespace user { using namespace AscendC; int64_t b() { return GetBlockNum() * GetBlockIdx(); } }\n"
                   "using namespace AscendC;\nint64_t c() { return GetBlockNum() - GetBlockIdx(); }\n")
    proc = subprocess.run([CXX, *_flags("910b"), "-fsyntax-only", str(src)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_cpu_debug_and_tiling_headers_bring_memcpy_s(tmp_path: Path) -> None:
    """CANN's tikicpulib.h and tiling/tiling_api.h bring securec's memcpy_s: host programs call it unqualified."""
    for header in ("tikicpulib.h", "tiling/tiling_api.h"):
        src = tmp_path / "memcpy_s.cpp"
        src.write_text(f'#include "{header}"\nint f(char* d, const char* s) {{ return memcpy_s(d, 8, s, 8); }}\n')
        proc = subprocess.run([CXX, *_flags("910b"), "-fsyntax-only", str(src)], capture_output=True, text=True)
        assert proc.returncode == 0, f"{header}: {proc.stderr[-2000:]}"
