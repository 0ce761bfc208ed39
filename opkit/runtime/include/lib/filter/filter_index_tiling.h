// Host helpers of Select (bytes mask), DropOut and Arange/ArithProgression, with CANN's signatures. (?) CANN does not
// document the byte formulas; opkit's: Select one half-typed mask copy of the source's elements (0 when the mask
// rows already match the source's and isReuseMask), DropOut one byte per source element (bit masks unpacked),
// Arange none. The simulator needs no scratch; kernels only check a given buffer is in UB.
#pragma once

#include <cstdint>

#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

inline uint64_t shape_elems(const char* api, const char* what, const ge::Shape& s) {
  const RowsLast r = rows_last(api, what, s);
  return r.rows * r.last;
}

inline uint32_t select_tmp(const char* api, const ge::Shape& src0, const ge::Shape& src1, uint32_t src_size,
                           const ge::Shape& mask, uint32_t mask_size, bool reuse_mask, bool max) {
  require_type_size(api, src_size);
  if (mask_size != 1 && mask_size != 2 && mask_size != 4) hl_tiling_error(api, cat("maskTypeSize ", mask_size, " is not 1, 2 or 4"));
  const ge::Shape& src = src0.GetDimNum() >= src1.GetDimNum() ? src0 : src1;  // one of them is a scalar's shape
  const RowsLast s = rows_last(api, "srcShape", src), m = rows_last(api, "maskShape", mask);
  if (m.last < s.last) hl_tiling_error(api, cat("mask last axis ", m.last, " is shorter than the source's ", s.last));
  const bool same = m.last == s.last;
  const uint64_t bytes = (same && reuse_mask ? 0 : s.rows * s.last * 2) + (max ? s.rows * s.last * 2 : 0);
  return static_cast<uint32_t>(bytes == 0 ? 0 : (bytes + 31) / 32 * 32);
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
  opkit::host::detail::require_type_size("GetDropOutMinTmpSize", typeSize);
  const uint64_t n = opkit::host::detail::shape_elems("GetDropOutMinTmpSize", "srcShape", srcShape);
  return static_cast<uint32_t>((n + 31) / 32 * 32);
}
inline uint32_t GetDropOutMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource) {
  return GetDropOutMinTmpSize(srcShape, typeSize, isReuseSource) * 2;
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
