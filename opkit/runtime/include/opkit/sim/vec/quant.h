// Quantization of Ascend C's 910B forms: AscendQuant (half/float -> int8, per tensor or per channel), AscendDequant
// (int32 x scale per column -> half/float) and AscendAntiQuant (int8 + offset, x scale -> half/bfloat16, per
// channel, groups along K). Each arithmetic step rounds to the type the device computes it in (half for AscendQuant
// and a half AscendAntiQuant, as CANN's example goldens compute them with numpy float16); the final cast to int8
// rounds half to even and saturates.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "opkit/sim/vec/common.h"

namespace AscendC {

struct AscendQuantConfig {
  uint32_t calcCount = 0;
  uint32_t offsetCount = 0;
  uint32_t scaleCount = 0;
  uint32_t workLocalSize = 0;
};
inline constexpr AscendQuantConfig ASCEND_QUANT_DEFAULT_CFG = {};

enum class DeQuantMode { DEQUANT_WITH_SINGLE_ROW = 0, DEQUANT_WITH_MULTI_ROW = 1 };

struct DequantParams {
  uint32_t m = 0;
  uint32_t n = 0;
  uint32_t calCount = 0;
};

struct AntiQuantShapeInfo {
  uint32_t offsetHeight{0};
  uint32_t offsetWidth{0};
  uint32_t scaleHeight{0};
  uint32_t scaleWidth{0};
};

}  // namespace AscendC

namespace opkit::sim::detail {

inline int8_t to_int8_rint(float v) {
  if (v != v) return 0;
  const float r = std::nearbyint(v);  // the default rounding mode: half to even
  return static_cast<int8_t>(r > 127.0f ? 127 : r < -128.0f ? -128 : r);
}

// half(half(half(x) * half(scale)) + half(offset)) -> int8.
template <typename T>
void ascend_quant(const AscendC::LocalTensor<int8_t>& dst, const AscendC::LocalTensor<T>& src, uint32_t count,
                  const AscendC::LocalTensor<T>* scale_t, float scale, uint32_t scale_count,
                  const AscendC::LocalTensor<T>* offset_t, float offset, uint32_t offset_count,
                  const SourceLoc& where) {
  static_assert(one_of_v<T, half, float>, "AscendQuant supports half and float sources");
  const char* api = "AscendQuant";
  require_ub_operand(api, "srcTensor", src, uint64_t(count) * sizeof(T), where);
  require_ub_operand(api, "dstTensor", dst, count, where);
  if (scale_t != nullptr) {
    if (scale_count == 0 || count % scale_count != 0) {
      fault(api, cat("calCount ", count, " is not a whole number of rows of scaleCount ", scale_count), where);
    }
    require_ub_operand(api, "scaleTensor", *scale_t, uint64_t(scale_count) * sizeof(T), where);
  }
  if (offset_t != nullptr) {
    if (offset_count == 0 || count % offset_count != 0) {
      fault(api, cat("calCount ", count, " is not a whole number of rows of offsetCount ", offset_count), where);
    }
    require_ub_operand(api, "offsetTensor", *offset_t, uint64_t(offset_count) * sizeof(T), where);
  }
  for (uint32_t i = 0; i < count; ++i) {
    const float s = scale_t != nullptr ? static_cast<float>(scale_t->opkit_addr[i % scale_count]) : scale;
    const float o = offset_t != nullptr ? static_cast<float>(offset_t->opkit_addr[i % offset_count]) : offset;
    const half x(static_cast<float>(src.opkit_addr[i]));
    const half scaled(static_cast<float>(x) * static_cast<float>(half(s)));
    const half shifted(static_cast<float>(scaled) + static_cast<float>(half(o)));
    dst.opkit_addr[i] = to_int8_rint(static_cast<float>(shifted));
  }
}

template <typename D, typename S>
void ascend_dequant(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<int32_t>& src,
                    const AscendC::LocalTensor<S>* scale_t, S scale, const AscendC::DequantParams& p,
                    const SourceLoc& where) {
  static_assert(one_of_v<D, half, float, bfloat16_t>, "AscendDequant: dst is half, float or bfloat16_t");
  const char* api = "AscendDequant";
  if (p.m == 0 || p.n == 0 || p.calCount == 0 || p.calCount > p.n) {
    fault(api, cat("DequantParams {m ", p.m, ", n ", p.n, ", calCount ", p.calCount,
                   "}: m, n and calCount must be positive and calCount <= n"), where);
  }
  const uint64_t elems = uint64_t(p.m) * p.n;
  require_ub_operand(api, "srcTensor", src, elems * 4, where);
  require_ub_operand(api, "dstTensor", dst, elems * sizeof(D), where);
  if (scale_t != nullptr) require_ub_operand(api, "deqScale", *scale_t, uint64_t(p.calCount) * sizeof(S), where);
  for (uint32_t r = 0; r < p.m; ++r) {
    for (uint32_t j = 0; j < p.calCount; ++j) {
      const float s = static_cast<float>(scale_t != nullptr ? scale_t->opkit_addr[j] : scale);
      dst.opkit_addr[uint64_t(r) * p.n + j] = D(static_cast<float>(src.opkit_addr[uint64_t(r) * p.n + j]) * s);
    }
  }
}

// src [K, N] (isTranspose: [N, K]); offset/scale rows group K (offsetHeight rows, default 1), per channel of N.
template <typename In, typename Out, bool kTranspose>
void ascend_anti_quant(const AscendC::LocalTensor<Out>& dst, const AscendC::LocalTensor<In>& src,
                       const AscendC::LocalTensor<Out>* offset_t, Out offset, const AscendC::LocalTensor<Out>* scale_t,
                       Out scale, uint32_t k, const AscendC::AntiQuantShapeInfo& info, const SourceLoc& where) {
  static_assert(one_of_v<In, int8_t>, "AscendAntiQuant: src is int8_t");
  static_assert(one_of_v<Out, half, bfloat16_t>, "AscendAntiQuant: dst is half or bfloat16_t");
  const char* api = "AscendAntiQuant";
  const uint32_t total = src.GetSize();
  if (k == 0 || total % k != 0) fault(api, cat("k ", k, " does not divide the source's ", total, " elements"), where);
  const uint32_t n = total / k;
  require_ub_operand(api, "dst", dst, uint64_t(total) * sizeof(Out), where);
  const uint32_t groups = kTranspose ? (info.offsetWidth != 0 ? info.offsetWidth : 1)
                                     : (info.offsetHeight != 0 ? info.offsetHeight : 1);
  if (k % groups != 0) fault(api, cat("k ", k, " is not a whole number of ", groups, " groups"), where);
  if (offset_t != nullptr) require_ub_operand(api, "offset", *offset_t, uint64_t(groups) * n * sizeof(Out), where);
  if (scale_t != nullptr) require_ub_operand(api, "scale", *scale_t, uint64_t(groups) * n * sizeof(Out), where);
  const uint32_t group_len = k / groups;
  for (uint32_t a = 0; a < (kTranspose ? n : k); ++a) {
    for (uint32_t b = 0; b < (kTranspose ? k : n); ++b) {
      const uint32_t kk = kTranspose ? b : a, ch = kTranspose ? a : b;
      const uint64_t pi = kTranspose ? uint64_t(ch) * groups + kk / group_len : uint64_t(kk / group_len) * n + ch;
      const float o = static_cast<float>(offset_t != nullptr ? offset_t->opkit_addr[pi] : offset);
      const float s = static_cast<float>(scale_t != nullptr ? scale_t->opkit_addr[pi] : scale);
      const uint64_t i = uint64_t(a) * (kTranspose ? k : n) + b;
      const Out shifted(static_cast<float>(src.opkit_addr[i]) + o);
      dst.opkit_addr[i] = Out(static_cast<float>(shifted) * s);
    }
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_QUANT_T template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
#define OPKIT_QUANT_TMP opkit::sim::detail::require_ub_operand("AscendQuant", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
OPKIT_QUANT_T
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const float scale,
                 const float offset, const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::ascend_quant<T>(dstTensor, srcTensor, calCount, nullptr, scale, 0, nullptr, offset, 0, where);
}
OPKIT_QUANT_T
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const float scale,
                 const float offset, OPKIT_SIM_HERE) {
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, scale, offset, srcTensor.GetSize(), where);
}
OPKIT_QUANT_T
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset,
                 const uint32_t calCount, OPKIT_SIM_HERE) {
  OPKIT_QUANT_TMP
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, scale, offset, calCount, where);
}
OPKIT_QUANT_T
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset, OPKIT_SIM_HERE) {
  OPKIT_QUANT_TMP
  AscendQuant<T, isReuseSource, config>(dstTensor, srcTensor, scale, offset, srcTensor.GetSize(), where);
}
// Per channel: scale (and offset) tensors of scaleCount (offsetCount) values, repeated over the rows.
OPKIT_QUANT_T
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const LocalTensor<T>& scaleTensor, const T offset,
                 const uint32_t scaleCount, const uint32_t calCount, OPKIT_SIM_HERE) {
  OPKIT_QUANT_TMP
  opkit::sim::detail::ascend_quant<T>(dstTensor, srcTensor, calCount, &scaleTensor, 0.0f, scaleCount, nullptr,
                                      static_cast<float>(offset), 0, where);
}
OPKIT_QUANT_T
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const LocalTensor<T>& scaleTensor,
                 const LocalTensor<T>& offsetTensor, const uint32_t scaleCount, const uint32_t offsetCount,
                 const uint32_t calCount, OPKIT_SIM_HERE) {
  OPKIT_QUANT_TMP
  opkit::sim::detail::ascend_quant<T>(dstTensor, srcTensor, calCount, &scaleTensor, 0.0f, scaleCount, &offsetTensor,
                                      0.0f, offsetCount, where);
}
OPKIT_QUANT_T
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const LocalTensor<T>& scaleTensor, const T offset,
                 OPKIT_SIM_HERE) {
  OPKIT_QUANT_TMP
  opkit::sim::detail::ascend_quant<T>(dstTensor, srcTensor, srcTensor.GetSize(), &scaleTensor, 0.0f,
                                      scaleTensor.GetSize(), nullptr, static_cast<float>(offset), 0, where);
}
#undef OPKIT_QUANT_TMP
#undef OPKIT_QUANT_T

#define OPKIT_DEQUANT_T template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
OPKIT_DEQUANT_T
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, DequantParams params, OPKIT_SIM_HERE) {
  opkit::sim::detail::ascend_dequant<dstT, scaleT>(dstTensor, srcTensor, &deqScale, scaleT{}, params, where);
}
OPKIT_DEQUANT_T
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                   DequantParams params, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("AscendDequant", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::ascend_dequant<dstT, scaleT>(dstTensor, srcTensor, &deqScale, scaleT{}, params, where);
}
OPKIT_DEQUANT_T
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                   DequantParams params, OPKIT_SIM_HERE) {
  opkit::sim::detail::ascend_dequant<dstT, scaleT>(dstTensor, srcTensor, nullptr, deqScale, params, where);
}
OPKIT_DEQUANT_T
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, DequantParams params, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("AscendDequant", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::ascend_dequant<dstT, scaleT>(dstTensor, srcTensor, nullptr, deqScale, params, where);
}
// One row of calCount elements.
OPKIT_DEQUANT_T
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                   const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("AscendDequant", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::ascend_dequant<dstT, scaleT>(dstTensor, srcTensor, &deqScale, scaleT{},
                                                   DequantParams{1, calCount, calCount}, where);
}
#undef OPKIT_DEQUANT_T

#define OPKIT_ANTI_T template <typename InputDataType, typename OutputDataType, bool isTranspose>
#define OPKIT_ANTI_CALL(OFF_T, OFF, SC_T, SC)                                                                       \
  opkit::sim::detail::ascend_anti_quant<InputDataType, OutputDataType, isTranspose>(dst, src, OFF_T, OFF, SC_T, SC, \
                                                                                     k, shapeInfo, where)
OPKIT_ANTI_T
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& offset, const LocalTensor<OutputDataType>& scale,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("AscendAntiQuant", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  OPKIT_ANTI_CALL(&offset, OutputDataType{}, &scale, OutputDataType{});
}
OPKIT_ANTI_T
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& scale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                     const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("AscendAntiQuant", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  OPKIT_ANTI_CALL(nullptr, OutputDataType(0.0f), &scale, OutputDataType{});
}
OPKIT_ANTI_T
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const OutputDataType offset, const OutputDataType scale,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("AscendAntiQuant", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  OPKIT_ANTI_CALL(nullptr, offset, nullptr, scale);
}
OPKIT_ANTI_T
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const OutputDataType scale, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("AscendAntiQuant", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  OPKIT_ANTI_CALL(nullptr, OutputDataType(0.0f), nullptr, scale);
}
OPKIT_ANTI_T
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& offset, const LocalTensor<OutputDataType>& scale,
                     const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_ANTI_CALL(&offset, OutputDataType{}, &scale, OutputDataType{});
}
OPKIT_ANTI_T
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& scale, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_ANTI_CALL(nullptr, OutputDataType(0.0f), &scale, OutputDataType{});
}
#undef OPKIT_ANTI_CALL
#undef OPKIT_ANTI_T

}  // namespace AscendC
