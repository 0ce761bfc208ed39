// Host helpers of TopK: GetTopKMaxMinTmpSize and TopKTilingFunc with CANN's signatures. The tmp sizes are CANN's
// formulas for the 910B (Sort32 structures of 8 bytes per element, plus index and mask space); the tiling fills the
// fields the simulator checks (allDataSize = inner * outter) and the k alignments. The simulator needs no scratch.
// (?) The 310P and 950 formulas (proposals, radix select) are not reproduced: those SoCs get the 910B sizes.
#pragma once

#include <cstdint>
#include <string>

#include "kernel_tiling/topk_tiling.h"
#include "lib/hl_tiling_common.h"
#include "lib/sort/topk_utils.h"
#include "lib/utils/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host::detail {

inline void topk_host_check(const char* api, int32_t inner, int32_t outter, AscendC::TopKMode mode,
                            uint32_t type_size) {
  if (inner <= 0 || inner % 32 != 0) {
    hl_tiling_error(api, "inner " + std::to_string(inner) + " must be a positive multiple of 32");
  }
  if (mode == AscendC::TopKMode::TOPK_NSMALL && inner != 32) {
    hl_tiling_error(api, "inner " + std::to_string(inner) + " must be 32 in TOPK_NSMALL mode");
  }
  if (outter <= 0) hl_tiling_error(api, "outter " + std::to_string(outter) + " must be positive");
  if (type_size != 2 && type_size != 4) {
    hl_tiling_error(api, "dataTypeSize " + std::to_string(type_size) + " is not 2 (half) or 4 (float)");
  }
}

}  // namespace opkit::host::detail

namespace AscendC {

inline bool GetTopKMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                                 const int32_t outter, const bool isReuseSource, const bool isInitIndex,
                                 enum TopKMode mode, const bool isLargest, const uint32_t dataTypeSize,
                                 uint32_t& maxValue, uint32_t& minValue) {
  (void)ascendcPlatform;
  (void)isReuseSource;
  opkit::host::detail::topk_host_check("GetTopKMaxMinTmpSize", inner, outter, mode, dataTypeSize);
  const uint32_t in = static_cast<uint32_t>(inner), all = in * static_cast<uint32_t>(outter);
  if (mode == TopKMode::TOPK_NORMAL) {
    minValue = (isInitIndex ? 16u : 20u) * in;  // two Sort32 buffers of 8 B per element, + generated indices
  } else {
    minValue = all * 8 + 64 + (isLargest ? 0 : all * 4) + (isInitIndex ? 0 : all * 4);
  }
  maxValue = minValue;
  return true;
}

inline bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                           const int32_t outter, const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex,
                           enum TopKMode mode, const bool isLargest, optiling::TopkTiling& topKTiling) {
  (void)ascendcPlatform;
  (void)isLargest;
  opkit::host::detail::topk_host_check("TopKTilingFunc", inner, outter, mode, dataTypeSize);
  if (k < 1 || k > inner) {
    opkit::host::detail::hl_tiling_error("TopKTilingFunc", "k " + std::to_string(k) + " is outside [1, inner]");
  }
  topKTiling.set_allDataSize(inner * outter);
  topKTiling.set_kAlignFourBytes((k + 7) / 8 * 8);
  topKTiling.set_kAlignTwoBytes((k + 15) / 16 * 16);
  const int32_t rows = mode == TopKMode::TOPK_NORMAL ? 1 : outter;
  topKTiling.set_innerDataSize(inner * rows * 8 / static_cast<int32_t>(dataTypeSize));
  topKTiling.set_sortRepeat(static_cast<uint32_t>(inner * rows / 32));
  const int32_t index_bytes = isInitIndex ? 0 : inner * rows * 4;
  topKTiling.set_tmpLocalSize((inner * rows * 16 + index_bytes) / static_cast<int32_t>(dataTypeSize));
  return true;
}

}  // namespace AscendC
