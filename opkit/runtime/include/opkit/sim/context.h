// Per-thread state of the block being simulated: its index, its Unified Buffer arena, its launch's settings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace opkit::sim::detail {

struct LaunchState;  // shared by all blocks of one launch (GM registry, SyncAll barrier, tiling key); launch.h

struct BlockContext {
  std::string op;                    // kernel/op name for messages ("" outside a launch)
  int64_t block_idx = 0;
  int64_t block_num = 1;
  uint8_t* ub_base = nullptr;        // this block's Unified Buffer arena
  size_t ub_size = 0;                // bytes (192 KiB on Ascend910B, 256 KiB on Ascend310P)
  bool device_rounding = false;      // opt-in: DataCopy rounds lengths down like the NPU instead of failing
  uint64_t tiling_key = 0;           // what the host's SetTilingKey chose; read by TILING_KEY_IS
  LaunchState* launch = nullptr;
};

inline BlockContext& current_block() {
  thread_local BlockContext context;
  return context;
}

}  // namespace opkit::sim::detail
