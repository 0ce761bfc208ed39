// TQue/TQueBind: queues of UB buffers with the FREE -> OCCUPIED -> ENQUE -> DEQUE -> FREE state machine.
#pragma once

#include <cstdint>

#include "opkit/sim/fault.h"
#include "opkit/sim/names.h"
#include "opkit/sim/pipe.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/profile.h"
#include "opkit/sim/tensor.h"

namespace opkit::sim::detail {

// The non-template part of a queue: its buffers and the FIFO of enqueued ones.
struct QueueCore {
  const AscendC::TPipe* pipe = nullptr;
  uint32_t generation = 0;
  AscendC::TPosition pos = AscendC::TPosition::VECIN;
  int32_t depth = 1;
  BufferSlot* bufs[kMaxBuffersPerPipe] = {};
  uint32_t num = 0;
  BufferSlot* fifo[kMaxBuffersPerPipe] = {};
  uint32_t head = 0;
  uint32_t count = 0;

  void reset(const AscendC::TPipe* p, uint32_t gen, AscendC::TPosition position, int32_t d) {
    *this = QueueCore{};
    pipe = p;
    generation = gen;
    pos = position;
    depth = d;
  }
  void add(BufferSlot* s) { bufs[num++] = s; }

  // The queue event for `opkit profile`: the buffer and the queue's positions decide which pipes wait on which.
  // The queue and its buffer count go along because the device hands a queue's buffers out in turn, where this
  // simulator takes the first free one: the model replays the device's order.
  void record(Ev kind, const char* api, const BufferSlot* s, AscendC::TPosition dst) const {
    if (BlockRecord* r = current_block().rec) {
      r->add(kind, api, reinterpret_cast<uintptr_t>(s), static_cast<uint64_t>(pos), static_cast<uint64_t>(dst),
             (static_cast<uint64_t>(reinterpret_cast<uintptr_t>(this)) << 8) | (num & 0xff));
    }
  }

  void require_ready(const char* api, const SourceLoc& where) const {
    check_cancelled(api, where);
    if (pipe == nullptr) fault(api, cat("TQue<", position_name(pos), "> used before TPipe::InitBuffer"), where);
    if (pipe->opkit_generation() != generation) {
      fault(api, cat("TQue<", position_name(pos), "> used after TPipe::Reset/Destroy without a new InitBuffer"),
            where);
    }
  }

  BufferSlot* alloc(const SourceLoc& where) {
    const char* api = "TQue::AllocTensor";
    require_ready(api, where);
    for (uint32_t i = 0; i < num; ++i) {
      if (bufs[i]->state == BufState::FREE) {
        bufs[i]->state = BufState::OCCUPIED;
        bufs[i]->taken = where;
        return bufs[i];
      }
    }
    fault(api, cat("no FREE buffer in TQue<", position_name(pos), "> (all ", num,
                   " are allocated and not yet freed); the device would hang here"), where);
  }

  // Faults unless `s` is a queue buffer: this queue's own, or another queue's handed over (CANN's EnQue stores the
  // tensor's buffer handle in this queue whatever queue it came from; only its CPU debug build asserts the owner,
  // the device does not). A TBuf's tensor has no queue state to hand over.
  void require_queue_buffer(const char* api, const BufferSlot* s, const SourceLoc& where) const {
    require_ready(api, where);
    if (s == nullptr) fault(api, "the tensor does not come from a queue (TBuf or never allocated)", where);
    if (!s->is_queue) {
      fault(api, cat("the tensor is ", describe(*s), ", not a queue buffer: only a tensor from a TQue's "
                     "AllocTensor or DeQue can be enqueued or freed"), where);
    }
  }

  bool owns(const BufferSlot* s) const {
    for (uint32_t i = 0; i < num; ++i) {
      if (bufs[i] == s) return true;
    }
    return false;
  }

  void enque(BufferSlot* s, const SourceLoc& where) {
    const char* api = "TQue::EnQue";
    require_queue_buffer(api, s, where);
    if (s->state == BufState::FREE || s->state == BufState::ENQUE) {
      fault(api, cat(describe(*s), " is ", state_name(s->state), "; only an allocated tensor can be enqueued"),
            where);
    }
    if ((depth > 0 && count >= static_cast<uint32_t>(depth)) || count >= kMaxBuffersPerPipe ||
        (depth == 0 && count >= num)) {
      fault(api, cat("queue depth ", depth, " exceeded: ", count, " tensors already enqueued and not dequeued"),
            where);
    }
    s->state = BufState::ENQUE;
    fifo[(head + count++) % kMaxBuffersPerPipe] = s;
  }

  BufferSlot* deque(const SourceLoc& where) {
    const char* api = "TQue::DeQue";
    require_ready(api, where);
    if (count == 0) {
      fault(api, cat("TQue<", position_name(pos), "> is empty (DeQue without a matching EnQue); the device would "
                     "hang here"), where);
    }
    BufferSlot* s = fifo[head];
    head = (head + 1) % kMaxBuffersPerPipe;
    --count;
    s->state = BufState::DEQUE;
    s->taken = where;
    return s;
  }

  void release(BufferSlot* s, const SourceLoc& where) {
    const char* api = "TQue::FreeTensor";
    require_queue_buffer(api, s, where);
    if (s->state == BufState::FREE) fault(api, cat(describe(*s), " is already FREE (double FreeTensor)"), where);
    // Freeing another queue's buffer (one handed over by EnQue) sets this queue's free event, and the owner's next
    // AllocTensor waits on its own: the device hangs unless both queues have the same positions.
    if (!owns(s) && s->pos != pos) {
      fault(api, cat(describe(*s), " belongs to a TQue<", position_name(s->pos), "> and is freed through a TQue<",
                     position_name(pos), ">: the device would set the ", position_name(pos), " queue's free event "
                     "while the owner's next AllocTensor waits on the ", position_name(s->pos), " one, and hang; "
                     "free it through a queue of its own position"), where);
    }
    if (s->state == BufState::ENQUE) fault(api, cat(describe(*s), " is still enqueued; DeQue it first"), where);
    s->state = BufState::FREE;
  }

  bool has_idle() const {
    for (uint32_t i = 0; i < num; ++i) {
      if (bufs[i]->state == BufState::FREE) return true;
    }
    return false;
  }
};

}  // namespace opkit::sim::detail

namespace AscendC {

// A queue's compile-time configuration: TQue's `mask` is an int (bit 0 nd2nz, bit 1 nz2nd, bit 2 scmBlockGroup) or a
// `const TQueConfig*`. bufferLen / bufferNumber, when not 0, must be InitBuffer's len / num; the others are format
// conversions of other positions and reserved fields (CANN's TQue docs), which change nothing here.
struct TQueConfig {
  bool nd2nz = false;
  bool nz2nd = false;
  bool scmBlockGroup = false;
  uint32_t bufferLen = 0;
  uint32_t bufferNumber = 0;
  uint32_t consumerSize = 0;
  TPosition consumer[8] = {};
  bool enableStaticEvtId = false;
  bool enableLoopQueue = false;
};

__aicore__ constexpr TQueConfig GetTQueConfig(bool nd2nzIn, bool nz2ndIn, bool scmBlockGroupIn, uint32_t bufferLenIn,
                                              uint32_t bufferNumberIn, uint32_t consumerSizeIn,
                                              const TPosition consumerIn[], bool enableStaticEvtIdIn,
                                              bool enableLoopQueueIn) {
  return TQueConfig{nd2nzIn, nz2ndIn, scmBlockGroupIn, bufferLenIn, bufferNumberIn, consumerSizeIn,
                    {consumerIn[0], consumerIn[1], consumerIn[2], consumerIn[3], consumerIn[4], consumerIn[5],
                     consumerIn[6], consumerIn[7]},
                    enableStaticEvtIdIn, enableLoopQueueIn};
}
__aicore__ constexpr TQueConfig GetTQueConfig(const int32_t mask) {
  return TQueConfig{(static_cast<uint32_t>(mask) & 0x1u) != 0, (static_cast<uint32_t>(mask) & 0x2u) != 0,
                    (static_cast<uint32_t>(mask) & 0x4u) != 0, 0, 0, 0,
                    {TPosition::MAX, TPosition::MAX, TPosition::MAX, TPosition::MAX, TPosition::MAX, TPosition::MAX,
                     TPosition::MAX, TPosition::MAX},
                    false, false};
}
__aicore__ constexpr TQueConfig GetTQueConfig(const TQueConfig* conf) { return *conf; }

// `depth`: how many tensors may wait in the queue; 0 means bounded only by the number of buffers.
template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
 public:
  using SourceLoc = opkit::sim::detail::SourceLoc;
  static_assert(depth >= 0, "TQue depth must not be negative");
  static constexpr TQueConfig config = GetTQueConfig(mask);

  template <typename T>
  LocalTensor<T> AllocTensor(OPKIT_SIM_HERE) {
    return tensor<T>(recorded(opkit::sim::detail::Ev::Alloc, "AllocTensor", core_.alloc(where)));
  }
  template <typename T>
  void AllocTensor(LocalTensor<T>& t, OPKIT_SIM_HERE) {
    t = tensor<T>(recorded(opkit::sim::detail::Ev::Alloc, "AllocTensor", core_.alloc(where)));
  }
  template <typename T>
  bool EnQue(const LocalTensor<T>& t, OPKIT_SIM_HERE) {
    core_.enque(t.opkit_slot, where);
    recorded(opkit::sim::detail::Ev::EnQue, "EnQue", t.opkit_slot);
    return true;
  }
  template <typename T>
  LocalTensor<T> DeQue(OPKIT_SIM_HERE) {
    return tensor<T>(recorded(opkit::sim::detail::Ev::DeQue, "DeQue", core_.deque(where)));
  }
  // The user-position forms a bound VECIN->VECOUT queue takes (circular_pad_grad: EnQue<GM, VECIN, T>(t) after the
  // copy in, EnQue<VECOUT, GM, T>(t) before the copy out): the positions order the pipes, which program order does.
  template <TPosition srcUser, TPosition dstUser, typename T>
  bool EnQue(const LocalTensor<T>& t, OPKIT_SIM_HERE) { return EnQue<T>(t, where); }
  template <TPosition srcUser, TPosition dstUser, typename T>
  LocalTensor<T> DeQue(OPKIT_SIM_HERE) { return DeQue<T>(where); }
  template <typename T>
  void FreeTensor(LocalTensor<T>& t, OPKIT_SIM_HERE) {
    core_.release(t.opkit_slot, where);
    recorded(opkit::sim::detail::Ev::Free, "FreeTensor", t.opkit_slot);
  }

  bool VacantInQue() const { return depth == 0 ? core_.count < core_.num : core_.count < uint32_t(depth); }
  bool HasTensorInQue() const { return core_.count > 0; }
  int32_t GetTensorCountInQue() const { return static_cast<int32_t>(core_.count); }
  bool HasIdleBuffer() const { return core_.has_idle(); }
  void FreeAllEvent() {}  // events are not modelled: program order already serialises the pipes

  // How a user TBufPool (EXTERN_IMPL_BUFPOOL) places the queue's buffers: InitStartBufHandle(num), then buffer i at
  // UB address curPoolAddr of the pool's bytes.
  void InitStartBufHandle(TBufHandle, uint8_t num, uint32_t, OPKIT_SIM_HERE) {
    if (num < 1) opkit::sim::detail::fault("TQue::InitStartBufHandle", "num 0 is outside [1, 64]", where);
    opkit_start_num_ = num;
  }
  template <typename T>
  void InitBufHandle(T* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr, uint32_t len,
                     OPKIT_SIM_HERE) {
    const char* api = "TQue::InitBufHandle";
    if (index >= opkit_start_num_) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat("buffer index ", index, " is not below the ",
                                                             opkit_start_num_, " buffers of InitStartBufHandle"),
                                where);
    }
    bufPool->opkit_place(api, bufhandle, curPoolAddr, len, where)
        .opkit_queue_buffer_at(*this, index, opkit_start_num_, len, curPoolAddr, where);
  }

  // Internals for TPipe::InitBuffer.
  opkit::sim::detail::QueueCore& opkit_core() { return core_; }
  static constexpr TPosition opkit_position() { return src; }
  static constexpr int32_t opkit_depth() { return depth; }

 private:
  template <typename T>
  LocalTensor<T> tensor(opkit::sim::detail::BufferSlot* s) const {
    LocalTensor<T> t = opkit::sim::detail::make_local(reinterpret_cast<T*>(s->addr),
                                                      s->bytes / static_cast<uint32_t>(sizeof(T)), src);
    t.opkit_slot = s;
    return t;
  }

  opkit::sim::detail::BufferSlot* recorded(opkit::sim::detail::Ev kind, const char* api,
                                            opkit::sim::detail::BufferSlot* s) const {
    core_.record(kind, api, s, dst);
    return s;
  }

  opkit::sim::detail::QueueCore core_;
  uint32_t opkit_start_num_ = 0;  // InitStartBufHandle's buffer count
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {};

// TSCM<src>: a queue of L1 buffers (position TSCM) that the Matmul API reads A or B from; src (GM or VECOUT) says
// where the data comes from, the buffers are L1's either way.
template <TPosition src, int32_t depth = 1, auto mask = 0>
class TSCM : public TQueBind<TPosition::TSCM, TPosition::TSCM, depth, mask> {};

}  // namespace AscendC
