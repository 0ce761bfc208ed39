// The cores of a mixed kernel: the declared kernel type checked against the launch, the system workspace, and the
// cross-core flags (CrossCoreSetFlag/CrossCoreWaitFlag) between a block's cube core and its vector cores.
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>

#include "opkit/sim/context.h"
#include "opkit/sim/cube/kernel_type.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/pool.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/profile.h"

namespace opkit::sim::detail {

// A kernel's KERNEL_TASK_TYPE_DEFAULT against the cores the launch gave it: a kernel declared MIX_AIC_1_2 that runs on
// vector cores only (SetKernelMode(AIV_MODE), or a program whose kernels declare different types) would compute on
// half the cores it expects.
inline void check_declared_type(KernelMetaType type) {
  const BlockContext& c = current_block();
  if (c.launch == nullptr || c.launch->fused_core) return;
  const CoreShape want = core_shape_of(type);
  const LaunchState& l = *c.launch;
  if (want.aic != l.aic_per_block || want.aiv != l.aiv_per_block) {
    fault("KERNEL_TASK_TYPE_DEFAULT", cat(
        "the kernel declares ", task_type_name(type), " (", want.aic, " cube + ", want.aiv, " vector core(s) per "
        "block) but the launch runs it as ", task_type_name(l.kernel_type), " (", l.aic_per_block, " + ",
        l.aiv_per_block, "); set the mode with AscendC::SetKernelMode or opkit::sim::Launch::set_kernel_type"));
  }
}

// A launch whose kernel had no type of its own (cube/kernel_type.h guessed one) against the notes the kernel runs:
// a Matmul or KERNEL_TASK_TYPE_DEFAULT outside the kernel's own body (a class's Init) in a launch guessed AIV-only
// faults at once, before it computes on the wrong cores.
inline bool note_at_run(KernelMetaType t, const SourceLoc& where) {
  const BlockContext& c = current_block();
  if (c.launch == nullptr || !c.launch->type_guessed) return true;
  c.launch->noted_at_run.fetch_or(bit_of(t));
  const CoreShape want = core_shape_of(t), got = core_shape_of(c.launch->kernel_type);
  if (want.aic != got.aic || want.aiv != got.aiv) {
    fault("kernel type", cat(
        "the kernel runs code that needs ", task_type_name(t), " (a Matmul or KERNEL_TASK_TYPE_DEFAULT outside the "
        "kernel's own body), but the launch of '", c.launch->op, "' found no type noted for that kernel and runs it "
        "as ",
        task_type_name(c.launch->kernel_type), "; write KERNEL_TASK_TYPE_DEFAULT(", task_type_name(t), ") in the "
        "kernel's body, or set the mode with AscendC::SetKernelMode or opkit::sim::Launch::set_kernel_type"), where);
  }
  return true;
}

// After a guessed launch: one guessed wide (a note in a lambda) whose kernel ran no note was a vector kernel run
// on cube and vector cores; its block ids and work split were not the NPU's.
inline void check_guessed_type(LaunchState& l) {
  if (!l.type_guessed || l.kernel_type == KERNEL_TYPE_AIV_ONLY || l.noted_at_run.load() != 0) return;
  l.fault = std::make_unique<KernelFault>(l.op, -1, "kernel type", "", cat(
      "the kernel noted no type of its own and ran as ", task_type_name(l.kernel_type), " (the widest type noted in "
      "a lambda of this program), but it ran no Matmul or KERNEL_TASK_TYPE_DEFAULT: a vector kernel runs AIV-only on "
      "the NPU, so its GetBlockNum/GetBlockIdx here were not the device's; set the type with "
      "opkit::sim::Launch::set_kernel_type or KERNEL_TASK_TYPE_DEFAULT"));
}

// KERNEL_TASK_TYPE_DEFAULT: checked unless KERNEL_TASK_TYPE gave the launch's tiling key a type of its own.
inline void check_default_type(KernelMetaType type) {
  const BlockContext& c = current_block();
  if (c.launch == nullptr) return;
  bool keyed = false;
  noted_type_of(c.launch->op, c.launch->tiling_key, false, nullptr, &keyed);
  if (!keyed) check_declared_type(type);
}

inline int64_t core_of(const LaunchState& l, int64_t block, int role) {
  return block * (l.aic_per_block + l.aiv_per_block) + role;
}

// The block (AI Core) the current core belongs to.
inline int64_t ai_core_of_current() {
  const BlockContext& c = current_block();
  return c.core_index / (c.launch->aic_per_block + c.launch->aiv_per_block);
}

inline constexpr int kCrossFlags = 16;  // flag ids 0..15, a 4-bit counter each

inline LaunchState& cross_launch(const char* api, uint16_t flag, const SourceLoc& where) {
  BlockContext& c = current_block();
  check_cancelled(api, where);
  if (c.launch == nullptr) fault(api, "called outside a kernel launch", where);
  if (c.launch->aic_per_block == 0) {
    fault(api, "the launch has no cube core (a vector-only kernel): cross-core flags pair a block's cube and vector "
               "cores; declare KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2) or set the kernel mode", where);
  }
  if (flag >= kCrossFlags) fault(api, cat("flag id ", flag, " is outside [0, ", kCrossFlags - 1, "]"), where);
  return *c.launch;
}

// CrossCoreSetFlag's modes (CANN's documentation of the 910B): 0 synchronises every core of the setter's type (each
// waits until all of them have set), 1 the vector cores of one AI Core, 2 a block's cube core with its vector cores (the
// cube core's set releases each vector core once; the vector cores' sets release the cube core once all have set). The
// mode is the setter's: CrossCoreWaitFlag(flagId) waits for one release of its own counter.
inline void release(LaunchState& l, int64_t core, uint16_t flag, const char* api, const SourceLoc& where) {
  uint16_t& n = l.cross_flags[static_cast<size_t>(core) * kCrossFlags + flag];
  if (n >= 15) {
    fault(api, cat("flag ", flag, " was set 15 times without a matching CrossCoreWaitFlag; the device's 4-bit counter "
                   "would overflow"), where);
  }
  ++n;
}

// Counts sets until a group has all set; true (and reset) when the last of `size` has.
inline bool arrive(LaunchState& l, size_t slot, int64_t size) {
  if (l.cross_arrivals.size() <= slot) l.cross_arrivals.resize(slot + 1, 0);
  if (++l.cross_arrivals[slot] < size) return false;
  l.cross_arrivals[slot] = 0;
  return true;
}

inline void cross_set(uint8_t mode, uint16_t flag, const SourceLoc& where) {
  const char* api = "CrossCoreSetFlag";
  LaunchState& l = cross_launch(api, flag, where);
  if (mode > 2) fault(api, cat("mode ", int(mode), " is not 0, 1 or 2"), where);
  const BlockContext& c = current_block();
  if (mode == 1 && c.is_aic) fault(api, "mode 1 synchronises the vector cores of an AI Core; this is the cube core", where);
  const int64_t block = ai_core_of_current();
  std::lock_guard<std::mutex> lock(l.m);
  const size_t per_block = static_cast<size_t>(kCrossFlags);
  if (mode == 2 && c.is_aic) {
    for (int v = 0; v < l.aiv_per_block; ++v) release(l, core_of(l, block, l.aic_per_block + v), flag, api, where);
  } else if (mode == 2) {
    if (arrive(l, static_cast<size_t>(block) * per_block + flag, l.aiv_per_block)) {
      release(l, core_of(l, block, 0), flag, api, where);
    }
  } else if (mode == 1) {
    if (arrive(l, static_cast<size_t>(l.block_num + block) * per_block + flag, l.aiv_per_block)) {
      for (int v = 0; v < l.aiv_per_block; ++v) release(l, core_of(l, block, l.aic_per_block + v), flag, api, where);
    }
  } else {
    const int64_t size = c.is_aic ? l.block_num : l.block_num * l.aiv_per_block;
    if (arrive(l, static_cast<size_t>(2 * l.block_num + (c.is_aic ? 1 : 0)) * per_block + flag, size)) {
      for (int64_t b = 0; b < l.block_num; ++b) {
        if (c.is_aic) {
          release(l, core_of(l, b, 0), flag, api, where);
        } else {
          for (int v = 0; v < l.aiv_per_block; ++v) release(l, core_of(l, b, l.aic_per_block + v), flag, api, where);
        }
      }
    }
  }
  for (CrossWaiter* w : l.cross_waiters) {
    if (w->counted && l.cross_flags[static_cast<size_t>(w->core) * kCrossFlags + w->flag] > 0) {
      w->counted = false;
      --l.parked;
      --l.cross_waiting;
    }
  }
  l.cv.notify_all();
}

inline void cross_wait(uint16_t flag, const SourceLoc& where) {
  const char* api = "CrossCoreWaitFlag";
  LaunchState& l = cross_launch(api, flag, where);
  BlockContext& c = current_block();
  ++c.waits;
  std::unique_lock<std::mutex> lock(l.m);
  uint16_t& n = l.cross_flags[static_cast<size_t>(c.core_index) * kCrossFlags + flag];
  if (n == 0) {
    CrossWaiter me{c.core_index, flag};
    l.cross_waiters.push_back(&me);
    ++l.parked;
    ++l.cross_waiting;
    l.cross_wait_note = cat(c.is_aic ? "the cube core" : "vector core", c.is_aic ? "" : cat(" ", c.block_idx),
                            " of block ", ai_core_of_current(), " waits for flag ", flag,
                            where.file != nullptr ? cat(" at ", where.str()) : std::string());
    ensure_progress_locked(l);
    l.cv.wait(lock, [&] { return n > 0 || l.failed.load(); });
    l.cross_waiters.erase(std::find(l.cross_waiters.begin(), l.cross_waiters.end(), &me));
    if (me.counted) {
      --l.parked;
      --l.cross_waiting;
    }
    if (n == 0) throw LaunchCancelled{};
  }
  --n;
}

// GetSysWorkSpacePtr: what SetSysWorkspace set in this block, else a small area of its own (the Matmul API keeps its
// messages there on the device; here it needs none, but kernels test the pointer for null).
inline uint8_t*& sys_workspace() { return current_block().sys_workspace; }
inline uint8_t* own_sys_workspace() {
  alignas(64) thread_local uint8_t area[64] = {};
  return area;
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <uint8_t modeId, pipe_t pipe>
void CrossCoreSetFlag(uint16_t flagId, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  if (d::BlockRecord* r = d::current_block().rec) r->add(d::Ev::CrossSet, "CrossCoreSetFlag", flagId, modeId, pipe);
  d::cross_set(modeId, flagId, where);
}

template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
void CrossCoreWaitFlag(uint16_t flagId, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  if (d::BlockRecord* r = d::current_block().rec) r->add(d::Ev::CrossWait, "CrossCoreWaitFlag", flagId, 0, pipe);
  d::cross_wait(flagId, where);
}

inline void SetSysWorkspace(uint8_t* workspace) { opkit::sim::detail::sys_workspace() = workspace; }
inline void SetSysWorkspaceForce(uint8_t* workspace) { SetSysWorkspace(workspace); }
inline uint8_t* GetSysWorkSpacePtr() {
  uint8_t* p = opkit::sim::detail::sys_workspace();
  return p != nullptr ? p : opkit::sim::detail::own_sys_workspace();
}

}  // namespace AscendC

// CANN's kernels call it unqualified, without `using namespace AscendC` (REGIST_MATMUL_OBJ's usual argument).
using AscendC::GetSysWorkSpacePtr;
