// Host helpers of AscendQuant, AscendDequant and AscendAntiQuant (910B forms), with CANN's signatures and figures
// (asc-devkit impl/adv_api/tiling/quantization). Quant keeps two half-size copies of the source (at least two
// 256 B repeats); Dequant a float copy of the source (one row at least) with its scales; AntiQuant a float copy for
// float/bfloat16 output, none for half. The argument checks CANN logs raise a TilingFunc error naming the helper.
#pragma once

#include <algorithm>
#include <cstdint>

#include "graph/types.h"
#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

inline uint64_t shape_size(const char* api, const ge::Shape& shape) {
  const int64_t n = shape.GetShapeSize();
  if (shape.GetDimNum() == 0 || n <= 0) hl_tiling_error(api, cat("srcShape holds ", n, " elements; it must hold some"));
  return static_cast<uint64_t>(n);
}

// AntiQuant's per-channel forms: transposed [N, K] sources keep 8 + 8 + 64 floats per scale (scale, offset and a
// repeat of input); [K, N] ones two floats per scale and a repeat of floats per row of K.
inline uint64_t antiquant_per_channel(const ge::Shape& src, uint64_t scales, bool transpose) {
  if (transpose) return (8 + 8 + 64) * scales * sizeof(float);
  return scales * 2 * sizeof(float) + 64 * static_cast<uint64_t>(src.GetDim(0)) * sizeof(float);
}

inline bool is_fp4(ge::DataType t) { return t == ge::DT_FLOAT4_E2M1 || t == ge::DT_FLOAT4_E1M2; }

struct AntiQuantSizes {
  uint32_t max_value = 0, min_value = 0;
};

inline AntiQuantSizes antiquant_sizes(const char* api, const ge::Shape& src, const ge::Shape& scale, bool transpose,
                                      ge::DataType in, ge::DataType out) {
  const uint64_t n = shape_size(api, src);
  const uint64_t scales = static_cast<uint64_t>(std::max<int64_t>(scale.GetShapeSize(), 0));
  if (is_fp4(in)) {  // a half copy of the 32-aligned scales, transposed only
    const auto v = static_cast<uint32_t>(transpose ? (scales + 31) / 32 * 32 * 2 : 0);
    return {v, v};
  }
  if (out == ge::DT_FLOAT16) return {0, 0};
  if (scales == 1) return {static_cast<uint32_t>(n * sizeof(float)), 1024};
  const auto v = static_cast<uint32_t>(antiquant_per_channel(src, scales, transpose));
  return {v, v};
}

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetAscendQuantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                        uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetAscendQuantMaxMinTmpSize";
  const uint64_t n = d::shape_size(api, srcShape);
  d::require_type_size(api, typeSize);
  if (n * typeSize % 32 != 0) {
    d::hl_tiling_logged_error(api, d::cat("srcShape holds ", n * typeSize, " bytes; it must be whole 32 B blocks"));
  }
  minValue = 2 * 256;
  maxValue = static_cast<uint32_t>((std::max<uint64_t>(n * 2, minValue) + 31) / 32 * 32);
}
inline void GetAscendQuantTmpBufferFactorSize(uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  maxLiveNodeCount = 2;
  extraBuf = 0;
}

// [outer, inner] or [inner] int32 sources: 64 floats of slack, the float copy (all rows or one) and the scales
// (inner + 8 floats).
inline void GetAscendDequantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                          uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetAscendDequantMaxMinTmpSize";
  d::shape_size(api, srcShape);
  if (srcShape.GetDimNum() > 2) {
    d::hl_tiling_error(api, d::cat("srcShape has rank ", srcShape.GetDimNum(), "; expected 1 or 2"));
  }
  if (typeSize != 4) d::hl_tiling_error(api, d::cat("typeSize ", typeSize, " is not 4 (int32_t)"));
  const bool two_d = srcShape.GetDimNum() == 2;
  const uint64_t outer = two_d ? srcShape.GetDim(0) : 1, inner = srcShape.GetDim(two_d ? 1 : 0);
  const uint64_t scales = inner + 8;
  maxValue = static_cast<uint32_t>((64 + outer * inner + scales) * sizeof(float));
  minValue = static_cast<uint32_t>((64 + inner + scales) * sizeof(float));
}
inline void GetAscendDequantTmpBufferFactorSize(const TensorShape& srcShape, uint32_t& maxLiveNodeCount,
                                                uint32_t& extraBuf) {
  const size_t rank = srcShape.GetDimNum();
  maxLiveNodeCount = rank == 2 ? 1 : rank == 1 ? 2 : 0;
  extraBuf = rank == 2 ? static_cast<uint32_t>(8 + 64 + srcShape.GetDim(1)) : rank == 1 ? 8 + 64 : 0;
}

inline void GetAscendAntiQuantMaxMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                            bool isTranspose, TensorDataType inputDataType,
                                            TensorDataType outputDataType, uint32_t& maxValue, uint32_t& minValue) {
  const auto s = opkit::host::detail::antiquant_sizes("GetAscendAntiQuantMaxMinTmpSize", srcShape, scaleShape,
                                                      isTranspose, inputDataType, outputDataType);
  maxValue = s.max_value, minValue = s.min_value;
}
inline uint32_t GetAscendAntiQuantMaxTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                             bool isTranspose, TensorDataType inputDataType,
                                             TensorDataType outputDataType) {
  return opkit::host::detail::antiquant_sizes("GetAscendAntiQuantMaxTmpSize", srcShape, scaleShape, isTranspose,
                                              inputDataType, outputDataType).max_value;
}
inline uint32_t GetAscendAntiQuantMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                             bool isTranspose, TensorDataType inputDataType,
                                             TensorDataType outputDataType) {
  return opkit::host::detail::antiquant_sizes("GetAscendAntiQuantMinTmpSize", srcShape, scaleShape, isTranspose,
                                              inputDataType, outputDataType).min_value;
}
// Per-tensor scales need one live buffer of the source; per-channel ones a fixed extra buffer (the min above).
inline void GetAscendAntiQuantTmpBufferFactorSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                                  bool isTranspose, TensorDataType inputDataType,
                                                  TensorDataType outputDataType, uint32_t& maxLiveNodeCount,
                                                  uint32_t& extraBuf) {
  namespace d = opkit::host::detail;
  const uint64_t scales = static_cast<uint64_t>(std::max<int64_t>(scaleShape.GetShapeSize(), 0));
  maxLiveNodeCount = 0, extraBuf = 0;
  if (d::is_fp4(inputDataType)) {
    extraBuf = static_cast<uint32_t>(isTranspose ? (scales + 31) / 32 * 32 * 2 : 0);
  } else if (outputDataType == ge::DT_FLOAT16) {
    return;
  } else if (scales == 1) {
    maxLiveNodeCount = 1;
  } else {
    extraBuf = static_cast<uint32_t>(d::antiquant_per_channel(srcShape, scales, isTranspose));
  }
}

}  // namespace AscendC
