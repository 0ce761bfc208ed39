// SoftmaxFlashV3 (CANN's softmaxflashv3.h, the Softmax PASA algorithm) over src [srcM, srcK], T = half, U = float, as
// CANN's pseudo-code documents it (scalar = alpha / (1 - alpha), splitMeanCnt = 8, baseK = srcK / 8):
//   rowMeanLocal[j] = the sum of group j / baseK, group j being, of the first 512 elements, [64j, 64j + 64), and of
//     each further 64, elements [8j, 8j + 8) (the device's BlockReduceSum order); rowMeanGlobal = mean of the row;
//   src' = src - (rowMeanGlobal - rowMeanLocal[j]) * scalar over the j-th contiguous baseK elements;
//   isUpdate false: mean = rowMeanGlobal, max = max(src'), dst = exp(src' - max), sum = sum(dst);
//   isUpdate true: mean = (rowMeanGlobal + inMean * (loopCnt - 1)) / loopCnt, shiftCurr = (rowMeanGlobal - mean) *
//     scalar, shiftPrev = (inMean - mean) * scalar, max = max(shiftCurr + max(src'), shiftPrev + inMax),
//     dst = exp(src' - (max - shiftCurr)), expMax = exp(inMax - max + shiftPrev), sum = expMax * inSum + sum(dst).
// Float arithmetic; dst and expMax rounded to half once. mean/sum/max rows are one 32 B block of 8 equal floats,
// expMax one block of 16 equal halves (written only with isUpdate). Outputs may alias their inputs (src/dst,
// mean/inMean, sum/inSum, max/inMax), as CANN allows. CANN's limits fault: srcK >= 512 and a multiple of 64, srcM a
// multiple of 8, splitMeanCnt 8, srcM/srcK equal to oriSrcM/oriSrcK, loopCnt >= 1.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/softmax.h"

namespace AscendC {

struct SoftMaxParams {
  uint32_t srcM{0};
  uint32_t srcK{0};
  uint32_t oriSrcM{0};
  uint32_t oriSrcK{0};
  uint32_t loopCnt{1};
  uint32_t splitMeanCnt{8};
  float alpha{0.9375};
};

}  // namespace AscendC

namespace opkit::sim::detail {

template <typename T, typename U, bool kUpdate>
void softmax_flash_v3(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& mean_t,
                      const AscendC::LocalTensor<U>& sum_t, const AscendC::LocalTensor<U>& max_t,
                      const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& exp_max_t,
                      const AscendC::LocalTensor<U>& in_mean, const AscendC::LocalTensor<U>& in_sum,
                      const AscendC::LocalTensor<U>& in_max, const AscendC::SoftMaxParams& p, const SourceLoc& where) {
  static_assert(std::is_same_v<T, half>, "SoftmaxFlashV3: T must be half (CANN's only type)");
  static_assert(std::is_same_v<U, float>, "SoftmaxFlashV3: U must be float (CANN's only type)");
  const char* api = "SoftmaxFlashV3";
  const uint32_t m = p.srcM, k = p.srcK;
  if (k < 512 || k % 64 != 0 || m == 0 || m % 8 != 0) {
    fault(api, cat("params srcM ", m, ", srcK ", k, ": CANN needs srcK >= 512 and a multiple of 64, srcM a positive ",
                   "multiple of 8"), where);
  }
  if (p.splitMeanCnt != 8) fault(api, cat("params.splitMeanCnt is ", p.splitMeanCnt, "; CANN supports only 8"), where);
  if (p.oriSrcM != m || p.oriSrcK != k) {
    fault(api, cat("params oriSrcM/oriSrcK (", p.oriSrcM, ", ", p.oriSrcK, ") differ from srcM/srcK (", m, ", ", k,
                   "): CANN supports only the aligned case"), where);
  }
  if (kUpdate && p.loopCnt < 1) fault(api, "params.loopCnt must be at least 1 with isUpdate", where);
  require_ub_operand(api, "srcTensor", src, uint64_t(m) * k * 2, where);
  require_ub_operand(api, "dstTensor", dst, uint64_t(m) * k * 2, where);
  for (const auto* t : {&mean_t, &sum_t, &max_t}) require_ub_operand(api, "meanTensor/expSumTensor/maxTensor", *t, m * 32ull, where);
  if (kUpdate) {
    for (const auto* t : {&in_mean, &in_sum, &in_max}) {
      require_ub_operand(api, "inMeanTensor/inExpSumTensor/inMaxTensor", *t, m * 32ull, where);
    }
    require_ub_operand(api, "expMaxTensor", exp_max_t, m * 32ull, where);
  }
  const float scalar = p.alpha / (1.0f - p.alpha);
  const uint32_t base_k = k / 8;
  std::vector<float> x(k);
  for (uint32_t r = 0; r < m; ++r) {
    for (uint32_t i = 0; i < k; ++i) x[i] = static_cast<float>(src.opkit_addr[uint64_t(r) * k + i]);
    float group[8] = {};
    for (uint32_t i = 0; i < k; ++i) group[i < 512 ? i / 64 : (i - 512) % 64 / 8] += x[i];
    float local[8], global = 0;
    for (int j = 0; j < 8; ++j) global += (local[j] = group[j] / float(base_k));
    global /= 8;
    float row_max = -INFINITY;
    for (uint32_t i = 0; i < k; ++i) row_max = std::max(row_max, x[i] -= (global - local[i / base_k]) * scalar);
    float mean = global, max = row_max, shift_curr = 0, exp_max = 0, in_s = 0;
    if constexpr (kUpdate) {
      const float im = in_mean.opkit_addr[uint64_t(r) * 8], ix = in_max.opkit_addr[uint64_t(r) * 8];
      in_s = in_sum.opkit_addr[uint64_t(r) * 8];
      mean = (global + im * float(p.loopCnt - 1)) / float(p.loopCnt);
      shift_curr = (global - mean) * scalar;
      const float shift_prev = (im - mean) * scalar;
      max = std::max(shift_curr + row_max, shift_prev + ix);
      exp_max = std::exp(ix - max + shift_prev);
    }
    float sum = 0;
    for (uint32_t i = 0; i < k; ++i) {
      const float e = std::exp(x[i] - (max - shift_curr));
      sum += e;
      dst.opkit_addr[uint64_t(r) * k + i] = T(e);
    }
    if constexpr (kUpdate) sum = exp_max * in_s + sum;
    for (uint32_t j = 0; j < 8; ++j) {
      mean_t.opkit_addr[uint64_t(r) * 8 + j] = mean;
      sum_t.opkit_addr[uint64_t(r) * 8 + j] = sum;
      max_t.opkit_addr[uint64_t(r) * 8 + j] = max;
    }
    if constexpr (kUpdate) {
      for (uint32_t j = 0; j < 16; ++j) exp_max_t.opkit_addr[uint64_t(r) * 16 + j] = T(exp_max);
    }
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_SFV3_TEMPLATE                                                                                    \
  template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, \
            bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>

OPKIT_SFV3_TEMPLATE
void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor,
                    const LocalTensor<U>& expSumTensor, const LocalTensor<U>& maxTensor,
                    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                    const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                    const LocalTensor<U>& inMaxTensor, const SoftMaxTiling& tiling, const SoftMaxParams& params,
                    OPKIT_SIM_HERE) {
  static_assert(!isDataFormatNZ, "SoftmaxFlashV3: isDataFormatNZ is reserved (false)");
  (void)tiling;
  opkit::sim::detail::softmax_flash_v3<T, U, isUpdate>(dstTensor, meanTensor, expSumTensor, maxTensor, srcTensor,
                                                       expMaxTensor, inMeanTensor, inExpSumTensor, inMaxTensor, params,
                                                       where);
}

OPKIT_SFV3_TEMPLATE
void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor,
                    const LocalTensor<U>& expSumTensor, const LocalTensor<U>& maxTensor,
                    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                    const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                    const LocalTensor<U>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxParams& params, OPKIT_SIM_HERE) {
  static_assert(!isDataFormatNZ, "SoftmaxFlashV3: isDataFormatNZ is reserved (false)");
  (void)tiling;
  opkit::sim::detail::require_ub_operand("SoftmaxFlashV3", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::softmax_flash_v3<T, U, isUpdate>(dstTensor, meanTensor, expSumTensor, maxTensor, srcTensor,
                                                       expMaxTensor, inMeanTensor, inExpSumTensor, inMaxTensor, params,
                                                       where);
}

#undef OPKIT_SFV3_TEMPLATE

}  // namespace AscendC
