// The 16-bit float types of Ascend C kernels (half, bfloat16_t): storage, round-to-nearest-even conversions, arithmetic.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__F16C__)
#include <immintrin.h>
#endif

namespace opkit::sim::detail {

inline uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

inline float bits_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// IEEE binary16 -> float, exact. NaNs come back quiet with their payload, as F16C's vcvtph2ps does.
inline float half_bits_to_float_portable(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  const uint32_t man = h & 0x3ffu;
  if (exp == 0x1f) return bits_float(sign | 0x7f800000u | (man << 13) | (man ? 0x400000u : 0u));
  if (exp != 0) return bits_float(sign | ((exp + 112u) << 23) | (man << 13));
  // Subnormal (or zero): man * 2^-24 is exact in float.
  return bits_float(sign | float_bits(static_cast<float>(man) * 5.9604644775390625e-8f));
}

// float -> IEEE binary16, round to nearest even; overflow -> inf, tiny -> subnormal/zero, NaN stays NaN (quiet).
inline uint16_t float_to_half_bits_portable(float f) {
  uint32_t ax = float_bits(f);
  const auto sign = static_cast<uint16_t>((ax >> 16) & 0x8000u);
  ax &= 0x7fffffffu;
  if (ax >= 0x7f800000u) {
    return static_cast<uint16_t>(sign | 0x7c00u | (ax > 0x7f800000u ? 0x200u | ((ax >> 13) & 0x3ffu) : 0u));
  }
  if (ax >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // >= 65520 rounds up to inf
  if (ax >= 0x38800000u) {                                               // normal half (>= 2^-14)
    // Rebias the exponent (127 -> 15) and add the round-to-nearest-even bias in one go.
    ax += 0xc8000fffu + ((ax >> 13) & 1u);
    return static_cast<uint16_t>(sign | (ax >> 13));
  }
  // Subnormal: adding 0.5 makes the FPU round |f| to a multiple of 2^-24 (the half subnormal step), RNE.
  const float shifted = bits_float(ax) + 0.5f;
  return static_cast<uint16_t>(sign | (float_bits(shifted) - 0x3f000000u));
}

#if defined(__F16C__)
inline float half_bits_to_float_f16c(uint16_t h) { return _cvtsh_ss(h); }
inline uint16_t float_to_half_bits_f16c(float f) {
  return static_cast<uint16_t>(_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT));
}
inline constexpr bool kHasF16c = true;
#else
inline constexpr bool kHasF16c = false;
#endif

inline float half_bits_to_float(uint16_t h) {
#if defined(__F16C__)
  return half_bits_to_float_f16c(h);
#else
  return half_bits_to_float_portable(h);
#endif
}

inline uint16_t float_to_half_bits(float f) {
#if defined(__F16C__)
  return float_to_half_bits_f16c(f);
#else
  return float_to_half_bits_portable(f);
#endif
}

inline float bf16_bits_to_float(uint16_t b) { return bits_float(static_cast<uint32_t>(b) << 16); }

// float -> bfloat16, round to nearest even (overflow carries into inf by itself); NaN stays NaN (quiet).
inline uint16_t float_to_bf16_bits(float f) {
  const uint32_t x = float_bits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
  return static_cast<uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

// double -> float rounding to odd: a later RNE rounding to a 16-bit format is then correctly rounded
// (float carries more than 2*11+2 bits), so half(double) does not suffer double rounding.
inline float double_to_float_odd(double d) {
  const float f = static_cast<float>(d);
  if (static_cast<double>(f) == d || f != f || (float_bits(f) & 1u) != 0) return f;
  return std::nextafter(f, static_cast<double>(f) < d ? HUGE_VALF : -HUGE_VALF);
}

}  // namespace opkit::sim::detail

namespace opkit::sim {

// A 16-bit float stored as bits; arithmetic converts to float, computes, and rounds back once.
// Brain = false: IEEE binary16 (`half`); Brain = true: bfloat16 (`bfloat16_t`).
template <bool Brain>
class Float16 {
 public:
  Float16() = default;  // trivial, so UB buffers of Float16 can be poisoned and reinterpreted freely
  Float16(float f) : bits_(from_float(f)) {}  // NOLINT: implicit like CANN's CPU-mode half
  Float16(double d) : bits_(from_float(detail::double_to_float_odd(d))) {}
  template <typename A, std::enable_if_t<std::is_integral_v<A>, int> = 0>
  Float16(A v) : Float16(static_cast<double>(v)) {}

  static Float16 from_bits(uint16_t b) {
    Float16 h;
    h.bits_ = b;
    return h;
  }
  uint16_t bits() const { return bits_; }

  operator float() const { return to_float(bits_); }

  static float to_float(uint16_t b) {
    return Brain ? detail::bf16_bits_to_float(b) : detail::half_bits_to_float(b);
  }
  static uint16_t from_float(float f) {
    return Brain ? detail::float_to_bf16_bits(f) : detail::float_to_half_bits(f);
  }

  Float16 operator-() const { return from_bits(static_cast<uint16_t>(bits_ ^ 0x8000u)); }
  Float16 operator+() const { return *this; }
  Float16& operator+=(Float16 o) { return *this = Float16(float(*this) + float(o)); }
  Float16& operator-=(Float16 o) { return *this = Float16(float(*this) - float(o)); }
  Float16& operator*=(Float16 o) { return *this = Float16(float(*this) * float(o)); }
  Float16& operator/=(Float16 o) { return *this = Float16(float(*this) / float(o)); }

 private:
  uint16_t bits_;
};

using half = Float16<false>;
using bfloat16 = Float16<true>;

// Same-type arithmetic stays in the type (rounded once); mixed with a built-in number it widens like float would.
#define OPKIT_FLOAT16_BINOP(OP)                                                                 \
  template <bool B>                                                                             \
  Float16<B> operator OP(Float16<B> a, Float16<B> b) {                                          \
    return Float16<B>(float(a) OP float(b));                                                    \
  }                                                                                             \
  template <bool B, typename A, std::enable_if_t<std::is_arithmetic_v<A>, int> = 0>             \
  auto operator OP(Float16<B> a, A b) {                                                         \
    return float(a) OP b;                                                                       \
  }                                                                                             \
  template <bool B, typename A, std::enable_if_t<std::is_arithmetic_v<A>, int> = 0>             \
  auto operator OP(A a, Float16<B> b) {                                                         \
    return a OP float(b);                                                                       \
  }
OPKIT_FLOAT16_BINOP(+)
OPKIT_FLOAT16_BINOP(-)
OPKIT_FLOAT16_BINOP(*)
OPKIT_FLOAT16_BINOP(/)
#undef OPKIT_FLOAT16_BINOP

#define OPKIT_FLOAT16_CMP(OP)                                                                   \
  template <bool B>                                                                             \
  bool operator OP(Float16<B> a, Float16<B> b) {                                                \
    return float(a) OP float(b);                                                                \
  }                                                                                             \
  template <bool B, typename A, std::enable_if_t<std::is_arithmetic_v<A>, int> = 0>             \
  bool operator OP(Float16<B> a, A b) {                                                         \
    return float(a) OP b;                                                                       \
  }                                                                                             \
  template <bool B, typename A, std::enable_if_t<std::is_arithmetic_v<A>, int> = 0>             \
  bool operator OP(A a, Float16<B> b) {                                                         \
    return a OP float(b);                                                                       \
  }
OPKIT_FLOAT16_CMP(==)
OPKIT_FLOAT16_CMP(!=)
OPKIT_FLOAT16_CMP(<)
OPKIT_FLOAT16_CMP(<=)
OPKIT_FLOAT16_CMP(>)
OPKIT_FLOAT16_CMP(>=)
#undef OPKIT_FLOAT16_CMP

static_assert(sizeof(half) == 2 && std::is_trivially_copyable_v<half>, "half must be 2 plain bytes");
static_assert(sizeof(bfloat16) == 2 && std::is_trivially_copyable_v<bfloat16>, "bfloat16 must be 2 plain bytes");

namespace detail {

template <typename T>
inline constexpr bool is_float16_v = std::is_same_v<T, half> || std::is_same_v<T, bfloat16>;

// Bulk conversions for the vector instructions' hot loops (F16C 8 at a time when the compiler may use it).
inline void widen(const half* src, float* dst, int64_t n) {
  int64_t i = 0;
#if defined(__F16C__) && defined(__AVX__)
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(h));
  }
#endif
  for (; i < n; ++i) dst[i] = float(src[i]);
}

inline void narrow(const float* src, half* dst, int64_t n) {
  int64_t i = 0;
#if defined(__F16C__) && defined(__AVX__)
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), h);
  }
#endif
  for (; i < n; ++i) dst[i] = half(src[i]);
}

inline void widen(const bfloat16* src, float* dst, int64_t n) {
  const auto* b = reinterpret_cast<const uint16_t*>(src);
  for (int64_t i = 0; i < n; ++i) dst[i] = bits_float(static_cast<uint32_t>(b[i]) << 16);
}

inline void narrow(const float* src, bfloat16* dst, int64_t n) {
  auto* b = reinterpret_cast<uint16_t*>(dst);
  for (int64_t i = 0; i < n; ++i) b[i] = float_to_bf16_bits(src[i]);
}

}  // namespace detail
}  // namespace opkit::sim

// CANN kernels name these in the global namespace.
using half = opkit::sim::half;
using bfloat16_t = opkit::sim::bfloat16;
// CANN's kernel compiler predeclares these too (bisheng's __clang_cce_aicpu_neon.h: `typedef __cce_half float16_t;`,
// `typedef float float32_t;`, `typedef double float64_t;`), so kernels use them without an include.
using float16_t = half;
using float32_t = float;
using float64_t = double;

namespace AscendC {
// CANN's 4-bit integer, two to a byte in memory, the first in the low nibble. A tensor of it counts bytes (its
// constructor, SetGlobalBuffer and operator[] take values and halve them); data movement moves its bytes (CANN's
// examples halve the column parameters: the instruction moves two int4 as one int8); Mmad reads the nibbles.
// A scalar int4b_t (CANN's integer_sub_type<4, true>) keeps one value in the low nibble: built from an int it keeps
// the low 4 bits, read as int8_t it is sign-extended, and compares as a signed value.
struct int4b_t {
  uint8_t opkit_bits;
  int4b_t() = default;
  constexpr int4b_t(int32_t value) : opkit_bits(static_cast<uint8_t>(value) & 0xF) {}   // NOLINT: implicit as in CANN
  constexpr int4b_t(uint32_t value) : opkit_bits(static_cast<uint8_t>(value) & 0xF) {}  // NOLINT
  constexpr operator int8_t() const {                                                    // NOLINT
    return static_cast<int8_t>(((opkit_bits & 0xF) ^ 0x8) - 0x8);
  }
  constexpr bool operator==(const int4b_t& o) const { return (opkit_bits & 0xF) == (o.opkit_bits & 0xF); }
  constexpr bool operator!=(const int4b_t& o) const { return !(*this == o); }
  constexpr bool operator<(const int4b_t& o) const { return int8_t(*this) < int8_t(o); }
  constexpr bool operator>(const int4b_t& o) const { return o < *this; }
  constexpr bool operator<=(const int4b_t& o) const { return !(o < *this); }
  constexpr bool operator>=(const int4b_t& o) const { return !(*this < o); }
};
static_assert(std::is_trivially_copyable_v<int4b_t> && sizeof(int4b_t) == 1, "int4b_t storage is one byte");
template <typename T>
inline constexpr bool opkit_is_int4_v = std::is_same_v<T, int4b_t>;
}  // namespace AscendC
