// Advanced math APIs of Ascend C with two operands or a scalar (lib/math): Power, Fmod, Xor, ClampMax/ClampMin and
// the mixed-precision Axpy. Computed in float (half widened; int32 Power in integers) and rounded once to T.
//   Power(base, exp)  = pow(base, exp): tensor^tensor, tensor^scalar, scalar^tensor; int32 by repeated squaring
//                       (negative exponents give 0 unless |base| is 1, as integer pow; (?) the device's choice)
//   Fmod(a, b)        = C fmod: a - trunc(a / b) * b, with the sign of a
//   Xor(a, b)         = a ^ b (int16_t, uint16_t)
//   ClampMax(x, s)    = min(x, s), ClampMin(x, s) = max(x, s) (NaN inputs stay NaN)
//   Axpy(dst, src, s) : dst += src * s with dst T and src U: (half, half), (float, float), (float, half)
// PowerConfig/FmodConfig (algorithm choices of Ascend 950) are accepted and change nothing here.
#pragma once

#include <cmath>
#include <cstdint>

#include "opkit/sim/vec/adv_common.h"

namespace AscendC {

enum class PowerAlgo { INTRINSIC = 0, DOUBLE_FLOAT_TECH };
struct PowerConfig {
  PowerAlgo algo = PowerAlgo::INTRINSIC;
};
inline constexpr PowerConfig defaultPowerConfig = {PowerAlgo::INTRINSIC};

inline constexpr uint32_t FMOD_ITERATION_NUM_MAX = 11;
enum class FmodAlgo { NORMAL = 0, ITERATION_COMPENSATION = 1 };
struct FmodConfig {
  FmodAlgo algo = FmodAlgo::NORMAL;
  uint32_t iterationNum = FMOD_ITERATION_NUM_MAX;
};
inline constexpr FmodConfig DEFAULT_FMOD_CONFIG = {FmodAlgo::NORMAL, FMOD_ITERATION_NUM_MAX};

}  // namespace AscendC

namespace opkit::sim::detail {

inline int32_t ipow(int32_t base, int32_t exp) {
  if (exp < 0) return base == 1 ? 1 : base == -1 ? (exp % 2 ? -1 : 1) : 0;
  uint32_t result = 1, b = static_cast<uint32_t>(base);  // wraps like the device's 32-bit multiply
  for (uint32_t e = static_cast<uint32_t>(exp); e != 0; e >>= 1, b *= b) {
    if (e & 1u) result *= b;
  }
  return static_cast<int32_t>(result);
}

template <typename T>
T power_one(T base, T exp) {
  if constexpr (std::is_same_v<T, int32_t>) {
    return ipow(base, exp);
  } else {
    return T(std::pow(static_cast<float>(base), static_cast<float>(exp)));
  }
}

// One Power call: base and exponent each a tensor (element i) or a scalar (null tensor).
template <typename T>
void power(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>* base, T base_s,
           const AscendC::LocalTensor<T>* exp, T exp_s, const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count,
           const SourceLoc& where) {
  static_assert(one_of_v<T, half, float, int32_t>, "Power: T must be half, float or int32_t");
  const char* api = "Power";
  if (tmp != nullptr) {
    adv_tmp_check(api, *tmp, adv::power_min_tmp(base && exp, std::is_same_v<T, int32_t>, sizeof(T)), where);
  }
  const uint64_t n = adv_count(api, count, base ? *base : *exp, where);
  if (base) require_ub_operand(api, "src0", *base, n * sizeof(T), where);
  if (exp) require_ub_operand(api, "src1", *exp, n * sizeof(T), where);
  require_ub_operand(api, "dst", dst, n * sizeof(T), where);
  for (uint64_t i = 0; i < n; ++i) {
    dst.opkit_addr[i] = power_one<T>(base ? base->opkit_addr[i] : base_s, exp ? exp->opkit_addr[i] : exp_s);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_POWER_TEMPLATE \
  template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>
// tensor ^ tensor
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, &src0Tensor, T(), &src1Tensor, T(), &sharedTmpBuffer, calCount, where);
}
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, &src0Tensor, T(), &src1Tensor, T(), nullptr, calCount, where);
}
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, &src0Tensor, T(), &src1Tensor, T(), &sharedTmpBuffer, src0Tensor.GetSize(),
                            where);
}
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, &src0Tensor, T(), &src1Tensor, T(), nullptr, src0Tensor.GetSize(), where);
}
// tensor ^ scalar
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, &src0Tensor, T(), nullptr, src1Scalar, &sharedTmpBuffer, calCount, where);
}
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar, uint32_t calCount,
           OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, &src0Tensor, T(), nullptr, src1Scalar, nullptr, calCount, where);
}
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
           const LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, &src0Tensor, T(), nullptr, src1Scalar, &sharedTmpBuffer, src0Tensor.GetSize(),
                            where);
}
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar, OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, &src0Tensor, T(), nullptr, src1Scalar, nullptr, src0Tensor.GetSize(), where);
}
// scalar ^ tensor
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, nullptr, src0Scalar, &src1Tensor, T(), &sharedTmpBuffer, calCount, where);
}
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor, uint32_t calCount,
           OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, nullptr, src0Scalar, &src1Tensor, T(), nullptr, calCount, where);
}
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, nullptr, src0Scalar, &src1Tensor, T(), &sharedTmpBuffer, src1Tensor.GetSize(),
                            where);
}
OPKIT_POWER_TEMPLATE
void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor, OPKIT_SIM_HERE) {
  opkit::sim::detail::power<T>(dstTensor, nullptr, src0Scalar, &src1Tensor, T(), nullptr, src1Tensor.GetSize(), where);
}
#undef OPKIT_POWER_TEMPLATE

// Fmod and Xor: (dst, src0, src1[, sharedTmpBuffer][, calCount]).
#define OPKIT_COMMA ,
#define OPKIT_ADV_BINARY4(NAME, TEMPLATE, CHECK_TYPES, RULE, EXPR)                                             \
  TEMPLATE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                        \
                     const LocalTensor<T>& src1Tensor, const LocalTensor<uint8_t>& sharedTmpBuffer,            \
                     const uint32_t calCount, OPKIT_SIM_HERE) {                                                \
    namespace d = opkit::sim::detail;                                                                          \
    CHECK_TYPES;                                                                                               \
    d::adv_tmp_check(#NAME, sharedTmpBuffer, ::opkit::sim::adv::min_tmp(RULE, sizeof(T), isReuseSource), where); \
    d::adv_binary(#NAME, dstTensor, src0Tensor, src1Tensor, d::adv_count(#NAME, calCount, src0Tensor, where),  \
                  where, [](auto a, auto b) { return EXPR; });                                                 \
  }                                                                                                            \
  TEMPLATE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                        \
                     const LocalTensor<T>& src1Tensor, const uint32_t calCount, OPKIT_SIM_HERE) {              \
    namespace d = opkit::sim::detail;                                                                          \
    CHECK_TYPES;                                                                                               \
    d::adv_binary(#NAME, dstTensor, src0Tensor, src1Tensor, d::adv_count(#NAME, calCount, src0Tensor, where),  \
                  where, [](auto a, auto b) { return EXPR; });                                                 \
  }                                                                                                            \
  TEMPLATE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                        \
                     const LocalTensor<T>& src1Tensor, const LocalTensor<uint8_t>& sharedTmpBuffer,            \
                     OPKIT_SIM_HERE) {                                                                         \
    NAME(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer, src0Tensor.GetSize(), where);                     \
  }                                                                                                            \
  TEMPLATE void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                        \
                     const LocalTensor<T>& src1Tensor, OPKIT_SIM_HERE) {                                       \
    NAME(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize(), where);                                      \
  }

OPKIT_ADV_BINARY4(Fmod, template <typename T OPKIT_COMMA bool isReuseSource = false OPKIT_COMMA
                  const FmodConfig& config = DEFAULT_FMOD_CONFIG>,
                  static_assert(d::one_of_v<T, half, float>, "Fmod: T must be half or float"),
                  ::opkit::sim::adv::kFmod, std::fmod(a, b))
OPKIT_ADV_BINARY4(Xor, template <typename T OPKIT_COMMA bool isReuseSource = false>,
                  static_assert(d::one_of_v<T, int16_t, uint16_t>, "Xor: T must be int16_t or uint16_t"),
                  ::opkit::sim::adv::kXor, a ^ b)
#undef OPKIT_ADV_BINARY4
#undef OPKIT_COMMA

#define OPKIT_CLAMP(NAME, EXPR)                                                                                \
  template <typename T, bool isReuseSource = false>                                                            \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                  \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar, const uint32_t calCount,              \
            OPKIT_SIM_HERE) {                                                                                  \
    namespace d = opkit::sim::detail;                                                                          \
    d::adv_tmp_check(#NAME, sharedTmpBuffer, ::opkit::sim::adv::clamp_min_tmp(sizeof(T)), where);             \
    NAME<T, isReuseSource>(dstTensor, srcTensor, scalar, calCount, where);                                     \
  }                                                                                                            \
  template <typename T, bool isReuseSource = false>                                                            \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar,                  \
            const uint32_t calCount, OPKIT_SIM_HERE) {                                                         \
    namespace d = opkit::sim::detail;                                                                          \
    static_assert(d::one_of_v<T, half, float>, #NAME ": T must be half or float");                             \
    const float s = static_cast<float>(scalar);                                                                \
    d::adv_binary(#NAME, dstTensor, srcTensor, srcTensor, d::adv_count(#NAME, calCount, srcTensor, where),     \
                  where, [s](float a, float) { return EXPR; });                                                \
  }
OPKIT_CLAMP(ClampMax, a != a ? a : (a > s ? s : a))
OPKIT_CLAMP(ClampMin, a != a ? a : (a < s ? s : a))
#undef OPKIT_CLAMP

// The advanced Axpy: dst (T) += src (U) * scalarValue, in float, rounded once to T.
template <typename T, typename U, bool isReuseSource = false>
void Axpy(const LocalTensor<T>& dstTensor, const LocalTensor<U>& srcTensor, const U scalarValue,
          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert((std::is_same_v<T, U> && d::one_of_v<T, half, float>) ||
                    (std::is_same_v<T, float> && std::is_same_v<U, half>),
                "Axpy: (dst, src) types must be (half, half), (float, float) or (float, half)");
  d::adv_tmp_check("Axpy", sharedTmpBuffer, ::opkit::sim::adv::min_tmp(::opkit::sim::adv::kAxpy, sizeof(U)), where);
  const uint64_t n = d::adv_count("Axpy", calCount, srcTensor, where);
  d::require_ub_operand("Axpy", "src", srcTensor, n * sizeof(U), where);
  d::require_ub_operand("Axpy", "dst", dstTensor, n * sizeof(T), where);
  const float s = static_cast<float>(scalarValue);
  for (uint64_t i = 0; i < n; ++i) {
    const float x = static_cast<float>(srcTensor.opkit_addr[i]);
    dstTensor.opkit_addr[i] = T(static_cast<float>(dstTensor.opkit_addr[i]) + x * s);
  }
}

}  // namespace AscendC
