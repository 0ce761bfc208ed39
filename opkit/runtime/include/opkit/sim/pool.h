// The persistent worker threads that run the blocks of a launch, and the SyncAll barrier across blocks.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "opkit/sim/atomic.h"
#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/pipe.h"
#include "opkit/sim/profile.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/watchdog.h"

namespace opkit::sim::detail {

inline constexpr size_t kMaxUbBytes = 256 * 1024;  // the largest UB of any SoC profile

// This thread's Unified Buffer arena, reused by every block the thread runs.
inline uint8_t* thread_arena() {
  struct Arena {
    uint8_t* p = static_cast<uint8_t*>(std::aligned_alloc(64, kMaxUbBytes));
    ~Arena() { std::free(p); }
  };
  thread_local Arena arena;
  return arena.p;
}

// Called with l.m held whenever a runner may have stopped making progress (parked in SyncAll or done).
// SyncAll needs every block of the launch running at once, so when all runners wait at the barrier and
// blocks are left, one more thread joins the launch: kernels without SyncAll never pay for it, and a
// kernel with SyncAll and more blocks than workers still completes (one thread per waiting block).
void drain(LaunchState& l, const std::function<void()>& body);

inline void ensure_progress_locked(LaunchState& l) {
  if (l.failed.load() || l.parked == 0 || l.runners > l.parked) return;
  if (l.next_block < l.core_num) {
    try {
      l.helpers.emplace_back([&l] { drain(l, *l.body); });
      ++l.runners;
    } catch (const std::system_error& e) {
      l.record_locked(KernelFault(l.op, -1, l.cross_waiting > 0 ? "CrossCoreWaitFlag" : "SyncAll", "", cat(
          "could not start a thread for core ", l.next_block, " (", e.what(), "); the kernel needs all ", l.core_num,
          " cores running at once")));
    }
    return;
  }
  // A block spinning on a GM flag is woken by no one here: whether its flag can still change is the watchdog's to
  // judge (it names the wait), not a deadlock to report.
  if (l.gm_waiting > 0) return;
  // Every core has started and every live one waits: in CrossCoreWaitFlag for a flag no core will set any more, or at
  // the SyncAll barrier that the others returned without reaching.
  if (l.cross_waiting > 0) {
    l.record_locked(KernelFault(l.op, -1, "CrossCoreWaitFlag", "", cat(
        l.parked, " core(s) wait and no running core can release them: ", l.cross_wait_note,
        "; no CrossCoreSetFlag for it is left to run (a missing set, or a wait on the wrong flag id or core); the "
        "device would hang here")));
    return;
  }
  std::string gone;
  for (size_t i = 0; i < l.returned.size() && i < 8; ++i) gone += (i ? ", " : "") + std::to_string(l.returned[i]);
  if (l.returned.size() > 8) gone += ", ...";
  l.record_locked(KernelFault(l.op, -1, "SyncAll", "", cat(
      l.parked, " of ", l.core_num, " blocks wait in SyncAll but block(s) ", gone,
      " returned without reaching it; the device would hang here")));
}

// The leak check: a TPipe that died reported leaks in exit_fault; one still alive is checked now.
inline void check_block_exit(BlockContext& c) {
  if (c.exit_fault.empty() && c.pipe != nullptr) {
    static_cast<AscendC::TPipe*>(c.pipe)->opkit_leak_report(c.exit_fault, c.exit_where);
  }
  if (!c.exit_fault.empty()) {
    const std::string message = c.exit_fault;
    const std::string where = c.exit_where;
    c.exit_fault.clear();
    c.exit_where.clear();
    fault("kernel exit", message, where);
  }
}

// `core`: the launch's core index; which block, core type and sub-block it is (cube/core.h has the rule).
inline void enter_block(LaunchState& l, int64_t core) {
  BlockContext& c = current_block();
  c.op = l.op;
  const int per = l.aic_per_block + l.aiv_per_block;
  const int64_t block = core / per;
  const int role = static_cast<int>(core % per);
  c.core_index = core;
  c.sys_workspace = nullptr;
  c.is_aic = l.fused_core || role < l.aic_per_block;
  c.is_aiv = l.fused_core || !c.is_aic;
  c.sub_block_num = c.is_aiv && !l.fused_core ? l.aiv_per_block : 1;
  c.sub_block_idx = c.is_aiv && !l.fused_core ? role - l.aic_per_block : 0;
  c.block_idx = c.is_aiv && !l.fused_core ? block * l.aiv_per_block + c.sub_block_idx : block;
  c.block_num = l.block_num;
  c.ub_base = thread_arena();
  if (!l.core_ub.empty()) l.core_ub[static_cast<size_t>(core)] = c.ub_base;  // each core writes its own slot
  c.ub_size = l.soc->ub_bytes;
  c.ub_scratch = 0;
  c.ub_poisoned = 0;  // UB is poisoned lazily as TPipe hands it out (pipe.h): a small kernel never pays for 192 KiB
  c.device_rounding = l.device_rounding;
  c.tiling_key = l.tiling_key;
  c.launch = &l;
  c.npu_arch = l.soc->npu_arch;
  c.cancelled = &l.failed;
  c.pipe = nullptr;
  std::memset(c.pipes, 0, sizeof(c.pipes));
  c.rec = l.profile != nullptr ? &l.profile->blocks[static_cast<size_t>(core)] : nullptr;
  c.exit_fault.clear();
  c.exit_where.clear();
  c.last_api.store(nullptr, std::memory_order_relaxed);
  c.last_file.store(nullptr, std::memory_order_relaxed);
  std::memset(c.pending_flags, 0, sizeof(c.pending_flags));
  reset_atomic_state();  // SetAtomicAdd is per-core state too
  reset_vector_state();  // mask and counter mode are per-core state: a block never inherits another's
  std::memset(c.allocated_events, 0, sizeof(c.allocated_events));
  c.pad_value_size = 0;  // SetPadValue is per-core state
  std::memset(c.cmp_mask, 0, sizeof(c.cmp_mask));
  c.acc_val_size = 0;  // ACC_VAL, MAX_MIN_CNT and the MrgSort counts: per-core registers too
  c.max_min_size = 0;
  std::memset(c.mrg_sort_taken, 0, sizeof(c.mrg_sort_taken));
  c.mutex_ids = 0;
  std::memset(c.mutex_held, 0, sizeof(c.mutex_held));
  c.local_mem_ia_on = 0;  // CheckLocalMemoryIA's registers: per core
  c.waits = 0;
  ++c.entries;  // per_block() registers start fresh
}

inline void leave_block() {
  BlockContext& c = current_block();
  c.launch = nullptr;
  c.cancelled = nullptr;
  c.ub_base = nullptr;
  c.ub_size = 0;
  c.ub_poisoned = 0;
  c.ub_scratch = 0;
  c.pipe = nullptr;
  std::memset(c.pipes, 0, sizeof(c.pipes));
  c.rec = nullptr;
  c.is_aic = false;
  c.is_aiv = true;
  c.sub_block_idx = 0;
  c.sub_block_num = 1;
  c.op.clear();
}

// Run one block; true when it returned cleanly. Any failure is recorded in `l` and stops the launch. Two kinds of
// block jump back here from a signal handler (watchdog.h), their stack abandoned without destructors as the device
// abandons a killed core: a block of a cancelled launch that never reaches an API call (a loop without one), stopped
// by the watchdog's signal, and a block that crashed (SIGSEGV, SIGFPE, ...), which becomes a fault.
inline bool run_block(LaunchState& l, int64_t core, const std::function<void()>& body) {
  enter_block(l, core);
  const int64_t block = current_block().block_idx;
  volatile bool ok = false;
  Escape& escape = thread_escape();
  escape.cancelled = &l.failed;
  escape.crash = 0;
  if (sigsetjmp(escape.to, 0) == 0) {
    escape.armed = 1;
    try {
      body();
      escape.armed = 0;
      check_block_exit(current_block());
      ok = true;
    } catch (const KernelFault& f) {
      escape.armed = 0;
      l.record(f);
    } catch (const LaunchCancelled&) {
    } catch (const std::exception& e) {
      escape.armed = 0;
      l.record(KernelFault(l.op, block, "kernel", "", cat("the kernel threw an exception: ", e.what())));
    } catch (...) {
      escape.armed = 0;
      l.record(KernelFault(l.op, block, "kernel", "", "the kernel threw a non-standard exception"));
    }
  } else {
    after_escape();
    if (escape.crash != 0) l.record(crash_fault(l, block));
  }
  escape.armed = 0;
  leave_block();
  return ok;
}

inline void set_running(LaunchState& l, pthread_t self, int64_t block) {
  for (Runner& r : l.running) {
    if (pthread_equal(r.thread, self)) r.block = block;
  }
}

inline void drain(LaunchState& l, const std::function<void()>& body) {
  std::unique_lock<std::mutex> lock(l.m);
  const pthread_t self = pthread_self();
  l.running.push_back(Runner{self, -1, &current_block()});
  while (!l.failed.load() && l.next_block < l.core_num) {
    const int64_t block = l.next_block++;
    set_running(l, self, block);
    lock.unlock();
    const bool ok = run_block(l, block, body);
    lock.lock();
    set_running(l, self, -1);
    if (ok) l.returned.push_back(block);
  }
  l.running.erase(std::find_if(l.running.begin(), l.running.end(),
                               [&](const Runner& r) { return pthread_equal(r.thread, self); }));
  --l.runners;
  ensure_progress_locked(l);
  if (l.runners == 0) l.cv.notify_all();
}

// `all_cores`: SyncAll<false> of a mixed kernel waits for its AIC and AIV cores; SyncAll<true> (and any SyncAll of a
// single-type launch) for the cores of the caller's type.
inline void sync_all(const SourceLoc& where, bool all_cores = false) {
  check_cancelled("SyncAll", where);
  if (BlockRecord* r = current_block().rec) r->add(Ev::SyncAll, "SyncAll");
  LaunchState* l = current_block().launch;
  if (l == nullptr) fault("SyncAll", "called outside a kernel launch", where);
  ++current_block().waits;
  std::unique_lock<std::mutex> lock(l->m);
  const uint64_t round = l->barrier_round;
  const BlockContext& me = current_block();
  const int64_t expected = all_cores || l->fused_core ? l->core_num
                           : me.is_aic ? l->block_num * l->aic_per_block : l->block_num * l->aiv_per_block;
  if (++l->arrived == expected) {
    // Every parked runner waits on this round (no block can reach the next one before it completes), so
    // they are all unparked here, before any of them wakes: a fast block may already be at the next round.
    l->arrived = 0;
    l->parked -= l->barrier_parked;
    l->barrier_parked = 0;
    ++l->barrier_round;
    l->cv.notify_all();
    return;
  }
  ++l->parked;
  ++l->barrier_parked;
  ensure_progress_locked(*l);
  l->cv.wait(lock, [&] { return l->barrier_round != round || l->failed.load(); });
  if (l->barrier_round == round) throw LaunchCancelled{};
}

// Worker count: OPKIT_SIM_THREADS, else one per hardware thread.
inline unsigned pool_size() {
  if (const char* env = std::getenv("OPKIT_SIM_THREADS")) {
    char* end = nullptr;
    const long n = std::strtol(env, &end, 10);
    if (end == env || *end != '\0' || n < 1 || n > 4096) {
      throw KernelFault("", -1, "Launch", "", cat("OPKIT_SIM_THREADS='", env, "' is not a thread count in [1, 4096]"));
    }
    return static_cast<unsigned>(n);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

class Pool {
 public:
  static Pool& instance() {
    static Pool pool(pool_size());
    return pool;
  }

  // Run every block of `l`; returns when all have finished or the launch was stopped by a fault.
  void run(LaunchState& l) {
    if (l.core_num == 1) {
      // One block runs on the calling thread: waking a worker costs far more than a small kernel. Nothing is
      // lost: the block's state is thread-local and set up afresh by run_block, a single block's SyncAll
      // completes at once, and a nested launch was already refused by Launch::run_body.
      {
        std::lock_guard<std::mutex> lock(l.m);
        l.runners = 1;
      }
      drain(l, *l.body);
      return;
    }
    if (l.hccl_context[0] != nullptr || l.hccl_context[1] != nullptr) {
      run_beside(l);
      return;
    }
    std::lock_guard<std::mutex> one_launch_at_a_time(launch_mutex_);
    const int n = static_cast<int>(std::min<int64_t>(static_cast<int64_t>(threads_.size()), l.core_num));
    {
      std::lock_guard<std::mutex> lock(l.m);
      l.runners = n;  // counted before the workers wake, so SyncAll never sees a phantom stall
    }
    {
      std::lock_guard<std::mutex> lock(m_);
      job_ = &l;
      tickets_ = n;
    }
    cv_.notify_all();
    {
      std::unique_lock<std::mutex> lock(l.m);
      l.cv.wait(lock, [&] { return l.runners == 0; });
    }
    for (std::thread& t : l.helpers) t.join();
    std::lock_guard<std::mutex> lock(m_);
    job_ = nullptr;
  }

  size_t size() const { return threads_.size(); }

  // A launch whose collectives wait for other ranks' launches (an MC2 op, hccl.h) must not wait for the pool: it
  // runs on threads of its own (as many as the pool has; more join when its blocks wait), beside the others.
  void run_beside(LaunchState& l) {
    {
      std::lock_guard<std::mutex> lock(l.m);
      const int n = static_cast<int>(std::min<int64_t>(static_cast<int64_t>(threads_.size()), l.core_num));
      l.runners = n;
      for (int i = 0; i < n; ++i) l.helpers.emplace_back([&l] { drain(l, *l.body); });
    }
    {
      std::unique_lock<std::mutex> lock(l.m);
      l.cv.wait(lock, [&] { return l.runners == 0; });
    }
    for (std::thread& t : l.helpers) t.join();
  }

  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

 private:
  explicit Pool(unsigned n) {
    for (unsigned i = 0; i < n; ++i) threads_.emplace_back([this] { work(); });
  }

  void work() {
    for (;;) {
      LaunchState* l = nullptr;
      {
        std::unique_lock<std::mutex> lock(m_);
        cv_.wait(lock, [&] { return stop_ || tickets_ > 0; });
        if (stop_) return;
        --tickets_;
        l = job_;
      }
      drain(*l, *l->body);
    }
  }

  std::mutex launch_mutex_;
  std::mutex m_;
  std::condition_variable cv_;
  LaunchState* job_ = nullptr;
  int tickets_ = 0;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace opkit::sim::detail
