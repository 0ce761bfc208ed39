// TPipe (bump allocator of the block's Unified Buffer, event ids) and TBuf; queue/TBuf buffers and their states.
#pragma once

#include <cstdint>
#include <cstring>
#include <exception>
#include <string>

#include "opkit/sim/buf_handle.h"
#include "opkit/sim/context.h"
#include "opkit/sim/cube/memory.h"
#include "opkit/sim/soc.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/names.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/tensor.h"
#include "opkit/sim/ub_scratch.h"

namespace opkit::sim::detail {

enum class BufState : uint8_t { FREE, OCCUPIED, ENQUE, DEQUE };

inline const char* state_name(BufState s) {
  switch (s) {
    case BufState::FREE: return "FREE";
    case BufState::OCCUPIED: return "OCCUPIED";
    case BufState::ENQUE: return "ENQUE";
    case BufState::DEQUE: return "DEQUE";
  }
  return "?";
}

// One buffer handed out by TPipe::InitBuffer: a queue's (with a state machine) or a TBuf's (always OCCUPIED).
struct BufferSlot {
  uint8_t* addr = nullptr;
  uint32_t bytes = 0;
  BufState state = BufState::FREE;
  const void* owner = nullptr;  // the queue or TBuf object
  AscendC::TPosition pos = AscendC::TPosition::VECCALC;
  bool is_queue = false;
  uint32_t index = 0;           // buffer number within its owner
  uint32_t ub_offset = 0;
  SourceLoc taken;              // the AllocTensor or DeQue that last took a queue buffer: where a leak is reported
};

inline const uint8_t* buffer_end(const BufferSlot* slot) {
  if (slot != nullptr) return slot->addr + slot->bytes;
  const BlockContext& c = current_block();
  return c.ub_base == nullptr ? nullptr : c.ub_base + c.ub_size;
}

inline constexpr uint32_t kMaxBuffersPerPipe = 64;
inline constexpr uint32_t kMaxQueueBuffersPerPosition = 8;  // VECIN/VECOUT on Ascend910B

inline std::string describe(const BufferSlot& s) {
  return cat(s.is_queue ? "queue" : "TBuf", " buffer ", s.index, " (", position_name(s.pos), ", ",
             mem_name(mem_of(s.pos)), " offset ", s.ub_offset, ", ", s.bytes, " bytes)");
}


// An InitBuffer past the SoC's ub_size that the UB cannot hold even with its scratch: on 310B and 950 (ub_scratch.h)
// the message says it is past the whole UB too (within it, the kernel runs after a warning).
inline std::string ub_overflow_note(uint64_t total, const BlockContext& c) {
  if (!has_ub_scratch(c.npu_arch) || total <= kWholeUb) return "";
  return cat(" (the SoC's ub_size; past the ", kWholeUb, " bytes of the whole UB as well)");
}
}  // namespace opkit::sim::detail

namespace AscendC {

template <TPosition pos>
class TBuf;

class TPipe {
 public:
  using SourceLoc = opkit::sim::detail::SourceLoc;

  // A kernel class may hold two TPipes and use the second after Destroy() on the first (CANN's rms_norm_grad does):
  // CANN allows it (its "already constructed" assertion is for ASCENDC_DEBUG device builds only), each TPipe hands
  // out UB from offset 0, and GetTPipePtr() is the last one constructed. Both handing out UB at once is the fault
  // (take: their buffers would overlap on the device).
  TPipe() {
    auto& c = opkit::sim::detail::current_block();
    void** free_slot = nullptr;
    for (void*& p : c.pipes) {
      if (p == nullptr) {
        free_slot = &p;
        break;
      }
    }
    if (free_slot == nullptr) opkit::sim::detail::fault("TPipe", "more than 4 TPipes alive in one block");
    *free_slot = this;
    c.pipe = this;
  }
  TPipe(const TPipe&) = delete;
  TPipe& operator=(const TPipe&) = delete;

  // A kernel's TPipe dies when the kernel returns: report buffers still held (the leak check of the block).
  ~TPipe() {
    auto& c = opkit::sim::detail::current_block();
    for (void*& p : c.pipes) {
      if (p == this) p = nullptr;
    }
    if (ub_used_ > 0) opkit::sim::detail::ub_leave_scratch();  // its buffers (in the UB scratch or not) are gone
    if (c.pipe != this) return;
    if (std::uncaught_exceptions() == 0 && c.exit_fault.empty()) opkit_leak_report(c.exit_fault, c.exit_where);
    c.pipe = nullptr;
  }

  // `que` gets `num` buffers of `len` bytes (rounded up to 32) from the next free UB bytes.
  template <class Queue>
  bool InitBuffer(Queue& que, uint32_t num, uint32_t len, OPKIT_SIM_HERE) {
    const char* api = "TPipe::InitBuffer";
    if (num < 1 || num > opkit::sim::detail::kMaxBuffersPerPipe) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat("num ", num, " is outside [1, 64]"), where);
    }
    // a TQueConfig's sizes, where given, are InitBuffer's (CANN checks them)
    if (Queue::config.bufferNumber != 0 && Queue::config.bufferNumber != num) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat("buffer number is ", num, ", which should be the same as "
                                "TQueConfig::bufferNumber (", Queue::config.bufferNumber, ")"), where);
    }
    if (Queue::config.bufferLen != 0 && Queue::config.bufferLen != len) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat("buffer length is ", len, ", which should be the same as "
                                "TQueConfig::bufferLen (", Queue::config.bufferLen, ")"), where);
    }
    auto& core = que.opkit_core();
    if (core.pipe == this && core.generation == generation_) {
      opkit::sim::detail::fault(api, "the queue already has buffers; call TPipe::Reset() before re-initialising",
                                where);
    }
    const uint32_t bytes = checked_len(api, len, num, where, que.opkit_position());
    check_queue_buffers_per_position(api, que.opkit_position(), num, where);
    core.reset(this, generation_, que.opkit_position(), que.opkit_depth());
    for (uint32_t i = 0; i < num; ++i) core.add(take(api, bytes, core.pos, &que, true, i, where));
    return true;
  }

  template <TPosition pos>
  bool InitBuffer(TBuf<pos>& buf, uint32_t len, OPKIT_SIM_HERE) {
    const uint32_t bytes = checked_len("TPipe::InitBuffer", len, 1, where, pos);
    buf.opkit_attach(take("TPipe::InitBuffer", bytes, pos, &buf, false, 0, where), this, generation_);
    return true;
  }

  // A TBufPool of `len` bytes (rounded up to 32) from the next free UB bytes, or sharing `shareBuf`'s bytes
  // (buf_pool.h).
  template <class T>
  bool InitBufPool(T& bufPool, uint32_t len, OPKIT_SIM_HERE);
  template <class T, class U>
  bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf, OPKIT_SIM_HERE);

  // Give all UB back: queues and TBufs must be initialised again before use.
  void Reset() {
    if (ub_used_ > 0) opkit::sim::detail::ub_leave_scratch();
    used_ = 0;
    ub_used_ = 0;
    pop_slot_ = nullptr;
    for (uint64_t& u : cube_used_) u = 0;
    ++generation_;
  }
  void Destroy() {
    Reset();
    auto& c = opkit::sim::detail::current_block();
    if (c.pipe == this) c.pipe = nullptr;
  }
  // Take the pipe (back) into use: all UB free, GetTPipePtr() this pipe (pad_v3_grad_replication calls Init() on its
  // member TPipe before each phase's InitBuffer, with Destroy() between the phases).
  void Init() {
    Reset();
    opkit::sim::detail::current_block().pipe = this;
  }

  // A free event id of `evt` (not reserved by AllocEventID); the pipe keeps no claim on it.
  TEventID FetchEventID(HardEvent evt, OPKIT_SIM_HERE) {
    const uint8_t mask = opkit::sim::detail::current_block().allocated_events[static_cast<uint8_t>(evt)];
    for (int id = 0; id < kEventIdsPerEvent; ++id) {
      if ((mask & (1u << id)) == 0) return static_cast<TEventID>(id);
    }
    opkit::sim::detail::fault("TPipe::FetchEventID", opkit::sim::detail::cat(
        "all 8 event ids of HardEvent::", opkit::sim::detail::event_name(evt), " are allocated"), where);
  }
  template <HardEvent evt>
  TEventID FetchEventID(OPKIT_SIM_HERE) { return FetchEventID(evt, where); }

  template <HardEvent evt>
  TEventID AllocEventID(OPKIT_SIM_HERE) {
    const TEventID id = FetchEventID(evt, where);
    opkit::sim::detail::current_block().allocated_events[static_cast<uint8_t>(evt)] |= uint8_t(1u << id);
    return id;
  }
  template <HardEvent evt>
  void ReleaseEventID(TEventID id, OPKIT_SIM_HERE) {
    uint8_t& mask = opkit::sim::detail::current_block().allocated_events[static_cast<uint8_t>(evt)];
    if (id < 0 || id >= kEventIdsPerEvent || (mask & (1u << id)) == 0) {
      opkit::sim::detail::fault("TPipe::ReleaseEventID", opkit::sim::detail::cat(
          "event id ", int(id), " of HardEvent::", opkit::sim::detail::event_name(evt),
          " was not allocated by AllocEventID"), where);
    }
    mask = uint8_t(mask & ~(1u << id));
  }

  // Internals for the leak check and tests: every queue buffer still taken (OCCUPIED, ENQUE or DEQUE) is a leak;
  // the message describes the first and counts the rest, `where` is the line of the call that took the first.
  void opkit_leak_report(std::string& message, std::string& where) const {
    namespace d = opkit::sim::detail;
    const d::BufferSlot* first = nullptr;
    uint32_t more = 0;
    for (uint32_t i = 0; i < used_; ++i) {
      if (!slots_[i].is_queue || slots_[i].state == d::BufState::FREE) continue;
      if (first == nullptr) first = &slots_[i]; else ++more;
    }
    if (first == nullptr) return;
    const char* how = first->state == d::BufState::ENQUE ? "allocated but never freed (EnQue without DeQue)"
                      : first->state == d::BufState::DEQUE ? "dequeued but never freed (DeQue without FreeTensor)"
                                                           : "allocated but never freed (AllocTensor without "
                                                             "EnQue/FreeTensor)";
    message = d::cat(describe(*first), " is still ", state_name(first->state), " when the kernel returns: a tensor "
                     "was ", how);
    if (more > 0) message += d::cat("; ", more, " more queue buffer(s) are still held too");
    where = first->taken.str();
  }
  uint64_t opkit_ub_used() const { return ub_used_; }

  // PopStackBuffer's space: every UB byte the pipe has not handed out, as one more buffer of the pipe until the
  // next InitBuffer. CANN reserves nothing for it: a later InitBuffer takes the same bytes (diag_flat zeroes GM
  // through it, then initialises its queues). Here that InitBuffer ends the stack tensor (its buffer shrinks to 0
  // bytes); a use of the old tensor after it is not caught yet, as on the device it shares the new buffer's bytes.
  opkit::sim::detail::BufferSlot* opkit_pop_stack(const char* api, TPosition pos, const SourceLoc& where) {
    end_pop_stack();
    const uint64_t budget = opkit::sim::detail::ub_budget(opkit::sim::detail::current_block());
    const uint64_t rest = ub_used_ < budget ? budget - ub_used_ : 0;  // the stack ends at ub_size, not in the scratch
    if (rest < 32) opkit::sim::detail::fault(api, "the TPipe has handed out all of the Unified Buffer", where);
    const uint64_t start = ub_used_;
    pop_slot_ = take(api, static_cast<uint32_t>(rest / 32 * 32), pos, nullptr, false, 0, where);
    pop_start_ = start;
    return pop_slot_;
  }
  void end_pop_stack() {
    if (pop_slot_ == nullptr) return;
    pop_slot_->bytes = 0;
    ub_used_ = pop_start_;
    pop_slot_ = nullptr;
  }

  // Internals for TBufPool (buf_pool.h): reserve `len` bytes of UB (rounded up to 32) and return their offset; give
  // `que`/`buf` buffers at a given UB offset inside a pool.
  uint64_t opkit_reserve(const char* api, uint32_t len, const SourceLoc& where) {
    end_pop_stack();
    const uint32_t bytes = checked_len(api, len, 1, where);
    auto& c = opkit::sim::detail::current_block();
    if (ub_used_ + bytes > c.ub_size && !opkit::sim::detail::ub_enter_scratch(ub_used_ + bytes)) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat(
          "Unified Buffer overflow: ", ub_used_, " bytes already allocated + ", bytes, " bytes = ", ub_used_ + bytes,
          " bytes > ", opkit::sim::detail::ub_budget(c), " bytes",
          opkit::sim::detail::ub_overflow_note(ub_used_ + bytes, c)), where);
    }
    const uint64_t at = ub_used_;
    ub_used_ += bytes;
    poison_to(ub_used_);
    if (c.ub_scratch != 0 && ub_used_ > c.ub_scratch) {
      namespace d = opkit::sim::detail;
      d::warn_buffer_in_scratch(api, d::cat("TBufPool of ", bytes, " bytes (UB offset ", at, ")"), 0, at, bytes, where);
    }
    return at;
  }
  template <class Queue>
  void opkit_init_queue_at(Queue& que, uint32_t num, uint32_t bytes, uint64_t offset, const SourceLoc& where) {
    const char* api = "TBufPool::InitBuffer";
    check_queue_buffers_per_position(api, que.opkit_position(), num, where);
    auto& core = que.opkit_core();
    core.reset(this, generation_, que.opkit_position(), que.opkit_depth());
    for (uint32_t i = 0; i < num; ++i) core.add(take_at(api, bytes, offset + uint64_t(i) * bytes, core.pos, &que, true, i, where));
  }
  template <TPosition pos>
  void opkit_init_tbuf_at(TBuf<pos>& buf, uint32_t bytes, uint64_t offset, const SourceLoc& where) {
    buf.opkit_attach(take_at("TBufPool::InitBuffer", bytes, offset, pos, &buf, false, 0, where), this, generation_);
  }
  // One buffer of a queue placed by a user TBufPool (TQue::InitBufHandle): buffer `index` of `num` at UB `offset`.
  template <class Queue>
  void opkit_queue_buffer_at(Queue& que, uint32_t index, uint32_t num, uint32_t len, uint64_t offset,
                             const SourceLoc& where) {
    namespace d = opkit::sim::detail;
    const char* api = "TQue::InitBufHandle";
    const uint32_t bytes = checked_len(api, len, 1, where, que.opkit_position());
    auto& core = que.opkit_core();
    if (index == 0) {
      check_queue_buffers_per_position(api, que.opkit_position(), num, where);
      core.reset(this, generation_, que.opkit_position(), que.opkit_depth());
    } else if (core.pipe != this || core.generation != generation_ || core.num != index) {
      d::fault(api, d::cat("buffer ", index, " placed before buffer ", core.pipe == this ? core.num : 0,
                           " (InitBufHandle takes a queue's buffers in order, from 0)"), where);
    }
    core.add(take_at(api, bytes, offset, core.pos, &que, true, index, where));
  }
  uint32_t opkit_generation() const { return generation_; }
  // Internals for the Matmul API: true for the first Matmul object since the last Reset, which takes L0A/L0B/L0C;
  // later objects share them (the device's objects run one after another in the same L0 buffers).
  bool opkit_take_matmul_l0() {
    if (matmul_l0_generation_ == generation_) return false;
    matmul_l0_generation_ = generation_;
    return true;
  }

 private:
  uint32_t checked_len(const char* api, uint32_t len, uint32_t num, const SourceLoc& where,
                       TPosition pos = TPosition::VECCALC) const {
    opkit::sim::detail::check_cancelled(api, where);
    const auto& c = opkit::sim::detail::current_block();
    if (c.ub_base == nullptr) opkit::sim::detail::fault(api, "TPipe used outside a kernel launch (no UB)", where);
    if (len == 0) opkit::sim::detail::fault(api, "buffer length is 0 bytes", where);
    const uint64_t bytes = (uint64_t(len) + 31) / 32 * 32;
    const uint64_t whole = opkit::sim::detail::has_ub_scratch(c.npu_arch) ? opkit::sim::detail::kWholeUb : c.ub_size;
    if (bytes * num > whole && opkit::sim::detail::mem_of(pos) == opkit::sim::detail::Mem::UB) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat(num, " x ", bytes, " bytes = ", bytes * num,
                                                             " bytes exceeds the Unified Buffer (", whole,
                                                             " bytes)"), where);
    }
    return static_cast<uint32_t>(bytes);
  }

  // Ascend910B (arch 2201) has 8 queue buffers per VECIN/VECOUT position (TBufs do not count). The limit of
  // other SoCs is not documented, so it is only enforced on 2201.
  void check_queue_buffers_per_position(const char* api, TPosition pos, uint32_t num, const SourceLoc& where) const {
    if (opkit::sim::detail::current_block().npu_arch != 2201) return;
    if (pos != TPosition::VECIN && pos != TPosition::VECOUT) return;
    uint32_t have = 0;
    for (uint32_t i = 0; i < used_; ++i) have += (slots_[i].is_queue && slots_[i].pos == pos) ? 1 : 0;
    if (have + num > opkit::sim::detail::kMaxQueueBuffersPerPosition) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat(
          "too many queue buffers at position ", opkit::sim::detail::position_name(pos), ": ", have,
          " already + ", num, " = ", have + num, " > ", opkit::sim::detail::kMaxQueueBuffersPerPosition,
          " (the limit per position on Ascend910B)"), where);
    }
  }

  opkit::sim::detail::BufferSlot* take(const char* api, uint32_t bytes, TPosition pos, const void* owner,
                                       bool is_queue, uint32_t index, const SourceLoc& where) {
    namespace d = opkit::sim::detail;
    auto& c = d::current_block();
    if (used_ == d::kMaxBuffersPerPipe) d::fault(api, "more than 64 buffers in one TPipe", where);
    const d::Mem mem = d::mem_of(pos);
    if (mem != d::Mem::UB) return take_cube(api, bytes, pos, mem, owner, is_queue, index, where);
    for (void* p : c.pipes) {
      if (p != nullptr && p != this && static_cast<TPipe*>(p)->ub_used_ > 0) {
        d::fault(api, d::cat("another TPipe of this block still holds ", static_cast<TPipe*>(p)->ub_used_,
                             " bytes of the Unified Buffer, where this one's buffers would start too; call "
                             "Destroy() on it first"), where);
      }
    }
    end_pop_stack();
    if (ub_used_ + bytes > c.ub_size && !d::ub_enter_scratch(ub_used_ + bytes)) {
      d::fault(api, d::cat("Unified Buffer overflow: ", ub_used_, " bytes already allocated + ", bytes, " bytes = ",
                           ub_used_ + bytes, " bytes > ", d::ub_budget(c), " bytes",
                           d::ub_overflow_note(ub_used_ + bytes, c)), where);
    }
    auto* s = take_at(api, bytes, ub_used_, pos, owner, is_queue, index, where);
    ub_used_ += bytes;
    poison_to(ub_used_);
    if (c.ub_scratch != 0 && ub_used_ > c.ub_scratch) {
      d::warn_buffer_in_scratch(api, d::describe(*s), index, s->ub_offset, bytes, where);
    }
    return s;
  }

  // A buffer in a cube memory (L1, L0A, L0B, L0C, bias table): its own bump allocator, poisoned on hand-out.
  opkit::sim::detail::BufferSlot* take_cube(const char* api, uint32_t bytes, TPosition pos, opkit::sim::detail::Mem mem,
                                            const void* owner, bool is_queue, uint32_t index, const SourceLoc& where) {
    namespace d = opkit::sim::detail;
    const auto& c = d::current_block();
    const size_t size = d::cube_mem_bytes(c.npu_arch, mem);
    uint64_t& used = cube_used_[static_cast<int>(mem)];
    if (size == 0) {
      d::fault(api, d::cat("position ", d::position_name(pos), " lives in ", d::mem_name(mem), ", which ",
                           opkit::sim::arch_soc_name(c.npu_arch), " does not have"), where);
    }
    if (used + bytes > size) {
      d::fault(api, d::cat(d::mem_name(mem), " overflow at position ", d::position_name(pos), ": ", used,
                           " bytes already allocated + ", bytes, " bytes = ", used + bytes, " bytes > ", size,
                           " bytes"), where);
    }
    auto& s = slots_[used_++];
    s = d::BufferSlot{};
    s.addr = d::cube_arena(mem) + used;
    s.bytes = bytes;
    s.owner = owner;
    s.pos = pos;
    s.is_queue = is_queue;
    s.index = index;
    s.ub_offset = static_cast<uint32_t>(used);
    s.state = is_queue ? d::BufState::FREE : d::BufState::OCCUPIED;
    std::memset(s.addr, 0xFF, bytes);
    used += bytes;
    return &s;
  }

  // A buffer slot for UB bytes [offset, offset + bytes), which the caller has reserved.
  opkit::sim::detail::BufferSlot* take_at(const char* api, uint32_t bytes, uint64_t offset, TPosition pos,
                                          const void* owner, bool is_queue, uint32_t index, const SourceLoc& where) {
    if (used_ == opkit::sim::detail::kMaxBuffersPerPipe) {
      opkit::sim::detail::fault(api, "more than 64 buffers in one TPipe", where);
    }
    auto& s = slots_[used_++];
    s = opkit::sim::detail::BufferSlot{};
    s.addr = opkit::sim::detail::current_block().ub_base + offset;
    s.bytes = bytes;
    s.owner = owner;
    s.pos = pos;
    s.is_queue = is_queue;
    s.index = index;
    s.ub_offset = static_cast<uint32_t>(offset);
    s.state = is_queue ? opkit::sim::detail::BufState::FREE : opkit::sim::detail::BufState::OCCUPIED;
    return &s;
  }

  // First use of UB bytes up to `end` in this block: poison them (pool.h enter_block).
  static void poison_to(uint64_t end) {
    auto& c = opkit::sim::detail::current_block();
    if (end > c.ub_poisoned) {
      std::memset(c.ub_base + c.ub_poisoned, 0xFF, end - c.ub_poisoned);
      c.ub_poisoned = end;
    }
  }

  opkit::sim::detail::BufferSlot slots_[opkit::sim::detail::kMaxBuffersPerPipe];
  uint32_t used_ = 0;
  uint64_t ub_used_ = 0;
  opkit::sim::detail::BufferSlot* pop_slot_ = nullptr;  // PopStackBuffer's tensor until the next InitBuffer
  uint64_t pop_start_ = 0;
  uint64_t cube_used_[opkit::sim::detail::kCubeMems] = {};
  uint32_t generation_ = 1;
  uint32_t matmul_l0_generation_ = 0;
};

inline TPipe* GetTPipePtr() { return static_cast<TPipe*>(opkit::sim::detail::current_block().pipe); }

// CANN's PopStackBuffer<T, pos>(tensor): the UB the kernel's TPipe has not handed out (the API framework's temporary
// space), as one tensor. Here it is the pipe's last buffer until the next InitBuffer, which takes the same bytes as on
// the device (TPipe::opkit_pop_stack).
template <typename T, TPosition pos>
bool PopStackBuffer(LocalTensor<T>& popBuffer, OPKIT_SIM_HERE) {
  TPipe* pipe = GetTPipePtr();
  if (pipe == nullptr) opkit::sim::detail::fault("PopStackBuffer", "no TPipe is alive in this block", where);
  auto* s = pipe->opkit_pop_stack("PopStackBuffer", pos, where);
  popBuffer = opkit::sim::detail::make_local(reinterpret_cast<T*>(s->addr), s->bytes / uint32_t(sizeof(T)), pos);
  popBuffer.opkit_slot = s;
  return true;
}

// CANN's unit sizes (kernel_utils constants): one 256-byte repeat (ONE_BLK_SIZE, the 32-byte block, is with the
// cube constants in opkit/sim/cube/memory.h).
inline constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
// The repeat limits and default strides kernels size their loops with (kernel_utils_constants.h).
inline constexpr int32_t MAX_REPEAT_TIMES = 255;
inline constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
inline constexpr uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
inline constexpr uint8_t ONE_FOURTH_DEFAULT_REPEAT_STRIDE = 2;

// A plain UB buffer for temporaries: no queue, no states.
template <TPosition pos = TPosition::VECCALC>
class TBuf {
 public:
  using SourceLoc = opkit::sim::detail::SourceLoc;

  template <typename T>
  LocalTensor<T> Get(OPKIT_SIM_HERE) const {
    const auto* s = slot("TBuf::Get", where);
    return tensor<T>(s, 0, s->bytes / static_cast<uint32_t>(sizeof(T)));
  }
  template <typename T>
  LocalTensor<T> Get(uint32_t count, OPKIT_SIM_HERE) const {
    return part<T>("TBuf::Get", count, 0, where);
  }
  template <typename T>
  LocalTensor<T> GetWithOffset(uint32_t count, uint32_t byte_offset, OPKIT_SIM_HERE) const {
    return part<T>("TBuf::GetWithOffset", count, byte_offset, where);
  }
  // CANN's TBuf also hands its buffer out as AllocTensor/FreeTensor; a TBuf has no states, so both only check.
  template <typename T>
  LocalTensor<T> AllocTensor(OPKIT_SIM_HERE) const { return Get<T>(where); }
  template <typename T>
  void FreeTensor(LocalTensor<T>& tensor, OPKIT_SIM_HERE) const {
    const auto* s = slot("TBuf::FreeTensor", where);
    if (tensor.opkit_slot != s) {
      opkit::sim::detail::fault("TBuf::FreeTensor", "the tensor was not taken from this TBuf", where);
    }
  }

 public:
  // How a user TBufPool (EXTERN_IMPL_BUFPOOL) places the TBuf: at UB address `curPoolAddr` of the pool's bytes.
  void InitStartBufHandle(TBufHandle, uint8_t num, uint32_t, OPKIT_SIM_HERE) {
    if (num != 1) opkit::sim::detail::fault("TBuf::InitStartBufHandle", opkit::sim::detail::cat(
        "a TBuf has one buffer, not ", uint32_t(num)), where);
  }
  template <typename T>
  void InitBufHandle(T* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr, uint32_t len,
                     OPKIT_SIM_HERE) {
    if (index != 0) opkit::sim::detail::fault("TBuf::InitBufHandle", opkit::sim::detail::cat(
        "a TBuf has one buffer (index 0), not index ", index), where);
    bufPool->opkit_place("TBuf::InitBufHandle", bufhandle, curPoolAddr, len, where)
        .opkit_init_tbuf_at(*this, (len + 31) / 32 * 32, curPoolAddr, where);
  }

 private:
  template <typename T>
  LocalTensor<T> part(const char* api, uint32_t count, uint32_t byte_offset, const SourceLoc& where) const {
    const auto* s = slot(api, where);
    if (byte_offset % 32 != 0) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat("byte offset ", byte_offset,
                                                             " is not 32-byte aligned"), where);
    }
    const uint64_t end = uint64_t(byte_offset) + uint64_t(count) * sizeof(T);
    if (end > s->bytes) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat(
          count, " elements of ", sizeof(T), " bytes at byte offset ", byte_offset, " end at byte ", end,
          ", past the TBuf's ", s->bytes, " bytes"), where);
    }
    return tensor<T>(s, byte_offset, count);
  }


 public:
  void opkit_attach(opkit::sim::detail::BufferSlot* s, const TPipe* pipe, uint32_t generation) {
    slot_ = s;
    pipe_ = pipe;
    generation_ = generation;
  }

 private:
  const opkit::sim::detail::BufferSlot* slot(const char* api, const SourceLoc& where) const {
    opkit::sim::detail::check_cancelled(api, where);
    if (slot_ == nullptr) opkit::sim::detail::fault(api, "TBuf used before TPipe::InitBuffer", where);
    if (pipe_->opkit_generation() != generation_) {
      opkit::sim::detail::fault(api, "TBuf used after TPipe::Reset/Destroy without a new InitBuffer", where);
    }
    return slot_;
  }
  template <typename T>
  LocalTensor<T> tensor(const opkit::sim::detail::BufferSlot* s, uint32_t byte_offset, uint32_t count) const {
    LocalTensor<T> t = opkit::sim::detail::make_local(reinterpret_cast<T*>(s->addr + byte_offset), count, pos);
    t.opkit_slot = const_cast<opkit::sim::detail::BufferSlot*>(s);
    return t;
  }

  opkit::sim::detail::BufferSlot* slot_ = nullptr;
  const TPipe* pipe_ = nullptr;
  uint32_t generation_ = 0;
};

}  // namespace AscendC

#include "opkit/sim/ub_overrun.h"  // needs TPipe: an operand overrunning into UB no buffer holds
