// Host helpers of Select (bytes mask), DropOut and Arange/ArithProgression, with CANN's signatures and figures
// (asc-devkit impl/adv_api/tiling/select and filter). Select keeps a half-size copy of the source (one 4096-element
// block at least) with 512 B of slack, 1 KiB at least, plus a copy of a mask whose rows differ from the source's
// unless isReuseMask; DropOut two float copies of the source, two 256 B repeats at least; Arange none.
#pragma once

#include <algorithm>
#include <cstdint>

#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

inline bool select_scalar(const ge::Shape& s) { return s.GetDimNum() == 0 || s.GetShapeSize() == 1; }

inline uint32_t select_tmp(const char* api, const ge::Shape& src0, const ge::Shape& src1, uint32_t src_size,
                           const ge::Shape& mask, uint32_t mask_size, bool reuse_mask, bool max) {
  (void)src_size;  // CANN only warns about it: the sizes do not depend on the source type
  if (mask_size != 1 && mask_size != 2 && mask_size != 4) {
    hl_tiling_error(api, cat("maskTypeSize ", mask_size, " is not 1, 2 or 4"));
  }
  if (src0.GetDimNum() != 2 && src1.GetDimNum() != 2) {
    hl_tiling_error(api, cat("src0Shape has rank ", src0.GetDimNum(), " and src1Shape ", src1.GetDimNum(),
                             "; one of them must be 2"));
  }
  if (mask.GetDimNum() != 2) hl_tiling_error(api, cat("maskShape has rank ", mask.GetDimNum(), "; expected 2"));
  const ge::Shape& src = select_scalar(src0) ? src1 : src0;
  const uint64_t n = static_cast<uint64_t>(std::max<int64_t>(src.GetShapeSize(), 0));
  const int64_t src_last = src.GetDim(src.GetDimNum() - 1), mask_last = mask.GetDim(1);
  const uint64_t counted = !max && n > 4096 ? 4096 : n;
  uint64_t bytes = std::max<uint64_t>(1024, (counted + 31) / 32 * 32 * 2 + 512);
  if (mask_last != src_last && !reuse_mask && mask_last > 1) bytes += (n * mask_size + 31) / 32 * 32;
  return static_cast<uint32_t>(bytes);
}

}  // namespace opkit::host::detail

namespace AscendC {

#define OPKIT_SELECT_TMP(NAME, MAX)                                                                             \
  inline uint32_t NAME(const TensorShape& src0Shape, const TensorShape& src1Shape, const uint32_t srcTypeSize,  \
                       const TensorShape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask) {     \
    return opkit::host::detail::select_tmp(#NAME, src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize,   \
                                           isReuseMask, MAX);                                                   \
  }
OPKIT_SELECT_TMP(GetSelectMinTmpSize, false)
OPKIT_SELECT_TMP(GetSelectMaxTmpSize, true)
OPKIT_SELECT_TMP(GetSelectWithBytesMaskMinTmpSize, false)
OPKIT_SELECT_TMP(GetSelectWithBytesMaskMaxTmpSize, true)
#undef OPKIT_SELECT_TMP

inline void GetSelectMaxMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                   const uint32_t srcTypeSize, const TensorShape& maskShape,
                                   const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                                   uint32_t& minValue) {
  maxValue = GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
  minValue = GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}
inline void GetSelectWithBytesMaskMaxMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                                const uint32_t srcTypeSize, const TensorShape& maskShape,
                                                const uint32_t maskTypeSize, const bool isReuseMask,
                                                uint32_t& maxValue, uint32_t& minValue) {
  GetSelectMaxMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask, maxValue, minValue);
}

inline uint32_t GetDropOutMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  d::require_type_size("GetDropOutMinTmpSize", typeSize);
  if (srcShape.GetDimNum() == 0) d::hl_tiling_error("GetDropOutMinTmpSize", "srcShape has no dims");
  return 2 * 256;
}
inline uint32_t GetDropOutMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource) {
  const uint32_t min_value = GetDropOutMinTmpSize(srcShape, typeSize, isReuseSource);
  const uint64_t n = static_cast<uint64_t>(std::max<int64_t>(srcShape.GetShapeSize(), 0));
  return static_cast<uint32_t>(std::max<uint64_t>(min_value, 2 * n * sizeof(float)));
}
inline void GetDropOutMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                    uint32_t& maxValue, uint32_t& minValue) {
  maxValue = GetDropOutMaxTmpSize(srcShape, typeSize, isReuseSource);
  minValue = GetDropOutMinTmpSize(srcShape, typeSize, isReuseSource);
}

// Arange needs no temporary space (CANN's helpers report 0 too: the API builds the sequence in dst).
inline void GetArangeMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) { maxValue = minValue = 0; }
inline void GetArithProgressionMaxMinTmpSize(uint32_t& maxValue, uint32_t& minValue) { maxValue = minValue = 0; }

}  // namespace AscendC
