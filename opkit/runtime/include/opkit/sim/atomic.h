// SetAtomicAdd/Max/Min/None: UB->GM copies combine with what GM holds instead of overwriting it, race-free across blocks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <type_traits>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/macros.h"
#include "opkit/sim/numeric.h"
#include "opkit/sim/signature.h"

namespace opkit::sim::detail {

enum class AtomicKind : uint8_t { None, Add, Max, Min };
enum class AtomicElem : uint8_t { F32, F16, BF16, S32, S16, S8 };

// The atomic mode of this core (one per simulated block; the launcher clears it when a block starts).
struct AtomicState {
  AtomicKind kind = AtomicKind::None;
  AtomicElem elem = AtomicElem::F32;
};

inline AtomicState& atomic_state() {
  thread_local AtomicState state;
  return state;
}

inline void reset_atomic_state() { atomic_state() = AtomicState{}; }

template <typename T>
constexpr AtomicElem atomic_elem_of() {
  if constexpr (std::is_same_v<T, float>) return AtomicElem::F32;
  else if constexpr (std::is_same_v<T, half>) return AtomicElem::F16;
  else if constexpr (std::is_same_v<T, bfloat16>) return AtomicElem::BF16;
  else if constexpr (std::is_same_v<T, int32_t>) return AtomicElem::S32;
  else if constexpr (std::is_same_v<T, int16_t>) return AtomicElem::S16;
  else return AtomicElem::S8;
}

template <typename T>
inline constexpr bool atomic_type_v = std::is_same_v<T, float> || std::is_same_v<T, half> ||
                                      std::is_same_v<T, bfloat16> || std::is_same_v<T, int32_t> ||
                                      std::is_same_v<T, int16_t> || std::is_same_v<T, int8_t>;

// Blocks run on real threads: a read-modify-write of GM holds the lock of its 64-byte line (striped by address), so
// two blocks adding into one row never lose an update.
inline std::mutex& gm_line_lock(uintptr_t addr) {
  static std::mutex locks[256];
  return locks[(addr >> 6) % 256];
}

template <typename T>
T atomic_combine(AtomicKind kind, T old_v, T new_v) {
  if constexpr (is_float16_v<T>) {
    return T(atomic_combine<float>(kind, float(old_v), float(new_v)));  // one rounding, as the device's half adder
  } else if constexpr (std::is_integral_v<T>) {
    using W = std::make_unsigned_t<T>;
    if (kind == AtomicKind::Add) return static_cast<T>(static_cast<W>(static_cast<W>(old_v) + static_cast<W>(new_v)));
    if (kind == AtomicKind::Max) return old_v > new_v ? old_v : new_v;
    return old_v < new_v ? old_v : new_v;
  } else {
    if (kind == AtomicKind::Add) return old_v + new_v;
    if (kind == AtomicKind::Max) return (old_v != old_v || old_v > new_v) ? old_v : new_v;
    return (old_v != old_v || old_v < new_v) ? old_v : new_v;
  }
}

// An atomic add/max/min of floats onto GM bytes that are all ones (NaN in every float type): not a value a kernel
// computes, but what uncleared memory can hold (a reused buffer or workspace keeps whatever was there; only a new
// process's aclrtMalloc memory reads zero) and what fresh UB holds here. CANN asks for the output to be cleared before
// atomic stores (aclrtMemset). A fault, rather than a NaN result.
template <typename T>
inline bool holds_all_ones(const uint8_t* p) {
  if constexpr (std::is_integral_v<T>) {
    return false;  // all-ones is -1, a value a kernel may well have written
  } else {
    for (size_t b = 0; b < sizeof(T); ++b) {
      if (p[b] != 0xff) return false;
    }
    return true;
  }
}

[[noreturn]] inline void fault_uncleared(AtomicKind kind, const uint8_t* at) {
  const BlockContext& c = current_block();
  const char* api = c.last_api.load(std::memory_order_relaxed);
  const SourceLoc where{c.last_file.load(std::memory_order_relaxed), c.last_line.load(std::memory_order_relaxed)};
  const char* mode = kind == AtomicKind::Add ? "SetAtomicAdd" : kind == AtomicKind::Max ? "SetAtomicMax" : "SetAtomicMin";
  fault(api != nullptr ? api : mode,
        cat("an atomic store (", mode, ") combines with GM at ", static_cast<const void*>(at), " that holds all-ones "
            "bytes (NaN), not a cleared value: memory used before holds whatever was left there (uninitialised UB "
            "copied out, a reused buffer or workspace). Clear the output first (aclrtMemset on the host, or write "
            "zeros in the kernel before the atomic stores)"), where);
}

// Cores that have not waited on one another run in no fixed order on the device. An atomic store of one and a plain
// store of another onto the same GM bytes then give a result that depends on which ran first: the split-K bug of every
// block clearing C with no barrier before the blocks' atomic adds, which works on the device only while the clears
// happen to come first. Atomic stores made before their core's first wait are remembered for the launch; a plain store
// over them by another core that has not waited either is a fault, so the run that got the order wrong says so.
inline void note_unordered_atomic(const uint8_t* d, uint64_t bytes) {
  const BlockContext& c = current_block();
  if (c.launch == nullptr || c.waits != 0) return;
  LaunchState& l = *c.launch;
  const auto begin = reinterpret_cast<uintptr_t>(d);
  std::lock_guard<std::mutex> lock(l.atomics_m);
  auto& spans = l.unordered_atomics;
  if (!spans.empty() && spans.back().core == c.core_index && spans.back().end == begin) {
    spans.back().end += bytes;  // element-wise stores (Fixpipe) grow one span
  } else {
    spans.push_back({begin, begin + bytes, c.core_index, c.block_idx});
  }
  l.any_unordered_atomic.store(true, std::memory_order_release);
}

inline void check_unordered_overwrite(const uint8_t* d, uint64_t bytes) {
  const BlockContext& c = current_block();
  if (c.launch == nullptr || c.waits != 0 || !c.launch->any_unordered_atomic.load(std::memory_order_acquire)) return;
  LaunchState& l = *c.launch;
  const auto begin = reinterpret_cast<uintptr_t>(d);
  UnorderedAtomic hit{};
  {
    std::lock_guard<std::mutex> lock(l.atomics_m);
    for (const UnorderedAtomic& s : l.unordered_atomics) {
      if (s.core != c.core_index && s.begin < begin + bytes && begin < s.end) {
        hit = s;
        break;
      }
    }
  }
  if (hit.end == 0) return;
  const char* api = c.last_api.load(std::memory_order_relaxed);
  const SourceLoc where{c.last_file.load(std::memory_order_relaxed), c.last_line.load(std::memory_order_relaxed)};
  fault(api != nullptr ? api : "DataCopy",
        cat("overwrites GM at ", static_cast<const void*>(d + (hit.begin > begin ? hit.begin - begin : 0)),
            " that ", hit.block == c.block_idx ? std::string("another core of this block") : cat("block ", hit.block),
            " has already added to atomically, and neither waited on the other "
            "first (no SyncAll, CrossCoreWaitFlag or GM-flag wait): on the device the order of the two is chance, so "
            "the atomic result can be lost. Clear the memory before the launch (aclrtMemset) or put a SyncAll between "
            "clearing it and the atomic stores"), where);
}

// An atomic add of zero leaves GM as it is (numerically: -0 + +0 gives +0 on the device and stays -0 here), whatever
// GM holds and whichever core comes first: the padded tail of an unaligned copy (zeros added past a block's slice, into
// the next block's, before that block cleared it) is neither a race nor a combine with never-written memory.
template <typename T>
bool adds_nothing(AtomicKind kind, const uint8_t* src) {
  if (kind != AtomicKind::Add) return false;
  T v;
  std::memcpy(static_cast<void*>(&v), src, sizeof(T));
  if constexpr (std::is_integral_v<T>) {
    return v == 0;
  } else {
    return static_cast<float>(v) == 0.0f;
  }
}

// note_unordered_atomic for the runs of elements that add something.
template <typename T>
void note_atomic_runs(uint8_t* dst, const uint8_t* src, uint64_t bytes, AtomicKind kind) {
  uint64_t start = 0;
  bool open = false;
  uint64_t i = 0;
  for (; i + sizeof(T) <= bytes; i += sizeof(T)) {
    if (adds_nothing<T>(kind, src + i)) {
      if (open) note_unordered_atomic(dst + start, i - start);
      open = false;
    } else if (!open) {
      start = i;
      open = true;
    }
  }
  if (open) note_unordered_atomic(dst + start, i - start);
}

template <typename T>
void atomic_store_elems(uint8_t* dst, const uint8_t* src, uint64_t bytes, AtomicKind kind) {
  note_atomic_runs<T>(dst, src, bytes, kind);
  uint64_t i = 0;
  while (i + sizeof(T) <= bytes) {
    const uintptr_t line_end = (reinterpret_cast<uintptr_t>(dst + i) | 63u) + 1;
    std::lock_guard<std::mutex> lock(gm_line_lock(reinterpret_cast<uintptr_t>(dst + i)));
    for (; i + sizeof(T) <= bytes && reinterpret_cast<uintptr_t>(dst + i) < line_end; i += sizeof(T)) {
      T old_v, new_v;
      if (adds_nothing<T>(kind, src + i)) continue;
      if (holds_all_ones<T>(dst + i)) fault_uncleared(kind, dst + i);
      std::memcpy(static_cast<void*>(&old_v), dst + i, sizeof(T));
      std::memcpy(static_cast<void*>(&new_v), src + i, sizeof(T));
      const T out = atomic_combine<T>(kind, old_v, new_v);
      std::memcpy(dst + i, static_cast<const void*>(&out), sizeof(T));
    }
  }
}

// CONTRACT (copy.h calls it for every UB->GM transfer): write `bytes` bytes to GM, combining them element-wise with
// GM's bytes when an atomic mode is set. The element type is the one SetAtomicAdd<T> named, as on the device.
inline void store_gm(void* dst, const void* src, uint64_t bytes) {
  const AtomicState s = atomic_state();
  auto* d = static_cast<uint8_t*>(dst);
  const auto* in = static_cast<const uint8_t*>(src);
  if (bytes == 0) return;
  if (s.kind == AtomicKind::None) {
    check_unordered_overwrite(d, bytes);
    std::memmove(d, in, bytes);
    return;
  }
  switch (s.elem) {
    case AtomicElem::F32: atomic_store_elems<float>(d, in, bytes, s.kind); break;
    case AtomicElem::F16: atomic_store_elems<half>(d, in, bytes, s.kind); break;
    case AtomicElem::BF16: atomic_store_elems<bfloat16>(d, in, bytes, s.kind); break;
    case AtomicElem::S32: atomic_store_elems<int32_t>(d, in, bytes, s.kind); break;
    case AtomicElem::S16: atomic_store_elems<int16_t>(d, in, bytes, s.kind); break;
    case AtomicElem::S8: atomic_store_elems<int8_t>(d, in, bytes, s.kind); break;
  }
}

// `count` rows of `len` bytes from UB to GM through store_gm; pitches in bytes. `dst_end`: where the GM buffer's real
// bytes end when the copy reaches into the allocator padding behind it (check_gm): nothing is stored past it.
inline void store_gm_rows(uint8_t* dst, const uint8_t* src, uint64_t count, uint64_t len, uint64_t src_step,
                          uint64_t dst_step, const uint8_t* dst_end = nullptr) {
  for (uint64_t i = 0; i < count; ++i) {
    uint8_t* d = dst + i * dst_step;
    uint64_t n = len;
    if (dst_end != nullptr) n = d >= dst_end ? 0 : std::min<uint64_t>(len, static_cast<uint64_t>(dst_end - d));
    store_gm(d, src + i * src_step, n);
  }
}

template <typename T>
void set_atomic(AtomicKind kind) {
  static_assert(atomic_type_v<T>, "SetAtomicAdd/SetAtomicMax/SetAtomicMin/SetAtomicType: T must be float, half, "
                                  "bfloat16_t, int32_t, int16_t or int8_t");
  atomic_state() = AtomicState{kind, atomic_elem_of<T>()};
}

}  // namespace opkit::sim::detail

namespace AscendC {

// Until SetAtomicNone, DataCopy/DataCopyPad from UB to GM add their elements (of type T) to GM's.
template <typename T>
inline void SetAtomicAdd() { opkit::sim::detail::set_atomic<T>(opkit::sim::detail::AtomicKind::Add); }
template <typename T>
inline void SetAtomicMax() { opkit::sim::detail::set_atomic<T>(opkit::sim::detail::AtomicKind::Max); }
template <typename T>
inline void SetAtomicMin() { opkit::sim::detail::set_atomic<T>(opkit::sim::detail::AtomicKind::Min); }
// Changes the element type of the mode already set (CANN: SetAtomicType<T>() after SetAtomicAdd<U>()).
template <typename T>
inline void SetAtomicType() {
  static_assert(opkit::sim::detail::atomic_type_v<T>, "SetAtomicType: T must be float, half, bfloat16_t, int32_t, "
                                                      "int16_t or int8_t");
  opkit::sim::detail::atomic_state().elem = opkit::sim::detail::atomic_elem_of<T>();
}
inline void SetAtomicNone() { opkit::sim::detail::atomic_state().kind = opkit::sim::detail::AtomicKind::None; }

// The store-atomic configuration as one register (CANN's set_st_atomic_cfg/get_st_atomic_cfg): the same state as
// SetAtomicAdd<T>/SetAtomicNone. AtomicDtype numbers the element type as CANN does; AtomicOp has only ATOMIC_SUM.
enum class AtomicDtype { ATOMIC_NONE = 0, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16 };
enum class AtomicOp { ATOMIC_SUM = 0 };
template <AtomicDtype type, AtomicOp op>
inline void SetStoreAtomicConfig() {
  namespace d = opkit::sim::detail;
  static_assert(OPKIT_SOC_ARCH == 2201 || OPKIT_SOC_ARCH == 3002 || OPKIT_SOC_ARCH == 3510 || type != type,
                "SetStoreAtomicConfig is available on Ascend910B, Ascend310B and Ascend950 (CANN reports it not "
                "supported on the others); this kernel is compiled for " OPKIT_SOC_NAME);
  static_assert(op == AtomicOp::ATOMIC_SUM, "SetStoreAtomicConfig: AtomicOp is ATOMIC_SUM");
  constexpr d::AtomicElem kElem[] = {d::AtomicElem::F32, d::AtomicElem::F32, d::AtomicElem::F16, d::AtomicElem::S16,
                                     d::AtomicElem::S32, d::AtomicElem::S8,  d::AtomicElem::BF16};
  d::atomic_state() = type == AtomicDtype::ATOMIC_NONE
                          ? d::AtomicState{}
                          : d::AtomicState{d::AtomicKind::Add, kElem[static_cast<int>(type)]};
}
// atomicType as AtomicDtype numbers it (0 = none); atomicOp 0 = sum. After SetAtomicMax/Min, atomicOp is 1/2: the
// device's codes for them are not public (?).
template <int kDeferred = 0>  // a template only so that the SoC check waits for a call
inline void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp) {
  namespace d = opkit::sim::detail;
  static_assert(OPKIT_SOC_ARCH == 2201 || OPKIT_SOC_ARCH == 3002 || OPKIT_SOC_ARCH == 3510 || kDeferred != 0,
                "GetStoreAtomicConfig is available on Ascend910B, Ascend310B and Ascend950 (CANN reports it not "
                "supported on the others); this kernel is compiled for " OPKIT_SOC_NAME);
  const d::AtomicState s = d::atomic_state();
  if (s.kind == d::AtomicKind::None) {
    atomicType = atomicOp = 0;
    return;
  }
  constexpr AtomicDtype kType[] = {AtomicDtype::ATOMIC_F32, AtomicDtype::ATOMIC_F16, AtomicDtype::ATOMIC_BF16,
                                   AtomicDtype::ATOMIC_S32, AtomicDtype::ATOMIC_S16, AtomicDtype::ATOMIC_S8};
  atomicType = static_cast<uint16_t>(kType[static_cast<int>(s.elem)]);
  atomicOp = s.kind == d::AtomicKind::Add ? 0 : s.kind == d::AtomicKind::Max ? 1 : 2;
}

}  // namespace AscendC
