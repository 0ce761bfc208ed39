// Vector instructions against scalar references: element-wise, cast, compare/select, reduce, masks, activations.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "opkit/sim/scalar_api.h"
#include "vec_harness.h"

using namespace AscendC;
using vt::alloc;
using vt::d::compute_t;

namespace {

// Reference result of a binary op: integers wrap, floats are computed in double and rounded once to T
// (double rounding from double to float/half is innocuous for + - * /).
template <typename T, typename R>
T reference2(R ref, T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<uint64_t>(ref(int64_t(a), int64_t(b))));
  } else {
    return T(ref(vt::as_double(a), vt::as_double(b)));
  }
}

template <typename T, typename Api, typename R>
void binary_count(const char* op, Api api, R ref, double lo, double hi) {
  const uint32_t n = 1000;  // not a multiple of a repeat: exercises the tail
  auto a = alloc<T>(n), b = alloc<T>(n), dst = alloc<T>(n);
  vt::fill_random(a, lo, hi);
  vt::fill_random(b, lo, hi);
  api(dst, a, b, int32_t(n));
  for (uint32_t i = 0; i < n; ++i) {
    const T want = reference2<T>(ref, a.GetPhyAddr()[i], b.GetPhyAddr()[i]);
    CHECK(vt::same(dst.GetPhyAddr()[i], want), op, "<", vt::type_name<T>(), "> element ", i);
  }
  std::vector<T> keep(a.GetPhyAddr(), a.GetPhyAddr() + n);
  api(a, a, b, int32_t(n));  // in place
  for (uint32_t i = 0; i < n; ++i) {
    CHECK(vt::same(a.GetPhyAddr()[i], reference2<T>(ref, keep[i], b.GetPhyAddr()[i])), op, " in place ", i);
  }
}

template <typename T>
uint64_t offset_of(uint32_t r, uint32_t j, uint32_t blk, uint32_t rep) {
  const uint32_t per_block = 32 / sizeof(T);
  return (uint64_t(r) * rep + (j / per_block) * blk) * 32 + (j % per_block) * sizeof(T);
}

template <typename T>
T& at(const LocalTensor<T>& t, uint32_t r, uint32_t j, uint32_t blk, uint32_t rep) {
  return *reinterpret_cast<T*>(reinterpret_cast<uint8_t*>(t.GetPhyAddr()) + offset_of<T>(r, j, blk, rep));
}

bool mask_has(const uint64_t bits[2], uint32_t j) { return (bits[j / 64] >> (j % 64)) & 1u; }

// Mask form with uneven strides; untouched dst elements must keep their value.
template <typename T, typename Api, typename R>
void binary_masked(const char* op, Api api, R ref, double lo, double hi) {
  const uint32_t per_repeat = 256 / sizeof(T), repeat = 3, n = 4096 / sizeof(T);
  const BinaryRepeatParams p(2, 1, 3, 16, 8, 24);
  for (int form = 0; form < 2; ++form) {
    auto a = alloc<T>(n), b = alloc<T>(n), dst = alloc<T>(n);
    vt::fill_random(a, lo, hi);
    vt::fill_random(b, lo, hi);
    vt::fill_random(dst, lo, hi);
    std::vector<T> want(dst.GetPhyAddr(), dst.GetPhyAddr() + n);
    uint64_t bits[2] = {vt::next_u64(), per_repeat > 64 ? vt::next_u64() : 0};
    if (form == 0) {
      vt::d::first_bits(bits, 37);
      api(dst, a, b, uint64_t(37), repeat, p);
    } else {
      api(dst, a, b, bits, repeat, p);
    }
    LocalTensor<T> expect = vt::d::make_local(want.data(), n);
    for (uint32_t r = 0; r < repeat; ++r) {
      for (uint32_t j = 0; j < per_repeat; ++j) {
        if (!mask_has(bits, j)) continue;
        at(expect, r, j, 2, 16) = reference2<T>(ref, at(a, r, j, 1, 8), at(b, r, j, 3, 24));
      }
    }
    for (uint32_t i = 0; i < n; ++i) {
      CHECK(vt::same(dst.GetPhyAddr()[i], want[i]), op, "<", vt::type_name<T>(), "> mask form ", form, " element ", i);
    }
  }
}

#define BINARY_API(NAME)                                                                              \
  [](auto&&... args) { NAME(args...); }

template <typename T>
void binary_all_arith() {
  const double lo = std::is_integral_v<T> ? -30000 : -100, hi = -lo;
  auto add = [](auto x, auto y) { return x + y; };
  auto sub = [](auto x, auto y) { return x - y; };
  auto mul = [](auto x, auto y) { return x * y; };
  auto mx = [](auto x, auto y) { return x > y ? x : y; };
  auto mn = [](auto x, auto y) { return x < y ? x : y; };
  binary_count<T>("Add", BINARY_API(Add), add, lo, hi);
  binary_count<T>("Sub", BINARY_API(Sub), sub, lo, hi);
  binary_count<T>("Mul", BINARY_API(Mul), mul, lo, hi);
  binary_count<T>("Max", BINARY_API(Max), mx, lo, hi);
  binary_count<T>("Min", BINARY_API(Min), mn, lo, hi);
  binary_masked<T>("Add", BINARY_API(Add), add, lo, hi);
  binary_masked<T>("Sub", BINARY_API(Sub), sub, lo, hi);
  binary_masked<T>("Mul", BINARY_API(Mul), mul, lo, hi);
  binary_masked<T>("Max", BINARY_API(Max), mx, lo, hi);
  binary_masked<T>("Min", BINARY_API(Min), mn, lo, hi);
}

CASE("binary", arith_int16) { binary_all_arith<int16_t>(); }
CASE("binary", arith_half) { binary_all_arith<half>(); }
CASE("binary", arith_int32) { binary_all_arith<int32_t>(); }
CASE("binary", arith_float) { binary_all_arith<float>(); }

CASE("binary", div_half_float) {
  auto div = [](auto x, auto y) { return x / y; };
  binary_count<half>("Div", BINARY_API(Div), div, 0.5, 50);
  binary_count<float>("Div", BINARY_API(Div), div, -50, 50);
  binary_masked<half>("Div", BINARY_API(Div), div, 0.5, 50);
  binary_masked<float>("Div", BINARY_API(Div), div, -50, 50);
}

CASE("binary", and_or_16bit) {
  auto band = [](auto x, auto y) { return x & y; };
  auto bor = [](auto x, auto y) { return x | y; };
  binary_count<int16_t>("And", BINARY_API(And), band, -32768, 32767);
  binary_count<uint16_t>("Or", BINARY_API(Or), bor, 0, 65535);
  binary_masked<uint16_t>("And", BINARY_API(And), band, 0, 65535);
  binary_masked<int16_t>("Or", BINARY_API(Or), bor, -32768, 32767);
}

CASE("binary", ieee_specials) {
  auto a = alloc<float>(8), b = alloc<float>(8), dst = alloc<float>(8);
  const float inf = INFINITY, nan = NAN;
  const float xs[8] = {inf, -inf, nan, 1.0f, 0.0f, -0.0f, 3e38f, 1.0f};
  const float ys[8] = {1.0f, inf, 2.0f, 0.0f, 0.0f, 0.0f, 3e38f, nan};
  std::copy(xs, xs + 8, a.GetPhyAddr());
  std::copy(ys, ys + 8, b.GetPhyAddr());
  Add(dst, a, b, 8);
  CHECK(dst.GetPhyAddr()[0] == inf && std::isnan(dst.GetPhyAddr()[1]) && std::isnan(dst.GetPhyAddr()[2]), "");
  CHECK(dst.GetPhyAddr()[6] == inf, "3e38 + 3e38 overflows to inf");
  Div(dst, a, b, 8);
  CHECK(dst.GetPhyAddr()[3] == inf && std::isnan(dst.GetPhyAddr()[4]), "1/0 = inf, 0/0 = nan");
  Max(dst, a, b, 8);
  CHECK(std::isnan(dst.GetPhyAddr()[2]) && std::isnan(dst.GetPhyAddr()[7]), "Max propagates NaN");
  auto h = alloc<half>(16), h2 = alloc<half>(16);
  Duplicate(h, half(60000.0f), 16);
  Add(h2, h, h, 16);
  CHECK(std::isinf(float(h2.GetPhyAddr()[0])), "half 60000 + 60000 rounds to inf");
}

// ---- unary ----------------------------------------------------------------------------------------------------

template <typename T, typename Api, typename R>
void unary_check(const char* op, Api api, R ref, double lo, double hi, double rel_tol) {
  const uint32_t n = 777;
  auto src = alloc<T>(n), dst = alloc<T>(n);
  vt::fill_random(src, lo, hi);
  api(dst, src, int32_t(n));
  for (uint32_t i = 0; i < n; ++i) {
    const double want = vt::as_double(T(ref(vt::as_double(src.GetPhyAddr()[i]))));
    const double got = vt::as_double(dst.GetPhyAddr()[i]);
    CHECK(std::fabs(got - want) <= rel_tol * std::fabs(want) || vt::same(T(got), T(want)), op, "<",
          vt::type_name<T>(), "> x=", vt::as_double(src.GetPhyAddr()[i]), " got ", got, " want ", want);
  }
  // Mask form, continuous mask, dst stride 2 blocks: untouched elements keep their value.
  auto dst2 = alloc<T>(2048 / sizeof(T));
  vt::fill_random(dst2, 1, 2);
  std::vector<T> before(dst2.GetPhyAddr(), dst2.GetPhyAddr() + dst2.GetSize());
  api(dst2, src, uint64_t(10), 2, UnaryRepeatParams(2, 1, 16, 8));
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t j = 0; j < 256 / sizeof(T); ++j) {
      const T got = at(dst2, r, j, 2, 16);
      const T x = at(src, r, j, 1, 8);
      if (j < 10) {
        const double want = vt::as_double(T(ref(vt::as_double(x))));
        CHECK(std::fabs(vt::as_double(got) - want) <= rel_tol * std::fabs(want) || vt::same(got, T(want)), op,
              " mask form r=", r, " j=", j);
      } else {
        const uint64_t off = offset_of<T>(r, j, 2, 16) / sizeof(T);
        CHECK(vt::same(got, before[off]), op, " mask form touched masked-out element ", j);
      }
    }
  }
}

#define UNARY_API(NAME) [](auto&&... args) { NAME(args...); }

template <typename T>
void unary_floats(double tol) {
  unary_check<T>("Exp", UNARY_API(Exp), [](double x) { return std::exp(x); }, -10, 10, tol);
  unary_check<T>("Ln", UNARY_API(Ln), [](double x) { return std::log(x); }, 0.001, 1000, tol);
  unary_check<T>("Abs", UNARY_API(Abs), [](double x) { return std::fabs(x); }, -100, 100, 0);
  unary_check<T>("Sqrt", UNARY_API(Sqrt), [](double x) { return std::sqrt(x); }, 0, 1000, 0);
  unary_check<T>("Rsqrt", UNARY_API(Rsqrt), [](double x) { return 1 / std::sqrt(x); }, 0.01, 1000, tol);
  unary_check<T>("Reciprocal", UNARY_API(Reciprocal), [](double x) { return 1 / x; }, 0.01, 1000, tol);
  unary_check<T>("Relu", UNARY_API(Relu), [](double x) { return x < 0 ? 0.0 : x; }, -10, 10, 0);
}

// exp/log are polynomials (a few float ulp); the half results may land one half ulp off after rounding.
CASE("unary", floats_float) { unary_floats<float>(4e-7); }
CASE("unary", floats_half) { unary_floats<half>(1e-3); }

// Sqrt/Rsqrt count forms run the SSE/AVX square-root loop (mathfn.h), the mask forms std::sqrt element by element:
// both must give std::sqrt's bits, for every kind of float and at every position of the vector loop and its tail.
CASE("unary", sqrt_rsqrt_bits_match_std_sqrt) {
  const float specials[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, -NAN, 1e-45f, 1e-40f, -1e-40f,
                            3.4e38f, 2.0f, 0.25f, 1e-30f, 7.0f, 123456.789f};
  const uint32_t n = 333;  // not a multiple of 8: the loop's scalar tail runs too
  auto src = alloc<float>(n), dst = alloc<float>(n);
  vt::fill_random(src, 0, 1e6);
  for (uint32_t i = 0; i < n; i += 7) src.GetPhyAddr()[i] = specials[(i / 7) % (sizeof specials / sizeof(float))];
  const auto bits = [](float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; };
  Sqrt(dst, src, int32_t(n));
  for (uint32_t i = 0; i < n; ++i) {
    const float x = src.GetPhyAddr()[i];
    CHECK(bits(dst.GetPhyAddr()[i]) == bits(std::sqrt(x)), "Sqrt x=", x, " got ", dst.GetPhyAddr()[i]);
  }
  Rsqrt(dst, src, int32_t(n));
  for (uint32_t i = 0; i < n; ++i) {
    const float x = src.GetPhyAddr()[i];
    CHECK(bits(dst.GetPhyAddr()[i]) == bits(1.0f / std::sqrt(x)), "Rsqrt x=", x, " got ", dst.GetPhyAddr()[i]);
  }
}

// The count forms run a loop the CPU picks at load time (SSE2, AVX2 or AVX-512 clone); the mask forms and a direct
// call of the scalar formula are compiled here, for the baseline. Same bits everywhere, or the simulator's results
// would depend on the machine.
CASE("unary", count_form_clone_bits_match_scalar_code) {
  const uint32_t n = 512;  // 8 repeats of 64 floats
  auto src = alloc<float>(n), count_dst = alloc<float>(n), mask_dst = alloc<float>(n);
  const auto bits = [](float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; };
  const auto same_bits = [&](const char* op) {
    for (uint32_t i = 0; i < n; ++i) {
      CHECK(bits(count_dst.GetPhyAddr()[i]) == bits(mask_dst.GetPhyAddr()[i]), op, " x=", src.GetPhyAddr()[i],
            " count form ", count_dst.GetPhyAddr()[i], " scalar ", mask_dst.GetPhyAddr()[i]);
    }
  };
  vt::fill_random(src, -90, 90);
  Exp(count_dst, src, int32_t(n));
  Exp(mask_dst, src, uint64_t(64), 8, UnaryRepeatParams());
  same_bits("Exp");
  Tanh(count_dst, src, n);
  for (uint32_t i = 0; i < n; ++i) mask_dst.GetPhyAddr()[i] = opkit::sim::detail::Tanh::apply(src.GetPhyAddr()[i]);
  same_bits("Tanh");
  Gelu(count_dst, src, n);
  for (uint32_t i = 0; i < n; ++i) mask_dst.GetPhyAddr()[i] = opkit::sim::detail::Gelu::apply(src.GetPhyAddr()[i]);
  same_bits("Gelu");
  vt::fill_random(src, 1e-30, 1e30);
  Ln(count_dst, src, int32_t(n));
  Ln(mask_dst, src, uint64_t(64), 8, UnaryRepeatParams());
  same_bits("Ln");
  Reciprocal(count_dst, src, int32_t(n));
  Reciprocal(mask_dst, src, uint64_t(64), 8, UnaryRepeatParams());
  same_bits("Reciprocal");
}

CASE("unary", relu_int32_not_int16) {
  unary_check<int32_t>("Relu", UNARY_API(Relu), [](double x) { return x < 0 ? 0.0 : x; }, -1e6, 1e6, 0);
  const uint32_t n = 300;
  auto s = alloc<int16_t>(n), dd = alloc<int16_t>(n);
  vt::fill_random(s, -32768, 32767);
  Not(dd, s, int32_t(n));
  for (uint32_t i = 0; i < n; ++i) CHECK(dd.GetPhyAddr()[i] == int16_t(~s.GetPhyAddr()[i]), "Not ", i);
  auto u = alloc<uint16_t>(128);
  vt::fill_random(u, 0, 65535);
  std::vector<uint16_t> keep(u.GetPhyAddr(), u.GetPhyAddr() + 128);
  Not(u, u, uint64_t(128), 1, UnaryRepeatParams());
  for (uint32_t i = 0; i < 128; ++i) CHECK(u.GetPhyAddr()[i] == uint16_t(~keep[i]), "Not mask form in place ", i);
}

// ---- tensor-scalar ------------------------------------------------------------------------------------------------

template <typename T, typename Api, typename R>
void scalar_check(const char* op, Api api, R ref, double scalar, double lo, double hi) {
  const uint32_t n = 555;
  auto src = alloc<T>(n), dst = alloc<T>(n);
  vt::fill_random(src, lo, hi);
  const T k = std::is_integral_v<T> ? T(static_cast<int64_t>(scalar)) : T(static_cast<float>(scalar));
  api(dst, src, k, int32_t(n));
  for (uint32_t i = 0; i < n; ++i) {
    CHECK(vt::same(dst.GetPhyAddr()[i], reference2<T>(ref, src.GetPhyAddr()[i], k)), op, "<", vt::type_name<T>(),
          "> ", i);
  }
  // Mask form with a bit mask selecting every third element of 2 repeats, in place.
  std::vector<T> keep(src.GetPhyAddr(), src.GetPhyAddr() + n);
  uint64_t bits[2] = {0x9249249249249249ull, sizeof(T) == 2 ? 0x2492492492492492ull : 0};
  api(src, src, k, bits, 2, UnaryRepeatParams());
  for (uint32_t i = 0; i < 2 * 256 / sizeof(T); ++i) {
    const T want = mask_has(bits, i % (256 / sizeof(T))) ? reference2<T>(ref, keep[i], k) : keep[i];
    CHECK(vt::same(src.GetPhyAddr()[i], want), op, " mask form ", i);
  }
}

#define SCALAR_API(NAME) [](auto&&... args) { NAME(args...); }

template <typename T>
void scalar_arith() {
  const double lo = std::is_integral_v<T> ? -20000 : -100, hi = -lo;
  scalar_check<T>("Adds", SCALAR_API(Adds), [](auto x, auto y) { return x + y; }, 7, lo, hi);
  scalar_check<T>("Muls", SCALAR_API(Muls), [](auto x, auto y) { return x * y; }, -3, lo, hi);
  scalar_check<T>("Maxs", SCALAR_API(Maxs), [](auto x, auto y) { return x > y ? x : y; }, 5, lo, hi);
  scalar_check<T>("Mins", SCALAR_API(Mins), [](auto x, auto y) { return x < y ? x : y; }, 5, lo, hi);
}

CASE("scalar", scalar_int16) { scalar_arith<int16_t>(); }
CASE("scalar", scalar_half) { scalar_arith<half>(); }
CASE("scalar", scalar_int32) { scalar_arith<int32_t>(); }
CASE("scalar", scalar_float) { scalar_arith<float>(); }

CASE("scalar", leaky_relu) {
  auto lr = [](auto x, auto k) { return x < 0 ? x * k : x; };
  scalar_check<half>("LeakyRelu", SCALAR_API(LeakyRelu), lr, 0.1, -10, 10);
  scalar_check<float>("LeakyRelu", SCALAR_API(LeakyRelu), lr, 0.01, -10, 10);
}

template <typename T>
void shifts() {
  const double lo = std::is_signed_v<T> ? -30000 : 0, hi = 30000;
  scalar_check<T>("ShiftLeft", SCALAR_API(ShiftLeft), [](auto x, auto k) { return int64_t(uint64_t(x) << k); }, 3, lo, hi);
  scalar_check<T>("ShiftRight", SCALAR_API(ShiftRight), [](auto x, auto k) { return x >> k; }, 2, lo, hi);
}
CASE("scalar", shifts_all) {
  shifts<int16_t>();
  shifts<uint16_t>();
  shifts<int32_t>();
  shifts<uint32_t>();
}

CASE("scalar", axpy) {
  const uint32_t n = 300;
  auto hs = alloc<half>(n), hd = alloc<half>(n);
  auto fd = alloc<float>(n);
  vt::fill_random(hs, -4, 4);
  vt::fill_random(hd, -4, 4);
  vt::fill_random(fd, -4, 4);
  std::vector<half> hkeep(hd.GetPhyAddr(), hd.GetPhyAddr() + n);
  std::vector<float> fkeep(fd.GetPhyAddr(), fd.GetPhyAddr() + n);
  Axpy(hd, hs, half(1.5f), int32_t(n));
  Axpy(fd, hs, half(-0.5f), int32_t(n));
  for (uint32_t i = 0; i < n; ++i) {
    const double s = vt::as_double(hs.GetPhyAddr()[i]);
    CHECK(vt::same(hd.GetPhyAddr()[i], half(float(hkeep[i]) + float(s) * 1.5f)), "Axpy half ", i);
    CHECK(vt::same(fd.GetPhyAddr()[i], fkeep[i] + float(s) * -0.5f), "Axpy half->float ", i);
  }
  Axpy(fd, hs, half(2.0f), uint64_t(64), 1, UnaryRepeatParams(1, 1, 8, 4));
  for (uint32_t i = 0; i < 64; ++i) {
    const float prev = fkeep[i] + float(hs.GetPhyAddr()[i]) * -0.5f;
    CHECK(vt::same(fd.GetPhyAddr()[i], prev + float(hs.GetPhyAddr()[i]) * 2.0f), "Axpy mask form ", i);
  }
}

template <typename T>
void duplicate_one(T v) {
  auto t = alloc<T>(1024 / sizeof(T));
  vt::fill_random(t, 0, 1);
  Duplicate(t, v, 100);
  for (uint32_t i = 0; i < 100; ++i) CHECK(vt::same(t.GetPhyAddr()[i], v), "Duplicate ", vt::type_name<T>(), i);
  const T old = t.GetPhyAddr()[100];
  CHECK(vt::same(t.GetPhyAddr()[100], old), "");
  Duplicate(t, T(0), uint64_t(3), 2, 2, 16);  // 3 elements per repeat, block stride 2, repeat stride 16 blocks
  const uint32_t per_block = 32 / sizeof(T);
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t j = 0; j < 3; ++j) {
      CHECK(vt::same(at(t, r, j, 2, 16), T(0)), "Duplicate mask form ", r, " ", j);
    }
  }
  CHECK(vt::same(t.GetPhyAddr()[3], v) && vt::same(t.GetPhyAddr()[per_block], v), "masked-out kept");
}
CASE("scalar", duplicate_all_types) {
  duplicate_one<int16_t>(-7);
  duplicate_one<uint16_t>(65000);
  duplicate_one<half>(half(1.25f));
  duplicate_one<bfloat16_t>(bfloat16_t(3.5f));
  duplicate_one<int32_t>(-123456);
  duplicate_one<uint32_t>(4000000000u);
  duplicate_one<float>(-2.75f);
}

}  // namespace

// AscendCUtils::SetMask (CANN's kernel_utils_base.h), which reduction helpers of CANN's ops call: the first `len`
// elements of a repeat (64 and a full repeat are CANN's special words), or the two words as given.
CASE("mask", ascendc_utils_set_mask) {
  auto a = alloc<float>(128), dst = alloc<float>(128);
  vt::fill_random(a, 0, 1);
  for (int32_t len : {5, 64, 70, 128}) {
    Duplicate(dst, 7.0f, 128);
    AscendCUtils::SetMask<float>(len);
    Adds<float, false>(dst, a, 1.0f, MASK_PLACEHOLDER, 2, UnaryRepeatParams());
    for (int32_t i = 0; i < 128; ++i) {   // fp32: 64 per repeat, the high word ignored; two repeats
      const bool on = (i % 64) < std::min(len, 64);
      CHECK(dst.GetPhyAddr()[i] == (on ? a.GetPhyAddr()[i] + 1.0f : 7.0f), "SetMask<float>(", len, ") ", i);
    }
  }
  auto h = alloc<half>(128);
  Duplicate(h, half(1.0f), 128);
  AscendCUtils::SetMask<half>(70);   // half: 128 per repeat, 70 = all 64 low bits and 6 high ones
  Adds<half, false>(h, h, half(1.0f), MASK_PLACEHOLDER, 1, UnaryRepeatParams());
  for (int32_t i = 0; i < 128; ++i) CHECK(float(h.GetPhyAddr()[i]) == (i < 70 ? 2.0f : 1.0f), "SetMask<half>(70) ", i);
  AscendCUtils::SetMask<half>(0x1ull, 0x2ull);   // words as given: element 1 and element 64
  Adds<half, false>(h, h, half(1.0f), MASK_PLACEHOLDER, 1, UnaryRepeatParams());
  CHECK(float(h.GetPhyAddr()[1]) == 3.0f && float(h.GetPhyAddr()[64]) == 3.0f && float(h.GetPhyAddr()[0]) == 2.0f,
        "SetMask<half>(high, low)");
  set_mask_count();   // the CCE builtins: counter mode counts the low word
  set_vector_mask(0, 3);
  Adds<half, false>(h, h, half(1.0f), MASK_PLACEHOLDER, 1, UnaryRepeatParams());
  set_mask_norm();
  CHECK(float(h.GetPhyAddr()[2]) == 3.0f && float(h.GetPhyAddr()[3]) == 2.0f, "set_vector_mask in counter mode");
  ResetMask();
}
