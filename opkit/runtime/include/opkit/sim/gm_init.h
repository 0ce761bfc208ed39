// Fill/InitGlobalMemory/InitOutput: set `size` elements of GM to one value (zeroing outputs and workspaces).
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/atomic.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/numeric.h"

namespace opkit::sim::detail {

template <typename T>
inline constexpr bool gm_fill_type_v = std::is_same_v<T, uint16_t> || std::is_same_v<T, int16_t> ||
                                       std::is_same_v<T, half> || std::is_same_v<T, uint32_t> ||
                                       std::is_same_v<T, int32_t> || std::is_same_v<T, float> ||
                                       std::is_same_v<T, bfloat16>;

// The device fills through UB and an MTE3 copy, so an atomic mode set before applies here too (store_gm).
template <typename T>
void fill_gm(const char* api, const AscendC::GlobalTensor<T>& gm, uint64_t size, const T& value,
             const SourceLoc& where) {
  check_cancelled(api, where);
  if (size == 0) return;
  if (gm.opkit_addr == nullptr) fault(api, "SetGlobalBuffer was never called", where);
  check_gm(api, "write", gm.opkit_addr, size * sizeof(T), where, gm.opkit_base);
  T line[64];
  for (T& v : line) v = value;
  for (uint64_t i = 0; i < size; i += 64) {
    const uint64_t n = size - i < 64 ? size - i : 64;
    store_gm(gm.opkit_addr + i, line, n * sizeof(T));
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void Fill(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::gm_fill_type_v<T>,
                "Fill: T must be uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t or float");
  opkit::sim::detail::fill_gm("Fill", gmWorkspaceAddr, size, value, where);
}

template <typename T>
void InitGlobalMemory(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::gm_fill_type_v<T>,
                "InitGlobalMemory: T must be uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t or float");
  opkit::sim::detail::fill_gm("InitGlobalMemory", gmWorkspaceAddr, size, value, where);
}

template <typename T>
void InitOutput(GlobalTensor<T> gmWorkspaceAddr, uint32_t size, T value = 0, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::gm_fill_type_v<T>,
                "InitOutput: T must be uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t or float");
  opkit::sim::detail::fill_gm("InitOutput", gmWorkspaceAddr, size, value, where);
}

}  // namespace AscendC
