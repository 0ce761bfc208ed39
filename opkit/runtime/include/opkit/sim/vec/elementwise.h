// Element-wise vector instructions: binary (Add..Min, And, Or), unary (Exp..Relu, Not), tensor-scalar (Adds..ShiftRight,
// LeakyRelu), Axpy and Duplicate, each in count form and mask/repeat form (continuous and bit mask).
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "opkit/sim/vec/common.h"
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
                  int64_t count) {
  const uint64_t n = count_arg(api, count);
  require_ub_operand(api, "dst", dst, n * sizeof(T));
  require_ub_operand(api, "src0", a, n * sizeof(T));
  require_ub_operand(api, "src1", b, n * sizeof(T));
  map_binary(dst.opkit_addr, a.opkit_addr, b.opkit_addr, static_cast<int64_t>(n),
             [](compute_t<T> x, compute_t<T> y) OPKIT_VEC_LAMBDA { return Op::apply(x, y); });
}

template <typename Op, typename T>
void binary_masked(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b,
                   const MaskPlan& p, const AscendC::BinaryRepeatParams& s) {
  require_ub_operand(api, "dst", dst, span_bytes<T>(p, s.dstBlkStride, s.dstRepStride));
  require_ub_operand(api, "src0", a, span_bytes<T>(p, s.src0BlkStride, s.src0RepStride));
  require_ub_operand(api, "src1", b, span_bytes<T>(p, s.src1BlkStride, s.src1RepStride));
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
void unary_count(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, int64_t count, F f) {
  const uint64_t n = count_arg(api, count);
  require_ub_operand(api, "dst", dst, n * sizeof(T));
  require_ub_operand(api, "src", src, n * sizeof(T));
  map_unary(dst.opkit_addr, src.opkit_addr, static_cast<int64_t>(n), f);
}

template <typename T, typename F>
void unary_masked(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, const MaskPlan& p,
                  const AscendC::UnaryRepeatParams& s, F f) {
  require_ub_operand(api, "dst", dst, span_bytes<T>(p, s.dstBlkStride, s.dstRepStride));
  require_ub_operand(api, "src", src, span_bytes<T>(p, s.srcBlkStride, s.srcRepStride));
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const compute_t<T> x = slot(src, r, j, s.srcBlkStride, s.srcRepStride);
    slot(dst, r, j, s.dstBlkStride, s.dstRepStride) = T(f(x));
  });
}

template <typename T>
void check_shift(const char* api, compute_t<T> k) {
  bool negative = false;
  if constexpr (std::is_signed_v<compute_t<T>>) negative = k < 0;
  if (negative || static_cast<uint64_t>(k) >= sizeof(T) * 8) {
    fault(api, cat("shift ", static_cast<int64_t>(k), " is outside [0, ", sizeof(T) * 8 - 1, "]"));
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_VEC_BINARY(NAME, OP, TYPES, ...)                                                                 \
  template <typename T>                                                                                        \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                 \
            const int32_t& count) {                                                                            \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on Ascend910B");    \
    opkit::sim::detail::binary_count<OP>(#NAME, dst, src0, src1, count);                                       \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                 \
            const uint64_t mask[], const int32_t repeatTimes, const BinaryRepeatParams& params) {              \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on Ascend910B");    \
    namespace d = opkit::sim::detail;                                                                          \
    d::binary_masked<OP>(#NAME, dst, src0, src1,                                                               \
                         d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTimes, isSetMask), params);       \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                 \
            const uint64_t mask, const int32_t repeatTimes, const BinaryRepeatParams& params) {                \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on Ascend910B");    \
    namespace d = opkit::sim::detail;                                                                          \
    d::binary_masked<OP>(#NAME, dst, src0, src1,                                                               \
                         d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTimes, isSetMask), params);       \
  }

OPKIT_VEC_BINARY(Add, opkit::sim::detail::OpAdd, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Sub, opkit::sim::detail::OpSub, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Mul, opkit::sim::detail::OpMul, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Max, opkit::sim::detail::OpMax, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Min, opkit::sim::detail::OpMin, "int16_t, half, int32_t and float", int16_t, half, int32_t, float)
OPKIT_VEC_BINARY(Div, opkit::sim::detail::OpDiv, "half and float", half, float)
OPKIT_VEC_BINARY(And, opkit::sim::detail::OpAnd, "int16_t and uint16_t", int16_t, uint16_t)
OPKIT_VEC_BINARY(Or, opkit::sim::detail::OpOr, "int16_t and uint16_t", int16_t, uint16_t)
#undef OPKIT_VEC_BINARY

// Unary and tensor-scalar APIs: EXPR computes the result from `x` (compute type) and, for scalar forms, `k`.
#define OPKIT_VEC_UNARY(NAME, TYPES, FN, ...)                                                                  \
  template <typename T>                                                                                        \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {                      \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on Ascend910B");    \
    opkit::sim::detail::unary_count(#NAME, dst, src, count,                                                    \
                                    opkit::sim::detail::count_form<FN, opkit::sim::detail::compute_t<T>>());   \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],                       \
            const int32_t repeatTimes, const UnaryRepeatParams& params) {                                      \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on Ascend910B");    \
    namespace d = opkit::sim::detail;                                                                          \
    d::unary_masked(#NAME, dst, src, d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTimes, isSetMask),    \
                    params, [](d::compute_t<T> x) OPKIT_VEC_LAMBDA { return FN::apply(x); });                  \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask,                         \
            const int32_t repeatTimes, const UnaryRepeatParams& params) {                                      \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on Ascend910B");    \
    namespace d = opkit::sim::detail;                                                                          \
    d::unary_masked(#NAME, dst, src, d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTimes, isSetMask),    \
                    params, [](d::compute_t<T> x) OPKIT_VEC_LAMBDA { return FN::apply(x); });                  \
  }

OPKIT_VEC_UNARY(Exp, "half and float", opkit::sim::detail::OpExp, half, float)
OPKIT_VEC_UNARY(Ln, "half and float", opkit::sim::detail::OpLn, half, float)
OPKIT_VEC_UNARY(Abs, "half and float", opkit::sim::detail::OpAbs, half, float)
OPKIT_VEC_UNARY(Sqrt, "half and float", opkit::sim::detail::OpSqrt, half, float)
OPKIT_VEC_UNARY(Rsqrt, "half and float", opkit::sim::detail::OpRsqrt, half, float)
OPKIT_VEC_UNARY(Reciprocal, "half and float", opkit::sim::detail::OpReciprocal, half, float)
OPKIT_VEC_UNARY(Relu, "half, int32_t and float", opkit::sim::detail::OpRelu, half, int32_t, float)
OPKIT_VEC_UNARY(Not, "int16_t and uint16_t", opkit::sim::detail::OpNot, int16_t, uint16_t)
#undef OPKIT_VEC_UNARY

#define OPKIT_VEC_SCALAR(NAME, TYPES, CHECK, EXPR, ...)                                                        \
  template <typename T>                                                                                        \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                                              \
            const opkit::sim::detail::scalar_t<T>& scalarValue, const int32_t& count) {                        \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on Ascend910B");    \
    namespace d = opkit::sim::detail;                                                                          \
    using C = d::compute_t<T>;                                                                                 \
    const C k = static_cast<C>(scalarValue);                                                                   \
    CHECK;                                                                                                     \
    d::unary_count(#NAME, dst, src, count,                                                                     \
                   [k](C x) OPKIT_VEC_LAMBDA { return static_cast<C>(EXPR); });                                \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                                              \
            const opkit::sim::detail::scalar_t<T>& scalarValue, const uint64_t mask[],                         \
            const int32_t repeatTimes, const UnaryRepeatParams& params) {                                      \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on Ascend910B");    \
    namespace d = opkit::sim::detail;                                                                          \
    using C = d::compute_t<T>;                                                                                 \
    const C k = static_cast<C>(scalarValue);                                                                   \
    CHECK;                                                                                                     \
    d::unary_masked(#NAME, dst, src, d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTimes, isSetMask),    \
                    params, [k](C x) OPKIT_VEC_LAMBDA { return static_cast<C>(EXPR); });                       \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                                              \
            const opkit::sim::detail::scalar_t<T>& scalarValue, const uint64_t mask,                           \
            const int32_t repeatTimes, const UnaryRepeatParams& params) {                                      \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on Ascend910B");    \
    namespace d = opkit::sim::detail;                                                                          \
    using C = d::compute_t<T>;                                                                                 \
    const C k = static_cast<C>(scalarValue);                                                                   \
    CHECK;                                                                                                     \
    d::unary_masked(#NAME, dst, src, d::plan_mask(#NAME, d::kRepeatElems<T>, mask, repeatTimes, isSetMask),    \
                    params, [k](C x) OPKIT_VEC_LAMBDA { return static_cast<C>(EXPR); });                       \
  }

#define OPKIT_NO_CHECK (void)0
#define OPKIT_SHIFT_CHECK(NAME) d::check_shift<T>(#NAME, k)
OPKIT_VEC_SCALAR(Adds, "int16_t, half, int32_t and float", OPKIT_NO_CHECK, d::OpAdd::apply(x, k), int16_t, half,
                 int32_t, float)
OPKIT_VEC_SCALAR(Muls, "int16_t, half, int32_t and float", OPKIT_NO_CHECK, d::OpMul::apply(x, k), int16_t, half,
                 int32_t, float)
OPKIT_VEC_SCALAR(Maxs, "int16_t, half, int32_t and float", OPKIT_NO_CHECK, d::OpMax::apply(x, k), int16_t, half,
                 int32_t, float)
OPKIT_VEC_SCALAR(Mins, "int16_t, half, int32_t and float", OPKIT_NO_CHECK, d::OpMin::apply(x, k), int16_t, half,
                 int32_t, float)
OPKIT_VEC_SCALAR(LeakyRelu, "half and float", OPKIT_NO_CHECK, d::pick(x < 0, x * k, x), half, float)
OPKIT_VEC_SCALAR(ShiftLeft, "int16_t, uint16_t, int32_t and uint32_t", OPKIT_SHIFT_CHECK(ShiftLeft),
                 d::wide_unsigned_t<C>(x) << k, int16_t, uint16_t, int32_t, uint32_t)
// Signed operands shift arithmetically (sign bits come in), unsigned ones logically.
OPKIT_VEC_SCALAR(ShiftRight, "int16_t, uint16_t, int32_t and uint32_t", OPKIT_SHIFT_CHECK(ShiftRight), x >> k,
                 int16_t, uint16_t, int32_t, uint32_t)
#undef OPKIT_SHIFT_CHECK
#undef OPKIT_NO_CHECK
#undef OPKIT_VEC_SCALAR

// dst[i] = dst[i] + src[i] * scalar; half -> float accumulates half inputs into a float dst.
template <typename T, typename U>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const opkit::sim::detail::scalar_t<U> scalarValue,
          const int32_t& count) {
  static_assert((std::is_same_v<T, U> && opkit::sim::detail::one_of_v<T, half, float>) ||
                    (std::is_same_v<T, float> && std::is_same_v<U, half>),
                "Axpy supports half, float and half->float (float dst, half src) on Ascend910B");
  namespace d = opkit::sim::detail;
  const uint64_t n = d::count_arg("Axpy", count);
  d::require_ub_operand("Axpy", "dst", dst, n * sizeof(T));
  d::require_ub_operand("Axpy", "src", src, n * sizeof(U));
  const float k = static_cast<float>(scalarValue);
  T* out = dst.opkit_addr;
  const U* in = src.opkit_addr;
  for (uint64_t i = 0; i < n; ++i) out[i] = T(static_cast<float>(out[i]) + static_cast<float>(in[i]) * k);
}

template <typename T, typename U, bool isSetMask = true>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const opkit::sim::detail::scalar_t<U> scalarValue,
          const uint64_t mask, const int32_t repeatTimes, const UnaryRepeatParams& params) {
  static_assert((std::is_same_v<T, U> && opkit::sim::detail::one_of_v<T, half, float>) ||
                    (std::is_same_v<T, float> && std::is_same_v<U, half>),
                "Axpy supports half, float and half->float (float dst, half src) on Ascend910B");
  namespace d = opkit::sim::detail;
  // Mixed widths: a repeat holds as many slots as the wider (dst) operand has in 256 B.
  const d::MaskPlan p = d::plan_mask("Axpy", d::kRepeatElems<T>, mask, repeatTimes, isSetMask);
  d::require_ub_operand("Axpy", "dst", dst, d::span_bytes<T>(p, params.dstBlkStride, params.dstRepStride));
  d::require_ub_operand("Axpy", "src", src, d::span_bytes<U>(p, params.srcBlkStride, params.srcRepStride));
  const float k = static_cast<float>(scalarValue);
  d::for_each_slot(p, [&](uint32_t r, uint32_t j) {
    T& out = d::slot(dst, r, j, params.dstBlkStride, params.dstRepStride);
    out = T(static_cast<float>(out) + static_cast<float>(d::slot(src, r, j, params.srcBlkStride,
                                                                   params.srcRepStride)) * k);
  });
}

template <typename T>
void Duplicate(const LocalTensor<T>& dst, const opkit::sim::detail::scalar_t<T>& scalarValue, const int32_t& count) {
  static_assert(opkit::sim::detail::one_of_v<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>,
                "Duplicate supports int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t and float on Ascend910B");
  namespace d = opkit::sim::detail;
  const uint64_t n = d::count_arg("Duplicate", count);
  d::require_ub_operand("Duplicate", "dst", dst, n * sizeof(T));
  T* out = dst.opkit_addr;
  const T v = scalarValue;
  for (uint64_t i = 0; i < n; ++i) out[i] = v;
}

template <typename T, bool isSetMask = true, typename M>
void Duplicate(const LocalTensor<T>& dst, const opkit::sim::detail::scalar_t<T>& scalarValue, M mask,
               const int32_t repeatTimes, const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
  static_assert(opkit::sim::detail::one_of_v<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>,
                "Duplicate supports int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t and float on Ascend910B");
  namespace d = opkit::sim::detail;
  const d::MaskPlan p = d::plan_mask("Duplicate", d::kRepeatElems<T>, mask, repeatTimes, isSetMask);
  d::require_ub_operand("Duplicate", "dst", dst, d::span_bytes<T>(p, dstBlockStride, dstRepeatStride));
  const T v = scalarValue;
  d::for_each_slot(p, [&](uint32_t r, uint32_t j) { d::slot(dst, r, j, dstBlockStride, dstRepeatStride) = v; });
}

}  // namespace AscendC
