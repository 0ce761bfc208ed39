// What the blocks of one launch share: the GM buffer registry, the SyncAll barrier, the first fault.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "opkit/sim/context.h"
#include "opkit/sim/cube/kernel_type.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/soc.h"
#include "opkit/sim/static_gm.h"

namespace opkit::sim::detail {

struct GmRegion {
  uintptr_t begin;
  uint64_t bytes;
  std::string name;
  // Bytes behind the buffer that the NPU's allocator adds (ALIGN_UP(bytes, 32) + 32 in all): a kernel may touch them
  // harmlessly on the device. Here they are not the caller's memory: reads see 0xFF bytes, writes are dropped, and the
  // first such access of a launch is a warning.
  uint64_t padding = 0;
};

// The padding the NPU allocator adds behind a buffer of `bytes` (CANN's aclrtMalloc rule, also the rule for each
// segment of memory that the framework hands a kernel): up to a multiple of 32 bytes, plus 32.
inline uint64_t allocator_padding(uint64_t bytes) { return (bytes + 31) / 32 * 32 + 32 - bytes; }

// A thread inside a launch's block loop (pool.h's drain): what the watchdog names and, if need be, signals.
struct Runner {
  pthread_t thread;
  int64_t block;                 // the block it runs, -1 between blocks
  const BlockContext* context;   // its block's last API call (context.h)
};

struct LaunchProfile;  // profile.h

// A core parked in CrossCoreWaitFlag (cube/core.h). The core that releases it stops counting it as parked at once,
// as SyncAll's last arrival does, so that the deadlock check never counts a core that is only slow to wake.
struct CrossWaiter {
  int64_t core;
  uint16_t flag;
  bool counted = true;
};

// GM bytes [begin, end) that core `core` combined atomically before it had waited on any other core (atomic.h).
struct UnorderedAtomic {
  uintptr_t begin;
  uintptr_t end;
  int64_t core;
  int64_t block;
};

struct LaunchState {
  std::string op;
  const SocProfile* soc = nullptr;
  int64_t block_num = 1;
  // Cores per block: a vector-only launch runs one AIV per block; a cube or mixed one on a SoC with separate cube and
  // vector cores runs aic AIC + aiv AIV per block (KERNEL_TYPE_MIX_AIC_1_2: 1 + 2), each core a runner (cube/core.h).
  int aic_per_block = 0;
  int aiv_per_block = 1;
  bool fused_core = false;        // one AI Core has both units (910, 310P, 310B): each block is AIC and AIV at once
  int64_t core_num = 1;           // block_num * (aic_per_block + aiv_per_block)
  KernelMetaType kernel_type = KERNEL_TYPE_AIV_ONLY;
  bool type_guessed = false;  // no type set or noted for this kernel: checked against the notes it runs (cube/core.h)
  std::atomic<uint32_t> noted_at_run{0};  // the kernel types its running notes named, one bit each
  uint64_t tiling_key = 0;
  bool device_rounding = false;
  const std::vector<GmRegion>* regions = nullptr;  // sorted by begin; owned by the Launch, which outlives this
  const std::vector<GmRegion>* empties = nullptr;  // the empty tensors (0 bytes) the launch was given, by address
  const std::vector<uintptr_t>* host_memory = nullptr;  // Launch::note_host_memory: host pointers passed as arguments
  const std::function<void()>* body = nullptr;  // runs the kernel once for the current block
  LaunchProfile* profile = nullptr;  // per-block event records when the launch records (profile.h), else null
  // GetHcclContext<i>() of an MC2 op's launch (hccl.h); a launch with one runs at once with the other ranks' launches
  // (pool.h), since its collectives wait for theirs.
  void* hccl_context[2] = {nullptr, nullptr};

  std::mutex m;
  std::condition_variable cv;     // barrier releases, runner exits, faults
  int64_t next_block = 0;         // next block index to hand to a runner
  int runners = 0;                // threads inside the launch's block loop
  int parked = 0;                 // runners waiting in SyncAll or CrossCoreWaitFlag
  int barrier_parked = 0;         // of them, waiting in SyncAll
  int cross_waiting = 0;          // of them, waiting in CrossCoreWaitFlag (cube/core.h)
  int gm_waiting = 0;             // of them, spinning on a GM flag (core_sync.h spin_until: IBWait, GroupBarrier...)
  std::string cross_wait_note;    // what the last of them waits for, for the deadlock message
  std::shared_ptr<void> cube_group_watch;  // cube_group_watch.h: the launch's cube-group waits, made on first use
  std::vector<uint16_t> cross_flags;     // releases not yet waited for, per (core, flag id); cube/core.h
  std::vector<uint8_t*> core_ub;         // a mixed launch's cores' UB arenas, by core (DataCopyL1ToUB, vec/sys_state.h)
  std::vector<uint8_t> ssbuf;            // Ascend 950's SSBuffer, made under m on first use (vec/sys_state.h)
  std::vector<int64_t> cross_arrivals;   // sets of a group not yet complete, per (group, flag id)
  std::vector<CrossWaiter*> cross_waiters;
  int64_t arrived = 0;            // blocks at the current SyncAll
  uint64_t barrier_round = 0;
  std::atomic<bool> failed{false};
  std::unique_ptr<KernelFault> fault;  // the first fault of the launch
  std::vector<int64_t> returned;       // blocks that returned (for the SyncAll deadlock message)
  std::vector<std::thread> helpers;    // extra threads started so that SyncAll can complete (pool.h)
  std::vector<Runner> running;         // threads in the block loop now
  double timeout_s = 0;                // the watchdog cancels the launch after this many seconds; 0: never
  bool interrupted = false;            // the first fault is a SIGINT (Ctrl-C) cancellation (watchdog.h)
  // Under m: what the device survives but is a bug all the same (GM padding and reads past it, check_gm; UB overruns
  // into unheld bytes, ub_overrun.h; the 310B/950 UB scratch, ub_scratch.h; ...), each given once per launch and
  // key: `warned` holds the keys already given (first_warning).
  std::vector<std::string> warnings;
  std::vector<std::string> warned;
  std::mutex atomics_m;                          // guards unordered_atomics
  std::vector<UnorderedAtomic> unordered_atomics;
  std::atomic<bool> any_unordered_atomic{false};  // fast path of plain stores: nothing to check

  // Keep the first fault; wake everything waiting so the launch winds down. Caller holds `m`.
  void record_locked(const KernelFault& f) {
    if (!fault) fault = std::make_unique<KernelFault>(f);
    failed.store(true);
    cv.notify_all();
  }
  void record(const KernelFault& f) {
    std::lock_guard<std::mutex> lock(m);
    record_locked(f);
  }
};

// `p` is a host pointer the launch was given as an argument (Launch::note_host_memory).
inline bool is_host_argument(const void* p) {
  const LaunchState* l = current_block().launch;
  if (l == nullptr || l->host_memory == nullptr) return false;
  return std::find(l->host_memory->begin(), l->host_memory->end(), reinterpret_cast<uintptr_t>(p)) !=
         l->host_memory->end();
}

// The registered region holding `p`, or nullptr.
inline const GmRegion* find_region(const LaunchState& l, uintptr_t p) {
  auto it = std::upper_bound(l.regions->begin(), l.regions->end(), p,
                             [](uintptr_t v, const GmRegion& r) { return v < r.begin; });
  if (it == l.regions->begin()) return nullptr;
  --it;
  return p < it->begin + it->bytes ? &*it : nullptr;
}

inline std::string describe_size(const GmRegion& r) {
  return r.padding == 0 ? cat(r.bytes, " bytes") : cat(r.bytes, " bytes + ", r.padding, " bytes of allocator padding");
}

// True the first time `key` comes in launch `l` (its warning is then added). Caller holds the launch's `m`.
inline bool first_warning(LaunchState& l, const std::string& key) {
  if (std::find(l.warned.begin(), l.warned.end(), key) != l.warned.end()) return false;
  l.warned.push_back(key);
  return true;
}

// "[op][Block_n][file:line][api] ": how a warning starts, as a fault's text does.
inline std::string located_head(const char* api, const SourceLoc& where) {
  const BlockContext& c = current_block();
  const std::string at = where.str();
  return cat("[", c.op, "][Block_", c.block_idx, "]", at.empty() ? "" : "[" + at + "]", "[", api, "] ");
}

// Adds text() to the running launch's warnings the first time `key` comes in this launch. False outside a launch
// (nothing is added: the caller faults instead).
template <class Text>
bool warn_once(const std::string& key, Text text) {
  LaunchState* l = current_block().launch;
  if (l == nullptr) return false;
  std::lock_guard<std::mutex> lock(l->m);
  if (first_warning(*l, key)) l->warnings.push_back(text());
  return true;
}

// An access reaching into the padding behind `r`: a warning, once per buffer and launch. Returns where the buffer's
// real bytes end, so that the copy stops there (copy.h).
inline const uint8_t* into_padding(const GmRegion& r, const char* api, const char* what, uint64_t off, uint64_t bytes,
                                   const SourceLoc& where) {
  LaunchState& l = *current_block().launch;
  std::lock_guard<std::mutex> lock(l.m);
  if (first_warning(l, cat("gm padding|", r.name, "|", r.begin))) {
    l.warnings.push_back(cat(
        located_head(api, where), "GM ", what, " of ", bytes, " bytes at bytes [", off, ", ", off + bytes, ") of '",
        r.name, "' (", r.bytes, " bytes) reaches ", off + bytes - r.bytes, " bytes into the ", r.padding,
        " bytes of padding the NPU's allocator adds behind it: harmless on the device; here they read as 0xFF bytes "
        "(NaN) and writes to them are dropped"));
  }
  return reinterpret_cast<const uint8_t*>(r.begin + r.bytes);
}

// A read of bytes [off, off+bytes) of `r` that runs past the padding behind it (check_gm_read). On the NPU the read
// returns whatever lies behind the allocation (another buffer's data; an AI Core exception only past the mapped
// pages) and writes nothing, so it is a bug to fix but not one that corrupts memory: a warning, once per buffer and
// launch. Returns where r's real bytes end: the caller reads everything past them as 0xFF bytes (NaN for floats), so
// that a value computed from them and written to an output fails the number check.
inline const uint8_t* past_padding(const GmRegion& r, const char* api, uint64_t off, uint64_t bytes,
                                   const SourceLoc& where) {
  LaunchState& l = *current_block().launch;
  std::lock_guard<std::mutex> lock(l.m);
  if (first_warning(l, cat("gm past padding|", r.name, "|", r.begin))) {
    // The buffers the read reaches into (on the device, what it would read depends on the allocator's layout).
    std::string into;
    const uintptr_t lo = r.begin + off, hi = lo + bytes;
    for (const GmRegion& g : *l.regions) {
      if (&g != &r && g.begin < hi && lo < g.begin + g.bytes) into += cat(into.empty() ? "" : ", ", "'", g.name, "'");
    }
    const uint64_t held = r.bytes + r.padding;
    const std::string end = r.padding == 0 ? "the end of the buffer" : "the end of its padding";
    l.warnings.push_back(cat(
        located_head(api, where), "GM read of ", bytes, " bytes at bytes [", off, ", ", off + bytes, ") of '",
        r.name, "' (", describe_size(r), ") ",
        off < held ? cat("runs ", off + bytes - held, " bytes past ", end)
                   : off == held ? "starts at " + end : cat("starts ", off - held, " bytes past ", end),
        into.empty() ? std::string() : cat(" (here the memory of ", into, ")"),
        ": on the NPU it reads whatever memory follows the allocation (another buffer's data, or an AI Core exception "
        "past the mapped pages), a bug to fix though it corrupts no memory; here every byte past the end of '", r.name,
        "' reads as 0xFF (NaN for floats), so an output computed from them fails the number check"));
  }
  return reinterpret_cast<const uint8_t*>(r.begin + r.bytes);
}

// Check [p, p+bytes) against the launch's GM buffers: it must lie inside the one holding `home` (where the
// GlobalTensor was set, so an overrun into the buffer next to it is caught), else inside any. Returns nullptr, or,
// for an access that reaches into the allocator padding behind its buffer, where the buffer's real bytes end. Faults
// otherwise, naming the buffer and the byte range relative to its start (what a user can map back to an index).
//
// `clip_read`: the caller reads only up to the returned end and takes what lies past it as 0xFF bytes (check_gm_read).
// Then a read that starts inside a buffer (its bytes or its padding), or, for a GlobalTensor (`home` given), anywhere
// from the start of its buffer up to one buffer length past its end (the kernel's index ran off the end), and runs
// past the padding is a warning (past_padding) too. Reads from other addresses, and all writes, stay faults.
inline const uint8_t* check_gm_impl(const char* api, const char* what, const void* p, uint64_t bytes,
                                    const SourceLoc& where, const void* home, bool clip_read) {
  const BlockContext& c = current_block();
  if (c.launch == nullptr || bytes == 0) return nullptr;
  const auto addr = reinterpret_cast<uintptr_t>(p);
  const uintptr_t at = home != nullptr ? reinterpret_cast<uintptr_t>(home) : addr;
  if (c.launch->empties != nullptr && find_region(*c.launch, at) == nullptr) {
    for (const GmRegion& e : *c.launch->empties) {
      if (e.begin != at) continue;
      // CANN still launches a kernel given an empty tensor when some output is not empty (opkit/host/launch_op.h,
      // SkipsLaunch): the kernel must then leave that tensor alone.
      const uint64_t off = addr - e.begin;
      fault(api, cat("GM ", what, " of ", bytes, " bytes at bytes [", static_cast<int64_t>(off), ", ",
                     static_cast<int64_t>(off + bytes), ") of '", e.name, "', an empty tensor (0 elements): the kernel ",
                     std::string(what) == "write" ? "writes to an empty output" : "reads a tile of an empty input",
                     " (CANN launches it, as not every output is empty)"), where);
    }
  }
  const GmRegion* own = home == nullptr ? nullptr : find_region(*c.launch, reinterpret_cast<uintptr_t>(home));
  if (own != nullptr) {
    const uint64_t off = addr - own->begin;
    if (addr >= own->begin && off <= own->bytes + own->padding && bytes <= own->bytes + own->padding - off) {
      return off + bytes <= own->bytes ? nullptr : into_padding(*own, api, what, off, bytes, where);
    }
    if (clip_read && addr >= own->begin && off < 2 * own->bytes + own->padding) {
      return past_padding(*own, api, off, bytes, where);
    }
    const GmRegion* other = find_region(*c.launch, addr);
    fault(api, cat("GM ", what, " of ", bytes, " bytes at bytes [", static_cast<int64_t>(off), ", ",
                   static_cast<int64_t>(off + bytes), ") of '", own->name, "' (", describe_size(*own),
                   ") is out of bounds",
                   other != nullptr && other != own ? cat("; it reaches into '", other->name, "'") : std::string()),
          where);
  }
  const GmRegion* r = find_region(*c.launch, addr);
  if (r == nullptr && is_static_gm(p, bytes)) {
    // A `static const __gm__` table of the kernel's own binary (static_gm.h): loaded with the kernel, read-only.
    if (std::string(what) == "read") return nullptr;
    fault(api, cat("GM ", what, " of ", bytes, " bytes into the kernel binary's constant data (a static const __gm__ "
                   "table), which is read-only; address ", p), where);
  }
  if (r == nullptr) {
    // Name the buffer just below the address when the address is within one buffer length past its end:
    // the usual cause is running off the end. Farther away it is some other memory.
    const GmRegion* below = nullptr;
    for (const GmRegion& g : *c.launch->regions) {
      if (g.begin <= addr) below = &g;
    }
    if (below != nullptr && addr - below->begin + bytes <= below->bytes + below->padding) {
      return into_padding(*below, api, what, addr - below->begin, bytes, where);
    }
    if (clip_read && below != nullptr && addr - below->begin < below->bytes + below->padding) {
      return past_padding(*below, api, addr - below->begin, bytes, where);
    }
    if (below != nullptr && addr - below->begin < 2 * below->bytes) {
      const uint64_t off = addr - below->begin;
      fault(api, cat("GM ", what, " of ", bytes, " bytes at bytes [", off, ", ", off + bytes, ") of '", below->name,
                     "' (", describe_size(*below), ") is out of bounds"), where);
    }
    fault(api, cat("GM ", what, " of ", bytes, " bytes at address ", p,
                   " is not inside any GM buffer registered for this launch"), where);
  }
  const uint64_t off = addr - r->begin;
  if (off + bytes <= r->bytes) return nullptr;
  if (off + bytes <= r->bytes + r->padding) return into_padding(*r, api, what, off, bytes, where);
  if (clip_read) return past_padding(*r, api, off, bytes, where);
  fault(api, cat("GM ", what, " of ", bytes, " bytes at bytes [", off, ", ", off + bytes, ") of '", r->name, "' (",
                 describe_size(*r), ") is out of bounds"), where);
}

inline const uint8_t* check_gm(const char* api, const char* what, const void* p, uint64_t bytes,
                               const SourceLoc& where, const void* home = nullptr) {
  return check_gm_impl(api, what, p, bytes, where, home, false);
}

// check_gm for a GM read whose caller copies only the bytes before the returned end (when not null) and takes the
// rest as 0xFF bytes: a read running past its buffer's padding is then a warning, not a fault (past_padding).
inline const uint8_t* check_gm_read(const char* api, const void* p, uint64_t bytes, const SourceLoc& where,
                                    const void* home = nullptr) {
  return check_gm_impl(api, "read", p, bytes, where, home, true);
}

// Copy `n` GM bytes at `src` to `out`, those at or past `end` (check_gm_read's answer, when not null) as 0xFF bytes.
inline void read_gm_clipped(void* out, const void* src, uint64_t n, const uint8_t* end) {
  const auto* s = static_cast<const uint8_t*>(src);
  const uint64_t real = end == nullptr ? n : s >= end ? 0 : std::min<uint64_t>(n, static_cast<uint64_t>(end - s));
  std::memcpy(out, s, real);
  std::memset(static_cast<uint8_t*>(out) + real, 0xFF, n - real);
}

}  // namespace opkit::sim::detail
