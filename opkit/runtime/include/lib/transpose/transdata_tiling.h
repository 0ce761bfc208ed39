// Host helper of TransData: GetTransDataMaxMinTmpSize with CANN's signature and CANN's byte formulas (16-bit data,
// rows of H*W padded to 16 elements). The simulator needs no scratch.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "graph/types.h"
#include "lib/hl_tiling_common.h"
#include "lib/transpose/transdata_common.h"
#include "lib/utils/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

inline bool GetTransDataMaxMinTmpSize(const platform_ascendc::PlatformAscendC& platform, const TensorShape& srcShape,
                                      const TensorShape& dstShape, const TensorDataType dataType,
                                      const TransDataConfig& config, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  (void)platform;
  const char* api = "GetTransDataMaxMinTmpSize";
  if (dataType != ge::DT_FLOAT16 && dataType != ge::DT_BF16 && dataType != ge::DT_UINT16 &&
      dataType != ge::DT_INT16) {
    d::hl_tiling_error(api, "dataType must be DT_FLOAT16, DT_BF16, DT_UINT16 or DT_INT16");
  }
  std::string error;
  const opkit::transdata::Ncdhw s = opkit::transdata::shapes(config, srcShape.GetDims(), dstShape.GetDims(), error);
  if (!error.empty()) d::hl_tiling_error(api, error);
  const int64_t c16 = s.c1() * 16, n16 = s.n1() * 16, pad = s.hw_pad();
  int64_t bytes = 0;
  if (config.srcFormat == DataFormat::NCDHW && config.dstFormat == DataFormat::NDC1HWC0) {
    bytes = (s.d * pad + s.d * c16 * pad) * 2;
  } else if (config.dstFormat == DataFormat::NCDHW && config.srcFormat == DataFormat::NDC1HWC0) {
    bytes = s.d * c16 * pad * 2 + 512;
  } else if (config.srcFormat == DataFormat::NCDHW) {  // -> FRACTAL_Z_3D
    bytes = std::max(s.c * s.d * pad * 2, s.d * s.hw() * n16 * 2) + n16 * s.d * c16 * pad * 2;
  } else {  // FRACTAL_Z_3D -> NCDHW
    bytes = n16 * c16 * s.d * pad * 2 * (s.n == n16 && s.c == c16 ? 1 : 2);
  }
  maxValue = minValue = static_cast<uint32_t>(bytes);
  return true;
}

}  // namespace AscendC
