// BatchNormTiling (CANN's batchnorm_tilingdata.h): plain fields in CANN's order and types with set_/get_ accessors,
// aliased as ::BatchNormTiling and optiling::BatchNormTiling.
#pragma once

#include <cstdint>
#include <type_traits>

#define OPKIT_BN_FIELD(type, name)                           \
  type name = 0;                                             \
  void set_##name(type value) { name = value; }              \
  type get_##name() const { return name; }

namespace AscendC::tiling {

struct BatchNormTiling {
  OPKIT_BN_FIELD(uint32_t, originalBLength)
  OPKIT_BN_FIELD(uint32_t, meanVarSize)
  OPKIT_BN_FIELD(uint32_t, meanTmpTensorPos)
  OPKIT_BN_FIELD(uint32_t, varianceTmpTensorPos)
  OPKIT_BN_FIELD(uint32_t, tmpBufSize)
  OPKIT_BN_FIELD(uint32_t, oneTmpSize)
  OPKIT_BN_FIELD(uint32_t, firstTmpStartPos)
  OPKIT_BN_FIELD(uint32_t, secondTmpStartPos)
  OPKIT_BN_FIELD(uint32_t, thirdTmpStartPos)
  OPKIT_BN_FIELD(uint32_t, loopRound)
  OPKIT_BN_FIELD(uint32_t, inputTailSize)
  OPKIT_BN_FIELD(uint32_t, inputTailPos)
  OPKIT_BN_FIELD(uint32_t, meanVarTailSize)
  OPKIT_BN_FIELD(uint32_t, meanVarTailPos)
  OPKIT_BN_FIELD(uint32_t, bshCurLength)
  OPKIT_BN_FIELD(uint32_t, shCurLength)
  OPKIT_BN_FIELD(float, firstDimValueBack)
  OPKIT_BN_FIELD(uint32_t, castHalfRepStride)
  OPKIT_BN_FIELD(uint32_t, shCurLengthBlockNum)
  OPKIT_BN_FIELD(uint32_t, castHalfOutRepStride)
};

static_assert(std::is_trivially_copyable_v<BatchNormTiling> && sizeof(BatchNormTiling) == 80,
              "BatchNormTiling must be CANN's 20 4-byte fields");

}  // namespace AscendC::tiling

#undef OPKIT_BN_FIELD

using BatchNormTiling = AscendC::tiling::BatchNormTiling;
namespace optiling {
using BatchNormTiling = AscendC::tiling::BatchNormTiling;
}  // namespace optiling
