// Static-tensor programming: LocalTensor(TPosition, addr, tileSize), LocalMemAllocator, Hardware; tensors at fixed
// UB offsets without TPipe/TQue (InitSocState, which such kernels call first, is in vec/sys_state.h).
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/context.h"
#include "opkit/sim/cube/memory.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/names.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

}  // namespace AscendC

namespace opkit::sim::detail {

// A tensor of `count` elements at byte offset `addr` of a cube memory (L1, L0A, ...; cube/memory.h), aligned as
// the memory needs.
template <typename T>
void place_static_cube(AscendC::LocalTensor<T>& t, AscendC::TPosition pos, Mem mem, uint64_t addr, uint64_t count,
                       const char* api, const SourceLoc& where) {
  BlockContext& c = current_block();
  const size_t size = cube_mem_bytes(c.npu_arch, mem);
  if (c.launch == nullptr) fault(api, "a static tensor was made outside a kernel launch", where);
  if (size == 0) fault(api, cat(mem_name(mem), " does not exist on arch ", c.npu_arch), where);
  const uint64_t align = (mem == Mem::L0A || mem == Mem::L0B) ? 512 : 32;
  if (addr % align != 0) fault(api, cat(mem_name(mem), " address ", addr, " is not ", align, "-byte aligned"), where);
  const uint64_t end = addr + count * sizeof(T);
  if (end > size) {
    fault(api, cat(count, " elements of ", sizeof(T), " bytes at ", mem_name(mem), " address ", addr,
                   " end at byte ", end, ", past its ", size, " bytes"), where);
  }
  t.opkit_addr = reinterpret_cast<T*>(cube_arena(mem) + addr);
  t.opkit_count = static_cast<uint32_t>(count);
  t.opkit_pos = pos;
  t.opkit_slot = nullptr;
}

// A tensor of `count` elements at UB byte offset `addr` (or in the cube memory of a cube position): inside UB, 32 B
// aligned; first use poisons the bytes, as TPipe does for its buffers.
template <typename T>
void place_static(AscendC::LocalTensor<T>& t, AscendC::TPosition pos, uint64_t addr, uint64_t count, const char* api,
                  const SourceLoc& where) {
  check_cancelled(api, where);
  if (mem_of(pos) != Mem::UB) {
    place_static_cube(t, pos, mem_of(pos), addr, count, api, where);
    return;
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
  // int4b_t: tileSize values, two to a byte (the count is kept in bytes).
  opkit::sim::detail::place_static(*this, pos, addr, opkit_is_int4_v<T> ? (tileSize + 1) / 2 : tileSize,
                                   "LocalTensor", where);
}

// Bump allocator over one memory (UB, L1, L0A, L0B, L0C, BIAS, FIXBUF) from offset 0: each Alloc takes the next
// tileSize elements (rounded up to 32 B, 512 B in L0A/L0B); the position must live in that memory.
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
  LocalTensor<DataType> Alloc(OPKIT_SIM_HERE) { return take<DataType>(default_position(), tileSize, where); }
  template <class DataType>
  LocalTensor<DataType> Alloc(uint32_t tileSize, OPKIT_SIM_HERE) {
    return take<DataType>(default_position(), tileSize, where);
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
    namespace d = opkit::sim::detail;
    const d::Mem mem = memory();
    if (mem == d::Mem::COUNT) d::fault("LocalMemAllocator::Alloc", "Hardware::GM/MAX is not a local memory", where);
    if (d::mem_of(pos) != mem) {
      d::fault("LocalMemAllocator::Alloc", d::cat("position ", d::position_name(pos), " lives in ",
                                                 d::mem_name(d::mem_of(pos)), ", not in this allocator's ",
                                                 d::mem_name(mem)), where);
    }
    LocalTensor<DataType> t;
    d::place_static(t, pos, head_, count, "LocalMemAllocator::Alloc", where);
    const uint64_t align = (mem == d::Mem::L0A || mem == d::Mem::L0B) ? 512 : 32;
    head_ += static_cast<uint32_t>((uint64_t(count) * sizeof(DataType) + align - 1) / align * align);
    return t;
  }
  static constexpr TPosition default_position() {
    switch (hard) {
      case Hardware::L1: return TPosition::A1;
      case Hardware::L0A: return TPosition::A2;
      case Hardware::L0B: return TPosition::B2;
      case Hardware::L0C: return TPosition::CO1;
      case Hardware::BIAS: return TPosition::C2;
      case Hardware::FIXBUF: return TPosition::C2PIPE2GM;
      default: return TPosition::VECCALC;
    }
  }
  static constexpr opkit::sim::detail::Mem memory() {
    using opkit::sim::detail::Mem;
    switch (hard) {
      case Hardware::UB: return Mem::UB;
      case Hardware::L1: return Mem::L1;
      case Hardware::L0A: return Mem::L0A;
      case Hardware::L0B: return Mem::L0B;
      case Hardware::L0C: return Mem::L0C;
      case Hardware::BIAS: return Mem::BT;
      case Hardware::FIXBUF: return Mem::FB;
      default: return Mem::COUNT;
    }
  }
  uint32_t head_ = 0;
};

}  // namespace AscendC
