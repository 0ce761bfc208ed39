// Small kernel utilities: AscendC::Std::max/min and type traits, DivCeil/AlignUp, GetSystemCycle.
#pragma once

#include <chrono>
#include <cstdint>
#include <type_traits>

namespace AscendC {
namespace Std {

template <typename T>
constexpr const T& max(const T& a, const T& b) { return a < b ? b : a; }
template <typename T>
constexpr const T& min(const T& a, const T& b) { return b < a ? b : a; }

using std::conditional;
using std::conditional_t;
using std::enable_if;
using std::enable_if_t;
using std::integral_constant;
using std::is_same;
using std::is_same_v;
using std::remove_cv_t;
using std::remove_reference_t;

}  // namespace Std

// ceil(a / b) for integers; b must not be 0.
template <typename T, typename U>
constexpr auto DivCeil(T a, U b) -> std::common_type_t<T, U> {
  return (a + b - 1) / b;
}

template <typename T, typename U>
constexpr auto AlignUp(T a, U b) -> std::common_type_t<T, U> {
  return (a + b - 1) / b * b;
}

// The device's system counter runs at 50 MHz (CANN: divide by 50 to get microseconds); the host's steady clock
// stands in for it, so differences of two calls measure simulator time, not device time.
inline int64_t GetSystemCycle() {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch()).count();
  return static_cast<int64_t>(ns / 20);
}

}  // namespace AscendC
