// What the blocks of one launch share: the GM buffer registry, the SyncAll barrier, the first fault.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <string>
#include <thread>
#include <vector>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/soc.h"

namespace opkit::sim::detail {

struct GmRegion {
  uintptr_t begin;
  uint64_t bytes;
  std::string name;
};

// A thread inside a launch's block loop (pool.h's drain): what the watchdog names and, if need be, signals.
struct Runner {
  pthread_t thread;
  int64_t block;                 // the block it runs, -1 between blocks
  const BlockContext* context;   // its block's last API call (context.h)
};

struct LaunchProfile;  // profile.h

struct LaunchState {
  std::string op;
  const SocProfile* soc = nullptr;
  int64_t block_num = 1;
  uint64_t tiling_key = 0;
  bool device_rounding = false;
  const std::vector<GmRegion>* regions = nullptr;  // sorted by begin; owned by the Launch, which outlives this
  const std::function<void()>* body = nullptr;  // runs the kernel once for the current block
  LaunchProfile* profile = nullptr;  // per-block event records when the launch records (profile.h), else null

  std::mutex m;
  std::condition_variable cv;     // barrier releases, runner exits, faults
  int64_t next_block = 0;         // next block index to hand to a runner
  int runners = 0;                // threads inside the launch's block loop
  int parked = 0;                 // runners waiting in SyncAll
  int64_t arrived = 0;            // blocks at the current SyncAll
  uint64_t barrier_round = 0;
  std::atomic<bool> failed{false};
  std::unique_ptr<KernelFault> fault;  // the first fault of the launch
  std::vector<int64_t> returned;       // blocks that returned (for the SyncAll deadlock message)
  std::vector<std::thread> helpers;    // extra threads started so that SyncAll can complete (pool.h)
  std::vector<Runner> running;         // threads in the block loop now
  double timeout_s = 0;                // the watchdog cancels the launch after this many seconds; 0: never
  bool interrupted = false;            // the first fault is a SIGINT (Ctrl-C) cancellation (watchdog.h)

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

// The registered region holding `p`, or nullptr.
inline const GmRegion* find_region(const LaunchState& l, uintptr_t p) {
  auto it = std::upper_bound(l.regions->begin(), l.regions->end(), p,
                             [](uintptr_t v, const GmRegion& r) { return v < r.begin; });
  if (it == l.regions->begin()) return nullptr;
  --it;
  return p < it->begin + it->bytes ? &*it : nullptr;
}

// Fault unless [p, p+bytes) lies inside one GM buffer registered for this launch: the one holding `home` (where the
// GlobalTensor was set, so an overrun into the buffer next to it is caught), else any. The message names the buffer
// and the byte range relative to its start, which is what a user can map back to an index.
inline void check_gm(const char* api, const char* what, const void* p, uint64_t bytes, const SourceLoc& where,
                     const void* home = nullptr) {
  const BlockContext& c = current_block();
  if (c.launch == nullptr || bytes == 0) return;
  const auto addr = reinterpret_cast<uintptr_t>(p);
  const GmRegion* own = home == nullptr ? nullptr : find_region(*c.launch, reinterpret_cast<uintptr_t>(home));
  if (own != nullptr) {
    if (addr >= own->begin && addr - own->begin <= own->bytes && bytes <= own->bytes - (addr - own->begin)) return;
    const int64_t off = static_cast<int64_t>(addr - own->begin);
    const GmRegion* other = find_region(*c.launch, addr);
    fault(api, cat("GM ", what, " of ", bytes, " bytes at bytes [", off, ", ", off + static_cast<int64_t>(bytes),
                   ") of '", own->name, "' (", own->bytes, " bytes) is out of bounds",
                   other != nullptr && other != own ? cat("; it reaches into '", other->name, "'") : std::string()),
          where);
  }
  const GmRegion* r = find_region(*c.launch, addr);
  if (r == nullptr) {
    // Name the buffer just below the address when the address is within one buffer length past its end:
    // the usual cause is running off the end. Farther away it is some other memory.
    const GmRegion* below = nullptr;
    for (const GmRegion& g : *c.launch->regions) {
      if (g.begin <= addr) below = &g;
    }
    if (below != nullptr && addr - below->begin < 2 * below->bytes) {
      const uint64_t off = addr - below->begin;
      fault(api, cat("GM ", what, " of ", bytes, " bytes at bytes [", off, ", ", off + bytes, ") of '", below->name,
                     "' (", below->bytes, " bytes) is out of bounds"), where);
    }
    fault(api, cat("GM ", what, " of ", bytes, " bytes at address ", p,
                   " is not inside any GM buffer registered for this launch"), where);
  }
  const uint64_t off = addr - r->begin;
  if (off + bytes > r->bytes) {
    fault(api, cat("GM ", what, " of ", bytes, " bytes at bytes [", off, ", ", off + bytes, ") of '", r->name, "' (",
                   r->bytes, " bytes) is out of bounds"), where);
  }
}

}  // namespace opkit::sim::detail
