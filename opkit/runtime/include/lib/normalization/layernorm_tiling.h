// Host tiling of LayerNorm: GetLayerNormMaxMinTmpSize and GetLayerNormNDTilingInfo for src [B, S, H, originalH] (as
// CANN's helpers take it) or [B, S, H] (originalH = H).
// The tmp-space formula is opkit's: a pass over r rows needs numberOfTmpBuf float buffers of r*H elements,
// numberOfTmpBuf = 2 for float with isReuseSource, else 3. H must fill whole 32 B blocks; originalHLength is the real
// row length (the kernel API divides by it).
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
  const uint32_t bufs = d::layernorm_tmp_bufs(typeSize, isReuseSource);
  const uint32_t rows = s.b * s.s;
  // Rows per pass; 0 when stackBufferSize is below the minimum (the kernel API reports it).
  const uint32_t cur = std::min(rows, stackBufferSize / (bufs * s.h * static_cast<uint32_t>(sizeof(float))));
  tiling::LayerNormTiling t;
  t.bLength = s.b, t.sLength = s.s, t.hLength = s.h, t.originalHLength = s.orig;
  t.inputXSize = rows * s.h, t.meanVarSize = rows;
  t.numberOfTmpBuf = bufs;
  t.tmpBufSize = stackBufferSize / static_cast<uint32_t>(sizeof(float));
  t.oneTmpSize = cur * s.h;
  t.firstTmpStartPos = 0, t.secondTmpStartPos = t.oneTmpSize, t.thirdTmpStartPos = 2 * t.oneTmpSize;
  t.meanTmpTensorPos = 0, t.meanTmpTensorSize = cur, t.varianceTmpTensorPos = 0, t.varianceTmpTensorSize = cur;
  t.bshCurLength = cur * s.h, t.bsCurLength = cur;
  t.loopRound = cur == 0 ? 0 : rows / cur;
  t.inputRoundSize = t.bshCurLength;
  t.inputTailSize = cur == 0 ? 0 : rows % cur * s.h;
  t.inputTailPos = t.loopRound * t.bshCurLength;
  t.meanVarRoundSize = cur;
  t.meanVarTailSize = cur == 0 ? 0 : rows % cur;
  t.meanVarTailPos = t.loopRound * cur;
  t.lastDimValueBack = 1.0f / static_cast<float>(s.orig);
  tiling = t;
}

// CANN's earlier (misspelt) name of the same helper.
[[deprecated("GetLayerNormNDTillingInfo is deprecated, please use GetLayerNormNDTilingInfo instead!")]]
inline void GetLayerNormNDTillingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                                      const uint32_t typeSize, const bool isReuseSource,
                                      tiling::LayerNormTiling& tilling) {
  GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, tilling);
}

}  // namespace AscendC
