// TBufPool and TPipe::InitBufPool: a sub-range of UB whose buffers can be handed out again after Reset, or share
// their bytes with another pool (UB reuse between the phases of a kernel).
#pragma once

#include <cstdint>

#include "opkit/sim/fault.h"
#include "opkit/sim/pipe.h"
#include "opkit/sim/positions.h"

namespace AscendC {

inline constexpr uint32_t defaultBufIDSize = 4;

// Buffers (queue buffers and TBufs) come from the pool's bytes in call order; at most bufIDSize of them until Reset.
template <TPosition pos, uint32_t bufIDSize = defaultBufIDSize>
class TBufPool {
 public:
  using SourceLoc = opkit::sim::detail::SourceLoc;
  static constexpr TPosition poolPos = pos;
  static constexpr bool isTbufPool = true;
  static constexpr uint32_t bufSize = bufIDSize;

  TBufPool() = default;
  TBufPool(const TBufPool&) = delete;
  TBufPool& operator=(const TBufPool&) = delete;

  template <class T>
  bool InitBuffer(T& que, uint8_t num, uint32_t len, OPKIT_SIM_HERE) {
    const char* api = "TBufPool::InitBuffer";
    if (num < 1) opkit::sim::detail::fault(api, "num 0 is outside [1, 64]", where);
    const uint32_t bytes = (len + 31) / 32 * 32;
    if (len == 0) opkit::sim::detail::fault(api, "buffer length is 0 bytes", where);
    const uint64_t at = take(api, uint64_t(bytes) * num, num, where);
    pipe_->opkit_init_queue_at(que, num, bytes, at, where);
    return true;
  }
  template <TPosition bufPos>
  bool InitBuffer(TBuf<bufPos>& buf, uint32_t len, OPKIT_SIM_HERE) {
    const char* api = "TBufPool::InitBuffer";
    if (len == 0) opkit::sim::detail::fault(api, "buffer length is 0 bytes", where);
    const uint32_t bytes = (len + 31) / 32 * 32;
    const uint64_t at = take(api, bytes, 1, where);
    pipe_->opkit_init_tbuf_at(buf, bytes, at, where);
    return true;
  }
  // A pool inside this one (from its next free bytes), or sharing `shareBuf`'s bytes.
  template <class T>
  bool InitBufPool(T& bufPool, uint32_t len, OPKIT_SIM_HERE) {
    const uint32_t bytes = (len + 31) / 32 * 32;
    const uint64_t at = take("TBufPool::InitBufPool", bytes, 0, where);
    bufPool.opkit_attach(pipe_, at, bytes);
    return true;
  }
  template <class T, class U>
  bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf, OPKIT_SIM_HERE) {
    shareBuf.opkit_share("TBufPool::InitBufPool", bufPool, len, where);
    return true;
  }
  // Hand the pool's bytes out again from its start; buffers taken before must be initialised again.
  void Reset() {
    used_ = 0;
    count_ = 0;
  }

  // Internals for TPipe::InitBufPool and nested pools.
  void opkit_attach(TPipe* pipe, uint64_t start, uint64_t bytes) {
    pipe_ = pipe;
    start_ = start;
    bytes_ = bytes;
    used_ = 0;
    count_ = 0;
  }
  template <class T>
  void opkit_share(const char* api, T& other, uint32_t len, const SourceLoc& where) const {
    if (pipe_ == nullptr) opkit::sim::detail::fault(api, "shareBuf was never initialised (InitBufPool)", where);
    const uint64_t bytes = (uint64_t(len) + 31) / 32 * 32;
    if (bytes > bytes_) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat("len ", len, " bytes is more than shareBuf's ", bytes_,
                                                             " bytes"), where);
    }
    other.opkit_attach(pipe_, start_, bytes);
  }

 private:
  uint64_t take(const char* api, uint64_t bytes, uint32_t buffers, const SourceLoc& where) {
    namespace d = opkit::sim::detail;
    d::check_cancelled(api, where);
    if (pipe_ == nullptr) d::fault(api, "the TBufPool was never initialised (TPipe::InitBufPool)", where);
    if (used_ + bytes > bytes_) {
      d::fault(api, d::cat("TBufPool overflow: ", used_, " bytes already taken + ", bytes, " bytes = ", used_ + bytes,
                           " bytes > the pool's ", bytes_, " bytes"), where);
    }
    if (count_ + buffers > bufIDSize) {
      d::fault(api, d::cat("more than bufIDSize ", bufIDSize, " buffers in one TBufPool (", count_, " + ", buffers,
                           ")"), where);
    }
    const uint64_t at = start_ + used_;
    used_ += bytes;
    count_ += buffers;
    return at;
  }

  TPipe* pipe_ = nullptr;
  uint64_t start_ = 0;  // UB offset
  uint64_t bytes_ = 0;
  uint64_t used_ = 0;
  uint32_t count_ = 0;
};

// The state of a user-defined TBufPool (EXTERN_IMPL_BUFPOOL): CANN's fields (UB addresses are offsets into the
// block's UB here), and the TPipe that reserved the bytes.
template <int bufIDSize>
struct TBufPoolImpl {
  TBufType buf_[bufIDSize] = {};
  uint32_t startAddr_ = 0;
  uint32_t maxAddr_ = 0;
  uint32_t maxLen_ = 0;
  uint8_t curBufSize_ = 0;
  uint8_t isReset_ = 0;
  TPipe* opkit_pipe_ = nullptr;

  void opkit_attach(TPipe* pipe, uint64_t start, uint64_t bytes) {
    opkit_pipe_ = pipe;
    startAddr_ = maxAddr_ = static_cast<uint32_t>(start);
    maxLen_ = static_cast<uint32_t>(bytes);
    curBufSize_ = 0;
  }
  // The pipe that places a buffer of `len` bytes at `addr` through `handle`: the handle one of buf_, the bytes
  // inside the pool's.
  TPipe& opkit_place(const char* api, TBufHandle handle, uint32_t addr, uint32_t len,
                     const opkit::sim::detail::SourceLoc& where) const {
    namespace d = opkit::sim::detail;
    d::check_cancelled(api, where);
    if (opkit_pipe_ == nullptr) d::fault(api, "the TBufPool was never initialised (TPipe::InitBufPool)", where);
    const auto* h = reinterpret_cast<const TBufType*>(handle);
    if (h < buf_ || h >= buf_ + bufIDSize) {
      d::fault(api, d::cat("the buffer handle is not one of the pool's ", bufIDSize, " (GetBufHandle offset ",
                           h - buf_, ")"), where);
    }
    const uint64_t end = uint64_t(addr) + (uint64_t(len) + 31) / 32 * 32;
    if (addr < startAddr_ || end > uint64_t(startAddr_) + maxLen_) {
      d::fault(api, d::cat("TBufPool overflow: buffer [", addr, ", ", end, ") is outside the pool's bytes [",
                           startAddr_, ", ", uint64_t(startAddr_) + maxLen_, ")"), where);
    }
    return *opkit_pipe_;
  }
  template <class T>
  void opkit_share(const char* api, T& other, uint32_t len, const opkit::sim::detail::SourceLoc& where) const {
    namespace d = opkit::sim::detail;
    if (opkit_pipe_ == nullptr) d::fault(api, "shareBuf was never initialised (InitBufPool)", where);
    const uint64_t bytes = (uint64_t(len) + 31) / 32 * 32;
    if (bytes > maxLen_) d::fault(api, d::cat("len ", len, " bytes is more than shareBuf's ", maxLen_, " bytes"), where);
    other.opkit_attach(opkit_pipe_, startAddr_, bytes);
  }
};

// A user-defined TBufPool class: the members CANN's macro gives it (kernel_tpipe.h). The class's own InitBuffer
// places buffers with GetBufHandle/GetCurAddr and the queue's InitStartBufHandle/InitBufHandle.
#define EXTERN_IMPL_BUFPOOL(EXT_BUFPOOL, POSITION, BUFID_SIZE)                                                   \
 public:                                                                                                         \
  static constexpr AscendC::TPosition poolPos = POSITION;                                                        \
  static constexpr int bufIDSize = BUFID_SIZE;                                                                   \
  static constexpr bool isTbufPool = true;                                                                       \
  ~EXT_BUFPOOL() { Reset(); }                                                                                    \
  void Reset() { ResetPool(); }                                                                                  \
  void Init() {                                                                                                  \
    ResetPool();                                                                                                 \
    tBufPoolImpl.isReset_ = true;                                                                                \
  }                                                                                                              \
  AscendC::TBufHandle GetBufHandle(uint8_t offset) {                                                             \
    return reinterpret_cast<AscendC::TBufHandle>(this->tBufPoolImpl.buf_ + offset);                              \
  }                                                                                                              \
  void SetCurAddr(uint32_t curAddr) { this->tBufPoolImpl.maxAddr_ = curAddr; }                                   \
  uint32_t GetCurAddr() { return this->tBufPoolImpl.maxAddr_; }                                                  \
  void SetCurBufSize(uint8_t curBufSize) { this->tBufPoolImpl.curBufSize_ = curBufSize; }                        \
  uint8_t GetCurBufSize() { return this->tBufPoolImpl.curBufSize_; }                                             \
  /* opkit internals: TPipe::InitBufPool and the queues' InitBufHandle */                                        \
  void opkit_attach(AscendC::TPipe* pipe, uint64_t start, uint64_t bytes) {                                      \
    tBufPoolImpl.opkit_attach(pipe, start, bytes);                                                               \
  }                                                                                                              \
  AscendC::TPipe& opkit_place(const char* api, AscendC::TBufHandle handle, uint32_t addr, uint32_t len,          \
                              const opkit::sim::detail::SourceLoc& where) const {                                \
    return tBufPoolImpl.opkit_place(api, handle, addr, len, where);                                              \
  }                                                                                                              \
  template <class OPKIT_T>                                                                                       \
  void opkit_share(const char* api, OPKIT_T& other, uint32_t len, const opkit::sim::detail::SourceLoc& where)    \
      const {                                                                                                    \
    tBufPoolImpl.opkit_share(api, other, len, where);                                                            \
  }                                                                                                              \
                                                                                                                 \
 protected:                                                                                                      \
  AscendC::TBufPoolImpl<bufIDSize> tBufPoolImpl;                                                                 \
                                                                                                                 \
 private:                                                                                                        \
  void ResetPool() {                                                                                             \
    tBufPoolImpl.curBufSize_ = 0;                                                                                \
    tBufPoolImpl.startAddr_ = 0;                                                                                 \
    tBufPoolImpl.maxAddr_ = 0;                                                                                   \
    tBufPoolImpl.maxLen_ = 0;                                                                                    \
  }                                                                                                              \
  static_assert(true, "")

template <class T>
bool TPipe::InitBufPool(T& bufPool, uint32_t len, SourceLoc where) {
  static_assert(T::isTbufPool, "TPipe::InitBufPool: bufPool must be a TBufPool");
  bufPool.opkit_attach(this, opkit_reserve("TPipe::InitBufPool", len, where), (uint64_t(len) + 31) / 32 * 32);
  return true;
}

template <class T, class U>
bool TPipe::InitBufPool(T& bufPool, uint32_t len, U& shareBuf, SourceLoc where) {
  static_assert(T::isTbufPool && U::isTbufPool, "TPipe::InitBufPool: bufPool and shareBuf must be TBufPools");
  shareBuf.opkit_share("TPipe::InitBufPool", bufPool, len, where);
  return true;
}

}  // namespace AscendC
