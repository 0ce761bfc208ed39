// WelfordUpdate and WelfordFinalize (CANN's adv_api/normalization/layernorm.h, welfordfinalize.h): the online
// mean/variance of Welford's algorithm, one step per call, then the merge of the partial results, in float.
//   WelfordUpdate(outMean, outVar, inMean, inVar, x, para), for i < abComputeLength (rnLength must be 1):
//     d = x[i] - inMean[i];  outMean[i] = inMean[i] + d * nRec;  outVar[i] = inVar[i] + d * (x[i] - outMean[i])
//     (outVar is the running sum of squared deviations, M2); with config.isInplace, elements [abComputeLength,
//     abLength) are copied from inMean/inVar, otherwise left as they are.
//   WelfordFinalize(outMean, outVar, mean, var, [counts,] para): lane i of abLength holds the partial mean and M2 of
//     n_i elements: n_i = counts[i], else headCount for i < headCountLength and tailCount after (tailCount 0:
//     rnLength for all). outMean[0] = sum mean_i * w_i with w_i = n_i * rRec (abRec when every n_i is rnLength);
//     outVar[0] = sum (var_i + n_i * (mean_i - outMean[0])^2) * rRec (rRecWithCorrection with config.isCorrection);
//     outMean[1..7] and outVar[1..7] are set to 0, as CANN's 8-element output block has them.
// CANN accumulates with the vector unit's pairwise sums; here the sums run in order in double, rounded once.
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/tensor.h"
#include "opkit/sim/vec/common.h"

namespace AscendC {

struct WelfordUpdateConfig {
  constexpr WelfordUpdateConfig(const bool isInplaceIn) : isInplace(isInplaceIn) {}
  bool isInplace = false;
};
constexpr WelfordUpdateConfig WFUPDATE_DEFAULT_CFG = {false};

struct WelfordUpdateParam {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t abComputeLength;
  float nRec;
};

struct WelfordFinalizeConfig {
  constexpr WelfordFinalizeConfig(const bool isCorrectionIn) : isCorrection(isCorrectionIn) {}
  bool isCorrection = false;
};
constexpr WelfordFinalizeConfig WFFINALIZE_DEFAULT_CFG = {false};

struct WelfordFinalizePara {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t headCount;
  uint32_t headCountLength;
  uint32_t tailCount;
  uint32_t tailCountLength;
  float abRec;
  float rRec;
  float rRecWithCorrection;
};

}  // namespace AscendC

namespace opkit::sim::detail {

template <typename T, typename U, bool inplace>
void welford_update(const AscendC::LocalTensor<U>& out_mean, const AscendC::LocalTensor<U>& out_var,
                    const AscendC::LocalTensor<U>& in_mean, const AscendC::LocalTensor<U>& in_var,
                    const AscendC::LocalTensor<T>& x, const AscendC::WelfordUpdateParam& p, const SourceLoc& where) {
  static_assert(one_of_v<T, half, float>, "WelfordUpdate: inputX must be half or float");
  static_assert(std::is_same_v<U, float>, "WelfordUpdate: mean and variance must be float");
  const char* api = "WelfordUpdate";
  if (p.rnLength != 1) fault(api, cat("para.rnLength is ", p.rnLength, "; it must be 1"), where);
  if (p.abComputeLength == 0 || p.abComputeLength > p.abLength) {
    fault(api, cat("para.abComputeLength ", p.abComputeLength, " is outside [1, abLength ", p.abLength, "]"), where);
  }
  if (p.abLength * sizeof(T) % 32 != 0) {
    fault(api, cat("para.abLength ", p.abLength, " x ", sizeof(T), " bytes is not a multiple of 32 bytes"), where);
  }
  const uint64_t n = p.abLength;
  require_ub_operand(api, "inputX", x, n * sizeof(T), where);
  require_ub_operand(api, "inputMean", in_mean, n * 4, where);
  require_ub_operand(api, "inputVariance", in_var, n * 4, where);
  require_ub_operand(api, "outputMean", out_mean, n * 4, where);
  require_ub_operand(api, "outputVariance", out_var, n * 4, where);
  for (uint64_t i = 0; i < p.abComputeLength; ++i) {
    const float xv = static_cast<float>(x.opkit_addr[i]);
    const float m = in_mean.opkit_addr[i], v = in_var.opkit_addr[i];
    const float d = xv - m;
    const float nm = m + d * p.nRec;
    out_mean.opkit_addr[i] = nm;
    out_var.opkit_addr[i] = v + d * (xv - nm);
  }
  if constexpr (inplace) {
    for (uint64_t i = p.abComputeLength; i < n; ++i) {
      out_mean.opkit_addr[i] = in_mean.opkit_addr[i];
      out_var.opkit_addr[i] = in_var.opkit_addr[i];
    }
  }
}

template <bool correction>
void welford_finalize(const AscendC::LocalTensor<float>& out_mean, const AscendC::LocalTensor<float>& out_var,
                      const AscendC::LocalTensor<float>& mean, const AscendC::LocalTensor<float>& var,
                      const AscendC::LocalTensor<int32_t>* counts, const AscendC::WelfordFinalizePara& p,
                      const SourceLoc& where) {
  const char* api = "WelfordFinalize";
  const uint64_t n = p.abLength;
  if (n == 0 || n % 8 != 0) fault(api, cat("para.abLength ", n, " is not a positive multiple of 8 (32 bytes)"), where);
  if (counts == nullptr && p.tailCountLength != 0 && p.tailCount == 0) {
    fault(api, "para.tailCount is 0 but para.tailCountLength is not", where);
  }
  require_ub_operand(api, "inputMean", mean, n * 4, where);
  require_ub_operand(api, "inputVariance", var, n * 4, where);
  if (counts != nullptr) require_ub_operand(api, "counts", *counts, n * 4, where);
  require_ub_operand(api, "outputMean", out_mean, 32, where);
  require_ub_operand(api, "outputVariance", out_var, 32, where);
  const bool tail = counts == nullptr && p.tailCountLength != 0 && p.tailCount != 0;
  const auto count = [&](uint64_t i) -> double {
    if (counts != nullptr) return counts->opkit_addr[i];
    if (!tail) return p.rnLength;
    return i < p.headCountLength ? p.headCount : p.tailCount;
  };
  double m = 0;
  for (uint64_t i = 0; i < n; ++i) {
    m += double(mean.opkit_addr[i]) * (counts == nullptr && !tail ? double(p.abRec) : count(i) * double(p.rRec));
  }
  const float mf = static_cast<float>(m);
  double s = 0;
  for (uint64_t i = 0; i < n; ++i) {
    const double dm = double(mean.opkit_addr[i]) - mf;
    s += double(var.opkit_addr[i]) + count(i) * dm * dm;
  }
  const double scale = correction ? p.rRecWithCorrection : p.rRec;
  for (int i = 0; i < 8; ++i) out_mean.opkit_addr[i] = out_var.opkit_addr[i] = 0.0f;
  out_mean.opkit_addr[0] = mf;
  out_var.opkit_addr[0] = static_cast<float>(s * scale);
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                   const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance, const LocalTensor<T>& inputX,
                   const WelfordUpdateParam& para, OPKIT_SIM_HERE) {
  opkit::sim::detail::welford_update<T, U, config.isInplace>(outputMean, outputVariance, inputMean, inputVariance,
                                                             inputX, para, where);
}
template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                   const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance, const LocalTensor<T>& inputX,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, const WelfordUpdateParam& para, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("WelfordUpdate", "sharedTmpBuffer", sharedTmpBuffer, 1, where);
  opkit::sim::detail::welford_update<T, U, config.isInplace>(outputMean, outputVariance, inputMean, inputVariance,
                                                             inputX, para, where);
}

template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, WelfordFinalizePara& para, OPKIT_SIM_HERE) {
  (void)sharedTmpBuffer;
  opkit::sim::detail::welford_finalize<config.isCorrection>(outputMean, outputVariance, inputMean, inputVariance,
                                                            nullptr, para, where);
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     const LocalTensor<int32_t>& counts, const LocalTensor<uint8_t>& sharedTmpBuffer,
                     WelfordFinalizePara& para, OPKIT_SIM_HERE) {
  (void)sharedTmpBuffer;
  opkit::sim::detail::welford_finalize<config.isCorrection>(outputMean, outputVariance, inputMean, inputVariance,
                                                            &counts, para, where);
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     WelfordFinalizePara& para, OPKIT_SIM_HERE) {
  opkit::sim::detail::welford_finalize<config.isCorrection>(outputMean, outputVariance, inputMean, inputVariance,
                                                            nullptr, para, where);
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     const LocalTensor<int32_t>& counts, WelfordFinalizePara& para, OPKIT_SIM_HERE) {
  opkit::sim::detail::welford_finalize<config.isCorrection>(outputMean, outputVariance, inputMean, inputVariance,
                                                            &counts, para, where);
}

}  // namespace AscendC
