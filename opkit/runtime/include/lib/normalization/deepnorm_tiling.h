// Host helpers of DeepNorm: GetDeepNormMaxMinTmpSize and GetDeepNormTilingInfo, LayerNorm's sizes and tiling (the
// same fields) with the original H of originSrcShape.
#pragma once

#include <cstdint>

#include "lib/normalization/layernorm_tiling.h"
#include "lib/utils/types.h"

namespace AscendC {

inline bool GetDeepNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                     const bool isBasicBlock, uint32_t& maxValue, uint32_t& minValue) {
  // CANN: LayerNorm's sizes; false for isBasicBlock unless H is a multiple of 64 and B*S of 8.
  const size_t rank = srcShape.GetDimNum();
  if (isBasicBlock && rank == 3) {
    const int64_t h = srcShape.GetDim(2), bs = srcShape.GetDim(0) * srcShape.GetDim(1);
    if (h <= 0 || h % 64 != 0 || bs % 8 != 0) return false;
  }
  GetLayerNormMaxMinTmpSize(srcShape, typeSize, isReuseSource, maxValue, minValue);
  return true;
}

inline bool GetDeepNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                                  const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource,
                                  const bool isBasicBlock, tiling::DeepNormTiling& tiling) {
  (void)isBasicBlock;
  tiling::LayerNormTiling t;
  GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, t);
  const size_t rank = originSrcShape.GetDimNum();
  if (rank == 0 || originSrcShape.GetDim(rank - 1) <= 0 || originSrcShape.GetDim(rank - 1) > int64_t(t.hLength)) {
    opkit::host::detail::hl_tiling_error("GetDeepNormTilingInfo", "originSrcShape's last axis must be 1..H of srcShape");
  }
  t.originalHLength = static_cast<uint32_t>(originSrcShape.GetDim(rank - 1));
  t.lastDimValueBack = 1.0f / static_cast<float>(t.originalHLength);
  static_cast<tiling::LayerNormTiling&>(tiling) = t;
  return true;
}

}  // namespace AscendC
