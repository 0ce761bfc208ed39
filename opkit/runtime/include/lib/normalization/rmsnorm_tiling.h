// Host tiling of RmsNorm: GetRmsNormMaxMinTmpSize and GetRmsNormTilingInfo for src [B, S, H] (H padded to 32 B)
// and originSrcShape [B, S, originalH], with CANN's figures (asc-devkit rmsnorm_tiling_impl.cpp): a pass of bs rows
// needs bs*H floats (twice for half input, widened first) plus the bs sums of squares rounded up to 8 floats.
// isBasicBlock needs H a multiple of 64 below 2048 and B*S a multiple of 8 (CANN answers false otherwise).
#pragma once

#include <algorithm>
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"
#include "lib/hl_tiling_common.h"

namespace opkit::host::detail {

inline uint32_t rmsnorm_row_bytes(uint32_t h, uint32_t type_size) {
  return (type_size == 2 ? 2u : 1u) * h * static_cast<uint32_t>(sizeof(float)) + 32u;
}

inline Bsh rmsnorm_shape(const char* api, const ge::Shape& src, uint32_t type_size) {
  require_type_size(api, type_size);
  const Bsh s = bsh(api, "srcShape", src);
  require_aligned_last(api, "srcShape", s.h, type_size);
  return s;
}

inline bool rmsnorm_basic_block_ok(const Bsh& s) { return s.h % 64 == 0 && s.b * s.s % 8 == 0 && s.h < 2048; }

}  // namespace opkit::host::detail

namespace AscendC {

// Returns false (as CANN does) only for a shape the basic-block path cannot take; bad shapes raise.
inline bool GetRmsNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                    uint32_t& minValue, const bool isBasicBlock = false) {
  namespace d = opkit::host::detail;
  const d::Bsh s = d::rmsnorm_shape("GetRmsNormMaxMinTmpSize", srcShape, typeSize);
  if (isBasicBlock && !d::rmsnorm_basic_block_ok(s)) return false;
  // min: one row's floats (twice for half, the cast copy) and a block of 8 reduced floats; max: all rows' and the
  // b*s reduced floats aligned to a 32 B block of the data type.
  const uint32_t coeff = typeSize == 2 ? 2u : 1u, per_block = 32 / typeSize, bs = s.b * s.s;
  minValue = d::rmsnorm_row_bytes(s.h, typeSize);
  maxValue = (coeff * bs * s.h + (bs + per_block - 1) / per_block * per_block) * static_cast<uint32_t>(sizeof(float));
  return true;
}

// False when stackBufferByteSize holds less than one row's tmp space (GetRmsNormMaxMinTmpSize's min) or the shape
// does not suit the basic-block path.
inline bool GetRmsNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                                 const uint32_t stackBufferByteSize, const uint32_t typeSize,
                                 tiling::RmsNormTiling& tiling, const bool isBasicBlock = false) {
  namespace d = opkit::host::detail;
  const char* api = "GetRmsNormTilingInfo";
  const d::Bsh s = d::rmsnorm_shape(api, srcShape, typeSize);
  const d::Bsh o = d::bsh(api, "originSrcShape", originSrcShape);
  if (o.b != s.b || o.s != s.s || o.h > s.h) {
    d::hl_tiling_error(api, d::cat("originSrcShape [", o.b, ", ", o.s, ", ", o.h, "] does not fit srcShape [", s.b,
                                   ", ", s.s, ", ", s.h, "]: B and S must match and originalH <= H"));
  }
  if (isBasicBlock && !d::rmsnorm_basic_block_ok(s)) return false;
  if (stackBufferByteSize < d::rmsnorm_row_bytes(s.h, typeSize)) return false;
  const uint32_t rows = s.b * s.s, floats = stackBufferByteSize / 4, coeff = typeSize == 2 ? 2u : 1u;
  // The most rows whose copies and (8-aligned) sums fit, at most all of them; whole basic tiles of 8 rows, or at
  // most 255 rows (one instruction's repeats).
  uint32_t cur = 1;
  while (cur < rows && floats >= uint64_t(cur + 1) * s.h * coeff + (cur + 1 + 7) / 8 * 8) ++cur;
  if (isBasicBlock) {
    cur = cur < 8 ? cur : cur / 8 * 8;
  } else {
    cur = std::min<uint32_t>(cur, 255);
  }
  tiling::RmsNormTiling t;
  t.bLength = s.b, t.sLength = s.s, t.hLength = s.h, t.originalHLength = o.h;
  t.reciprocalOfHLength = 1.0f / static_cast<float>(o.h);
  t.mainBsLength = cur, t.mainBshLength = cur * s.h, t.mainBsLengthAlign = (cur + 7) / 8 * 8;
  t.loopRound = rows / cur;
  t.inputTailPos = t.loopRound * t.mainBshLength;
  t.tailBsLength = rows % cur, t.tailBshLength = t.tailBsLength * s.h;
  tiling = t;
  return true;
}

}  // namespace AscendC
