// The recording calls of `opkit profile` that the copy and cube headers share (only called while a launch records:
// each caller tests current_block().rec first). profile.h describes the events.
#pragma once

#include <cstdint>

#include "opkit/sim/context.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/profile.h"

namespace opkit::sim::detail {

// `count` bursts of `len` bytes on `pipe`, `gap` bytes apart on the GM side; `gm` null for a copy inside the core.
// The GM offset is taken from the buffer's start, which the device's allocator aligns, so that its 512-byte alignment
// is what the NPU would see.
inline ProfEvent copy_event(const char* api, pipe_t pipe, uint64_t count, uint64_t len, const void* gm, uint64_t gap,
                            uint8_t cache = 1) {
  uint64_t offset = 0;
  uint64_t region = 0;
  if (gm != nullptr && current_block().launch != nullptr) {
    const LaunchState& l = *current_block().launch;
    if (const GmRegion* g = find_region(l, reinterpret_cast<uintptr_t>(gm))) {
      offset = reinterpret_cast<uintptr_t>(gm) - g->begin;
      region = static_cast<uint64_t>(g - l.regions->data()) + 1;
    }
  }
  const uint64_t bypass = cache == 0 ? 1 << 7 : 0;  // CacheMode::CACHE_MODE_DISABLE
  return ProfEvent{Ev::Copy, api, static_cast<uint64_t>(pipe) | bypass | (region << 8), count, len,
                   (offset & ((1ull << 40) - 1)) | (gap << 40)};
}

inline void record_copy(BlockRecord& r, const char* api, pipe_t pipe, uint64_t count, uint64_t len, const void* gm,
                        uint64_t gap, uint8_t cache = 1) {
  const ProfEvent e = copy_event(api, pipe, count, len, gm, gap, cache);
  r.add(e.kind, e.api, e.a, e.b, e.c, e.d);
}

// One instruction of the cube side (profile.h's Ev::Cube): PIPE_MTE1 (L1 -> L0A/L0B or the bias table) b bytes, c 1
// when transposed; PIPE_M (Mmad) b m, c k, d n | input element bits << 32; PIPE_FIX (L0C out) b rows, c bytes per
// row, d 1 when it writes GM.
inline void record_cube(const char* api, pipe_t pipe, uint64_t b, uint64_t c = 0, uint64_t d = 0) {
  if (BlockRecord* r = current_block().rec) r->add(Ev::Cube, api, static_cast<uint64_t>(pipe), b, c, d);
}

}  // namespace opkit::sim::detail
