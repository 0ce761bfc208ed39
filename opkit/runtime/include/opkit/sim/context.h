// Per-thread state of the block being simulated: its index, its Unified Buffer arena, its launch's settings.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

namespace opkit::sim::detail {

struct LaunchState;  // shared by all blocks of one launch (GM registry, SyncAll barrier, tiling key); launch_state.h
struct BlockRecord;  // what a block issued to each pipe, only while a launch records (profile.h)

// Number of HardEvent values (positions.h) and event ids per event: the SetFlag/WaitFlag pairing table's shape.
inline constexpr int kHardEvents = 36;
inline constexpr int kEventIds = 8;

struct BlockContext {
  std::string op;                    // kernel/op name for messages ("" outside a launch)
  int64_t block_idx = 0;
  int64_t block_num = 1;
  // The core this block runs on (cube/core.h): a vector core (AIV), a cube core (AIC), or on SoCs where one AI Core
  // has both units (910, 310P, 310B) both at once. sub_block_idx/sub_block_num: the AIV's place in its AI Core's pair.
  bool is_aic = false;
  bool is_aiv = true;
  int64_t sub_block_idx = 0;
  int64_t sub_block_num = 1;
  uint8_t* sys_workspace = nullptr;  // SetSysWorkspace (cube/core.h)
  int64_t core_index = 0;            // index among all cores the launch runs (AIC and AIV), for per-core tables
  uint8_t* ub_base = nullptr;        // this block's Unified Buffer arena
  size_t ub_size = 0;                // bytes (192 KiB on Ascend910B, 256 KiB on Ascend310P)
  // UB bytes [0, ub_poisoned) were poisoned (all-ones: NaN as half/float/bf16) in this block; TPipe poisons the
  // rest as it hands buffers out, so a block sees exactly what a full poison at block start would show it.
  size_t ub_poisoned = 0;
  // Where the SoC's UB scratch starts (the ini's ub_size, 248 KB on Ascend310B/950) while this block's buffers reach
  // into it (ub_scratch.h); ub_size is then the whole physical UB (256 KB). 0: they do not.
  size_t ub_scratch = 0;
  bool device_rounding = false;      // opt-in: DataCopy rounds lengths down like the NPU instead of failing
  uint64_t tiling_key = 0;           // what the host's SetTilingKey chose; read by TILING_KEY_IS
  LaunchState* launch = nullptr;
  int npu_arch = 2201;               // __NPU_ARCH__ of the launch's SoC (DataCopyPad is not on 2002)
  // Set when another block faulted: every API checks it so the rest of the launch stops early.
  const std::atomic<bool>* cancelled = nullptr;
  void* pipe = nullptr;              // the block's live TPipe (GetTPipePtr), pipe.h
  void* pipes[4] = {};               // every live TPipe of the block (a kernel class may hold two), pipe.h
  BlockRecord* rec = nullptr;        // non-null only while the launch records for `opkit profile` (profile.h)
  std::string exit_fault;            // problem found when the TPipe died (a leaked buffer), raised at block exit
  std::string exit_where;            // the kernel line exit_fault points at (the AllocTensor/DeQue of the leak)
  uint16_t pending_flags[kHardEvents][kEventIds] = {};  // SetFlag count not yet consumed by WaitFlag
  uint8_t allocated_events[kHardEvents] = {};           // AllocEventID bitmask per HardEvent
  // SetPadValue's register (copy.h): the element bits DataCopyPad fills with when isPad is false; unset: none.
  uint64_t pad_value_bits = 0;
  uint8_t pad_value_size = 0;
  uint8_t cmp_mask[16] = {};  // the CmpMask register: Compare's register form writes it (vec/cmpmask.h)
  // The ACC_VAL register: ReduceSum's count form leaves its sum there (GetReduceRepeatSumSpr, vec/reduce_spr.h).
  uint32_t acc_val_bits = 0;
  uint8_t acc_val_size = 0;  // sizeof the element type that wrote it; 0: no count-form ReduceSum ran
  // MAX_MIN_CNT: the last ReduceMax/Min or WholeReduceMax/Min's extreme (low bits) and index (high 32), vec/reduce.h.
  uint64_t max_min_cnt = 0;
  uint8_t max_min_size = 0;  // sizeof the element type that wrote it; 0: none ran
  uint16_t mrg_sort_taken[4] = {};  // what the last MrgSort took from each list (GetMrgSortResult, vec/mrgsort.h)
  // CheckLocalMemoryIA's four exception registers as CANN packs them, and which are enabled (local_memory_ia.h).
  uint64_t local_mem_ia[4] = {};
  uint8_t local_mem_ia_on = 0;
  uint32_t mutex_ids = 0;          // AllocMutexID's bitmask (mutex.h)
  uint16_t mutex_held[28] = {};    // per MutexID: the pipes that hold it (bit per pipe_t)
  // Waits this core has done on other cores (SyncAll, CrossCoreWaitFlag, a GM-flag spin): 0 means nothing it does
  // is ordered after anything another core does (atomic.h's unordered-store check).
  uint32_t waits = 0;
  uint64_t entries = 0;  // blocks this thread has entered: per_block() state starts fresh in each
  // The API this block called last and where: what the watchdog reports for a block that does not return. Atomic
  // because the watchdog thread reads them while the block runs (relaxed stores cost what plain ones do on x86).
  std::atomic<const char*> last_api{nullptr};
  std::atomic<const char*> last_file{nullptr};
  std::atomic<int> last_line{0};
};

inline BlockContext& current_block() {
  thread_local BlockContext context;
  return context;
}

// A per-core register a header keeps in a thread_local of its own (the fixpipe settings, the control SPR): T{} again
// in every block this thread runs, as the device starts each kernel with them cleared; a block never inherits another
// launch's settings. `Tag` tells apart two registers of one type.
template <class T, class Tag>
inline T& per_block() {
  thread_local T value{};
  thread_local uint64_t entry = 0;
  const uint64_t now = current_block().entries;
  if (entry != now) {
    value = T{};
    entry = now;
  }
  return value;
}

// Thrown (never a KernelFault) to unwind a block once another block of the launch has faulted.
struct LaunchCancelled {};

inline void check_cancelled() {
  const std::atomic<bool>* c = current_block().cancelled;
  if (c != nullptr && c->load(std::memory_order_relaxed)) throw LaunchCancelled{};
}

// The same, for an API call of the kernel: also records the call as the block's last one (for the watchdog).
inline void check_cancelled(const char* api, const char* file, int line) {
  BlockContext& b = current_block();
  b.last_api.store(api, std::memory_order_relaxed);
  b.last_file.store(file, std::memory_order_relaxed);
  b.last_line.store(line, std::memory_order_relaxed);
  if (b.cancelled != nullptr && b.cancelled->load(std::memory_order_relaxed)) throw LaunchCancelled{};
}

// g_coreType's value for the running block: MIX (0) where one AI Core has both units, else AIC (1) or AIV (2).
inline int32_t core_type_of_block() {
  const BlockContext& b = current_block();
  return b.is_aic && b.is_aiv ? 0 : b.is_aic ? 1 : 2;
}

}  // namespace opkit::sim::detail
