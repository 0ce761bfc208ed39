// GlobalTensor: a typed view of global memory (GM); every access is checked against the launch's GM buffers.
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/numeric.h"
#include "opkit/sim/profile.h"

namespace AscendC {

enum class CacheMode : uint8_t { CACHE_MODE_DISABLE, CACHE_MODE_NORMAL, CACHE_MODE_LAST, CACHE_MODE_PERSISTENT };
enum class CacheRwMode : uint8_t { READ = 1, WRITE = 2, RW = 3 };

template <typename T>
class GlobalTensor {
 public:
  using PrimType = T;
  using SourceLoc = opkit::sim::detail::SourceLoc;

  // int4b_t: `count` values, two to a byte (kept as bytes).
  void SetGlobalBuffer(T* buffer, uint64_t count) {
    opkit_addr = buffer;
    opkit_base = buffer;
    opkit_count = opkit_is_int4_v<T> ? (count + 1) / 2 : count;
  }
  void SetGlobalBuffer(T* buffer) { SetGlobalBuffer(buffer, 0); }

  // A view starting `offset` elements further on; CANN keeps the size unchanged.
  GlobalTensor operator[](uint64_t offset) const {
    if constexpr (opkit_is_int4_v<T>) {
      if (offset % 2 != 0) {
        opkit::sim::detail::fault("GlobalTensor::operator[]", opkit::sim::detail::cat(
            "offset ", offset, " of an int4b_t tensor is odd: a view starts on a byte (two values)"));
      }
      offset /= 2;
    }
    GlobalTensor view = *this;
    view.opkit_addr = opkit_addr + offset;
    return view;
  }

  T GetValue(uint64_t index, SourceLoc where = SourceLoc::here()) const {
    return *element("GlobalTensor::GetValue", "read", index, where);
  }
  void SetValue(uint64_t index, T value, SourceLoc where = SourceLoc::here()) const {
    *element("GlobalTensor::SetValue", "write", index, where) = value;
  }
  T& operator()(uint64_t index, SourceLoc where = SourceLoc::here()) const {
    return *element("GlobalTensor::operator()", "access", index, where);
  }

  uint64_t GetSize() const { return opkit_count; }
  T* GetPhyAddr() const { return opkit_addr; }
  T* GetPhyAddr(uint64_t offset) const { return opkit_addr + offset; }

  // L2 cache hints change only speed on the device: kept for `opkit profile` (CACHE_MODE_DISABLE: reads bypass L2).
  template <CacheRwMode rw = CacheRwMode::RW>
  void SetL2CacheHint(CacheMode mode) {
    opkit_cache = static_cast<uint8_t>(mode);
  }

  template <typename U>
  GlobalTensor<U> ReinterpretCast() const {
    GlobalTensor<U> t;
    t.opkit_addr = reinterpret_cast<U*>(opkit_addr);
    t.opkit_base = opkit_base;
    t.opkit_cache = opkit_cache;
    t.opkit_count = opkit_count * sizeof(T) / sizeof(U);
    return t;
  }

  // Internals, public so the copy APIs can reach them. `address_` is CANN's public name of the same pointer (kernels
  // read and assign it), so both name one member.
  union {
    T* opkit_addr = nullptr;
    T* address_;
  };
  // What SetGlobalBuffer was given: the GM buffer (kernel argument) that this tensor and its views may touch.
  const void* opkit_base = nullptr;
  uint8_t opkit_cache = static_cast<uint8_t>(CacheMode::CACHE_MODE_NORMAL);  // SetL2CacheHint's mode
  uint64_t opkit_count = 0;

 private:
  T* element(const char* api, const char* what, uint64_t index, const SourceLoc& where) const {
    opkit::sim::detail::check_cancelled(api, where);
    if (opkit_addr == nullptr) opkit::sim::detail::fault(api, "SetGlobalBuffer was never called", where);
    if (opkit::sim::detail::BlockRecord* r = opkit::sim::detail::current_block().rec) {
      r->scalar_gm(api, opkit_addr + index);
    }
    namespace d = opkit::sim::detail;
    const bool read = what[0] == 'r';  // GetValue: a read past the buffer's padding is a warning too (check_gm_read)
    if ((read ? d::check_gm_read(api, opkit_addr + index, sizeof(T), where, opkit_base)
              : d::check_gm(api, what, opkit_addr + index, sizeof(T), where, opkit_base)) != nullptr) {
      // Past the buffer's real bytes (a warning): not the caller's memory, so a scratch element that reads as 0xFF
      // bytes and forgets what is written to it.
      thread_local T scratch;
      std::memset(static_cast<void*>(&scratch), 0xFF, sizeof(T));
      return &scratch;
    }
    return opkit_addr + index;
  }
};

}  // namespace AscendC
