// Cast between element types with every RoundMode (count form and mask/repeat form).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "opkit/sim/vec/cast_int4.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/ub_scratch.h"

namespace opkit::sim::detail {

// The (dst, src) pairs of Cast, from the Ascend C Cast dtype table. 310P (arch 2002) and the first 910 (1001)
// have no bfloat16 at all.
template <typename D, typename S>
inline constexpr bool cast_supported_v =
    (std::is_same_v<S, half> && one_of_v<D, float, int32_t, int16_t, int8_t, uint8_t>) ||
    (std::is_same_v<S, float> && one_of_v<D, half, int32_t, int16_t, int64_t, float>) ||
    (std::is_same_v<S, int32_t> && one_of_v<D, float, half, int16_t, int64_t>) ||
    (std::is_same_v<S, int16_t> && one_of_v<D, half, float>) ||
    (std::is_same_v<S, int8_t> && one_of_v<D, half>) || (std::is_same_v<S, uint8_t> && one_of_v<D, half>) ||
    (std::is_same_v<S, int64_t> && one_of_v<D, int32_t, float>) || cast_int4_supported_v<D, S>
#if OPKIT_ARCH_HAS_BF16
    || (std::is_same_v<S, float> && std::is_same_v<D, bfloat16>) ||
    (std::is_same_v<S, bfloat16> && one_of_v<D, float, int32_t>)
#endif
    ;

template <typename T>
double to_double(T v) {
  if constexpr (is_float16_v<T>) {
    return static_cast<double>(static_cast<float>(v));
  } else {
    return static_cast<double>(v);
  }
}

// Bit patterns of the 16/32-bit float types, to step to a neighbour and to test evenness.
template <typename D>
uint32_t fbits(D v) {
  if constexpr (std::is_same_v<D, float>) {
    return float_bits(v);
  } else {
    return v.bits();
  }
}

template <typename D>
D from_fbits(uint32_t b) {
  if constexpr (std::is_same_v<D, float>) {
    return bits_float(b);
  } else {
    return D::from_bits(static_cast<uint16_t>(b));
  }
}

// The representable neighbour of c one step toward v (c != v).
template <typename D>
D step_toward(D c, double v) {
  const uint32_t sign = std::is_same_v<D, float> ? 0x80000000u : 0x8000u;
  const uint32_t b = fbits(c);
  const bool up = to_double(c) < v;
  if ((b & ~sign) == 0) return from_fbits<D>((up ? 0u : sign) | 1u);  // from +-0 to the smallest subnormal
  const bool negative = (b & sign) != 0;
  return from_fbits<D>(up != negative ? b + 1 : b - 1);
}

// Value of a rounding candidate for comparisons: infinity counts as the next power of two past the largest finite.
template <typename D>
double candidate_value(D c) {
  const double v = to_double(c);
  if (!std::isinf(v)) return v;
  const double edge = std::is_same_v<D, half> ? 65536.0 : std::ldexp(1.0, 128);
  return v > 0 ? edge : -edge;
}

template <typename D>
D round_to_float_type(double v, AscendC::RoundMode mode) {
  using AscendC::RoundMode;
  const D c = D(v);  // nearest-even candidate (half/bf16 round from double without double rounding)
  if (std::isnan(v) || to_double(c) == v || std::isinf(v)) return c;
  const D other = step_toward(c, v);
  const bool c_low = to_double(c) < v;
  const D lo = c_low ? c : other;
  const D hi = c_low ? other : c;
  const double dl = v - candidate_value(lo);
  const double dh = candidate_value(hi) - v;
  switch (mode) {
    case RoundMode::CAST_FLOOR: return lo;
    case RoundMode::CAST_CEIL: return hi;
    case RoundMode::CAST_TRUNC: return v > 0 ? lo : hi;
    case RoundMode::CAST_ODD: return (fbits(lo) & 1u) ? lo : hi;
    case RoundMode::CAST_ROUND:
      if (dl != dh) return dl < dh ? lo : hi;
      return v > 0 ? hi : lo;
    default:  // CAST_NONE / CAST_RINT: nearest, ties to even
      if (dl != dh) return dl < dh ? lo : hi;
      return (fbits(lo) & 1u) ? hi : lo;
  }
}

// Float -> integer: round per mode, saturate to the type's range, NaN -> 0 (documented choice).
template <typename D>
D round_to_integer(double v, AscendC::RoundMode mode) {
  using AscendC::RoundMode;
  if (std::isnan(v)) return D(0);
  double r;
  switch (mode) {
    case RoundMode::CAST_FLOOR: r = std::floor(v); break;
    case RoundMode::CAST_CEIL: r = std::ceil(v); break;
    case RoundMode::CAST_TRUNC: r = std::trunc(v); break;
    case RoundMode::CAST_ROUND: r = std::round(v); break;
    case RoundMode::CAST_ODD: {
      const double f = std::floor(v);
      r = (f == v || std::fmod(f, 2.0) != 0.0) ? f : f + 1.0;
      break;
    }
    default: r = std::nearbyint(v); break;  // default FE mode is nearest-even
  }
  const double lo = static_cast<double>(std::numeric_limits<D>::min());
  const double hi = static_cast<double>(std::numeric_limits<D>::max());
  if (r <= lo) return std::numeric_limits<D>::min();
  if (r >= hi) return std::numeric_limits<D>::max();
  return static_cast<D>(r);
}

template <typename D, typename S>
D convert(S s, AscendC::RoundMode mode) {
  const double v = to_double(s);
  if constexpr (std::is_integral_v<D>) {
    return round_to_integer<D>(v, mode);
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, float>) {
    // float -> float rounds to an integral value (CAST_NONE keeps the value).
    if (mode == AscendC::RoundMode::CAST_NONE || std::isnan(s) || std::isinf(s)) return s;
    const double r = mode == AscendC::RoundMode::CAST_FLOOR ? std::floor(v)
                     : mode == AscendC::RoundMode::CAST_CEIL ? std::ceil(v)
                     : mode == AscendC::RoundMode::CAST_TRUNC ? std::trunc(v)
                     : mode == AscendC::RoundMode::CAST_ROUND ? std::round(v)
                                                               : std::nearbyint(v);
    return static_cast<float>(std::copysign(r, v));
  } else {
    return round_to_float_type<D>(v, mode);
  }
}

// int32_t -> half is the dequantizing conversion on the 910B and 310P (vconv_deq): x * the half scale SetDeqScale
// set (1.0 when unset), rounded to nearest even whatever roundMode says, as CANN's CastImpl does.
inline constexpr bool kCastS32F16IsDeq = OPKIT_SOC_ARCH != 3510;

inline half deq_to_half(double x) {
  const double scale = double(float(half::from_bits(static_cast<uint16_t>(vector_state().deq_scale & 0xFFFF))));
  return round_to_float_type<half>(x * scale, AscendC::RoundMode::CAST_RINT);
}

template <typename D, typename S>
D convert_or_deq(S s, AscendC::RoundMode mode) {
  if constexpr (kCastS32F16IsDeq && std::is_same_v<D, half> && std::is_same_v<S, int32_t>) {
    return deq_to_half(static_cast<double>(s));
  } else {
    return convert<D>(s, mode);
  }
}

template <typename D, typename S>
void cast_count(const LocalTensor<D>& dst, const LocalTensor<S>& src, AscendC::RoundMode mode, uint64_t n) {
  D* out = dst.opkit_addr;
  const S* in = src.opkit_addr;
  // Fast paths for the casts kernels do per tile: exact widening, and nearest-even narrowing to 16-bit floats.
  if constexpr (std::is_same_v<D, float> && is_float16_v<S>) {
    widen(in, out, static_cast<int64_t>(n));
    return;
  } else if constexpr (is_float16_v<D> && std::is_same_v<S, float>) {
    if (mode == AscendC::RoundMode::CAST_NONE || mode == AscendC::RoundMode::CAST_RINT) {
      narrow(in, out, static_cast<int64_t>(n));
      return;
    }
  }
  for (uint64_t i = 0; i < n; ++i) out[i] = convert_or_deq<D>(in[i], mode);
}

// Mask form: a repeat holds as many slots as the wider operand has in 256 B (64 for float<->half).
template <typename T, typename U, typename M>
void cast_masked(const LocalTensor<T>& dst, const LocalTensor<U>& src, AscendC::RoundMode roundMode, M mask,
                 const int32_t repeatTime, const AscendC::UnaryRepeatParams& params, bool isSetMask,
                 const SourceLoc& where) {
  constexpr uint32_t per_repeat = 256 / (sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));
  const MaskPlan p = plan_mask("Cast", per_repeat, mask, repeatTime, isSetMask, where);
  require_ub_operand("Cast", "dst", dst, span_bytes<T>(p, params.dstBlkStride, params.dstRepStride), where);
  require_ub_operand("Cast", "src", src, span_bytes<U>(p, params.srcBlkStride, params.srcRepStride), where);
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    slot(dst, r, j, params.dstBlkStride, params.dstRepStride) =
        convert_or_deq<T>(slot(src, r, j, params.srcBlkStride, params.srcRepStride), roundMode);
  });
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_CAST_CHECK                                                                                       \
  static_assert(opkit::sim::detail::cast_supported_v<T, U>,                                                    \
                "Cast does not support this (dst, src) type pair on " OPKIT_SOC_NAME ": from half to float, "  \
                "int32_t, int16_t, int8_t, uint8_t; float to half, float, int64_t, int32_t, int16_t"            \
                OPKIT_CAST_BF16_FROM_FLOAT "; int32_t to float, half, int16_t, int64_t; int16_t to half, "      \
                "float; int8_t, uint8_t to half; int64_t to int32_t, float" OPKIT_CAST_BF16_PAIRS OPKIT_CAST_INT4_PAIRS)
#if OPKIT_SOC_ARCH == 3510
#define OPKIT_CAST_INT4_PAIRS "; half to int4b_t; int4b_t to half, int16_t, bfloat16_t; int16_t to int4b_t"
#elif OPKIT_SOC_ARCH == 2201
#define OPKIT_CAST_INT4_PAIRS "; half to int4b_t; int4b_t to half"
#elif OPKIT_SOC_ARCH == 2002
#define OPKIT_CAST_INT4_PAIRS "; half to int4b_t"
#else
#define OPKIT_CAST_INT4_PAIRS " (no int4b_t on this SoC)"
#endif
#if !OPKIT_ARCH_HAS_BF16
#define OPKIT_CAST_BF16_FROM_FLOAT ""
#define OPKIT_CAST_BF16_PAIRS " (no bfloat16 on this SoC)"
#else
#define OPKIT_CAST_BF16_FROM_FLOAT ", bfloat16_t"
#define OPKIT_CAST_BF16_PAIRS "; bfloat16_t to float, int32_t"
#endif

// Signatures as CANN's kernel_operator_vec_vconv_intf.h: dst and src types both deduced (T from dst, U from src),
// roundMode by const reference, the bit mask as `const uint64_t mask[]`.
template <typename T, typename U>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint32_t count,
          OPKIT_SIM_HERE) {
  OPKIT_CAST_CHECK;
  namespace d = opkit::sim::detail;
  if constexpr (opkit_is_int4_v<T> || opkit_is_int4_v<U>) {
    d::cast_int4_count(dst, src, roundMode, count, where);
  } else {
    d::require_ub_operand("Cast", "dst", dst, uint64_t(count) * sizeof(T), where);
    d::require_ub_operand("Cast", "src", src, uint64_t(count) * sizeof(U), where);
    d::cast_count(dst, src, roundMode, count);
  }
}

template <typename T, typename U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint64_t mask[],
          const int32_t repeatTime, const UnaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  OPKIT_CAST_CHECK;
  if (opkit::sim::detail::current_block().ub_scratch != 0) {  // 310B: mask[0], mask[1], 0, 0 (ub_scratch.h)
    const uint64_t words[4] = {mask[0], mask[1], 0, 0};
    opkit::sim::detail::ub_scratch_write("Cast", words, 32, "its bit mask", where);
  }
  if constexpr (opkit_is_int4_v<T> || opkit_is_int4_v<U>) {
    opkit::sim::detail::cast_int4_masked(dst, src, roundMode, mask, repeatTime, repeatParams, isSetMask, where);
  } else {
    opkit::sim::detail::cast_masked(dst, src, roundMode, mask, repeatTime, repeatParams, isSetMask, where);
  }
}

template <typename T, typename U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint64_t mask,
          const int32_t repeatTime, const UnaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  OPKIT_CAST_CHECK;
  if constexpr (opkit_is_int4_v<T> || opkit_is_int4_v<U>) {
    opkit::sim::detail::cast_int4_masked(dst, src, roundMode, mask, repeatTime, repeatParams, isSetMask, where);
  } else {
    opkit::sim::detail::cast_masked(dst, src, roundMode, mask, repeatTime, repeatParams, isSetMask, where);
  }
}

#undef OPKIT_CAST_CHECK
#undef OPKIT_CAST_BF16_FROM_FLOAT
#undef OPKIT_CAST_BF16_PAIRS
#undef OPKIT_CAST_INT4_PAIRS

// Scalar bfloat16_t <-> float, as asc-devkit's kernel_scalar_convert.h declares them on the SoCs with bfloat16_t
// (__NPU_ARCH__ 2201, 3002, 3510): Cast(float) rounds to nearest even; ToFloat/ToBfloat16 are their older names.
#if OPKIT_SOC_ARCH == 2201 || OPKIT_SOC_ARCH == 3002 || OPKIT_SOC_ARCH == 3510
inline bfloat16_t Cast(const float& fVal) { return bfloat16_t(fVal); }
inline float Cast(const bfloat16_t& bVal) { return float(bVal); }
inline float ToFloat(const bfloat16_t& bVal) { return float(bVal); }
inline bfloat16_t ToBfloat16(const float& fVal) { return bfloat16_t(fVal); }
#endif

OPKIT_REJECT_UNMATCHED(Cast, "CANN declares Cast(dst, src, roundMode, count) and Cast(dst, src, roundMode, mask, "
                       "repeatTime, UnaryRepeatParams) with dst and src LocalTensors and roundMode a RoundMode "
                       "(RoundMode::CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD).")

}  // namespace AscendC
