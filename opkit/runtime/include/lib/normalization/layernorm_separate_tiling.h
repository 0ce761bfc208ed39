// Host helpers of LayerNorm's [A, R] form (mean and rstd outputs): GetLayerNormMaxMinTmpSize with isComputeRstd /
// isOnlyOutput and GetLayerNormNDTilingInfo into a LayerNormSeparateTiling, CANN's 910B formulas (R padded to 32 B of
// the type; two float tmp buffers of whole rows after an A-float variance buffer). The kernel reads aLength, rLength
// and rValueBack (1/R) from the tiling.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "kernel_tiling/layernorm_separate_tiling.h"
#include "lib/normalization/normalize_tiling.h"

namespace AscendC {

inline void GetLayerNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                      const bool isComputeRstd, const bool isOnlyOutput, uint32_t& maxValue,
                                      uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetLayerNormMaxMinTmpSize";
  if (isOnlyOutput) d::hl_tiling_error(api, "isOnlyOutput must be false (CANN supports only that)");
  const d::ArShape s = d::ar_shape(api, srcShape, typeSize);
  const uint32_t mv = d::blocks32(s.a * 4), input = d::blocks32(s.a * s.r_pad * 4), row = d::blocks32(s.r_pad * 4);
  maxValue = 2 * input + mv;
  minValue = 2 * row + mv;
  uint32_t norm_max = 0, norm_min = 0;
  GetNormalizeMaxMinTmpSize(srcShape, typeSize, typeSize, isReuseSource, true, false, norm_max, norm_min);
  (void)isComputeRstd;
  if (minValue - mv <= norm_min) minValue = norm_min + mv;
  if (maxValue - mv <= norm_max) maxValue = norm_max + mv;
}

inline void GetLayerNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const bool isReuseSource, const bool isComputeRstd,
                                     optiling::LayerNormSeparateTiling& tiling) {
  namespace d = opkit::host::detail;
  const char* api = "GetLayerNormNDTilingInfo";
  (void)isReuseSource;
  (void)isComputeRstd;
  const d::ArShape s = d::ar_shape(api, srcShape, typeSize);
  const uint32_t input = s.a * s.r_pad, var_size = (s.a + 7) / 8 * 8, tmp = stackBufferSize / 4;
  if (tmp < var_size + 2 * s.r_pad) {
    d::hl_tiling_error(api, "stackBufferSize " + std::to_string(stackBufferSize) +
                                " B holds less than two padded rows after the variance buffer (see "
                                "GetLayerNormMaxMinTmpSize's minimum)");
  }
  uint32_t one = (tmp - var_size) / 2 / s.r_pad * s.r_pad;
  one = std::min(one, input);
  tiling = {};
  tiling.set_aLength(s.a);
  tiling.set_rLength(s.r);
  tiling.set_inputXSize(input);
  tiling.set_meanVarSize(s.a);
  tiling.set_numberOfTmpBuf(2);
  tiling.set_varianceTmpTensorSize(var_size);
  tiling.set_tmpBufSize(tmp);
  tiling.set_oneTmpSize(one);
  tiling.set_firstTmpStartPos(var_size);
  tiling.set_secondTmpStartPos(var_size + one);
  tiling.set_loopRound(input / one);
  tiling.set_inputRoundSize(one);
  tiling.set_inputTailSize(input % one);
  tiling.set_inputTailPos(input - input % one);
  tiling.set_meanVarRoundSize(one / s.r_pad);
  tiling.set_meanVarTailSize(input % one / s.r_pad);
  tiling.set_meanVarTailPos(s.a - input % one / s.r_pad);
  tiling.set_arCurLength(one);
  tiling.set_aCurLength(one / s.r_pad);
  tiling.set_rValueBack(1.0f / static_cast<float>(s.r));
}

}  // namespace AscendC
