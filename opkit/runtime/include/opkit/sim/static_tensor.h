// Static-tensor programming: LocalTensor(TPosition, addr, tileSize), LocalMemAllocator, Hardware, InitSocState;
// tensors at fixed UB offsets without TPipe/TQue.
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/names.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

// Sets the core's control registers on the device; nothing to set here.
inline void InitSocState() {}

}  // namespace AscendC

namespace opkit::sim::detail {

// A tensor of `count` elements at UB byte offset `addr`: inside UB, 32 B aligned; first use poisons the bytes, as
// TPipe does for its buffers.
template <typename T>
void place_static(AscendC::LocalTensor<T>& t, AscendC::TPosition pos, uint64_t addr, uint64_t count, const char* api,
                  const SourceLoc& where) {
  check_cancelled(api, where);
  if (pos != AscendC::TPosition::VECIN && pos != AscendC::TPosition::VECOUT && pos != AscendC::TPosition::VECCALC) {
    fault(api, cat("position ", position_name(pos), " is not in the Unified Buffer; only vector kernels (VECIN, "
                   "VECOUT, VECCALC) are simulated"), where);
  }
  BlockContext& c = current_block();
  if (c.ub_base == nullptr) fault(api, "a static tensor was made outside a kernel launch (no UB)", where);
  if (addr % 32 != 0) fault(api, cat("UB address ", addr, " is not 32-byte aligned"), where);
  const uint64_t end = addr + count * sizeof(T);
  if (end > c.ub_size) {
    fault(api, cat(count, " elements of ", sizeof(T), " bytes at UB address ", addr, " end at byte ", end,
                   ", past the Unified Buffer (", c.ub_size, " bytes)"), where);
  }
  if (end > c.ub_poisoned) {
    std::memset(c.ub_base + c.ub_poisoned, 0xFF, end - c.ub_poisoned);
    c.ub_poisoned = end;
  }
  t.opkit_addr = reinterpret_cast<T*>(c.ub_base + addr);
  t.opkit_count = static_cast<uint32_t>(count);
  t.opkit_pos = pos;
  t.opkit_slot = nullptr;
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
LocalTensor<T>::LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize, SourceLoc where) {
  opkit::sim::detail::place_static(*this, pos, addr, tileSize, "LocalTensor", where);
}

// Bump allocator over UB from offset 0: each Alloc takes the next tileSize elements (rounded up to 32 B).
// Other Hardware (L1, L0A, ...) compiles, as with CANN, but its Alloc is a fault: only UB is simulated.
template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
 public:
  using SourceLoc = opkit::sim::detail::SourceLoc;
  LocalMemAllocator() = default;
  uint32_t GetCurAddr() const { return head_; }

  template <TPosition pos, class DataType, uint32_t tileSize>
  LocalTensor<DataType> Alloc(OPKIT_SIM_HERE) { return take<DataType>(pos, tileSize, where); }
  template <TPosition pos, class DataType>
  LocalTensor<DataType> Alloc(uint32_t tileSize, OPKIT_SIM_HERE) { return take<DataType>(pos, tileSize, where); }
  template <class DataType, uint32_t tileSize>
  LocalTensor<DataType> Alloc(OPKIT_SIM_HERE) { return take<DataType>(TPosition::VECCALC, tileSize, where); }
  template <class DataType>
  LocalTensor<DataType> Alloc(uint32_t tileSize, OPKIT_SIM_HERE) {
    return take<DataType>(TPosition::VECCALC, tileSize, where);
  }
  // The rest of UB.
  template <class DataType>
  LocalTensor<DataType> Alloc(OPKIT_SIM_HERE) {
    const uint64_t left = opkit::sim::detail::current_block().ub_size - head_;
    return take<DataType>(TPosition::VECCALC, static_cast<uint32_t>(left / sizeof(DataType)), where);
  }

 private:
  template <class DataType>
  LocalTensor<DataType> take(TPosition pos, uint32_t count, const SourceLoc& where) {
    if constexpr (hard != Hardware::UB) {
      opkit::sim::detail::fault("LocalMemAllocator::Alloc", "only Hardware::UB is simulated (vector kernels); "
                                "L1/L0A/L0B/L0C/BIAS/FIXBUF belong to the cube unit", where);
    }
    LocalTensor<DataType> t;
    opkit::sim::detail::place_static(t, pos, head_, count, "LocalMemAllocator::Alloc", where);
    head_ += static_cast<uint32_t>((uint64_t(count) * sizeof(DataType) + 31) / 32 * 32);
    return t;
  }
  uint32_t head_ = 0;
};

}  // namespace AscendC
