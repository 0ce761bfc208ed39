// Host helpers of GroupNorm over srcShape [N, C, H, W] with groupNum groups, CANN's 910B formulas: tmp = 3 (2 for
// float reusing the source) float buffers of N*C (max) or C/groupNum (min) rows of H*W padded to 32 B, plus two
// N*groupNum float buffers; the tiling's shape fields (n, c, hw, g, d = C/groupNum, hwAlignSize = H*W padded to 32 B
// of the type, factor = 1/(d*H*W)) and a pass split over stackBufferSize. The kernel reads the shape fields.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel_tiling/groupnorm_tiling.h"
#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

struct Nchw {
  uint32_t n = 0, c = 0, hw = 0, hw_align = 0;
};

inline Nchw groupnorm_shape(const char* api, const ge::Shape& shape, uint32_t type_size, uint32_t groups) {
  if (type_size != 2 && type_size != 4) hl_tiling_error(api, "typeSize must be 2 (half) or 4 (float)");
  const std::vector<int64_t> dims = shape.GetDims();
  if (dims.size() != 4) hl_tiling_error(api, "srcShape must be [N, C, H, W]");
  for (int64_t v : dims) {
    if (v <= 0) hl_tiling_error(api, "srcShape has a dim " + std::to_string(v));
  }
  const uint32_t c = uint32_t(dims[1]);
  if (groups == 0 || c % groups != 0) {
    hl_tiling_error(api, "groupNum " + std::to_string(groups) + " must divide C " + std::to_string(c));
  }
  const uint32_t hw = uint32_t(dims[2] * dims[3]);
  return {uint32_t(dims[0]), c, hw, (hw * type_size + 31) / 32 * 32 / type_size};
}

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetGroupNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                      const uint32_t groupNum, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const d::Nchw s = d::groupnorm_shape("GetGroupNormMaxMinTmpSize", srcShape, typeSize, groupNum);
  const uint32_t mv = (s.n * groupNum * 4 + 31) / 32 * 32, row = s.hw_align * 4;
  const uint32_t bufs = isReuseSource && typeSize == 4 ? 2 : 3;
  maxValue = bufs * s.n * s.c * row + 2 * mv;
  minValue = bufs * (s.c / groupNum) * row + 2 * mv;
}

inline void GetGroupNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const bool isReuseSource, const uint32_t groupNum,
                                     optiling::GroupNormTiling& tiling) {
  namespace d = opkit::host::detail;
  const char* api = "GetGroupNormNDTilingInfo";
  const d::Nchw s = d::groupnorm_shape(api, srcShape, typeSize, groupNum);
  const uint32_t dd = s.c / groupNum, dhw = dd * s.hw_align, input = s.n * s.c * s.hw_align, mv = s.n * groupNum;
  const uint32_t mv_blocks = (mv + 7) / 8 * 8, bufs = isReuseSource && typeSize == 4 ? 2 : 3;
  const uint32_t tmp = stackBufferSize / 4;
  if (tmp < 2 * mv_blocks + bufs * dhw) {
    d::hl_tiling_error(api, "stackBufferSize " + std::to_string(stackBufferSize) +
                                " B is below GetGroupNormMaxMinTmpSize's minimum");
  }
  const uint32_t groups_per_pass = std::min((tmp - 2 * mv_blocks) / bufs / dhw, mv);
  const uint32_t one = groups_per_pass * dhw;
  tiling = {};
  tiling.set_n(s.n);
  tiling.set_c(s.c);
  tiling.set_hw(s.hw);
  tiling.set_g(groupNum);
  tiling.set_d(dd);
  tiling.set_hwAlignSize(s.hw_align);
  tiling.set_dhwAlignSize(dhw);
  tiling.set_inputXSize(input);
  tiling.set_meanVarSize(mv);
  tiling.set_numberOfTmpBuf(bufs);
  tiling.set_meanTmpTensorSize(mv_blocks);
  tiling.set_varianceTmpTensorPos(mv_blocks);
  tiling.set_varianceTmpTensorSize(mv_blocks);
  tiling.set_tmpBufSize(tmp);
  tiling.set_oneTmpSize(one);
  tiling.set_firstTmpStartPos(2 * mv_blocks);
  tiling.set_secondTmpStartPos(2 * mv_blocks + one);
  tiling.set_thirdTmpStartPos(2 * mv_blocks + 2 * one);
  tiling.set_loopRound(input / one);
  tiling.set_inputRoundSize(one);
  tiling.set_inputTailSize(input % one);
  tiling.set_inputTailPos(input - input % one);
  tiling.set_meanVarRoundSize(groups_per_pass);
  tiling.set_meanVarTailSize(input % one / dhw);
  tiling.set_meanVarTailPos(mv - input % one / dhw);
  tiling.set_bshCurLength(one);
  tiling.set_bsCurLength(groups_per_pass);
  tiling.set_factor(1.0f / static_cast<float>(dd * s.hw));
}

}  // namespace AscendC
