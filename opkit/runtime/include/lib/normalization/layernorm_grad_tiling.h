// Host tiling of LayerNormGrad and LayerNormGradBeta, CANN's formulas for the 910B/310P (membase) SoCs, over
// srcShape [B, S, H, originalH] (CANN's form; [B, S, H] reads originalH = H):
//   GetLayerNormGradMaxMinTmpSize: buffers of max/min(B*S*H, H*H) elements x typeSize, 9 of them for half, 4 for
//     float reusing the source, else 6.
//   GetLayerNormGradNDTilingInfo: oneCalSize = stackBufferSize / 4 / buffers rounded down to whole rows, rows rounded
//     up to a 32 B block of elements; loopNum/tailSize over B*S*H; 1/originalH and 2/originalH as float bits.
//   GetLayerNormGradBetaMaxMinTmpSize: (4 for half, else 2) x B*S*H (max) or H (min) floats.
//   GetLayerNormGradBetaNDTilingInfo: rows per pass from stackBufferSize (half keeps two H-float buffers first).
// The kernel APIs here run in one pass and need no tmp space; the sizes are what a CANN kernel reserves.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"
#include "lib/hl_tiling_common.h"

namespace opkit::host::detail {

inline Bsh layernorm_grad_shape(const char* api, const ge::Shape& src, uint32_t type_size) {
  require_type_size(api, type_size);
  return bsh(api, "srcShape", src);
}

inline uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetLayerNormGradMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                          uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const d::Bsh s = d::layernorm_grad_shape("GetLayerNormGradMaxMinTmpSize", srcShape, typeSize);
  const uint64_t input = uint64_t(s.b) * s.s * s.h, hh = uint64_t(s.h) * s.h;
  const uint32_t bufs = typeSize == 2 ? 9 : isReuseSource ? 4 : 6;
  maxValue = static_cast<uint32_t>(bufs * std::max(input, hh) * typeSize);
  minValue = static_cast<uint32_t>(bufs * std::min(input, hh) * typeSize);
}

inline void GetLayerNormGradNDTilingInfo(const ge::Shape srcShape, const uint32_t stackBufferSize,
                                         const uint32_t typeSize, const bool isReuseSource,
                                         tiling::LayerNormGradTiling& tiling) {
  namespace d = opkit::host::detail;
  const char* api = "GetLayerNormGradNDTilingInfo";
  const d::Bsh s = d::layernorm_grad_shape(api, srcShape, typeSize);
  const uint32_t bufs = typeSize == 2 ? 9 : isReuseSource ? 4 : 6;
  uint32_t one = stackBufferSize / 4 / bufs / s.h * s.h;
  const uint32_t per_block = typeSize == 4 ? 8 : 16;
  const uint32_t noh = (one / s.h + per_block - 1) / per_block * per_block;
  one = noh * s.h;
  if (one == 0) d::hl_tiling_error(api, d::cat("stackBufferSize ", stackBufferSize, " bytes holds no row of H ", s.h));
  tiling::LayerNormGradTiling t;
  const uint32_t input = s.b * s.s * s.h;
  t.tmpTensorBSHPos = 0, t.pdVarTensorPos = one, t.pdMeanTensorPos = 2 * one;
  const bool reuse = isReuseSource && typeSize == 4;
  t.x1TensorPos = reuse ? 0 : 3 * one, t.x2TensorPos = reuse ? 0 : 4 * one, t.x3TensorPos = reuse ? 3 * one : 5 * one;
  if (typeSize == 2) t.tmpTensorPos = t.x3TensorPos + one, t.tmpTensor1Pos = t.tmpTensorPos + one,
                     t.tmpTensor2Pos = t.tmpTensor1Pos + one;
  t.tmpTensorBSHSize = t.pdVarTensorSize = t.pdMeanTensorSize = t.x1TensorSize = t.x2TensorSize = t.x3TensorSize =
      t.tmpTensorSize = t.tmpTensor1Size = t.tmpTensor2Size = one;
  t.stackBufferSize = stackBufferSize;
  t.bLength = s.b, t.sLength = s.s, t.hLength = s.h, t.originalHLength = s.orig;
  t.oneCalSize = one, t.nohCalSize = noh;
  t.loopNum = input / one, t.tailSize = input % one, t.nohTailSize = input % one / s.h;
  t.lastDimValueBack = d::float_bits(1.0f / static_cast<float>(s.orig));
  t.lastDimValueBackMulTwo = d::float_bits(2.0f / static_cast<float>(s.orig));
  tiling = t;
}

inline void GetLayerNormGradBetaMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                              const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  (void)isReuseSource;
  const d::Bsh s = d::layernorm_grad_shape("GetLayerNormGradBetaMaxMinTmpSize", srcShape, typeSize);
  const uint32_t bufs = typeSize == 2 ? 4 : 2;
  maxValue = bufs * s.b * s.s * s.h * 4;
  minValue = bufs * s.h * 4;
}

inline void GetLayerNormGradBetaNDTilingInfo(const ge::Shape srcShape, const uint32_t stackBufferSize,
                                             const uint32_t typeSize, const bool isReuseSource,
                                             tiling::LayerNormGradBetaTiling& tiling) {
  namespace d = opkit::host::detail;
  (void)isReuseSource;
  const char* api = "GetLayerNormGradBetaNDTilingInfo";
  const d::Bsh s = d::layernorm_grad_shape(api, srcShape, typeSize);
  tiling::LayerNormGradBetaTiling t;
  t.bLength = s.b, t.sLength = s.s, t.hLength = s.h, t.originalHLength = s.orig;
  t.bshLength = s.b * s.s * s.h, t.bsLength = s.b * s.s;
  t.stackBufferSize = stackBufferSize / 4;
  if (t.stackBufferSize < 2 * s.h) {
    d::hl_tiling_error(api, d::cat("stackBufferSize ", stackBufferSize, " bytes is less than 2 x H floats (",
                                   2 * s.h * 4, " bytes)"));
  }
  t.oneCalSize = t.stackBufferSize;
  t.numberOfTmpBuf = 1;
  if (typeSize == 2) t.numberOfTmpBuf = 2, t.oneCalSize = (t.oneCalSize - 2 * s.h) / 2;
  t.oneCalSize = std::min(t.oneCalSize / s.h * s.h, t.bshLength);
  if (t.oneCalSize == 0) d::hl_tiling_error(api, d::cat("stackBufferSize ", stackBufferSize, " bytes holds no row"));
  t.loopRound = t.bshLength / t.oneCalSize;
  t.inputTailSize = t.bshLength % t.oneCalSize;
  t.inputTailPos = t.bshLength - t.inputTailSize;
  t.bsTailSize = t.inputTailSize / s.h;
  t.bshCurLength = t.oneCalSize, t.bsCurLength = t.oneCalSize / s.h;
  if (typeSize == 2) t.betaTempTensorPos = s.h, t.inputDyTmpTensorPos = 2 * s.h,
                     t.resForGammaTmpTensorPos = 2 * s.h + t.oneCalSize;
  tiling = t;
}

}  // namespace AscendC
