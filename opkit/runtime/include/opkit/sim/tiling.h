// Kernel-side tiling: GET_TILING_DATA (new and classic style), REGISTER_TILING_DEFAULT, TILING_KEY_IS.
//
// CONTRACT (build <-> kernel TU <-> host):
// - The launcher passes the host's tiling bytes as the kernel's `tiling` argument and sets
//   opkit::sim::detail::current_block().tiling_key to the key the TilingFunc chose. opkit::host's launch
//   contract: a GM buffer named "tiling" holding exactly the bytes the TilingFunc saved (its data size), as the
//   NPU gets them; every GET_TILING_DATA* form checks that what it reads lies inside it.
// - New style (CANN >= 9 msopgen): op_kernel/<op>_tiling.h holds a plain struct T, included by the host and the
//   kernel. The kernel writes `REGISTER_TILING_DEFAULT(T); GET_TILING_DATA(t, tiling);` at function scope (as
//   CANN samples do); REGISTER_TILING_DEFAULT at global scope also works (one struct per TU).
// - Classic style: op_host/<op>_tiling.h defines the struct with BEGIN_TILING_DATA_DEF ... and
//   REGISTER_TILING_DATA_CLASS(OpType, Name) in namespace optiling (or globally). CANN kernels never include
//   that header, so the build compiles each kernel TU of a classic op with
//       -DOPKIT_OP_TYPE=<OpType> -include <project>/op_host/<op>_tiling.h
//   and `GET_TILING_DATA(t, tiling)` then declares `optiling::Name t` with the host's bytes; fields are plain
//   members (t.totalLength).
// - When both are visible, REGISTER_TILING_DEFAULT wins. When neither is, compilation stops with a
//   static_assert saying what to add. GET_TILING_DATA_WITH_STRUCT(T, t, tiling) names the struct explicitly.
// - TILING_KEY_IS(k) is true when the host's SetTilingKey chose k.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"

namespace opkit::sim::detail {

struct NoTilingStruct {};

template <typename Default, typename Classic>
struct PickTiling {
  using type = Default;
};
template <typename Classic>
struct PickTiling<NoTilingStruct, Classic> {
  using type = Classic;
};

// The kernel reads `bytes` of tiling at `src`: inside a launch they must lie in a registered GM buffer, which for
// a generated project holds exactly what the host's TilingFunc saved. A struct bigger than that reads memory the
// host never wrote (garbage on the NPU), which is a mismatch between host and kernel worth stopping on.
inline void check_tiling_read(const char* api, const void* src, uint64_t bytes, const SourceLoc& where) {
  const BlockContext& c = current_block();
  if (c.launch == nullptr) return;
  const GmRegion* r = find_region(*c.launch, reinterpret_cast<uintptr_t>(src));
  if (r == nullptr) {  // not in any GM buffer: check_gm's own message says so
    check_gm(api, "read", src, bytes, where);
    return;
  }
  const uint64_t held = r->bytes - (reinterpret_cast<uintptr_t>(src) - r->begin);
  if (bytes > held) {
    fault(api, cat("the kernel's tiling struct is ", bytes, " bytes but the tiling buffer '", r->name, "' holds ",
                   held, ": the host's TilingFunc saved less than the kernel reads (host and kernel must use the "
                   "same struct; a classic TilingData needs "
                   "context->GetRawTilingData()->SetDataSize(tiling.GetDataSize()))"), where);
  }
}

template <typename T>
void load_tiling(T* dst, const void* src, const char* api, const SourceLoc& where) {
  static_assert(!std::is_same<T, NoTilingStruct>::value,
                "GET_TILING_DATA found no tiling struct: put REGISTER_TILING_DEFAULT(YourTilingData); before it "
                "(new style), or build this kernel TU with -DOPKIT_OP_TYPE=<OpType> -include "
                "<op_host>/<op>_tiling.h (classic BEGIN_TILING_DATA_DEF style)");
  static_assert(std::is_trivially_copyable<T>::value, "a tiling struct must be trivially copyable (plain fields)");
  if (src == nullptr) fault(api, "the tiling argument is null: the launch passed no tiling data", where);
  check_tiling_read(api, src, sizeof(T), where);
  std::memcpy(static_cast<void*>(dst), src, sizeof(T));
}

}  // namespace opkit::sim::detail

namespace optiling {}  // classic tiling structs live here; GET_TILING_DATA looks into it

// Fallbacks of the probes below; the (int) overloads that REGISTER_* declare beat them for the argument 0.
opkit::sim::detail::NoTilingStruct opkit_tiling_default_probe(...);

#define OPKIT_TILING_CAT2(a, b) a##b
#define OPKIT_TILING_CAT(a, b) OPKIT_TILING_CAT2(a, b)

#define REGISTER_TILING_DEFAULT(tiling_struct) tiling_struct opkit_tiling_default_probe(int)
// CANN sizes the tiling buffer of the kernels whose key matches `key_expr` ("TILING_KEY_VAR == 1") from this struct;
// opkit's buffer holds what the host saved, so only the struct's plainness is checked. The kernel still reads it with
// GET_TILING_DATA_WITH_STRUCT(T, t, tiling) under TILING_KEY_IS(k).
#define REGISTER_TILING_FOR_TILINGKEY(key_expr, tiling_struct)                      \
  static_assert(std::is_trivially_copyable<tiling_struct>::value && sizeof(key_expr) > 0, \
                #tiling_struct " must hold only plain fields to be copied to the kernel as bytes")

#ifdef OPKIT_OP_TYPE
#define OPKIT_CLASSIC_TILING_PROBE OPKIT_TILING_CAT(opkit_classic_tiling_probe_, OPKIT_OP_TYPE)
opkit::sim::detail::NoTilingStruct OPKIT_CLASSIC_TILING_PROBE(...);
// A local class keeps `using namespace optiling` out of the kernel's own scope.
#define OPKIT_CLASSIC_TILING_PICKER(var)                                          \
  struct opkit_classic_pick_##var {                                               \
    static auto get() {                                                           \
      using namespace optiling;                                                   \
      return static_cast<decltype(OPKIT_CLASSIC_TILING_PROBE(0))*>(nullptr);      \
    }                                                                             \
  };
#define OPKIT_CLASSIC_TILING_TYPE(var) std::remove_pointer_t<decltype(opkit_classic_pick_##var::get())>
#else
#define OPKIT_CLASSIC_TILING_PICKER(var)
#define OPKIT_CLASSIC_TILING_TYPE(var) ::opkit::sim::detail::NoTilingStruct
#endif

#define GET_TILING_DATA(var, tiling)                                                                   \
  OPKIT_CLASSIC_TILING_PICKER(var)                                                                     \
  using opkit_tiling_type_##var = typename ::opkit::sim::detail::PickTiling<decltype(opkit_tiling_default_probe(0)), \
                                                                  OPKIT_CLASSIC_TILING_TYPE(var)>::type; /* typename: a kernel template makes it dependent */ \
  opkit_tiling_type_##var var;                                                                         \
  ::opkit::sim::detail::load_tiling(&var, tiling, "GET_TILING_DATA", ::opkit::sim::detail::SourceLoc::here())

#define GET_TILING_DATA_WITH_STRUCT(tiling_struct, var, tiling) \
  tiling_struct var;                                            \
  ::opkit::sim::detail::load_tiling(&var, tiling, "GET_TILING_DATA_WITH_STRUCT", \
                                    ::opkit::sim::detail::SourceLoc::here())

#define GET_TILING_DATA_PTR_WITH_STRUCT(tiling_struct, var, tiling)                                         \
  const tiling_struct* var = (::opkit::sim::detail::check_tiling_read("GET_TILING_DATA_PTR_WITH_STRUCT", tiling, \
                                  sizeof(tiling_struct), ::opkit::sim::detail::SourceLoc::here()),              \
                              reinterpret_cast<const tiling_struct*>(tiling))

#define GET_TILING_DATA_MEMBER(tiling_struct, member, var, tiling)                                      \
  std::remove_cv_t<std::remove_reference_t<decltype(std::declval<tiling_struct>().member)>> var;         \
  ::opkit::sim::detail::check_tiling_read("GET_TILING_DATA_MEMBER", tiling,                              \
                                          offsetof(tiling_struct, member) + sizeof(var),                 \
                                          ::opkit::sim::detail::SourceLoc::here());                      \
  std::memcpy(&var, reinterpret_cast<const uint8_t*>(tiling) + offsetof(tiling_struct, member), sizeof(var))

#ifndef TILING_KEY_IS
#define TILING_KEY_IS(k) (::opkit::sim::detail::current_block().tiling_key == static_cast<uint64_t>(k))
#endif
