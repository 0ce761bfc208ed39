// LayerNorm's [A, R] form and Normalize (CANN's layernorm.h / normalize.h), per row a of inputX [A, rLengthWithPadding]
// over its first rLength elements, in float:
//   LayerNorm: mean = sum(x) / R, var = sum((x - mean)^2) / R (biased), rstd = 1 / sqrt(var + eps),
//              y = (x - mean) * rstd * gamma + beta; writes outputMean and outputRstd (the variance instead when
//              config.isOutputRstd is false, which CANN allows on the 950 only);
//   Normalize: the same y and rstd from the given inputMean and inputVariance.
// isNoGamma / isNoBeta drop gamma / beta; isOnlyOutput must be false (CANN supports only that). y's padding columns
// (R..rLengthWithPadding) are not written. T (x, y) is half or float, U (gamma, beta) half or float; mean, rstd and
// variance are float. The tiling's aLength/rLength, when set, must match para's. sharedTmpBuffer is not used.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "kernel_tiling/layernorm_separate_tiling.h"
#include "lib/utils/reduce_pattern.h"
#include "opkit/sim/vec/common.h"

namespace AscendC {

struct LayerNormConfig {
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
  bool isOutputRstd = true;
};
inline constexpr LayerNormConfig LNCFG_NORM = {false, false, false, true};

struct LayerNormPara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};

struct NormalizeConfig {
  ReducePattern reducePattern = ReducePattern::AR;
  int32_t aLength = -1;
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
};
inline constexpr NormalizeConfig NLCFG_NORM = {ReducePattern::AR, -1, false, false, false};
inline constexpr NormalizeConfig NLCFG_NOBETA = {ReducePattern::AR, -1, true, false, false};
inline constexpr NormalizeConfig NLCFG_NOGAMMA = {ReducePattern::AR, -1, false, true, false};
inline constexpr NormalizeConfig NLCFG_NOOPT = {ReducePattern::AR, -1, true, true, false};

struct NormalizePara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};

}  // namespace AscendC

namespace opkit::sim::detail {

// Shared by both APIs: `stats` gives the row's mean and variance (computed, or read from the inputs).
template <typename U, typename T, bool kNoGamma, bool kNoBeta, typename Stats>
void ar_norm(const char* api, const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<float>& out_rstd,
             bool write_var, const AscendC::LocalTensor<T>& x, const AscendC::LocalTensor<U>& gamma,
             const AscendC::LocalTensor<U>& beta, float eps, uint32_t a, uint32_t r, uint32_t r_pad, Stats stats,
             const SourceLoc& where) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "T (inputX, output) must be half or float");
  static_assert(std::is_same_v<U, half> || std::is_same_v<U, float>, "U (gamma, beta) must be half or float");
  if (a == 0 || r == 0 || r > r_pad || (uint64_t(r_pad) * sizeof(T)) % 32 != 0) {
    fault(api, cat("para {aLength ", a, ", rLength ", r, ", rLengthWithPadding ", r_pad,
                   "}: A and R must be positive, R <= rLengthWithPadding, and that a multiple of 32 B"), where);
  }
  require_ub_operand(api, "inputX", x, uint64_t(a) * r_pad * sizeof(T), where);
  require_ub_operand(api, "output", out, uint64_t(a) * r_pad * sizeof(T), where);
  require_ub_operand(api, "outputRstd", out_rstd, uint64_t(a) * 4, where);
  if (!kNoGamma) require_ub_operand(api, "gamma", gamma, uint64_t(r) * sizeof(U), where);
  if (!kNoBeta) require_ub_operand(api, "beta", beta, uint64_t(r) * sizeof(U), where);
  for (uint32_t i = 0; i < a; ++i) {
    float mean = 0, var = 0;
    stats(i, mean, var);
    const float rstd = 1.0f / std::sqrt(var + eps);
    for (uint32_t j = 0; j < r; ++j) {
      float y = (static_cast<float>(x.opkit_addr[uint64_t(i) * r_pad + j]) - mean) * rstd;
      if (!kNoGamma) y *= static_cast<float>(gamma.opkit_addr[j]);
      if (!kNoBeta) y += static_cast<float>(beta.opkit_addr[j]);
      out.opkit_addr[uint64_t(i) * r_pad + j] = T(y);
    }
    out_rstd.opkit_addr[i] = write_var ? var : rstd;
  }
}

template <typename U, typename T, const AscendC::LayerNormConfig& kCfg>
void layernorm_ar(const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<float>& out_mean,
                  const AscendC::LocalTensor<float>& out_rstd, const AscendC::LocalTensor<T>& x,
                  const AscendC::LocalTensor<U>& gamma, const AscendC::LocalTensor<U>& beta, float eps,
                  const AscendC::LayerNormPara& para, const AscendC::tiling::LayerNormSeparateTiling& tiling,
                  const SourceLoc& where) {
  const char* api = "LayerNorm";
  static_assert(!kCfg.isOnlyOutput, "LayerNorm: config.isOnlyOutput must be false (CANN supports only that)");
  if ((tiling.aLength != 0 && tiling.aLength != para.aLength) || (tiling.rLength != 0 && tiling.rLength != para.rLength)) {
    fault(api, cat("the tiling was made for [", tiling.aLength, ", ", tiling.rLength, "] but para is [", para.aLength,
                   ", ", para.rLength, "]"), where);
  }
  require_ub_operand(api, "outputMean", out_mean, uint64_t(para.aLength) * 4, where);
  const uint32_t r = para.rLength, r_pad = para.rLengthWithPadding;
  const auto stats = [&](uint32_t i, float& mean, float& var) {
    const T* row = x.opkit_addr + uint64_t(i) * r_pad;
    double s = 0, q = 0;
    for (uint32_t j = 0; j < r; ++j) s += static_cast<float>(row[j]);
    mean = static_cast<float>(s / r);
    for (uint32_t j = 0; j < r; ++j) {
      const double dx = static_cast<double>(static_cast<float>(row[j])) - mean;
      q += dx * dx;
    }
    var = static_cast<float>(q / r);
    out_mean.opkit_addr[i] = mean;
  };
  ar_norm<U, T, kCfg.isNoGamma, kCfg.isNoBeta>(api, out, out_rstd, !kCfg.isOutputRstd, x, gamma, beta, eps,
                                               para.aLength, r, r_pad, stats, where);
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean, const LocalTensor<float>& outputRstd,
               const LocalTensor<T>& inputX, const LocalTensor<U>& gamma, const LocalTensor<U>& beta,
               const float epsilon, const LayerNormPara& para, const LayerNormSeparateTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::layernorm_ar<U, T, config>(output, outputMean, outputRstd, inputX, gamma, beta, epsilon, para,
                                                 tiling, where);
}

template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean, const LocalTensor<float>& outputRstd,
               const LocalTensor<T>& inputX, const LocalTensor<U>& gamma, const LocalTensor<U>& beta,
               const float epsilon, const LocalTensor<uint8_t>& sharedTmpBuffer, const LayerNormPara& para,
               const LayerNormSeparateTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("LayerNorm", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::layernorm_ar<U, T, config>(output, outputMean, outputRstd, inputX, gamma, beta, epsilon, para,
                                                 tiling, where);
}

template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd, const LocalTensor<float>& inputMean,
               const LocalTensor<float>& inputVariance, const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
               const LocalTensor<U>& beta, const float epsilon, const NormalizePara& para, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(config.reducePattern == ReducePattern::AR, "Normalize: config.reducePattern must be AR");
  static_assert(!config.isOnlyOutput, "Normalize: config.isOnlyOutput must be false (CANN supports only that)");
  if (config.aLength != -1 && uint32_t(config.aLength) != para.aLength) {
    d::fault("Normalize", d::cat("config.aLength ", config.aLength, " differs from para.aLength ", para.aLength), where);
  }
  d::require_ub_operand("Normalize", "inputMean", inputMean, uint64_t(para.aLength) * 4, where);
  d::require_ub_operand("Normalize", "inputVariance", inputVariance, uint64_t(para.aLength) * 4, where);
  const auto stats = [&](uint32_t i, float& mean, float& var) {
    mean = inputMean.opkit_addr[i];
    var = inputVariance.opkit_addr[i];
  };
  d::ar_norm<U, T, config.isNoGamma, config.isNoBeta>("Normalize", output, outputRstd, false, inputX, gamma, beta,
                                                      epsilon, para.aLength, para.rLength, para.rLengthWithPadding,
                                                      stats, where);
}

template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd, const LocalTensor<float>& inputMean,
               const LocalTensor<float>& inputVariance, const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
               const LocalTensor<U>& beta, const LocalTensor<uint8_t>& sharedTmpBuffer, const float epsilon,
               const NormalizePara& para, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("Normalize", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  Normalize<U, T, isReuseSource, config>(output, outputRstd, inputMean, inputVariance, inputX, gamma, beta, epsilon,
                                         para, where);
}

}  // namespace AscendC
