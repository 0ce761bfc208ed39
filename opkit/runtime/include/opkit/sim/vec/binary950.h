// Ascend 950's level-2 (count form) vector APIs that the older SoCs lack (asc-devkit include/basic_api/
// kernel_operator_vec_{binary,binary_scalar,unary,vconv}_intf.h, implemented for dav-3510 only in impl/basic_api/
// dav_3510): AbsSub/FusedAbsSub, ExpSub/FusedExpSub, Prelu, Mull, ShiftLeft/ShiftRight by a tensor, Neg, Truncate,
// the scalar-operand Subs/Divs/Ands/Ors and MulsCast/FusedMulsCast. Each refuses, at compile time, a kernel built
// for another SoC, and each dtype CANN's dav_3510 implementation does not list. Computed element by element in the
// element type's compute type (float for half and bfloat16), rounded once into the destination.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/elementwise.h"

namespace AscendC {

// CANN's kernel_struct_binary.h: which of two tensor operands of a scalar-operand API is the single-point "scalar"
// tensor (its element 0 is used).
struct BinaryConfig {
  int8_t scalarTensorIndex = 1;
};
constexpr BinaryConfig DEFAULT_BINARY_CONFIG = {1};
struct BinaryDefaultType {};

}  // namespace AscendC

// A static_assert that fires on instantiation when the kernel is not compiled for Ascend 950.
#define OPKIT_ONLY_950(NAME, T)                                                                                \
  static_assert(OPKIT_SOC_ARCH == 3510 || ::opkit::sim::detail::always_false_v<T>,                             \
                NAME " is available on Ascend950 only (CANN implements it for dav-3510); this kernel is "      \
                     "compiled for " OPKIT_SOC_NAME)

namespace opkit::sim::detail {

template <typename T>
inline constexpr bool is_local_tensor_v = false;
template <typename T>
inline constexpr bool is_local_tensor_v<AscendC::LocalTensor<T>> = true;

// dst[i] = D(f(a[i], b[i])) over `count` elements, operands checked to lie in this block's UB.
template <typename D, typename S0, typename S1, typename F>
void zip_count(const char* api, const LocalTensor<D>& dst, const LocalTensor<S0>& a, const LocalTensor<S1>& b,
               int64_t count, F f, const SourceLoc& where) {
  const uint64_t n = count_arg(api, count, where);
  require_ub_operand(api, "dst", dst, n * sizeof(D), where);
  require_ub_operand(api, "src0", a, n * sizeof(S0), where);
  require_ub_operand(api, "src1", b, n * sizeof(S1), where);
  for (uint64_t i = 0; i < n; ++i) {
    dst.opkit_addr[i] = static_cast<D>(f(compute_t<S0>(a.opkit_addr[i]), compute_t<S1>(b.opkit_addr[i]), i));
  }
}

template <typename D, typename S, typename F>
void map_count(const char* api, const LocalTensor<D>& dst, const LocalTensor<S>& src, int64_t count, F f,
               const SourceLoc& where) {
  const uint64_t n = count_arg(api, count, where);
  require_ub_operand(api, "dst", dst, n * sizeof(D), where);
  require_ub_operand(api, "src", src, n * sizeof(S), where);
  for (uint64_t i = 0; i < n; ++i) dst.opkit_addr[i] = static_cast<D>(f(compute_t<S>(src.opkit_addr[i])));
}

template <typename C>
C wrap_neg(C x) {
  if constexpr (std::is_integral_v<C>) {
    return static_cast<C>(std::make_unsigned_t<C>(0) - static_cast<std::make_unsigned_t<C>>(x));
  } else {
    return -x;
  }
}

// A per-element shift amount of a signed type: it must lie in [0, bits of T).
template <typename T, typename U>
void check_shift_elem(const char* api, U k, uint64_t i, const SourceLoc& where) {
  if (k < 0 || static_cast<uint64_t>(k) >= sizeof(T) * 8) {
    fault(api, cat("src1[", i, "] = ", static_cast<int64_t>(k), " is outside the shift range [0, ", sizeof(T) * 8 - 1,
                   "]"),
          where);
  }
}

// Divs on integers: truncates toward zero; a zero divisor is a kernel bug.
template <typename C>
C div_checked(C a, C b, const SourceLoc& where) {
  if constexpr (std::is_integral_v<C>) {
    if (b == 0) fault("Divs", "integer division by zero", where);
  }
  return a / b;
}

// Subs/Divs/Ands/Ors/MulsCast: one of src0/src1 is a scalar of the tensor's element type, or both are tensors and
// the one at config.scalarTensorIndex is read at element 0. `f(x, k)` gets the tensor element and the scalar in
// operand order fixed by `scalar_first`.
template <typename D, typename S, const AscendC::BinaryConfig& config, typename Src0, typename Src1, typename F>
void scalar_operand_count(const char* api, const LocalTensor<D>& dst, const Src0& src0, const Src1& src1,
                          int64_t count, F f, const SourceLoc& where) {
  constexpr bool t0 = is_local_tensor_v<Src0>, t1 = is_local_tensor_v<Src1>;
  static_assert(t0 || t1, "one of src0 and src1 must be a LocalTensor (CANN: One of src0 and src1 should be Tensor)");
  using C = compute_t<S>;
  if constexpr (t0 && t1) {
    static_assert(std::is_same_v<Src0, Src1>, "src0 and src1 must be LocalTensors of one element type");
    static_assert(config.scalarTensorIndex == 0 || config.scalarTensorIndex == 1, "scalarTensorIndex out of range");
    const auto& one = config.scalarTensorIndex == 0 ? src0 : src1;
    const auto& many = config.scalarTensorIndex == 0 ? src1 : src0;
    require_ub_operand(api, config.scalarTensorIndex == 0 ? "src0" : "src1", one, sizeof(S), where);
    const C k = static_cast<C>(one.opkit_addr[0]);
    map_count(api, dst, many, count,
              [&](C x) { return config.scalarTensorIndex == 0 ? f(k, x) : f(x, k); }, where);
  } else if constexpr (t0) {
    static_assert(std::is_same_v<Src1, S>, "the scalar operand must have the tensor's element type exactly");
    const C k = static_cast<C>(src1);
    map_count(api, dst, src0, count, [&](C x) { return f(x, k); }, where);
  } else {
    static_assert(std::is_same_v<Src0, S>, "the scalar operand must have the tensor's element type exactly");
    const C k = static_cast<C>(src0);
    map_count(api, dst, src1, count, [&](C x) { return f(k, x); }, where);
  }
}

template <typename Src0, typename Src1>
struct tensor_prim {
  using type = typename std::conditional_t<is_local_tensor_v<Src0>, Src0, Src1>::PrimType;
};

}  // namespace opkit::sim::detail

namespace AscendC {

// dst = |src0 - src1| (FusedAbsSub is CANN's older name): half, float.
template <typename T>
void AbsSub(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const uint32_t count,
            OPKIT_SIM_HERE) {
  OPKIT_ONLY_950("AbsSub", T);
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "AbsSub supports half and float on Ascend950");
  opkit::sim::detail::zip_count("AbsSub", dst, src0, src1, count, [](auto x, auto y, uint64_t) {
    return std::fabs(x - y);
  }, where);
}
template <typename T>
void FusedAbsSub(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                 const uint32_t count, OPKIT_SIM_HERE) {
  AbsSub(dst, src0, src1, count, where);
}

// dst = exp(float(src0) - float(src1)), dst float, src half or float (FusedExpSub is the older name).
template <typename T, typename U>
void ExpSub(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const uint32_t count,
            OPKIT_SIM_HERE) {
  OPKIT_ONLY_950("ExpSub", T);
  static_assert(std::is_same_v<T, float> && opkit::sim::detail::one_of_v<U, half, float>,
                "ExpSub supports dst float with src half or float on Ascend950");
  opkit::sim::detail::zip_count("ExpSub", dst, src0, src1, count, [](float x, float y, uint64_t) {
    return std::exp(x - y);
  }, where);
}
template <typename T, typename U>
void FusedExpSub(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                 const uint32_t count, OPKIT_SIM_HERE) {
  ExpSub(dst, src0, src1, count, where);
}

// dst = src0 >= 0 ? src0 : src0 * src1: half, float.
template <typename T>
void Prelu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const uint32_t count,
           OPKIT_SIM_HERE) {
  OPKIT_ONLY_950("Prelu", T);
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "Prelu supports half and float on Ascend950");
  opkit::sim::detail::zip_count("Prelu", dst, src0, src1, count, [](auto x, auto y, uint64_t) {
    return x >= 0 ? x : x * y;
  }, where);
}

// dst0 = the low 32 bits of src0 * src1, dst1 = the high 32 bits (the 64-bit product, signed for int32_t).
template <typename T>
void Mull(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src0,
          const LocalTensor<T>& src1, const uint32_t count, OPKIT_SIM_HERE) {
  OPKIT_ONLY_950("Mull", T);
  static_assert(opkit::sim::detail::one_of_v<T, int32_t, uint32_t>, "Mull supports int32_t and uint32_t on Ascend950");
  namespace d = opkit::sim::detail;
  d::require_ub_operand("Mull", "dst1", dst1, uint64_t(count) * sizeof(T), where);
  using W = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
  std::vector<T> high(count);  // written after dst0, so dst1 may alias a source
  d::zip_count("Mull", dst0, src0, src1, count, [&](T x, T y, uint64_t i) {
    const uint64_t p = static_cast<uint64_t>(static_cast<W>(x) * static_cast<W>(y));
    high[i] = static_cast<T>(static_cast<uint32_t>(p >> 32));
    return static_cast<T>(static_cast<uint32_t>(p));
  }, where);
  for (uint32_t i = 0; i < count; ++i) dst1.opkit_addr[i] = high[i];
}

// dst = src0 << src1, src0 >> src1 by a tensor of shift amounts (declared in elementwise.h before the scalar forms'
// catch-all). Pairs (src0, src1): (int8, int8) (uint8, int8) (int16, int16) (uint16, int16) (int32, int32)
// (uint32, int32) (int64, int64) (uint64, int64). A signed src0 shifts right arithmetically. A shift amount outside
// [0, bits) is reported (what the device does with one is not documented).
template <typename T, typename U>
void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1,
               const int32_t& count, opkit::sim::detail::SourceLoc where) {
  OPKIT_ONLY_950("ShiftLeft (by a tensor)", T);
  static_assert(opkit::sim::detail::one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                                             uint64_t> && std::is_same_v<U, std::make_signed_t<T>>,
                "ShiftLeft by a tensor supports src0/src1 int8/int8, uint8/int8, int16/int16, uint16/int16, "
                "int32/int32, uint32/int32, int64/int64 and uint64/int64 on Ascend950");
  opkit::sim::detail::zip_count("ShiftLeft", dst, src0, src1, count, [&](T x, U k, uint64_t i) {
    opkit::sim::detail::check_shift_elem<T>("ShiftLeft", k, i, where);
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(x) << k);
  }, where);
}
template <typename T, typename U>
void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1,
                const int32_t& count, opkit::sim::detail::SourceLoc where) {
  OPKIT_ONLY_950("ShiftRight (by a tensor)", T);
  static_assert(opkit::sim::detail::one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                                             uint64_t> && std::is_same_v<U, std::make_signed_t<T>>,
                "ShiftRight by a tensor supports src0/src1 int8/int8, uint8/int8, int16/int16, uint16/int16, "
                "int32/int32, uint32/int32, int64/int64 and uint64/int64 on Ascend950");
  opkit::sim::detail::zip_count("ShiftRight", dst, src0, src1, count, [&](T x, U k, uint64_t i) {
    opkit::sim::detail::check_shift_elem<T>("ShiftRight", k, i, where);
    return static_cast<T>(x >> k);
  }, where);
}

// dst = -src (integers wrap: the most negative value stays): int8, int16, int32, int64, half, float.
template <typename T>
void Neg(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, OPKIT_SIM_HERE) {
  OPKIT_ONLY_950("Neg", T);
  static_assert(opkit::sim::detail::one_of_v<T, int8_t, int16_t, int32_t, int64_t, half, float>,
                "Neg supports int8_t, int16_t, int32_t, int64_t, half and float on Ascend950");
  opkit::sim::detail::map_count("Neg", dst, src, count, [](auto x) { return opkit::sim::detail::wrap_neg(x); },
                                where);
}

// dst = src rounded to an integral value by roundMode (RINT, FLOOR, CEIL, ROUND: half away from zero, TRUNC), kept
// in T: half, float, bfloat16_t.
template <typename T, RoundMode roundMode>
void Truncate(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, OPKIT_SIM_HERE) {
  OPKIT_ONLY_950("Truncate", T);
  static_assert(opkit::sim::detail::one_of_v<T, half, float, bfloat16_t>,
                "Truncate supports half, float and bfloat16_t on Ascend950");
  static_assert(roundMode == RoundMode::CAST_RINT || roundMode == RoundMode::CAST_FLOOR ||
                    roundMode == RoundMode::CAST_CEIL || roundMode == RoundMode::CAST_ROUND ||
                    roundMode == RoundMode::CAST_TRUNC,
                "Truncate supports RoundMode CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND and CAST_TRUNC");
  opkit::sim::detail::map_count("Truncate", dst, src, count, [](float x) {
    if constexpr (roundMode == RoundMode::CAST_RINT) return std::nearbyint(x);
    else if constexpr (roundMode == RoundMode::CAST_FLOOR) return std::floor(x);
    else if constexpr (roundMode == RoundMode::CAST_CEIL) return std::ceil(x);
    else if constexpr (roundMode == RoundMode::CAST_ROUND) return std::round(x);
    else return std::trunc(x);
  }, where);
}

// The scalar-operand level-2 forms: Subs(dst, src0, src1, count) with one of src0/src1 a scalar of the element type
// (or a single-point tensor at config.scalarTensorIndex). Integer Subs wraps; integer Divs truncates toward zero
// and reports a zero divisor. One template (scalar_operand_api) serves all four; each Op names its types and value.
}  // namespace AscendC

namespace opkit::sim::detail {

struct SubsOp {
  template <typename U, typename S, typename V, typename P = typename U::PrimType>
  static constexpr void check() {
    static_assert(is_local_tensor_v<U>, "Subs: dst must be a LocalTensor");
    OPKIT_ONLY_950("Subs", P);
    static_assert(std::is_same_v<P, typename tensor_prim<S, V>::type>,
                  "Subs: dst and the source tensor must have one element type");
    static_assert(one_of_v<P, half, bfloat16_t, int16_t, float, int32_t, int64_t, uint64_t>,
                  "Subs supports half, bfloat16_t, int16_t, float, int32_t, int64_t and uint64_t on Ascend950");
  }
  template <typename C>
  static C apply(C a, C b, const SourceLoc&) { return OpSub::apply(a, b); }
};
struct DivsOp {
  template <typename U, typename S, typename V, typename P = typename U::PrimType>
  static constexpr void check() {
    static_assert(is_local_tensor_v<U>, "Divs: dst must be a LocalTensor");
    OPKIT_ONLY_950("Divs", P);
    static_assert(std::is_same_v<P, typename tensor_prim<S, V>::type>,
                  "Divs: dst and the source tensor must have one element type");
    static_assert(one_of_v<P, half, float, int64_t, uint64_t>, "Divs supports half, float, int64_t and uint64_t on "
                                                               "Ascend950");
  }
  template <typename C>
  static C apply(C a, C b, const SourceLoc& where) { return div_checked(a, b, where); }
};
struct AndsOp {
  template <typename U, typename S, typename V, typename P = typename U::PrimType>
  static constexpr void check() {
    static_assert(is_local_tensor_v<U>, "Ands: dst must be a LocalTensor");
    OPKIT_ONLY_950("Ands", P);
    static_assert(std::is_same_v<P, typename tensor_prim<S, V>::type>,
                  "Ands: dst and the source tensor must have one element type");
    static_assert(one_of_v<P, int16_t, uint16_t, int64_t, uint64_t>, "Ands supports int16_t, uint16_t, int64_t and "
                                                                     "uint64_t on Ascend950");
  }
  template <typename C>
  static C apply(C a, C b, const SourceLoc&) { return static_cast<C>(a & b); }
};
struct OrsOp {
  template <typename U, typename S, typename V, typename P = typename U::PrimType>
  static constexpr void check() {
    static_assert(is_local_tensor_v<U>, "Ors: dst must be a LocalTensor");
    OPKIT_ONLY_950("Ors", P);
    static_assert(std::is_same_v<P, typename tensor_prim<S, V>::type>,
                  "Ors: dst and the source tensor must have one element type");
    static_assert(one_of_v<P, int16_t, uint16_t, int64_t, uint64_t>, "Ors supports int16_t, uint16_t, int64_t and "
                                                                     "uint64_t on Ascend950");
  }
  template <typename C>
  static C apply(C a, C b, const SourceLoc&) { return static_cast<C>(a | b); }
};

template <typename Op, const AscendC::BinaryConfig& config, typename U, typename S, typename V>
void scalar_operand_api(const char* api, const U& dst, const S& src0, const V& src1, int32_t count,
                        const SourceLoc& where) {
  Op::template check<U, S, V>();
  using P = typename U::PrimType;
  using C = compute_t<P>;
  scalar_operand_count<P, P, config>(api, dst, src0, src1, count,
                                     [&](C a, C b) -> C { return Op::apply(a, b, where); }, where);
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,
          typename U, typename S, typename V>
void Subs(const U& dst, const S& src0, const V& src1, const int32_t& count, OPKIT_SIM_HERE) {
  opkit::sim::detail::scalar_operand_api<opkit::sim::detail::SubsOp, config>("Subs", dst, src0, src1, count, where);
}
template <typename T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,
          typename U, typename S, typename V>
void Divs(const U& dst, const S& src0, const V& src1, const int32_t& count, OPKIT_SIM_HERE) {
  opkit::sim::detail::scalar_operand_api<opkit::sim::detail::DivsOp, config>("Divs", dst, src0, src1, count, where);
}
template <typename T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,
          typename U, typename S, typename V>
void Ands(const U& dst, const S& src0, const V& src1, const int32_t& count, OPKIT_SIM_HERE) {
  opkit::sim::detail::scalar_operand_api<opkit::sim::detail::AndsOp, config>("Ands", dst, src0, src1, count, where);
}
template <typename T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,
          typename U, typename S, typename V>
void Ors(const U& dst, const S& src0, const V& src1, const int32_t& count, OPKIT_SIM_HERE) {
  opkit::sim::detail::scalar_operand_api<opkit::sim::detail::OrsOp, config>("Ors", dst, src0, src1, count, where);
}

// dst (half) = half(src * scalar), src float; the scalar is a float or a single-point float tensor.
template <typename T0 = BinaryDefaultType, typename T1 = BinaryDefaultType,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, typename T2, typename T3, typename T4>
void MulsCast(const T2& dst, const T3& src0, const T4& src1, const uint32_t count, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::is_local_tensor_v<T2>, "MulsCast: dst must be a LocalTensor");
  using D = typename T2::PrimType;
  using S = typename opkit::sim::detail::tensor_prim<T3, T4>::type;
  OPKIT_ONLY_950("MulsCast", D);
  static_assert(std::is_same_v<D, half> && std::is_same_v<S, float>,
                "MulsCast supports dst half with src float on Ascend950");
  opkit::sim::detail::scalar_operand_count<D, S, config>("MulsCast", dst, src0, src1, count,
                                                         [](float a, float b) { return a * b; }, where);
}
template <typename T0 = BinaryDefaultType, typename T1 = BinaryDefaultType,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, typename T2, typename T3, typename T4>
void FusedMulsCast(const T2& dst, const T3& src0, const T4& src1, const uint32_t count, OPKIT_SIM_HERE) {
  MulsCast<T0, T1, config>(dst, src0, src1, count, where);
}

}  // namespace AscendC

#undef OPKIT_ONLY_950
