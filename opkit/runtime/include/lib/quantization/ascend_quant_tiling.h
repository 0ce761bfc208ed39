// Host helpers of AscendQuant, AscendDequant and AscendAntiQuant (910B forms), with CANN's signatures. (?) CANN does
// not document the byte formulas; opkit's: one half (Quant) or float (Dequant, AntiQuant) working copy of the
// source as the most, one 32 B block per 256 B of it as the least. The simulator needs no scratch.
#pragma once

#include <cstdint>

#include "graph/types.h"
#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

inline void quant_tmp(const char* api, const ge::Shape& shape, uint32_t work_size, uint32_t& max_value,
                      uint32_t& min_value) {
  const RowsLast r = rows_last(api, "srcShape", shape);
  const uint64_t bytes = r.rows * r.last * work_size;
  max_value = static_cast<uint32_t>((bytes + 31) / 32 * 32);
  min_value = static_cast<uint32_t>(((bytes + 255) / 256) * 32);
}

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetAscendQuantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                        uint32_t& minValue) {
  opkit::host::detail::require_type_size("GetAscendQuantMaxMinTmpSize", typeSize);
  opkit::host::detail::quant_tmp("GetAscendQuantMaxMinTmpSize", srcShape, 2, maxValue, minValue);
}
inline void GetAscendQuantTmpBufferFactorSize(uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  maxLiveNodeCount = 1;
  extraBuf = 0;
}

inline void GetAscendDequantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                          uint32_t& minValue) {
  if (typeSize != 2 && typeSize != 4) {
    opkit::host::detail::hl_tiling_error("GetAscendDequantMaxMinTmpSize", opkit::host::detail::cat(
        "typeSize ", typeSize, " is not 2 or 4"));
  }
  opkit::host::detail::quant_tmp("GetAscendDequantMaxMinTmpSize", srcShape, 4, maxValue, minValue);
}
inline void GetAscendDequantTmpBufferFactorSize(const TensorShape& srcShape, uint32_t& maxLiveNodeCount,
                                                uint32_t& extraBuf) {
  (void)opkit::host::detail::rows_last("GetAscendDequantTmpBufferFactorSize", "srcShape", srcShape);
  maxLiveNodeCount = 1;
  extraBuf = 0;
}

inline void GetAscendAntiQuantMaxMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                            bool isTranspose, TensorDataType inputDataType,
                                            TensorDataType outputDataType, uint32_t& maxValue, uint32_t& minValue) {
  (void)scaleShape, (void)isTranspose, (void)inputDataType, (void)outputDataType;
  opkit::host::detail::quant_tmp("GetAscendAntiQuantMaxMinTmpSize", srcShape, 4, maxValue, minValue);
}
inline uint32_t GetAscendAntiQuantMaxTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                             bool isTranspose, TensorDataType inputDataType,
                                             TensorDataType outputDataType) {
  uint32_t max_value = 0, min_value = 0;
  GetAscendAntiQuantMaxMinTmpSize(srcShape, scaleShape, isTranspose, inputDataType, outputDataType, max_value,
                                  min_value);
  return max_value;
}
inline uint32_t GetAscendAntiQuantMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                             bool isTranspose, TensorDataType inputDataType,
                                             TensorDataType outputDataType) {
  uint32_t max_value = 0, min_value = 0;
  GetAscendAntiQuantMaxMinTmpSize(srcShape, scaleShape, isTranspose, inputDataType, outputDataType, max_value,
                                  min_value);
  return min_value;
}
inline void GetAscendAntiQuantTmpBufferFactorSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                                  bool isTranspose, TensorDataType inputDataType,
                                                  TensorDataType outputDataType, uint32_t& maxLiveNodeCount,
                                                  uint32_t& extraBuf) {
  (void)srcShape, (void)scaleShape, (void)isTranspose, (void)inputDataType, (void)outputDataType;
  maxLiveNodeCount = 1;
  extraBuf = 0;
}

}  // namespace AscendC
