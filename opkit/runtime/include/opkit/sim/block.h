// What a kernel asks about its block and launch: GetBlockIdx/GetBlockNum, workspace, SyncAll.
#pragma once

#include <cstdint>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/pool.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

inline int64_t GetBlockIdx() { return opkit::sim::detail::current_block().block_idx; }
inline int64_t GetBlockNum() { return opkit::sim::detail::current_block().block_num; }
// A vector core's place in its AI Core (0 or 1 of a MIX_AIC_1_2 kernel's pair); 0 and 1 on a cube core.
inline int64_t GetSubBlockIdx() { return opkit::sim::detail::current_block().sub_block_idx; }
inline int64_t GetSubBlockNum() { return opkit::sim::detail::current_block().sub_block_num; }
inline int64_t GetTaskRation() { return opkit::sim::detail::current_block().sub_block_num; }

// The device reserves a system area in front of the user's workspace; the CPU mode hands it over whole.
inline uint8_t* GetUserWorkspace(uint8_t* workspace) { return workspace; }

// Barrier across all blocks of the launch: the vector cores (isAIVOnly), or every core of a mixed kernel.
template <bool isAIVOnly = true>
void SyncAll(OPKIT_SIM_HERE) {
  opkit::sim::detail::sync_all(where, !isAIVOnly);
}

// The software barrier form: its GM/UB workspaces are the device's implementation, not needed here.
template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>&, const LocalTensor<int32_t>&, int32_t used_cores = 0, OPKIT_SIM_HERE) {
  if (used_cores != 0 && used_cores != opkit::sim::detail::current_block().block_num) {
    opkit::sim::detail::fault("SyncAll", opkit::sim::detail::cat(
        "usedCores ", used_cores, " differs from the launch's ", opkit::sim::detail::current_block().block_num,
        " blocks; only a barrier over all blocks is simulated"), where);
  }
  opkit::sim::detail::sync_all(where);
}

}  // namespace AscendC

// Unqualified GetBlockNum()/GetBlockIdx() in a kernel without `using namespace AscendC` (CANN's tutorials do it inside
// ASSERT, which the NPU build drops unread): the same functions, so `using namespace AscendC` stays unambiguous.
using AscendC::GetBlockIdx;
using AscendC::GetBlockNum;

// The CCE builtins older kernels call.
inline int64_t get_block_idx() { return AscendC::GetBlockIdx(); }
inline int64_t get_block_num() { return AscendC::GetBlockNum(); }


namespace opkit::sim::detail {
// The CCE builtin variables `block_idx`/`block_num` (newer .asc kernels use them like GetBlockIdx()): stateless
// objects that read the running block's index when used as a number, so every kernel object may keep its own copy.
struct BlockIdxVariable {
  operator int64_t() const { return AscendC::GetBlockIdx(); }  // NOLINT: converts implicitly, as the builtin reads
};
struct BlockNumVariable {
  operator int64_t() const { return AscendC::GetBlockNum(); }  // NOLINT
};
}  // namespace opkit::sim::detail

inline constexpr opkit::sim::detail::BlockIdxVariable block_idx{};
inline constexpr opkit::sim::detail::BlockNumVariable block_num{};
