// Host helpers of BatchNorm over srcShape [B, S, H] with originSrcShape's B (the real batch), CANN's 910B formulas:
// tmp max 3 x B*S*H floats + 2 x S*H floats, min 3 x B blocks (32 B float, 64 B half; B x 64 floats with
// isBasicBlock) + 2 x S*H floats, in 32 B blocks. S*H must fill whole 32 B blocks; isBasicBlock needs originalB a
// multiple of 8 and S*H of 64 (CANN's rule: false otherwise). The tiling fills originalBLength, meanVarSize (S*H),
// firstDimValueBack (1/B) and a pass split; the kernel reads the first two.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernel_tiling/batchnorm_tiling.h"
#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

// B (origin) and S*H, or false when the shapes break CANN's rules.
inline bool batchnorm_shape(const ge::Shape& src, const ge::Shape& origin, uint32_t type_size, bool basic,
                            uint32_t& b, uint32_t& sh) {
  const std::vector<int64_t> s = src.GetDims(), o = origin.GetDims();
  if (s.size() != 3 || o.size() != 3 || (type_size != 2 && type_size != 4) || o[0] <= 0 || s[1] <= 0 || s[2] <= 0) {
    return false;
  }
  b = uint32_t(o[0]);
  sh = uint32_t(s[1] * s[2]);
  if (o[0] > s[0] || sh * type_size % 32 != 0) return false;
  return !basic || (sh % 64 == 0 && b % 8 == 0);
}

}  // namespace opkit::host::detail

namespace AscendC {

inline bool GetBatchNormMaxMinTmpSize(const TensorShape& srcShape, const TensorShape& originSrcShape,
                                      const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                      uint32_t& minValue, const bool isBasicBlock = false) {
  (void)isReuseSource;
  uint32_t b = 0, sh = 0;
  if (!opkit::host::detail::batchnorm_shape(srcShape, originSrcShape, typeSize, isBasicBlock, b, sh)) return false;
  const auto up = [](uint32_t bytes) { return (bytes + 31) / 32 * 32; };
  const uint32_t mv = up(sh * 4);
  maxValue = 3 * up(b * sh * 4) + 2 * mv;
  const uint32_t per_b = isBasicBlock ? b * 64 * 4 : b * (typeSize == 2 ? 64 : 32);
  minValue = 3 * per_b + 2 * mv;
  return true;
}

inline bool GetBatchNormNDTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                                     const uint32_t stackBufferByteSize, const uint32_t typeSize,
                                     const bool isReuseSource, optiling::BatchNormTiling& tilling,
                                     const bool isBasicBlock = false) {
  uint32_t max_tmp = 0, min_tmp = 0, b = 0, sh = 0;
  if (!GetBatchNormMaxMinTmpSize(srcShape, originSrcShape, typeSize, isReuseSource, max_tmp, min_tmp, isBasicBlock) ||
      stackBufferByteSize < min_tmp) {
    return false;
  }
  opkit::host::detail::batchnorm_shape(srcShape, originSrcShape, typeSize, isBasicBlock, b, sh);
  const uint32_t mv_blocks = (sh + 7) / 8 * 8, tmp = stackBufferByteSize / 4;
  const uint32_t per_pass = std::min(sh, std::max(8u, (tmp - 2 * mv_blocks) / 3 / b / 8 * 8));
  tilling = {};
  tilling.set_originalBLength(b);
  tilling.set_meanVarSize(sh);
  tilling.set_varianceTmpTensorPos(mv_blocks);
  tilling.set_tmpBufSize(tmp);
  tilling.set_oneTmpSize(per_pass * b);
  tilling.set_firstTmpStartPos(2 * mv_blocks);
  tilling.set_secondTmpStartPos(2 * mv_blocks + per_pass * b);
  tilling.set_thirdTmpStartPos(2 * mv_blocks + 2 * per_pass * b);
  tilling.set_loopRound(sh / per_pass);
  tilling.set_inputTailSize(sh % per_pass * b);
  tilling.set_inputTailPos(sh / per_pass * per_pass * b);
  tilling.set_meanVarTailSize(sh % per_pass);
  tilling.set_meanVarTailPos(sh - sh % per_pass);
  tilling.set_bshCurLength(per_pass * b);
  tilling.set_shCurLength(per_pass);
  tilling.set_firstDimValueBack(1.0f / static_cast<float>(b));
  tilling.set_shCurLengthBlockNum(per_pass / 8);
  tilling.set_castHalfOutRepStride(sh / 16);
  return true;
}

}  // namespace AscendC
