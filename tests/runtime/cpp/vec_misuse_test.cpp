// Every operand/argument check of the vector instructions, triggered on purpose, with its message.
#include <cstdint>

#include "vec_harness.h"

using namespace AscendC;
using vt::alloc;
using vt::expect_fault;

namespace {

CASE("misuse", operand_location_alignment_size) {
  auto a = alloc<float>(256), b = alloc<float>(256);
  auto unaligned = vt::d::make_local(reinterpret_cast<float*>(vt::g_ub + 16), 64);
  expect_fault([&] { Add(a, unaligned, b, 64); }, "[Add] src0 starts at UB offset 16, which is not 32-byte aligned");
  static float outside[64];
  auto host = vt::d::make_local(outside, 64);
  expect_fault([&] { Exp(host, a, 64); }, "[Exp] dst is not a tensor in this block's Unified Buffer");
  expect_fault([&] { Mul(a, a, b, 300); }, "[Mul] dst needs 1200 bytes but the tensor holds 1024 bytes (256 elements)");
  expect_fault([&] { Adds(a, b, 1.0f, -1); }, "[Adds] count -1 is negative");
  // Mask form: strides make the last repeat reach past the tensor.
  expect_fault([&] { Add(a, a, b, uint64_t(64), 4, BinaryRepeatParams(1, 1, 1, 8, 8, 16)); },
               "[Add] src1 needs 1792 bytes but the tensor holds 1024 bytes");
}

CASE("misuse", masks_and_repeats) {
  auto a = alloc<float>(256);
  auto h = alloc<half>(256);
  expect_fault([&] { Add(a, a, a, uint64_t(64), 256, BinaryRepeatParams()); }, "repeatTimes 256 is outside [0, 255]");
  expect_fault([&] { Add(a, a, a, uint64_t(65), 1, BinaryRepeatParams()); },
               "mask 65 is outside [1, 64] (elements per repeat for this type, in normal mask mode; an element "
               "count over a repeat needs counter mode: SetMaskCount())");
  expect_fault([&] { Exp(h, h, uint64_t(0), 1, UnaryRepeatParams()); }, "mask 0 is outside [1, 128]");
  uint64_t high[2] = {1, 1};
  expect_fault([&] { Relu(a, a, high, 1, UnaryRepeatParams()); },
               "mask[1] is 1 but 32-bit operands have 64 elements per repeat; it must be 0");
  uint64_t none[2] = {0, 0};
  expect_fault([&] { Relu(h, h, none, 1, UnaryRepeatParams()); }, "mask[0] and mask[1] are both 0");
  expect_fault([] { SetVectorMask<float>(65); }, "[SetVectorMask] len 65 is outside [0, 64]");
  Add(a, a, a, uint64_t(64), 0, BinaryRepeatParams());  // repeatTimes 0 is a no-op, not an error
  // The same mask of 156 in counter mode (SetMaskCount) is an element count, as CANN's SetVectorMask<T, COUNTER>:
  // 156 floats (two full repeats and 28) doubled, the rest untouched.
  Duplicate(a, 1.0f, 256);
  SetMaskCount();
  Add(a, a, a, uint64_t(156), 1, BinaryRepeatParams());
  SetMaskNorm();
  CHECK(a.GetValue(0) == 2.0f && a.GetValue(155) == 2.0f && a.GetValue(156) == 1.0f, "counter mode: 156 elements");
}

CASE("misuse", instruction_specific) {
  auto f = alloc<float>(256);
  auto bits = alloc<uint8_t>(64);
  auto i32 = alloc<int32_t>(64);
  expect_fault([&] { Compare(bits, f, f, CMPMODE::LT, 32); },
               "[Compare] count 32 x 4 bytes = 128 bytes is not a multiple of 256 bytes");
  expect_fault([&] { Compare(bits, i32, i32, CMPMODE::LT, 64); }, "int32_t operands support CMPMODE::EQ only");
  expect_fault([&] { Select(f, bits, f, f, SELMODE::VSEL_TENSOR_SCALAR_MODE, 64); },
               "VSEL_TENSOR_SCALAR_MODE needs a scalar src1");
  expect_fault([&] { Select(f, bits, f, 1.0f, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64); },
               "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE");
  expect_fault([&] { ShiftLeft(i32, i32, 32, 64); }, "[ShiftLeft] shift 32 is outside [0, 31]");
  expect_fault([&] { ReduceSum(f, f, f, 0); }, "[ReduceSum] count is 0");
  auto tiny = alloc<float>(8), small = alloc<float>(4);
  expect_fault([&] { ReduceMax(f, f, small, 256, true); },
               "[ReduceMax] sharedTmpBuffer needs 32 bytes but the tensor holds 16 bytes");
  expect_fault([&] { ReduceMax(f, f, tiny, 256 * 8, false); }, "[ReduceMax] src needs 8192 bytes");
  expect_fault([&] { WholeReduceSum(f, f, uint64_t(64), 2, -1, 1, 8); }, "strides must not be negative");
  expect_fault([&] { Cast(f, i32, RoundMode::CAST_RINT, 100); }, "[Cast] src needs 400 bytes");
}

// Each family's faults name the kernel's line: `at(__LINE__, "Api")` is "[vec_misuse_test.cpp:<line>][Api]", and every
// call below sits on the same line as its expect_fault.
std::string at(int line, const char* api) { return vt::d::cat("[vec_misuse_test.cpp:", line, "][", api, "]"); }

CASE("located", elementwise_faults_name_the_line) {
  auto a = alloc<float>(256), b = alloc<float>(256);
  auto h = alloc<half>(256);
  auto i = alloc<int32_t>(64);
  uint64_t bits[2] = {~0ull, 0};
  expect_fault([&] { Add(a, a, b, 300); }, at(__LINE__, "Add"));
  expect_fault([&] { Add(a, a, b, uint64_t(64), 256, BinaryRepeatParams()); }, at(__LINE__, "Add"));
  expect_fault([&] { Exp(a, b, bits, 9, UnaryRepeatParams()); }, at(__LINE__, "Exp"));
  expect_fault([&] { Muls(a, b, 2.0f, -1); }, at(__LINE__, "Muls"));
  expect_fault([&] { Muls(h, h, half(2.0f), uint64_t(0), 1, UnaryRepeatParams()); }, at(__LINE__, "Muls"));
  const UnaryRepeatParams up;
  expect_fault([&] { ShiftRight(i, i, int32_t(40), uint64_t(64), 1, up); }, at(__LINE__, "ShiftRight"));
  expect_fault([&] { Duplicate(a, 1.0f, 300); }, at(__LINE__, "Duplicate"));
  expect_fault([&] { Axpy(a, b, 1.0f, 300); }, at(__LINE__, "Axpy"));
  expect_fault([&] { Relu(a, b, 300); }, at(__LINE__, "Relu"));
  expect_fault([] { SetVectorMask<float>(65); }, at(__LINE__, "SetVectorMask"));
  expect_fault([&] { Gelu(a, b, 300u); }, at(__LINE__, "Gelu"));
}

CASE("located", cast_faults_name_the_line) {
  auto f = alloc<float>(256);
  auto h = alloc<half>(64);
  uint64_t bits[2] = {~0ull, 0};
  expect_fault([&] { Cast(h, f, RoundMode::CAST_RINT, 100); }, at(__LINE__, "Cast"));
  expect_fault([&] { Cast(f, h, RoundMode::CAST_NONE, uint64_t(64), 2, UnaryRepeatParams()); }, at(__LINE__, "Cast"));
  expect_fault([&] { Cast(f, h, RoundMode::CAST_NONE, bits, 300, UnaryRepeatParams()); }, at(__LINE__, "Cast"));
}

CASE("located", compare_select_faults_name_the_line) {
  auto f = alloc<float>(256);
  auto bits = alloc<uint8_t>(64);
  uint64_t mask[2] = {~0ull, 0};
  expect_fault([&] { Compare(bits, f, f, CMPMODE::LT, 32); }, at(__LINE__, "Compare"));
  expect_fault([&] { Compare(bits, f, f, CMPMODE::LT, mask, 300, BinaryRepeatParams()); }, at(__LINE__, "Compare"));
  expect_fault([&] { CompareScalar(bits, f, 1.0f, CMPMODE::LT, 32); }, at(__LINE__, "CompareScalar"));
  expect_fault([&] { Select(f, bits, f, f, SELMODE::VSEL_TENSOR_SCALAR_MODE, 64); }, at(__LINE__, "Select"));
  expect_fault([&] { Select(f, bits, f, 1.0f, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64); }, at(__LINE__, "Select"));
  expect_fault([&] { Select(f, bits, f, f, SELMODE::VSEL_TENSOR_TENSOR_MODE, 512); }, at(__LINE__, "Select"));
}

CASE("located", reduce_faults_name_the_line) {
  auto f = alloc<float>(256);
  auto small = alloc<float>(4);
  expect_fault([&] { ReduceSum(f, f, f, 0); }, at(__LINE__, "ReduceSum"));
  expect_fault([&] { ReduceMax(f, f, small, 256, true); }, at(__LINE__, "ReduceMax"));
  expect_fault([&] { WholeReduceSum(f, f, uint64_t(64), 2, -1, 1, 8); }, at(__LINE__, "WholeReduceSum"));
  expect_fault([&] { BlockReduceMax(f, f, 300, 64, 1, 1, 8); }, at(__LINE__, "BlockReduceMax"));
}

}  // namespace
