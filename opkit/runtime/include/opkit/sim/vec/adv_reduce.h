// Advanced reductions of Ascend C: Sum and Mean over the rows of [outter, inner] (first n elements of each row),
// ReduceSum/Max/Min/Mean/Prod/Any/All<T, Pattern::Reduce::AR|RA> over a 2-D srcShape, and ReduceXorSum.
// AR reduces each row (dst[a]), RA each column (dst[a] over r rows). With srcInnerPad the innermost axis is stored
// padded to whole 32 B blocks in UB (the only form 910B supports); without it rows are packed. Sums and means
// accumulate in float and round once to T (the device adds in T in a tree; half results can differ in the last
// bit). The simulator needs no scratch: sharedTmpBuffer is only checked to be a UB tensor.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "opkit/sim/vec/common.h"

namespace AscendC {

struct SumParams {
  uint32_t outter = 1;
  uint32_t inner = 0;  // n rounded up to whole 32 B blocks
  uint32_t n = 0;      // real elements per row
};

struct MeanParams {
  uint32_t outter = 1;
  uint32_t inner = 0;
  uint32_t n = 0;
};

namespace Pattern::Reduce {
struct AR {};
struct RA {};
}  // namespace Pattern::Reduce

}  // namespace AscendC

namespace opkit::sim::detail {

enum class ReduceOp { kSum, kMax, kMin, kMean, kProd, kAny, kAll };

inline const char* reduce_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum: return "ReduceSum";
    case ReduceOp::kMax: return "ReduceMax";
    case ReduceOp::kMin: return "ReduceMin";
    case ReduceOp::kMean: return "ReduceMean";
    case ReduceOp::kProd: return "ReduceProd";
    case ReduceOp::kAny: return "ReduceAny";
    default: return "ReduceAll";
  }
}

// Sum and Mean: dst[i] = sum (or mean) of src[i * inner .. + n).
template <typename T>
void rows_sum(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              uint32_t outter, uint32_t inner, uint32_t n, bool mean, const SourceLoc& where) {
  if (outter == 0 || n == 0) fault(api, cat("outter ", outter, " and n ", n, " must both be positive"), where);
  if (uint64_t(inner) * sizeof(T) % 32 != 0 || inner < n) {
    fault(api, cat("inner ", inner, " must be n (", n, ") rounded up to whole 32 B blocks: ",
                   (uint64_t(n) * sizeof(T) + 31) / 32 * 32 / sizeof(T)), where);
  }
  require_ub_operand(api, "srcTensor", src, uint64_t(outter) * inner * sizeof(T), where);
  require_ub_operand(api, "dstTensor", dst, uint64_t(outter) * sizeof(T), where);
  for (uint32_t i = 0; i < outter; ++i) {
    float s = 0.0f;
    for (uint32_t j = 0; j < n; ++j) s += static_cast<float>(src.opkit_addr[uint64_t(i) * inner + j]);
    dst.opkit_addr[i] = T(mean ? s / static_cast<float>(n) : s);
  }
}

template <typename T>
float reduce_fold(ReduceOp op, float acc, float v) {
  switch (op) {
    case ReduceOp::kMax: return (v != v || acc != acc) ? bits_float(0x7fc00000u) : (v > acc ? v : acc);
    case ReduceOp::kMin: return (v != v || acc != acc) ? bits_float(0x7fc00000u) : (v < acc ? v : acc);
    case ReduceOp::kProd: return acc * v;
    case ReduceOp::kAny: return (acc != 0.0f || v != 0.0f) ? 1.0f : 0.0f;
    case ReduceOp::kAll: return (acc != 0.0f && v != 0.0f) ? 1.0f : 0.0f;
    default: return acc + v;
  }
}

template <typename T, bool kRa>
void reduce_2d(ReduceOp op, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               const uint32_t* shape, bool inner_pad, const SourceLoc& where) {
  const char* api = reduce_name(op);
  if (shape == nullptr || shape[0] == 0 || shape[1] == 0) fault(api, "srcShape must hold two positive dims", where);
  const uint32_t outer = shape[0], inner = shape[1];
  const uint32_t stride = inner_pad ? uint32_t((uint64_t(inner) * sizeof(T) + 31) / 32 * 32 / sizeof(T)) : inner;
  require_ub_operand(api, "srcTensor", src, (uint64_t(outer - 1) * stride + inner) * sizeof(T), where);
  const uint32_t outs = kRa ? inner : outer, len = kRa ? outer : inner;
  require_ub_operand(api, "dstTensor", dst, uint64_t(outs) * sizeof(T), where);
  auto at = [&](uint32_t o, uint32_t i) {
    return static_cast<float>(kRa ? src.opkit_addr[uint64_t(i) * stride + o] : src.opkit_addr[uint64_t(o) * stride + i]);
  };
  std::vector<float> out(outs);  // every result before any store: dst may alias src
  for (uint32_t o = 0; o < outs; ++o) {
    float acc = at(o, 0);
    for (uint32_t i = 1; i < len; ++i) acc = reduce_fold<T>(op, acc, at(o, i));
    if (op == ReduceOp::kAny || op == ReduceOp::kAll) acc = reduce_fold<T>(op, acc, acc);
    out[o] = op == ReduceOp::kMean ? acc / static_cast<float>(len) : acc;
  }
  for (uint32_t o = 0; o < outs; ++o) dst.opkit_addr[o] = T(out[o]);
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const SumParams& sumParams, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Sum supports half and float");
  opkit::sim::detail::require_ub_operand("Sum", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::rows_sum("Sum", dstTensor, srcTensor, sumParams.outter, sumParams.inner, sumParams.n, false,
                               where);
}
template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SumParams& sumParams,
         OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Sum supports half and float");
  opkit::sim::detail::rows_sum("Sum", dstTensor, srcTensor, sumParams.outter, sumParams.inner, sumParams.n, false,
                               where);
}

template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
          const MeanParams& meanParams, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Mean supports half and float");
  opkit::sim::detail::require_ub_operand("Mean", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::rows_sum("Mean", dstTensor, srcTensor, meanParams.outter, meanParams.inner, meanParams.n, true,
                               where);
}
template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const MeanParams& meanParams,
          OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Mean supports half and float");
  opkit::sim::detail::rows_sum("Mean", dstTensor, srcTensor, meanParams.outter, meanParams.inner, meanParams.n, true,
                               where);
}

#define OPKIT_ADV_REDUCE(NAME, OP, TYPES_OK, TYPES_TEXT)                                                             \
  template <class T, class pattern, bool isReuseSource = false>                                                     \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                       \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t srcShape[], bool srcInnerPad,              \
            OPKIT_SIM_HERE) {                                                                                       \
    static_assert(TYPES_OK, #NAME " supports " TYPES_TEXT);                                                         \
    static_assert(std::is_same_v<pattern, Pattern::Reduce::AR> || std::is_same_v<pattern, Pattern::Reduce::RA>,    \
                  #NAME ": pattern is Pattern::Reduce::AR or Pattern::Reduce::RA");                                 \
    opkit::sim::detail::require_ub_operand(#NAME, "sharedTmpBuffer", sharedTmpBuffer, 0, where);                    \
    opkit::sim::detail::reduce_2d<T, std::is_same_v<pattern, Pattern::Reduce::RA>>(                                 \
        opkit::sim::detail::ReduceOp::OP, dstTensor, srcTensor, srcShape, srcInnerPad, where);                     \
  }                                                                                                                 \
  template <class T, class pattern, bool isReuseSource = false>                                                     \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t srcShape[],           \
            bool srcInnerPad, OPKIT_SIM_HERE) {                                                                     \
    static_assert(TYPES_OK, #NAME " supports " TYPES_TEXT);                                                         \
    static_assert(std::is_same_v<pattern, Pattern::Reduce::AR> || std::is_same_v<pattern, Pattern::Reduce::RA>,    \
                  #NAME ": pattern is Pattern::Reduce::AR or Pattern::Reduce::RA");                                 \
    opkit::sim::detail::reduce_2d<T, std::is_same_v<pattern, Pattern::Reduce::RA>>(                                 \
        opkit::sim::detail::ReduceOp::OP, dstTensor, srcTensor, srcShape, srcInnerPad, where);                     \
  }

#define OPKIT_HALF_FLOAT (opkit::sim::detail::one_of_v<T, half, float>)
OPKIT_ADV_REDUCE(ReduceSum, kSum, OPKIT_HALF_FLOAT, "half and float")
OPKIT_ADV_REDUCE(ReduceMax, kMax, OPKIT_HALF_FLOAT, "half and float")
OPKIT_ADV_REDUCE(ReduceMin, kMin, OPKIT_HALF_FLOAT, "half and float")
OPKIT_ADV_REDUCE(ReduceMean, kMean, OPKIT_HALF_FLOAT, "half and float")
OPKIT_ADV_REDUCE(ReduceProd, kProd, (std::is_same_v<T, float>), "float")
OPKIT_ADV_REDUCE(ReduceAny, kAny, (opkit::sim::detail::one_of_v<T, uint8_t, float>), "uint8_t and float")
OPKIT_ADV_REDUCE(ReduceAll, kAll, (opkit::sim::detail::one_of_v<T, uint8_t, float>), "uint8_t and float")
#undef OPKIT_HALF_FLOAT
#undef OPKIT_ADV_REDUCE

// dst[0] = sum over calCount of (src0 ^ src1), saturated to int16.
template <typename T, bool isReuseSource = false>
void ReduceXorSum(LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
                  const uint32_t calCount, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, int16_t>, "ReduceXorSum supports int16_t");
  namespace d = opkit::sim::detail;
  d::require_ub_operand("ReduceXorSum", "src0Tensor", src0Tensor, uint64_t(calCount) * sizeof(T), where);
  d::require_ub_operand("ReduceXorSum", "src1Tensor", src1Tensor, uint64_t(calCount) * sizeof(T), where);
  d::require_ub_operand("ReduceXorSum", "dstTensor", dstTensor, sizeof(T), where);
  int64_t s = 0;
  for (uint32_t i = 0; i < calCount; ++i) s += int16_t(src0Tensor.opkit_addr[i] ^ src1Tensor.opkit_addr[i]);
  dstTensor.opkit_addr[0] = T(s > 32767 ? 32767 : s < -32768 ? -32768 : s);
}
template <typename T, bool isReuseSource = false>
void ReduceXorSum(LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
                  LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("ReduceXorSum", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  ReduceXorSum<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, calCount, where);
}

}  // namespace AscendC
