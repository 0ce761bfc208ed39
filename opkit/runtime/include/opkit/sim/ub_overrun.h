// A UB operand that runs past its tensor into UB no buffer holds: a located warning, not a fault (tensor.h's
// require_ub_operand, vec/common.h's require_ub_elements, LocalTensor's GetValue/SetValue call here first).
//
// Nothing on the NPU checks UB bounds: an instruction reads or writes whatever UB bytes its operands span. When the
// bytes past the tensor lie above every byte the block's live TPipes (and their TBufPools) have handed out, the
// overrun touches no data of the kernel: a write lands in UB nobody reads (yet), a read returns whatever those bytes
// hold. The device survives it, so opkit warns (once per buffer and launch) and runs on. A write happens into the
// block's UB array, as on the device, so a buffer allocated there later sees it; a read reads what is there: the last
// bytes the kernel wrote there, else 0xFF bytes, what fresh UB holds in opkit (all-ones: NaN as half/float/bf16, as in
// every buffer before the kernel writes it), so a value computed from them fails a numbers check. An overrun into
// another buffer's bytes (or into a TBufPool's bytes, or the pool's own unassigned bytes), past the Unified Buffer, or
// of a tensor that is not a TPipe buffer (static tensors, whose UB the kernel lays out itself) stays a fault.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/pipe.h"

namespace opkit::sim::detail {

// UB bytes at or above this offset belong to no live buffer of the block: the most any live TPipe has handed out
// (TBufPools take their bytes from their TPipe, PopStackBuffer takes the rest of the UB).
inline uint64_t ub_high_water() {
  uint64_t most = 0;
  for (void* p : current_block().pipes) {
    if (p != nullptr) most = std::max(most, static_cast<const AscendC::TPipe*>(p)->opkit_ub_used());
  }
  return most;
}

enum class UbAccess : uint8_t { Read, Write, Both };

// What an operand does, from its role ("dst", "src1", "sharedTmpBuffer", ...) and the API.
inline UbAccess ub_access_of(const char* api, const char* role) {
  if (cstr_starts(role, "dst") || cstr_starts(role, "out") || cstr_is(api, "LocalTensor::SetValue")) {
    return UbAccess::Write;
  }
  if (cstr_starts(role, "src") || cstr_starts(role, "input") || cstr_is(api, "LocalTensor::GetValue")) {
    return UbAccess::Read;
  }
  return UbAccess::Both;
}

inline bool ub_overrun_unheld(const char* api, const char* role, const void* p, uint64_t have, uint64_t from,
                              uint64_t to, const BufferSlot* slot, const SourceLoc& where) {
  BlockContext& c = current_block();
  if (slot == nullptr || c.launch == nullptr || c.ub_base == nullptr) return false;
  const auto* b = static_cast<const uint8_t*>(p);
  if (b < c.ub_base || slot->addr < c.ub_base || slot->addr >= c.ub_base + c.ub_size) return false;
  const uint64_t off = static_cast<uint64_t>(b - c.ub_base);
  const uint64_t high = ub_high_water();
  const uint64_t past = off + std::max(have, from);  // the first byte of the access past the tensor
  // The tensor's buffer must be one the block holds now (not one a Reset/Destroy gave back), the bytes past the
  // tensor above every held byte, and all of them inside the UB.
  if (slot->ub_offset + uint64_t(slot->bytes) > high || past < high || off + to > c.ub_size) return false;
  if (off + to > c.ub_poisoned) {  // fresh UB: 0xFF, as TPipe's hand-out would have made it (pipe.h poison_to)
    std::memset(c.ub_base + c.ub_poisoned, 0xFF, off + to - c.ub_poisoned);
    c.ub_poisoned = off + to;
  }
  const std::string key = cat("ub overrun|", slot->ub_offset, "|", slot->bytes);  // every block's
  warn_once(key, [&] {
    const UbAccess kind = ub_access_of(api, role);
    const char* verb = kind == UbAccess::Write ? "writes" : kind == UbAccess::Read ? "reads" : "uses";
    const char* npu =
        kind == UbAccess::Write
            ? "the NPU writes them all the same (nothing checks UB bounds) and no data of the kernel is lost, but a "
              "buffer placed there later (another tiling, one more InitBuffer) would be overwritten; here the write "
              "happens too"
        : kind == UbAccess::Read
            ? "the NPU reads whatever they hold (nothing checks UB bounds); here they hold what the kernel last wrote "
              "there, else 0xFF bytes (NaN as floats): a value computed from them is garbage"
            : "the NPU reads and writes them all the same (nothing checks UB bounds) and no data of the kernel is "
              "lost; here they hold what the kernel last wrote there, else 0xFF bytes (NaN as floats)";
    return cat(located_head(api, where), role, " ", verb, " ", to - from, " bytes at UB [", off + from, ", ", off + to,
               ") but the tensor holds ", have, " bytes of ", describe(*slot), "; the ", off + to - past,
               " bytes past it, UB [", past, ", ", off + to, "), are held by no buffer of the block (its buffers end "
               "at UB offset ", high, "): ", npu, ". A bug to fix, not a fault");
  });
  return true;
}

// For the fault when ub_overrun_unheld says no: what the bytes past the tensor are.
inline std::string ub_overrun_note(const void* p, uint64_t have, uint64_t to) {
  const BlockContext& c = current_block();
  const auto* b = static_cast<const uint8_t*>(p);
  if (c.ub_base == nullptr || b < c.ub_base || b >= c.ub_base + c.ub_size) return "";
  const uint64_t off = static_cast<uint64_t>(b - c.ub_base);
  if (off + to > c.ub_size) {
    return cat("; it runs past the end of the ", c.ub_size, "-byte Unified Buffer (to UB offset ", off + to, ")");
  }
  const uint64_t high = ub_high_water();
  if (off + have >= high) return "";
  return cat("; UB [", off + have, ", ", std::min(off + to, high), ") past it is held by the block's buffers (they "
             "end at UB offset ", high, "): on the NPU it would reach their data");
}

}  // namespace opkit::sim::detail
