// Advanced element-wise APIs with a config template argument: BitwiseAnd/Or/Xor/Not, LogicalAnd/Or/Xor/Not,
// LogicalAnds/Ors (a scalar operand), Where, Clamp, Fma, IsFinite/IsInf/IsNan, Hypot, SinCos and CumSum.
// Operands named U/S may be a LocalTensor or a scalar, as CANN's templates deduce. Float results are computed in
// float (double for 64-bit integers) and rounded once.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "opkit/sim/vec/common.h"

namespace AscendC {

#define OPKIT_REUSE_CONFIG(NAME, DEFAULT)                                                                     \
  struct NAME {                                                                                               \
    bool isReuseSource = false;                                                                               \
  };                                                                                                          \
  inline constexpr NAME DEFAULT = {};
OPKIT_REUSE_CONFIG(BitwiseAndConfig, DEFAULT_BITWISE_AND_CONFIG)
OPKIT_REUSE_CONFIG(BitwiseOrConfig, DEFAULT_BITWISE_OR_CONFIG)
OPKIT_REUSE_CONFIG(BitwiseXorConfig, DEFAULT_BITWISE_XOR_CONFIG)
OPKIT_REUSE_CONFIG(BitwiseNotConfig, DEFAULT_BITWISE_NOT_CONFIG)
OPKIT_REUSE_CONFIG(LogicalAndConfig, DEFAULT_LOGICAL_AND_CONFIG)
OPKIT_REUSE_CONFIG(LogicalOrConfig, DEFAULT_LOGICAL_OR_CONFIG)
OPKIT_REUSE_CONFIG(LogicalXorConfig, DEFAULT_LOGICAL_XOR_CONFIG)
OPKIT_REUSE_CONFIG(LogicalNotConfig, DEFAULT_LOGICAL_NOT_CONFIG)
OPKIT_REUSE_CONFIG(ClampConfig, DEFAULT_CLAMP_CONFIG)
OPKIT_REUSE_CONFIG(FmaConfig, DEFAULT_FMA_CONFIG)
OPKIT_REUSE_CONFIG(IsInfConfig, DEFAULT_IS_INF_CONFIG)
OPKIT_REUSE_CONFIG(IsNanConfig, DEFAULT_IS_NAN_CONFIG)
OPKIT_REUSE_CONFIG(SinCosConfig, DEFAULT_SINCOS_CONFIG)
#undef OPKIT_REUSE_CONFIG

struct LogicalAndsConfig {
  bool isReuseSource = false;
  int8_t scalarTensorIndex = 1;  // which operand is the scalar when both are tensors (0: src0, 1: src1)
};
struct LogicalOrsConfig {
  bool isReuseSource = false;
  int8_t scalarTensorIndex = 1;
};
inline constexpr LogicalAndsConfig DEFAULT_LOGICAL_ANDS_CONFIG = {};
inline constexpr LogicalOrsConfig DEFAULT_LOGICAL_ORS_CONFIG = {};

enum class CumSumAlgorithm { CUMSUM_ALGORITHM_LINEBYLINE = 0, CUMSUM_ALGORITHM_SKLANSKY = 1 };
struct CumSumConfig {
  bool isLastAxis{true};
  bool isReuseSource{false};
  bool outputLastRow{false};
  CumSumAlgorithm algorithm{CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
};
inline constexpr CumSumConfig defaultCumSumConfig = {};
struct CumSumInfo {
  uint32_t outter{0};
  uint32_t inner{0};
};

}  // namespace AscendC

namespace opkit::sim::detail {

template <typename X>
struct is_local_tensor : std::false_type {};
template <typename X>
struct is_local_tensor<AscendC::LocalTensor<X>> : std::true_type {};

// An operand that is a LocalTensor (element i, or element 0 when `scalar`) or a scalar.
template <typename X>
auto operand_at(const X& x, uint64_t i, bool scalar = false) {
  if constexpr (is_local_tensor<X>::value) return x.opkit_addr[scalar ? 0 : i];
  else return x;
}

template <typename X>
void require_operand(const char* api, const char* what, const X& x, uint64_t elems, const SourceLoc& where) {
  if constexpr (is_local_tensor<X>::value) {
    using E = std::remove_reference_t<decltype(x.opkit_addr[0])>;
    require_ub_operand(api, what, x, elems * sizeof(E), where);
  }
}

template <typename V>
double as_double(const V& v) {
  if constexpr (std::is_same_v<V, bool>) return v ? 1.0 : 0.0;
  else return static_cast<double>(v);
}

template <typename T>
T from_double(double v) {
  if constexpr (std::is_same_v<T, bool>) return v != 0.0;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(v);
  else return T(static_cast<float>(v));
}

// dst[i] = f(i) for i < count, every value computed before any is stored (dst may alias the sources).
template <typename T, typename F>
void each(const char* api, const AscendC::LocalTensor<T>& dst, uint32_t count, F f, const SourceLoc& where) {
  require_ub_operand(api, "dst", dst, uint64_t(count) * sizeof(T), where);
  std::vector<T> out(count);
  for (uint32_t i = 0; i < count; ++i) out[i] = f(i);
  for (uint32_t i = 0; i < count; ++i) dst.opkit_addr[i] = out[i];
}

template <typename T>
inline constexpr bool bitwise_type_v = one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                                                uint64_t>;
template <typename T>
inline constexpr bool logic_src_v = one_of_v<T, bool, int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t,
                                             uint32_t, float, int64_t, uint64_t>;

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_BITWISE2(NAME, CFG, DEF, OP)                                                                        \
  template <const CFG& config = DEF, typename T>                                                                  \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                   \
            const uint32_t count, OPKIT_SIM_HERE) {                                                               \
    static_assert(opkit::sim::detail::bitwise_type_v<T>, #NAME " supports 8/16/32/64-bit integers");              \
    namespace d = opkit::sim::detail;                                                                             \
    d::require_ub_operand(#NAME, "src0", src0, uint64_t(count) * sizeof(T), where);                              \
    d::require_ub_operand(#NAME, "src1", src1, uint64_t(count) * sizeof(T), where);                              \
    d::each(#NAME, dst, count, [&](uint32_t i) { return T(src0.opkit_addr[i] OP src1.opkit_addr[i]); }, where);   \
  }
OPKIT_BITWISE2(BitwiseAnd, BitwiseAndConfig, DEFAULT_BITWISE_AND_CONFIG, &)
OPKIT_BITWISE2(BitwiseOr, BitwiseOrConfig, DEFAULT_BITWISE_OR_CONFIG, |)
OPKIT_BITWISE2(BitwiseXor, BitwiseXorConfig, DEFAULT_BITWISE_XOR_CONFIG, ^)
#undef OPKIT_BITWISE2

template <const BitwiseNotConfig& config = DEFAULT_BITWISE_NOT_CONFIG, typename T>
void BitwiseNot(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::bitwise_type_v<T>, "BitwiseNot supports 8/16/32/64-bit integers");
  opkit::sim::detail::require_ub_operand("BitwiseNot", "src", src, uint64_t(count) * sizeof(T), where);
  opkit::sim::detail::each("BitwiseNot", dst, count, [&](uint32_t i) { return T(~src.opkit_addr[i]); }, where);
}

// Logical ops: operands are true when nonzero; dst is bool.
#define OPKIT_LOGICAL2(NAME, CFG, DEF, OP)                                                                        \
  template <const CFG& config = DEF, typename T, typename U>                                                      \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,                   \
            const uint32_t count, OPKIT_SIM_HERE) {                                                               \
    static_assert(std::is_same_v<T, bool>, #NAME ": dst is bool");                                                \
    static_assert(opkit::sim::detail::logic_src_v<U>, #NAME ": unsupported source type");                         \
    namespace d = opkit::sim::detail;                                                                             \
    d::require_ub_operand(#NAME, "src0", src0, uint64_t(count) * sizeof(U), where);                              \
    d::require_ub_operand(#NAME, "src1", src1, uint64_t(count) * sizeof(U), where);                              \
    d::each(#NAME, dst, count, [&](uint32_t i) {                                                                  \
      return (d::as_double(src0.opkit_addr[i]) != 0.0) OP (d::as_double(src1.opkit_addr[i]) != 0.0);            \
    }, where);                                                                                                    \
  }
OPKIT_LOGICAL2(LogicalAnd, LogicalAndConfig, DEFAULT_LOGICAL_AND_CONFIG, &&)
OPKIT_LOGICAL2(LogicalOr, LogicalOrConfig, DEFAULT_LOGICAL_OR_CONFIG, ||)
OPKIT_LOGICAL2(LogicalXor, LogicalXorConfig, DEFAULT_LOGICAL_XOR_CONFIG, !=)
#undef OPKIT_LOGICAL2

template <const LogicalNotConfig& config = DEFAULT_LOGICAL_NOT_CONFIG, typename T, typename U>
void LogicalNot(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, bool>, "LogicalNot: dst is bool");
  static_assert(opkit::sim::detail::logic_src_v<U>, "LogicalNot: unsupported source type");
  namespace d = opkit::sim::detail;
  d::require_ub_operand("LogicalNot", "src", src, uint64_t(count) * sizeof(U), where);
  d::each("LogicalNot", dst, count, [&](uint32_t i) { return d::as_double(src.opkit_addr[i]) == 0.0; }, where);
}

#define OPKIT_LOGICAL_S(NAME, CFG, DEF, OP)                                                                       \
  template <const CFG& config = DEF, typename T, typename U, typename S>                                         \
  void NAME(const LocalTensor<T>& dst, const U& src0, const S& src1, const uint32_t count, OPKIT_SIM_HERE) {     \
    static_assert(std::is_same_v<T, bool>, #NAME ": dst is bool");                                                \
    namespace d = opkit::sim::detail;                                                                             \
    constexpr bool both = d::is_local_tensor<U>::value && d::is_local_tensor<S>::value;                          \
    const bool s0 = both && config.scalarTensorIndex == 0, s1 = both && config.scalarTensorIndex != 0;            \
    d::require_operand(#NAME, "src0", src0, s0 ? 1 : count, where);                                               \
    d::require_operand(#NAME, "src1", src1, s1 ? 1 : count, where);                                               \
    d::each(#NAME, dst, count, [&](uint32_t i) {                                                                  \
      return (d::as_double(d::operand_at(src0, i, s0)) != 0.0) OP (d::as_double(d::operand_at(src1, i, s1)) != 0.0); \
    }, where);                                                                                                    \
  }
OPKIT_LOGICAL_S(LogicalAnds, LogicalAndsConfig, DEFAULT_LOGICAL_ANDS_CONFIG, &&)
OPKIT_LOGICAL_S(LogicalOrs, LogicalOrsConfig, DEFAULT_LOGICAL_ORS_CONFIG, ||)
#undef OPKIT_LOGICAL_S

// dst[i] = condition[i] ? src0[i] : src1[i] (either source may be a scalar).
template <typename T, typename U, typename S, typename V>
void Where(const LocalTensor<T>& dst, const U& src0, const S& src1, const LocalTensor<V>& condition,
           const uint32_t count, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<V, bool>, "Where: the condition is a bool tensor");
  namespace d = opkit::sim::detail;
  d::require_operand("Where", "src0", src0, count, where);
  d::require_operand("Where", "src1", src1, count, where);
  d::require_ub_operand("Where", "condition", condition, count, where);
  d::each("Where", dst, count, [&](uint32_t i) {
    return condition.opkit_addr[i] ? T(d::operand_at(src0, i)) : T(d::operand_at(src1, i));
  }, where);
}

// dst = min(max(src, min), max); min/max may be scalars or tensors.
template <const ClampConfig& config = DEFAULT_CLAMP_CONFIG, typename T, typename U, typename S>
void Clamp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& min, const S& max, const uint32_t count,
           OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::require_ub_operand("Clamp", "src", src, uint64_t(count) * sizeof(T), where);
  d::require_operand("Clamp", "min", min, count, where);
  d::require_operand("Clamp", "max", max, count, where);
  d::each("Clamp", dst, count, [&](uint32_t i) {
    const double x = d::as_double(src.opkit_addr[i]), lo = d::as_double(d::operand_at(min, i)),
                 hi = d::as_double(d::operand_at(max, i));
    if (x != x) return src.opkit_addr[i];  // NaN stays NaN
    return d::from_double<T>(x < lo ? lo : x > hi ? hi : x);
  }, where);
}

// dst = src0 * src1 + src2, fused (one rounding of the float result).
template <const FmaConfig& config = DEFAULT_FMA_CONFIG, typename T>
void Fma(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
         const LocalTensor<T>& src2, const uint32_t count, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Fma supports half and float");
  namespace d = opkit::sim::detail;
  for (const auto* s : {&src0, &src1, &src2}) d::require_ub_operand("Fma", "src", *s, uint64_t(count) * sizeof(T), where);
  d::each("Fma", dst, count, [&](uint32_t i) {
    return T(std::fma(static_cast<float>(src0.opkit_addr[i]), static_cast<float>(src1.opkit_addr[i]),
                      static_cast<float>(src2.opkit_addr[i])));
  }, where);
}
template <const FmaConfig& config = DEFAULT_FMA_CONFIG, typename T>
void Fma(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
         const LocalTensor<T>& src2, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t count,
         OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("Fma", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  Fma<config, T>(dst, src0, src1, src2, count, where);
}

// Classification into bool (true/false) or a float type (1/0).
#define OPKIT_CLASSIFY(NAME, CFG, DEF, PRED)                                                                      \
  template <const CFG& config = DEF, typename T, typename U>                                                      \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count, OPKIT_SIM_HERE) {        \
    static_assert(opkit::sim::detail::one_of_v<U, half, float, bfloat16_t>, #NAME ": src is half or float");     \
    static_assert(opkit::sim::detail::one_of_v<T, bool, half, float, bfloat16_t>, #NAME ": dst is bool or float"); \
    namespace d = opkit::sim::detail;                                                                             \
    d::require_ub_operand(#NAME, "src", src, uint64_t(count) * sizeof(U), where);                                \
    d::each(#NAME, dst, count, [&](uint32_t i) {                                                                  \
      const float x = static_cast<float>(src.opkit_addr[i]);                                                     \
      return d::from_double<T>((PRED) ? 1.0 : 0.0);                                                               \
    }, where);                                                                                                    \
  }                                                                                                               \
  template <const CFG& config = DEF, typename T, typename U>                                                      \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,   \
            const uint32_t count, OPKIT_SIM_HERE) {                                                               \
    opkit::sim::detail::require_ub_operand(#NAME, "sharedTmpBuffer", sharedTmpBuffer, 0, where);                 \
    NAME<config, T, U>(dst, src, count, where);                                                                   \
  }
OPKIT_CLASSIFY(IsInf, IsInfConfig, DEFAULT_IS_INF_CONFIG, std::isinf(x))
OPKIT_CLASSIFY(IsNan, IsNanConfig, DEFAULT_IS_NAN_CONFIG, std::isnan(x))
#undef OPKIT_CLASSIFY

template <typename T, typename U>
void IsFinite(const LocalTensor<U>& dst, const LocalTensor<T>& src, uint32_t calCount, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float, bfloat16_t>, "IsFinite: src is half, bfloat16 or float");
  static_assert(opkit::sim::detail::one_of_v<U, bool, half, float, bfloat16_t>, "IsFinite: dst is bool or float");
  namespace d = opkit::sim::detail;
  d::require_ub_operand("IsFinite", "src", src, uint64_t(calCount) * sizeof(T), where);
  d::each("IsFinite", dst, calCount, [&](uint32_t i) {
    return d::from_double<U>(std::isfinite(static_cast<float>(src.opkit_addr[i])) ? 1.0 : 0.0);
  }, where);
}

// dst = sqrt(src0^2 + src1^2) without intermediate overflow.
template <typename T, bool isReuseSource = false>
void Hypot(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const uint32_t calCount, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Hypot supports half and float");
  namespace d = opkit::sim::detail;
  d::require_ub_operand("Hypot", "src0Tensor", src0Tensor, uint64_t(calCount) * sizeof(T), where);
  d::require_ub_operand("Hypot", "src1Tensor", src1Tensor, uint64_t(calCount) * sizeof(T), where);
  d::each("Hypot", dstTensor, calCount, [&](uint32_t i) {
    return T(std::hypot(static_cast<float>(src0Tensor.opkit_addr[i]), static_cast<float>(src1Tensor.opkit_addr[i])));
  }, where);
}
template <typename T, bool isReuseSource = false>
void Hypot(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("Hypot", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  Hypot<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, calCount, where);
}
template <typename T, bool isReuseSource = false>
void Hypot(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  Hypot<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer, src0Tensor.GetSize(), where);
}

// dst0 = sin(src), dst1 = cos(src).
template <const SinCosConfig& config = DEFAULT_SINCOS_CONFIG, typename T>
void SinCos(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src, const uint32_t count,
            OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "SinCos supports half and float");
  namespace d = opkit::sim::detail;
  d::require_ub_operand("SinCos", "src", src, uint64_t(count) * sizeof(T), where);
  std::vector<float> x(count);
  for (uint32_t i = 0; i < count; ++i) x[i] = static_cast<float>(src.opkit_addr[i]);
  d::each("SinCos", dst0, count, [&](uint32_t i) { return T(std::sin(x[i])); }, where);
  d::each("SinCos", dst1, count, [&](uint32_t i) { return T(std::cos(x[i])); }, where);
}
template <const SinCosConfig& config = DEFAULT_SINCOS_CONFIG, typename T>
void SinCos(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src,
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t count, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("SinCos", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  SinCos<config, T>(dst0, dst1, src, count, where);
}

// Cumulative sum over [outter, inner] along the last axis (each row) or the first (each column); with
// outputLastRow, lastRowTensor gets the last row of the result (first-axis sums: the column totals).
template <typename T, const CumSumConfig& config = defaultCumSumConfig>
void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor, const LocalTensor<T>& srcTensor,
            const CumSumInfo& cumSumInfo, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "CumSum supports half and float");
  namespace d = opkit::sim::detail;
  const uint32_t rows = cumSumInfo.outter, cols = cumSumInfo.inner;
  if (rows == 0 || cols == 0) d::fault("CumSum", "CumSumInfo: outter and inner must be positive", where);
  if (uint64_t(cols) * sizeof(T) % 32 != 0) {
    d::fault("CumSum", d::cat("inner ", cols, " x ", sizeof(T), " bytes is not a multiple of 32 bytes"), where);
  }
  const uint64_t n = uint64_t(rows) * cols;
  d::require_ub_operand("CumSum", "srcTensor", srcTensor, n * sizeof(T), where);
  std::vector<float> acc(n);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; ++c) {
      const float x = static_cast<float>(srcTensor.opkit_addr[uint64_t(r) * cols + c]);
      const float prev = config.isLastAxis ? (c > 0 ? acc[uint64_t(r) * cols + c - 1] : 0.0f)
                                           : (r > 0 ? acc[uint64_t(r - 1) * cols + c] : 0.0f);
      acc[uint64_t(r) * cols + c] = prev + x;
    }
  }
  d::each("CumSum", dstTensor, static_cast<uint32_t>(n), [&](uint32_t i) { return T(acc[i]); }, where);
  if constexpr (config.outputLastRow) {
    d::each("CumSum", lastRowTensor, cols, [&](uint32_t c) { return T(acc[uint64_t(rows - 1) * cols + c]); }, where);
  }
}
template <typename T, const CumSumConfig& config = defaultCumSumConfig>
void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor, const LocalTensor<T>& srcTensor,
            LocalTensor<uint8_t>& sharedTmpBuffer, const CumSumInfo& cumSumInfo, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("CumSum", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  CumSum<T, config>(dstTensor, lastRowTensor, srcTensor, cumSumInfo, where);
}

}  // namespace AscendC
