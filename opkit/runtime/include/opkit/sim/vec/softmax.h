// High-level SoftMax of Ascend C (ND format): per row of src [m, k], max = rowmax, dst = exp(x - max) / rowsum.
// sumTensor and maxTensor are [m, 32 B]: each row's value repeated over one 32 B block (8 float / 16 half), as CANN
// lays them out. Computed in float (exp by exp_poly) and rounded once per result, as the device computes half
// softmax in float. SoftMaxShapeInfo{srcM, srcK, oriSrcM, oriSrcK} overrides the tiling's shape; only the first
// oriSrcK columns of a row take part, the padding columns of dst up to srcK are left as they were (?: CANN does not
// document them). The tmp-buffer form checks sharedTmpBuffer against the tiling's pass size
// (splitM * (splitK + reduceK + 64) floats, the formula of SoftMaxTilingFunc); the simulator needs no scratch.
#pragma once

#include <cstdint>

#include "kernel_tiling/kernel_tiling.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/mathfn.h"

namespace AscendC {

struct SoftMaxShapeInfo {
  uint32_t srcM = 0;
  uint32_t srcK = 0;
  uint32_t oriSrcM = 0;
  uint32_t oriSrcK = 0;
};

// How the family's per-row statistics are laid out: one 32 B block per row (NORMAL) or one element per row.
enum class SoftmaxMode : uint8_t { SOFTMAX_NORMAL = 0, SOFTMAX_OUTPUT_WITHOUT_BRC = 1 };

// isCheckTiling, oriSrcM and oriSrcK are accepted and do not change results; mode is honoured by the family's
// APIs that document it (SimpleSoftMax, SoftmaxFlashV2).
struct SoftmaxConfig {
  bool isCheckTiling = true;
  uint32_t oriSrcM = 0;
  uint32_t oriSrcK = 0;
  SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
inline constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};

}  // namespace AscendC

namespace opkit::sim::detail {

struct SoftmaxShape {
  uint32_t rows = 0;
  uint32_t k = 0;     // UB row length (elements)
  uint32_t ori_k = 0; // columns that take part
};

template <typename T>
SoftmaxShape softmax_shape(const char* api, const ::SoftMaxTiling& t, const AscendC::SoftMaxShapeInfo& info,
                           const SourceLoc& where) {
  if (t.srcM == 0 || t.srcK == 0) {
    fault(api, "the SoftMaxTiling is empty (srcM or srcK is 0): fill it on the host with SoftMaxTilingFunc", where);
  }
  SoftmaxShape s{info.srcM != 0 ? info.srcM : t.srcM, info.srcK != 0 ? info.srcK : t.srcK, 0};
  s.ori_k = info.oriSrcK != 0 ? info.oriSrcK : s.k;
  if (uint64_t(s.k) * sizeof(T) % 32 != 0) {
    fault(api, cat("srcK ", s.k, " x ", sizeof(T), " bytes is not a multiple of 32 bytes; pad rows in UB and pass "
                   "the real length as SoftMaxShapeInfo::oriSrcK"), where);
  }
  if (s.ori_k > s.k) fault(api, cat("oriSrcK ", s.ori_k, " is larger than srcK ", s.k), where);
  if (s.k != t.splitK) {
    fault(api, cat("the shape's srcK ", s.k, " does not match the tiling's row length (splitK ", t.splitK,
                   "); compute the tiling for this shape"), where);
  }
  if (s.rows > t.srcM) {
    fault(api, cat("the shape has ", s.rows, " rows but the tiling was computed for ", t.srcM, " (srcM)"), where);
  }
  return s;
}

inline void softmax_tmp_check(const char* api, const ::SoftMaxTiling& t,
                              const AscendC::LocalTensor<uint8_t>& tmp, const SourceLoc& where) {
  if (t.splitM == 0) {
    fault(api, "the tiling's splitM is 0: the localWorkSpaceSize given to SoftMaxTilingFunc holds not even one row",
          where);
  }
  const uint64_t need = uint64_t(t.splitM) * (t.splitK + t.reduceK + 64) * sizeof(float);
  if (uint64_t(tmp.GetSize()) < need) {
    fault(api, cat("sharedTmpBuffer holds ", tmp.GetSize(), " bytes but the tiling needs ", need, " bytes (splitM ",
                   t.splitM, " rows x (splitK ", t.splitK, " + reduceK ", t.reduceK, " + 64) floats)"), where);
  }
  require_ub_operand(api, "sharedTmpBuffer", tmp, 0, where);
}

// Row max (NaN propagates) and sum of exp(x - max) in float over the first n elements.
template <typename T>
void softmax_row(T* dst, const T* src, uint32_t n, float& max_out, float& sum_out) {
  float buf[kChunk];
  float mx = -HUGE_VALF;
  bool nan = false;
  for (uint32_t i = 0; i < n; ++i) {
    const float x = static_cast<float>(src[i]);
    nan = nan || x != x;
    mx = x > mx ? x : mx;
  }
  if (nan) mx = bits_float(0x7fc00000u);
  float sum = 0.0f;
  for (uint32_t i = 0; i < n; ++i) sum += exp_poly(static_cast<float>(src[i]) - mx);
  // Division as the device does it (Div by the broadcast sum); chunks keep half results rounded once.
  for (uint32_t base = 0; base < n; base += kChunk) {
    const uint32_t m = n - base < uint32_t(kChunk) ? n - base : uint32_t(kChunk);
    for (uint32_t i = 0; i < m; ++i) buf[i] = exp_poly(static_cast<float>(src[base + i]) - mx) / sum;
    for (uint32_t i = 0; i < m; ++i) dst[base + i] = T(buf[i]);
  }
  max_out = mx;
  sum_out = sum;
}

template <typename T, typename U>
void softmax(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& sum,
             const AscendC::LocalTensor<U>& max, const AscendC::LocalTensor<T>& src,
             const ::SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info, const SourceLoc& where) {
  const char* api = "SoftMax";
  const SoftmaxShape s = softmax_shape<T>(api, tiling, info, where);
  const uint64_t elems = uint64_t(s.rows) * s.k;
  require_ub_operand(api, "dst", dst, elems * sizeof(T), where);
  require_ub_operand(api, "src", src, elems * sizeof(T), where);
  require_ub_operand(api, "sumTensor", sum, uint64_t(s.rows) * 32, where);
  require_ub_operand(api, "maxTensor", max, uint64_t(s.rows) * 32, where);
  for (uint32_t r = 0; r < s.rows; ++r) {
    float mx = 0.0f, sm = 0.0f;
    softmax_row(dst.opkit_addr + uint64_t(r) * s.k, src.opkit_addr + uint64_t(r) * s.k, s.ori_k, mx, sm);
    for (uint32_t j = 0; j < kBlockElems<U>; ++j) {
      max.opkit_addr[uint64_t(r) * kBlockElems<U> + j] = U(mx);
      sum.opkit_addr[uint64_t(r) * kBlockElems<U> + j] = U(sm);
    }
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_SOFTMAX_TEMPLATE                                                                          \
  template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false, \
            const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
#define OPKIT_SOFTMAX_CHECKS                                                                              \
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "SoftMax supports half and float");          \
  static_assert(!isDataFormatNZ, "SoftMax: the NZ data format is not simulated; use ND");

// Same type for all tensors.
OPKIT_SOFTMAX_TEMPLATE
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
             const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_CHECKS
  opkit::sim::detail::softmax(dstTensor, sumTensor, maxTensor, srcTensor, tiling, softmaxShapeInfo, where);
}

OPKIT_SOFTMAX_TEMPLATE
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
             const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_CHECKS
  opkit::sim::detail::softmax_tmp_check("SoftMax", tiling, sharedTmpBuffer, where);
  opkit::sim::detail::softmax(dstTensor, sumTensor, maxTensor, srcTensor, tiling, softmaxShapeInfo, where);
}

// half data with float sum/max.
OPKIT_SOFTMAX_TEMPLATE
void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
             const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_CHECKS
  opkit::sim::detail::softmax(dstTensor, sumTensor, maxTensor, srcTensor, tiling, softmaxShapeInfo, where);
}

OPKIT_SOFTMAX_TEMPLATE
void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
             const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}, OPKIT_SIM_HERE) {
  OPKIT_SOFTMAX_CHECKS
  opkit::sim::detail::softmax_tmp_check("SoftMax", tiling, sharedTmpBuffer, where);
  opkit::sim::detail::softmax(dstTensor, sumTensor, maxTensor, srcTensor, tiling, softmaxShapeInfo, where);
}

#undef OPKIT_SOFTMAX_CHECKS
#undef OPKIT_SOFTMAX_TEMPLATE

}  // namespace AscendC
