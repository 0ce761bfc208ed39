// SoftmaxFlash (v1, deprecated by CANN) and SoftmaxFlashV2 (FlashAttention-2's softmax step) in CANN's overloads,
// and the kernel-side SoftMaxFlashV2TilingFunc. Semantics in opkit/sim/vec/softmax_ext.h (softmax_flash).
#pragma once

#include <cstdint>

#include "kernel_tiling/kernel_tiling.h"
#include "opkit/sim/vec/softmax_ext.h"

namespace AscendC {

#define OPKIT_FLASHV2_TEMPLATE                                                                               \
  template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,         \
            bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
#define OPKIT_FLASHV2_CHECKS                                                                                 \
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "SoftmaxFlashV2 supports half and float");      \
  static_assert(!isDataFormatNZ, "SoftmaxFlashV2: the NZ data format is not simulated; use ND");
#define OPKIT_FLASHV2_BRC (config.mode != SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC)
#define OPKIT_FLASHV2_TMP                                                                                    \
  opkit::sim::detail::require_ub_operand("SoftmaxFlashV2", "sharedTmpBuffer", sharedTmpBuffer, 0, where);

OPKIT_FLASHV2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                    const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_FLASHV2_CHECKS
  opkit::sim::detail::softmax_flash<T, T>({dstTensor, nullptr, expSumTensor, maxTensor, srcTensor, expMaxTensor,
                                              inExpSumTensor, inMaxTensor},
                                             {"SoftmaxFlashV2", isUpdate, OPKIT_FLASHV2_BRC, false}, tiling, softmaxShapeInfo, where);
}

OPKIT_FLASHV2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax,
                    const LocalTensor<T>& outExpSum, const LocalTensor<T>& outMax, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& outExpMax, const LocalTensor<T>& inExpSum, const LocalTensor<T>& inMax,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_FLASHV2_CHECKS
  opkit::sim::detail::softmax_flash<T, T>({dstTensor, &outReduceMax, outExpSum, outMax, srcTensor, outExpMax,
                                              inExpSum, inMax},
                                             {"SoftmaxFlashV2", isUpdate, OPKIT_FLASHV2_BRC, false}, tiling, softmaxShapeInfo, where);
}

OPKIT_FLASHV2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                    const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_FLASHV2_CHECKS
  opkit::sim::detail::softmax_flash<half, float>({dstTensor, nullptr, expSumTensor, maxTensor, srcTensor,
                                                     expMaxTensor, inExpSumTensor, inMaxTensor},
                                                    {"SoftmaxFlashV2", isUpdate, OPKIT_FLASHV2_BRC, false}, tiling, softmaxShapeInfo, where);
}

OPKIT_FLASHV2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outExpSum, const LocalTensor<T>& outMax,
                    const LocalTensor<T>& srcTensor, const LocalTensor<T>& outExpMax, const LocalTensor<T>& inExpSum,
                    const LocalTensor<T>& inMax, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_FLASHV2_CHECKS OPKIT_FLASHV2_TMP
  opkit::sim::detail::softmax_flash<T, T>({dstTensor, nullptr, outExpSum, outMax, srcTensor, outExpMax, inExpSum,
                                              inMax},
                                             {"SoftmaxFlashV2", isUpdate, OPKIT_FLASHV2_BRC, false}, tiling, softmaxShapeInfo, where);
}

OPKIT_FLASHV2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax,
                    const LocalTensor<T>& expSumTensor, const LocalTensor<T>& maxTensor,
                    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                    const LocalTensor<T>& inExpSumTensor, const LocalTensor<T>& inMaxTensor,
                    const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_FLASHV2_CHECKS OPKIT_FLASHV2_TMP
  opkit::sim::detail::softmax_flash<T, T>({dstTensor, &outReduceMax, expSumTensor, maxTensor, srcTensor,
                                              expMaxTensor, inExpSumTensor, inMaxTensor},
                                             {"SoftmaxFlashV2", isUpdate, OPKIT_FLASHV2_BRC, false}, tiling, softmaxShapeInfo, where);
}

OPKIT_FLASHV2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                    const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_FLASHV2_CHECKS OPKIT_FLASHV2_TMP
  opkit::sim::detail::softmax_flash<half, float>({dstTensor, nullptr, expSumTensor, maxTensor, srcTensor,
                                                     expMaxTensor, inExpSumTensor, inMaxTensor},
                                                    {"SoftmaxFlashV2", isUpdate, OPKIT_FLASHV2_BRC, false}, tiling, softmaxShapeInfo, where);
}

#undef OPKIT_FLASHV2_TMP
#undef OPKIT_FLASHV2_BRC
#undef OPKIT_FLASHV2_CHECKS
#undef OPKIT_FLASHV2_TEMPLATE

// ---- SoftmaxFlash (v1): the update flag is a run-time argument and dst is the normalised softmax.
#define OPKIT_FLASH_TEMPLATE template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
#define OPKIT_FLASH_CHECKS \
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "SoftmaxFlash supports half and float");
OPKIT_FLASH_TEMPLATE
void SoftmaxFlash(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
                  const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                  const LocalTensor<T>& inSumTensor, const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling,
                  bool isUpdate = false, const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_FLASH_CHECKS
  opkit::sim::detail::softmax_flash<T, T>({dstTensor, nullptr, sumTensor, maxTensor, srcTensor, expMaxTensor,
                                           inSumTensor, inMaxTensor},
                                          {"SoftmaxFlash", isUpdate, true, true}, tiling, softmaxShapeInfo, where);
}
OPKIT_FLASH_TEMPLATE
void SoftmaxFlash(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                  const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                  const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
                  const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
                  const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  opkit::sim::detail::softmax_flash<half, float>({dstTensor, nullptr, sumTensor, maxTensor, srcTensor, expMaxTensor,
                                                  inSumTensor, inMaxTensor},
                                                 {"SoftmaxFlash", isUpdate, true, true}, tiling, softmaxShapeInfo,
                                                 where);
}
OPKIT_FLASH_TEMPLATE
void SoftmaxFlash(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
                  const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                  const LocalTensor<T>& inSumTensor, const LocalTensor<T>& inMaxTensor,
                  const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling, bool isUpdate = false,
                  const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_FLASH_CHECKS
  opkit::sim::detail::require_ub_operand("SoftmaxFlash", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::softmax_flash<T, T>({dstTensor, nullptr, sumTensor, maxTensor, srcTensor, expMaxTensor,
                                           inSumTensor, inMaxTensor},
                                          {"SoftmaxFlash", isUpdate, true, true}, tiling, softmaxShapeInfo, where);
}
OPKIT_FLASH_TEMPLATE
void SoftmaxFlash(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                  const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                  const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
                  const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                  const SoftMaxTiling& tiling, bool isUpdate = false, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                  OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("SoftmaxFlash", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::softmax_flash<half, float>({dstTensor, nullptr, sumTensor, maxTensor, srcTensor, expMaxTensor,
                                                  inSumTensor, inMaxTensor},
                                                 {"SoftmaxFlash", isUpdate, true, true}, tiling, softmaxShapeInfo,
                                                 where);
}
#undef OPKIT_FLASH_CHECKS
#undef OPKIT_FLASH_TEMPLATE

// The tiling computed in the kernel from the shape (CANN's kernel-side form of the host function, asc-devkit
// softmax_flashv2_base_impl.h): the rows that fit localWorkSpaceSize bytes of floats, a multiple of 8 (16 for half
// data with isFlashOutputBrc) when a pass holds part of them; NZ data keeps 48 floats a row besides the row. The
// simulator's results do not depend on the split.
constexpr SoftMaxTiling SoftMaxFlashV2TilingFunc(const SoftMaxShapeInfo& shapeInfo, const uint32_t dataTypeSize1,
                                                 const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                                 const bool isUpdate = false, const bool isBasicBlock = false,
                                                 const bool isDataFormatNZ = false,
                                                 const bool isFlashOutputBrc = false) {
  (void)isUpdate;
  SoftMaxTiling t{};
  if (dataTypeSize2 == 0) return t;
  const uint32_t m = shapeInfo.srcM, k = shapeInfo.srcK, blk = 32 / dataTypeSize2, work = localWorkSpaceSize / 4;
  uint32_t rows = 0;
  if (isDataFormatNZ) {
    rows = work / (16 * 3 + k);
  } else if (isBasicBlock && k % 64 == 0 && m % 8 == 0) {
    rows = work / (dataTypeSize1 == 2 ? blk + k + 64 : blk + 64);
    rows = rows < m ? rows : m;
    if (rows > 8) {
      rows = rows / 8 * 8;
      while (m % rows != 0) rows -= 8;
      while (rows * k >= 64 * 256) rows /= 2;
    }
  } else {
    rows = dataTypeSize1 == 2 ? work / (2 * blk + k + 64) : work / (blk + 64);
  }
  const uint32_t tile = isFlashOutputBrc && dataTypeSize1 == 2 ? 16 : 8;
  if (rows < m && rows > tile) rows = rows / tile * tile;
  rows = rows < m ? rows : m;
  t.srcM = m, t.srcK = k, t.srcSize = m * k;
  t.outMaxM = m, t.outMaxK = blk, t.outMaxSize = m * blk;
  t.splitM = rows, t.splitK = k, t.splitSize = rows * k;
  t.reduceM = rows, t.reduceK = blk, t.reduceSize = rows * blk;
  t.rangeM = rows == 0 ? 0 : m / rows;
  t.tailM = rows == 0 ? 0 : m % rows;
  t.tailSplitSize = t.tailM * k, t.tailReduceSize = t.tailM * blk;
  return t;
}

}  // namespace AscendC
