// GroupNorm (CANN's groupnorm.h) over inputX [N, C, H*W padded to 32 B] with the tiling's n, c, hw, g, hwAlignSize:
// per (n, group of d = C/g channels), in float, mean = sum / (d*H*W), var = sum((x - mean)^2) / (d*H*W) (biased),
// y = (x - mean) / sqrt(var + eps) * gamma[c] + beta[c]; outputMean/outputVariance are [N, g] of T. The rows' padding
// is neither read nor written. T is half or float. sharedTmpBuffer is not used.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "kernel_tiling/groupnorm_tiling.h"
#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

template <typename T>
void groupnorm(const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<T>& out_mean,
               const AscendC::LocalTensor<T>& out_var, const AscendC::LocalTensor<T>& x,
               const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<T>& beta, T epsilon,
               const AscendC::tiling::GroupNormTiling& t, const SourceLoc& where) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "GroupNorm: T must be half or float");
  const char* api = "GroupNorm";
  const uint64_t n = t.n, c = t.c, hw = t.hw, g = t.g, row = t.hwAlignSize;
  if (n == 0 || c == 0 || hw == 0 || g == 0 || c % g != 0 || row < hw || (row * sizeof(T)) % 32 != 0) {
    fault(api, cat("the tiling's shape (n ", n, ", c ", c, ", hw ", hw, ", g ", g, ", hwAlignSize ", row,
                   ") is not one GetGroupNormNDTilingInfo makes"), where);
  }
  require_ub_operand(api, "inputX", x, n * c * row * sizeof(T), where);
  require_ub_operand(api, "output", out, n * c * row * sizeof(T), where);
  require_ub_operand(api, "outputMean", out_mean, n * g * sizeof(T), where);
  require_ub_operand(api, "outputVariance", out_var, n * g * sizeof(T), where);
  require_ub_operand(api, "gamma", gamma, c * sizeof(T), where);
  require_ub_operand(api, "beta", beta, c * sizeof(T), where);
  const uint64_t d = c / g;
  const float eps = static_cast<float>(epsilon);
  for (uint64_t i = 0; i < n; ++i)
    for (uint64_t k = 0; k < g; ++k) {
      double s = 0, q = 0;
      for (uint64_t ch = k * d; ch < (k + 1) * d; ++ch)
        for (uint64_t e = 0; e < hw; ++e) s += static_cast<float>(x.opkit_addr[(i * c + ch) * row + e]);
      const float mean = static_cast<float>(s / double(d * hw));
      for (uint64_t ch = k * d; ch < (k + 1) * d; ++ch)
        for (uint64_t e = 0; e < hw; ++e) {
          const double dx = static_cast<double>(static_cast<float>(x.opkit_addr[(i * c + ch) * row + e])) - mean;
          q += dx * dx;
        }
      const float var = static_cast<float>(q / double(d * hw)), rstd = 1.0f / std::sqrt(var + eps);
      for (uint64_t ch = k * d; ch < (k + 1) * d; ++ch) {
        const float gm = static_cast<float>(gamma.opkit_addr[ch]), bt = static_cast<float>(beta.opkit_addr[ch]);
        for (uint64_t e = 0; e < hw; ++e) {
          const uint64_t at = (i * c + ch) * row + e;
          out.opkit_addr[at] = T((static_cast<float>(x.opkit_addr[at]) - mean) * rstd * gm + bt);
        }
      }
      out_mean.opkit_addr[i * g + k] = T(mean);
      out_var.opkit_addr[i * g + k] = T(var);
    }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, bool isReuseSource = false>
void GroupNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon, GroupNormTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("GroupNorm", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::groupnorm(output, outputMean, outputVariance, inputX, gamma, beta, epsilon, tiling, where);
}

template <typename T, bool isReuseSource = false>
void GroupNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<T>& gamma, const LocalTensor<T>& beta,
               const T epsilon, GroupNormTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::groupnorm(output, outputMean, outputVariance, inputX, gamma, beta, epsilon, tiling, where);
}

}  // namespace AscendC
