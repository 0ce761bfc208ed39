// TopK's tiling struct (CANN's topk_tilingdata.h): plain fields in CANN's order and types with set_/get_ accessors,
// one struct aliased as ::TopkTiling and optiling::TopkTiling, as kernel_tiling.h does for the other APIs.
#pragma once

#include <cstdint>
#include <type_traits>

#define OPKIT_TOPK_FIELD(type, name)                         \
  type name = 0;                                             \
  void set_##name(type value) { name = value; }              \
  type get_##name() const { return name; }

namespace AscendC::tiling {

struct TopkTiling {
  OPKIT_TOPK_FIELD(int32_t, tmpLocalSize)
  OPKIT_TOPK_FIELD(int32_t, allDataSize)
  OPKIT_TOPK_FIELD(int32_t, innerDataSize)
  OPKIT_TOPK_FIELD(uint32_t, sortRepeat)
  OPKIT_TOPK_FIELD(int32_t, mrgSortRepeat)
  OPKIT_TOPK_FIELD(int32_t, kAlignFourBytes)
  OPKIT_TOPK_FIELD(int32_t, kAlignTwoBytes)
  OPKIT_TOPK_FIELD(int32_t, maskOffset)
  OPKIT_TOPK_FIELD(int32_t, maskVreducev2FourBytes)
  OPKIT_TOPK_FIELD(int32_t, maskVreducev2TwoBytes)
  OPKIT_TOPK_FIELD(int32_t, mrgSortSrc1offset)
  OPKIT_TOPK_FIELD(int32_t, mrgSortSrc2offset)
  OPKIT_TOPK_FIELD(int32_t, mrgSortSrc3offset)
  OPKIT_TOPK_FIELD(int32_t, mrgSortTwoQueueSrc1Offset)
  OPKIT_TOPK_FIELD(int32_t, mrgFourQueueTailPara1)
  OPKIT_TOPK_FIELD(int32_t, mrgFourQueueTailPara2)
  OPKIT_TOPK_FIELD(int32_t, srcIndexOffset)
  OPKIT_TOPK_FIELD(uint32_t, copyUbToUbBlockCount)
  OPKIT_TOPK_FIELD(int32_t, topkMrgSrc1MaskSizeOffset)
  OPKIT_TOPK_FIELD(int32_t, topkNSmallSrcIndexOffset)
  OPKIT_TOPK_FIELD(uint32_t, vreduceValMask0)
  OPKIT_TOPK_FIELD(uint32_t, vreduceValMask1)
  OPKIT_TOPK_FIELD(uint32_t, vreduceIdxMask0)
  OPKIT_TOPK_FIELD(uint32_t, vreduceIdxMask1)
  OPKIT_TOPK_FIELD(uint16_t, vreducehalfValMask0)
  OPKIT_TOPK_FIELD(uint16_t, vreducehalfValMask1)
  OPKIT_TOPK_FIELD(uint16_t, vreducehalfValMask2)
  OPKIT_TOPK_FIELD(uint16_t, vreducehalfValMask3)
  OPKIT_TOPK_FIELD(uint16_t, vreducehalfValMask4)
  OPKIT_TOPK_FIELD(uint16_t, vreducehalfValMask5)
  OPKIT_TOPK_FIELD(uint16_t, vreducehalfValMask6)
  OPKIT_TOPK_FIELD(uint16_t, vreducehalfValMask7)
};

static_assert(std::is_trivially_copyable_v<TopkTiling> && sizeof(TopkTiling) == 112,
              "TopkTiling must be CANN's 24 4-byte and 8 2-byte fields");

}  // namespace AscendC::tiling

#undef OPKIT_TOPK_FIELD

using TopkTiling = AscendC::tiling::TopkTiling;
namespace optiling {
using TopkTiling = AscendC::tiling::TopkTiling;
}  // namespace optiling
