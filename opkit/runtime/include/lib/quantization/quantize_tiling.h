// Host helpers of Quantize, Dequantize and AntiQuantize (Ascend 950's quantization APIs), with CANN's signatures and
// CANN's byte formulas (asc-devkit impl/adv_api/tiling/quantization/{quantize,dequantize,antiquantize}
// _tiling_impl.cpp). The kernel APIs themselves are not simulated yet.
#pragma once

#include <algorithm>
#include <cstdint>

#include "graph/types.h"
#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"

namespace AscendC {

// Quantize: two 256 B repeats at least; twice the element count in bytes (32 B aligned) at most.
inline void GetQuantizeTmpBufferFactorSize(uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  extraBuf = 0;
  maxLiveNodeCount = 2;
}
inline void GetQuantizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                     uint32_t& minValue) {
  (void)typeSize;
  uint64_t size = 1;
  for (size_t i = 0; i < srcShape.GetDimNum(); ++i) {
    size *= static_cast<uint64_t>(std::max<int64_t>(srcShape.GetDim(i), 0));
  }
  if (srcShape.GetDimNum() == 0 || size == 0) {
    opkit::host::detail::hl_tiling_error("GetQuantizeMaxMinTmpSize", "srcShape has no elements (CANN: Input Shape "
                                         "size must be greater than 0)");
  }
  const uint64_t most = std::max<uint64_t>(size * 2, 2 * 256);
  maxValue = static_cast<uint32_t>((most + 31) / 32 * 32);
  minValue = 2 * 256;
}

// Dequantize on [m, n] (or [n] as [1, n]): float room for 64 + m*n (most) or 64 + n (least) elements plus the
// scale's n + 8.
inline void GetDequantizeTmpBufferFactorSize(const TensorShape& srcShape, uint32_t& maxLiveNodeCnt,
                                             uint32_t& extraBuf) {
  extraBuf = 8 + 64;
  if (srcShape.GetDimNum() == 2) {
    extraBuf += static_cast<uint32_t>(srcShape.GetDim(1));
    maxLiveNodeCnt = 1;
  } else if (srcShape.GetDimNum() == 1) {
    maxLiveNodeCnt = 2;
  } else {
    extraBuf = 0;
    maxLiveNodeCnt = 0;
  }
}
inline void GetDequantizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                       uint32_t& minValue) {
  (void)typeSize;
  uint64_t outer = 1, inner = 0;
  if (srcShape.GetDimNum() == 2) {
    outer = static_cast<uint64_t>(srcShape.GetDim(0));
    inner = static_cast<uint64_t>(srcShape.GetDim(1));
  } else if (srcShape.GetDimNum() == 1) {
    inner = static_cast<uint64_t>(srcShape.GetDim(0));
  } else {
    opkit::host::detail::hl_tiling_error("GetDequantizeMaxMinTmpSize", opkit::host::detail::cat(
        "srcShape has ", srcShape.GetDimNum(), " dims; it should be 1-dimensional or 2-dimensional"));
  }
  const uint64_t scale = inner + 8;
  maxValue = static_cast<uint32_t>((64 + outer * inner + scale) * sizeof(float));
  minValue = static_cast<uint32_t>((64 + inner + scale) * sizeof(float));
}

// AntiQuantize needs no temporary buffer: CANN's helpers answer 0.
inline void GetAntiQuantizeTmpBufferFactorSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                               TensorDataType inputDataType, TensorDataType outputDataType,
                                               uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  (void)srcShape, (void)scaleShape, (void)inputDataType, (void)outputDataType;
  extraBuf = 0;
  maxLiveNodeCount = 0;
}
inline void GetAntiQuantizeMaxMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                         bool isTranspose, TensorDataType inputDataType,
                                         TensorDataType outputDataType, uint32_t& maxValue, uint32_t& minValue) {
  (void)srcShape, (void)scaleShape, (void)isTranspose, (void)inputDataType, (void)outputDataType;
  maxValue = 0;
  minValue = 0;
}

}  // namespace AscendC
