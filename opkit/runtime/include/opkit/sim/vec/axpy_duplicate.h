// Axpy (dst += src * scalar, half->float accumulation too) and Duplicate (fill with a scalar), each in count form
// and mask/repeat form (continuous and bit mask). Split from elementwise.h, which includes this file.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/signature.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/ub_scratch.h"

namespace opkit::sim::detail {

template <typename T, typename U, typename M>
void axpy_masked(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, M mask,
                 const int32_t repeatTime, const AscendC::UnaryRepeatParams& params, bool isSetMask,
                 const SourceLoc& where) {
  // Mixed widths: a repeat holds as many slots as the wider (dst) operand has in 256 B.
  const MaskPlan p = plan_mask("Axpy", kRepeatElems<T>, mask, repeatTime, isSetMask, where);
  require_ub_operand("Axpy", "dst", dst, span_bytes<T>(p, params.dstBlkStride, params.dstRepStride), where);
  require_ub_operand("Axpy", "src", src, span_bytes<U>(p, params.srcBlkStride, params.srcRepStride), where);
  const float k = static_cast<float>(scalarValue);
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    T& out = slot(dst, r, j, params.dstBlkStride, params.dstRepStride);
    out = T(static_cast<float>(out) + static_cast<float>(slot(src, r, j, params.srcBlkStride,
                                                                   params.srcRepStride)) * k);
  });
}
// bfloat16 arrived with the 910B generation; the vector units of 310P and the first 910 have no bf16.
template <typename T>
inline constexpr bool duplicate_supported_v =
#if !OPKIT_ARCH_HAS_BF16
    one_of_v<T, int16_t, uint16_t, half, int32_t, uint32_t, float>;
#else
    one_of_v<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>;
#endif
// Ascend950's count form also fills the 1- and 8-byte types (asc-devkit impl/basic_api/dav_3510/
// kernel_operator_vec_duplicate_impl.h); its mask/repeat form keeps the 2- and 4-byte list.
template <typename T>
inline constexpr bool duplicate_count_supported_v =
    duplicate_supported_v<T>
#if OPKIT_SOC_ARCH == 3510
    || one_of_v<T, bool, int8_t, uint8_t, int64_t, uint64_t>
#endif
    ;

template <typename T, typename M>
void duplicate_masked(const LocalTensor<T>& dst, const T& scalarValue, M mask, const int32_t repeatTime,
                      const uint16_t dstBlockStride, const uint8_t dstRepeatStride, bool isSetMask,
                      const SourceLoc& where) {
  const MaskPlan p = plan_mask("Duplicate", kRepeatElems<T>, mask, repeatTime, isSetMask, where);
  require_ub_operand("Duplicate", "dst", dst, span_bytes<T>(p, dstBlockStride, dstRepeatStride), where);
  const T v = scalarValue;
  for_each_slot(p, [&](uint32_t r, uint32_t j) { slot(dst, r, j, dstBlockStride, dstRepeatStride) = v; });
}

}  // namespace opkit::sim::detail

namespace AscendC {

// dst[i] = dst[i] + src[i] * scalar; half -> float accumulates half inputs into a float dst. The scalar has the
// source's element type exactly (CANN: `const U& scalarValue`).
template <typename T, typename U>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, const int32_t& count,
          OPKIT_SIM_HERE) {
  static_assert((std::is_same_v<T, U> && opkit::sim::detail::one_of_v<T, half, float>) ||
                    (std::is_same_v<T, float> && std::is_same_v<U, half>),
                "Axpy supports half, float and half->float (float dst, half src) on " OPKIT_SOC_NAME);
  namespace d = opkit::sim::detail;
  const uint64_t n = d::count_arg("Axpy", count, where);
  d::require_ub_operand("Axpy", "dst", dst, n * sizeof(T), where);
  d::require_ub_operand("Axpy", "src", src, n * sizeof(U), where);
  const float k = static_cast<float>(scalarValue);
  T* out = dst.opkit_addr;
  const U* in = src.opkit_addr;
  for (uint64_t i = 0; i < n; ++i) out[i] = T(static_cast<float>(out[i]) + static_cast<float>(in[i]) * k);
}

template <typename T, typename U, bool isSetMask = true>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, uint64_t mask,
          const int32_t repeatTime, const UnaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  static_assert((std::is_same_v<T, U> && opkit::sim::detail::one_of_v<T, half, float>) ||
                    (std::is_same_v<T, float> && std::is_same_v<U, half>),
                "Axpy supports half, float and half->float (float dst, half src) on " OPKIT_SOC_NAME);
  opkit::sim::detail::axpy_masked(dst, src, scalarValue, mask, repeatTime, repeatParams, isSetMask, where);
}

template <typename T, typename U, bool isSetMask = true>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, uint64_t mask[],
          const int32_t repeatTime, const UnaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  static_assert((std::is_same_v<T, U> && opkit::sim::detail::one_of_v<T, half, float>) ||
                    (std::is_same_v<T, float> && std::is_same_v<U, half>),
                "Axpy supports half, float and half->float (float dst, half src) on " OPKIT_SOC_NAME);
  if constexpr (!std::is_same_v<T, U>) opkit::sim::detail::ub_scratch_mask("Axpy", mask, where);  // half -> float
  opkit::sim::detail::axpy_masked(dst, src, scalarValue, static_cast<const uint64_t*>(mask), repeatTime, repeatParams,
                                  isSetMask, where);
}

OPKIT_REJECT_UNMATCHED(Axpy, "CANN declares Axpy(dst, src, scalarValue, count) and Axpy(dst, src, scalarValue, "
                       "mask, repeatTime, UnaryRepeatParams) with scalarValue of src's element type exactly; "
                       "convert the scalar, e.g. static_cast<half>(value).")

#define OPKIT_DUPLICATE_TYPES_910B "int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t and float"
#define OPKIT_DUPLICATE_TYPES_310P "int16_t, uint16_t, half, int32_t, uint32_t and float"

#if !OPKIT_ARCH_HAS_BF16
#define OPKIT_DUPLICATE_TYPES OPKIT_DUPLICATE_TYPES_310P
#else
#define OPKIT_DUPLICATE_TYPES OPKIT_DUPLICATE_TYPES_910B
#endif
#if OPKIT_SOC_ARCH == 3510
#define OPKIT_DUPLICATE_COUNT_EXTRA " (count form also bool, int8_t, uint8_t, int64_t, uint64_t)"
#else
#define OPKIT_DUPLICATE_COUNT_EXTRA ""
#endif

// The fill value has the tensor's element type exactly (CANN: `const T& scalarValue`, no PrimT overload).
template <typename T>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::duplicate_count_supported_v<T>,
                "Duplicate supports " OPKIT_DUPLICATE_TYPES OPKIT_DUPLICATE_COUNT_EXTRA " on " OPKIT_SOC_NAME);
  namespace d = opkit::sim::detail;
  const uint64_t n = d::count_arg("Duplicate", count, where);
  d::require_ub_operand("Duplicate", "dst", dst, n * sizeof(T), where);
  T* out = dst.opkit_addr;
  const T v = scalarValue;
  for (uint64_t i = 0; i < n; ++i) out[i] = v;
}

template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask, const int32_t repeatTime,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::duplicate_supported_v<T>, "Duplicate supports " OPKIT_DUPLICATE_TYPES " on " OPKIT_SOC_NAME);
  opkit::sim::detail::duplicate_masked(dst, scalarValue, mask, repeatTime, dstBlockStride, dstRepeatStride,
                                       isSetMask, where);
}

template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask[], const int32_t repeatTime,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::duplicate_supported_v<T>, "Duplicate supports " OPKIT_DUPLICATE_TYPES " on " OPKIT_SOC_NAME);
  opkit::sim::detail::duplicate_masked(dst, scalarValue, static_cast<const uint64_t*>(mask), repeatTime, dstBlockStride,
                          dstRepeatStride, isSetMask, where);
}

OPKIT_REJECT_UNMATCHED(Duplicate, "CANN declares Duplicate(dst, scalarValue, count) and Duplicate(dst, scalarValue, "
                       "mask, repeatTime, dstBlockStride, dstRepeatStride) with scalarValue of dst's element type "
                       "exactly; convert it, e.g. static_cast<float>(0) or half(0.0f).")
#undef OPKIT_DUPLICATE_TYPES
#undef OPKIT_DUPLICATE_TYPES_310P
#undef OPKIT_DUPLICATE_TYPES_910B
}  // namespace AscendC
