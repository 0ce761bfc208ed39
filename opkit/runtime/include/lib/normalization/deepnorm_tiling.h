// Host helpers of DeepNorm: GetDeepNormMaxMinTmpSize and GetDeepNormTilingInfo, LayerNorm's sizes and tiling (the
// same fields) with the original H of originSrcShape and whole 8-row tiles for the basic block, as CANN's
// deepnorm_tiling_impl.cpp computes them.
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

// CANN's checks answer false: a buffer below GetDeepNormMaxMinTmpSize's min, originSrcShape's B or S not srcShape's,
// originalH outside [1, H] (or not H for the basic block), H past 2040 (255 repeats of 8 floats), no whole row.
inline bool GetDeepNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                                  const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource,
                                  const bool isBasicBlock, tiling::DeepNormTiling& tiling) {
  namespace d = opkit::host::detail;
  const char* api = "GetDeepNormTilingInfo";
  if (srcShape.GetDimNum() != 3 || originSrcShape.GetDimNum() != 3) {
    d::hl_tiling_error(api, d::cat("srcShape and originSrcShape must be [B, S, H]; their ranks are ",
                                   srcShape.GetDimNum(), " and ", originSrcShape.GetDimNum()));
  }
  d::Bsh s = d::layernorm_shape(api, srcShape, typeSize);
  uint32_t max_value = 0, min_value = 0;
  if (!GetDeepNormMaxMinTmpSize(srcShape, typeSize, isReuseSource, isBasicBlock, max_value, min_value) ||
      stackBufferSize < min_value) {
    return false;
  }
  const int64_t ori_h = originSrcShape.GetDim(2);
  if (originSrcShape.GetDim(0) != srcShape.GetDim(0) || originSrcShape.GetDim(1) != srcShape.GetDim(1) || ori_h <= 0 ||
      ori_h > int64_t(s.h) || (isBasicBlock && ori_h != int64_t(s.h)) || s.h > 255 * 8) {
    return false;
  }
  s.orig = static_cast<uint32_t>(ori_h);
  const tiling::LayerNormTiling t = d::layernorm_nd_tiling(s, stackBufferSize, typeSize, isReuseSource, isBasicBlock);
  if (t.oneTmpSize == 0) return false;
  static_cast<tiling::LayerNormTiling&>(tiling) = t;
  return true;
}

}  // namespace AscendC
