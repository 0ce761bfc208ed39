// Copy: UB -> UB vector copy in mask/repeat form with its own stride parameters (CopyRepeatParams).
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/vec/common.h"

namespace AscendC {

// Strides in 32 B blocks: dstStride/srcStride between the blocks of one repeat, dstRepeatSize/srcRepeatSize between
// repeats.
struct CopyRepeatParams {
  CopyRepeatParams() = default;
  CopyRepeatParams(const uint16_t dstStrideIn, const uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                   uint16_t srcRepeatSizeIn)
      : dstStride(dstStrideIn), srcStride(srcStrideIn), dstRepeatSize(dstRepeatSizeIn),
        srcRepeatSize(srcRepeatSizeIn) {}
  uint16_t dstStride = 1;
  uint16_t srcStride = 1;
  uint16_t dstRepeatSize = 8;
  uint16_t srcRepeatSize = 8;
};

}  // namespace AscendC

namespace opkit::sim::detail {

template <typename T>
inline constexpr bool vcopy_type_v = sizeof(T) == 2 || sizeof(T) == 4;

template <typename T>
void vcopy(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const MaskPlan& plan,
           const AscendC::CopyRepeatParams& p, const SourceLoc& where) {
  if (BlockRecord* r = current_block().rec) {
    r->note_strides("Copy", p.dstStride, p.srcStride, 1, p.dstRepeatSize, p.srcRepeatSize, 8);
  }
  require_ub_operand("Copy", "dst", dst, span_bytes<T>(plan, p.dstStride, p.dstRepeatSize), where);
  require_ub_operand("Copy", "src", src, span_bytes<T>(plan, p.srcStride, p.srcRepeatSize), where);
  for_each_slot(plan, [&](uint32_t r, uint32_t j) {
    slot(dst, r, j, p.dstStride, p.dstRepeatSize) = slot(src, r, j, p.srcStride, p.srcRepeatSize);
  });
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint64_t mask[],
          const uint8_t repeatTimes, const CopyRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::vcopy_type_v<T>, "Copy: T must be a 16-bit or 32-bit type (int16_t, uint16_t, half, bfloat16_t, "
                                    "int32_t, uint32_t, float)");
  d::vcopy(dstLocal, srcLocal, d::plan_mask("Copy", d::kRepeatElems<T>, mask, repeatTimes, isSetMask), repeatParams,
           where);
}

template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint64_t mask,
          const uint8_t repeatTimes, const CopyRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::vcopy_type_v<T>, "Copy: T must be a 16-bit or 32-bit type (int16_t, uint16_t, half, bfloat16_t, "
                                    "int32_t, uint32_t, float)");
  d::vcopy(dstLocal, srcLocal, d::plan_mask("Copy", d::kRepeatElems<T>, mask, repeatTimes, isSetMask), repeatParams,
           where);
}

}  // namespace AscendC
