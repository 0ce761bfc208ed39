// CheckLocalMemoryIA's exception registers: a UB access of a checked kind inside a checked range faults, as the
// device raises ACL_ERROR_RT_VECTOR_CORE_EXCEPTION. tensor.h calls check_local_memory_ia for every UB operand and
// scalar access while a register is enabled (one byte test when none is).
#pragma once

#include <cstdint>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"

namespace opkit::sim::detail {

// The access bits of CANN's register word (DEC[31:26]): scalar, vector, MTE reads and writes.
enum LocalMemAccess : uint64_t {
  kIaScalarRead = 1ull << 31,
  kIaScalarWrite = 1ull << 30,
  kIaVectorRead = 1ull << 29,
  kIaVectorWrite = 1ull << 28,
  kIaMteRead = 1ull << 27,
  kIaMteWrite = 1ull << 26,
};

inline const char* ia_access_name(uint64_t access) {
  switch (access) {
    case kIaScalarRead: return "scalar read";
    case kIaScalarWrite: return "scalar write";
    case kIaVectorRead: return "vector read";
    case kIaVectorWrite: return "vector write";
    case kIaMteRead: return "MTE read";
    default: return access == kIaMteWrite ? "MTE write" : "access";
  }
}

// `access`: one or more LocalMemAccess bits; [p, p + bytes) the UB bytes touched. A register checks the 32-byte
// units u with startAddr < u <= endAddr (CANN: the range excludes startAddr and includes endAddr).
inline void check_local_memory_ia(const char* api, uint64_t access, const void* p, uint64_t bytes,
                                  const SourceLoc& where) {
  const BlockContext& c = current_block();
  const auto* b = static_cast<const uint8_t*>(p);
  if (bytes == 0 || c.ub_base == nullptr || b < c.ub_base || b >= c.ub_base + c.ub_size) return;
  const uint64_t offset = static_cast<uint64_t>(b - c.ub_base);
  const uint64_t first = offset / 32, last = (offset + bytes - 1) / 32;
  for (int i = 0; i < 4; ++i) {
    if ((c.local_mem_ia_on & (1u << i)) == 0) continue;
    const uint64_t word = c.local_mem_ia[i];
    const uint64_t start = word >> 48, end = (word >> 32) & 0xFFFF;
    const uint64_t hit = word & access;
    if (hit == 0 || last <= start || first > end) continue;
    const uint64_t kind = hit & (~hit + 1);  // the lowest bit names one kind
    fault(api, cat("UB exception (CheckLocalMemoryIA register ", i, "): a ", ia_access_name(kind), " of UB bytes [",
                   offset, ", ", offset + bytes, ") (32-byte units ", first, "..", last,
                   ") touches its checked range of units (", start, ", ", end, "]"), where);
  }
}

}  // namespace opkit::sim::detail
