// LocalTensor (a window into this block's Unified Buffer) and the operand checks every vector/copy API makes.
// CONTRACT (sim-core owns this file, sim-vector builds on it): the members and helpers marked CONTRACT keep
// their names and meaning; everything else may grow.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/positions.h"

namespace opkit::sim::detail {
struct BufferSlot;  // a queue/TBuf buffer's state machine (pipe.h)
}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
class LocalTensor {
 public:
  using PrimType = T;

  LocalTensor() = default;

  // CONTRACT: host address of element 0 of this view, and the number of elements the view may touch.
  T* GetPhyAddr() const { return opkit_addr; }
  T* GetPhyAddr(uint32_t offset) const { return opkit_addr + offset; }
  uint32_t GetSize() const { return opkit_count; }

  // CONTRACT: internals, public so free functions of the simulator can reach them; kernels never do.
  T* opkit_addr = nullptr;
  uint32_t opkit_count = 0;
  TPosition opkit_pos = TPosition::VECCALC;
  opkit::sim::detail::BufferSlot* opkit_slot = nullptr;
};

}  // namespace AscendC

namespace opkit::sim::detail {

// CONTRACT: fault unless `t` is a UB tensor of this block whose start is 32-byte aligned (relative to the
// UB base) and whose view covers `bytes` bytes from its start. `role` names the operand ("dst", "src0").
template <typename T>
void require_ub_operand(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t bytes);

// CONTRACT: a LocalTensor over `count` elements at `addr` (inside the current block's UB), for tests and
// for the simulator's own temporaries.
template <typename T>
AscendC::LocalTensor<T> make_local(T* addr, uint32_t count, AscendC::TPosition pos = AscendC::TPosition::VECCALC) {
  AscendC::LocalTensor<T> t;
  t.opkit_addr = addr;
  t.opkit_count = count;
  t.opkit_pos = pos;
  return t;
}

template <typename T>
void require_ub_operand(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t bytes) {
  const BlockContext& c = current_block();
  const auto* p = reinterpret_cast<const uint8_t*>(t.opkit_addr);
  if (c.ub_base == nullptr || p < c.ub_base || p >= c.ub_base + c.ub_size) {
    fault(api, cat(role, " is not a tensor in this block's Unified Buffer"));
  }
  const uint64_t offset = static_cast<uint64_t>(p - c.ub_base);
  if (offset % 32 != 0) {
    fault(api, cat(role, " starts at UB offset ", offset, ", which is not 32-byte aligned"));
  }
  const uint64_t have = static_cast<uint64_t>(t.opkit_count) * sizeof(T);
  if (bytes > have) {
    fault(api, cat(role, " needs ", bytes, " bytes but the tensor holds ", have, " bytes (", t.opkit_count,
                   " elements)"));
  }
}

}  // namespace opkit::sim::detail
