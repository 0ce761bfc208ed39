// lib/matmul_intf.h: CANN's Matmul entry header, present so that kernels including it (many vector ops do) compile.
// The cube unit is not simulated: naming Matmul or REGISTER_MATMUL_OBJ stops the build with a sentence saying so.
#pragma once

#include "kernel_operator.h"

namespace opkit::sim::detail {
template <class... T>
inline constexpr bool kMatmulUsed = sizeof...(T) < 0;   // false, but only once instantiated
}  // namespace opkit::sim::detail

namespace matmul {}   // kernels write `using namespace matmul;` beside the include

namespace AscendC {
template <class... Args>
class Matmul {
  static_assert(::opkit::sim::detail::kMatmulUsed<Args...>,
                "opkit's simulator has no cube unit: AscendC::Matmul is not available (vector APIs are)");
};
}  // namespace AscendC

#define REGISTER_MATMUL_OBJ(...)                                                                         \
  static_assert(::opkit::sim::detail::kMatmulUsed<>, "opkit's simulator has no cube unit: REGISTER_MATMUL_OBJ " \
                                                     "(Matmul) is not available")
