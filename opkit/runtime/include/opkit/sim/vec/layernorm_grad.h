// LayerNormGrad and LayerNormGradBeta (CANN's adv_api/normalization/layernormgrad.h, layernormgradbeta.h), CANN's
// documented formulas per row of dy, x [B*S, H] (H the row length in UB; the sums run over originalH elements),
// variance and mean [B*S], gamma [H]; computed in float (half widened), rounded once to T:
//   rstd = (var + eps)^-0.5,  pd_xl = dy * gamma
//   pd_var  = sum(-0.5 * pd_xl * (x - mean) * rstd^3)
//   pd_mean = sum(-pd_xl * rstd) + pd_var / H * sum(-2 * (x - mean))
//   pdX = pd_xl * rstd + pd_var * 2 / H * (x - mean) + pd_mean / H,  resForGamma = (x - mean) * rstd
//   LayerNormGradBeta: pdGamma[h] = sum over rows of dy * resForGamma, pdBeta[h] = sum over rows of dy.
// 1/H and 2/H are the tiling's lastDimValueBack/lastDimValueBackMulTwo. The device sums with the vector unit's
// pairwise adds in float; here sums run in order in float, so the last bits may differ.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "kernel_tiling/layernorm_grad_tiling.h"
#include "opkit/sim/shape_info.h"
#include "opkit/sim/tensor.h"
#include "opkit/sim/vec/common.h"

namespace AscendC {

struct LayerNormGradShapeInfo {
  DataFormat dataFormat = DataFormat::ND;
};

}  // namespace AscendC

namespace opkit::sim::detail {

inline float tiling_float(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

template <typename T>
void layernorm_grad(const AscendC::LocalTensor<T>& pd_x, const AscendC::LocalTensor<T>& res_gamma,
                    const AscendC::LocalTensor<T>& dy, const AscendC::LocalTensor<T>& x,
                    const AscendC::LocalTensor<T>& var, const AscendC::LocalTensor<T>& mean,
                    const AscendC::LocalTensor<T>& gamma, T epsilon, const AscendC::tiling::LayerNormGradTiling& t,
                    const SourceLoc& where) {
  static_assert(one_of_v<T, half, float>, "LayerNormGrad: T must be half or float");
  const char* api = "LayerNormGrad";
  const uint64_t rows = uint64_t(t.bLength) * t.sLength, h = t.hLength, oh = t.originalHLength;
  if (rows == 0 || h == 0 || oh == 0 || oh > h) {
    fault(api, cat("the tiling's B ", t.bLength, ", S ", t.sLength, ", H ", h, ", originalH ", oh,
                   " are not a shape (was GetLayerNormGradNDTilingInfo called?)"), where);
  }
  require_ub_operand(api, "inputDy", dy, rows * h * sizeof(T), where);
  require_ub_operand(api, "inputX", x, rows * h * sizeof(T), where);
  require_ub_operand(api, "inputVariance", var, rows * sizeof(T), where);
  require_ub_operand(api, "inputMean", mean, rows * sizeof(T), where);
  require_ub_operand(api, "inputGamma", gamma, h * sizeof(T), where);
  require_ub_operand(api, "outputPdX", pd_x, rows * h * sizeof(T), where);
  require_ub_operand(api, "resForGamma", res_gamma, rows * h * sizeof(T), where);
  const float inv_h = tiling_float(t.lastDimValueBack), two_h = tiling_float(t.lastDimValueBackMulTwo);
  const float eps = static_cast<float>(epsilon);
  std::vector<float> pd_xl(h), xm(h);
  for (uint64_t r = 0; r < rows; ++r) {
    const float rstd = 1.0f / std::sqrt(static_cast<float>(var.opkit_addr[r]) + eps);
    const float m = static_cast<float>(mean.opkit_addr[r]);
    float s_var = 0, s_mean = 0, s_xm = 0;
    for (uint64_t i = 0; i < h; ++i) {
      pd_xl[i] = static_cast<float>(dy.opkit_addr[r * h + i]) * static_cast<float>(gamma.opkit_addr[i]);
      xm[i] = static_cast<float>(x.opkit_addr[r * h + i]) - m;
      if (i < oh) {
        s_var += -0.5f * pd_xl[i] * xm[i] * rstd * rstd * rstd;
        s_mean += -pd_xl[i] * rstd;
        s_xm += -2.0f * xm[i];
      }
    }
    const float pd_mean = s_mean + s_var * inv_h * s_xm;
    for (uint64_t i = 0; i < h; ++i) {
      pd_x.opkit_addr[r * h + i] = T(pd_xl[i] * rstd + s_var * two_h * xm[i] + pd_mean * inv_h);
      res_gamma.opkit_addr[r * h + i] = T(xm[i] * rstd);
    }
  }
}

template <typename T>
void layernorm_grad_beta(const AscendC::LocalTensor<T>& pd_gamma, const AscendC::LocalTensor<T>& pd_beta,
                         const AscendC::LocalTensor<T>& res_gamma, const AscendC::LocalTensor<T>& dy,
                         const AscendC::tiling::LayerNormGradBetaTiling& t, const SourceLoc& where) {
  static_assert(one_of_v<T, half, float>, "LayerNormGradBeta: T must be half or float");
  const char* api = "LayerNormGradBeta";
  const uint64_t rows = uint64_t(t.bLength) * t.sLength, h = t.hLength;
  if (rows == 0 || h == 0) {
    fault(api, cat("the tiling's B ", t.bLength, ", S ", t.sLength, ", H ", h,
                   " are not a shape (was GetLayerNormGradBetaNDTilingInfo called?)"), where);
  }
  require_ub_operand(api, "resForGamma", res_gamma, rows * h * sizeof(T), where);
  require_ub_operand(api, "inputDy", dy, rows * h * sizeof(T), where);
  require_ub_operand(api, "outputPdGamma", pd_gamma, h * sizeof(T), where);
  require_ub_operand(api, "outputPdBeta", pd_beta, h * sizeof(T), where);
  for (uint64_t i = 0; i < h; ++i) {
    float g = 0, b = 0;
    for (uint64_t r = 0; r < rows; ++r) {
      const float d = static_cast<float>(dy.opkit_addr[r * h + i]);
      g += d * static_cast<float>(res_gamma.opkit_addr[r * h + i]);
      b += d;
    }
    pd_gamma.opkit_addr[i] = T(g);
    pd_beta.opkit_addr[i] = T(b);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, bool isReuseSource = false>
void LayerNormGrad(const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                   const LocalTensor<T>& inputX, const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
                   const LocalTensor<T>& inputGamma, LocalTensor<uint8_t>& sharedTmpBuffer, T epsilon,
                   LayerNormGradTiling& tiling, const LayerNormGradShapeInfo& shapeInfo = {}, OPKIT_SIM_HERE) {
  (void)shapeInfo;
  opkit::sim::detail::require_ub_operand("LayerNormGrad", "sharedTmpBuffer", sharedTmpBuffer, 1, where);
  opkit::sim::detail::layernorm_grad<T>(outputPdX, resForGamma, inputDy, inputX, inputVariance, inputMean, inputGamma,
                                        epsilon, tiling, where);
}
template <typename T, bool isReuseSource = false>
void LayerNormGrad(const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                   const LocalTensor<T>& inputX, const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
                   const LocalTensor<T>& inputGamma, T epsilon, LayerNormGradTiling& tiling,
                   const LayerNormGradShapeInfo& shapeInfo = {}, OPKIT_SIM_HERE) {
  (void)shapeInfo;
  opkit::sim::detail::layernorm_grad<T>(outputPdX, resForGamma, inputDy, inputX, inputVariance, inputMean, inputGamma,
                                        epsilon, tiling, where);
}

template <typename T, bool isReuseSource = false>
void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma, const LocalTensor<T>& outputPdBeta,
                       const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                       const LocalTensor<uint8_t>& sharedTmpBuffer, const LayerNormGradBetaTiling& tiling,
                       OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("LayerNormGradBeta", "sharedTmpBuffer", sharedTmpBuffer, 1, where);
  opkit::sim::detail::layernorm_grad_beta<T>(outputPdGamma, outputPdBeta, resForGamma, inputDy, tiling, where);
}
template <typename T, bool isReuseSource = false>
void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma, const LocalTensor<T>& outputPdBeta,
                       const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
                       LayerNormGradBetaTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::layernorm_grad_beta<T>(outputPdGamma, outputPdBeta, resForGamma, inputDy, tiling, where);
}

}  // namespace AscendC
