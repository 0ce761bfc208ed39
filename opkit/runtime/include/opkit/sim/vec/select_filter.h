// Advanced select/filter/index APIs: Select with a byte mask (SelectWithBytesMaskShapeInfo; the tensor/scalar
// forms), DropOut (byte and bit masks, with or without padding in the mask rows) and Arange. Rows are
// [firstAxis, srcLastAxis] over masks of maskLastAxis entries per row (the rest of a mask row is ignored).
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/vec/common.h"

namespace AscendC {

struct SelectWithBytesMaskShapeInfo {
  uint32_t firstAxis = 0;
  uint32_t srcLastAxis = 0;
  uint32_t maskLastAxis = 0;
};

struct DropOutShapeInfo {
  uint32_t firstAxis = 0;
  uint32_t srcLastAxis = 0;
  uint32_t maskLastAxis = 0;
};

}  // namespace AscendC

namespace opkit::sim::detail {

template <typename T, typename U>
void select_bytes_mask(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>* src0, T s0,
                       const AscendC::LocalTensor<T>* src1, T s1, const AscendC::LocalTensor<U>& mask,
                       const AscendC::SelectWithBytesMaskShapeInfo& info, const SourceLoc& where) {
  const char* api = "Select";
  const uint32_t rows = info.firstAxis, n = info.srcLastAxis, mn = info.maskLastAxis;
  if (rows == 0 || n == 0) fault(api, "SelectWithBytesMaskShapeInfo: firstAxis and srcLastAxis must be positive", where);
  if (uint64_t(n) * sizeof(T) % 32 != 0) {
    fault(api, cat("srcLastAxis ", n, " x ", sizeof(T), " bytes is not a multiple of 32 bytes"), where);
  }
  if (mn < n || uint64_t(mn) * sizeof(U) % 32 != 0 || mn % 16 != 0) {
    fault(api, cat("maskLastAxis ", mn, " must be >= srcLastAxis ", n, ", a multiple of 16 and of 32 bytes"), where);
  }
  const uint64_t elems = uint64_t(rows) * n;
  require_ub_operand(api, "dst", dst, elems * sizeof(T), where);
  if (src0 != nullptr) require_ub_operand(api, "src0", *src0, elems * sizeof(T), where);
  if (src1 != nullptr) require_ub_operand(api, "src1", *src1, elems * sizeof(T), where);
  require_ub_operand(api, "mask", mask, uint64_t(rows) * mn * sizeof(U), where);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t j = 0; j < n; ++j) {
      const uint64_t i = uint64_t(r) * n + j;
      const bool pick1 = mask.opkit_addr[uint64_t(r) * mn + j] != U(0);
      dst.opkit_addr[i] = pick1 ? (src1 != nullptr ? src1->opkit_addr[i] : s1) : (src0 != nullptr ? src0->opkit_addr[i] : s0);
    }
  }
}

// dropOutMode: 1 byte mask with padding, 2 byte mask packed, 3 bit mask packed, 4 bit mask with padding;
// 0 infers it from the shape.
inline uint32_t dropout_mode(uint32_t mode, const AscendC::DropOutShapeInfo& info) {
  if (mode != 0) return mode;
  if (info.maskLastAxis == info.srcLastAxis) return 2;
  if (uint64_t(info.maskLastAxis) * 8 == info.srcLastAxis) return 3;
  return info.maskLastAxis > info.srcLastAxis ? 1 : 4;
}

template <typename T>
void dropout(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<uint8_t>& mask, float keep_prob, const AscendC::DropOutShapeInfo& info,
             uint32_t mode_in, const SourceLoc& where) {
  const char* api = "DropOut";
  const uint32_t rows = info.firstAxis, n = info.srcLastAxis, mn = info.maskLastAxis;
  if (rows == 0 || n == 0 || mn == 0) fault(api, "DropOutShapeInfo: every axis must be positive", where);
  if (!(keep_prob > 0.0f && keep_prob <= 1.0f)) fault(api, cat("keepProb ", keep_prob, " is not in (0, 1]"), where);
  const uint32_t mode = dropout_mode(mode_in, info);
  if (mode > 4) fault(api, cat("dropOutMode ", mode, " is not 0..4"), where);
  const bool bits = mode >= 3, padded = mode == 1 || mode == 4;
  if (padded && (bits ? uint64_t(mn) * 8 < n : mn < n)) {
    fault(api, cat("maskLastAxis ", mn, " holds fewer than srcLastAxis ", n, bits ? " bits" : " bytes"), where);
  }
  const uint64_t elems = uint64_t(rows) * n;
  require_ub_operand(api, "dstLocal", dst, elems * sizeof(T), where);
  require_ub_operand(api, "srcLocal", src, elems * sizeof(T), where);
  const uint64_t mask_bytes = padded ? uint64_t(rows) * mn : (bits ? (elems + 7) / 8 : elems);
  require_ub_operand(api, "maskLocal", mask, mask_bytes, where);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t j = 0; j < n; ++j) {
      const uint64_t i = uint64_t(r) * n + j;
      const uint64_t m = padded ? uint64_t(r) * (bits ? uint64_t(mn) * 8 : mn) + j : i;  // mask entry (bit or byte)
      const bool keep = bits ? ((mask.opkit_addr[m / 8] >> (m % 8)) & 1u) != 0 : mask.opkit_addr[m] != 0;
      dst.opkit_addr[i] = keep ? T(static_cast<float>(src.opkit_addr[i]) * (1.0f / keep_prob)) : T(0);
    }
  }
}

// Arange/ArithProgression: dst[i] = firstValue + i * diffValue (see Arange).
template <typename T>
void arange(const char* api, const AscendC::LocalTensor<T>& dst, const T firstValue, const T diffValue,
            const int32_t count, const SourceLoc& where) {
  if (count <= 0) fault(api, cat("count ", count, " must be positive"), where);
  if (static_cast<float>(diffValue) < 0.0f) fault(api, "diffValue must be >= 0", where);
  require_ub_operand(api, "dst", dst, uint64_t(count) * sizeof(T), where);
  for (int32_t i = 0; i < count; ++i) {
    if constexpr (std::is_integral_v<T>) {
      dst.opkit_addr[i] = T(int64_t(firstValue) + int64_t(i) * int64_t(diffValue));
    } else {
      dst.opkit_addr[i] = T(static_cast<float>(firstValue) + static_cast<float>(i) * static_cast<float>(diffValue));
    }
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_SELECT_TYPES                                                                                   \
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Select (bytes mask) supports half and float"); \
  static_assert(opkit::sim::detail::one_of_v<U, bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t>, \
                "Select: the mask is bool or an 8/16/32-bit integer");

// mask 0 takes src0, otherwise src1.
template <typename T, typename U, bool isReuseMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1, const LocalTensor<U>& mask,
            const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info, OPKIT_SIM_HERE) {
  OPKIT_SELECT_TYPES
  opkit::sim::detail::require_ub_operand("Select", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::select_bytes_mask<T, U>(dst, &src0, T(0), nullptr, src1, mask, info, where);
}
template <typename T, typename U, bool isReuseMask = true>
void Select(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1, const LocalTensor<U>& mask,
            const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info, OPKIT_SIM_HERE) {
  OPKIT_SELECT_TYPES
  opkit::sim::detail::require_ub_operand("Select", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::select_bytes_mask<T, U>(dst, nullptr, src0, &src1, T(0), mask, info, where);
}
#undef OPKIT_SELECT_TYPES

// Kept elements are multiplied by 1 / keepProb (CANN: Muls by the reciprocal), dropped ones are 0.
template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& maskLocal,
             const float keepProb, const DropOutShapeInfo& info, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "DropOut supports half and float");
  static_assert(dropOutMode <= 4, "DropOut: dropOutMode is 0..4");
  opkit::sim::detail::dropout(dstLocal, srcLocal, maskLocal, keepProb, info, dropOutMode, where);
}
template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& maskLocal,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const float keepProb, const DropOutShapeInfo& info,
             OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "DropOut supports half and float");
  static_assert(dropOutMode <= 4, "DropOut: dropOutMode is 0..4");
  opkit::sim::detail::require_ub_operand("DropOut", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::dropout(dstLocal, srcLocal, maskLocal, keepProb, info, dropOutMode, where);
}

// dst[i] = firstValue + i * diffValue, computed in float (int32 in int64) and rounded once. (?) The device extends
// the first 8 values by repeated Adds, so long half sequences can differ in the last bit.
template <typename T>
void Arange(const LocalTensor<T>& dst, const T firstValue, const T diffValue, const int32_t count, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float, int16_t, int32_t>,
                "Arange supports half, float, int16_t and int32_t");
  opkit::sim::detail::arange("Arange", dst, firstValue, diffValue, count, where);
}

// Arange's older name, which CANN's kernel_operator.h still declares (kernels call it without including lib/index).
template <typename T>
void ArithProgression(const LocalTensor<T>& dstLocal, const T firstValue, const T diffValue, const int32_t count,
                      OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float, int16_t, int32_t>,
                "ArithProgression supports half, float, int16_t and int32_t");
  opkit::sim::detail::arange("ArithProgression", dstLocal, firstValue, diffValue, count, where);
}

}  // namespace AscendC
