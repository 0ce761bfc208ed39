// half / bfloat16_t: portable conversions against F16C (exhaustive over half), rounding, arithmetic, bulk paths.
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "kernel_utils.h"   // CANN's kernels include it by this name (e.g. for its constants)
#include "vec_harness.h"

namespace {

namespace d = opkit::sim::detail;

CASE("numeric", half_to_float_all_65536) {
  for (uint32_t b = 0; b < 65536; ++b) {
    const float p = d::half_bits_to_float_portable(uint16_t(b));
#if defined(__F16C__)
    const float f = d::half_bits_to_float_f16c(uint16_t(b));
    CHECK(d::float_bits(p) == d::float_bits(f), "half bits ", b, ": portable ", p, " vs F16C ", f);
#endif
    // Round trip: every half survives float and back.
    CHECK(d::float_to_half_bits_portable(p) == (((b & 0x7c00) == 0x7c00 && (b & 0x3ff)) ? (b | 0x200) : b),
          "round trip of ", b);
  }
}

void agree(float x) {
  const uint16_t p = d::float_to_half_bits_portable(x);
#if defined(__F16C__)
  const uint16_t f = d::float_to_half_bits_f16c(x);
  CHECK(p == f, "float bits ", d::float_bits(x), " (", x, "): portable ", p, " vs F16C ", f);
#endif
  // Independent check: the result is the nearest half (ties to even), computed in double on magnitudes.
  const uint16_t m = p & 0x7fff;
  if (std::isfinite(x) && m < 0x7c00) {
    const double a = std::fabs(double(x)), g = d::half_bits_to_float_portable(m);
    const double gap = a >= g ? double(d::half_bits_to_float_portable(uint16_t(m + 1))) - g
                              : g - double(d::half_bits_to_float_portable(uint16_t(m - 1)));
    CHECK(std::fabs(a - g) <= gap / 2, "not the nearest half: ", x);
  }
}

CASE("numeric", float_to_half_boundaries_and_sweep) {
  for (uint32_t b = 0; b < 0x7c00; ++b) {  // every finite positive half, both signs
    for (uint32_t sign : {0u, 0x8000u}) {
      const float h = d::half_bits_to_float_portable(uint16_t(b | sign));
      const float next = d::half_bits_to_float_portable(uint16_t((b + 1) | sign));
      const float mid = float((double(h) + double(next)) / 2);  // exact: 12 significant bits
      for (int k = -2; k <= 2; ++k) {
        agree(d::bits_float(d::float_bits(h) + k));
        agree(d::bits_float(d::float_bits(mid) + k));
      }
    }
  }
  for (uint64_t b = 0; b < (1ull << 32); b += 251) agree(d::bits_float(uint32_t(b)));
  agree(INFINITY);
  agree(-INFINITY);
  CHECK(d::float_to_half_bits_portable(65520.0f) == 0x7c00 && d::float_to_half_bits_portable(65519.99f) == 0x7bff, "");
  CHECK(d::float_to_half_bits_portable(std::ldexp(1.0f, -25)) == 0, "2^-25 ties to even (0)");
  CHECK(d::float_to_half_bits_portable(std::ldexp(1.5f, -25)) == 1, "1.5*2^-25 rounds up to the smallest subnormal");
  CHECK((d::float_to_half_bits_portable(NAN) & 0x7fff) > 0x7c00, "NaN stays NaN");
}

CASE("numeric", bfloat16_rounding) {
  for (int i = 0; i < 1000000; ++i) {
    const float x = d::bits_float(uint32_t(vt::next_u64()));
    const uint16_t b = d::float_to_bf16_bits(x);
    if (std::isnan(x)) {
      CHECK(std::isnan(d::bf16_bits_to_float(b)), "bf16 NaN");
      continue;
    }
    const uint32_t u = d::float_bits(x), lo = u & 0xffff0000u, hi = lo + 0x10000u;
    const double dl = std::fabs(double(x) - double(d::bits_float(lo)));
    // A result of inf counts as 2^128 in magnitude (where the exponent would continue).
    const double hv = std::isinf(d::bits_float(hi)) ? std::copysign(std::ldexp(1.0, 128), double(x))
                                                     : double(d::bits_float(hi));
    const double dh = std::fabs(hv - double(x));
    const uint32_t want = dl < dh ? lo : dh < dl ? hi : (((lo >> 16) & 1) ? hi : lo);
    CHECK(uint32_t(b) << 16 == want, "bf16 of ", x);
  }
  CHECK(float(bfloat16_t(1.0f + std::ldexp(1.0f, -8))) == 1.0f, "tie to even");
  CHECK(std::isinf(float(bfloat16_t(3.4e38f))), "overflow to inf");
}

CASE("numeric", compiler_float_names_and_scalar_bf16_casts) {
  // The kernel compiler's own names, and asc-devkit's scalar bfloat16_t <-> float (kernel_scalar_convert.h).
  static_assert(std::is_same_v<float16_t, half> && std::is_same_v<float32_t, float> &&
                std::is_same_v<float64_t, double>, "bisheng's float16_t/float32_t/float64_t");
  const float up = 1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -12);   // above the tie: rounds up
  CHECK(AscendC::ToFloat(AscendC::ToBfloat16(up)) == 1.0f + std::ldexp(1.0f, -7), "ToBfloat16 rounds to nearest");
  CHECK(AscendC::Cast(AscendC::Cast(1.0f + std::ldexp(1.0f, -8))) == 1.0f, "a tie goes to even");
  CHECK(AscendC::Cast(bfloat16_t(-2.5f)) == -2.5f && std::isnan(AscendC::ToFloat(AscendC::ToBfloat16(NAN))), "");
  const float16_t h = float32_t(0.5f);
  CHECK(float(h) == 0.5f, "float16_t holds halves");
}

CASE("numeric", double_and_int_conversions) {
  // (float)d would make a tie here (double rounding); half(double) must round up.
  const double d = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  CHECK(float(half(d)) == float(1.0 + std::ldexp(1.0, -10)), "half(double) is correctly rounded");
  CHECK(float(half(2049)) == 2048.0f && float(half(2051)) == 2052.0f, "int -> half ties to even");
  CHECK(float(half(-70000)) == -INFINITY, "int overflow -> -inf");
  CHECK(int(half(3.75f)) == 3 && double(half(0.1)) == double(float(half(0.1f))), "");
  CHECK(float(bfloat16_t(int64_t(1) << 40)) == std::ldexp(1.0f, 40), "int64 -> bf16");
}

CASE("numeric", arithmetic_and_comparisons) {
  const half a(1.5f), b(2.25f);
  CHECK(float(a + b) == 3.75f && float(a - b) == -0.75f && float(a * b) == 3.375f && float(b / a) == 1.5f, "");
  const auto mixed = a * 2;  // a built-in operand widens to float, like CANN's CPU half
  static_assert(std::is_same_v<decltype(mixed), const float>, "half * int is float");
  CHECK(a < b && b > a && a <= a && a >= a && a == half(1.5f) && a != b && a == 1.5 && 2 > a, "");
  half c = a;
  c += b;
  c *= half(2.0f);
  c -= half(0.5f);
  c /= half(2.0f);
  CHECK(float(c) == 3.5f && float(-c) == -3.5f, "compound ops");
  CHECK(float(half(60000.0f) + half(60000.0f)) == INFINITY, "half sum rounds to inf once");
  CHECK(float(half(1.0f) + half(0.0001f)) == 1.0f, "rounded to half after each op");
  const bfloat16_t x(3.0f), y(0.5f);
  CHECK(float(x * y) == 1.5f && x > y && float(-x) == -3.0f, "bf16");
}

CASE("numeric", bulk_widen_narrow) {
  std::vector<half> hs(65536 + 5);
  std::vector<float> fs(hs.size());
  for (size_t i = 0; i < hs.size(); ++i) hs[i] = half::from_bits(uint16_t(i * 7919));
  d::widen(hs.data(), fs.data(), int64_t(hs.size()));
  for (size_t i = 0; i < hs.size(); ++i) CHECK(d::float_bits(fs[i]) == d::float_bits(float(hs[i])), "widen ", i);
  for (size_t i = 0; i < fs.size(); ++i) fs[i] = float(vt::uniform(-70000, 70000));
  d::narrow(fs.data(), hs.data(), int64_t(fs.size()));
  for (size_t i = 0; i < fs.size(); ++i) CHECK(hs[i].bits() == d::float_to_half_bits_portable(fs[i]), "narrow ", i);
  std::vector<bfloat16_t> bs(fs.size());
  d::narrow(fs.data(), bs.data(), int64_t(fs.size()));
  std::vector<float> back(fs.size());
  d::widen(bs.data(), back.data(), int64_t(bs.size()));
  for (size_t i = 0; i < fs.size(); ++i) CHECK(back[i] == float(bfloat16_t(fs[i])), "bf16 bulk ", i);
}

}  // namespace
