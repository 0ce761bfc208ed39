// Host tiling of the SoftMax family besides SoftMax: LogSoftMax, SoftmaxGrad, SoftmaxFlash, SoftmaxFlashV2 and
// SoftmaxFlashV3's tmp-size helpers and TilingFuncs, with CANN's signatures. (?) CANN does not document their
// byte formulas: each uses SoftMax's per-row size (32 / typeSize + srcK + 64 floats; a second row of srcK floats
// when the API keeps a float copy of half data or updates previous statistics). The simulator needs no scratch,
// so these sizes only have to be enough for what the kernels check (a UB tensor) and consistent max >= min.
#pragma once

#include <cstdint>

#include "lib/softmax/softmax_tiling.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

inline uint32_t family_tmp(const char* api, const ge::Shape& shape, uint32_t type_size, bool extra_row, bool all_rows) {
  const RowsLast r = softmax_shape(api, shape, type_size);
  const uint64_t row = softmax_row_floats(r.last, type_size) + (extra_row ? r.last : 0);
  return static_cast<uint32_t>((all_rows ? r.rows : 1) * row * sizeof(float));
}

inline void family_tiling(const char* api, const ge::Shape& shape, uint32_t type_size, uint32_t work, bool extra_row,
                          AscendC::tiling::SoftMaxTiling& out) {
  const RowsLast r = softmax_shape(api, shape, type_size);
  const uint64_t row_bytes = (softmax_row_floats(r.last, type_size) + (extra_row ? r.last : 0)) * sizeof(float);
  // SoftMaxTilingFunc's split for a workspace scaled to SoftMax's own row size.
  const uint64_t softmax_row_bytes = softmax_row_floats(r.last, type_size) * sizeof(float);
  const uint64_t rows_fit = work / row_bytes;
  AscendC::SoftMaxTilingFunc(shape, type_size, static_cast<uint32_t>(rows_fit * softmax_row_bytes), out);
}

}  // namespace opkit::host::detail

namespace AscendC {

// ---- LogSoftMax
inline uint32_t GetLogSoftMaxMaxTmpSize(const TensorShape srcShape, const uint32_t dataTypeSize,
                                        const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::family_tmp("GetLogSoftMaxMaxTmpSize", srcShape, dataTypeSize, dataTypeSize == 2, true);
}
inline uint32_t GetLogSoftMaxMinTmpSize(const TensorShape srcShape, const uint32_t dataTypeSize,
                                        const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::family_tmp("GetLogSoftMaxMinTmpSize", srcShape, dataTypeSize, dataTypeSize == 2, false);
}
inline void LogSoftMaxTilingFunc(const TensorShape srcShape, const uint32_t dataTypeSize,
                                 const uint32_t localWorkSpaceSize, tiling::LogSoftMaxTiling& softmaxTiling) {
  opkit::host::detail::family_tiling("LogSoftMaxTilingFunc", srcShape, dataTypeSize, localWorkSpaceSize,
                                     dataTypeSize == 2, softmaxTiling);
}

// ---- SoftmaxGrad / SoftmaxGradFront (isFront)
inline uint32_t GetSoftMaxGradMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::family_tmp("GetSoftMaxGradMaxTmpSize", srcShape, dataTypeSize, !isFront, true);
}
inline uint32_t GetSoftMaxGradMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::family_tmp("GetSoftMaxGradMinTmpSize", srcShape, dataTypeSize, !isFront, false);
}
inline void SoftMaxGradTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize, tiling::SoftMaxTiling& softmaxGradTiling,
                                  const bool isFront = false) {
  opkit::host::detail::family_tiling("SoftMaxGradTilingFunc", srcShape, dataTypeSize, localWorkSpaceSize, !isFront,
                                     softmaxGradTiling);
}

// ---- SoftmaxFlash (v1)
inline uint32_t GetSoftMaxFlashMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                          const bool isUpdate, const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::family_tmp("GetSoftMaxFlashMaxTmpSize", srcShape, dataTypeSize, isUpdate, true);
}
inline uint32_t GetSoftMaxFlashMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                          const bool isUpdate, const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::family_tmp("GetSoftMaxFlashMinTmpSize", srcShape, dataTypeSize, isUpdate, false);
}
inline void SoftMaxFlashTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                   const uint32_t localWorkSpaceSize, tiling::SoftMaxTiling& softmaxFlashTiling,
                                   const bool isUpdate = false) {
  opkit::host::detail::family_tiling("SoftMaxFlashTilingFunc", srcShape, dataTypeSize, localWorkSpaceSize, isUpdate,
                                     softmaxFlashTiling);
}

// ---- SoftmaxFlashV2 (dataTypeSize1: src/dst, dataTypeSize2: the statistics)
inline uint32_t GetSoftMaxFlashV2MinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)dataTypeSize2, (void)isBasicBlock, (void)isFlashOutputBrc;
  return opkit::host::detail::family_tmp("GetSoftMaxFlashV2MinTmpSize", srcShape, dataTypeSize1, isUpdate, false);
}
inline uint32_t GetSoftMaxFlashV2MaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)dataTypeSize2, (void)isBasicBlock, (void)isFlashOutputBrc;
  return opkit::host::detail::family_tmp("GetSoftMaxFlashV2MaxTmpSize", srcShape, dataTypeSize1, isUpdate, true);
}
inline void SoftMaxFlashV2TilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     tiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                                     const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)isBasicBlock;
  opkit::host::detail::family_tiling("SoftMaxFlashV2TilingFunc", srcShape, dataTypeSize1, localWorkSpaceSize,
                                     isUpdate, softmaxFlashTiling);
  if (isFlashOutputBrc) {  // statistics of one element per row
    softmaxFlashTiling.outMaxK = 1, softmaxFlashTiling.outMaxSize = softmaxFlashTiling.outMaxM;
  } else if (dataTypeSize2 == 2 || dataTypeSize2 == 4) {
    softmaxFlashTiling.outMaxK = 32 / dataTypeSize2;
    softmaxFlashTiling.outMaxSize = softmaxFlashTiling.outMaxM * softmaxFlashTiling.outMaxK;
  }
}

// ---- SoftmaxFlashV3 (vec/softmax_flash_v3.h)
inline void GetSoftMaxFlashV3MaxMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                           const uint32_t dataTypeSize2, uint32_t& maxValue, uint32_t& minValue,
                                           const bool isUpdate, const bool isBasicBlock = false) {
  (void)dataTypeSize2, (void)isBasicBlock;
  maxValue = opkit::host::detail::family_tmp("GetSoftMaxFlashV3MaxMinTmpSize", srcShape, dataTypeSize1, isUpdate, true);
  minValue = opkit::host::detail::family_tmp("GetSoftMaxFlashV3MaxMinTmpSize", srcShape, dataTypeSize1, isUpdate, false);
}
// SoftMaxFlashV2TilingFunc's split with the statistics as one 32 B block of dataTypeSize2 per row.
inline void SoftMaxFlashV3TilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     tiling::SoftMaxTiling& softmaxFlashV3Tiling, const bool isUpdate,
                                     const bool isBasicBlock = false) {
  SoftMaxFlashV2TilingFunc(srcShape, dataTypeSize1, dataTypeSize2, localWorkSpaceSize, softmaxFlashV3Tiling, isUpdate,
                           isBasicBlock, false);
}

}  // namespace AscendC
