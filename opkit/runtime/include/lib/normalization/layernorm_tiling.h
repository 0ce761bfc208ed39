// Host tiling of LayerNorm: GetLayerNormMaxMinTmpSize and GetLayerNormNDTilingInfo for src [B, S, H, originalH] (as
// CANN's helpers take it) or [B, S, H] (originalH = H).
// CANN's figures (asc-devkit layernorm_tiling_impl.cpp): a pass over r rows needs numberOfTmpBuf float buffers of
// r*H elements (numberOfTmpBuf = 2 for float with isReuseSource, else 3), after float mean and variance buffers of
// the B*S rows (8-aligned; half input only). H must fill whole 32 B blocks; originalHLength is the real row length
// (the kernel API divides by it).
#pragma once

#include <algorithm>
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"
#include "lib/hl_tiling_common.h"

namespace opkit::host::detail {

inline uint32_t layernorm_tmp_bufs(uint32_t type_size, bool reuse) { return type_size == 4 && reuse ? 2 : 3; }

inline Bsh layernorm_shape(const char* api, const ge::Shape& src, uint32_t type_size) {
  require_type_size(api, type_size);
  const Bsh s = bsh(api, "srcShape", src);
  require_aligned_last(api, "srcShape", s.h, type_size);
  return s;
}

// LayerNorm's (and DeepNorm's) ND tiling. Whole rows per buffer, at most all of them (whole 8-row tiles for
// DeepNorm's basic block when at least one fits); 0 when stackBufferSize is below the minimum (the kernel API reports
// it, where CANN's helper returns and leaves the tiling as it was).
inline AscendC::tiling::LayerNormTiling layernorm_nd_tiling(const Bsh& s, uint32_t stack_bytes, uint32_t type_size,
                                                            bool reuse, bool basic_block) {
  const uint32_t bufs = layernorm_tmp_bufs(type_size, reuse);
  const uint32_t rows = s.b * s.s, input = rows * s.h, mv = (rows + 7) / 8 * 8;
  const uint32_t mv_total = type_size == 4 ? 0 : 2 * mv, floats = stack_bytes / static_cast<uint32_t>(sizeof(float));
  uint32_t one = floats < mv_total ? 0 : std::min(input, (floats - mv_total) / bufs / s.h * s.h);
  if (basic_block && one / (8 * s.h) > 0) one = one / (8 * s.h) * (8 * s.h);
  const uint32_t cur = one / s.h, tail = one == 0 ? 0 : input % one;
  AscendC::tiling::LayerNormTiling t;
  t.bLength = s.b, t.sLength = s.s, t.hLength = s.h, t.originalHLength = s.orig;
  t.inputXSize = input, t.meanVarSize = rows;
  t.numberOfTmpBuf = bufs;
  t.meanTmpTensorPos = 0, t.meanTmpTensorSize = mv, t.varianceTmpTensorPos = mv, t.varianceTmpTensorSize = mv;
  t.tmpBufSize = floats;
  t.oneTmpSize = one;
  t.firstTmpStartPos = mv_total, t.secondTmpStartPos = mv_total + one, t.thirdTmpStartPos = mv_total + 2 * one;
  t.loopRound = one == 0 ? 0 : input / one;
  t.inputRoundSize = one, t.inputTailSize = tail, t.inputTailPos = input - tail;
  t.meanVarRoundSize = cur, t.meanVarTailSize = tail / s.h, t.meanVarTailPos = rows - tail / s.h;
  t.bshCurLength = one, t.bsCurLength = cur;
  t.lastDimValueBack = 1.0f / static_cast<float>(s.orig);
  return t;
}

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetLayerNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const d::Bsh s = d::layernorm_shape("GetLayerNormMaxMinTmpSize", srcShape, typeSize);
  // CANN (layernorm_tiling_impl.cpp): 3 (2 for float reusing the source) float buffers of one row (min) or of all
  // rows (max), each rounded up to a 32 B block, plus two block-rounded buffers of b*s floats (mean and variance).
  const uint32_t bufs = d::layernorm_tmp_bufs(typeSize, isReuseSource);
  const auto block = [](uint32_t bytes) { return (bytes + 31) / 32 * 32; };
  const uint32_t mv = 2 * block(s.b * s.s * static_cast<uint32_t>(sizeof(float)));
  minValue = bufs * block(s.h * static_cast<uint32_t>(sizeof(float))) + mv;
  maxValue = bufs * block(s.b * s.s * s.h * static_cast<uint32_t>(sizeof(float))) + mv;
}

inline void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const bool isReuseSource, tiling::LayerNormTiling& tiling) {
  namespace d = opkit::host::detail;
  const d::Bsh s = d::layernorm_shape("GetLayerNormNDTilingInfo", srcShape, typeSize);
  tiling = d::layernorm_nd_tiling(s, stackBufferSize, typeSize, isReuseSource, false);
}

// CANN's earlier (misspelt) name of the same helper.
[[deprecated("GetLayerNormNDTillingInfo is deprecated, please use GetLayerNormNDTilingInfo instead!")]]
inline void GetLayerNormNDTillingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                                      const uint32_t typeSize, const bool isReuseSource,
                                      tiling::LayerNormTiling& tilling) {
  GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, tilling);
}

}  // namespace AscendC
