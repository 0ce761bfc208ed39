// Host tiling of SoftMax: GetSoftMaxMaxTmpSize/GetSoftMaxMinTmpSize and SoftMaxTilingFunc, with CANN's formulas
// for Ascend910B: one row needs (32/typeSize + srcK + 64) floats of tmp space; splitM rows fit the given space.
#pragma once

#include <algorithm>
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"
#include "lib/hl_tiling_common.h"

namespace opkit::host::detail {

inline constexpr uint32_t kSoftMaxRowExtra = 64;  // floats of per-row scratch besides the row and its block

inline RowsLast softmax_shape(const char* api, const ge::Shape& src, uint32_t type_size) {
  require_type_size(api, type_size);
  const RowsLast r = rows_last(api, "srcShape", src);
  require_aligned_last(api, "srcShape", r.last, type_size);
  return r;
}

inline uint32_t softmax_row_floats(uint64_t k, uint32_t type_size) {
  return static_cast<uint32_t>(32 / type_size + k + kSoftMaxRowExtra);
}

}  // namespace opkit::host::detail

namespace AscendC {

// Bytes of sharedTmpBuffer for all rows at once (max) or one row per pass (min). isReuseSource has no effect.
inline uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("GetSoftMaxMaxTmpSize", srcShape, dataTypeSize);
  return static_cast<uint32_t>(r.rows * d::softmax_row_floats(r.last, dataTypeSize) * sizeof(float));
}

inline uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("GetSoftMaxMinTmpSize", srcShape, dataTypeSize);
  return d::softmax_row_floats(r.last, dataTypeSize) * static_cast<uint32_t>(sizeof(float));
}

// Fills `softmaxTiling` for src [..., srcK] (rows = product of the other dims). splitM is 0 when
// localWorkSpaceSize is below GetSoftMaxMinTmpSize; the kernel API then reports it.
inline void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                              tiling::SoftMaxTiling& softmaxTiling) {
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("SoftMaxTilingFunc", srcShape, dataTypeSize);
  const auto m = static_cast<uint32_t>(r.rows), k = static_cast<uint32_t>(r.last);
  const uint32_t per_blk = 32 / dataTypeSize;
  const uint32_t fit = localWorkSpaceSize / static_cast<uint32_t>(sizeof(float)) / d::softmax_row_floats(k, dataTypeSize);
  uint32_t split = std::min(fit, m);
  if (split < m && split > 8) split = split / 8 * 8;  // CANN keeps partial passes a multiple of 8 rows
  tiling::SoftMaxTiling t;
  t.srcM = m, t.srcK = k, t.srcSize = m * k;
  t.outMaxM = m, t.outMaxK = per_blk, t.outMaxSize = m * per_blk;
  t.splitM = split, t.splitK = k, t.splitSize = split * k;
  t.reduceM = split, t.reduceK = per_blk, t.reduceSize = split * per_blk;
  t.rangeM = split == 0 ? 0 : m / split;
  t.tailM = split == 0 ? 0 : m % split;
  t.tailSplitSize = t.tailM * k;
  t.tailReduceSize = t.tailM * per_blk;
  softmaxTiling = t;
}

}  // namespace AscendC
