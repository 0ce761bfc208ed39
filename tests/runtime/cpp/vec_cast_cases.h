// Cast cases of the vector test program, in every RoundMode against an independent reference. A part of
// vec_cmp_reduce_test.cpp (included there, so the program keeps one translation unit for these cases).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "vec_harness.h"

namespace vec_cast_cases {

using namespace AscendC;
using vt::alloc;


// Independent reference for float -> half/bfloat16: scan every 16-bit pattern for the neighbours of v.
template <typename D>
void neighbours(double v, D& lo, D& hi) {
  bool have_lo = false, have_hi = false;
  for (uint32_t b = 0; b < 65536; ++b) {
    const D c = D::from_bits(uint16_t(b));
    const double x = double(float(c));
    if (x != x) continue;
    if (x <= v && (!have_lo || x > double(float(lo)))) lo = c, have_lo = true;
    if (x >= v && (!have_hi || x < double(float(hi)))) hi = c, have_hi = true;
  }
}

template <typename D>
double edge_value(D c) {  // inf counts as the next power of two past the largest finite value
  const double x = double(float(c));
  if (!std::isinf(x)) return x;
  const double e = std::is_same_v<D, half> ? 65536.0 : std::ldexp(1.0, 128);
  return x > 0 ? e : -e;
}

template <typename D>
D reference_round_unsigned_zero(double v, RoundMode m);

// A zero result keeps the sign of the input (IEEE: rounding -1e-8 gives -0).
template <typename D>
D reference_round(double v, RoundMode m) {
  const D r = reference_round_unsigned_zero<D>(v, m);
  return float(r) == 0.0f ? D(std::signbit(v) ? -0.0f : 0.0f) : r;
}

template <typename D>
D reference_round_unsigned_zero(double v, RoundMode m) {
  if (v == 0) return D(float(v));  // keeps the sign of zero
  D lo{}, hi{};
  neighbours(v, lo, hi);
  if (double(float(lo)) == v) return lo;
  const double dl = v - edge_value(lo), dh = edge_value(hi) - v;
  switch (m) {
    case RoundMode::CAST_FLOOR: return lo;
    case RoundMode::CAST_CEIL: return hi;
    case RoundMode::CAST_TRUNC: return v > 0 ? lo : hi;
    case RoundMode::CAST_ODD: return (lo.bits() & 1) ? lo : hi;
    case RoundMode::CAST_ROUND: return dl < dh ? lo : dh < dl ? hi : (v > 0 ? hi : lo);
    default: return dl < dh ? lo : dh < dl ? hi : ((lo.bits() & 1) ? hi : lo);
  }
}

constexpr RoundMode kModes[] = {RoundMode::CAST_NONE, RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
                                RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC, RoundMode::CAST_ODD};

template <typename D>
void float_to_16(const char* what) {
  std::vector<float> xs = {0.0f, -0.0f, 1.0f, 1.0009765625f + 0.00048828125f /* tie */, 65504.0f, 65519.0f, 65520.0f,
                           70000.0f, -70000.0f, 1e-8f, -1e-8f, 3e-5f, 5.96e-8f, 2.98e-8f, 1e30f, 3.3e38f};
  for (int i = 0; i < 200; ++i) xs.push_back(float(vt::uniform(-70000, 70000)));
  for (int i = 0; i < 100; ++i) xs.push_back(float(vt::uniform(-1e-4, 1e-4)));
  const uint32_t n = uint32_t(xs.size());
  auto src = alloc<float>(n);
  auto dst = alloc<D>(n);
  std::copy(xs.begin(), xs.end(), src.GetPhyAddr());
  for (RoundMode m : kModes) {
    Cast(dst, src, m, n);
    for (uint32_t i = 0; i < n; ++i) {
      const D want = reference_round<D>(double(xs[i]), m);
      CHECK(dst.GetPhyAddr()[i].bits() == want.bits(), what, " mode ", int(m), " x=", xs[i], " got ",
            float(dst.GetPhyAddr()[i]), " want ", float(want));
    }
  }
  const D nan = [&] { src.GetPhyAddr()[0] = NAN; Cast(dst, src, RoundMode::CAST_RINT, 8); return dst.GetPhyAddr()[0]; }();
  CHECK(std::isnan(float(nan)), what, " keeps NaN");
}
CASE("cast", float_to_half_all_modes) { float_to_16<half>("float->half"); }
CASE("cast", float_to_bf16_all_modes) { float_to_16<bfloat16_t>("float->bf16"); }

// Hand-written expectations for float/half -> integer (saturating, NaN -> 0).
template <typename S, typename D>
void to_int_table() {
  const float xs[] = {2.5f, -2.5f, 3.5f, -0.5f, 1.2f, -1.7f, 1e10f, -1e10f, NAN, 0.0f, 7.0f, -7.0f, 0.5f, 1.5f, 6.5f, -6.5f};
  // columns: RINT FLOOR CEIL ROUND TRUNC ODD
  const double want[][6] = {{2, 2, 3, 3, 2, 3}, {-2, -3, -2, -3, -2, -3}, {4, 3, 4, 4, 3, 3}, {-0.0, -1, -0.0, -1, -0.0, -1},
                            {1, 1, 2, 1, 1, 1}, {-2, -2, -1, -2, -1, -1}, {1e10, 1e10, 1e10, 1e10, 1e10, 1e10},
                            {-1e10, -1e10, -1e10, -1e10, -1e10, -1e10}, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0},
                            {7, 7, 7, 7, 7, 7}, {-7, -7, -7, -7, -7, -7}, {0, 0, 1, 1, 0, 1}, {2, 1, 2, 2, 1, 1},
                            {6, 6, 7, 7, 6, 7}, {-6, -7, -6, -7, -6, -7}};
  const RoundMode modes[] = {RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL, RoundMode::CAST_ROUND,
                             RoundMode::CAST_TRUNC, RoundMode::CAST_ODD};
  const uint32_t n = 16;
  auto src = alloc<S>(n);
  auto dst = alloc<D>(n);
  for (uint32_t i = 0; i < n; ++i) src.GetPhyAddr()[i] = S(xs[i]);
  for (int m = 0; m < 6; ++m) {
    Cast(dst, src, modes[m], n);
    for (uint32_t i = 0; i < n; ++i) {
      double w = want[i][m];
      const double sx = vt::as_double(src.GetPhyAddr()[i]);
      if (std::isinf(sx)) w = sx;  // half has no 1e10: it is inf and saturates
      w = std::min(std::max(w, double(std::numeric_limits<D>::min())), double(std::numeric_limits<D>::max()));
      CHECK(double(dst.GetPhyAddr()[i]) == w, vt::type_name<S>(), "->int mode ", m, " x=", xs[i], " got ",
            double(dst.GetPhyAddr()[i]), " want ", w);
    }
  }
}
CASE("cast", to_integers) {
  to_int_table<float, int32_t>();
  to_int_table<float, int16_t>();
  to_int_table<float, int64_t>();
  to_int_table<half, int32_t>();
  to_int_table<half, int16_t>();
  to_int_table<half, int8_t>();
  to_int_table<half, uint8_t>();
  to_int_table<bfloat16_t, int32_t>();
}

CASE("cast", widen_and_int_sources) {
  const uint32_t n = 256;
  auto h = alloc<half>(n);
  auto f = alloc<float>(n);
  for (uint32_t i = 0; i < n; ++i) h.GetPhyAddr()[i] = half::from_bits(uint16_t(vt::next_u64()));
  Cast(f, h, RoundMode::CAST_NONE, n);
  for (uint32_t i = 0; i < n; ++i) CHECK(vt::same(f.GetPhyAddr()[i], float(h.GetPhyAddr()[i])), "half->float ", i);
  auto i32 = alloc<int32_t>(n);
  vt::fill_random(i32, -(1 << 30), 1 << 30);
  for (RoundMode m : kModes) {
    Cast(f, i32, m, n);
    for (uint32_t i = 0; i < n; ++i) {
      const double v = double(i32.GetPhyAddr()[i]);
      const double got = f.GetPhyAddr()[i];
      const double down = double(std::nextafter(float(v), -INFINITY)), up = double(std::nextafter(float(v), INFINITY));
      CHECK(got == v || (got >= down && got <= up && std::fabs(got - v) < std::ldexp(1.0, 8)), "int32->float ", v);
      if (m == RoundMode::CAST_FLOOR) CHECK(got <= v, "floor");
      if (m == RoundMode::CAST_CEIL) CHECK(got >= v, "ceil");
    }
  }
  Cast(h, i32, RoundMode::CAST_RINT, n);
  for (uint32_t i = 0; i < n; ++i) CHECK(vt::same(h.GetPhyAddr()[i], half(double(i32.GetPhyAddr()[i]))), "int32->half");
  auto i8 = alloc<int8_t>(n);
  for (uint32_t i = 0; i < n; ++i) i8.GetPhyAddr()[i] = int8_t(i - 128);
  Cast(h, i8, RoundMode::CAST_NONE, n);
  for (uint32_t i = 0; i < n; ++i) CHECK(float(h.GetPhyAddr()[i]) == float(int(i) - 128), "int8->half");
  // float -> float rounds to integral values.
  auto g = alloc<float>(8);
  const float xs[8] = {2.5f, -2.5f, 1.25f, -1.75f, 1e20f, -0.3f, 0.5f, 3.5f};
  std::copy(xs, xs + 8, f.GetPhyAddr());
  Cast(g, f, RoundMode::CAST_FLOOR, 8);
  CHECK(g.GetPhyAddr()[0] == 2 && g.GetPhyAddr()[1] == -3 && g.GetPhyAddr()[3] == -2 && g.GetPhyAddr()[4] == 1e20f, "");
  Cast(g, f, RoundMode::CAST_RINT, 8);
  CHECK(g.GetPhyAddr()[0] == 2 && g.GetPhyAddr()[6] == 0 && g.GetPhyAddr()[7] == 4 && std::signbit(g.GetPhyAddr()[5]), "");
}

CASE("cast", mask_form_half_float) {
  auto h = alloc<half>(256);
  auto f = alloc<float>(256);
  vt::fill_random(h, -100, 100);
  vt::fill_random(f, 7, 8);
  std::vector<float> keep(f.GetPhyAddr(), f.GetPhyAddr() + 256);
  // 64 slots per repeat (the wider float); half src advances 4 blocks per repeat, float dst 8.
  Cast(f, h, RoundMode::CAST_NONE, uint64_t(40), 2, UnaryRepeatParams(1, 1, 8, 4));
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t j = 0; j < 64; ++j) {
      const float got = f.GetPhyAddr()[r * 64 + j];
      CHECK(j < 40 ? got == float(h.GetPhyAddr()[r * 64 + j]) : got == keep[r * 64 + j], "Cast mask ", r, " ", j);
    }
  }
}

}  // namespace vec_cast_cases
