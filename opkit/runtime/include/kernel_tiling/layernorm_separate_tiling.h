// LayerNormSeparateTiling (CANN's layernorm_tilingdata.h): the tiling of LayerNorm's [A, R] form (mean and rstd
// outputs), plain fields in CANN's order and types with set_/get_ accessors, aliased as ::X and optiling::X.
#pragma once

#include <cstdint>
#include <type_traits>

#define OPKIT_LNS_FIELD(type, name)                          \
  type name = 0;                                             \
  void set_##name(type value) { name = value; }              \
  type get_##name() const { return name; }

namespace AscendC::tiling {

struct LayerNormSeparateTiling {
  OPKIT_LNS_FIELD(uint32_t, aLength)
  OPKIT_LNS_FIELD(uint32_t, rLength)
  OPKIT_LNS_FIELD(uint32_t, halfAddRepeatTimes)
  OPKIT_LNS_FIELD(uint32_t, rHeadLength)
  OPKIT_LNS_FIELD(float, k2Rec)
  OPKIT_LNS_FIELD(float, k2RRec)
  OPKIT_LNS_FIELD(uint32_t, inputXSize)
  OPKIT_LNS_FIELD(uint32_t, meanVarSize)
  OPKIT_LNS_FIELD(uint32_t, numberOfTmpBuf)
  OPKIT_LNS_FIELD(uint32_t, varianceTmpTensorPos)
  OPKIT_LNS_FIELD(uint32_t, varianceTmpTensorSize)
  OPKIT_LNS_FIELD(uint32_t, tmpBufSize)
  OPKIT_LNS_FIELD(uint32_t, oneTmpSize)
  OPKIT_LNS_FIELD(uint32_t, firstTmpStartPos)
  OPKIT_LNS_FIELD(uint32_t, secondTmpStartPos)
  OPKIT_LNS_FIELD(uint32_t, thirdTmpStartPos)
  OPKIT_LNS_FIELD(uint32_t, loopRound)
  OPKIT_LNS_FIELD(uint32_t, inputRoundSize)
  OPKIT_LNS_FIELD(uint32_t, inputTailSize)
  OPKIT_LNS_FIELD(uint32_t, inputTailPos)
  OPKIT_LNS_FIELD(uint32_t, meanVarRoundSize)
  OPKIT_LNS_FIELD(uint32_t, meanVarTailSize)
  OPKIT_LNS_FIELD(uint32_t, meanVarTailPos)
  OPKIT_LNS_FIELD(uint32_t, arCurLength)
  OPKIT_LNS_FIELD(uint32_t, aCurLength)
  OPKIT_LNS_FIELD(float, rValueBack)
};

static_assert(std::is_trivially_copyable_v<LayerNormSeparateTiling> && sizeof(LayerNormSeparateTiling) == 104,
              "LayerNormSeparateTiling must be CANN's 26 4-byte fields");

}  // namespace AscendC::tiling

#undef OPKIT_LNS_FIELD

using LayerNormSeparateTiling = AscendC::tiling::LayerNormSeparateTiling;
namespace optiling {
using LayerNormSeparateTiling = AscendC::tiling::LayerNormSeparateTiling;
}  // namespace optiling
