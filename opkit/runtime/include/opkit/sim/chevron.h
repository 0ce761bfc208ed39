// Kernel launches written `kernel<<<blockDim, l2ctrl, stream>>>(args)`: `opkit cc` rewrites each into
// chevron_launch(...)(args), which runs the kernel on the simulator with every aclrtMalloc'd and GmAlloc'd
// buffer registered as GM. Also the body of the generated aclrtlaunch_<kernel> functions (ACLRT_LAUNCH_KERNEL).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "opkit/sim/cpu_debug.h"
#include "opkit/sim/device_memory.h"
#include "opkit/sim/launch.h"
#include "opkit/sim/stream_capture.h"

namespace opkit::sim::detail {

// Register every live device allocation, named after the kernel argument that points into it; the
// GmAlloc buffers of the CPU-debug API are registered as ICPU_RUN_KF does.
inline void register_device_memory(Launch& launch, const std::vector<std::string>& names,
                                   const std::vector<const void*>& addresses) {
  DeviceMemoryState& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  for (const auto& [begin, a] : s.live) {
    if (a.kind != MemoryKind::kDevice) continue;
    std::string name = cat("aclrtMalloc#", a.id);
    for (size_t i = 0; i < addresses.size() && i < names.size(); ++i) {
      const auto p = reinterpret_cast<uintptr_t>(addresses[i]);
      if (p >= begin && p < begin + a.padded) {
        name = names[i];
        break;
      }
    }
    launch.register_gm(reinterpret_cast<const void*>(begin), a.padded, name);
  }
}

// A fault prints `[ERROR]<op, block, API, kernel file:line, message>` and the launch returns, as on the NPU: the
// device raises an AI Core exception, which the next aclrtSynchronizeStream/Device returns as
// ACL_ERROR_RT_AICORE_EXCEPTION (507015) and aclrtGetLastError reports; a program that never asks for it with
// aclrtGetLastError/aclrtPeekAtLastError ends with exit status 1 (device_memory.h).
template <typename Kernel>
class ChevronCall {
 public:
  ChevronCall(const char* name, const char* arg_text, Kernel kernel, int64_t block_dim, const void* stream)
      : name_(name), arg_text_(arg_text), kernel_(kernel), block_dim_(block_dim), stream_(stream) {}

  // On a captured stream the launch is recorded, its arguments copied, and runs when the model is executed.
  template <typename... Args>
  void operator()(Args&&... args) const {
    auto replay = [self = *this, saved = std::make_tuple(std::decay_t<Args>(args)...)]() mutable {
      std::apply([&self](auto&... a) { self.run(a...); }, saved);
      return 0;
    };
    if (capture_task(stream_, "kernel", cat(name_, "<<<", block_dim_, ">>>"), std::move(replay))) return;
    run(std::forward<Args>(args)...);
  }

 private:
  template <typename... Args>
  void run(Args&&... args) const {
    try {
      Launch launch(name_, icpu_soc(), block_dim_, 0, std::getenv("OPKIT_DEVICE_ROUNDING") != nullptr);
      const std::vector<std::string> names = split_args(arg_text_);
      const std::vector<const void*> addresses{as_address(args)...};
      register_device_memory(launch, names, addresses);
      register_allocations(launch, names, addresses);
      launch.run(kernel_, args...);
      print_warnings(launch.warnings());
    } catch (const KernelFault& f) {
      std::fprintf(stderr, "[ERROR]%s\n", f.what());
      std::fflush(stderr);
      record_kernel_fault(f.what());
    }
  }

  const char* name_;
  const char* arg_text_;
  Kernel kernel_;
  int64_t block_dim_;
  const void* stream_;
};

template <typename Stream>
const void* stream_pointer(Stream stream) {
  if constexpr (std::is_pointer_v<Stream>) {
    return static_cast<const void*>(stream);
  } else {
    return nullptr;  // nullptr or 0: the default stream
  }
}

// `name<<<blockDim, l2ctrl, stream>>>(args)` -> `chevron_launch("name", "args", name, blockDim, l2ctrl, stream)(args)`.
// l2ctrl (nullptr or 0 in CANN's samples) changes nothing, nor does the stream unless it is being captured: a launch
// has finished when it returns.
template <typename Kernel, typename L2 = std::nullptr_t, typename Stream = std::nullptr_t>
ChevronCall<Kernel> chevron_launch(const char* name, const char* arg_text, Kernel kernel, uint64_t block_dim,
                                   L2 = nullptr, Stream stream = nullptr) {
  return ChevronCall<Kernel>(name, arg_text, kernel, static_cast<int64_t>(block_dim), stream_pointer(stream));
}

}  // namespace opkit::sim::detail
