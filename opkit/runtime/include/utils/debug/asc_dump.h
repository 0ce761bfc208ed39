// utils/debug/asc_dump.h: dumps of raw buffers by memory (asc_dump_gm, asc_dump_ubuf, asc_dump_l1buf for L1,
// asc_dump_cbuf for L0C), printed as DumpTensor prints (opkit/sim/dump.h). The pointer must lie in the memory the
// name says, with dump_size elements after it.
#pragma once

#include <cinttypes>
#include <cstdio>

#include "kernel_operator.h"

namespace opkit::sim::detail {

template <typename T>
void asc_dump_raw(const char* api, Mem want, const T* p, uint32_t desc, uint32_t count, const SourceLoc& where) {
  check_cancelled(api, where);
  if (p == nullptr) fault(api, "the pointer is null", where);
  const char* pos = "GM";
  uint64_t addr = reinterpret_cast<uintptr_t>(p);
  if (want == Mem::COUNT) {
    check_gm(api, "read", p, uint64_t(count) * sizeof(T), where);
  } else {
    const Mem at = mem_holding(p);
    if (at != want) {
      fault(api, cat("the pointer is not in ", mem_name(want), (at == Mem::COUNT ? "" : " but in "),
                     (at == Mem::COUNT ? "" : mem_name(at))), where);
    }
    const BlockContext& c = current_block();
    const uint8_t* base = want == Mem::UB ? c.ub_base : cube_arena(want);
    const size_t size = want == Mem::UB ? c.ub_size : cube_mem_bytes(c.npu_arch, want);
    addr = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(p) - base);
    if (addr + uint64_t(count) * sizeof(T) > size) {
      fault(api, cat("dumps ", count, " elements from ", mem_name(want), " byte ", addr, ", past its ", size,
                     " bytes"), where);
    }
    pos = mem_name(want);
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, ", addr=%" PRIx64 ", data_type=%s, position=%s, dump_size=%u\n", addr,
                dump_type_name<T>(), pos, count);
  emit(debug_prefix(where) + cat("DumpTensor: desc=", desc) + buf + dump_values(p, count, nullptr));
}

}  // namespace opkit::sim::detail

template <typename T>
void asc_dump_gm(const T* input, uint32_t desc, uint32_t dump_size, OPKIT_SIM_HERE) {
  opkit::sim::detail::asc_dump_raw("asc_dump_gm", opkit::sim::detail::Mem::COUNT, input, desc, dump_size, where);
}
template <typename T>
void asc_dump_ubuf(const T* input, uint32_t desc, uint32_t dump_size, OPKIT_SIM_HERE) {
  opkit::sim::detail::asc_dump_raw("asc_dump_ubuf", opkit::sim::detail::Mem::UB, input, desc, dump_size, where);
}
template <typename T>
void asc_dump_l1buf(const T* input, uint32_t desc, uint32_t dump_size, OPKIT_SIM_HERE) {
  opkit::sim::detail::asc_dump_raw("asc_dump_l1buf", opkit::sim::detail::Mem::L1, input, desc, dump_size, where);
}
template <typename T>
void asc_dump_cbuf(const T* input, uint32_t desc, uint32_t dump_size, OPKIT_SIM_HERE) {
  opkit::sim::detail::asc_dump_raw("asc_dump_cbuf", opkit::sim::detail::Mem::L0C, input, desc, dump_size, where);
}

// asc_dump(ptr, desc, size): CANN overloads it by the pointer's address space (__gm__, __ubuf__, __cbuf__, __cc__,
// __biasbuf__, __fbuf__); here the memory is the one the pointer lies in, GM when it is in no on-chip memory.
template <typename T>
void asc_dump(const T* input, uint32_t desc, uint32_t dump_size, OPKIT_SIM_HERE) {
  opkit::sim::detail::asc_dump_raw("asc_dump", opkit::sim::detail::mem_holding(input), input, desc, dump_size, where);
}
