// The device side of CANN's host runtime on the CPU: aclrtMalloc'd memory as GM regions, and ACL's recent error.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

#include "opkit/sim/plog.h"

namespace opkit::sim::detail {

// What the NPU allocator hands out for a request of `size` bytes (CANN's aclrtMalloc docs: the size is rounded
// up to 32 bytes and 32 more are added; aclrtMallocAlign32 only rounds up). Start addresses are 64-byte aligned.
inline uint64_t npu_padded_size(uint64_t size, bool extra_block) {
  return (size + 31) / 32 * 32 + (extra_block ? 32 : 0);
}

enum class MemoryKind : uint8_t { kDevice, kHost };

struct DeviceAllocation {
  uint64_t requested;
  uint64_t padded;  // the bytes a kernel may touch: the GM region registered with each launch
  uint64_t id;
  MemoryKind kind;
};

// Live aclrtMalloc/aclrtMallocHost memory and the last ACL error. No std::string inside: programs built with
// -D_GLIBCXX_USE_CXX11_ABI=0 (as CANN's samples are) share this state with libraries built without it.
struct DeviceMemoryState {
  std::mutex m;
  std::map<uintptr_t, DeviceAllocation> live;
  uint64_t next_id = 0;
  // Stream capture (stream_capture.h): captured stream -> its model; event recorded in a capture -> that model.
  std::map<const void*, void*> capturing;
  std::map<const void*, void*> captured_events;
  std::set<void*> models;  // the live aclmdlRI models
  // A kernel fault, as CANN's AI Core exception (ACL_ERROR_RT_AICORE_EXCEPTION, 507015): the device's error, which
  // the synchronize calls return until aclrtResetDevice; the last error aclrtGetLastError returns and clears; and
  // whether the program ever asked for it (aclrtGetLastError/aclrtPeekAtLastError), else its exit status is 1.
  int device_error = 0;
  int last_error = 0;
  bool fault_unread = false;
  bool exit_hook = false;
  char fault_text[1024] = {0};
};

// Libraries beside lib64/libascendcl.so (nnopbase, an op's cust_opapi) are built with OPKIT_ACL_SHARED_STATE: they
// use libascendcl.so's one copy of this state (defined there with OPKIT_ACL_BUILD_LIB) instead of their own.
#if defined(OPKIT_ACL_SHARED_STATE)
DeviceMemoryState& device_memory();
char* recent_error();
#else
#if defined(OPKIT_ACL_BUILD_LIB)
#define OPKIT_ACL_STATE_FN __attribute__((visibility("default")))
#else
#define OPKIT_ACL_STATE_FN inline
#endif
OPKIT_ACL_STATE_FN DeviceMemoryState& device_memory() {
  static DeviceMemoryState state;
  return state;
}

// aclGetRecentErrMsg's text: per thread, as in ACL, and cleared once read.
OPKIT_ACL_STATE_FN char* recent_error() {
  thread_local char message[1024] = {0};
  return message;
}
#endif

// The allocation holding [p, p + bytes), or nullptr. Callers hold device_memory().m.
inline const std::pair<const uintptr_t, DeviceAllocation>* find_allocation(const void* p, uint64_t bytes) {
  auto& live = device_memory().live;
  const auto addr = reinterpret_cast<uintptr_t>(p);
  auto it = live.upper_bound(addr);
  if (it == live.begin()) return nullptr;
  --it;
  if (addr + bytes > it->first + it->second.padded) return nullptr;
  return &*it;
}

inline int acl_fail(int code, const char* api, const char* format, ...) __attribute__((format(printf, 3, 4)));
inline int acl_fail(int code, const char* api, const char* format, ...) {
  char* out = recent_error();
  const int n = std::snprintf(out, 1024, "%s: ", api);
  va_list args;
  va_start(args, format);
  std::vsnprintf(out + n, 1024 - static_cast<size_t>(n), format, args);
  va_end(args);
  // As CANN's log with ASCEND_SLOG_PRINT_TO_STDOUT=1: the error on stdout too (examples print only the status).
  const char* print = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  if (print != nullptr && std::strcmp(print, "1") == 0) std::printf("[ERROR] %s (status %d)\n", out, code);
  plog_error(out, code);   // where CANN's log has it: $HOME/ascend/log/debug/plog/
  // `opkit test` names a file here: a program that fails then shows why, even one that prints only the status.
  const char* log = std::getenv("OPKIT_ACL_ERROR_LOG");
  if (log != nullptr && *log != '\0') {
    if (std::FILE* f = std::fopen(log, "a")) {
      std::fprintf(f, "%s (status %d)\n", out, code);
      std::fclose(f);
    }
  }
  return code;
}

// At exit, a kernel fault the program never asked about (with aclrtGetLastError or aclrtPeekAtLastError) makes the
// exit status 1: a faulting kernel never passes silently, even in a program that ignores what the synchronize
// calls return.
inline void exit_after_unread_fault() {
  DeviceMemoryState& s = device_memory();
  if (!s.fault_unread) return;
  std::fprintf(stderr, "[ERROR] exit status 1: a kernel raised an AI Core exception (507015) that the program did not "
                       "read with aclrtGetLastError: %s\n", s.fault_text);
  std::fflush(nullptr);
  std::_Exit(1);
}

// The launch of a faulting kernel returns; the fault becomes the device's error (507015), as on the NPU.
inline void record_kernel_fault(const char* what) {
  DeviceMemoryState& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  s.device_error = 507015;
  s.last_error = 507015;
  s.fault_unread = true;
  std::snprintf(s.fault_text, sizeof s.fault_text, "%s", what);
  std::snprintf(recent_error(), 1024, "aicore exception: %s", what);  // aclGetRecentErrMsg's text
  if (!s.exit_hook) {
    s.exit_hook = true;
    std::atexit(exit_after_unread_fault);
  }
}

}  // namespace opkit::sim::detail
