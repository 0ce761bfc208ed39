// Host tmp-size helpers of WelfordUpdate and WelfordFinalize, with CANN's formulas for the 910B/310P (membase) SoCs:
//   WelfordUpdate,   src [rnLength, abLength]: min = 256 B x (3 for half x, 1 for float x reusing the source, else 2),
//                    max = ceil(rnLength * abLength / 64) x min.
//   WelfordFinalize, src [abLength] (a multiple of 8): min = 64 x 4 floats, max = min up to 64, else (2 x 64 +
//                    2 x abLength) floats.
// The kernel APIs here need no tmp space; the sizes are what a CANN kernel reserves.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/hl_tiling_common.h"

namespace AscendC {

inline void GetWelfordUpdateMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSizeT, const uint32_t typeSizeU,
                                          const bool isReuseSource, const bool isInplace, uint32_t& maxValue,
                                          uint32_t& minValue) {
  namespace d = opkit::host::detail;
  (void)isInplace;
  const char* api = "GetWelfordUpdateMaxMinTmpSize";
  d::require_type_size(api, typeSizeT);
  if (typeSizeU != 4) d::hl_tiling_error(api, d::cat("typeSizeU ", typeSizeU, " is not 4 (mean and variance are float)"));
  if (srcShape.GetDimNum() != 2) d::hl_tiling_error(api, d::cat("srcShape has ", srcShape.GetDimNum(), " dims, not 2"));
  const int64_t rn = srcShape.GetDim(0), ab = srcShape.GetDim(1);
  if (rn <= 0 || ab <= 0) d::hl_tiling_error(api, "srcShape dims must be positive");
  minValue = typeSizeT == 2 ? 3 * 256 : isReuseSource ? 256 : 2 * 256;
  maxValue = static_cast<uint32_t>((uint64_t(rn) * uint64_t(ab) + 63) / 64 * minValue);
}

inline void GetWelfordFinalizeMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                            uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  (void)typeSize, (void)isReuseSource;
  const char* api = "GetWelfordFinalizeMaxMinTmpSize";
  if (srcShape.GetDimNum() != 1) d::hl_tiling_error(api, d::cat("srcShape has ", srcShape.GetDimNum(), " dims, not 1"));
  const int64_t ab = srcShape.GetDim(0);
  if (ab <= 0 || ab % 8 != 0) d::hl_tiling_error(api, d::cat("abLength ", ab, " is not a positive multiple of 8 (32 B)"));
  minValue = 64 * 4 * 4;
  maxValue = ab <= 64 ? minValue : static_cast<uint32_t>((2 * 64 + 2 * ab) * 4);
}

}  // namespace AscendC
