// Cast to and from int4b_t (two values to a byte, the first in the low nibble), count and mask forms, against
// hand-written tables and an independent packing of the nibbles. A part of vec_cmp_reduce_test.cpp (included there).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "vec_harness.h"

namespace vec_cast_int4_cases {

using namespace AscendC;
using vt::alloc;

// The value at index i of packed int4 bytes, decoded here without the simulator's helpers.
inline int nibble(const uint8_t* bytes, uint32_t i) {
  const int v = (i & 1) ? (bytes[i / 2] >> 4) : (bytes[i / 2] & 0xF);
  return v >= 8 ? v - 16 : v;
}

CASE("cast", half_to_int4_every_mode) {
  const float xs[] = {2.5f, -2.5f, 3.5f, -0.5f, 1.2f, -1.7f, 7.4f, 7.5f, -8.5f, -9.0f, 100.0f, -100.0f,
                      INFINITY, -INFINITY, NAN, 0.5f};
  // columns: NONE RINT FLOOR CEIL ROUND TRUNC (rounded, then saturated to [-8, 7]; NaN -> 0)
  const int want[][6] = {{2, 2, 2, 3, 3, 2}, {-2, -2, -3, -2, -3, -2}, {4, 4, 3, 4, 4, 3}, {0, 0, -1, 0, -1, 0},
                         {1, 1, 1, 2, 1, 1}, {-2, -2, -2, -1, -2, -1}, {7, 7, 7, 7, 7, 7}, {7, 7, 7, 7, 7, 7},
                         {-8, -8, -8, -8, -8, -8}, {-8, -8, -8, -8, -8, -8}, {7, 7, 7, 7, 7, 7},
                         {-8, -8, -8, -8, -8, -8}, {7, 7, 7, 7, 7, 7}, {-8, -8, -8, -8, -8, -8}, {0, 0, 0, 0, 0, 0},
                         {0, 0, 0, 1, 1, 0}};
  const RoundMode modes[] = {RoundMode::CAST_NONE, RoundMode::CAST_RINT, RoundMode::CAST_FLOOR,
                             RoundMode::CAST_CEIL, RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC};
  const uint32_t n = 16;
  auto src = alloc<half>(n);
  auto bytes = alloc<uint8_t>(n / 2);
  auto dst = bytes.ReinterpretCast<int4b_t>();
  CHECK(dst.GetSize() == n / 2, "an int4b_t view of 8 bytes counts 8 bytes");
  for (uint32_t i = 0; i < n; ++i) src.GetPhyAddr()[i] = half(xs[i]);
  for (int m = 0; m < 6; ++m) {
    Cast(dst, src, modes[m], n);
    for (uint32_t i = 0; i < n; ++i) {
      CHECK(nibble(bytes.GetPhyAddr(), i) == want[i][m], "half->int4 mode ", int(modes[m]), " x=", xs[i], " got ",
            nibble(bytes.GetPhyAddr(), i), " want ", want[i][m]);
    }
  }
  // Value 0 in the low nibble: 3 and -2 pack as 0xE3.
  src.GetPhyAddr()[0] = half(3.0f);
  src.GetPhyAddr()[1] = half(-2.0f);
  Cast(dst, src, RoundMode::CAST_RINT, 2);
  CHECK(bytes.GetPhyAddr()[0] == 0xE3, "packing: got ", int(bytes.GetPhyAddr()[0]));
  vt::expect_fault([&] { Cast(dst, src, RoundMode::CAST_ODD, n); }, "round mode 6 is not supported for Cast from half");
}

// An odd count writes the low nibble of the last byte and keeps its high nibble.
CASE("cast", half_to_int4_odd_count_and_random) {
  const uint32_t n = 1024;
  auto src = alloc<half>(n);
  auto bytes = alloc<uint8_t>(n / 2);
  auto dst = bytes.ReinterpretCast<int4b_t>();
  vt::fill_random(src, -10, 9);
  for (RoundMode m : {RoundMode::CAST_CEIL, RoundMode::CAST_FLOOR, RoundMode::CAST_TRUNC}) {
    Cast(dst, src, m, n);
    for (uint32_t i = 0; i < n; ++i) {
      const double x = double(float(src.GetPhyAddr()[i]));
      const double r = m == RoundMode::CAST_CEIL    ? std::ceil(x)
                       : m == RoundMode::CAST_FLOOR ? std::floor(x)
                                                    : std::trunc(x);
      const int w = int(std::fmin(7.0, std::fmax(-8.0, r)));
      CHECK(nibble(bytes.GetPhyAddr(), i) == w, "half->int4 random mode ", int(m), " x=", x);
    }
  }
  bytes.GetPhyAddr()[2] = 0x5A;
  src.GetPhyAddr()[4] = half(-1.0f);
  Cast(dst, src, RoundMode::CAST_NONE, 5);
  CHECK(bytes.GetPhyAddr()[2] == 0x5F, "odd count keeps the high nibble: got ", int(bytes.GetPhyAddr()[2]));
}

CASE("cast", int4_to_half_every_byte) {
  const uint32_t n = 512;
  auto bytes = alloc<uint8_t>(n / 2);
  for (uint32_t b = 0; b < 256; ++b) bytes.GetPhyAddr()[b] = uint8_t(b);
  auto src = bytes.ReinterpretCast<int4b_t>();
  auto dst = alloc<half>(n);
  Cast(dst, src, RoundMode::CAST_NONE, n);
  for (uint32_t i = 0; i < n; ++i) {
    const int lo = int(i / 2) & 0xF, hi = int(i / 2) >> 4;
    const int w = (i & 1) ? (hi >= 8 ? hi - 16 : hi) : (lo >= 8 ? lo - 16 : lo);
    CHECK(float(dst.GetPhyAddr()[i]) == float(w), "int4->half ", i, " got ", float(dst.GetPhyAddr()[i]));
  }
  vt::expect_fault([&] { Cast(dst, src, RoundMode::CAST_RINT, n); },
                   "round mode 1 is not supported for Cast from int4b_t");
}

// Mask form as CANN's Cast example calls it: 128 slots a repeat, the int4 dst advancing 2 blocks (128 values) a
// repeat; then a partial mask with a wider dst repeat stride, whose gaps keep their bytes.
CASE("cast", int4_mask_form) {
  const uint32_t n = 512;
  auto src = alloc<half>(n);
  auto bytes = alloc<uint8_t>(n);
  auto dst = bytes.ReinterpretCast<int4b_t>();
  vt::fill_random(src, -9, 8);
  Cast<int4b_t, half>(dst, src, RoundMode::CAST_CEIL, uint64_t(128), 4, {1, 1, 2, 8});
  for (uint32_t i = 0; i < n; ++i) {
    const int w = int(std::fmin(7.0, std::fmax(-8.0, std::ceil(double(float(src.GetPhyAddr()[i]))))));
    CHECK(nibble(bytes.GetPhyAddr(), i) == w, "mask form value ", i);
  }
  for (uint32_t i = 0; i < n; ++i) bytes.GetPhyAddr()[i] = 0x77;
  // 40 slots of 2 repeats; dst repeats 4 blocks (256 values) apart, src 8 blocks (128 values).
  Cast<int4b_t, half>(dst, src, RoundMode::CAST_FLOOR, uint64_t(40), 2, {1, 1, 4, 8});
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t j = 0; j < 256; ++j) {
      const int got = nibble(bytes.GetPhyAddr(), r * 256 + j);
      const double x = double(float(src.GetPhyAddr()[r * 128 + j]));
      const int w = j < 40 ? int(std::fmin(7.0, std::fmax(-8.0, std::floor(x)))) : 7;
      CHECK(got == w, "strided mask form ", r, " ", j, " got ", got, " want ", w);
    }
  }
  // int4 -> half, bit mask: slots 0..63 off, 64..127 on; the half dst advances 8 blocks.
  auto back = alloc<half>(n);
  for (uint32_t i = 0; i < n; ++i) back.GetPhyAddr()[i] = half(100.0f);
  const uint64_t bits[2] = {0, ~0ull};
  Cast(back, dst, RoundMode::CAST_NONE, bits, 2, UnaryRepeatParams(1, 1, 8, 4));
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t j = 0; j < 128; ++j) {
      const float w = j < 64 ? 100.0f : float(nibble(bytes.GetPhyAddr(), r * 256 + j));
      CHECK(float(back.GetPhyAddr()[r * 128 + j]) == w, "int4->half mask ", r, " ", j);
    }
  }
  vt::expect_fault([&] { Cast<int4b_t, half>(dst, src, RoundMode::CAST_CEIL, uint64_t(128), 40, {1, 1, 2, 8}); },
                   "Cast");
}

}  // namespace vec_cast_int4_cases
