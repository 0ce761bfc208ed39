// Tiling structs of the high-level APIs (SoftMax, LayerNorm, RmsNorm), shared by op_host code and kernels.
//
// CANN has two copies of each struct with one layout: optiling::X (host, BEGIN_TILING_DATA_DEF, set_f/get_f) and
// ::X / AscendC::tiling::X (kernel and new-style host, plain fields). opkit defines one plain struct per API in
// AscendC::tiling with the set_/get_ accessors as well, and aliases it as ::X and optiling::X, so
// `TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, f)` (classic), a `AscendC::tiling::SoftMaxTiling f;` member (new style)
// and the kernel APIs' `const SoftMaxTiling&` all name the same bytes. Field names and order are CANN's.
#pragma once

#include <cstdint>
#include <type_traits>

#include "lib/matmul/matmul_tilingdata.h"  // TCubeTiling
#include "opkit/sim/pad_tiling.h"  // PadTiling, UnPadTiling
#include "kernel_tiling/layernorm_grad_tiling.h"  // LayerNormGradTiling, LayerNormGradBetaTiling
#include "opkit/sim/hccl_tiling_data.h"  // Mc2InitTiling, Mc2CcTiling

#define OPKIT_HL_TILING_FIELD(type, name)                    \
  type name = 0;                                             \
  void set_##name(type value) { name = value; }              \
  type get_##name() const { return name; }

namespace AscendC::tiling {

struct SoftMaxTiling {
  OPKIT_HL_TILING_FIELD(uint32_t, srcM)        // rows
  OPKIT_HL_TILING_FIELD(uint32_t, srcK)        // row length in UB (a multiple of 32 B)
  OPKIT_HL_TILING_FIELD(uint32_t, srcSize)
  OPKIT_HL_TILING_FIELD(uint32_t, outMaxM)     // rows of sum/max
  OPKIT_HL_TILING_FIELD(uint32_t, outMaxK)     // elements per row of sum/max: one 32 B block
  OPKIT_HL_TILING_FIELD(uint32_t, outMaxSize)
  OPKIT_HL_TILING_FIELD(uint32_t, splitM)      // rows per pass that the tmp buffer holds
  OPKIT_HL_TILING_FIELD(uint32_t, splitK)
  OPKIT_HL_TILING_FIELD(uint32_t, splitSize)
  OPKIT_HL_TILING_FIELD(uint32_t, reduceM)
  OPKIT_HL_TILING_FIELD(uint32_t, reduceK)
  OPKIT_HL_TILING_FIELD(uint32_t, reduceSize)
  OPKIT_HL_TILING_FIELD(uint32_t, rangeM)      // full passes
  OPKIT_HL_TILING_FIELD(uint32_t, tailM)       // rows of the last, partial pass
  OPKIT_HL_TILING_FIELD(uint32_t, tailSplitSize)
  OPKIT_HL_TILING_FIELD(uint32_t, tailReduceSize)
};

// LogSoftMax's tiling: SoftMaxTiling's fields under its own name, as CANN declares it.
struct LogSoftMaxTiling : SoftMaxTiling {};

struct LayerNormTiling {
  OPKIT_HL_TILING_FIELD(uint32_t, bLength)
  OPKIT_HL_TILING_FIELD(uint32_t, sLength)
  OPKIT_HL_TILING_FIELD(uint32_t, hLength)          // row length in UB (a multiple of 32 B)
  OPKIT_HL_TILING_FIELD(uint32_t, originalHLength)  // real row length (<= hLength)
  OPKIT_HL_TILING_FIELD(uint32_t, inputXSize)
  OPKIT_HL_TILING_FIELD(uint32_t, meanVarSize)
  OPKIT_HL_TILING_FIELD(uint32_t, numberOfTmpBuf)   // float buffers of oneTmpSize elements in sharedTmpBuffer
  OPKIT_HL_TILING_FIELD(uint32_t, meanTmpTensorPos)
  OPKIT_HL_TILING_FIELD(uint32_t, meanTmpTensorSize)
  OPKIT_HL_TILING_FIELD(uint32_t, varianceTmpTensorPos)
  OPKIT_HL_TILING_FIELD(uint32_t, varianceTmpTensorSize)
  OPKIT_HL_TILING_FIELD(uint32_t, tmpBufSize)
  OPKIT_HL_TILING_FIELD(uint32_t, oneTmpSize)
  OPKIT_HL_TILING_FIELD(uint32_t, firstTmpStartPos)
  OPKIT_HL_TILING_FIELD(uint32_t, secondTmpStartPos)
  OPKIT_HL_TILING_FIELD(uint32_t, thirdTmpStartPos)
  OPKIT_HL_TILING_FIELD(uint32_t, loopRound)
  OPKIT_HL_TILING_FIELD(uint32_t, inputRoundSize)
  OPKIT_HL_TILING_FIELD(uint32_t, inputTailSize)
  OPKIT_HL_TILING_FIELD(uint32_t, inputTailPos)
  OPKIT_HL_TILING_FIELD(uint32_t, meanVarRoundSize)
  OPKIT_HL_TILING_FIELD(uint32_t, meanVarTailSize)
  OPKIT_HL_TILING_FIELD(uint32_t, meanVarTailPos)
  OPKIT_HL_TILING_FIELD(uint32_t, bshCurLength)
  OPKIT_HL_TILING_FIELD(uint32_t, bsCurLength)      // rows per pass
  OPKIT_HL_TILING_FIELD(float, lastDimValueBack)    // 1 / originalHLength
};

// DeepNorm's tiling: LayerNormTiling's fields under its own name, as CANN declares it.
struct DeepNormTiling : LayerNormTiling {};

struct RmsNormTiling {
  OPKIT_HL_TILING_FIELD(uint32_t, bLength)
  OPKIT_HL_TILING_FIELD(uint32_t, sLength)
  OPKIT_HL_TILING_FIELD(uint32_t, hLength)          // row length in UB (a multiple of 32 B)
  OPKIT_HL_TILING_FIELD(uint32_t, originalHLength)  // real row length (<= hLength)
  OPKIT_HL_TILING_FIELD(float, reciprocalOfHLength)
  OPKIT_HL_TILING_FIELD(uint32_t, mainBshLength)
  OPKIT_HL_TILING_FIELD(uint32_t, mainBsLength)     // rows per pass
  OPKIT_HL_TILING_FIELD(uint32_t, mainBsLengthAlign)
  OPKIT_HL_TILING_FIELD(uint32_t, loopRound)
  OPKIT_HL_TILING_FIELD(uint32_t, inputTailPos)
  OPKIT_HL_TILING_FIELD(uint32_t, tailBshLength)
  OPKIT_HL_TILING_FIELD(uint32_t, tailBsLength)
};

static_assert(std::is_trivially_copyable_v<SoftMaxTiling> && std::is_standard_layout_v<SoftMaxTiling> &&
              sizeof(SoftMaxTiling) == 64, "SoftMaxTiling must be CANN's 16 plain uint32 fields");
static_assert(std::is_standard_layout_v<LogSoftMaxTiling> && sizeof(LogSoftMaxTiling) == 64,
              "LogSoftMaxTiling must be SoftMaxTiling's bytes");
static_assert(std::is_trivially_copyable_v<LayerNormTiling> && sizeof(LayerNormTiling) == 104,
              "LayerNormTiling must be CANN's 26 plain 4-byte fields");
static_assert(std::is_trivially_copyable_v<RmsNormTiling> && sizeof(RmsNormTiling) == 48,
              "RmsNormTiling must be CANN's 12 plain 4-byte fields");

}  // namespace AscendC::tiling

#undef OPKIT_HL_TILING_FIELD

using SoftMaxTiling = AscendC::tiling::SoftMaxTiling;
using LogSoftMaxTiling = AscendC::tiling::LogSoftMaxTiling;
using LayerNormTiling = AscendC::tiling::LayerNormTiling;
using DeepNormTiling = AscendC::tiling::DeepNormTiling;
using RmsNormTiling = AscendC::tiling::RmsNormTiling;

namespace optiling {
using SoftMaxTiling = AscendC::tiling::SoftMaxTiling;
using LogSoftMaxTiling = AscendC::tiling::LogSoftMaxTiling;
using LayerNormTiling = AscendC::tiling::LayerNormTiling;
using DeepNormTiling = AscendC::tiling::DeepNormTiling;
using RmsNormTiling = AscendC::tiling::RmsNormTiling;
}  // namespace optiling
