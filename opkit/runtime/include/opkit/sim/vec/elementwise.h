// Element-wise vector instructions: binary (Add..Min, And, Or), unary (Exp..Relu, Not), tensor-scalar (Adds..ShiftRight,
// LeakyRelu), each in count form and mask/repeat form (continuous and bit mask). Axpy and Duplicate are in
// axpy_duplicate.h, included here.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "opkit/sim/vec/axpy_duplicate.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/ub_scratch.h"
#include "opkit/sim/vec/mathfn.h"

namespace opkit::sim::detail {

template <typename T>
struct type_identity {
  using type = T;
};
// A scalar argument that takes the tensor's element type without taking part in deduction, so
// `Adds(x, x, 2.0f, n)` works for half tensors too.
template <typename T>
using scalar_t = typename type_identity<T>::type;

// Integer arithmetic wraps (two's complement) like the vector unit; done in unsigned types to avoid UB.
template <typename C>
using wide_unsigned_t = std::conditional_t<(sizeof(C) < 4), uint32_t, std::make_unsigned_t<C>>;

struct OpAdd {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C a, C b) {
    if constexpr (std::is_integral_v<C>) {
      return static_cast<C>(wide_unsigned_t<C>(a) + wide_unsigned_t<C>(b));
    } else {
      return a + b;
    }
  }
};
struct OpSub {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C a, C b) {
    if constexpr (std::is_integral_v<C>) {
      return static_cast<C>(wide_unsigned_t<C>(a) - wide_unsigned_t<C>(b));
    } else {
      return a - b;
    }
  }
};
struct OpMul {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C a, C b) {
    if constexpr (std::is_integral_v<C>) {
      return static_cast<C>(wide_unsigned_t<C>(a) * wide_unsigned_t<C>(b));
    } else {
      return a * b;
    }
  }
};
struct OpDiv {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C a, C b) { return a / b; }
};
// IEEE-style: a NaN operand gives NaN (documented choice: the device's NaN handling of vmax is not public).
struct OpMax {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C a, C b) { return pick((a != a) | (a > b), a, b); }
};
struct OpMin {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C a, C b) { return pick((a != a) | (a < b), a, b); }
};
struct OpAnd {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C a, C b) { return static_cast<C>(a & b); }
};
struct OpOr {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C a, C b) { return static_cast<C>(a | b); }
};

struct OpExp {
  OPKIT_VEC_INLINE static float apply(float x) { return exp_poly(x); }
};
struct OpLn {
  OPKIT_VEC_INLINE static float apply(float x) { return log_poly(x); }
};
struct OpAbs {
  OPKIT_VEC_INLINE static float apply(float x) { return std::fabs(x); }
  // The integer forms (310B): the most negative value wraps to itself, as two's-complement negation does.
  template <typename C, std::enable_if_t<std::is_integral_v<C>, int> = 0>
  OPKIT_VEC_INLINE static C apply(C x) {
    return pick(x < C(0), static_cast<C>(0u - static_cast<std::make_unsigned_t<C>>(x)), x);
  }
};
// Sqrt and Rsqrt bring their own count-form loop (`loop`, see count_form below): the compiler cannot vectorise
// std::sqrt element by element.
struct OpSqrt {
  OPKIT_VEC_INLINE static float apply(float x) { return sqrt_one<false>(x); }
  static void loop(float* dst, const float* src, int64_t n) { sqrt_loop<false>(dst, src, n); }
};
// Exact here; the device's Rsqrt/Reciprocal are approximations (results may differ in the last bits).
struct OpRsqrt {
  OPKIT_VEC_INLINE static float apply(float x) { return sqrt_one<true>(x); }
  static void loop(float* dst, const float* src, int64_t n) { sqrt_loop<true>(dst, src, n); }
};
struct OpReciprocal {
  OPKIT_VEC_INLINE static float apply(float x) { return 1.0f / x; }
};
struct OpRelu {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C x) { return pick(x < C(0), C(0), x); }
};
struct OpNot {
  template <typename C>
  OPKIT_VEC_INLINE static C apply(C x) { return static_cast<C>(~x); }
};

template <typename Op, typename T>
void binary_count(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b,
                  int64_t count, const SourceLoc& where) {
  const uint64_t n = count_arg(api, count, where);
  require_ub_operand(api, "dst", dst, n * sizeof(T), where);
  require_ub_operand(api, "src0", a, n * sizeof(T), where);
  require_ub_operand(api, "src1", b, n * sizeof(T), where);
  map_binary(dst.opkit_addr, a.opkit_addr, b.opkit_addr, static_cast<int64_t>(n),
             [](compute_t<T> x, compute_t<T> y) OPKIT_VEC_LAMBDA { return Op::apply(x, y); });
}

template <typename Op, typename T>
void binary_masked(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b,
                   const MaskPlan& p, const AscendC::BinaryRepeatParams& s, const SourceLoc& where) {
  if (BlockRecord* r = current_block().rec) {
    r->note_strides(api, s.dstBlkStride, s.src0BlkStride, s.src1BlkStride, s.dstRepStride, s.src0RepStride,
                    s.src1RepStride);
  }
  require_ub_operand(api, "dst", dst, span_bytes<T>(p, s.dstBlkStride, s.dstRepStride), where);
  require_ub_operand(api, "src0", a, span_bytes<T>(p, s.src0BlkStride, s.src0RepStride), where);
  require_ub_operand(api, "src1", b, span_bytes<T>(p, s.src1BlkStride, s.src1RepStride), where);
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const compute_t<T> x = slot(a, r, j, s.src0BlkStride, s.src0RepStride);
    const compute_t<T> y = slot(b, r, j, s.src1BlkStride, s.src1RepStride);
    slot(dst, r, j, s.dstBlkStride, s.dstRepStride) = T(Op::apply(x, y));
  });
}

// Unary and tensor-scalar instructions share one shape: dst[i] = f(src[i]).
template <typename Op, typename = void>
inline constexpr bool has_loop_v = false;
template <typename Op>
inline constexpr bool has_loop_v<Op, std::void_t<decltype(&Op::loop)>> = true;

// What a unary count form hands to map_unary: Op's own float loop where it has one, else Op::apply per element.
template <typename Op, typename C>
auto count_form() {
  if constexpr (has_loop_v<Op>) {
    return WholeArray<Op>{};
  } else {
    return [](C x) OPKIT_VEC_LAMBDA { return Op::apply(x); };
  }
}

template <typename T, typename F>
void unary_count(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, int64_t count, F f,
                 const SourceLoc& where) {
  const uint64_t n = count_arg(api, count, where);
  require_ub_operand(api, "dst", dst, n * sizeof(T), where);
  require_ub_operand(api, "src", src, n * sizeof(T), where);
  map_unary(dst.opkit_addr, src.opkit_addr, static_cast<int64_t>(n), f);
}

template <typename T, typename F>
void unary_masked(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, const MaskPlan& p,
                  const AscendC::UnaryRepeatParams& s, F f, const SourceLoc& where) {
  if (BlockRecord* r = current_block().rec) {
    r->note_strides(api, s.dstBlkStride, s.srcBlkStride, 1, s.dstRepStride, s.srcRepStride, 8);
  }
  require_ub_operand(api, "dst", dst, span_bytes<T>(p, s.dstBlkStride, s.dstRepStride), where);
  require_ub_operand(api, "src", src, span_bytes<T>(p, s.srcBlkStride, s.srcRepStride), where);
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const compute_t<T> x = slot(src, r, j, s.srcBlkStride, s.srcRepStride);
    slot(dst, r, j, s.dstBlkStride, s.dstRepStride) = T(f(x));
  });
}

template <typename T>
void check_shift(const char* api, compute_t<T> k, const SourceLoc& where) {
  bool negative = false;
  if constexpr (std::is_signed_v<compute_t<T>>) negative = k < 0;
  if (negative || static_cast<uint64_t>(k) >= sizeof(T) * 8) {
    fault(api, cat("shift ", static_cast<int64_t>(k), " is outside [0, ", sizeof(T) * 8 - 1, "]"), where);
  }
}


}  // namespace opkit::sim::detail

namespace AscendC {

// Signatures follow CANN's declarations (kernel_operator_vec_{binary,unary,binary_scalar,ternary_scalar,duplicate}
// _intf.h): tensors of one element type T deduced from every operand, a bit mask as a non-const `uint64_t mask[]`
// (so a const array such as MASK_PLACEHOLDER_LIST is refused, as CANN refuses it), repeatTime as a value. repeatTime
// stays int32_t here rather than CANN's uint8_t so that 256 and up are reported instead of wrapping.
#define OPKIT_VEC_BINARY(NAME, OP, TYPES, ...)                                                                 \
  template <typename T>                                                                                        \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                 \
            const int32_t& count, OPKIT_SIM_HERE) {                                                            \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    opkit::sim::detail::binary_count<OP>(#NAME, dst, src0, src1, count, where);                                \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                 \
            uint64_t mask[], const int32_t repeatTime, const BinaryRepeatParams& repeatParams,                 \
            OPKIT_SIM_HERE) {                                                                                  \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    namespace d = opkit::sim::detail;                                                                          \
    const d::MaskPlan p = d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTime, isSetMask, where);         \
    d::binary_masked<OP>(#NAME, dst, src0, src1, p, repeatParams, where);                                      \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                 \
            uint64_t mask, const int32_t repeatTime, const BinaryRepeatParams& repeatParams, OPKIT_SIM_HERE) { \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    namespace d = opkit::sim::detail;                                                                          \
    const d::MaskPlan p = d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTime, isSetMask, where);         \
    d::binary_masked<OP>(#NAME, dst, src0, src1, p, repeatParams, where);                                      \
  }                                                                                                            \
  OPKIT_REJECT_UNMATCHED(NAME, "CANN declares " #NAME "(dst, src0, src1, count) and " #NAME                    \
                         "(dst, src0, src1, mask, repeatTime, BinaryRepeatParams) with dst, src0 and src1 all "  \
                         "LocalTensor<T> of one element type T (" TYPES "); Cast an operand of another type first.")

OPKIT_VEC_BINARY(Add, opkit::sim::detail::OpAdd, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Sub, opkit::sim::detail::OpSub, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Mul, opkit::sim::detail::OpMul, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Max, opkit::sim::detail::OpMax, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Min, opkit::sim::detail::OpMin, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Div, opkit::sim::detail::OpDiv, "half and float", half, float)
OPKIT_VEC_BINARY(And, opkit::sim::detail::OpAnd, "int16_t and uint16_t", int16_t, uint16_t)
OPKIT_VEC_BINARY(Or, opkit::sim::detail::OpOr, "int16_t and uint16_t", int16_t, uint16_t)
#undef OPKIT_VEC_BINARY

#define OPKIT_VEC_UNARY(NAME, TYPES, FN, ...)                                                                  \
  template <typename T>                                                                                        \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, OPKIT_SIM_HERE) {      \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    opkit::sim::detail::unary_count(#NAME, dst, src, count,                                                    \
                                    opkit::sim::detail::count_form<FN, opkit::sim::detail::compute_t<T>>(),    \
                                    where);                                                                    \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[], const int32_t repeatTime,   \
            const UnaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {                                           \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    namespace d = opkit::sim::detail;                                                                          \
    const d::MaskPlan p = d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTime, isSetMask, where);         \
    if constexpr (std::is_same_v<T, int8_t>) d::ub_scratch_mask(#NAME, mask, where, 4); /* 310B's int8 Abs */  \
    d::unary_masked(#NAME, dst, src, p, repeatParams,                                                          \
                    [](d::compute_t<T> x) OPKIT_VEC_LAMBDA { return FN::apply(x); }, where);                   \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const int32_t repeatTime,     \
            const UnaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {                                           \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    namespace d = opkit::sim::detail;                                                                          \
    const d::MaskPlan p = d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTime, isSetMask, where);         \
    d::unary_masked(#NAME, dst, src, p, repeatParams,                                                          \
                    [](d::compute_t<T> x) OPKIT_VEC_LAMBDA { return FN::apply(x); }, where);                   \
  }                                                                                                            \
  OPKIT_REJECT_UNMATCHED(NAME, "CANN declares " #NAME "(dst, src, count) and " #NAME                           \
                         "(dst, src, mask, repeatTime, UnaryRepeatParams) with dst and src both LocalTensor<T> "  \
                         "of one element type T (" TYPES "); Cast first to change the type.")

OPKIT_VEC_UNARY(Exp, "half and float", opkit::sim::detail::OpExp, half, float)
OPKIT_VEC_UNARY(Ln, "half and float", opkit::sim::detail::OpLn, half, float)
#if OPKIT_SOC_ARCH == 3002
// 310B's vabs also takes int8_t, int16_t and int32_t, in every form (asc-devkit impl/basic_api/dav_m300/
// kernel_operator_vec_unary_impl.h); the other SoCs' Abs checks for half and float only.
OPKIT_VEC_UNARY(Abs, "int8_t, int16_t, half, int32_t and float", opkit::sim::detail::OpAbs, int8_t, int16_t, half,
                int32_t, float)
#else
OPKIT_VEC_UNARY(Abs, "half and float", opkit::sim::detail::OpAbs, half, float)
#endif
OPKIT_VEC_UNARY(Sqrt, "half and float", opkit::sim::detail::OpSqrt, half, float)
OPKIT_VEC_UNARY(Rsqrt, "half and float", opkit::sim::detail::OpRsqrt, half, float)
OPKIT_VEC_UNARY(Reciprocal, "half and float", opkit::sim::detail::OpReciprocal, half, float)
OPKIT_VEC_UNARY(Relu, "half, int32_t and float", opkit::sim::detail::OpRelu, half, int32_t, float)
OPKIT_VEC_UNARY(Not, "int16_t and uint16_t", opkit::sim::detail::OpNot, int16_t, uint16_t)
#undef OPKIT_VEC_UNARY

// Tensor-scalar APIs. CANN declares each form twice: `const T& scalarValue` (T deduced from the tensors AND the
// scalar, so they must agree) and `const U& scalarValue` enabled only when U is PrimT<T> (the element type of a
// TensorTrait tensor). Either way the scalar's type must be the element type exactly: `Adds(h, h, 1.5f, n)` on half
// tensors is refused; `Adds(h, h, half(1.5f), n)` and `Adds<half>(h, h, 1.5f, n)` are accepted. The first overload
// is the more specialised one, so a call both accept is not ambiguous. MASK_TAIL1/2 are extra trailing parameters
// of the mask forms (ShiftRight's roundEn: defaulted in the first overload only, as CANN has it).
#define OPKIT_VEC_SCALAR(NAME, TYPES, CHECK, EXPR, MASK_TAIL1, MASK_TAIL2, ...)                                \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count,  \
            OPKIT_SIM_HERE) {                                                                                  \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    namespace d = opkit::sim::detail;                                                                          \
    using C = d::compute_t<T>;                                                                                 \
    const C k = static_cast<C>(scalarValue);                                                                   \
    CHECK;                                                                                                     \
    d::unary_count(#NAME, dst, src, count,                                                                     \
                   [k](C x) OPKIT_VEC_LAMBDA { return static_cast<C>(EXPR); }, where);                         \
  }                                                                                                            \
  template <typename T, typename U, bool isSetMask = true,                                                     \
            std::enable_if_t<std::is_same_v<PrimT<T>, U>, bool> = true>                                        \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue, const int32_t& count,  \
            OPKIT_SIM_HERE) {                                                                                  \
    NAME<T, isSetMask>(dst, src, static_cast<const T&>(scalarValue), count, where);                            \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask[],       \
            const int32_t repeatTime, const UnaryRepeatParams& repeatParams MASK_TAIL1, OPKIT_SIM_HERE) {      \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    namespace d = opkit::sim::detail;                                                                          \
    using C = d::compute_t<T>;                                                                                 \
    const C k = static_cast<C>(scalarValue);                                                                   \
    CHECK;                                                                                                     \
    const d::MaskPlan p = d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTime, isSetMask, where);         \
    d::unary_masked(#NAME, dst, src, p, repeatParams,                                                          \
                    [k](C x) OPKIT_VEC_LAMBDA { return static_cast<C>(EXPR); }, where);                        \
  }                                                                                                            \
  template <typename T, typename U, bool isSetMask = true,                                                     \
            std::enable_if_t<std::is_same_v<PrimT<T>, U>, bool> = true>                                        \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue, uint64_t mask[],       \
            const int32_t repeatTime, const UnaryRepeatParams& repeatParams MASK_TAIL2, OPKIT_SIM_HERE) {      \
    NAME<T, isSetMask>(dst, src, static_cast<const T&>(scalarValue), mask, repeatTime,                         \
                       repeatParams OPKIT_FORWARD_##MASK_TAIL2, where);                                       \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask,         \
            const int32_t repeatTime, const UnaryRepeatParams& repeatParams MASK_TAIL1, OPKIT_SIM_HERE) {      \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    namespace d = opkit::sim::detail;                                                                          \
    using C = d::compute_t<T>;                                                                                 \
    const C k = static_cast<C>(scalarValue);                                                                   \
    CHECK;                                                                                                     \
    const d::MaskPlan p = d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTime, isSetMask, where);         \
    d::unary_masked(#NAME, dst, src, p, repeatParams,                                                          \
                    [k](C x) OPKIT_VEC_LAMBDA { return static_cast<C>(EXPR); }, where);                        \
  }                                                                                                            \
  template <typename T, typename U, bool isSetMask = true,                                                     \
            std::enable_if_t<std::is_same_v<PrimT<T>, U>, bool> = true>                                        \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue, uint64_t mask,         \
            const int32_t repeatTime, const UnaryRepeatParams& repeatParams MASK_TAIL2, OPKIT_SIM_HERE) {      \
    NAME<T, isSetMask>(dst, src, static_cast<const T&>(scalarValue), mask, repeatTime,                         \
                       repeatParams OPKIT_FORWARD_##MASK_TAIL2, where);                                       \
  }                                                                                                            \
  OPKIT_REJECT_UNMATCHED(NAME, "CANN declares " #NAME "(dst, src, scalarValue, count) and " #NAME              \
                         "(dst, src, scalarValue, mask, repeatTime, UnaryRepeatParams) with dst and src "       \
                         "LocalTensor<T> of one element type T (" TYPES ") and scalarValue of type T exactly: " \
                         "no conversion is made, so a float or int literal does not match a half or int16_t "   \
                         "tensor. Convert the scalar, e.g. static_cast<T>(value), or name T: " #NAME "<T>(...).")

#define OPKIT_NO_TAIL
#define OPKIT_ROUND_TAIL1 , bool /*roundEn*/ = false
#define OPKIT_ROUND_TAIL2 , bool /*roundEn*/
// What the U overloads pass on for MASK_TAIL2 before `where` (roundEn is unnamed there and not simulated).
#define OPKIT_FORWARD_OPKIT_NO_TAIL
#define OPKIT_FORWARD_OPKIT_ROUND_TAIL2 , false
#define OPKIT_NO_CHECK (void)0
#define OPKIT_SHIFT_CHECK(NAME) d::check_shift<T>(#NAME, k, where)
OPKIT_VEC_SCALAR(Adds, "int16_t, half, int32_t and float", OPKIT_NO_CHECK, d::OpAdd::apply(x, k), OPKIT_NO_TAIL,
                 OPKIT_NO_TAIL, int16_t, half, int32_t, float)
OPKIT_VEC_SCALAR(Muls, "int16_t, half, int32_t and float", OPKIT_NO_CHECK, d::OpMul::apply(x, k), OPKIT_NO_TAIL,
                 OPKIT_NO_TAIL, int16_t, half, int32_t, float)
OPKIT_VEC_SCALAR(Maxs, "int16_t, half, int32_t and float", OPKIT_NO_CHECK, d::OpMax::apply(x, k), OPKIT_NO_TAIL,
                 OPKIT_NO_TAIL, int16_t, half, int32_t, float)
OPKIT_VEC_SCALAR(Mins, "int16_t, half, int32_t and float", OPKIT_NO_CHECK, d::OpMin::apply(x, k), OPKIT_NO_TAIL,
                 OPKIT_NO_TAIL, int16_t, half, int32_t, float)
OPKIT_VEC_SCALAR(LeakyRelu, "half and float", OPKIT_NO_CHECK, d::pick(x < 0, x * k, x), OPKIT_NO_TAIL,
                 OPKIT_NO_TAIL, half, float)
// Ascend 950's shift by a tensor of amounts (defined in binary950.h), declared here so that the scalar forms'
// catch-all below sees them.
template <typename T, typename U>
void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1,
               const int32_t& count, OPKIT_SIM_HERE);
template <typename T, typename U>
void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1,
                const int32_t& count, OPKIT_SIM_HERE);
OPKIT_VEC_SCALAR(ShiftLeft, "int16_t, uint16_t, int32_t and uint32_t", OPKIT_SHIFT_CHECK(ShiftLeft),
                 d::wide_unsigned_t<C>(x) << k, OPKIT_NO_TAIL, OPKIT_NO_TAIL, int16_t, uint16_t, int32_t, uint32_t)
// Signed operands shift arithmetically (sign bits come in), unsigned ones logically. roundEn (round the shifted-out
// bits) is accepted and not simulated.
OPKIT_VEC_SCALAR(ShiftRight, "int16_t, uint16_t, int32_t and uint32_t", OPKIT_SHIFT_CHECK(ShiftRight), x >> k,
                 OPKIT_ROUND_TAIL1, OPKIT_ROUND_TAIL2, int16_t, uint16_t, int32_t, uint32_t)
#undef OPKIT_SHIFT_CHECK
#undef OPKIT_NO_CHECK
#undef OPKIT_FORWARD_OPKIT_ROUND_TAIL2
#undef OPKIT_FORWARD_OPKIT_NO_TAIL
#undef OPKIT_ROUND_TAIL2
#undef OPKIT_ROUND_TAIL1
#undef OPKIT_NO_TAIL
#undef OPKIT_VEC_SCALAR

}  // namespace AscendC
