// BatchNorm (CANN's batchnorm.h) over inputX [B, S*H] with the tiling's originalBLength (B) and meanVarSize (S*H):
// per position j of S*H, in float, mean[j] = sum_b x[b][j] / B, var[j] = sum_b (x[b][j] - mean[j])^2 / B (biased),
// y[b][j] = (x[b][j] - mean[j]) / sqrt(var[j] + eps) * gamma[b] + beta[b]; outputMean/outputVariance are [S*H] of T.
// inputX and output may be the same tensor, as CANN allows. T is half or float. sharedTmpBuffer is not used.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "kernel_tiling/batchnorm_tiling.h"
#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

template <typename T>
void batchnorm(const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<T>& out_mean,
               const AscendC::LocalTensor<T>& out_var, const AscendC::LocalTensor<T>& x,
               const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<T>& beta, T epsilon,
               const AscendC::tiling::BatchNormTiling& t, const SourceLoc& where) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "BatchNorm: T must be half or float");
  const char* api = "BatchNorm";
  const uint64_t b = t.originalBLength, sh = t.meanVarSize;
  if (b == 0 || sh == 0 || (sh * sizeof(T)) % 32 != 0) {
    fault(api, cat("the tiling's originalBLength ", b, " and meanVarSize (S*H) ", sh,
                   " are not ones GetBatchNormNDTilingInfo makes (S*H must fill whole 32 B blocks)"), where);
  }
  require_ub_operand(api, "inputX", x, b * sh * sizeof(T), where);
  require_ub_operand(api, "output", out, b * sh * sizeof(T), where);
  require_ub_operand(api, "outputMean", out_mean, sh * sizeof(T), where);
  require_ub_operand(api, "outputVariance", out_var, sh * sizeof(T), where);
  require_ub_operand(api, "gamm", gamma, b * sizeof(T), where);
  require_ub_operand(api, "beta", beta, b * sizeof(T), where);
  const float eps = static_cast<float>(epsilon);
  std::vector<float> col(b);
  for (uint64_t j = 0; j < sh; ++j) {
    double s = 0, q = 0;
    for (uint64_t i = 0; i < b; ++i) s += (col[i] = static_cast<float>(x.opkit_addr[i * sh + j]));
    const float mean = static_cast<float>(s / double(b));
    for (uint64_t i = 0; i < b; ++i) q += (double(col[i]) - mean) * (double(col[i]) - mean);
    const float var = static_cast<float>(q / double(b)), rstd = 1.0f / std::sqrt(var + eps);
    for (uint64_t i = 0; i < b; ++i) {
      out.opkit_addr[i * sh + j] = T((col[i] - mean) * rstd * static_cast<float>(gamma.opkit_addr[i]) +
                                     static_cast<float>(beta.opkit_addr[i]));
    }
    out_mean.opkit_addr[j] = T(mean);
    out_var.opkit_addr[j] = T(var);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
void BatchNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<T>& gamm, const LocalTensor<T>& beta,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon, BatchNormTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("BatchNorm", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::batchnorm(output, outputMean, outputVariance, inputX, gamm, beta, epsilon, tiling, where);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
void BatchNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<T>& gamm, const LocalTensor<T>& beta, const T epsilon,
               BatchNormTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::batchnorm(output, outputMean, outputVariance, inputX, gamm, beta, epsilon, tiling, where);
}

}  // namespace AscendC
