// CANN's CPU-debug host API (GmAlloc, GmFree, SetKernelMode, ICPU_RUN_KF, ICPU_SET_TILING_KEY) over opkit::sim::Launch.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "opkit/sim/fault.h"
#include "opkit/sim/launch.h"
#include "opkit/sim/soc.h"

// Spelled without a namespace in CANN's samples: `AscendC::SetKernelMode(KernelMode::AIV_MODE)`.
enum class KernelMode : uint8_t { MIX_MODE, AIC_MODE, AIV_MODE, MIX_AIC_1_1, MIX_AIC_1_2 };

namespace opkit::sim::detail {

struct GmAllocation {
  uint64_t bytes;
  uint64_t id;
};

// Host-side state of the CPU-debug API: live GmAlloc buffers (the GM that ICPU_RUN_KF checks against),
// the kernel mode and the tiling key of the next launch.
struct CpuDebugState {
  std::mutex m;
  std::map<uintptr_t, GmAllocation> live;
  uint64_t next_id = 0;
  KernelMode mode = KernelMode::AIV_MODE;
  bool mode_set = false;  // SetKernelMode was called: it decides the cores, not the kernel types the program notes
  uint64_t tiling_key = 0;
};

inline CpuDebugState& cpu_debug() {
  static CpuDebugState state;
  return state;
}

// The SoC of ICPU_RUN_KF launches: $OPKIT_SOC, else the one the kernel was compiled for (__NPU_ARCH__).
inline std::string icpu_soc() {
  if (const char* env = std::getenv("OPKIT_SOC")) return env;
#if defined(__NPU_ARCH__)
  return default_soc_of_arch(__NPU_ARCH__);
#else
  return kDefaultSoc;
#endif
}

// "x, (uint8_t*)td, f(a, b)" -> {"x", "(uint8_t*)td", "f(a, b)"}: the argument texts name the GM buffers.
inline std::vector<std::string> split_args(const char* text) {
  std::vector<std::string> out(1);
  int depth = 0;
  for (const char* p = text; *p != '\0'; ++p) {
    if (*p == '(' || *p == '<' || *p == '[') ++depth;
    if (*p == ')' || *p == '>' || *p == ']') --depth;
    if (*p == ',' && depth == 0) {
      out.emplace_back();
    } else if (*p != ' ' || !out.back().empty()) {
      out.back() += *p;
    }
  }
  for (std::string& s : out) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
  }
  return out;
}

template <typename Arg>
const void* as_address(const Arg& a) {
  if constexpr (std::is_pointer_v<Arg>) {
    return static_cast<const void*>(a);
  } else {
    return nullptr;
  }
}

// Register every live GmAlloc buffer, named after the kernel argument that points into it.
inline void register_allocations(Launch& launch, const std::vector<std::string>& names,
                                 const std::vector<const void*>& addresses) {
  CpuDebugState& s = cpu_debug();
  std::lock_guard<std::mutex> lock(s.m);
  for (const auto& [begin, a] : s.live) {
    std::string name = cat("GmAlloc#", a.id);
    for (size_t i = 0; i < addresses.size() && i < names.size(); ++i) {
      const auto p = reinterpret_cast<uintptr_t>(addresses[i]);
      if (p >= begin && p < begin + a.bytes) {
        name = names[i];
        break;
      }
    }
    launch.register_gm(reinterpret_cast<const void*>(begin), a.bytes, name);
  }
  for (const void* p : addresses) {
    const auto addr = reinterpret_cast<uintptr_t>(p);
    auto it = s.live.upper_bound(addr);
    const bool in_gm = it != s.live.begin() && addr < std::prev(it)->first + std::prev(it)->second.bytes;
    if (p != nullptr && !in_gm) launch.note_host_memory(p);  // host memory passed as is, as CANN's CPU debug does
  }
}

// CANN's CPU-debug modes as kernel types: MIX_MODE is the 910B's one cube and two vector cores per block.
inline KernelMetaType type_of_mode(KernelMode mode) {
  switch (mode) {
    case KernelMode::AIC_MODE: return KERNEL_TYPE_AIC_ONLY;
    case KernelMode::AIV_MODE: return KERNEL_TYPE_AIV_ONLY;
    case KernelMode::MIX_AIC_1_1: return KERNEL_TYPE_MIX_AIC_1_1;
    default: return KERNEL_TYPE_MIX_AIC_1_2;
  }
}

// CANN's ICPU_RUN_KF prints the error and aborts; this prints the fault and exits with status 1, so a
// test driver sees a failure without a core dump. Programs that want an exception use opkit::sim::Launch.
template <typename Kernel, typename... Args>
void icpu_run(const char* name, const char* arg_text, Kernel&& kernel, int64_t block_dim, Args... args) {
  try {
    uint64_t key = 0;
    {
      std::lock_guard<std::mutex> lock(cpu_debug().m);
      key = cpu_debug().tiling_key;
    }
    Launch launch(name, icpu_soc(), block_dim, key, std::getenv("OPKIT_DEVICE_ROUNDING") != nullptr);
    {
      std::lock_guard<std::mutex> lock(cpu_debug().m);
      if (cpu_debug().mode_set) launch.set_kernel_type(type_of_mode(cpu_debug().mode));
    }
    register_allocations(launch, split_args(arg_text), {as_address(args)...});
    launch.run(kernel, args...);
    print_warnings(launch.warnings());
  } catch (const KernelFault& f) {
    std::fprintf(stderr, "[ERROR]%s\n", f.what());
    std::fflush(stderr);
    std::exit(1);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

using ::KernelMode;

// Zero-filled, 64-byte aligned host memory that kernels launched by ICPU_RUN_KF may use as GM.
inline void* GmAlloc(size_t size) {
  const size_t rounded = (size + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, rounded == 0 ? 64 : rounded);
  if (p == nullptr) return nullptr;
  std::memset(p, 0, rounded == 0 ? 64 : rounded);
  auto& s = opkit::sim::detail::cpu_debug();
  std::lock_guard<std::mutex> lock(s.m);
  s.live[reinterpret_cast<uintptr_t>(p)] = opkit::sim::detail::GmAllocation{size, s.next_id++};
  return p;
}

inline void GmFree(void* ptr) {
  if (ptr == nullptr) return;
  auto& s = opkit::sim::detail::cpu_debug();
  {
    std::lock_guard<std::mutex> lock(s.m);
    auto it = s.live.find(reinterpret_cast<uintptr_t>(ptr));
    if (it == s.live.end()) {
      throw opkit::sim::KernelFault("", -1, "GmFree", "", opkit::sim::detail::cat(
          "address ", ptr, " was not returned by GmAlloc (or was freed already)"));
    }
    s.live.erase(it);
  }
  std::free(ptr);
}

// The cores the next ICPU_RUN_KF launches run each block on (cube/core.h).
inline void SetKernelMode(KernelMode mode) {
  auto& s = opkit::sim::detail::cpu_debug();
  std::lock_guard<std::mutex> lock(s.m);
  s.mode = mode;
  s.mode_set = true;
}

}  // namespace AscendC

#define ICPU_SET_TILING_KEY(key)                                            \
  do {                                                                      \
    auto& opkit_state_ = ::opkit::sim::detail::cpu_debug();                 \
    std::lock_guard<std::mutex> opkit_lock_(opkit_state_.m);                \
    opkit_state_.tiling_key = static_cast<uint64_t>(key);                   \
  } while (0)

#define ICPU_RUN_KF(func, blockdim, ...) \
  ::opkit::sim::detail::icpu_run(#func, #__VA_ARGS__, func, (blockdim), __VA_ARGS__)
