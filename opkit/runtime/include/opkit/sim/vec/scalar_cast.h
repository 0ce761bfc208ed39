// Scalar conversions and helpers of kernel_operator_scalar_intf.h that take a RoundMode or serve the vector
// integer division: Cast<T, U, roundMode>(value), ScalarCast (its older name) and GetUintDivMagicAndShift.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "opkit/sim/fault.h"
#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

// float -> half rounding to odd: truncate toward zero, then set the last bit when the result is inexact.
inline half float_to_half_odd(float x) {
  if (x != x) return half(x);
  half h(x);  // round to nearest even
  uint16_t b = h.bits();
  if (std::fabs(static_cast<float>(h)) > std::fabs(x)) b = static_cast<uint16_t>(b - 1);  // step toward zero
  const half t = half::from_bits(b);
  if (static_cast<float>(t) != x) b |= 1u;
  return half::from_bits(b);
}

}  // namespace opkit::sim::detail

namespace AscendC {

// CANN's scalar conversions (impl/basic_api/kernel_scalar.h CastImpl), on the 910B, 310P and Ascend 950: float ->
// half rounds to odd only (RoundMode::CAST_ODD); float -> int32_t by CAST_ROUND (half away from zero), CAST_CEIL,
// CAST_FLOOR or CAST_RINT (half to even), saturating. Another round mode is reported at run time, as CANN's assert.
template <typename T, typename U, RoundMode roundMode>
U ScalarCast(T valueIn, OPKIT_SIM_HERE) {
  static_assert(OPKIT_SOC_ARCH == 2201 || OPKIT_SOC_ARCH == 2002 || OPKIT_SOC_ARCH == 3510 || roundMode != roundMode,
                "ScalarCast is available on Ascend910B, Ascend310P and Ascend950; this kernel is compiled for "
                OPKIT_SOC_NAME);
  static_assert(std::is_same_v<T, float> && (std::is_same_v<U, half> || std::is_same_v<U, int32_t>),
                "ScalarCast converts float to half or int32_t");
  namespace d = opkit::sim::detail;
  const float x = valueIn;
  if constexpr (std::is_same_v<U, half>) {
    if (roundMode != RoundMode::CAST_ODD) {
      d::fault("ScalarCast", d::cat("float -> half takes RoundMode::CAST_ODD only (got mode ", int(roundMode), ")"),
               where);
    }
    return d::float_to_half_odd(x);
  } else {
    double r = 0;
    switch (roundMode) {
      case RoundMode::CAST_ROUND: r = std::round(double(x)); break;
      case RoundMode::CAST_CEIL: r = std::ceil(double(x)); break;
      case RoundMode::CAST_FLOOR: r = std::floor(double(x)); break;
      case RoundMode::CAST_RINT: r = std::nearbyint(double(x)); break;
      default:
        d::fault("ScalarCast", d::cat("float -> int32_t takes CAST_ROUND, CAST_CEIL, CAST_FLOOR or CAST_RINT (got "
                                      "mode ", int(roundMode), ")"),
                 where);
    }
    if (x != x) return 0;
    const double lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max();
    return static_cast<int32_t>(r < lo ? lo : r > hi ? hi : r);
  }
}

// The scalar Cast<T, U, roundMode>(valueIn) of kernel_operator_scalar_intf.h: ScalarCast's newer name, the same rules.
template <typename T, typename U, RoundMode roundMode>
U Cast(T valueIn, OPKIT_SIM_HERE) {
  return ScalarCast<T, U, roundMode>(valueIn, where);
}

// Ascend 950: the magic number and shift that turn an unsigned division by `divisor` into a multiply-high and a
// shift (q = (mulhi(n, magic) + n) >> shift, the round-up method), as CANN computes them (kernel_scalar.h).
template <typename T>
void GetUintDivMagicAndShift(T& magic, T& shift, T divisor, OPKIT_SIM_HERE) {
  static_assert(OPKIT_SOC_ARCH == 3510 || !std::is_same_v<T, T>,
                "GetUintDivMagicAndShift is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  static_assert(std::is_same_v<T, uint32_t> || std::is_same_v<T, uint64_t>,
                "GetUintDivMagicAndShift supports uint32_t and uint64_t");
  namespace d = opkit::sim::detail;
  constexpr T kMax = std::is_same_v<T, uint32_t> ? T(INT32_MAX) : T(INT64_MAX);
  if (divisor == 0 || divisor > kMax) {
    d::fault("GetUintDivMagicAndShift", d::cat("divisor ", uint64_t(divisor), " is outside [1, ", uint64_t(kMax), "]"),
             where);
  }
  const int pos = 64 - __builtin_clzll(uint64_t(divisor));
  shift = static_cast<T>(__builtin_popcountll(uint64_t(divisor)) == 1 ? pos - 1 : pos);
  if constexpr (std::is_same_v<T, uint32_t>) {
    magic = static_cast<T>((int64_t(1) << 32) * ((int64_t(1) << shift) - int64_t(divisor)) / int64_t(divisor) + 1);
  } else {
    const unsigned __int128 dividend = (static_cast<unsigned __int128>(1) << shift) - divisor;
    magic = static_cast<T>((dividend << 64) / divisor + 1);
  }
}

}  // namespace AscendC
