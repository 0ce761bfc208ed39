// Compare / Compares (CompareScalar) into little-endian bit masks, and Select by such a mask.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/elementwise.h"

namespace opkit::sim::detail {

template <typename C>
bool compare(C a, C b, AscendC::CMPMODE mode) {
  switch (mode) {
    case AscendC::CMPMODE::LT: return a < b;
    case AscendC::CMPMODE::GT: return a > b;
    case AscendC::CMPMODE::EQ: return a == b;
    case AscendC::CMPMODE::LE: return a <= b;
    case AscendC::CMPMODE::GE: return a >= b;
    default: return a != b;
  }
}

template <typename T>
void check_compare_mode(const char* api, AscendC::CMPMODE mode) {
  if constexpr (std::is_same_v<T, int32_t>) {
    if (mode != AscendC::CMPMODE::EQ) fault(api, "int32_t operands support CMPMODE::EQ only");
  }
}

template <typename T>
void check_compare_count(const char* api, uint64_t n) {
  if ((n * sizeof(T)) % 256 != 0) {
    fault(api, cat("count ", n, " x ", sizeof(T), " bytes = ", n * sizeof(T), " bytes is not a multiple of 256 bytes"));
  }
}

inline void put_bit(uint8_t* bytes, uint64_t i, bool v) {
  const auto bit = static_cast<uint8_t>(1u << (i % 8));
  bytes[i / 8] = static_cast<uint8_t>(v ? bytes[i / 8] | bit : bytes[i / 8] & ~bit);
}

inline bool get_bit(const uint8_t* bytes, uint64_t i) { return (bytes[i / 8] >> (i % 8)) & 1u; }

// Count form of Compare/Compares: rhs(i) is the right operand of element i.
template <typename T, typename U, typename Rhs>
void compare_count(const char* api, const LocalTensor<U>& dst, const LocalTensor<T>& a, AscendC::CMPMODE mode,
                   uint64_t n, Rhs rhs) {
  check_compare_mode<T>(api, mode);
  check_compare_count<T>(api, n);
  require_ub_operand(api, "dst", dst, n / 8);
  require_ub_operand(api, "src0", a, n * sizeof(T));
  auto* out = reinterpret_cast<uint8_t*>(dst.opkit_addr);
  const T* in = a.opkit_addr;
  for (uint64_t byte = 0; byte < n / 8; ++byte) {
    uint32_t v = 0;
    for (uint32_t k = 0; k < 8; ++k) {
      const uint64_t i = byte * 8 + k;
      v |= static_cast<uint32_t>(compare<compute_t<T>>(in[i], rhs(i), mode)) << k;
    }
    out[byte] = static_cast<uint8_t>(v);
  }
}

// Mask form: the bits of repeat r start at byte r * perRepeat / 8; masked-out bits keep their value.
template <typename T, typename U, typename Rhs>
void compare_masked(const char* api, const LocalTensor<U>& dst, const LocalTensor<T>& a, AscendC::CMPMODE mode,
                    const MaskPlan& p, uint32_t blk, uint32_t rep, Rhs rhs) {
  check_compare_mode<T>(api, mode);
  require_ub_operand(api, "dst", dst, uint64_t(p.repeats) * p.per_repeat / 8);
  require_ub_operand(api, "src0", a, span_bytes<T>(p, blk, rep));
  auto* out = reinterpret_cast<uint8_t*>(dst.opkit_addr);
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const compute_t<T> x = slot(a, r, j, blk, rep);
    put_bit(out, uint64_t(r) * p.per_repeat + j, compare<compute_t<T>>(x, rhs(r, j), mode));
  });
}

template <typename T>
uint64_t select_mask_bit(AscendC::SELMODE mode, uint64_t i) {
  // VSEL_CMPMASK_SPR reuses the first repeat's bits for every repeat; the other modes read the mask on.
  return mode == AscendC::SELMODE::VSEL_CMPMASK_SPR ? i % kRepeatElems<T> : i;
}

template <typename T>
uint64_t select_mask_bytes(AscendC::SELMODE mode, uint64_t n) {
  const uint64_t bits = mode == AscendC::SELMODE::VSEL_CMPMASK_SPR ? std::min<uint64_t>(n, kRepeatElems<T>) : n;
  return (bits + 7) / 8;
}

template <typename T, typename U, typename Other>
void select_count(const char* api, const LocalTensor<T>& dst, const LocalTensor<U>& sel, const LocalTensor<T>& a,
                  AscendC::SELMODE mode, uint64_t n, Other other) {
  require_ub_operand(api, "dst", dst, n * sizeof(T));
  require_ub_operand(api, "selMask", sel, select_mask_bytes<T>(mode, n));
  require_ub_operand(api, "src0", a, n * sizeof(T));
  const auto* bits = reinterpret_cast<const uint8_t*>(sel.opkit_addr);
  T* out = dst.opkit_addr;
  const T* in = a.opkit_addr;
  for (uint64_t i = 0; i < n; ++i) out[i] = get_bit(bits, select_mask_bit<T>(mode, i)) ? in[i] : other(i);
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, typename U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             uint32_t count) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float, int32_t>,
                "Compare supports half, float and int32_t (EQ only) on Ascend910B");
  namespace d = opkit::sim::detail;
  d::require_ub_operand("Compare", "src1", src1, uint64_t(count) * sizeof(T));
  const T* b = src1.opkit_addr;
  d::compare_count("Compare", dst, src0, cmpMode, count, [b](uint64_t i) { return d::compute_t<T>(b[i]); });
}

template <typename T, typename U, bool isSetMask = true, typename M>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             M mask, const int32_t repeatTimes, const BinaryRepeatParams& params) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float, int32_t>,
                "Compare supports half, float and int32_t (EQ only) on Ascend910B");
  namespace d = opkit::sim::detail;
  const d::MaskPlan p = d::plan_mask("Compare", d::kRepeatElems<T>, mask, repeatTimes, isSetMask);
  d::require_ub_operand("Compare", "src1", src1, d::span_bytes<T>(p, params.src1BlkStride, params.src1RepStride));
  d::compare_masked("Compare", dst, src0, cmpMode, p, params.src0BlkStride, params.src0RepStride,
                    [&](uint32_t r, uint32_t j) {
                      return d::compute_t<T>(d::slot(src1, r, j, params.src1BlkStride, params.src1RepStride));
                    });
}

template <typename T, typename U>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                   const opkit::sim::detail::scalar_t<T> src1Scalar, CMPMODE cmpMode, uint32_t count) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float, int32_t>,
                "CompareScalar supports half, float and int32_t (EQ only) on Ascend910B");
  namespace d = opkit::sim::detail;
  const d::compute_t<T> k = d::compute_t<T>(T(src1Scalar));
  d::compare_count("CompareScalar", dst, src0, cmpMode, count, [k](uint64_t) { return k; });
}

template <typename T, typename U, bool isSetMask = true, typename M>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                   const opkit::sim::detail::scalar_t<T> src1Scalar, CMPMODE cmpMode, M mask,
                   const int32_t repeatTimes, const UnaryRepeatParams& params) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float, int32_t>,
                "CompareScalar supports half, float and int32_t (EQ only) on Ascend910B");
  namespace d = opkit::sim::detail;
  const d::compute_t<T> k = d::compute_t<T>(T(src1Scalar));
  const d::MaskPlan p = d::plan_mask("CompareScalar", d::kRepeatElems<T>, mask, repeatTimes, isSetMask);
  d::compare_masked("CompareScalar", dst, src0, cmpMode, p, params.srcBlkStride, params.srcRepStride,
                    [k](uint32_t, uint32_t) { return k; });
}

// Newer CANN name of CompareScalar.
template <typename T, typename U>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const opkit::sim::detail::scalar_t<T> src1Scalar,
              CMPMODE cmpMode, uint32_t count) {
  CompareScalar(dst, src0, src1Scalar, cmpMode, count);
}

template <typename T, typename U, bool isSetMask = true, typename M>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const opkit::sim::detail::scalar_t<T> src1Scalar,
              CMPMODE cmpMode, M mask, const int32_t repeatTimes, const UnaryRepeatParams& params) {
  CompareScalar<T, U, isSetMask>(dst, src0, src1Scalar, cmpMode, mask, repeatTimes, params);
}

// dst[i] = bit i of selMask ? src0[i] : src1[i] (tensor-tensor modes) or : scalar (VSEL_TENSOR_SCALAR_MODE).
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint32_t count) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Select supports half and float on Ascend910B");
  namespace d = opkit::sim::detail;
  if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
    d::fault("Select", "VSEL_TENSOR_SCALAR_MODE needs a scalar src1, but a tensor was given");
  }
  d::require_ub_operand("Select", "src1", src1, uint64_t(count) * sizeof(T));
  const T* b = src1.opkit_addr;
  d::select_count("Select", dst, selMask, src0, selMode, count, [b](uint64_t i) { return b[i]; });
}

template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const opkit::sim::detail::scalar_t<T> src1, SELMODE selMode, uint32_t count) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Select supports half and float on Ascend910B");
  namespace d = opkit::sim::detail;
  if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {
    d::fault("Select", "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE");
  }
  const T k = src1;
  d::select_count("Select", dst, selMask, src0, selMode, count, [k](uint64_t) { return k; });
}

template <typename T, typename U, bool isSetMask = true, typename M>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, M mask, const int32_t repeatTimes,
            const BinaryRepeatParams& params) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Select supports half and float on Ascend910B");
  namespace d = opkit::sim::detail;
  if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
    d::fault("Select", "VSEL_TENSOR_SCALAR_MODE needs a scalar src1, but a tensor was given");
  }
  const d::MaskPlan p = d::plan_mask("Select", d::kRepeatElems<T>, mask, repeatTimes, isSetMask);
  d::require_ub_operand("Select", "dst", dst, d::span_bytes<T>(p, params.dstBlkStride, params.dstRepStride));
  d::require_ub_operand("Select", "src0", src0, d::span_bytes<T>(p, params.src0BlkStride, params.src0RepStride));
  d::require_ub_operand("Select", "src1", src1, d::span_bytes<T>(p, params.src1BlkStride, params.src1RepStride));
  d::require_ub_operand("Select", "selMask", selMask,
                        d::select_mask_bytes<T>(selMode, uint64_t(p.repeats) * p.per_repeat));
  const auto* bits = reinterpret_cast<const uint8_t*>(selMask.opkit_addr);
  d::for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const bool take0 = d::get_bit(bits, d::select_mask_bit<T>(selMode, uint64_t(r) * p.per_repeat + j));
    d::slot(dst, r, j, params.dstBlkStride, params.dstRepStride) =
        take0 ? d::slot(src0, r, j, params.src0BlkStride, params.src0RepStride)
              : d::slot(src1, r, j, params.src1BlkStride, params.src1RepStride);
  });
}

}  // namespace AscendC
