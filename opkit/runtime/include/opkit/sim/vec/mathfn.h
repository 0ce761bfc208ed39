// Branch-free float exp/log/tanh (Cephes-style polynomials) that the compiler can vectorise, unlike libm calls.
// Max error vs libm in double, rounded (measured by the "math" case of tests/runtime/cpp/vec_cmp_reduce_test.cpp,
// which asserts the bounds in brackets): exp_poly 0.98 ulp on [-87, 88] [1.5]; log_poly 1.0 ulp over positive
// floats [1.5]; tanh_poly 1.26 ulp on [-10, 10] [2]. Subnormal exp results are within one subnormal step.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define OPKIT_VEC_SQRT_X86 1
#endif

#include "opkit/sim/numeric.h"

// Forced inline: at -O2 GCC would keep log_poly/tanh_poly out of line, and a call in the loop body stops the
// vectoriser as surely as a libm call would.
#define OPKIT_VEC_INLINE inline __attribute__((always_inline))
// The same for the lambdas that carry an instruction into the count-form loops (common.h).
#define OPKIT_VEC_LAMBDA __attribute__((always_inline))

namespace opkit::sim::detail {

// `c ? a : b` without control flow. GCC keeps a float `?:` whose condition is a comparison as a branch under the
// default -ftrapping-math (the comparison may raise FE_INVALID), and a branch stops the loop vectoriser; this
// bitwise blend is if-converted to a vector compare + blend. Every select below goes through it.
OPKIT_VEC_INLINE float select(bool c, float a, float b) {
  const uint32_t m = 0u - static_cast<uint32_t>(c);
  return bits_float((float_bits(a) & m) | (float_bits(b) & ~m));
}

// select() for any compute type (integers blend fine with a plain `?:`).
template <typename C>
OPKIT_VEC_INLINE C pick(bool c, C a, C b) {
  if constexpr (std::is_same_v<C, float>) {
    return select(c, a, b);
  } else {
    return c ? a : b;
  }
}

OPKIT_VEC_INLINE float exp_poly(float x) {
  // NaN-safe clamps (comparisons with NaN are false, so NaN lands on -104 and is restored at the end).
  float xc = select(x > -104.0f, x, -104.0f);
  xc = select(xc < 89.0f, xc, 89.0f);
  // n = round(x / ln2) with the 1.5*2^23 trick (exact for |t| < 2^22, vectorisable unlike nearbyint).
  const float n = (xc * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
  float r = xc - n * 0.693359375f;
  r = r - n * -2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  const float y = p * r * r + r + 1.0f;
  // 2^n in two factors so that n in [-150, 128] (subnormal and near-overflow results) stays representable.
  const int32_t ni = static_cast<int32_t>(n);
  const int32_t n1 = ni / 2;
  const int32_t n2 = ni - n1;
  const float s1 = bits_float(static_cast<uint32_t>(n1 + 127) << 23);
  const float s2 = bits_float(static_cast<uint32_t>(n2 + 127) << 23);
  const float out = y * s1 * s2;
  return select(x != x, x, out);
}

OPKIT_VEC_INLINE float log_poly(float x) {
  // Subnormal inputs are scaled by 2^23 first so the exponent field is meaningful.
  const bool tiny = x < 1.17549435e-38f;
  const float xs = select(tiny, x * 8388608.0f, x);
  const uint32_t u = float_bits(xs);
  int32_t e = static_cast<int32_t>(u >> 23) - 127 - (tiny ? 23 : 0);
  float m = bits_float((u & 0x007fffffu) | 0x3f800000u);  // [1, 2)
  const bool big = m > 1.41421356f;                        // fold into [sqrt(1/2), sqrt(2))
  m = select(big, m * 0.5f, m);
  e += big ? 1 : 0;
  const float f = m - 1.0f;
  const float z = f * f;
  float p = 7.0376836292e-2f;
  p = p * f - 1.1514610310e-1f;
  p = p * f + 1.1676998740e-1f;
  p = p * f - 1.2420140846e-1f;
  p = p * f + 1.4249322787e-1f;
  p = p * f - 1.6668057665e-1f;
  p = p * f + 2.0000714765e-1f;
  p = p * f - 2.4999993993e-1f;
  p = p * f + 3.3333331174e-1f;
  const float fe = static_cast<float>(e);
  float y = f * z * p;
  y += -2.12194440e-4f * fe;
  y += -0.5f * z;
  float r = f + y + 0.693359375f * fe;
  r = select(x == 0.0f, -HUGE_VALF, r);
  r = select(x < 0.0f, bits_float(0x7fc00000u), r);
  r = select(x == HUGE_VALF, x, r);
  return select(x != x, x, r);
}

OPKIT_VEC_INLINE float tanh_poly(float x) {
  const float a = bits_float(float_bits(x) & 0x7fffffffu);
  const float z = x * x;
  // |x| < 0.625: odd polynomial (keeps relative accuracy near 0); beyond: 1 - 2/(e^{2|x|} + 1).
  float p = -5.70498872745e-3f;
  p = p * z + 2.06390887954e-2f;
  p = p * z - 5.37397155531e-2f;
  p = p * z + 1.33314422036e-1f;
  p = p * z - 3.33332819422e-1f;
  const float small = x + x * z * p;
  const float e = exp_poly(a + a);
  const float large_abs = 1.0f - 2.0f / (e + 1.0f);
  const float large = bits_float(float_bits(large_abs) | (float_bits(x) & 0x80000000u));
  return select(a < 0.625f, small, large);
}

// dst[i] = sqrt(src[i]), or 1 / sqrt(src[i]) with `kReciprocal`, over whole arrays. GCC never vectorises a loop of
// std::sqrt while -fmath-errno is on (its default): each call keeps a branch to libm for negative inputs, and no
// attribute turns that off for one function. On x86-64 this loop uses the SSE/AVX square-root and divide
// instructions instead; like std::sqrt they are IEEE 754 correctly rounded, so the results are the same bits
// (NaN for negative inputs included), only many at a time.
template <bool kReciprocal>
OPKIT_VEC_INLINE float sqrt_one(float x) {
  return kReciprocal ? 1.0f / std::sqrt(x) : std::sqrt(x);
}

#if defined(OPKIT_VEC_SQRT_X86)
template <bool kReciprocal>
__attribute__((target("avx2"))) void sqrt_loop_avx2(float* dst, const float* src, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 r = _mm256_sqrt_ps(_mm256_loadu_ps(src + i));
    if (kReciprocal) r = _mm256_div_ps(_mm256_set1_ps(1.0f), r);
    _mm256_storeu_ps(dst + i, r);
  }
  for (; i < n; ++i) dst[i] = sqrt_one<kReciprocal>(src[i]);
}

template <bool kReciprocal>
void sqrt_loop_sse(float* dst, const float* src, int64_t n) {  // SSE is in every x86-64
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    __m128 r = _mm_sqrt_ps(_mm_loadu_ps(src + i));
    if (kReciprocal) r = _mm_div_ps(_mm_set1_ps(1.0f), r);
    _mm_storeu_ps(dst + i, r);
  }
  for (; i < n; ++i) dst[i] = sqrt_one<kReciprocal>(src[i]);
}
#endif

template <bool kReciprocal>
inline void sqrt_loop(float* dst, const float* src, int64_t n) {
#if defined(OPKIT_VEC_SQRT_X86)
  static const bool avx2 = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));
  if (avx2) {
    sqrt_loop_avx2<kReciprocal>(dst, src, n);
  } else {
    sqrt_loop_sse<kReciprocal>(dst, src, n);
  }
#else
  for (int64_t i = 0; i < n; ++i) dst[i] = sqrt_one<kReciprocal>(src[i]);
#endif
}

}  // namespace opkit::sim::detail
