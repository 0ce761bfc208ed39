// The SoftMax family besides SoftMax itself (ND format): SimpleSoftMax, LogSoftMax, SoftmaxFlashV2, SoftmaxGrad,
// SoftmaxGradFront, AdjustSoftMaxRes and the kernel-side SoftMaxFlashV2TilingFunc. Rows are [m, srcK] with the
// first oriSrcK columns taking part; per-row statistics (sum, max, expMax) are one 32 B block per row holding the
// value repeated (config.mode SOFTMAX_OUTPUT_WITHOUT_BRC: one element per row). The shape comes from
// softmaxShapeInfo, or from the tiling when it is not given: CANN recomputes its tiling when the two disagree
// (isCheckTiling), so only the shape decides here. Computed in float with exp_poly, results rounded once.
#pragma once

#include <cmath>
#include <cstdint>

#include "kernel_tiling/kernel_tiling.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/mathfn.h"
#include "opkit/sim/vec/softmax.h"

namespace opkit::sim::detail {

struct FamilyShape {
  uint32_t rows = 0;
  uint32_t k = 0;      // UB row length (elements)
  uint32_t ori_k = 0;  // columns that take part
};

template <typename T>
FamilyShape family_shape(const char* api, uint32_t tiling_m, uint32_t tiling_k, const AscendC::SoftMaxShapeInfo& info,
                         const SourceLoc& where) {
  FamilyShape s{info.srcM != 0 ? info.srcM : tiling_m, info.srcK != 0 ? info.srcK : tiling_k, 0};
  if (s.rows == 0 || s.k == 0) {
    fault(api, "no shape: pass softmaxShapeInfo {srcM, srcK, oriSrcM, oriSrcK} or a tiling filled on the host", where);
  }
  s.ori_k = info.oriSrcK != 0 ? info.oriSrcK : s.k;
  if (uint64_t(s.k) * sizeof(T) % 32 != 0) {
    fault(api, cat("srcK ", s.k, " x ", sizeof(T), " bytes is not a multiple of 32 bytes; pad rows in UB and pass "
                   "the real length as SoftMaxShapeInfo::oriSrcK"), where);
  }
  if (s.ori_k > s.k) fault(api, cat("oriSrcK ", s.ori_k, " is larger than srcK ", s.k), where);
  return s;
}

// A per-row statistic tensor: `stride` elements per row (a 32 B block, or 1 without broadcast).
template <typename U>
struct RowStat {
  const AscendC::LocalTensor<U>& t;
  uint32_t stride;
  float get(uint32_t r) const { return static_cast<float>(t.opkit_addr[uint64_t(r) * stride]); }
  void put(uint32_t r, float v) const {
    for (uint32_t j = 0; j < stride; ++j) t.opkit_addr[uint64_t(r) * stride + j] = U(v);
  }
};

template <typename U>
RowStat<U> row_stat(const char* api, const char* what, const AscendC::LocalTensor<U>& t, uint32_t rows, bool brc,
                    const SourceLoc& where) {
  const uint32_t stride = brc ? kBlockElems<U> : 1;
  require_ub_operand(api, what, t, uint64_t(rows) * stride * sizeof(U), where);
  return RowStat<U>{t, stride};
}

template <typename T>
float row_max(const T* x, uint32_t n) {
  float mx = -HUGE_VALF;
  for (uint32_t i = 0; i < n; ++i) {
    const float v = static_cast<float>(x[i]);
    if (v != v) return bits_float(0x7fc00000u);
    mx = v > mx ? v : mx;
  }
  return mx;
}

// dst = f(x) per element of a row, all of f's values computed before any is stored (dst may alias x).
template <typename T, typename F>
void map_row(T* dst, const T* x, uint32_t n, F f) {
  float buf[kChunk];
  for (uint32_t base = 0; base < n; base += kChunk) {
    const uint32_t m = n - base < uint32_t(kChunk) ? n - base : uint32_t(kChunk);
    for (uint32_t i = 0; i < m; ++i) buf[i] = f(static_cast<float>(x[base + i]), base + i);
    for (uint32_t i = 0; i < m; ++i) dst[base + i] = T(buf[i]);
  }
}

template <typename T, typename U>
void simple_softmax(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& sum,
                    const AscendC::LocalTensor<U>& max, const AscendC::LocalTensor<T>& src,
                    const ::SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info, bool brc,
                    const SourceLoc& where) {
  const char* api = "SimpleSoftMax";
  const FamilyShape s = family_shape<T>(api, tiling.srcM, tiling.srcK, info, where);
  require_ub_operand(api, "dst", dst, uint64_t(s.rows) * s.k * sizeof(T), where);
  require_ub_operand(api, "src", src, uint64_t(s.rows) * s.k * sizeof(T), where);
  const RowStat<U> sm = row_stat(api, "inSumTensor", sum, s.rows, brc, where);
  const RowStat<U> mx = row_stat(api, "inMaxTensor", max, s.rows, brc, where);
  for (uint32_t r = 0; r < s.rows; ++r) {
    const float m = mx.get(r), z = sm.get(r);
    map_row(dst.opkit_addr + uint64_t(r) * s.k, src.opkit_addr + uint64_t(r) * s.k, s.ori_k,
            [&](float x, uint32_t) { return exp_poly(x - m) / z; });
  }
}

template <typename T>
void log_softmax(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& sum,
                 const AscendC::LocalTensor<T>& max, const AscendC::LocalTensor<T>& src, uint32_t tiling_m,
                 uint32_t tiling_k, const AscendC::SoftMaxShapeInfo& info, const SourceLoc& where) {
  const char* api = "LogSoftMax";
  const FamilyShape s = family_shape<T>(api, tiling_m, tiling_k, info, where);
  require_ub_operand(api, "dst", dst, uint64_t(s.rows) * s.k * sizeof(T), where);
  require_ub_operand(api, "src", src, uint64_t(s.rows) * s.k * sizeof(T), where);
  const RowStat<T> sm = row_stat(api, "sumTensor", sum, s.rows, true, where);
  const RowStat<T> mx = row_stat(api, "maxTensor", max, s.rows, true, where);
  for (uint32_t r = 0; r < s.rows; ++r) {
    const T* x = src.opkit_addr + uint64_t(r) * s.k;
    const float m = row_max(x, s.ori_k);
    float z = 0.0f;
    for (uint32_t i = 0; i < s.ori_k; ++i) z += exp_poly(static_cast<float>(x[i]) - m);
    // CANN's documented formula takes log10 of the softmax (its golden data does too), not the natural log.
    map_row(dst.opkit_addr + uint64_t(r) * s.k, x, s.ori_k,
            [&](float v, uint32_t) { return std::log10(exp_poly(v - m) / z); });
    mx.put(r, m);
    sm.put(r, z);
  }
}

// SoftmaxGrad (front: the row sums of grad * src only, one block per row of dst) and SoftmaxGradFront.
template <typename T>
void softmax_grad(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& grad,
                  const AscendC::LocalTensor<T>& src, const ::SoftMaxTiling& tiling, bool front,
                  const AscendC::SoftMaxShapeInfo& info, const SourceLoc& where) {
  const FamilyShape s = family_shape<T>(api, tiling.srcM, tiling.srcK, info, where);
  require_ub_operand(api, "gradTensor", grad, uint64_t(s.rows) * s.k * sizeof(T), where);
  require_ub_operand(api, "srcTensor", src, uint64_t(s.rows) * s.k * sizeof(T), where);
  require_ub_operand(api, "dstTensor", dst, uint64_t(s.rows) * (front ? kBlockElems<T> : s.k) * sizeof(T), where);
  for (uint32_t r = 0; r < s.rows; ++r) {
    const T* g = grad.opkit_addr + uint64_t(r) * s.k;
    const T* y = src.opkit_addr + uint64_t(r) * s.k;
    // The row sum as a tree of adds would leave it (the device reduces pairwise): exact in double, rounded once.
    double acc = 0.0;
    for (uint32_t i = 0; i < s.ori_k; ++i) acc += double(static_cast<float>(g[i]) * static_cast<float>(y[i]));
    const float d = static_cast<float>(acc);
    if (front) {
      for (uint32_t j = 0; j < kBlockElems<T>; ++j) dst.opkit_addr[uint64_t(r) * kBlockElems<T> + j] = T(d);
    } else {
      map_row(dst.opkit_addr + uint64_t(r) * s.k, g, s.ori_k,
              [&](float gv, uint32_t i) { return (gv - d) * static_cast<float>(y[i]); });
    }
  }
}

// SoftmaxFlashV2: dst = exp(x - newMax) (not divided by the sum); update folds in the previous rows' inMax/inSum.
// SoftmaxFlash (v1, `normalized`): dst is divided by the new sum and expMax is exp(inMax - newMax) * inSum / sum.
template <typename T, typename U>
struct FlashArgs {
  const AscendC::LocalTensor<T>& dst;
  const AscendC::LocalTensor<U>* reduce_max;  // outReduceMax, or null
  const AscendC::LocalTensor<U>& sum;
  const AscendC::LocalTensor<U>& max;
  const AscendC::LocalTensor<T>& src;
  const AscendC::LocalTensor<T>& exp_max;
  const AscendC::LocalTensor<U>& in_sum;
  const AscendC::LocalTensor<U>& in_max;
};

struct FlashMode {
  const char* api;
  bool update;
  bool brc;
  bool normalized;
};

template <typename T, typename U>
void softmax_flash(const FlashArgs<T, U>& a, const FlashMode& mode, const ::SoftMaxTiling& tiling,
                   const AscendC::SoftMaxShapeInfo& info, const SourceLoc& where) {
  const char* api = mode.api;
  const FamilyShape s = family_shape<T>(api, tiling.srcM, tiling.srcK, info, where);
  require_ub_operand(api, "dstTensor", a.dst, uint64_t(s.rows) * s.k * sizeof(T), where);
  require_ub_operand(api, "srcTensor", a.src, uint64_t(s.rows) * s.k * sizeof(T), where);
  const RowStat<U> sum = row_stat(api, "expSumTensor", a.sum, s.rows, mode.brc, where);
  const RowStat<U> max = row_stat(api, "maxTensor", a.max, s.rows, mode.brc, where);
  for (uint32_t r = 0; r < s.rows; ++r) {
    const T* x = a.src.opkit_addr + uint64_t(r) * s.k;
    const float reduce = row_max(x, s.ori_k);
    float in_max = 0.0f, in_sum = 0.0f;
    if (mode.update) {  // read before any output is written: outputs may alias the inputs (max == inMax is common)
      in_max = row_stat(api, "inMaxTensor", a.in_max, s.rows, mode.brc, where).get(r);
      in_sum = row_stat(api, "inExpSumTensor", a.in_sum, s.rows, mode.brc, where).get(r);
    }
    const bool nan = in_max != in_max || reduce != reduce;
    const float m = !mode.update ? reduce : nan ? bits_float(0x7fc00000u) : (in_max > reduce ? in_max : reduce);
    float z = 0.0f;
    for (uint32_t i = 0; i < s.ori_k; ++i) z += exp_poly(static_cast<float>(x[i]) - m);
    const float e = mode.update ? exp_poly(in_max - m) : 0.0f;
    z += e * in_sum;
    const float scale = mode.normalized ? 1.0f / z : 1.0f;
    map_row(a.dst.opkit_addr + uint64_t(r) * s.k, x, s.ori_k,
            [&](float v, uint32_t) { return mode.normalized ? exp_poly(v - m) / z : exp_poly(v - m) * scale; });
    if (mode.update) {
      row_stat(api, "expMaxTensor", a.exp_max, s.rows, mode.brc, where).put(r, mode.normalized ? e * in_sum / z : e);
      if (a.reduce_max != nullptr) row_stat(api, "outReduceMax", *a.reduce_max, s.rows, mode.brc, where).put(r, reduce);
    }
    max.put(r, m);
    sum.put(r, z);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_SOFTMAX_BRC (config.mode != SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC)
#define OPKIT_SOFTMAX_ND_ONLY(api) static_assert(!isDataFormatNZ, api ": the NZ data format is not simulated; use ND");
#define OPKIT_SOFTMAX_TYPES(api) \
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, api " supports half and float");

// ---- SimpleSoftMax: dst = exp(src - inMax) / inSum with the statistics a SoftMax computed before.
#define OPKIT_SIMPLE_SOFTMAX_TEMPLATE                                                                      \
  template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false, \
            const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
OPKIT_SIMPLE_SOFTMAX_TEMPLATE
void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& inSumTensor,
                   const LocalTensor<T>& inMaxTensor, const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                   const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_TYPES("SimpleSoftMax") OPKIT_SOFTMAX_ND_ONLY("SimpleSoftMax")
  opkit::sim::detail::simple_softmax(dstTensor, inSumTensor, inMaxTensor, srcTensor, tiling, softmaxShapeInfo,
                                     OPKIT_SOFTMAX_BRC, where);
}
OPKIT_SIMPLE_SOFTMAX_TEMPLATE
void SimpleSoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& inSumTensor,
                   const LocalTensor<float>& inMaxTensor, const LocalTensor<half>& srcTensor,
                   const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_ND_ONLY("SimpleSoftMax")
  opkit::sim::detail::simple_softmax(dstTensor, inSumTensor, inMaxTensor, srcTensor, tiling, softmaxShapeInfo,
                                     OPKIT_SOFTMAX_BRC, where);
}
OPKIT_SIMPLE_SOFTMAX_TEMPLATE
void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& inSumTensor,
                   const LocalTensor<T>& inMaxTensor, const LocalTensor<T>& srcTensor,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                   const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_TYPES("SimpleSoftMax") OPKIT_SOFTMAX_ND_ONLY("SimpleSoftMax")
  opkit::sim::detail::require_ub_operand("SimpleSoftMax", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::simple_softmax(dstTensor, inSumTensor, inMaxTensor, srcTensor, tiling, softmaxShapeInfo,
                                     OPKIT_SOFTMAX_BRC, where);
}
OPKIT_SIMPLE_SOFTMAX_TEMPLATE
void SimpleSoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& inSumTensor,
                   const LocalTensor<float>& inMaxTensor, const LocalTensor<half>& srcTensor,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                   const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_ND_ONLY("SimpleSoftMax")
  opkit::sim::detail::require_ub_operand("SimpleSoftMax", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::simple_softmax(dstTensor, inSumTensor, inMaxTensor, srcTensor, tiling, softmaxShapeInfo,
                                     OPKIT_SOFTMAX_BRC, where);
}
#undef OPKIT_SIMPLE_SOFTMAX_TEMPLATE

// ---- LogSoftMax: dst = log10(softmax(src)), with the row max and sum.
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max,
                const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer, const LogSoftMaxTiling& tiling,
                const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_TYPES("LogSoftMax") OPKIT_SOFTMAX_ND_ONLY("LogSoftMax")
  if (sharedTmpBuffer.GetSize() != 0) {
    opkit::sim::detail::require_ub_operand("LogSoftMax", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  }
  opkit::sim::detail::log_softmax(dst, sum, max, src, tiling.srcM, tiling.srcK, softmaxShapeInfo, where);
}

// ---- SoftmaxGrad / SoftmaxGradFront: d = rowsum(grad * src); dst = (grad - d) * src, or d itself (front).
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                 const SoftMaxTiling& tiling, bool isFront = false, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                 OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_TYPES("SoftmaxGrad") OPKIT_SOFTMAX_ND_ONLY("SoftmaxGrad")
  opkit::sim::detail::softmax_grad("SoftmaxGrad", dstTensor, gradTensor, srcTensor, tiling, isFront,
                                   softmaxShapeInfo, where);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling, bool isFront = false,
                 const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_TYPES("SoftmaxGrad") OPKIT_SOFTMAX_ND_ONLY("SoftmaxGrad")
  opkit::sim::detail::require_ub_operand("SoftmaxGrad", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::softmax_grad("SoftmaxGrad", dstTensor, gradTensor, srcTensor, tiling, isFront,
                                   softmaxShapeInfo, where);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                      const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                      const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_TYPES("SoftmaxGradFront") OPKIT_SOFTMAX_ND_ONLY("SoftmaxGradFront")
  opkit::sim::detail::softmax_grad("SoftmaxGradFront", dstTensor, gradTensor, srcTensor, tiling, true,
                                   softmaxShapeInfo, where);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                      const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                      const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_TYPES("SoftmaxGradFront") OPKIT_SOFTMAX_ND_ONLY("SoftmaxGradFront")
  opkit::sim::detail::require_ub_operand("SoftmaxGradFront", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::softmax_grad("SoftmaxGradFront", dstTensor, gradTensor, srcTensor, tiling, true,
                                   softmaxShapeInfo, where);
}

// ---- AdjustSoftMaxRes: rows whose max equals the float with bits `from` are set to `to`; true if any was.
template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>
bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes, const LocalTensor<T2>& maxTensor, const uint32_t from,
                      const T1 to, const SoftMaxShapeInfo& softmaxShapeInfo, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T1, half, float> && opkit::sim::detail::one_of_v<T2, half, float>,
                "AdjustSoftMaxRes supports half and float");
  OPKIT_SOFTMAX_ND_ONLY("AdjustSoftMaxRes")
  namespace d = opkit::sim::detail;
  const d::FamilyShape s = d::family_shape<T1>("AdjustSoftMaxRes", 0, 0, softmaxShapeInfo, where);
  d::require_ub_operand("AdjustSoftMaxRes", "softMaxRes", softMaxRes, uint64_t(s.rows) * s.k * sizeof(T1), where);
  const uint32_t stride = stepSizeMode == 0 ? d::kBlockElems<T2> : 1;
  d::require_ub_operand("AdjustSoftMaxRes", "maxTensor", maxTensor, uint64_t(s.rows) * stride * sizeof(T2), where);
  bool found = false;
  for (uint32_t r = 0; r < s.rows; ++r) {
    const T2 m = maxTensor.opkit_addr[uint64_t(r) * stride];
    uint32_t bits = 0;
    if constexpr (sizeof(T2) == 4) {
      std::memcpy(&bits, &m, 4);
    } else {
      uint16_t b16 = 0;
      std::memcpy(&b16, &m, 2);
      bits = b16;
    }
    if (bits != from) continue;
    found = true;
    for (uint32_t j = 0; j < s.k; ++j) softMaxRes.opkit_addr[uint64_t(r) * s.k + j] = to;
  }
  return found;
}

#undef OPKIT_SOFTMAX_TYPES
#undef OPKIT_SOFTMAX_ND_ONLY
#undef OPKIT_SOFTMAX_BRC

}  // namespace AscendC

