// TCubeTiling: the Matmul API's tiling, one plain struct for host and kernel (field names and order are CANN's,
// include/adv_api/matmul/matmul_tilingdata.h), aliased as ::TCubeTiling and optiling::TCubeTiling as the other
// high-level tilings are (kernel_tiling/kernel_tiling.h says why).
#pragma once

#include <cstddef>
#include <cstdint>

#include "opkit/host/tiling_buffer.h"

#define OPKIT_CUBE_TILING_FIELD(name)                        \
  int32_t name = 0;                                          \
  void set_##name(int32_t value) { name = value; }           \
  int32_t get_##name() const { return name; }

namespace AscendC::tiling {

struct TCubeTiling {
  OPKIT_CUBE_TILING_FIELD(usedCoreNum)
  OPKIT_CUBE_TILING_FIELD(M)
  OPKIT_CUBE_TILING_FIELD(N)
  OPKIT_CUBE_TILING_FIELD(Ka)
  OPKIT_CUBE_TILING_FIELD(Kb)
  OPKIT_CUBE_TILING_FIELD(singleCoreM)
  OPKIT_CUBE_TILING_FIELD(singleCoreN)
  OPKIT_CUBE_TILING_FIELD(singleCoreK)
  OPKIT_CUBE_TILING_FIELD(baseM)
  OPKIT_CUBE_TILING_FIELD(baseN)
  OPKIT_CUBE_TILING_FIELD(baseK)
  OPKIT_CUBE_TILING_FIELD(depthA1)
  OPKIT_CUBE_TILING_FIELD(depthB1)
  OPKIT_CUBE_TILING_FIELD(stepM)
  OPKIT_CUBE_TILING_FIELD(stepN)
  OPKIT_CUBE_TILING_FIELD(isBias)
  OPKIT_CUBE_TILING_FIELD(transLength)
  OPKIT_CUBE_TILING_FIELD(iterateOrder)
  OPKIT_CUBE_TILING_FIELD(shareMode)
  OPKIT_CUBE_TILING_FIELD(shareL1Size)
  OPKIT_CUBE_TILING_FIELD(shareL0CSize)
  OPKIT_CUBE_TILING_FIELD(shareUbSize)
  OPKIT_CUBE_TILING_FIELD(batchM)
  OPKIT_CUBE_TILING_FIELD(batchN)
  OPKIT_CUBE_TILING_FIELD(singleBatchM)
  OPKIT_CUBE_TILING_FIELD(singleBatchN)
  OPKIT_CUBE_TILING_FIELD(stepKa)
  OPKIT_CUBE_TILING_FIELD(stepKb)
  OPKIT_CUBE_TILING_FIELD(depthAL1CacheUB)
  OPKIT_CUBE_TILING_FIELD(depthBL1CacheUB)
  OPKIT_CUBE_TILING_FIELD(dbL0A)
  OPKIT_CUBE_TILING_FIELD(dbL0B)
  OPKIT_CUBE_TILING_FIELD(dbL0C)
  OPKIT_CUBE_TILING_FIELD(ALayoutInfoB)
  OPKIT_CUBE_TILING_FIELD(ALayoutInfoS)
  OPKIT_CUBE_TILING_FIELD(ALayoutInfoN)
  OPKIT_CUBE_TILING_FIELD(ALayoutInfoG)
  OPKIT_CUBE_TILING_FIELD(ALayoutInfoD)
  OPKIT_CUBE_TILING_FIELD(BLayoutInfoB)
  OPKIT_CUBE_TILING_FIELD(BLayoutInfoS)
  OPKIT_CUBE_TILING_FIELD(BLayoutInfoN)
  OPKIT_CUBE_TILING_FIELD(BLayoutInfoG)
  OPKIT_CUBE_TILING_FIELD(BLayoutInfoD)
  OPKIT_CUBE_TILING_FIELD(CLayoutInfoB)
  OPKIT_CUBE_TILING_FIELD(CLayoutInfoS1)
  OPKIT_CUBE_TILING_FIELD(CLayoutInfoN)
  OPKIT_CUBE_TILING_FIELD(CLayoutInfoG)
  OPKIT_CUBE_TILING_FIELD(CLayoutInfoS2)
  OPKIT_CUBE_TILING_FIELD(BatchNum)
  OPKIT_CUBE_TILING_FIELD(mxTypePara)

  // As a tiling-data class (optiling::TCubeTiling on the host).
  size_t GetDataSize() const { return sizeof(TCubeTiling); }
  void SaveToBuffer(void* data, size_t capacity) const {
    ::opkit::host::detail::save_tiling(this, sizeof(TCubeTiling), data, capacity, "TCubeTiling");
  }
};

}  // namespace AscendC::tiling

#undef OPKIT_CUBE_TILING_FIELD

using TCubeTiling = AscendC::tiling::TCubeTiling;
namespace optiling {
using TCubeTiling = AscendC::tiling::TCubeTiling;
}  // namespace optiling
