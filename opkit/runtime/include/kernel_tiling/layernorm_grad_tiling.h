// Tiling structs of LayerNormGrad and LayerNormGradBeta (CANN's layernorm_grad_tilingdata.h,
// layernorm_grad_beta_tilingdata.h): plain fields in CANN's order with set_/get_ accessors, one struct aliased as
// ::X and optiling::X, as kernel_tiling.h does for the other norms. lastDimValueBack and lastDimValueBackMulTwo hold
// the bits of the floats 1/originalH and 2/originalH, as CANN stores them.
#pragma once

#include <cstdint>
#include <type_traits>

#define OPKIT_LNG_FIELD(name)                                    \
  uint32_t name = 0;                                             \
  void set_##name(uint32_t value) { name = value; }              \
  uint32_t get_##name() const { return name; }

namespace AscendC::tiling {

struct LayerNormGradTiling {
  OPKIT_LNG_FIELD(stackBufferSize)
  OPKIT_LNG_FIELD(bLength)
  OPKIT_LNG_FIELD(sLength)
  OPKIT_LNG_FIELD(hLength)
  OPKIT_LNG_FIELD(originalHLength)
  OPKIT_LNG_FIELD(oneCalSize)
  OPKIT_LNG_FIELD(nohCalSize)
  OPKIT_LNG_FIELD(loopNum)
  OPKIT_LNG_FIELD(tailSize)
  OPKIT_LNG_FIELD(nohTailSize)
  OPKIT_LNG_FIELD(tmpTensorBSHPos)
  OPKIT_LNG_FIELD(tmpTensorBSHSize)
  OPKIT_LNG_FIELD(pdVarTensorPos)
  OPKIT_LNG_FIELD(pdVarTensorSize)
  OPKIT_LNG_FIELD(pdMeanTensorPos)
  OPKIT_LNG_FIELD(pdMeanTensorSize)
  OPKIT_LNG_FIELD(x1TensorPos)
  OPKIT_LNG_FIELD(x1TensorSize)
  OPKIT_LNG_FIELD(x2TensorPos)
  OPKIT_LNG_FIELD(x2TensorSize)
  OPKIT_LNG_FIELD(x3TensorPos)
  OPKIT_LNG_FIELD(x3TensorSize)
  OPKIT_LNG_FIELD(tmpTensorPos)
  OPKIT_LNG_FIELD(tmpTensorSize)
  OPKIT_LNG_FIELD(tmpTensor1Pos)
  OPKIT_LNG_FIELD(tmpTensor1Size)
  OPKIT_LNG_FIELD(tmpTensor2Pos)
  OPKIT_LNG_FIELD(tmpTensor2Size)
  OPKIT_LNG_FIELD(lastDimValueBack)
  OPKIT_LNG_FIELD(lastDimValueBackMulTwo)
};

struct LayerNormGradBetaTiling {
  OPKIT_LNG_FIELD(stackBufferSize)
  OPKIT_LNG_FIELD(bLength)
  OPKIT_LNG_FIELD(sLength)
  OPKIT_LNG_FIELD(hLength)
  OPKIT_LNG_FIELD(originalHLength)
  OPKIT_LNG_FIELD(bshLength)
  OPKIT_LNG_FIELD(bsLength)
  OPKIT_LNG_FIELD(oneCalSize)
  OPKIT_LNG_FIELD(numberOfTmpBuf)
  OPKIT_LNG_FIELD(loopRound)
  OPKIT_LNG_FIELD(inputTailSize)
  OPKIT_LNG_FIELD(inputTailPos)
  OPKIT_LNG_FIELD(bsTailSize)
  OPKIT_LNG_FIELD(bshCurLength)
  OPKIT_LNG_FIELD(bsCurLength)
  OPKIT_LNG_FIELD(gammaTempTensorPos)
  OPKIT_LNG_FIELD(betaTempTensorPos)
  OPKIT_LNG_FIELD(inputDyTmpTensorPos)
  OPKIT_LNG_FIELD(resForGammaTmpTensorPos)
};

static_assert(std::is_trivially_copyable_v<LayerNormGradTiling> && sizeof(LayerNormGradTiling) == 120,
              "LayerNormGradTiling must be CANN's 30 plain uint32 fields");
static_assert(std::is_trivially_copyable_v<LayerNormGradBetaTiling> && sizeof(LayerNormGradBetaTiling) == 76,
              "LayerNormGradBetaTiling must be CANN's 19 plain uint32 fields");

}  // namespace AscendC::tiling

#undef OPKIT_LNG_FIELD

using LayerNormGradTiling = AscendC::tiling::LayerNormGradTiling;
using LayerNormGradBetaTiling = AscendC::tiling::LayerNormGradBetaTiling;

namespace optiling {
using LayerNormGradTiling = AscendC::tiling::LayerNormGradTiling;
using LayerNormGradBetaTiling = AscendC::tiling::LayerNormGradBetaTiling;
}  // namespace optiling
