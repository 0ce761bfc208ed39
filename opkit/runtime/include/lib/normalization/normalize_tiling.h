// Host helper of Normalize: GetNormalizeMaxMinTmpSize over srcShape [A, R], CANN's 910B formulas (R padded to 32 B of
// T): max 2R + 2AR floats (A rounded up to 8), min max(A, 2R (float gamma) or 4R (half)) floats, in 32 B blocks.
// isComputeRstd must be true and isOnlyOutput false, as CANN requires. The simulator needs no scratch.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

struct ArShape {
  uint32_t a = 0, r = 0, r_pad = 0;
};

inline ArShape ar_shape(const char* api, const ge::Shape& shape, uint32_t type_size) {
  require_type_size(api, type_size);
  const std::vector<int64_t> dims = shape.GetDims();
  if (dims.size() != 2 || dims[0] <= 0 || dims[1] <= 0) hl_tiling_error(api, "srcShape must be [A, R], both positive");
  const uint32_t per_block = 32 / type_size;
  const uint32_t r = static_cast<uint32_t>(dims[1]);
  return {static_cast<uint32_t>(dims[0]), r, (r + per_block - 1) / per_block * per_block};
}

inline uint32_t blocks32(uint32_t bytes) { return (bytes + 31) / 32 * 32; }

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetNormalizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSizeU, const uint32_t typeSizeT,
                                      const bool isReuseSource, const bool isComputeRstd, const bool isOnlyOutput,
                                      uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetNormalizeMaxMinTmpSize";
  (void)isReuseSource;
  if (!isComputeRstd) d::hl_tiling_error(api, "isComputeRstd must be true (CANN supports only that)");
  if (isOnlyOutput) d::hl_tiling_error(api, "isOnlyOutput must be false (CANN supports only that)");
  d::require_type_size(api, typeSizeU);
  const d::ArShape s = d::ar_shape(api, srcShape, typeSizeT);
  const uint32_t r_bytes = d::blocks32(s.r_pad * 4), a_pad = (s.a + 7) / 8 * 8;
  maxValue = 2 * r_bytes + 2 * d::blocks32(a_pad * s.r_pad * 4);
  minValue = std::max(d::blocks32(s.a * 4), (typeSizeU == 4 ? 2 : 4) * r_bytes);
}

}  // namespace AscendC
