// The contract between lib64/libhccl.so (communicators and the server that runs the collectives an MC2 kernel
// prepares), the aclnn launch of an MC2 op (opkit/host/hccl_launch.h) and the kernel's Hccl client (hccl.h): plain
// structs and function pointers, so that libraries built apart (and with either libstdc++ ABI) agree on them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace opkit::hccl {

inline constexpr uint64_t kContextMagic = 0x4f504b4954484343ULL;  // "OPKITHCC": GetHcclContext's pointer is one
inline constexpr int kMaxRanks = 64;
inline constexpr int kMaxHandles = 63;  // CANN: at most 63 Prepare calls per communication domain and kernel

// Bytes per element of an HcclDataType number (0: not one); the kernel's client and the server both check with it.
inline uint32_t dtype_size(uint32_t dtype) {
  switch (dtype) {
    case 0: case 7: return 1;
    case 1: case 3: case 8: case 11: return 2;
    case 2: case 4: case 9: return 4;
    case 5: case 6: case 10: return 8;
    default: return 0;
  }
}

// One Prepare of one rank (CANN's HcclCMDType, HcclDataType and HcclReduceOp numbers).
struct Task {
  uint32_t cmd = 0;     // 2 AllReduce, 6 AllGather, 7 ReduceScatter, 10 AlltoAll
  uint32_t dtype = 0;
  uint32_t op = 0;
  uint32_t repeat = 1;
  uint64_t count = 0;   // AllGather: sendCount; ReduceScatter: recvCount; AllReduce: count; AlltoAll: dataCount
  uint64_t stride = 0;  // strideCount (0: blocks are `count` apart)
  uint8_t* send = nullptr;
  uint8_t* recv = nullptr;
  uint32_t skip_local = 0;  // the cc tiling's skipLocalRankCopy (AllGather: the own block is not copied)
  uint32_t reserved = 0;
};

struct Context;

// What libhccl.so does for the client; each returns 0 on success, else -1 with `err` (a sentence) filled.
struct Server {
  // Queue a task of this rank; `*task` gets its index in the communicator (the same on every rank for the n-th
  // Prepare of the same kernel).
  int (*prepare)(Context*, const Task*, int64_t* task, char* err, size_t err_len);
  // One more repeat of `task` may run on this rank's side; it runs once every rank has committed it.
  int (*commit)(Context*, int64_t task, char* err, size_t err_len);
  // 1 when `repeats` repeats of `task` have finished, 0 when not within `timeout_ms`, -1 when they never will
  // (a rank's kernel failed, or the ranks prepared different tasks).
  int (*wait)(Context*, int64_t task, uint32_t repeats, int timeout_ms, char* err, size_t err_len);
};

// What GetHcclContext<i>() returns to the kernel of one launch on one rank (CANN's HcclCombinOpParam plays this
// part): the rank's place, the communicator's windows, and the tasks block 0 prepared, by handle, for every block.
struct Context {
  uint64_t magic = kContextMagic;
  uint32_t rank_id = 0;
  uint32_t rank_num = 0;
  uint64_t window_bytes = 0;
  uint8_t* windows_in[kMaxRanks] = {};
  uint8_t* windows_out[kMaxRanks] = {};
  const Server* server = nullptr;
  void* comm = nullptr;  // libhccl's rank of the communicator
  char group[128] = {};
  // Set by block 0 as it prepares handle h (-1 until then): the task index every block's Wait(h) waits for.
  int64_t task_of_handle[kMaxHandles + 1] = {};
};

}  // namespace opkit::hccl
