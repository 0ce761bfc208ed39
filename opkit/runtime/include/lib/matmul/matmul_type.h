// The Matmul API's type parameters: MatmulType (position, format, element type, transpose), CubeFormat, LayoutMode,
// MatmulConfig and the CFG_NORM/CFG_MDL/... constants. As in CANN (include/adv_api/matmul/matmul_config.h, tiling.h)
// the enums, MatmulConfig and the configs are global, MatmulType is in AscendC; AscendC names the global ones too.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/positions.h"

enum class CubeFormat : uint8_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR, ROW_MAJOR = ND, COLUMN_MAJOR = 8 };
enum class LayoutMode : uint8_t { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };

namespace AscendC {
using ::CubeFormat;
using ::LayoutMode;

template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false, LayoutMode LAYOUT = LayoutMode::NONE,
          bool IBSHARE = false, TPosition SRCPOS = TPosition::GM>
struct MatmulType {
  constexpr static TPosition pos = POSITION;
  constexpr static CubeFormat format = FORMAT;
  using T = TYPE;
  constexpr static bool isTrans = ISTRANS;
  constexpr static LayoutMode layout = LAYOUT;
  constexpr static bool ibShare = IBSHARE;
  constexpr static TPosition srcPos = SRCPOS;
};

namespace Impl {
inline constexpr int32_t QUEUE_DEPTH = 1;  // the depth of the Matmul's own queues (kernels size theirs alike)
}  // namespace Impl

// The L0C type of a Matmul over T: float for half/bfloat16/float, int32_t for int8_t.
template <typename T>
struct GetMmDstType {
  using Type = std::conditional_t<std::is_same_v<T, int8_t>, int32_t, float>;
};

// The kernel's own copies (lib/matmul/matmul_callback.h): each a function, or nullptr for the Matmul's.
template <auto DataCopyOut = nullptr, auto CopyA1 = nullptr, auto CopyB1 = nullptr>
struct MatmulCallBackFunc {
  static constexpr auto kDataCopyOut = DataCopyOut;
  static constexpr auto kCopyA1 = CopyA1;
  static constexpr auto kCopyB1 = CopyB1;
};

}  // namespace AscendC

enum class MatmulConfigMode : uint8_t { CONFIG_NORM, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };
enum class IterateOrder : uint8_t { ORDER_M = 0, ORDER_N, UNDEF };
enum class ScheduleType : uint8_t { INNER_PRODUCT = 0, OUTER_PRODUCT };
enum class BatchMode : uint8_t { NONE = 0, BATCH_LESS_THAN_L1, BATCH_LARGE_THAN_L1, SINGLE_LARGE_THAN_L1 };
enum class BatchOutMode : uint8_t { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };
enum class DecompressionMode : uint8_t { DECOMP_NONE = 0 };

// The fields kernels set or test; every template computes the same product here (docs/simulated-api.md).
struct MatmulConfig {
  bool doNorm = false;
  bool doBasicBlock = false;
  bool doMultiDataLoad = false;
  uint32_t basicM = 0;
  uint32_t basicN = 0;
  uint32_t basicK = 0;
  bool intrinsicsCheck = false;
  bool isNBatch = false;
  bool enVecND2NZ = false;
  bool doSpecialBasicBlock = false;
  uint32_t doMTE2Preload = 0;
  uint32_t singleCoreM = 0;
  uint32_t singleCoreN = 0;
  uint32_t singleCoreK = 0;
  uint32_t stepM = 0;
  uint32_t stepN = 0;
  uint32_t baseMN = 0;
  uint32_t singleCoreMN = 0;
  bool enUnitFlag = true;
  bool isPerTensor = false;
  bool hasAntiQuantOffset = false;
  bool doIBShareNorm = false;
  bool doSpecialMDL = false;
  bool enableInit = true;
  BatchMode batchMode = BatchMode::NONE;
  bool enableEnd = true;
  bool enableGetTensorC = true;
  bool enableSetOrgShape = true;
  bool enableSetBias = true;
  bool enableSetTail = true;
  bool enableQuantVector = true;
  bool enableSetDefineData = true;
  uint8_t iterateMode = 0;
  bool enableReuse = true;
  bool enableUBReuse = false;
  bool enableL1CacheUB = false;
  bool intraBlockPartSum = false;
  IterateOrder iterateOrder = IterateOrder::UNDEF;
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  bool enableDoubleCache = false;
  bool isBiasBatch = true;
  bool enableStaticPadZeros = false;
  bool isPartialOutput = false;
  bool enableMixDualMaster = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool isCO1Shared = false;
  uint32_t sharedCO1BufferSize = 64 * 1024;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

constexpr MatmulConfig GetNormalConfig(bool intrinsicsLimit = false, bool batchLoop = false, bool isVecND2NZ = false,
                                       BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1, bool isMsgReuse = true,
                                       IterateOrder iterateOrder = IterateOrder::UNDEF,
                                       ScheduleType scheduleType = ScheduleType::INNER_PRODUCT, bool enUnitFlag = true,
                                       bool enableMixDualMaster = false) {
  MatmulConfig c{};
  c.doNorm = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.batchMode = bmmMode;
  c.enableReuse = isMsgReuse;
  c.iterateOrder = iterateOrder;
  c.scheduleType = scheduleType;
  c.enUnitFlag = enUnitFlag;
  c.enableMixDualMaster = enableMixDualMaster;
  return c;
}
constexpr MatmulConfig GetMDLConfig(bool intrinsicsLimit = false, bool batchLoop = false, uint32_t doMTE2Preload = 0,
                                    bool isVecND2NZ = false, bool isPerTensor = false, bool hasAntiQuantOffset = false,
                                    bool enUnitFlag = false, bool isMsgReuse = true, bool enableUBReuse = true,
                                    bool enableL1CacheUB = false, bool enableMixDualMaster = false,
                                    bool enableKdimReorderLoad = false) {
  MatmulConfig c{};
  c.doMultiDataLoad = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.enUnitFlag = enUnitFlag;
  c.enableReuse = isMsgReuse;
  c.enableUBReuse = enableUBReuse;
  c.enableL1CacheUB = enableL1CacheUB;
  c.enableMixDualMaster = enableMixDualMaster;
  c.enableKdimReorderLoad = enableKdimReorderLoad;
  return c;
}
constexpr MatmulConfig GetIBShareNormConfig(bool intrinsicsLimit = false, bool batchLoop = false,
                                            bool isVecND2NZ = false, BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                            bool isDoubleCache = false, bool enUnitFlag = true) {
  MatmulConfig c = GetNormalConfig(intrinsicsLimit, batchLoop, isVecND2NZ, bmmMode);
  c.doNorm = false;
  c.doIBShareNorm = true;
  c.enableDoubleCache = isDoubleCache;
  c.enUnitFlag = enUnitFlag;
  return c;
}

inline constexpr MatmulConfig CFG_NORM = GetNormalConfig();
inline constexpr MatmulConfig CFG_MDL = GetMDLConfig();
inline constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();
inline constexpr MatmulConfig MM_CFG_NO_PRELOAD = GetMDLConfig(false, false, 0);
inline constexpr MatmulConfig MM_CFG_PRELOAD = GetMDLConfig(false, false, 1);

// GetMMConfig's parameter groups (CANN's matmul_config.h, in its field order: kernels brace-initialise them).
struct MatmulShapeParams {
  uint32_t singleCoreM;
  uint32_t singleCoreN;
  uint32_t singleCoreK;
  uint32_t basicM;
  uint32_t basicN;
  uint32_t basicK;
};
struct MatmulQuantParams {
  bool isPerTensor;
  bool hasAntiQuantOffset;
};
struct MatmulBatchParams {
  bool isNBatch;
  BatchMode batchMode;
  bool isBiasBatch = true;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
struct MatmulFuncParams {
  bool intrinsicsCheck;
  bool enVecND2NZ;
  bool enableDoubleCache;
  bool enableL1CacheUB;
  uint32_t doMTE2Preload;
  IterateOrder iterateOrder;
  ScheduleType scheduleType;
  bool enableReuse = true;
  bool enableUBReuse;
  bool isPartialOutput = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};
struct MatmulBiasParams {
  bool enableSetBias = true;
};

namespace opkit::sim::detail {
constexpr void apply_mm_params(MatmulConfig&) {}
template <typename P, typename... Rest>
constexpr void apply_mm_params(MatmulConfig& c, const P& p, const Rest&... rest) {
  using Q = std::decay_t<P>;
  if constexpr (std::is_same_v<Q, MatmulShapeParams>) {
    c.singleCoreM = p.singleCoreM;
    c.singleCoreN = p.singleCoreN;
    c.singleCoreK = p.singleCoreK;
    c.basicM = p.basicM;
    c.basicN = p.basicN;
    c.basicK = p.basicK;
  } else if constexpr (std::is_same_v<Q, MatmulQuantParams>) {
    c.isPerTensor = p.isPerTensor;
    c.hasAntiQuantOffset = p.hasAntiQuantOffset;
  } else if constexpr (std::is_same_v<Q, MatmulBatchParams>) {
    c.isNBatch = p.isNBatch;
    c.batchMode = p.batchMode;
    c.isBiasBatch = p.isBiasBatch;
    c.bmmOutMode = p.bmmOutMode;
  } else if constexpr (std::is_same_v<Q, MatmulFuncParams>) {
    c.intrinsicsCheck = p.intrinsicsCheck;
    c.enVecND2NZ = p.enVecND2NZ;
    c.enableDoubleCache = p.enableDoubleCache;
    c.enableL1CacheUB = p.enableL1CacheUB;
    c.doMTE2Preload = p.doMTE2Preload;
    c.iterateOrder = p.iterateOrder;
    c.scheduleType = p.scheduleType;
    c.enableReuse = p.enableReuse;
    c.enableUBReuse = p.enableUBReuse;
    c.isPartialOutput = p.isPartialOutput;
    c.isA2B2Shared = p.isA2B2Shared;
    c.isEnableChannelSplit = p.isEnableChannelSplit;
    c.enableKdimReorderLoad = p.enableKdimReorderLoad;
    c.enableL1BankConflictOptimise = p.enableL1BankConflictOptimise;
    c.enableRelu = p.enableRelu;
    c.decompMode = p.decompMode;
  } else if constexpr (std::is_same_v<Q, MatmulBiasParams>) {
    c.enableSetBias = p.enableSetBias;
  } else {
    static_assert(sizeof(Q) == 0, "GetMMConfig takes MatmulShapeParams, MatmulQuantParams, MatmulBatchParams, "
                                  "MatmulFuncParams and MatmulBiasParams");
  }
  apply_mm_params(c, rest...);
}
}  // namespace opkit::sim::detail

template <MatmulConfigMode configMode, typename... ArgTypes>
constexpr MatmulConfig GetMMConfig(ArgTypes&&... args) {
  MatmulConfig c = configMode == MatmulConfigMode::CONFIG_MDL       ? CFG_MDL
                   : configMode == MatmulConfigMode::CONFIG_IBSHARE ? CFG_IBSHARE_NORM
                                                                    : CFG_NORM;
  if (configMode == MatmulConfigMode::CONFIG_SPECIALMDL) {
    c = CFG_MDL;
    c.doMultiDataLoad = false;
    c.doSpecialMDL = true;
  }
  opkit::sim::detail::apply_mm_params(c, args...);
  return c;
}

// A tiling fixed at compile time (CANN's tiling.h): the Matmul reads it when REGIST_MATMUL_OBJ/Init get no tiling.
struct MatmulApiStaticTiling {
  int32_t usedCoreNum = -1, M = -1, N = -1, Ka = -1, Kb = -1, singleCoreM = -1, singleCoreN = -1, singleCoreK = -1;
  int32_t baseM = -1, baseN = -1, baseK = -1, depthA1 = -1, depthB1 = -1, stepM = -1, stepN = -1, isBias = -1;
  int32_t transLength = -1, iterateOrder = -1, shareMode = -1, shareL1Size = -1, shareL0CSize = -1, shareUbSize = -1;
  int32_t stepKa = -1, stepKb = -1, depthAL1CacheUB = -1, depthBL1CacheUB = -1, dbL0A = -1, dbL0B = -1, dbL0C = -1;
  int32_t ALayoutInfoB = -1, ALayoutInfoS = -1, ALayoutInfoN = -1, ALayoutInfoG = -1, ALayoutInfoD = -1;
  int32_t BLayoutInfoB = -1, BLayoutInfoS = -1, BLayoutInfoN = -1, BLayoutInfoG = -1, BLayoutInfoD = -1;
  int32_t CLayoutInfoB = -1, CLayoutInfoS1 = -1, CLayoutInfoN = -1, CLayoutInfoG = -1, CLayoutInfoS2 = -1;
  int32_t BatchNum = -1, mxTypePara = -1;
  MatmulConfig cfg = CFG_NORM;
};

// The constant tiling of a config whose MatmulShapeParams fixed the core's shape and the base block: the whole K in
// L1 when A's and B's K slices fit twice beside each other and the bias row, else K steps of baseK (opkit's rule, as
// the host's), double-buffered when two fit.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig& cfg, int32_t l1Size = 512 * 1024) {
  MatmulApiStaticTiling t{};
  t.cfg = cfg;
  if (cfg.singleCoreM == 0 || cfg.basicM == 0) return t;  // no shape: the runtime tiling decides
  t.M = t.singleCoreM = static_cast<int32_t>(cfg.singleCoreM);
  t.N = t.singleCoreN = static_cast<int32_t>(cfg.singleCoreN);
  t.Ka = t.Kb = t.singleCoreK = static_cast<int32_t>(cfg.singleCoreK);
  t.baseM = static_cast<int32_t>(cfg.basicM);
  t.baseN = static_cast<int32_t>(cfg.basicN);
  t.baseK = static_cast<int32_t>(cfg.basicK);
  const int32_t k_steps = (t.singleCoreK + t.baseK - 1) / t.baseK;
  const int32_t per_step = t.baseK * (t.baseM * int32_t(sizeof(typename A_TYPE::T)) +
                                      t.baseN * int32_t(sizeof(typename B_TYPE::T)));
  const int32_t bias_row = t.baseN * int32_t(sizeof(typename BIAS_TYPE::T));  // a bias applies once SetBias is called
  int32_t step = k_steps;
  while (step > 1 && 2 * step * per_step + bias_row > l1Size) step = (step + 1) / 2;
  t.stepKa = t.stepKb = step;
  t.depthA1 = t.depthB1 = 2 * step * per_step + bias_row <= l1Size ? 2 * step : step;
  t.stepM = t.stepN = 1;
  t.isBias = 1;
  t.iterateOrder = 0;
  t.dbL0A = t.dbL0B = 2;
  t.dbL0C = 1;
  t.BatchNum = 1;
  t.usedCoreNum = 1;
  return t;
}

namespace AscendC {
using ::BatchMode;
using ::BatchOutMode;
using ::GetMatmulApiTiling;
using ::GetMMConfig;
using ::MatmulApiStaticTiling;
using ::MatmulBatchParams;
using ::MatmulBiasParams;
using ::MatmulFuncParams;
using ::MatmulQuantParams;
using ::MatmulShapeParams;
using ::GetIBShareNormConfig;
using ::GetMDLConfig;
using ::GetNormalConfig;
using ::IterateOrder;
using ::MatmulConfig;
using ::MatmulConfigMode;
using ::ScheduleType;
// CFG_NORM, CFG_MDL and CFG_IBSHARE_NORM stay global only, as in CANN (adv_api/matmul/tiling.h): kernels define their
// own AscendC::CFG_MDL (the MC2 samples' GetMDLConfig(false, false, false, true)), and find these unqualified.
}  // namespace AscendC
