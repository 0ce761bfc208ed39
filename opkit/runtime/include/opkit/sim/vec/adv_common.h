// Shared plumbing of the advanced element-wise APIs (math, GLU activations): count and tmp-buffer checks, the
// float-compute loops, and the macro that declares CANN's overload set of a unary API.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/adv_tmp.h"
#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

// calCount must fit the source view (the device reads past it silently).
template <typename T>
uint64_t adv_count(const char* api, uint32_t count, const AscendC::LocalTensor<T>& src, const SourceLoc& where) {
  if (count > src.GetSize()) {
    fault(api, cat("calCount ", count, " is larger than srcTensor's ", src.GetSize(), " elements"), where);
  }
  return count;
}

// A sharedTmpBuffer must be a UB tensor at least as large as the host helper's minValue for this API and type.
inline void adv_tmp_check(const char* api, const AscendC::LocalTensor<uint8_t>& tmp, uint32_t min_bytes,
                          const SourceLoc& where) {
  require_ub_operand(api, "sharedTmpBuffer", tmp, 0, where);
  if (tmp.GetSize() < min_bytes) {
    fault(api, cat("sharedTmpBuffer holds ", tmp.GetSize(), " bytes but ", api, " needs at least ", min_bytes,
                   " bytes for this type (minValue of Get", api, "MaxMinTmpSize)"), where);
  }
}

// dst[i] = Fn::apply(src[i]) for i < n, computed in float (half widened) and rounded once to T.
template <typename Fn, typename T>
void adv_unary(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, uint64_t n,
               const SourceLoc& where) {
  require_ub_operand(api, "src", src, n * sizeof(T), where);
  require_ub_operand(api, "dst", dst, n * sizeof(T), where);
  T* d = dst.opkit_addr;
  const T* s = src.opkit_addr;
  for (uint64_t i = 0; i < n; ++i) d[i] = T(Fn::apply(static_cast<float>(s[i])));
}

// dst[i] = f(src0[i], src1[i]) for i < n, in float (integers as they are), rounded once.
template <typename T, typename F>
void adv_binary(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                const AscendC::LocalTensor<T>& src1, uint64_t n, const SourceLoc& where, F f) {
  require_ub_operand(api, "src0", src0, n * sizeof(T), where);
  require_ub_operand(api, "src1", src1, n * sizeof(T), where);
  require_ub_operand(api, "dst", dst, n * sizeof(T), where);
  T* d = dst.opkit_addr;
  const T* a = src0.opkit_addr;
  const T* b = src1.opkit_addr;
  using C = std::conditional_t<std::is_integral_v<T>, T, float>;
  for (uint64_t i = 0; i < n; ++i) d[i] = T(f(static_cast<C>(a[i]), static_cast<C>(b[i])));
}

}  // namespace opkit::sim::detail

// Declares CANN's overloads of a unary API `NAME` (template <typename T, bool isReuseSource = false>) computing
// opkit::sim::detail::FN in float for the types in TYPES; RULE is its opkit::sim::adv tmp rule. FULL adds the forms
// without calCount (whole srcTensor) that most math APIs have.
#define OPKIT_ADV_UNARY_COUNT(NAME, FN, RULE, ...)                                                              \
  template <typename T, bool isReuseSource = false>                                                            \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                  \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, OPKIT_SIM_HERE) {             \
    namespace d = opkit::sim::detail;                                                                          \
    static_assert(d::one_of_v<T, __VA_ARGS__>, #NAME ": T must be one of " #__VA_ARGS__);                     \
    d::adv_tmp_check(#NAME, sharedTmpBuffer, opkit::sim::adv::min_tmp(RULE, sizeof(T), isReuseSource), where); \
    d::adv_unary<d::FN>(#NAME, dstTensor, srcTensor, d::adv_count(#NAME, calCount, srcTensor, where), where);  \
  }                                                                                                            \
  template <typename T, bool isReuseSource = false>                                                            \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,          \
            OPKIT_SIM_HERE) {                                                                                  \
    namespace d = opkit::sim::detail;                                                                          \
    static_assert(d::one_of_v<T, __VA_ARGS__>, #NAME ": T must be one of " #__VA_ARGS__);                     \
    d::adv_unary<d::FN>(#NAME, dstTensor, srcTensor, d::adv_count(#NAME, calCount, srcTensor, where), where);  \
  }                                                                                                            \
  OPKIT_ADV_UNARY_BY_ADDRESS(NAME, (bool isReuseSource = false), (isReuseSource))

// CANN's exact type of the calCount form, `void (const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t)`, for
// code that takes the API's address (foreach's `ForeachTriangle<half, half, Atan<half, false>>`): chosen only there,
// by that type, since a direct call prefers the form with `where` (more specialized: one T for both tensors), so
// faults raised through it name the API but no kernel line. TPARAMS/TARGS: the API's flag parameters and their
// names, each in parentheses (they hold commas).
#define OPKIT_ADV_UNPAREN(...) __VA_ARGS__
#define OPKIT_ADV_UNARY_BY_ADDRESS(NAME, TPARAMS, TARGS)                                                     \
  template <typename T, OPKIT_ADV_UNPAREN TPARAMS, typename U = T>                                         \
  void NAME(const LocalTensor<U>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) {    \
    static_assert(std::is_same_v<U, T>, #NAME ": dstTensor and srcTensor must have the same element type"); \
    NAME<T, OPKIT_ADV_UNPAREN TARGS>(dstTensor, srcTensor, calCount, ::opkit::sim::detail::SourceLoc{});   \
  }

#define OPKIT_ADV_UNARY_WHOLE(NAME)                                                                            \
  template <typename T, bool isReuseSource = false>                                                            \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                  \
            const LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {                                      \
    NAME<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), where);                 \
  }                                                                                                            \
  template <typename T, bool isReuseSource = false>                                                            \
  void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, OPKIT_SIM_HERE) {                \
    NAME<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize(), where);                                  \
  }

#define OPKIT_ADV_UNARY_FULL(NAME, FN, RULE, ...) \
  OPKIT_ADV_UNARY_COUNT(NAME, FN, RULE, __VA_ARGS__) \
  OPKIT_ADV_UNARY_WHOLE(NAME)
