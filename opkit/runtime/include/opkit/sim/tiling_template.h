// Kernel side of template tiling keys: one extern "C" entry that runs the kernel template instance the key selects.
//
// CANN's build instantiates a `template <...> __global__ __aicore__ void op(...)` kernel per ASCENDC_TPL_SEL
// combination and launches the one whose key the TilingFunc set. opkit's build compiles the kernel file inside a
// wrapper translation unit ending in OPKIT_TPL_KERNEL_ENTRY, which instantiates every combination that the file's
// ASCENDC_TPL_ARGS_DECL declares and picks one by the launch's tiling key (unpacked as GET_TPL_TILING_KEY packed it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "ascendc/host_api/tiling/template_argument.h"
#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"

namespace opkit::sim::detail {

template <const ::opkit::tpl::Decl& D, size_t I, class F, uint64_t... Vs>
struct TplWalk {
  static bool run(uint64_t key, F& f) {
    if constexpr (I == D.count) {
      f(std::integral_constant<uint64_t, Vs>{}...);
      return true;
    } else {
      return pick(key, f, std::make_index_sequence<D.params[I].count>{});
    }
  }
  template <size_t... J>
  static bool pick(uint64_t key, F& f, std::index_sequence<J...>) {
    const uint64_t v = (key >> D.shift(I)) & D.mask(I);
    return ((v == (D.params[I].values[J] & D.mask(I)) &&
             TplWalk<D, I + 1, F, Vs..., D.params[I].values[J]>::run(key, f)) || ...);
  }
};

template <const ::opkit::tpl::Decl& D, class F>
void tpl_dispatch(const char* kernel, F&& f) {
  const uint64_t key = current_block().tiling_key;
  if (!TplWalk<D, 0, std::remove_reference_t<F>>::run(key, f)) {
    fault(kernel, cat("tiling key ", key, " selects no template instance: its fields are not values that ",
                      "ASCENDC_TPL_ARGS_DECL(", D.op, ", ...) lists (set it with GET_TPL_TILING_KEY)"),
          SourceLoc::here());
  }
}

}  // namespace opkit::sim::detail

// OPKIT_TPL_KERNEL_ENTRY(add_custom, add_custom_c0, (GM_ADDR x, ..., GM_ADDR tiling), (x, ..., tiling))
#define OPKIT_TPL_KERNEL_ENTRY(kernel, entry, params, args)                                  \
  extern "C" __global__ __aicore__ void entry params {                                      \
    ::opkit::sim::detail::tpl_dispatch<opkit_tpl_decl>(#kernel, [&](auto... opkit_tpl_values) { \
      kernel<decltype(opkit_tpl_values)::value...> args;                                     \
    });                                                                                      \
  }
