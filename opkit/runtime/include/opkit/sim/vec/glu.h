// Gated activations of Ascend C (lib/activation): GeGLU, SwiGLU, ReGlu, Swish and Silu, in float, rounded once to T.
//   GeGLU(x0, x1)        = x0 * x1 / (1 + exp(-1.5957691 * (x1 + 0.044715 x1^3)))   (Gelu's tanh form on x1)
//   SwiGLU(x0, x1, beta) = x0 * x1 / (1 + exp(-beta * x1))
//   ReGlu(x0, x1)        = x0 * max(x1, 0)
//   Swish(x, beta)       = x / (1 + exp(-beta * x)),  Silu(x) = Swish(x, 1)
// (CANN's docs and example goldens.) The sharedTmpBuffer forms check the buffer against the host minValue.
#pragma once

#include <cmath>
#include <cstdint>

#include "opkit/sim/vec/adv_common.h"

namespace opkit::sim::detail {

inline float gelu_tanh(float x) { return x / (1.0f + std::exp(-1.5957691f * (x + 0.044715f * x * x * x))); }
inline float swish(float x, float beta) { return x / (1.0f + std::exp(-beta * x)); }

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_GLU_BODY(NAME, RULE, EXPR)                                                                       \
  namespace d = opkit::sim::detail;                                                                          \
  static_assert(d::one_of_v<T, half, float>, #NAME ": T must be half or float");                             \
  if (tmp != nullptr) {                                                                                      \
    d::adv_tmp_check(#NAME, *tmp, ::opkit::sim::adv::min_tmp(RULE, sizeof(T), isReuseSource), where);        \
  }                                                                                                          \
  d::adv_binary(#NAME, dst, src0, src1, d::adv_count(#NAME, calCount, src0, where), where,                   \
                [&](float a, float b) { return EXPR; });

}  // namespace AscendC

namespace opkit::sim::detail {
template <typename T, bool isReuseSource>
void geglu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
           const LocalTensor<uint8_t>* tmp, uint32_t calCount, const SourceLoc& where) {
  OPKIT_GLU_BODY(GeGLU, ::opkit::sim::adv::kGeGLU, a * d::gelu_tanh(b))
}
template <typename T, bool isReuseSource>
void swiglu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, float beta,
            const LocalTensor<uint8_t>* tmp, uint32_t calCount, const SourceLoc& where) {
  OPKIT_GLU_BODY(SwiGLU, ::opkit::sim::adv::kSwiGLU, a * d::swish(b, beta))
}
template <typename T, bool isReuseSource>
void reglu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
           const LocalTensor<uint8_t>* tmp, uint32_t calCount, const SourceLoc& where) {
  OPKIT_GLU_BODY(ReGlu, ::opkit::sim::adv::kReGlu, a * (b > 0.0f ? b : 0.0f))
}
}  // namespace opkit::sim::detail

namespace AscendC {
#undef OPKIT_GLU_BODY

template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::geglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, calCount, where);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::geglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, nullptr, calCount, where);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           const LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  opkit::sim::detail::geglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, srcTensor0.GetSize(),
                                        where);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           OPKIT_SIM_HERE) {
  opkit::sim::detail::geglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, nullptr, srcTensor0.GetSize(), where);
}

// SwiGLU's dst (and, in the form without calCount or tmp, its sources) are non-const references in CANN.
template <typename T, bool isReuseSource = false>
void SwiGLU(LocalTensor<T>& dstTensor, LocalTensor<T>& srcTensor0, LocalTensor<T>& srcTensor1,
            const float& scalarValue, OPKIT_SIM_HERE) {
  opkit::sim::detail::swiglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, nullptr,
                                         srcTensor0.GetSize(), where);
}
template <typename T, bool isReuseSource = false>
void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
            const float& scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  opkit::sim::detail::swiglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, &sharedTmpBuffer,
                                         srcTensor0.GetSize(), where);
}
template <typename T, bool isReuseSource = false>
void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
            const float& scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
            OPKIT_SIM_HERE) {
  opkit::sim::detail::swiglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, &sharedTmpBuffer, calCount,
                                         where);
}
template <typename T, bool isReuseSource = false>
void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
            const float& scalarValue, const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::swiglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, nullptr, calCount, where);
}

template <typename T, bool isReuseSource = false>
void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::reglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, calCount, where);
}
template <typename T, bool isReuseSource = false>
void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::reglu<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, nullptr, calCount, where);
}

}  // namespace AscendC

namespace opkit::sim::detail {
template <typename T>
void swish(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t dataSize, float beta,
           const SourceLoc& where) {
  namespace d = opkit::sim::detail;
  static_assert(d::one_of_v<T, half, float>, "Swish/Silu: T must be half or float");
  const uint64_t n = d::adv_count(api, dataSize, src, where);
  d::require_ub_operand(api, "src", src, n * sizeof(T), where);
  d::require_ub_operand(api, "dst", dst, n * sizeof(T), where);
  for (uint64_t i = 0; i < n; ++i) dst.opkit_addr[i] = T(d::swish(static_cast<float>(src.opkit_addr[i]), beta));
}
}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, bool isReuseSource = false>
void Swish(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize, const T scalarValue,
           OPKIT_SIM_HERE) {
  opkit::sim::detail::swish("Swish", dstLocal, srcLocal, dataSize, static_cast<float>(scalarValue), where);
}

template <typename T, bool isReuseSource = false>
void Silu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize, OPKIT_SIM_HERE) {
  opkit::sim::detail::swish("Silu", dstLocal, srcLocal, dataSize, 1.0f, where);
}

}  // namespace AscendC
