// GroupNormTiling (CANN's groupnorm_tilingdata.h): plain fields in CANN's order and types with set_/get_ accessors,
// aliased as ::GroupNormTiling and optiling::GroupNormTiling.
#pragma once

#include <cstdint>
#include <type_traits>

#define OPKIT_GN_FIELD(type, name)                           \
  type name = 0;                                             \
  void set_##name(type value) { name = value; }              \
  type get_##name() const { return name; }

namespace AscendC::tiling {

struct GroupNormTiling {
  OPKIT_GN_FIELD(uint32_t, n)
  OPKIT_GN_FIELD(uint32_t, c)
  OPKIT_GN_FIELD(uint32_t, hw)
  OPKIT_GN_FIELD(uint32_t, g)
  OPKIT_GN_FIELD(uint32_t, d)
  OPKIT_GN_FIELD(uint32_t, hwAlignSize)
  OPKIT_GN_FIELD(uint32_t, dhwAlignSize)
  OPKIT_GN_FIELD(uint32_t, inputXSize)
  OPKIT_GN_FIELD(uint32_t, meanVarSize)
  OPKIT_GN_FIELD(uint32_t, numberOfTmpBuf)
  OPKIT_GN_FIELD(uint32_t, meanTmpTensorPos)
  OPKIT_GN_FIELD(uint32_t, meanTmpTensorSize)
  OPKIT_GN_FIELD(uint32_t, varianceTmpTensorPos)
  OPKIT_GN_FIELD(uint32_t, varianceTmpTensorSize)
  OPKIT_GN_FIELD(uint32_t, tmpBufSize)
  OPKIT_GN_FIELD(uint32_t, oneTmpSize)
  OPKIT_GN_FIELD(uint32_t, firstTmpStartPos)
  OPKIT_GN_FIELD(uint32_t, secondTmpStartPos)
  OPKIT_GN_FIELD(uint32_t, thirdTmpStartPos)
  OPKIT_GN_FIELD(uint32_t, loopRound)
  OPKIT_GN_FIELD(uint32_t, inputRoundSize)
  OPKIT_GN_FIELD(uint32_t, inputTailSize)
  OPKIT_GN_FIELD(uint32_t, inputTailPos)
  OPKIT_GN_FIELD(uint32_t, meanVarRoundSize)
  OPKIT_GN_FIELD(uint32_t, meanVarTailSize)
  OPKIT_GN_FIELD(uint32_t, meanVarTailPos)
  OPKIT_GN_FIELD(uint32_t, bshCurLength)
  OPKIT_GN_FIELD(uint32_t, bsCurLength)
  OPKIT_GN_FIELD(float, factor)
  OPKIT_GN_FIELD(bool, smallShape)
};

static_assert(std::is_trivially_copyable_v<GroupNormTiling> && sizeof(GroupNormTiling) == 120,
              "GroupNormTiling must be CANN's 29 4-byte fields and a bool");

}  // namespace AscendC::tiling

#undef OPKIT_GN_FIELD

using GroupNormTiling = AscendC::tiling::GroupNormTiling;
namespace optiling {
using GroupNormTiling = AscendC::tiling::GroupNormTiling;
}  // namespace optiling
