// GM data a kernel carries in its own binary: `static const __gm__ int16_t table[N] = {...}` at namespace scope.
// CANN's compiler places such a table in the kernel binary's GM segment, which the runtime loads into device memory
// with the kernel, so the kernel may read it (diag_v2's assist matrices). Here `__gm__` is empty and the table is
// the loaded object's read-only data: a read inside a read-only segment of a loaded binary is such a table.
#pragma once

#include <link.h>

#include <cstdint>

namespace opkit::sim::detail {

// A read-only segment of a loaded object: [begin, end) and the object's file name ("" for the main program).
struct StaticGmSegment {
  uintptr_t begin = 0;
  uintptr_t end = 0;
  const char* object = nullptr;
};

// The read-only (never-written) loaded segment holding [p, p + bytes), or one with begin == end.
inline StaticGmSegment static_gm_segment(uintptr_t p, uint64_t bytes) {
  thread_local StaticGmSegment last;  // a kernel reads one table many times
  if (last.begin <= p && p + bytes <= last.end && last.begin < last.end) return last;
  struct Query {
    uintptr_t p;
    uint64_t bytes;
    StaticGmSegment found;
  } q{p, bytes, {}};
  dl_iterate_phdr([](dl_phdr_info* info, size_t, void* data) -> int {
    auto* q = static_cast<Query*>(data);
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
      const ElfW(Phdr)& h = info->dlpi_phdr[i];
      // Constant data: a loadable segment without write access, or the part of one made read-only after relocation.
      const bool read_only = (h.p_type == PT_LOAD && (h.p_flags & PF_W) == 0) || h.p_type == PT_GNU_RELRO;
      if (!read_only) continue;
      const uintptr_t begin = info->dlpi_addr + h.p_vaddr;
      const uintptr_t end = begin + h.p_memsz;
      if (begin <= q->p && q->p + q->bytes <= end) {
        q->found = {begin, end, info->dlpi_name};
        return 1;
      }
    }
    return 0;
  }, &q);
  if (q.found.begin < q.found.end) last = q.found;
  return q.found;
}

inline bool is_static_gm(const void* p, uint64_t bytes) {
  const StaticGmSegment s = static_gm_segment(reinterpret_cast<uintptr_t>(p), bytes);
  return s.begin < s.end;
}

}  // namespace opkit::sim::detail
