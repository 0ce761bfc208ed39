// Inter-core synchronisation through GM flags: IBSet/IBWait and the deterministic-order trio
// InitDetermineComputeWorkspace/WaitPreBlock/NotifyNextBlock, with CANN's GM layout (impl/basic_api, dav_c220).
#pragma once

#include <cstdint>
#include <thread>

#include "opkit/sim/block.h"
#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/pool.h"
#include "opkit/sim/tensor.h"

namespace opkit::sim::detail {

// One int32 flag per 32-byte block of the GM workspace. Blocks are threads: the flags are read and written with
// atomics, and a waiting block yields until the flag it waits for arrives (or the watchdog cancels the launch, naming
// the wait when no other block will ever set it).
inline int32_t* gm_flag(const char* api, const AscendC::GlobalTensor<int32_t>& gm, int64_t index,
                        const SourceLoc& where) {
  int32_t* p = gm.GetPhyAddr() + index;
  check_gm(api, "access", p, 32, where, gm.opkit_base);
  return p;
}

inline void require_ub_workspace(const char* api, const AscendC::LocalTensor<int32_t>& ub, uint64_t bytes,
                                 const SourceLoc& where) {
  require_ub_operand(api, "ubWorkspace", ub, bytes, where);
}

// A block that has to wait counts as parked while it spins, so that a launch with more blocks than worker threads
// starts one more thread for the blocks not yet running (pool.h ensure_progress_locked): the flag it waits for may
// be theirs to set.
template <typename Pred>
inline void spin_until(const char* api, const SourceLoc& where, Pred ready) {
  ++current_block().waits;
  if (ready()) return;
  LaunchState* l = current_block().launch;
  if (l != nullptr) {
    std::lock_guard<std::mutex> lock(l->m);
    ++l->parked;
    ++l->gm_waiting;
    ensure_progress_locked(*l);
  }
  struct Unpark {
    LaunchState* l;
    ~Unpark() {
      if (l == nullptr) return;
      std::lock_guard<std::mutex> lock(l->m);
      --l->parked;
      --l->gm_waiting;
    }
  } unpark{l};
  while (!ready()) {
    check_cancelled(api, where);
    std::this_thread::yield();
  }
}

// IBSet and IBWait: wait until the flag of (blockIdx, eventID) is `from`, make it `to`, and leave `to` in ubWorkspace.
inline void ib_flip(const char* api, const AscendC::GlobalTensor<int32_t>& gm, const AscendC::LocalTensor<int32_t>& ub,
                    int32_t block_idx, int32_t event_id, int cores_per_block, int32_t from, int32_t to,
                    const SourceLoc& where) {
  require_ub_workspace(api, ub, 32, where);
  const int64_t blocks = AscendC::GetBlockNum() * cores_per_block;
  int32_t* flag = gm_flag(api, gm, blocks * 8 * event_id + int64_t(block_idx) * 8, where);
  spin_until(api, where, [&] {
    int32_t want = from;
    return __atomic_compare_exchange_n(flag, &want, to, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  });
  ub.opkit_addr[0] = to;
}

}  // namespace opkit::sim::detail

namespace AscendC {

// Flag of (blockIdx, eventID) at int32 element blockNum*8*eventID + blockIdx*8: IBSet waits until it is 0 and sets
// it to 1; IBWait waits until it is 1 and clears it. gmWorkspace must hold those 32 bytes; ubWorkspace 32 bytes.
template <bool isAIVOnly = true>
void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
           int32_t eventID, OPKIT_SIM_HERE) {
  opkit::sim::detail::ib_flip("IBSet", gmWorkspace, ubWorkspace, blockIdx, eventID, isAIVOnly ? 1 : 2, 0, 1, where);
}

template <bool isAIVOnly = true>
void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
            int32_t eventID, OPKIT_SIM_HERE) {
  opkit::sim::detail::ib_flip("IBWait", gmWorkspace, ubWorkspace, blockIdx, eventID, isAIVOnly ? 1 : 2, 1, 0, where);
}

// Blocks take turns in block order, round after round. gmWorkspace: GetBlockNum()*32 bytes (one flag per block);
// ubWorkspace: GetBlockNum()*32 + 32 bytes (its last int32 counts this block's rounds).
inline void InitDetermineComputeWorkspace(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace,
                                          OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const int64_t n = GetBlockNum();
  d::require_ub_workspace("InitDetermineComputeWorkspace", ubWorkspace, uint64_t(n) * 32 + 32, where);
  if (GetBlockIdx() == 0) {
    for (int64_t b = 0; b < n; ++b) {
      __atomic_store_n(d::gm_flag("InitDetermineComputeWorkspace", gmWorkspace, b * 8, where), 0, __ATOMIC_SEQ_CST);
    }
  }
  ubWorkspace.opkit_addr[n * 8] = 1;
}

// Waits until blocks [0, i) have finished this round (their flags hold the round) and [i, n) have not (0).
inline void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const int64_t n = GetBlockNum();
  const int64_t i = GetBlockIdx();
  d::require_ub_workspace("WaitPreBlock", ubWorkspace, uint64_t(n) * 32 + 32, where);
  const int32_t round = ubWorkspace.opkit_addr[n * 8];
  d::spin_until("WaitPreBlock", where, [&] {
    for (int64_t b = 0; b < n; ++b) {
      const int32_t v = __atomic_load_n(d::gm_flag("WaitPreBlock", gmWorkspace, b * 8, where), __ATOMIC_SEQ_CST);
      if (v != (b < i ? round : 0)) return false;
    }
    return true;
  });
}

// Marks this block's round done; the last block clears every flag for the next round.
inline void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const int64_t n = GetBlockNum();
  const int64_t i = GetBlockIdx();
  d::require_ub_workspace("NotifyNextBlock", ubWorkspace, uint64_t(n) * 32 + 32, where);
  const int32_t round = ubWorkspace.opkit_addr[n * 8];
  if (i + 1 == n) {
    for (int64_t b = 0; b < n; ++b) {
      __atomic_store_n(d::gm_flag("NotifyNextBlock", gmWorkspace, b * 8, where), 0, __ATOMIC_SEQ_CST);
    }
  } else {
    __atomic_store_n(d::gm_flag("NotifyNextBlock", gmWorkspace, i * 8, where), round, __ATOMIC_SEQ_CST);
  }
  ubWorkspace.opkit_addr[n * 8] = round + 1;
}

}  // namespace AscendC
