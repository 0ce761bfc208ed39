// Kernel side of template tiling keys: one extern "C" entry that runs the kernel template instance the key selects.
//
// CANN's build instantiates a `template <...> __global__ __aicore__ void op(...)` kernel per ASCENDC_TPL_SEL
// combination and launches the one whose key the TilingFunc set. opkit's build compiles the kernel file inside a
// wrapper translation unit ending in OPKIT_TPL_KERNEL_ENTRY, which instantiates every combination that the file's
// ASCENDC_TPL_ARGS_DECL declares and picks one by the launch's tiling key (unpacked as GET_TPL_TILING_KEY packed it).
// A kernel template parameter declared `typename` (CANN 9's ASCENDC_TPL_DATATYPE_DECL) gets the C++ type of the
// data type value: TypeFromId<C_DT_FLOAT16>::type is half, as in CANN.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "ascendc/host_api/tiling/template_argument.h"
#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/numeric.h"

namespace opkit::tpl {

// The kernel type of a ge::DataType value; void (a compile error in the kernel) for one with no kernel type.
template <uint64_t Id>
struct TypeFromId {
  using type = void;
};
#define OPKIT_TPL_TYPE_OF(id, t) \
  template <>                    \
  struct TypeFromId<id> {        \
    using type = t;              \
  }
OPKIT_TPL_TYPE_OF(C_DT_FLOAT, float);
OPKIT_TPL_TYPE_OF(C_DT_FLOAT16, half);
OPKIT_TPL_TYPE_OF(C_DT_INT8, int8_t);
OPKIT_TPL_TYPE_OF(C_DT_INT32, int32_t);
OPKIT_TPL_TYPE_OF(C_DT_UINT8, uint8_t);
OPKIT_TPL_TYPE_OF(C_DT_INT16, int16_t);
OPKIT_TPL_TYPE_OF(C_DT_UINT16, uint16_t);
OPKIT_TPL_TYPE_OF(C_DT_INT64, int64_t);
OPKIT_TPL_TYPE_OF(C_DT_UINT32, uint32_t);
OPKIT_TPL_TYPE_OF(C_DT_UINT64, uint64_t);
OPKIT_TPL_TYPE_OF(C_DT_DOUBLE, double);
OPKIT_TPL_TYPE_OF(C_DT_BOOL, bool);
OPKIT_TPL_TYPE_OF(C_DT_BF16, bfloat16_t);
#undef OPKIT_TPL_TYPE_OF

}  // namespace opkit::tpl

namespace opkit::sim::detail {

template <const ::opkit::tpl::Decl& D, const ::opkit::tpl::Sel& S, size_t I, class F, uint64_t... Vs>
struct TplWalk {
  static bool run(uint64_t key, F& f) {
    if constexpr (I == D.count) {
      constexpr uint64_t values[] = {Vs..., 0};
      if constexpr (::opkit::tpl::Selected(D, S, values)) {  // only ASCENDC_TPL_SEL's combinations are built
        f(std::integral_constant<uint64_t, Vs>{}...);
        return true;
      } else {
        return false;
      }
    } else {
      return pick(key, f, std::make_index_sequence<D.params[I].count>{});
    }
  }
  template <size_t... J>
  static bool pick(uint64_t key, F& f, std::index_sequence<J...>) {
    const uint64_t v = (key >> D.shift(I)) & D.mask(I);
    return ((v == (D.params[I].values[J] & D.mask(I)) &&
             TplWalk<D, S, I + 1, F, Vs..., D.params[I].values[J]>::run(key, f)) || ...);
  }
};

template <const ::opkit::tpl::Decl& D, const ::opkit::tpl::Sel& S, class F>
void tpl_dispatch(const char* kernel, F&& f) {
  const uint64_t key = current_block().tiling_key;
  if (!TplWalk<D, S, 0, std::remove_reference_t<F>>::run(key, f)) {
    fault(kernel, cat("tiling key ", key, " selects no template instance: its fields are not a combination of ",
                      "values that ASCENDC_TPL_ARGS_DECL(", D.op, ", ...) lists and ASCENDC_TPL_SEL selects (set ",
                      "it with GET_TPL_TILING_KEY or ASCENDC_TPL_SEL_PARAM)"),
          SourceLoc::here());
  }
}

}  // namespace opkit::sim::detail

// OPKIT_TPL_KERNEL_ENTRY(add_custom, add_custom_c0, (GM_ADDR x, ..., GM_ADDR tiling), (x, ..., tiling))
#define OPKIT_TPL_KERNEL_ENTRY(kernel, entry, params, args)                                                   \
  static constexpr ::opkit::tpl::Sel opkit_tpl_sel = opkit_tpl_selection(0);                                 \
  extern "C" __global__ __aicore__ void entry params {                                                       \
    ::opkit::sim::detail::tpl_dispatch<opkit_tpl_decl, opkit_tpl_sel>(#kernel, [&](auto... opkit_tpl_values) { \
      kernel<decltype(opkit_tpl_values)::value...> args;                                                      \
    });                                                                                                       \
  }
