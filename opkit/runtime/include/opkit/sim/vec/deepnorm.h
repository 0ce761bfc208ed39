// DeepNorm: LayerNorm(alpha * x + gx) over rows of [B, S, H] (the first originalHLength of H real), with the row
// mean and variance as outputs (CANN names the third tensor rstdLocal, but its example's golden holds the variance).
// Computed in float, rounded once per result.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "kernel_tiling/kernel_tiling.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/norm.h"

namespace opkit::sim::detail {

template <typename T>
void deepnorm(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& mean_out,
              const AscendC::LocalTensor<T>& rstd_out, const AscendC::LocalTensor<T>& x,
              const AscendC::LocalTensor<T>& gx, const AscendC::LocalTensor<T>& beta,
              const AscendC::LocalTensor<T>& gamma, float alpha, float eps, const ::DeepNormTiling& t,
              const SourceLoc& where) {
  const char* api = "DeepNorm";
  const NormShape s = norm_shape<T>(api, "DeepNormTiling", t.bLength, t.sLength, t.hLength, t.originalHLength, where);
  const uint64_t elems = uint64_t(s.rows) * s.h;
  for (const auto* in : {&x, &gx}) require_ub_operand(api, "srcLocal/gxLocal", *in, elems * sizeof(T), where);
  require_ub_operand(api, "dstLocal", dst, elems * sizeof(T), where);
  require_ub_operand(api, "gammaLocal", gamma, uint64_t(s.ori_h) * sizeof(T), where);
  require_ub_operand(api, "betaLocal", beta, uint64_t(s.ori_h) * sizeof(T), where);
  require_ub_operand(api, "meanLocal", mean_out, uint64_t(s.rows) * sizeof(T), where);
  require_ub_operand(api, "rstdLocal", rstd_out, uint64_t(s.rows) * sizeof(T), where);
  std::vector<float> y(s.ori_h);
  for (uint32_t r = 0; r < s.rows; ++r) {
    const uint64_t base = uint64_t(r) * s.h;
    float sum = 0.0f;
    for (uint32_t i = 0; i < s.ori_h; ++i) {
      y[i] = alpha * static_cast<float>(x.opkit_addr[base + i]) + static_cast<float>(gx.opkit_addr[base + i]);
      sum += y[i];
    }
    const float mean = sum / static_cast<float>(s.ori_h);
    float sq = 0.0f;
    for (uint32_t i = 0; i < s.ori_h; ++i) sq += (y[i] - mean) * (y[i] - mean);
    const float var = sq / static_cast<float>(s.ori_h);
    const float rstd = 1.0f / std::sqrt(var + eps);
    for (uint32_t i = 0; i < s.ori_h; ++i) {
      dst.opkit_addr[base + i] = T((y[i] - mean) * rstd * static_cast<float>(gamma.opkit_addr[i]) +
                                   static_cast<float>(beta.opkit_addr[i]));
    }
    mean_out.opkit_addr[r] = T(mean);
    rstd_out.opkit_addr[r] = T(var);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal,
              const LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
              const LocalTensor<T>& gammaLocal, const T alpha, const T epsilon, DeepNormTiling& tiling,
              OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "DeepNorm supports half and float");
  opkit::sim::detail::deepnorm(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal, gammaLocal,
                               static_cast<float>(alpha), static_cast<float>(epsilon), tiling, where);
}
template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal,
              const LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
              const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer, const T alpha,
              const T epsilon, DeepNormTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("DeepNorm", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  DeepNorm<T, isReuseSrc, isBasicBlock>(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal, gammaLocal,
                                        alpha, epsilon, tiling, where);
}

}  // namespace AscendC
