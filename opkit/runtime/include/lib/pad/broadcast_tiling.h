// Host side of Broadcast: GetBroadCastMaxMinTmpSize. The simulator needs no temporary space; the sizes are opkit's
// (one 256 B repeat as the least, the destination's bytes, if more, as the most) so kernels reserve a plausible buffer.
#pragma once

#include <algorithm>
#include <cstdint>

#include "graph/tensor.h"
#include "lib/hl_tiling_common.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

inline void GetBroadCastMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                      const ge::Shape& srcShape, const ge::Shape& dstShape, uint32_t typeSize,
                                      const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  (void)ascendcPlatform;
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  const char* api = "GetBroadCastMaxMinTmpSize";
  if (typeSize != 1 && typeSize != 2 && typeSize != 4) {
    d::hl_tiling_error(api, d::cat("typeSize ", typeSize, " is not 1, 2 or 4"));
  }
  if (srcShape.GetDimNum() != dstShape.GetDimNum() || dstShape.GetDimNum() < 1 || dstShape.GetDimNum() > 2) {
    d::hl_tiling_error(api, d::cat("srcShape has ", srcShape.GetDimNum(), " dims and dstShape ", dstShape.GetDimNum(),
                                   "; both must have 1 or 2"));
  }
  const d::RowsLast dst = d::rows_last(api, "dstShape", dstShape);
  d::rows_last(api, "srcShape", srcShape);
  minValue = 256;
  maxValue = std::max(minValue, static_cast<uint32_t>(dst.rows * dst.last * typeSize));
}

}  // namespace AscendC
