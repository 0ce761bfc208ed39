// The waits of cube resource groups (cube_group.h) and the deadlock they can reach: a core waiting for a message state
// that no core will write any more (a vector core that ends without SetQuit, a message the callback never frees) hangs
// the device; here the last core to wait says so, naming every wait, instead of a watchdog stop a minute later.
//
// Every state write of the API bumps the launch's epoch after the write; a waiting core records the epoch it read just
// before it found its state unchanged. When every core still running waits here (none started later, none in another
// kind of wait) and each of them has looked since the last write, no write can come: the launch is stuck.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "opkit/sim/context.h"
#include "opkit/sim/core_sync.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"

namespace opkit::sim::detail {

struct CubeGroupWaiter {
  std::atomic<uint64_t> seen{~uint64_t(0)};  // the epoch this core last found its state unchanged at
  std::function<std::string()> describe;      // what it waits for, in the words of the deadlock message
};

// One group's queues, by the address of its message area: the vector core that took each queue with AssignQueue (its
// launch core index and its GetBlockIdx; -1 before), and whether it has quit.
struct CubeGroupQueues {
  std::vector<int64_t> owner;
  std::vector<int64_t> owner_block;
  std::vector<bool> quit;
};

struct CubeGroupWatch {
  std::mutex m;
  std::atomic<uint64_t> epoch{0};
  std::vector<CubeGroupWaiter*> waiters;
  std::map<const void*, CubeGroupQueues> groups;
};

inline CubeGroupWatch& cube_group_watch(LaunchState& l) {
  std::lock_guard<std::mutex> lock(l.m);
  if (!l.cube_group_watch) l.cube_group_watch = std::make_shared<CubeGroupWatch>();
  return *static_cast<CubeGroupWatch*>(l.cube_group_watch.get());
}

// After a message state changed: waiting cores look again before anyone may call the launch stuck.
inline void cube_group_wrote() {
  if (LaunchState* l = current_block().launch) cube_group_watch(*l).epoch.fetch_add(1, std::memory_order_seq_cst);
}

// A group's queue table, made on first use (the caller holds w.m).
inline CubeGroupQueues& cube_group_queues(CubeGroupWatch& w, const void* area, uint32_t queues) {
  CubeGroupQueues& g = w.groups[area];
  if (g.owner.size() < queues) {
    g.owner.resize(queues, -1);
    g.owner_block.resize(queues, -1);
    g.quit.resize(queues, false);
  }
  return g;
}

// Whether the launch's core `core` has returned from the kernel.
inline bool core_returned(LaunchState& l, int64_t core) {
  std::lock_guard<std::mutex> lock(l.m);
  for (int64_t r : l.returned) {
    if (r == core) return true;
  }
  return false;
}

// Faults when every running core waits on a cube group and all have looked since the last state write.
inline void check_cube_group_stuck(LaunchState& l, CubeGroupWatch& w, const char* api, const SourceLoc& where) {
  int64_t runners = 0;
  {
    std::lock_guard<std::mutex> lock(l.m);
    if (l.failed.load() || l.next_block < l.core_num) return;
    runners = l.runners;
  }
  std::vector<std::function<std::string()>> waits;
  {
    std::lock_guard<std::mutex> lock(w.m);
    if (static_cast<int64_t>(w.waiters.size()) != runners) return;
    const uint64_t e = w.epoch.load(std::memory_order_seq_cst);
    for (const CubeGroupWaiter* x : w.waiters) {
      if (x->seen.load(std::memory_order_seq_cst) != e) return;
    }
    for (const CubeGroupWaiter* x : w.waiters) waits.push_back(x->describe);
  }
  std::string list;
  for (size_t i = 0; i < waits.size() && i < 6; ++i) list += (i ? "; " : "") + waits[i]();
  if (waits.size() > 6) list += cat("; and ", waits.size() - 6, " more");
  fault(api, cat(waits.size(), " core(s) wait on cube group messages that no core will write any more: ", list,
                 ". The device would hang here: every message a cube core receives must be freed (FreeMessage), and "
                 "every queue's vector core must post its messages and end with SetQuit"), where);
}

// Spin until `ready()`, taking part in the stuck check (the caller's state reads must be atomic loads).
template <typename Ready>
inline void cube_group_wait(const char* api, const SourceLoc& where, Ready ready,
                            std::function<std::string()> describe) {
  LaunchState* l = current_block().launch;
  if (l == nullptr) {
    if (!ready()) fault(api, "waits for a cube group message outside a kernel launch", where);
    return;
  }
  CubeGroupWatch& w = cube_group_watch(*l);
  CubeGroupWaiter me;
  me.describe = std::move(describe);
  {
    std::lock_guard<std::mutex> lock(w.m);
    w.waiters.push_back(&me);
  }
  struct Leave {
    CubeGroupWatch& w;
    CubeGroupWaiter* me;
    ~Leave() {
      std::lock_guard<std::mutex> lock(w.m);
      w.waiters.erase(std::find(w.waiters.begin(), w.waiters.end(), me));
    }
  } leave{w, &me};
  uint32_t looks = 0;
  spin_until(api, where, [&] {
    const uint64_t e = w.epoch.load(std::memory_order_seq_cst);
    if (ready()) return true;
    me.seen.store(e, std::memory_order_seq_cst);
    if ((++looks & 63u) == 0) check_cube_group_stuck(*l, w, api, where);
    return false;
  });
}

}  // namespace opkit::sim::detail
