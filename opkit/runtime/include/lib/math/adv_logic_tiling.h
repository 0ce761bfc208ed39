// Host helpers of the config-template element-wise APIs (BitwiseAnd/Or/Xor/Not, LogicalAnd/Ands/Or/Ors/Xor/Not,
// Where, Fma, Hypot, IsInf, IsNan, SinCos) and CumSum, with CANN's signatures. (?) CANN does not document their live
// buffer counts; the rules below are opkit's (one buffer of the input per live temporary, as for Xor), and the
// simulator needs no scratch. The MaxMin/Factor pairs take typeSize 2 or 4, as the math helpers do.
#pragma once

#include <cstdint>

#include "lib/math/math_tiling.h"

namespace opkit::sim::adv {

inline constexpr TmpRule kOneNode{1, 1};
inline constexpr TmpRule kTwoNodes{2, 2};
inline constexpr TmpRule kThreeNodes{3, 3};

}  // namespace opkit::sim::adv

namespace AscendC {

OPKIT_ADV_TILING(BitwiseAnd, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(BitwiseOr, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(BitwiseXor, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(BitwiseNot, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(LogicalAnd, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(LogicalAnds, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(LogicalOr, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(LogicalOrs, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(LogicalXor, ::opkit::sim::adv::kTwoNodes)
OPKIT_ADV_TILING(LogicalNot, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(Where, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(Fma, ::opkit::sim::adv::kTwoNodes)
OPKIT_ADV_TILING(Hypot, ::opkit::sim::adv::kTwoNodes)
OPKIT_ADV_TILING(IsInf, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(IsNan, ::opkit::sim::adv::kOneNode)
OPKIT_ADV_TILING(SinCos, ::opkit::sim::adv::kThreeNodes)

// CumSum: one float row (last axis) or one float column block (first axis) of the input.
inline void GetCumSumMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isLastAxis,
                                   const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  (void)isReuseSource;
  d::require_type_size("GetCumSumMaxMinTmpSize", typeSize);
  const d::RowsLast r = d::rows_last("GetCumSumMaxMinTmpSize", "srcShape", srcShape);
  minValue = static_cast<uint32_t>((isLastAxis ? r.rows : r.last) * sizeof(float) + 31) / 32 * 32;
  maxValue = static_cast<uint32_t>((r.rows * r.last * sizeof(float) + 31) / 32 * 32);
}

}  // namespace AscendC
