// Compile-time shape of the Ascend C API as CANN declares it: PrimT, the SoC name in messages, and the one-sentence
// rejection of a call that matches none of an API's overloads.
#pragma once

#include <type_traits>
#include <utility>

#include "opkit/sim/macros.h"

namespace opkit::sim::detail {

// CANN's TensorTrait wraps an element type and names it LiteType; every other type is its own primitive type.
template <typename T, typename = void>
struct prim_type {
  using type = T;
};
template <typename T>
struct prim_type<T, std::void_t<typename T::LiteType>> {
  using type = typename T::LiteType;
};

// False, but only once the template it sits in is instantiated: the condition of an always-failing static_assert.
template <typename...>
inline constexpr bool always_false_v = false;

}  // namespace opkit::sim::detail

namespace AscendC {
template <typename T>
using PrimT = typename opkit::sim::detail::prim_type<T>::type;
}  // namespace AscendC

// The SoC whose dtype tables apply, for messages: the one the kernel is compiled for (macros.h).
#if __NPU_ARCH__ == 2002
#define OPKIT_SOC_NAME "Ascend310P"
#elif __NPU_ARCH__ == 1001
#define OPKIT_SOC_NAME "Ascend910"
#elif __NPU_ARCH__ == 3002
#define OPKIT_SOC_NAME "Ascend310B"
#elif __NPU_ARCH__ == 3510
#define OPKIT_SOC_NAME "Ascend950"
#else
#define OPKIT_SOC_NAME "Ascend910B"
#endif

// Use in namespace AscendC after the last overload of NAME. A call that no overload of NAME accepts would otherwise
// fail with a list of every candidate; it lands on this catch-all instead and fails with one static_assert that names
// the API and says what CANN accepts (GCC prints the argument types in the "required from" line above it).
// The catch-all is viable only when no real overload is: the probe namespace's using-declaration sees only the
// overloads declared before it (later declarations in AscendC are not added to it), and the probe call is qualified,
// so no argument-dependent lookup finds the catch-all itself. So a call CANN accepts never reaches it.
#define OPKIT_REJECT_UNMATCHED(NAME, WHAT)                                                                     \
  namespace opkit_overloads_##NAME {                                                                          \
  using ::AscendC::NAME;                                                                                      \
  template <typename... A>                                                                                    \
  auto accepts(int) -> decltype(opkit_overloads_##NAME::NAME(std::declval<A>()...), std::true_type{});       \
  template <typename...>                                                                                      \
  std::false_type accepts(...);                                                                               \
  }                                                                                                           \
  template <typename... Args,                                                                                 \
            std::enable_if_t<!decltype(opkit_overloads_##NAME::accepts<Args...>(0))::value, int> = 0>         \
  void NAME(Args&&...) {                                                                                      \
    static_assert(::opkit::sim::detail::always_false_v<Args...>, #NAME ": no overload of " #NAME              \
                  " that CANN declares accepts these arguments (GCC names their types in the 'In "            \
                  "instantiation of' line above). " WHAT);                                                    \
  }
