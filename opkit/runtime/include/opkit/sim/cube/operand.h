// The operand checks of the cube APIs: a tensor must sit in the memory its position names (L1, L0A, ...), inside this
// block's arena of it, aligned as the memory requires, and hold the bytes the call touches.
#pragma once

#include <cstdint>

#include "opkit/sim/context.h"
#include "opkit/sim/cube/memory.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/names.h"
#include "opkit/sim/soc.h"
#include "opkit/sim/tensor.h"

// The cube's inner loops (Mmad, the Matmul API's products) compiled optimised even when the kernel is not: samples
// build without a build type (no -O), and an unoptimised 7680 x 480 x 320 product runs past the launch watchdog.
#if defined(__GNUC__) && !defined(__clang__)
#define OPKIT_CUBE_HOT __attribute__((optimize("O2")))
#else
#define OPKIT_CUBE_HOT
#endif

namespace opkit::sim::detail {

// Start alignment per memory: L0A/L0B hold 512-byte fractals, the rest 32-byte blocks.
inline uint32_t mem_align(Mem m) { return (m == Mem::L0A || m == Mem::L0B) ? 512 : 32; }

inline const char* positions_of(Mem m) {
  switch (m) {
    case Mem::L1: return "A1/B1/C1";
    case Mem::L0A: return "A2";
    case Mem::L0B: return "B2";
    case Mem::L0C: return "CO1";
    case Mem::BT: return "C2";
    case Mem::FB: return "C2PIPE2GM";
    default: return "VECIN/VECOUT/VECCALC";
  }
}

template <typename T>
void require_cube_operand(const char* api, const char* role, const AscendC::LocalTensor<T>& t, Mem want,
                          uint64_t bytes, const SourceLoc& where) {
  check_cancelled(api, where);
  const BlockContext& c = current_block();
  if (t.opkit_addr == nullptr) fault(api, cat(role, " has no buffer (never allocated)"), where);
  const Mem at = mem_of(t.opkit_pos);
  if (at != want) {
    fault(api, cat(role, " is a tensor at position ", position_name(t.opkit_pos), " (", mem_name(at), "); ", api,
                   " needs it in ", mem_name(want), " (position ", positions_of(want), ")"), where);
  }
  const size_t size = want == Mem::UB ? c.ub_size : cube_mem_bytes(c.npu_arch, want);
  const uint8_t* base = want == Mem::UB ? c.ub_base : cube_arena(want);
  const auto* p = reinterpret_cast<const uint8_t*>(t.opkit_addr);
  if (base == nullptr || p < base || p >= base + size) {
    fault(api, cat(role, " is not a tensor in this block's ", mem_name(want)), where);
  }
  const uint64_t offset = static_cast<uint64_t>(p - base);
  if (offset % mem_align(want) != 0) {
    fault(api, cat(role, " starts at ", mem_name(want), " offset ", offset, ", which is not ", mem_align(want),
                   "-byte aligned"), where);
  }
  const uint64_t have = static_cast<uint64_t>(t.opkit_count) * sizeof(T);
  // A tensor put on an address of L0A/L0B/L0C (LocalTensor(pos, addr, size), no TPipe buffer) owns no memory: its
  // size is a label the cube never sees, and the instruction reads or writes its whole extent there (asc-devkit's
  // mmad example writes int8 Mmad's 32-aligned n columns into a tensor sized for 16-aligned n). Only the memory's
  // end bounds it; tensors of TPipe buffers (and L1's) keep their size.
  const bool label_only = t.opkit_slot == nullptr && (want == Mem::L0A || want == Mem::L0B || want == Mem::L0C);
  if (bytes > have && !label_only) {
    fault(api, cat(role, " needs ", bytes, " bytes but the tensor holds ", have, " bytes (", t.opkit_count,
                   " elements) at position ", position_name(t.opkit_pos)), where);
  }
  if (offset + bytes > size) {
    fault(api, cat(role, " reaches ", mem_name(want), " byte ", offset + bytes, ", past its ", size, " bytes"), where);
  }
}

// The operand of a plain DataCopy: the Unified Buffer as before, or L1 (GM <-> L1, L1 <-> UB).
template <typename T>
void require_local_operand(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t bytes,
                           const SourceLoc& where) {
  const Mem m = mem_of(t.opkit_pos);
  if (m == Mem::UB) {
    require_ub_operand(api, role, t, bytes, where);
    return;
  }
  if (m != Mem::L1 && m != Mem::BT && m != Mem::FB) {
    fault(api, cat(role, " is a tensor at position ", position_name(t.opkit_pos), " (", mem_name(m), "); DataCopy "
                   "moves GM, UB and L1 data (L0A/L0B are filled by LoadData, L0C is read by Fixpipe)"), where);
  }
  require_cube_operand(api, role, t, m, bytes, where);
}

// C0: the elements of one 32-byte fractal row (16 for half, 32 for int8, 8 for float).
template <typename T>
constexpr uint32_t c0_of() {
  return 32 / static_cast<uint32_t>(sizeof(T));
}

inline uint64_t ceil_to(uint64_t v, uint64_t m) { return (v + m - 1) / m * m; }

}  // namespace opkit::sim::detail
