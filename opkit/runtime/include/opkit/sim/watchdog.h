// The launch watchdog: cancels a launch that outlives its time limit or that SIGINT (Ctrl-C) interrupts, naming
// where each block still running is, and stops blocks that never reach an API call to notice (a bare loop).
#pragma once

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"

namespace opkit::sim::detail {

using Clock = std::chrono::steady_clock;

inline constexpr double kDefaultTimeoutSeconds = 60;
// How often the watchdog looks while launches run, and how long a cancelled block has to reach an API call
// before the watchdog stops it with a signal.
inline constexpr auto kTick = std::chrono::milliseconds(10);
inline constexpr auto kEscapeGrace = std::chrono::milliseconds(200);
// With no launch for this long the watchdog sleeps until the next one wakes it.
inline constexpr auto kIdleSleep = std::chrono::seconds(2);

// ---- process-wide time limit: OPKIT_KERNEL_TIMEOUT (seconds, 0 = none), or set_default_timeout ----

inline double parse_timeout(const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(v >= 0) || v > 1e9) {
    throw KernelFault("", -1, "Launch", "", cat("OPKIT_KERNEL_TIMEOUT='", text,
                                                "' is not a number of seconds (0 turns the limit off)"));
  }
  return v;
}

inline std::atomic<double>& default_timeout_setting() {
  static std::atomic<double> seconds{-1};  // -1: not read from the environment yet
  return seconds;
}

// A recording launch (OPKIT_PROFILE set: `opkit profile`) runs slower; its default limit is this many times longer.
inline constexpr double kProfileTimeoutFactor = 4;

// The time limit of launches that set none: set_default_timeout's, else OPKIT_KERNEL_TIMEOUT, else 60 s (240 s while
// OPKIT_PROFILE records).
inline double default_timeout() {
  std::atomic<double>& s = default_timeout_setting();
  double v = s.load(std::memory_order_relaxed);
  if (v < 0) {
    const char* env = std::getenv("OPKIT_KERNEL_TIMEOUT");
    const char* profile = std::getenv("OPKIT_PROFILE");
    const double factor = profile != nullptr && *profile != '\0' ? kProfileTimeoutFactor : 1;
    v = env != nullptr && *env != '\0' ? parse_timeout(env) : kDefaultTimeoutSeconds * factor;
    s.store(v, std::memory_order_relaxed);
  }
  return v;
}

// Set the limit of every later launch that sets none (seconds, 0 = none); returns the one in force before.
inline double set_default_timeout(double seconds) {
  const double before = default_timeout();
  if (!(seconds >= 0) || seconds > 1e9) {
    throw KernelFault("", -1, "Launch", "", cat("kernel timeout ", seconds, " s is not in [0, 1e9] (0: no limit)"));
  }
  default_timeout_setting().store(seconds, std::memory_order_relaxed);
  return before;
}

// ---- stopping a block that does not return: a signal to its thread, which jumps back to run_block ----

struct Escape {
  sigjmp_buf to;
  volatile sig_atomic_t armed = 0;             // `to` is live: the thread is inside a block's body
  const std::atomic<bool>* cancelled = nullptr;  // the launch of that block
  volatile sig_atomic_t crash = 0;             // the signal of a crash inside the block (SIGSEGV, ...), else 0
  void* volatile crash_address = nullptr;      // the address the crash was about
};


inline Escape& thread_escape() {
  thread_local Escape escape;
  return escape;
}

inline int escape_signal() { return SIGRTMIN + 5; }

inline void escape_handler(int) {
  Escape& e = thread_escape();
  if (e.armed && e.cancelled != nullptr && e.cancelled->load()) {
    e.armed = 0;
    siglongjmp(e.to, 1);
  }
}

// Hand a signal to the handler that was installed before opkit's. With none (or an ignored crash), the default
// action runs: the process ends as it would have without opkit.
inline void pass_on(const struct sigaction& prev, int sig, siginfo_t* info, void* context) {
  if ((prev.sa_flags & SA_SIGINFO) != 0) {
    if (prev.sa_sigaction != nullptr) prev.sa_sigaction(sig, info, context);
  } else if (prev.sa_handler == SIG_DFL || prev.sa_handler == SIG_IGN) {
    signal(sig, SIG_DFL);
    raise(sig);
  } else {
    prev.sa_handler(sig);
  }
}

// ---- a crash inside a block (a raw pointer gone astray, an integer division by zero) becomes a fault ----

inline constexpr int kCrashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

inline struct sigaction& previous_crash_action(int sig) {
  static struct sigaction previous[4] {};
  for (size_t i = 0; i < 4; ++i) {
    if (kCrashSignals[i] == sig) return previous[i];
  }
  return previous[0];
}

inline void crash_handler(int sig, siginfo_t* info, void* context) {
  Escape& e = thread_escape();
  if (e.armed) {
    e.armed = 0;
    e.crash = sig;
    e.crash_address = info != nullptr ? info->si_addr : nullptr;
    siglongjmp(e.to, 1);
  }
  pass_on(previous_crash_action(sig), sig, info, context);  // not inside a kernel (Python's faulthandler, ...)
}

inline void install_crash_handlers() {
  for (int sig : kCrashSignals) {
    struct sigaction ours {};
    ours.sa_sigaction = crash_handler;
    sigemptyset(&ours.sa_mask);
    ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigaction(sig, &ours, &previous_crash_action(sig));
  }
}

inline const char* crash_name(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV (an access to memory that is not mapped)";
    case SIGBUS: return "SIGBUS (a misaligned or invalid memory access)";
    case SIGFPE: return "SIGFPE (an integer division by zero, or overflow)";
    case SIGILL: return "SIGILL (an illegal instruction)";
  }
  return "a signal";
}

// Called in run_block right after a jump: the signal that jumped is still blocked (sigsetjmp did not save the mask).
inline void after_escape() {
  const Escape& e = thread_escape();
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, e.crash != 0 ? static_cast<int>(e.crash) : escape_signal());
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

// The fault of a block that crashed, placed after its last API call (the simulator sees nothing in between).
inline KernelFault crash_fault(const LaunchState& l, int64_t block) {
  const Escape& e = thread_escape();
  const BlockContext& c = current_block();
  const char* api = c.last_api.load(std::memory_order_relaxed);
  const SourceLoc last{c.last_file.load(std::memory_order_relaxed), c.last_line.load(std::memory_order_relaxed)};
  const bool memory = e.crash == SIGSEGV || e.crash == SIGBUS;
  return KernelFault(l.op, block, "kernel", "", cat(
      "the kernel crashed with ", crash_name(e.crash), memory ? cat(" at address ", e.crash_address) : std::string(),
      api == nullptr ? std::string(" before its first Ascend C API call")
                     : cat(" after its last Ascend C API call, ", api,
                           last.file != nullptr ? cat(" at ", last.str()) : std::string()),
      memory ? "; look for a raw pointer or an index computed by hand (the simulator checks API calls only)"
             : e.crash == SIGFPE ? "; look for a divisor that can be 0 (a tiling value?)" : ""));
}

// ---- SIGINT: noted here, then passed on to the handler that was installed before (Python's) ----

inline std::atomic<bool>& interrupt_pending() {
  static std::atomic<bool> pending{false};
  return pending;
}

inline struct sigaction& previous_sigint() {
  static struct sigaction previous {};
  return previous;
}

inline void sigint_handler(int sig, siginfo_t* info, void* context) {
  static volatile sig_atomic_t inside = 0;  // two modules' handlers may chain to each other: never loop
  if (inside) return;
  inside = 1;
  interrupt_pending().store(true);
  pass_on(previous_sigint(), sig, info, context);  // Python's handler: KeyboardInterrupt once the launch is stopped
  inside = 0;
}

inline bool is_ours(const struct sigaction& a) {
  return (a.sa_flags & SA_SIGINFO) != 0 && a.sa_sigaction == sigint_handler;
}

// ---- the watchdog thread ----

class Watchdog {
 public:
  // Never destroyed: its detached thread may still look at it while the process exits.
  static Watchdog& instance() {
    static Watchdog* watchdog = new Watchdog();
    return *watchdog;
  }

  // The SIGINT handler is in place from the first launch's start to the last one's end, so that a Ctrl-C stops a
  // launch whenever it comes (Python's own handler could act only once the launch returned); then Python's is back.
  void add(LaunchState& l) {
    std::lock_guard<std::mutex> lock(m_);
    if (active_.empty()) {
      interrupt_pending().store(false);  // a Ctrl-C between two launches is Python's (KeyboardInterrupt), not theirs
      install_sigint();
    }
    active_.push_back(Active{&l, Clock::now(), false, {}});
    if (asleep_) cv_.notify_one();
  }

  void remove(LaunchState& l) {
    std::lock_guard<std::mutex> lock(m_);
    for (size_t i = 0; i < active_.size(); ++i) {
      if (active_[i].launch == &l) {
        active_[i] = active_.back();
        active_.pop_back();
        break;
      }
    }
    if (active_.empty()) restore_sigint();
  }

 private:
  struct Active {
    LaunchState* launch;
    Clock::time_point started;
    bool cancelled;                 // by the watchdog
    Clock::time_point cancelled_at;
  };

  Watchdog() {
    struct sigaction a {};
    a.sa_handler = escape_handler;
    sigemptyset(&a.sa_mask);
    a.sa_flags = SA_RESTART;
    sigaction(escape_signal(), &a, nullptr);
    install_crash_handlers();
    std::thread([this] { loop(); }).detach();
  }

  void loop() {
    std::unique_lock<std::mutex> lock(m_);
    Clock::time_point last_active = Clock::now();
    for (;;) {
      const Clock::time_point now = Clock::now();
      if (active_.empty()) {
        if (now - last_active > kIdleSleep) {
          asleep_ = true;
          cv_.wait(lock, [&] { return !active_.empty(); });
          asleep_ = false;
          continue;
        }
      } else {
        last_active = now;
        look(now);
      }
      cv_.wait_for(lock, kTick);
    }
  }

  // One look at every running launch (m_ held): cancel the late and the interrupted, stop blocks that do not notice.
  void look(Clock::time_point now) {
    const bool interrupted = interrupt_pending().exchange(false);
    for (Active& a : active_) {
      if (!a.cancelled) {
        const double seconds = std::chrono::duration<double>(now - a.started).count();
        const double limit = a.launch->timeout_s;
        if (interrupted) {
          cancel(a, now, true, cat("interrupted (SIGINT) after ", round3(seconds), " s"));
        } else if (limit > 0 && seconds > limit) {
          cancel(a, now, false, cat("the launch ran longer than its limit of ", round3(limit),
                                    " s (OPKIT_KERNEL_TIMEOUT, or set_kernel_timeout in Python) and was cancelled"));
        }
      } else if (now - a.cancelled_at >= kEscapeGrace) {
        std::lock_guard<std::mutex> launch_lock(a.launch->m);
        for (const Runner& r : a.launch->running) {
          if (r.block >= 0) pthread_kill(r.thread, escape_signal());
        }
        a.cancelled_at = now;
      }
    }
  }

  static std::string round3(double v) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.3g", v);
    return text;
  }

  static void cancel(Active& a, Clock::time_point now, bool interrupt, const std::string& why) {
    LaunchState& l = *a.launch;
    std::lock_guard<std::mutex> lock(l.m);
    a.cancelled = true;
    a.cancelled_at = now;
    if (l.failed.load()) return;  // it already stops for a fault of its own
    l.interrupted = interrupt;
    l.record_locked(KernelFault(l.op, -1, interrupt ? "interrupt" : "watchdog", "",
                                cat(why, "; ", where_blocks_are(l))));
  }

  // "blocks still running: 3 (last API DataCopy at add_custom.cpp:57), 5 (no API call yet)"; l.m held.
  static std::string where_blocks_are(const LaunchState& l) {
    std::string text;
    size_t shown = 0;
    size_t busy = 0;
    std::vector<Runner> running(l.running);
    std::sort(running.begin(), running.end(), [](const Runner& a, const Runner& b) { return a.block < b.block; });
    for (const Runner& r : running) {
      if (r.block < 0) continue;
      ++busy;
      if (shown == 8) continue;
      ++shown;
      const char* api = r.context->last_api.load(std::memory_order_relaxed);
      const char* file = r.context->last_file.load(std::memory_order_relaxed);
      text += cat(text.empty() ? "" : ", ", r.block, " (");
      if (api == nullptr) {
        text += "no API call yet)";
      } else {
        text += cat("last API ", api, file == nullptr ? std::string() :
                    cat(" at ", SourceLoc{file, r.context->last_line.load(std::memory_order_relaxed)}.str()), ")");
      }
    }
    if (busy == 0) return "no block was running";
    if (busy > shown) text += cat(", and ", busy - shown, " more");
    return cat("blocks still running: ", text);
  }

  void install_sigint() {
    if (sigint_installed_) return;
    struct sigaction current {};
    if (sigaction(SIGINT, nullptr, &current) != 0) return;
    sigint_installed_ = true;  // also when left alone below: looked at once per run of launches (m_ held)
    if (is_ours(current)) return;
    if ((current.sa_flags & SA_SIGINFO) == 0 && current.sa_handler == SIG_IGN) return;  // ignored: stays so
    previous_sigint() = current;
    struct sigaction ours {};
    ours.sa_sigaction = sigint_handler;
    sigemptyset(&ours.sa_mask);
    ours.sa_flags = SA_SIGINFO | SA_RESTART | (current.sa_flags & SA_ONSTACK);
    sigaction(SIGINT, &ours, nullptr);
    owns_sigint_ = true;
  }

  void restore_sigint() {
    if (!sigint_installed_) return;
    sigint_installed_ = false;
    if (!owns_sigint_) return;
    owns_sigint_ = false;
    struct sigaction current {};
    // Someone who installed a handler after ours keeps it.
    if (sigaction(SIGINT, nullptr, &current) == 0 && is_ours(current)) sigaction(SIGINT, &previous_sigint(), nullptr);
  }

  std::mutex m_;
  std::condition_variable cv_;
  std::vector<Active> active_;
  bool asleep_ = false;
  bool sigint_installed_ = false;
  bool owns_sigint_ = false;
};

}  // namespace opkit::sim::detail
