// Advanced unary math APIs of Ascend C (lib/math): trigonometric, hyperbolic, error functions, rounding, Sign, Frac,
// Log/Log2/Log10 and Exp<T, taylorExpandLevel>. Each is computed in float with the C library (half inputs widened)
// and rounded once to T; the device builds them from polynomial and Taylor approximations, so its results may differ
// from these by a few ulp (see docs/simulated-api.md). Rounding: Round and Rint round half to even (Cast CAST_RINT,
// as CANN's implementation does), Trunc toward zero; Frac(x) = x - Trunc(x); Sign gives -1, 0 or 1 (0 for NaN: the
// device selects on x > 0 and x < 0). The sharedTmpBuffer forms check the buffer against the host helper's minValue.
#pragma once

#include <cmath>
#include <cstdint>

#include "opkit/sim/vec/adv_common.h"

namespace opkit::sim::detail {

// The digamma function in double, with CANN's special values: NaN at negative integers, at x <= -8388608 and for
// NaN; -inf at +-0 (its x >= 0 branch divides by x). Negative x by reflection, psi(x) = psi(1 - x) - pi / tan(pi x);
// positive x stepped past 10 by psi(x) = psi(x + 1) - 1 / x, then the asymptotic series.
inline double digamma(double x) {
  constexpr double kPi = 3.14159265358979323846;
  if (std::isnan(x) || x <= -8388608.0 || (x < 0 && x == std::floor(x))) return std::nan("");
  if (x == 0) return -INFINITY;
  if (x < 0) return digamma(1 - x) - kPi / std::tan(kPi * (x - std::floor(x)));
  double r = 0;
  for (; x < 10; x += 1) r -= 1 / x;
  const double z = 1 / (x * x);
  const double series = z * (1.0 / 12 - z * (1.0 / 120 - z * (1.0 / 252 - z * (1.0 / 240 - z * (1.0 / 132 -
                        z * (691.0 / 32760 - z / 12))))));
  return r + std::log(x) - 0.5 / x - series;
}

#define OPKIT_ADV_FN(NAME, EXPR)                           \
  struct Adv##NAME {                                       \
    static float apply(float x) { return EXPR; }           \
  };
OPKIT_ADV_FN(Acos, std::acos(x))
OPKIT_ADV_FN(Acosh, std::acosh(x))
OPKIT_ADV_FN(Asin, std::asin(x))
OPKIT_ADV_FN(Asinh, std::asinh(x))
OPKIT_ADV_FN(Atan, std::atan(x))
OPKIT_ADV_FN(Atanh, std::atanh(x))
OPKIT_ADV_FN(Cos, std::cos(x))
OPKIT_ADV_FN(Cosh, std::cosh(x))
OPKIT_ADV_FN(Sin, std::sin(x))
OPKIT_ADV_FN(Sinh, std::sinh(x))
OPKIT_ADV_FN(Tan, std::tan(x))
OPKIT_ADV_FN(Erf, std::erf(x))
OPKIT_ADV_FN(Erfc, std::erfc(x))
OPKIT_ADV_FN(Ceil, std::ceil(x))
OPKIT_ADV_FN(Floor, std::floor(x))
OPKIT_ADV_FN(Trunc, std::trunc(x))
OPKIT_ADV_FN(Rint, std::nearbyint(x))
OPKIT_ADV_FN(Frac, x - std::trunc(x))
OPKIT_ADV_FN(Sign, x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f))
OPKIT_ADV_FN(Log, std::log(x))
OPKIT_ADV_FN(Log2, std::log2(x))
OPKIT_ADV_FN(Log10, std::log10(x))
OPKIT_ADV_FN(Exp, std::exp(x))
OPKIT_ADV_FN(Lgamma, std::lgamma(x))
OPKIT_ADV_FN(Digamma, static_cast<float>(digamma(double(x))))
#undef OPKIT_ADV_FN

}  // namespace opkit::sim::detail

namespace AscendC {


OPKIT_ADV_UNARY_FULL(Acos, AdvAcos, ::opkit::sim::adv::kAcos, half, float)
OPKIT_ADV_UNARY_FULL(Acosh, AdvAcosh, ::opkit::sim::adv::kAcosh, half, float)
OPKIT_ADV_UNARY_FULL(Asin, AdvAsin, ::opkit::sim::adv::kAsin, half, float)
OPKIT_ADV_UNARY_FULL(Asinh, AdvAsinh, ::opkit::sim::adv::kAsinh, half, float)
OPKIT_ADV_UNARY_FULL(Atan, AdvAtan, ::opkit::sim::adv::kAtan, half, float)
OPKIT_ADV_UNARY_FULL(Atanh, AdvAtanh, ::opkit::sim::adv::kAtanh, half, float)
OPKIT_ADV_UNARY_FULL(Cos, AdvCos, ::opkit::sim::adv::kCos, half, float)
OPKIT_ADV_UNARY_FULL(Cosh, AdvCosh, ::opkit::sim::adv::kCosh, half, float)
OPKIT_ADV_UNARY_FULL(Sin, AdvSin, ::opkit::sim::adv::kSin, half, float)
OPKIT_ADV_UNARY_FULL(Sinh, AdvSinh, ::opkit::sim::adv::kSinh, half, float)
OPKIT_ADV_UNARY_FULL(Tan, AdvTan, ::opkit::sim::adv::kTan, half, float)
OPKIT_ADV_UNARY_FULL(Erf, AdvErf, ::opkit::sim::adv::kErf, half, float)
OPKIT_ADV_UNARY_FULL(Erfc, AdvErfc, ::opkit::sim::adv::kErfc, half, float)
OPKIT_ADV_UNARY_FULL(Trunc, AdvTrunc, ::opkit::sim::adv::kTrunc, half, float)
OPKIT_ADV_UNARY_FULL(Frac, AdvFrac, ::opkit::sim::adv::kFrac, half, float)
OPKIT_ADV_UNARY_FULL(Sign, AdvSign, ::opkit::sim::adv::kSign, half, float)
OPKIT_ADV_UNARY_FULL(Log2, AdvLog2, ::opkit::sim::adv::kLog2, half, float)
// CANN declares only the calCount forms of these.
OPKIT_ADV_UNARY_COUNT(Ceil, AdvCeil, ::opkit::sim::adv::kCeil, half, float)
OPKIT_ADV_UNARY_COUNT(Floor, AdvFloor, ::opkit::sim::adv::kFloor, half, float)
OPKIT_ADV_UNARY_COUNT(Round, AdvRint, ::opkit::sim::adv::kRound, half, float)
OPKIT_ADV_UNARY_COUNT(Lgamma, AdvLgamma, ::opkit::sim::adv::kLgamma, half, float)
OPKIT_ADV_UNARY_COUNT(Digamma, AdvDigamma, ::opkit::sim::adv::kDigamma, half, float)

// Log and Log10 take no sharedTmpBuffer.
#define OPKIT_ADV_NO_TMP(NAME, FN)                                                                               \
  template <typename T, bool isReuseSource = false>                                                            \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, uint32_t calCount, OPKIT_SIM_HERE) { \
    namespace d = opkit::sim::detail;                                                                          \
    static_assert(d::one_of_v<T, half, float>, #NAME ": T must be half or float");                             \
    d::adv_unary<d::FN>(#NAME, dstTensor, srcTensor, d::adv_count(#NAME, calCount, srcTensor, where), where);  \
  }                                                                                                            \
  template <typename T, bool isReuseSource = false>                                                            \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, OPKIT_SIM_HERE) {                \
    NAME<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize(), where);                                  \
  }
OPKIT_ADV_NO_TMP(Log, AdvLog)
OPKIT_ADV_NO_TMP(Log10, AdvLog10)
#undef OPKIT_ADV_NO_TMP

// Rint<config, T>: the config (RintConfig) does not change the result.
struct RintConfig {
  bool isReuseSource = false;
};
inline constexpr RintConfig DEFAULT_RINT_CONFIG{};

template <const RintConfig& config = DEFAULT_RINT_CONFIG, typename T>
void Rint(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
          const uint32_t count, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::one_of_v<T, half, float>, "Rint: T must be half or float");
  d::adv_tmp_check("Rint", sharedTmpBuffer, 0, where);
  d::adv_unary<d::AdvRint>("Rint", dst, src, d::adv_count("Rint", count, src, where), where);
}

template <const RintConfig& config = DEFAULT_RINT_CONFIG, typename T>
void Rint(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::one_of_v<T, half, float>, "Rint: T must be half or float");
  d::adv_unary<d::AdvRint>("Rint", dst, src, d::adv_count("Rint", count, src, where), where);
}

// Exp<T, taylorExpandLevel[, isReuseSource]>: the device sums taylorExpandLevel terms of a Taylor series for the
// fractional part; the simulator computes exp exactly in float whatever the level.
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const uint32_t calCount, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::one_of_v<T, half, float>, "Exp: T must be half or float");
  d::adv_tmp_check("Exp", sharedTmpBuffer, ::opkit::sim::adv::min_tmp(::opkit::sim::adv::kExp, sizeof(T), isReuseSource), where);
  d::adv_unary<d::AdvExp>("Exp", dstLocal, srcLocal, d::adv_count("Exp", calCount, srcLocal, where), where);
}

template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t calCount, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::one_of_v<T, half, float>, "Exp: T must be half or float");
  d::adv_unary<d::AdvExp>("Exp", dstLocal, srcLocal, d::adv_count("Exp", calCount, srcLocal, where), where);
}

}  // namespace AscendC
