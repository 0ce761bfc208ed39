// Compare / Compares (CompareScalar) into little-endian bit masks, and Select by such a mask.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/vec/common.h"
#include "opkit/sim/ub_scratch.h"
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
void check_compare_mode(const char* api, AscendC::CMPMODE mode, const SourceLoc& where) {
  if constexpr (std::is_same_v<T, int32_t>) {
    if (mode != AscendC::CMPMODE::EQ) fault(api, "int32_t operands support CMPMODE::EQ only", where);
  }
}

// CANN documents count * sizeof(T) as a multiple of 256 bytes (its CPU debug build asserts it on every SoC; 950's
// device code too). 310B's counter mode predicates the last repeat instead (asc-devkit impl/basic_api/dav_m300/
// kernel_operator_vec_cmpsel_impl.h: plt_b16/plt_b32 over the count), so any count works there: the bits of the
// last repeat past the count are written as 0.
template <typename T>
void check_compare_count(const char* api, uint64_t n, const SourceLoc& where) {
  if (OPKIT_SOC_ARCH != 3002 && (n * sizeof(T)) % 256 != 0) {
    fault(api, cat("count ", n, " x ", sizeof(T), " bytes = ", n * sizeof(T), " bytes is not a multiple of 256 bytes"),
          where);
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
                   uint64_t n, Rhs rhs, const SourceLoc& where) {
  check_compare_mode<T>(api, mode, where);
  check_compare_count<T>(api, n, where);
  const uint64_t written = (n + kRepeatElems<T> - 1) / kRepeatElems<T> * kRepeatElems<T>;   // == n but on 310B
  require_ub_operand(api, "dst", dst, written / 8, where);
  require_ub_operand(api, "src0", a, n * sizeof(T), where);
  auto* out = reinterpret_cast<uint8_t*>(dst.opkit_addr);
  const T* in = a.opkit_addr;
  for (uint64_t byte = 0; byte < written / 8; ++byte) {
    uint32_t v = 0;
    for (uint32_t k = 0; k < 8; ++k) {
      const uint64_t i = byte * 8 + k;
      if (i < n) v |= static_cast<uint32_t>(compare<compute_t<T>>(in[i], rhs(i), mode)) << k;
    }
    out[byte] = static_cast<uint8_t>(v);
  }
}

// Mask form: the bits of repeat r start at byte r * perRepeat / 8; masked-out bits keep their value.
template <typename T, typename U, typename Rhs>
void compare_masked(const char* api, const LocalTensor<U>& dst, const LocalTensor<T>& a, AscendC::CMPMODE mode,
                    const MaskPlan& p, uint32_t blk, uint32_t rep, Rhs rhs, const SourceLoc& where) {
  check_compare_mode<T>(api, mode, where);
  require_ub_operand(api, "dst", dst, uint64_t(p.repeats) * p.per_repeat / 8, where);
  require_ub_operand(api, "src0", a, span_bytes<T>(p, blk, rep), where);
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
                  AscendC::SELMODE mode, uint64_t n, Other other, const SourceLoc& where) {
  require_ub_operand(api, "dst", dst, n * sizeof(T), where);
  require_ub_operand(api, "selMask", sel, select_mask_bytes<T>(mode, n), where);
  require_ub_operand(api, "src0", a, n * sizeof(T), where);
  const auto* bits = reinterpret_cast<const uint8_t*>(sel.opkit_addr);
  T* out = dst.opkit_addr;
  const T* in = a.opkit_addr;
  for (uint64_t i = 0; i < n; ++i) out[i] = get_bit(bits, select_mask_bit<T>(mode, i)) ? in[i] : other(i);
}

template <typename T, typename U, typename Other>
void select_masked(const LocalTensor<T>& dst, const LocalTensor<U>& sel, const LocalTensor<T>& src0,
                   AscendC::SELMODE mode, const MaskPlan& p, const AscendC::BinaryRepeatParams& params, Other other,
                   const SourceLoc& where) {
  require_ub_operand("Select", "dst", dst, span_bytes<T>(p, params.dstBlkStride, params.dstRepStride), where);
  require_ub_operand("Select", "src0", src0, span_bytes<T>(p, params.src0BlkStride, params.src0RepStride), where);
  require_ub_operand("Select", "selMask", sel, select_mask_bytes<T>(mode, uint64_t(p.repeats) * p.per_repeat), where);
  const auto* bits = reinterpret_cast<const uint8_t*>(sel.opkit_addr);
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const bool take0 = get_bit(bits, select_mask_bit<T>(mode, uint64_t(r) * p.per_repeat + j));
    slot(dst, r, j, params.dstBlkStride, params.dstRepStride) =
        take0 ? slot(src0, r, j, params.src0BlkStride, params.src0RepStride) : other(r, j);
  });
}

template <typename T, typename U, typename M>
void compares_masked(const char* api, const LocalTensor<U>& dst, const LocalTensor<T>& src0, T scalar,
                     AscendC::CMPMODE mode, M mask, int32_t repeatTime, bool isSetMask,
                     const AscendC::UnaryRepeatParams& params, const SourceLoc& where) {
  const compute_t<T> k = compute_t<T>(scalar);
  const MaskPlan p = plan_mask(api, kRepeatElems<T>, mask, repeatTime, isSetMask, where);
  compare_masked(api, dst, src0, mode, p, params.srcBlkStride, params.srcRepStride,
                 [k](uint32_t, uint32_t) { return k; }, where);
}

}  // namespace opkit::sim::detail

namespace AscendC {

// Signatures follow CANN's kernel_operator_vec_cmpsel_intf.h: the scalar of Compares/CompareScalar and of Select's
// scalar mode has the element type T exactly (`const T src1Scalar`, `T src1`: deduced from the tensors and the
// scalar alike); Compare and Compares take `const uint64_t mask[]`, Select a non-const `uint64_t mask[]`.
#define OPKIT_CMP_TYPES "half, float and int32_t (EQ only)"
#define OPKIT_CMP_CHECK(NAME)                                                                                  \
  static_assert(opkit::sim::detail::one_of_v<T, half, float, int32_t>,                                        \
                NAME " supports " OPKIT_CMP_TYPES " on " OPKIT_SOC_NAME)

template <typename T, typename U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             uint32_t count, OPKIT_SIM_HERE) {
  OPKIT_CMP_CHECK("Compare");
  namespace d = opkit::sim::detail;
  d::require_ub_operand("Compare", "src1", src1, uint64_t(count) * sizeof(T), where);
  const T* b = src1.opkit_addr;
  d::compare_count("Compare", dst, src0, cmpMode, count, [b](uint64_t i) { return d::compute_t<T>(b[i]); }, where);
}

#define OPKIT_COMPARE_MASKED(MASK_DECL)                                                                        \
  template <typename T, typename U, bool isSetMask = true>                                                     \
  void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,              \
               CMPMODE cmpMode, MASK_DECL, const int32_t repeatTime, const BinaryRepeatParams& repeatParams,   \
               OPKIT_SIM_HERE) {                                                                               \
    OPKIT_CMP_CHECK("Compare");                                                                                \
    namespace d = opkit::sim::detail;                                                                          \
    const BinaryRepeatParams& s = repeatParams;                                                                \
    const d::MaskPlan p = d::plan_mask("Compare", d::kRepeatElems<T>, mask, repeatTime, isSetMask, where);     \
    if constexpr (!std::is_same_v<T, int32_t>) d::ub_scratch_mask("Compare", mask, where);                     \
    d::require_ub_operand("Compare", "src1", src1, d::span_bytes<T>(p, s.src1BlkStride, s.src1RepStride),      \
                          where);                                                                              \
    d::compare_masked("Compare", dst, src0, cmpMode, p, s.src0BlkStride, s.src0RepStride,                      \
                      [&](uint32_t r, uint32_t j) {                                                            \
                        return d::compute_t<T>(d::slot(src1, r, j, s.src1BlkStride, s.src1RepStride));        \
                      }, where);                                                                               \
  }
OPKIT_COMPARE_MASKED(const uint64_t mask[])
OPKIT_COMPARE_MASKED(const uint64_t mask)
#undef OPKIT_COMPARE_MASKED

}  // namespace AscendC

// Compare's register form, GetCmpMask and SetCmpMask: before the catch-all below, which must see them.
#include "opkit/sim/vec/cmpmask.h"

namespace AscendC {

OPKIT_REJECT_UNMATCHED(Compare, "CANN declares Compare(dst, src0, src1, cmpMode, count) and Compare(dst, src0, src1, "
                       "cmpMode, mask, repeatTime, BinaryRepeatParams), and Compare(src0, src1, cmpMode, mask, "
                       "BinaryRepeatParams) into the CmpMask register, with src0 and src1 LocalTensor<T> of one "
                       "element type T (" OPKIT_CMP_TYPES ") and dst a LocalTensor of the result bits.")

// Compares is CANN's current name, CompareScalar the older one; both are declared alike.
#define OPKIT_COMPARES(NAME)                                                                                   \
  template <typename T, typename U>                                                                            \
  void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,        \
            uint32_t count, OPKIT_SIM_HERE) {                                                                  \
    OPKIT_CMP_CHECK(#NAME);                                                                                    \
    namespace d = opkit::sim::detail;                                                                          \
    const d::compute_t<T> k = d::compute_t<T>(src1Scalar);                                                     \
    d::compare_count(#NAME, dst, src0, cmpMode, count, [k](uint64_t) { return k; }, where);                    \
  }                                                                                                            \
  template <typename T, typename U, bool isSetMask = true>                                                     \
  void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,        \
            const uint64_t mask[], const int32_t repeatTime, const UnaryRepeatParams& repeatParams,            \
            OPKIT_SIM_HERE) {                                                                                  \
    OPKIT_CMP_CHECK(#NAME);                                                                                    \
    opkit::sim::detail::compares_masked(#NAME, dst, src0, src1Scalar, cmpMode, mask, repeatTime, isSetMask,   \
                                        repeatParams, where);                                                  \
  }                                                                                                            \
  template <typename T, typename U, bool isSetMask = true>                                                     \
  void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,        \
            const uint64_t mask, const int32_t repeatTime, const UnaryRepeatParams& repeatParams,              \
            OPKIT_SIM_HERE) {                                                                                  \
    OPKIT_CMP_CHECK(#NAME);                                                                                    \
    opkit::sim::detail::compares_masked(#NAME, dst, src0, src1Scalar, cmpMode, mask, repeatTime, isSetMask,   \
                                        repeatParams, where);                                                  \
  }                                                                                                            \
  OPKIT_REJECT_UNMATCHED(NAME, "CANN declares " #NAME "(dst, src0, src1Scalar, cmpMode, count) and " #NAME     \
                         "(dst, src0, src1Scalar, cmpMode, mask, repeatTime, UnaryRepeatParams) with src0 a "   \
                         "LocalTensor<T> (" OPKIT_CMP_TYPES ") and src1Scalar of type T exactly; convert the "  \
                         "scalar, e.g. static_cast<half>(value).")
OPKIT_COMPARES(Compares)
OPKIT_COMPARES(CompareScalar)
#undef OPKIT_COMPARES
#undef OPKIT_CMP_CHECK
#undef OPKIT_CMP_TYPES

#define OPKIT_SELECT_CHECK                                                                                     \
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Select supports half and float on " OPKIT_SOC_NAME)

// dst[i] = bit i of selMask ? src0[i] : src1[i] (tensor-tensor modes) or : scalar (VSEL_TENSOR_SCALAR_MODE).
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint32_t count, OPKIT_SIM_HERE) {
  OPKIT_SELECT_CHECK;
  namespace d = opkit::sim::detail;
  if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
    d::fault("Select", "VSEL_TENSOR_SCALAR_MODE needs a scalar src1, but a tensor was given", where);
  }
  d::require_ub_operand("Select", "src1", src1, uint64_t(count) * sizeof(T), where);
  const T* b = src1.opkit_addr;
  d::select_count("Select", dst, selMask, src0, selMode, count, [b](uint64_t i) { return b[i]; }, where);
}

template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
            SELMODE selMode, uint32_t count, OPKIT_SIM_HERE) {
  OPKIT_SELECT_CHECK;
  namespace d = opkit::sim::detail;
  if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {
    d::fault("Select", "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE", where);
  }
  const T k = src1;
  d::select_count("Select", dst, selMask, src0, selMode, count, [k](uint64_t) { return k; }, where);
}

#define OPKIT_SELECT_MASKED(MASK_DECL)                                                                         \
  template <typename T, typename U, bool isSetMask = true>                                                     \
  void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,            \
              const LocalTensor<T>& src1, SELMODE selMode, MASK_DECL, const int32_t repeatTime,                \
              const BinaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {                                        \
    OPKIT_SELECT_CHECK;                                                                                        \
    namespace d = opkit::sim::detail;                                                                          \
    if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {                                                         \
      d::fault("Select", "VSEL_TENSOR_SCALAR_MODE needs a scalar src1, but a tensor was given", where);        \
    }                                                                                                          \
    const BinaryRepeatParams& s = repeatParams;                                                                \
    const d::MaskPlan p = d::plan_mask("Select", d::kRepeatElems<T>, mask, repeatTime, isSetMask, where);      \
    d::ub_scratch_mask("Select", mask, where);                                                                 \
    d::require_ub_operand("Select", "src1", src1, d::span_bytes<T>(p, s.src1BlkStride, s.src1RepStride),       \
                          where);                                                                              \
    d::select_masked(dst, selMask, src0, selMode, p, s, [&](uint32_t r, uint32_t j) {                          \
      return d::slot(src1, r, j, s.src1BlkStride, s.src1RepStride);                                            \
    }, where);                                                                                                 \
  }                                                                                                            \
  template <typename T, typename U, bool isSetMask = true>                                                     \
  void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,    \
              SELMODE selMode, MASK_DECL, const int32_t repeatTime, const BinaryRepeatParams& repeatParams,    \
              OPKIT_SIM_HERE) {                                                                                \
    OPKIT_SELECT_CHECK;                                                                                        \
    namespace d = opkit::sim::detail;                                                                          \
    if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {                                                         \
      d::fault("Select", "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE", where);                       \
    }                                                                                                          \
    const T k = src1;                                                                                          \
    const d::MaskPlan p = d::plan_mask("Select", d::kRepeatElems<T>, mask, repeatTime, isSetMask, where);      \
    d::ub_scratch_mask("Select", mask, where);                                                                 \
    d::select_masked(dst, selMask, src0, selMode, p, repeatParams, [k](uint32_t, uint32_t) { return k; },      \
                     where);                                                                                   \
  }
OPKIT_SELECT_MASKED(uint64_t mask[])
OPKIT_SELECT_MASKED(uint64_t mask)
#undef OPKIT_SELECT_MASKED
#undef OPKIT_SELECT_CHECK

OPKIT_REJECT_UNMATCHED(Select, "CANN declares Select(dst, selMask, src0, src1, selMode, count) and Select(dst, "
                       "selMask, src0, src1, selMode, mask, repeatTime, BinaryRepeatParams) with dst, src0 (and a "
                       "tensor src1) LocalTensor<T> of one element type T (half or float), a scalar src1 of type T "
                       "exactly, and a bit mask as a non-const uint64_t array.")

}  // namespace AscendC
