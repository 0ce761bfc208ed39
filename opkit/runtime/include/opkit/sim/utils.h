// Small kernel utilities: AscendC::Std::max/min and type traits, DivCeil/AlignUp, GetSystemCycle, IsSameType.
#pragma once

#include <chrono>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "opkit/sim/macros.h"  // CANN's branch hints likely/unlikely, among others

namespace AscendC {
namespace Std {

template <typename T>
inline constexpr bool minmax_type_v =
    std::is_same_v<T, bool> || std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> ||
    std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> || std::is_same_v<T, int32_t> ||
    std::is_same_v<T, uint32_t> || std::is_same_v<T, float> || std::is_same_v<T, int64_t> ||
    std::is_same_v<T, uint64_t>;

// CANN declares max/min<T, U> with U reserved: both operands must have the same type.
template <typename T, typename U>
constexpr T max(const T src0, const U src1) {
  static_assert(std::is_same_v<T, U>, "Std::max: src0 and src1 must have the same type");
  static_assert(minmax_type_v<T>, "Std::max: T must be bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, "
                                  "uint32_t, float, int64_t or uint64_t");
  return src0 < src1 ? src1 : src0;
}
template <typename T, typename U>
constexpr T min(const T src0, const U src1) {
  static_assert(std::is_same_v<T, U>, "Std::min: src0 and src1 must have the same type");
  static_assert(minmax_type_v<T>, "Std::min: T must be bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, "
                                  "uint32_t, float, int64_t or uint64_t");
  return src1 < src0 ? src1 : src0;
}

using std::conditional;
using std::conditional_t;
using std::enable_if;
using std::enable_if_t;
using std::integral_constant;
using std::is_same;
using std::is_same_v;
using std::remove_cv_t;
using std::remove_reference_t;
// The rest of <type_traits> that CANN's Std declares (its utils/type_traits example uses them all). (?) Whether
// CANN's is_floating_point counts half and bfloat16_t is not documented; here it is std's.
using std::add_const;
using std::add_const_t;
using std::add_cv;
using std::add_cv_t;
using std::add_lvalue_reference;
using std::add_lvalue_reference_t;
using std::add_pointer;
using std::add_pointer_t;
using std::add_rvalue_reference;
using std::add_rvalue_reference_t;
using std::add_volatile;
using std::add_volatile_t;
using std::is_array;
using std::is_const;
using std::is_floating_point;
using std::is_integral;
using std::is_pointer;
using std::is_reference;
using std::is_void;
using std::remove_const;
using std::remove_const_t;
using std::remove_cv;
using std::remove_pointer;
using std::remove_pointer_t;
using std::remove_reference;
using std::remove_volatile;
using std::remove_volatile_t;
// CANN's Std tuple and utility (kernels' tiling helpers hold block shapes and coordinates in Std::tuple).
using std::forward;
using std::get;
using std::make_tuple;
using std::move;
using std::tie;
using std::tuple;
using std::tuple_element;
using std::tuple_element_t;
using std::tuple_size;
using std::tuple_size_v;

}  // namespace Std

// CANN's coordinates (kernel_operator_coord.h): a Coord is a Std::tuple, MakeCoord builds one.
template <typename... Coords>
using Coord = Std::tuple<Coords...>;
template <typename... Ts>
constexpr Coord<Ts...> MakeCoord(const Ts&... t) {
  return {t...};
}

// ceil(a / b) for integers; b must not be 0.
template <typename T, typename U>
constexpr auto DivCeil(T a, U b) -> std::common_type_t<T, U> {
  return (a + b - 1) / b;
}

template <typename T, typename U>
constexpr auto AlignUp(T a, U b) -> std::common_type_t<T, U> {
  return (a + b - 1) / b * b;
}

// The Matmul API's scalar helpers (matmul_utils.h): Ceil(a, b) = ceil(a / b), CeilAlign(a, b) = a rounded up to b.
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
constexpr T Ceil(T num1, T num2) {
  return (num1 + num2 - 1) / num2;
}
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
constexpr T CeilAlign(T num1, T num2) {
  return Ceil(num1, num2) * num2;
}

// The device's system counter runs at 50 MHz (CANN: divide by 50 to get microseconds); the host's steady clock
// stands in for it, so differences of two calls measure simulator time, not device time.
inline int64_t GetSystemCycle() {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch()).count();
  return static_cast<int64_t>(ns / 20);
}

// Compile-time type checks kernels use (asc-devkit's kernel_utils_ceil_oom_que.h):
// `if constexpr (IsSameType<T, half>::value)`, `static_assert(SupportType<T, half, float>())`.
template <bool b>
struct BoolInst {
  using Type = BoolInst<b>;
  static constexpr bool value = b;
};
using TrueType = BoolInst<true>;
using FalseType = BoolInst<false>;

template <typename T, typename U>
struct IsSameType : public FalseType {};
template <typename T>
struct IsSameType<T, T> : public TrueType {};

template <typename T, typename U, typename... Args>
constexpr bool SupportType() {
  if constexpr (sizeof...(Args) > 0) return IsSameType<T, U>::value || SupportType<T, Args...>();
  return IsSameType<T, U>::value;
}

// Conditional<c, T1, T2>::type is T1 when c, else T2; ConditionalMulti picks by two conditions (kernel_utils_constants.h).
template <bool condition, class T1, class T2>
struct Conditional {
  using type = T1;
};
template <class T1, class T2>
struct Conditional<false, T1, T2> {
  using type = T2;
};
template <bool condition1, bool condition2, class T1, class T2, class T3, class T4>
struct ConditionalMulti {
  using type = typename Conditional<condition1, typename Conditional<condition2, T1, T2>::type,
                                    typename Conditional<condition2, T3, T4>::type>::type;
};

template <auto T, auto U, auto... Args>
constexpr bool SupportEnum() {
  if constexpr (sizeof...(Args) > 0) return T == U || SupportEnum<T, Args...>();
  return T == U;
}

}  // namespace AscendC

// convert_from_bytes<T>(bytes): the bisheng compiler's constant conversion of a byte array to a struct (GET_TILING_DATA
// in AOT kernels, asc-devkit's aot_helper.h): the first sizeof(T) bytes read as a T, at compile time when the bytes
// are constant.
template <typename T>
constexpr T convert_from_bytes(const uint8_t* bytes) {
  struct Raw {
    uint8_t b[sizeof(T)];
  } raw{};
  for (size_t i = 0; i < sizeof(T); ++i) raw.b[i] = bytes[i];
  return __builtin_bit_cast(T, raw);
}
