// The Matmul's policy (its last template parameter, CANN's MATMUL_POLICY_DEFAULT_OF): a class template
// <const auto& MM_CFG, typename IMPL, A, B, C, BIAS>. Every policy computes the same blocks here except the triangular
// ones, which hand out only the base blocks on or above (upper) / on or below (lower) the core's block diagonal: block
// (mi, ni) where mi <= ni (upper) or mi >= ni (lower), counted in baseM x baseN blocks of the core's C.
#pragma once

#include <cstdint>

namespace AscendC {
namespace Impl {
namespace Detail {

enum class PolicyType : uint8_t { MATMUL_DEFAULT = 0, MATMUL_UPPER_TRIANGULAR, MATMUL_LOWER_TRIANGULAR };

template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void,
          typename C_TYPE = void, typename BIAS_TYPE = void>
struct MatmulPolicy {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_DEFAULT;
};
// CANN's NBuffer33 (three A and three B L1 buffers) and split-M/N output policies change only the data flow.
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void,
          typename C_TYPE = void, typename BIAS_TYPE = void>
struct NBuffer33MatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void,
          typename C_TYPE = void, typename BIAS_TYPE = void>
struct SplitMMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void,
          typename C_TYPE = void, typename BIAS_TYPE = void>
struct SplitNMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void,
          typename C_TYPE = void, typename BIAS_TYPE = void>
struct TrianUpperMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_UPPER_TRIANGULAR;
};
template <const auto& MM_CFG, typename IMPL = void, typename A_TYPE = void, typename B_TYPE = void,
          typename C_TYPE = void, typename BIAS_TYPE = void>
struct TrianLowerMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_LOWER_TRIANGULAR;
};

}  // namespace Detail
}  // namespace Impl
}  // namespace AscendC

namespace opkit::sim::detail {
// Whether a triangular policy skips base block (mi, ni).
inline bool policy_skips_block(AscendC::Impl::Detail::PolicyType p, int mi, int ni) {
  using AscendC::Impl::Detail::PolicyType;
  return (p == PolicyType::MATMUL_UPPER_TRIANGULAR && mi > ni) || (p == PolicyType::MATMUL_LOWER_TRIANGULAR && mi < ni);
}
}  // namespace opkit::sim::detail
