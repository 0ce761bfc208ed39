// Host helpers of the advanced reductions (Sum, Mean, ReduceSum/Max/Min/Mean/Prod/Any/All, ReduceXorSum) with CANN's
// signatures. (?) CANN does not document the byte formulas: opkit's sizes are a float copy of the padded source for
// the 2-D reductions (0 when isReuseSource), and one 32 B block per 256 B of a row for Sum/Mean; max equals min, as
// CANN documents for the 2-D ones. The simulator needs no scratch; kernels only check a given buffer is in UB.
#pragma once

#include <cstdint>

#include "graph/types.h"
#include "lib/hl_tiling_common.h"
#include "lib/utils/reduce_pattern.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

inline void reduce_2d_tmp(const char* api, const ge::Shape& shape, ge::DataType dtype, AscendC::ReducePattern pattern,
                          bool inner_pad, bool reuse, uint32_t& max_value, uint32_t& min_value) {
  if (pattern != AscendC::ReducePattern::AR && pattern != AscendC::ReducePattern::RA) {
    hl_tiling_error(api, "pattern must be ReducePattern::AR or ReducePattern::RA (the kernel API supports only these)");
  }
  if (shape.GetDimNum() != 2) hl_tiling_error(api, cat("srcShape has rank ", shape.GetDimNum(), "; expected 2"));
  const int size = ge::GetSizeByDataType(dtype);
  if (size <= 0) hl_tiling_error(api, "dataType has no byte size");
  const RowsLast r = rows_last(api, "srcShape", shape);
  const uint64_t per_block = 32 / static_cast<uint64_t>(size);
  const uint64_t inner = inner_pad ? (r.last + per_block - 1) / per_block * per_block : r.last;
  const uint64_t bytes = reuse ? 0 : r.rows * inner * sizeof(float);
  max_value = min_value = static_cast<uint32_t>(bytes);
}

inline uint32_t rows_tmp(uint32_t n, uint32_t type_size) {
  return (static_cast<uint32_t>((uint64_t(n) * type_size + 255) / 256) + 1) * 32;
}

}  // namespace opkit::host::detail

namespace AscendC {

#define OPKIT_REDUCE_TMP(NAME)                                                                                      \
  inline void Get##NAME##MaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,                  \
                                       ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,               \
                                       uint32_t& maxValue, uint32_t& minValue) {                                    \
    opkit::host::detail::reduce_2d_tmp("Get" #NAME "MaxMinTmpSize", srcShape, dataType, pattern, isSrcInnerPad,     \
                                       isReuseSource, maxValue, minValue);                                          \
  }
OPKIT_REDUCE_TMP(ReduceSum)
OPKIT_REDUCE_TMP(ReduceMax)
OPKIT_REDUCE_TMP(ReduceMin)
OPKIT_REDUCE_TMP(ReduceMean)
OPKIT_REDUCE_TMP(ReduceProd)
OPKIT_REDUCE_TMP(ReduceAny)
OPKIT_REDUCE_TMP(ReduceAll)
#undef OPKIT_REDUCE_TMP

inline void GetReduceXorSumMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize,
                                         const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  if (typeSize != 2) d::hl_tiling_error("GetReduceXorSumMaxMinTmpSize", d::cat("typeSize ", typeSize, " is not 2 (int16_t)"));
  const d::RowsLast r = d::rows_last("GetReduceXorSumMaxMinTmpSize", "srcShape", srcShape);
  maxValue = minValue = isReuseSource ? 0 : static_cast<uint32_t>(r.rows * r.last * typeSize);
}

inline void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxSize,
                                uint32_t& minSize) {
  (void)isReuseSource;
  opkit::host::detail::require_type_size("GetSumMaxMinTmpSize", typeSize);
  maxSize = minSize = opkit::host::detail::rows_tmp(n, typeSize);
}

inline void GetMeanMaxMinTmpSize(const uint32_t n, const uint32_t srcTypeSize, const uint32_t accTypeSize,
                                 const bool isReuseSource, uint32_t& maxSize, uint32_t& minSize) {
  (void)isReuseSource;
  opkit::host::detail::require_type_size("GetMeanMaxMinTmpSize", srcTypeSize);
  opkit::host::detail::require_type_size("GetMeanMaxMinTmpSize", accTypeSize);
  // A float accumulator for half data keeps a float copy of the row.
  const uint32_t copy = accTypeSize > srcTypeSize ? (n * accTypeSize + 31) / 32 * 32 : 0;
  maxSize = minSize = opkit::host::detail::rows_tmp(n, accTypeSize) + copy;
}

inline void GetMeanTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
  opkit::host::detail::require_type_size("GetMeanTmpBufferFactorSize", typeSize);
  maxLiveNodeCount = 1;
  extraBuffer = 32;
}

}  // namespace AscendC
