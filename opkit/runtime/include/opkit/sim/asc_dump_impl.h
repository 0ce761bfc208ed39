// The simulator's asc_dump_* (utils/debug/asc_dump.h): raw-pointer dumps over opkit/sim/dump.h's printing.
#pragma once

#include <cinttypes>
#include <cstdio>
#include <string>

#include "opkit/sim/dump.h"

namespace opkit::sim::detail {

template <typename T>
void asc_dump_raw(const char* api, const char* memory, const T* p, uint32_t desc, uint32_t count,
                  const SourceLoc& where) {
  check_cancelled(api, where);
  if (p == nullptr) fault(api, "the pointer is null", where);
  const BlockContext& c = current_block();
  const auto* b = reinterpret_cast<const uint8_t*>(p);
  uint64_t addr = reinterpret_cast<uintptr_t>(p);
  if (std::string(memory) == "GM") {
    check_gm(api, "read", p, uint64_t(count) * sizeof(T), where);
  } else if (std::string(memory) == "UB") {
    if (c.ub_base == nullptr || b < c.ub_base || b + uint64_t(count) * sizeof(T) > c.ub_base + c.ub_size) {
      fault(api, cat("dumps ", count, " elements at a pointer that is not inside this block's UB"), where);
    }
    addr = static_cast<uint64_t>(b - c.ub_base);
  }
  char buf[200];
  std::snprintf(buf, sizeof buf, "desc=%u, addr=%" PRIx64 ", data_type=%s, position=%s, dump_size=%u\n", desc, addr,
                dump_type_name<T>(), memory, count);
  emit(debug_prefix(where) + buf + dump_values(p, count, nullptr));
}

}  // namespace opkit::sim::detail

#define OPKIT_ASC_DUMP(NAME, MEMORY)                                                               \
  template <typename T>                                                                            \
  void NAME(T* input, uint32_t desc, uint32_t dump_size, OPKIT_SIM_HERE) {                         \
    ::opkit::sim::detail::asc_dump_raw(#NAME, MEMORY, input, desc, dump_size, where);              \
  }
OPKIT_ASC_DUMP(asc_dump_gm, "GM")
OPKIT_ASC_DUMP(asc_dump_ubuf, "UB")
OPKIT_ASC_DUMP(asc_dump_l1buf, "L1")
OPKIT_ASC_DUMP(asc_dump_cbuf, "L0C")
#undef OPKIT_ASC_DUMP

// asc_dump(ptr, desc, size): the memory is the pointer's (GM when it lies in a launch buffer, UB in the block's UB,
// otherwise a cube buffer).
template <typename T>
void asc_dump(T* input, uint32_t desc, uint32_t dump_size, OPKIT_SIM_HERE) {
  namespace d = ::opkit::sim::detail;
  const d::BlockContext& c = d::current_block();
  const auto* b = reinterpret_cast<const uint8_t*>(input);
  const bool ub = c.ub_base != nullptr && b >= c.ub_base && b < c.ub_base + c.ub_size;
  const bool gm = !ub && c.launch != nullptr && d::find_region(*c.launch, reinterpret_cast<uintptr_t>(input));
  d::asc_dump_raw("asc_dump", ub ? "UB" : gm ? "GM" : "L1/L0C", input, desc, dump_size, where);
}
