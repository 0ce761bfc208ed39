// High-level LayerNorm and RmsNorm of Ascend C over the last axis of [B, S, H] (H padded to 32 B in UB).
//   LayerNorm: mean = sum(x)/H', var = sum((x - mean)^2)/H' (biased), y = (x - mean) / sqrt(var + eps) * gamma + beta;
//              outputMean/outputVariance are [B*S], one value per row.
//   RmsNorm:   y = x / sqrt(sum(x^2)/H' + eps) * gamma.
// H' is the tiling's originalHLength; columns past it are left as they were (?: CANN does not document them).
// Computed in float, each result rounded once to T (half inputs are widened, as the device does). The tmp-buffer
// forms check sharedTmpBuffer against the tiling's pass size (see lib/normalization/*_tiling.h for the formulas).
#pragma once

#include <cmath>
#include <cstdint>

#include "kernel_tiling/kernel_tiling.h"
#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

struct NormShape {
  uint32_t rows = 0;
  uint32_t h = 0;
  uint32_t ori_h = 0;
};

template <typename T>
NormShape norm_shape(const char* api, const char* tiling_name, uint32_t b, uint32_t s, uint32_t h, uint32_t ori_h,
                     const SourceLoc& where) {
  if (b == 0 || s == 0 || h == 0) {
    fault(api, cat("the ", tiling_name, " is empty (bLength ", b, ", sLength ", s, ", hLength ", h,
                   "): fill it on the host"), where);
  }
  if (uint64_t(h) * sizeof(T) % 32 != 0) {
    fault(api, cat("hLength ", h, " x ", sizeof(T), " bytes is not a multiple of 32 bytes; pad rows in UB and set "
                   "originalHLength to the real length"), where);
  }
  if (ori_h == 0 || ori_h > h) fault(api, cat("originalHLength ", ori_h, " is outside [1, hLength ", h, "]"), where);
  return NormShape{b * s, h, ori_h};
}

inline void norm_tmp_check(const char* api, const AscendC::LocalTensor<uint8_t>& tmp, uint32_t rows_per_pass,
                           uint64_t need, const char* formula, const SourceLoc& where) {
  if (rows_per_pass == 0) {
    fault(api, "the tiling's rows per pass is 0: the tmp buffer size given to the host tiling holds not even one "
               "row", where);
  }
  if (uint64_t(tmp.GetSize()) < need) {
    fault(api, cat("sharedTmpBuffer holds ", tmp.GetSize(), " bytes but the tiling needs ", need, " bytes (",
                   formula, ")"), where);
  }
  require_ub_operand(api, "sharedTmpBuffer", tmp, 0, where);
}

template <typename T>
void layernorm(const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<T>& mean_out,
               const AscendC::LocalTensor<T>& var_out, const AscendC::LocalTensor<T>& x,
               const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<T>& beta, float eps,
               const ::LayerNormTiling& t, const SourceLoc& where) {
  const char* api = "LayerNorm";
  const NormShape s = norm_shape<T>(api, "LayerNormTiling", t.bLength, t.sLength, t.hLength, t.originalHLength, where);
  const uint64_t elems = uint64_t(s.rows) * s.h;
  require_ub_operand(api, "output", out, elems * sizeof(T), where);
  require_ub_operand(api, "inputX", x, elems * sizeof(T), where);
  require_ub_operand(api, "gamma", gamma, uint64_t(s.ori_h) * sizeof(T), where);
  require_ub_operand(api, "beta", beta, uint64_t(s.ori_h) * sizeof(T), where);
  require_ub_operand(api, "outputMean", mean_out, uint64_t(s.rows) * sizeof(T), where);
  require_ub_operand(api, "outputVariance", var_out, uint64_t(s.rows) * sizeof(T), where);
  const float inv_h = 1.0f / static_cast<float>(s.ori_h);
  for (uint32_t r = 0; r < s.rows; ++r) {
    const T* xr = x.opkit_addr + uint64_t(r) * s.h;
    T* yr = out.opkit_addr + uint64_t(r) * s.h;
    float sum = 0.0f;
    for (uint32_t i = 0; i < s.ori_h; ++i) sum += static_cast<float>(xr[i]);
    const float mean = sum * inv_h;
    float sq = 0.0f;
    for (uint32_t i = 0; i < s.ori_h; ++i) {
      const float d = static_cast<float>(xr[i]) - mean;
      sq += d * d;
    }
    const float var = sq * inv_h;
    const float rstd = 1.0f / std::sqrt(var + eps);
    for (uint32_t i = 0; i < s.ori_h; ++i) {
      yr[i] = T((static_cast<float>(xr[i]) - mean) * rstd * static_cast<float>(gamma.opkit_addr[i]) +
                static_cast<float>(beta.opkit_addr[i]));
    }
    mean_out.opkit_addr[r] = T(mean);
    var_out.opkit_addr[r] = T(var);
  }
}

template <typename T>
void rmsnorm(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<T>& gamma, float eps, const ::RmsNormTiling& t, bool basic_block,
             const SourceLoc& where) {
  const char* api = "RmsNorm";
  const NormShape s = norm_shape<T>(api, "RmsNormTiling", t.bLength, t.sLength, t.hLength, t.originalHLength, where);
  if (basic_block && s.h % 64 != 0) {
    fault(api, cat("isBasicBlock needs hLength to be a multiple of 64 elements; it is ", s.h), where);
  }
  const uint64_t elems = uint64_t(s.rows) * s.h;
  require_ub_operand(api, "dst", dst, elems * sizeof(T), where);
  require_ub_operand(api, "src", src, elems * sizeof(T), where);
  require_ub_operand(api, "gamma", gamma, uint64_t(s.ori_h) * sizeof(T), where);
  const float inv_h = 1.0f / static_cast<float>(s.ori_h);
  for (uint32_t r = 0; r < s.rows; ++r) {
    const T* xr = src.opkit_addr + uint64_t(r) * s.h;
    T* yr = dst.opkit_addr + uint64_t(r) * s.h;
    float sq = 0.0f;
    for (uint32_t i = 0; i < s.ori_h; ++i) sq += static_cast<float>(xr[i]) * static_cast<float>(xr[i]);
    const float rstd = 1.0f / std::sqrt(sq * inv_h + eps);
    for (uint32_t i = 0; i < s.ori_h; ++i) {
      yr[i] = T(static_cast<float>(xr[i]) * rstd * static_cast<float>(gamma.opkit_addr[i]));
    }
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, bool isReuseSource = false>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon, LayerNormTiling& tiling, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "LayerNorm supports half and float");
  const uint64_t need = uint64_t(tiling.numberOfTmpBuf) * tiling.oneTmpSize * sizeof(float);
  opkit::sim::detail::norm_tmp_check("LayerNorm", sharedTmpBuffer, tiling.bsCurLength, need,
                                     "numberOfTmpBuf x oneTmpSize floats", where);
  opkit::sim::detail::layernorm(output, outputMean, outputVariance, inputX, gamma, beta,
                                static_cast<float>(epsilon), tiling, where);
}

template <typename T, bool isReuseSource = false>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
               const T epsilon, LayerNormTiling& tiling, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "LayerNorm supports half and float");
  opkit::sim::detail::layernorm(output, outputMean, outputVariance, inputX, gamma, beta,
                                static_cast<float>(epsilon), tiling, where);
}

template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon, const RmsNormTiling& tiling,
             OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "RmsNorm supports half and float");
  // A pass: mainBsLength rows of hLength floats (2x for half, widened first) and the sums of squares rounded to 8
  // floats (mainBsLengthAlign); see lib/normalization/rmsnorm_tiling.h.
  const uint64_t need = ((sizeof(T) == 2 ? 2u : 1u) * uint64_t(tiling.hLength) * tiling.mainBsLength +
                         (tiling.mainBsLength + 7) / 8 * 8) * sizeof(float);
  opkit::sim::detail::norm_tmp_check("RmsNorm", sharedTmpBuffer, tiling.mainBsLength, need,
                                     "mainBsLength rows x hLength floats per input element + the rows' sums", where);
  opkit::sim::detail::rmsnorm(dstLocal, srcLocal, gammaLocal, static_cast<float>(epsilon), tiling, isBasicBlock,
                              where);
}

template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal,
             const T epsilon, const RmsNormTiling& tiling, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "RmsNorm supports half and float");
  opkit::sim::detail::rmsnorm(dstLocal, srcLocal, gammaLocal, static_cast<float>(epsilon), tiling, isBasicBlock,
                              where);
}

}  // namespace AscendC
