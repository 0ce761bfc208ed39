// The C++ launch API the generated bindings call: opkit::sim::Launch (GM registry, block dim, SoC, tiling key).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "opkit/sim/context.h"
#include "opkit/sim/cube/core.h"
#include "opkit/sim/cube/kernel_type.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/pool.h"
#include "opkit/sim/profile.h"
#include "opkit/sim/soc.h"
#include "opkit/sim/watchdog.h"

namespace opkit::sim {

inline constexpr int64_t kMaxBlockDim = 65535;

// One kernel launch. Usage:
//   opkit::sim::Launch launch{"add_custom", "Ascend910B2", block_dim, tiling_key};
//   launch.register_gm(x, x_bytes, "x").register_gm(y, y_bytes, "y");
//   launch.run(add_custom, x, y, z, workspace, tiling);   // throws KernelFault
// Every GM pointer the kernel touches must lie in a registered buffer; the kernel's scalar and copy
// accesses are checked against them.
class Launch {
 public:
  Launch(std::string op, const std::string& soc = kDefaultSoc, int64_t block_dim = 1, uint64_t tiling_key = 0,
         bool device_rounding = false)
      : op_(std::move(op)), soc_(find_soc(soc)), block_dim_(block_dim), tiling_key_(tiling_key),
        device_rounding_(device_rounding) {
    if (soc_ == nullptr) {
      std::string known;
      for (const SocProfile& p : kSocProfiles) known += (known.empty() ? "" : ", ") + std::string(p.name);
      throw KernelFault(op_, -1, "Launch", "", detail::cat("unknown SoC '", soc, "'; known: ", known));
    }
    if (block_dim < 1 || block_dim > kMaxBlockDim) {
      throw KernelFault(op_, -1, "Launch", "", detail::cat("block dim ", block_dim, " is outside [1, ",
                                                           kMaxBlockDim, "]"));
    }
  }

  // A GM buffer of the launch. Null buffers (absent optional inputs) are skipped, empty ones only noted; a buffer that
  // overlaps one already registered (in-place ops pass the same memory twice) is merged with it. `padding`: bytes
  // behind the buffer that the device's allocator would add (detail::allocator_padding), which a kernel may touch
  // with a warning; the caller's memory ends at `bytes` all the same.
  Launch& register_gm(const void* ptr, uint64_t bytes, const std::string& name, uint64_t padding = 0) {
    if (ptr == nullptr) return *this;
    if (bytes == 0) {  // an empty tensor: nothing to touch, but named if the kernel does (check_gm)
      empties_.push_back(detail::GmRegion{reinterpret_cast<uintptr_t>(ptr), 0, name, 0});
      return *this;
    }
    if (regions_.empty()) regions_.reserve(8);  // a kernel's inputs, outputs, workspace and tiling: one allocation
    detail::GmRegion r{reinterpret_cast<uintptr_t>(ptr), bytes, name, padding};
    for (auto it = regions_.begin(); it != regions_.end();) {
      if (it->begin < r.begin + r.bytes && r.begin < it->begin + it->bytes) {
        const uintptr_t begin = std::min(it->begin, r.begin);
        const uintptr_t end = std::max(it->begin + it->bytes, r.begin + r.bytes);
        const uint64_t pad = it->begin + it->bytes == end ? std::max(it->padding, r.padding) : r.padding;
        r = detail::GmRegion{begin, end - begin, it->name + "|" + r.name, pad};
        it = regions_.erase(it);
      } else {
        ++it;
      }
    }
    regions_.insert(std::upper_bound(regions_.begin(), regions_.end(), r,
                                     [](const detail::GmRegion& a, const detail::GmRegion& b) {
                                       return a.begin < b.begin;
                                     }),
                    r);
    return *this;
  }

  // A kernel argument pointing at host memory outside every GM buffer (CANN's CPU-debug build passes it as is, e.g. a
  // ListTensorDesc built on the host stack). Only APIs that know the extent they read (ListTensorDesc's length) may
  // read it; every other GM access to it still faults.
  Launch& note_host_memory(const void* ptr) {
    if (ptr != nullptr) host_memory_.push_back(reinterpret_cast<uintptr_t>(ptr));
    return *this;
  }

  // Run `kernel(args...)` once per block; throws the launch's first KernelFault.
  template <typename Kernel, typename... Args>
  void run(Kernel&& kernel, Args... args) {
    using K = std::remove_pointer_t<std::decay_t<Kernel>>;
    closure_kernel_ = !std::is_function_v<K>;  // a lambda: its notes have no kernel name (cube/kernel_type.h)
    const auto body = [&kernel, &args...]() { kernel(args...); };
    run_body(std::cref(body));  // a reference fits std::function's inline storage: no allocation per launch
  }

  void run_body(const std::function<void()>& body) {
    if (detail::current_block().launch != nullptr) {
      detail::fault("Launch", "a kernel launched another kernel; launches cannot nest");
    }
    detail::LaunchState state;
    state.op = op_;
    state.soc = soc_;
    state.block_num = block_dim_;
    set_cores(state);
    state.tiling_key = tiling_key_;
    state.device_rounding = device_rounding_;
    state.regions = &regions_;
    state.empties = &empties_;
    state.host_memory = &host_memory_;
    state.body = &body;
    state.hccl_context[0] = hccl_context_[0];
    state.hccl_context[1] = hccl_context_[1];
    state.timeout_s = timeout_s_ < 0 ? detail::default_timeout() : timeout_s_;
    detail::ProfileSink& sink = detail::ProfileSink::instance();
    std::unique_ptr<detail::LaunchProfile> profile;
    if (sink.on()) {
      profile = std::make_unique<detail::LaunchProfile>();
      profile->blocks.resize(static_cast<size_t>(state.core_num));
      state.profile = profile.get();
    }
    {
      struct Watched {  // the watchdog forgets the launch however the run ends
        detail::LaunchState& l;
        explicit Watched(detail::LaunchState& s) : l(s) { detail::Watchdog::instance().add(l); }
        ~Watched() { detail::Watchdog::instance().remove(l); }
      } watched(state);
      detail::Pool::instance().run(state);
    }
    warnings_ = std::move(state.warnings);
    if (!state.fault) detail::check_guessed_type(state);
    if (state.fault) {
      if (state.interrupted) throw KernelInterrupted(*state.fault);
      throw *state.fault;
    }
    if (profile) {
      sink.write(*profile, op_, soc_->name, block_dim_, state.aic_per_block, state.aiv_per_block, state.fused_core);
    }
  }

  // The cores each block runs on: KERNEL_TYPE_AIV_ONLY (one vector core), AIC_ONLY, MIX_AIC_1_1, MIX_AIC_1_2. Without
  // it, the type noted for the kernel of this name, else AIV-only (cube/kernel_type.h).
  Launch& set_kernel_type(KernelMetaType type) {
    kernel_type_ = type;
    has_kernel_type_ = true;
    return *this;
  }

  // Cancel the launch after `seconds` (0: never); the default is OPKIT_KERNEL_TIMEOUT or 60 s (watchdog.h).
  Launch& set_timeout(double seconds) {
    timeout_s_ = seconds;
    return *this;
  }

  // The communication context GetHcclContext<index>() returns to the kernel (an MC2 op's launch: opkit/host/
  // hccl_launch.h). Such a launch runs beside the other ranks' launches instead of after them.
  Launch& set_hccl_context(uint32_t index, void* context) {
    if (index < 2) hccl_context_[index] = context;
    return *this;
  }

  // What the last run found that is harmless on the device but worth a look (an access to allocator padding).
  const std::vector<std::string>& warnings() const { return warnings_; }

  const std::string& op() const { return op_; }
  const SocProfile& soc() const { return *soc_; }
  int64_t block_dim() const { return block_dim_; }

 private:
  void set_cores(detail::LaunchState& state) const {
    bool own = true;
    const KernelMetaType type =
        has_kernel_type_ ? kernel_type_ : detail::noted_type_of(op_, tiling_key_, closure_kernel_, &own);
    state.type_guessed = !own;
    const detail::CoreShape shape = detail::core_shape_of(type);
    state.kernel_type = type;
    if (arch_is_separated(soc_->npu_arch)) {
      state.aic_per_block = shape.aic;
      state.aiv_per_block = shape.aiv;
    } else {  // one AI Core with both units per block
      state.fused_core = shape.aic > 0;
      state.aic_per_block = shape.aic > 0 ? 1 : 0;
      state.aiv_per_block = shape.aic > 0 ? 0 : 1;
    }
    state.core_num = block_dim_ * (state.aic_per_block + state.aiv_per_block);
    if (state.aic_per_block > 0) state.cross_flags.assign(static_cast<size_t>(state.core_num) * 16, 0);
    if (state.aic_per_block > 0) state.core_ub.assign(static_cast<size_t>(state.core_num), nullptr);
  }

  std::string op_;
  const SocProfile* soc_;
  int64_t block_dim_;
  uint64_t tiling_key_;
  bool device_rounding_;
  KernelMetaType kernel_type_ = KERNEL_TYPE_AIV_ONLY;
  bool has_kernel_type_ = false;
  bool closure_kernel_ = false;  // run() was given a lambda or functor, not a kernel function
  double timeout_s_ = -1;  // -1: the process-wide default
  void* hccl_context_[2] = {nullptr, nullptr};
  std::vector<detail::GmRegion> regions_;
  std::vector<detail::GmRegion> empties_;
  std::vector<uintptr_t> host_memory_;
  std::vector<std::string> warnings_;
};

namespace detail {
// A finished launch's warnings on stderr, for programs (<<<>>>, ICPU_RUN_KF, aclnn calls; `opkit test` reads them).
inline void print_warnings(const std::vector<std::string>& warnings) {
  for (const std::string& w : warnings) std::fprintf(stderr, "[WARNING] opkit: %s\n", w.c_str());
  if (!warnings.empty()) std::fflush(stderr);
}
}  // namespace detail

}  // namespace opkit::sim
