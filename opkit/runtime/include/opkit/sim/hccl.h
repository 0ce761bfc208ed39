// AscendC::Hccl, the kernel's client of the collectives an MC2 op runs between its ranks (AllGather, ReduceScatter,
// AllReduce, AlltoAll with Prepare/Commit/Wait/Finalize), and GetHcclContext. On the device, core 0 sends each
// Prepare to the AI CPU server and every core polls its progress; here libhccl.so's server (hccl_abi.h) runs a task
// once every rank's core 0 has committed it, and a waiting core sleeps, counted as parked (pool.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>

#include "opkit/sim/block.h"
#include "opkit/sim/context.h"
#include "opkit/sim/core_sync.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/hccl_abi.h"
#include "opkit/sim/hccl_tiling_data.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/macros.h"
#include "opkit/sim/pool.h"

namespace AscendC {

constexpr uint32_t HCCL_GROUP_ID_0 = 0;  // the first communication domain of MC2().HcclGroup
using HcclHandle = int8_t;

enum class HcclCMDType {
  HCCL_CMD_INVALID = 0, HCCL_CMD_BROADCAST = 1, HCCL_CMD_ALLREDUCE, HCCL_CMD_REDUCE, HCCL_CMD_SEND, HCCL_CMD_RECEIVE,
  HCCL_CMD_ALLGATHER, HCCL_CMD_REDUCE_SCATTER, HCCL_CMD_ALLTOALLV, HCCL_CMD_ALLTOALLVC, HCCL_CMD_ALLTOALL,
  HCCL_CMD_GATHER, HCCL_CMD_SCATTER, HCCL_CMD_ALL = 21
};
enum HcclReduceOp { HCCL_REDUCE_SUM = 0, HCCL_REDUCE_PROD = 1, HCCL_REDUCE_MAX = 2, HCCL_REDUCE_MIN = 3,
                    HCCL_REDUCE_RESERVED };
enum class MC2_BUFFER_LOCATION { MC2_BUFFER_TYPE_DEFAULT = 0, MC2_BUFFER_TYPE_OUTPUT, MC2_BUFFER_TYPE_WINDOW_IN,
                                 MC2_BUFFER_TYPE_WINDOW_OUT, MC2_BUFFER_TYPE_WORKSPACE, MC2_BUFFER_TYPE_INPUT,
                                 MC2_BUFFER_TYPE_COMMOUT, MC2_BUFFER_TYPE_END };
enum HcclServerType { HCCL_SERVER_TYPE_AICPU = 0, HCCL_SERVER_TYPE_CCU = 5, HCCL_SERVER_TYPE_END };
enum class CoreType : uint8_t { DEFAULT, ON_AIV, ON_AIC };
struct HcclServerConfig {
  CoreType type;
  int64_t blockId;
};
inline constexpr HcclServerConfig DEFAULT_CFG = {CoreType::DEFAULT, 0};
enum HcclDataType {
  HCCL_DATA_TYPE_INT8 = 0, HCCL_DATA_TYPE_INT16 = 1, HCCL_DATA_TYPE_INT32 = 2, HCCL_DATA_TYPE_FP16 = 3,
  HCCL_DATA_TYPE_FP32 = 4, HCCL_DATA_TYPE_INT64 = 5, HCCL_DATA_TYPE_UINT64 = 6, HCCL_DATA_TYPE_UINT8 = 7,
  HCCL_DATA_TYPE_UINT16 = 8, HCCL_DATA_TYPE_UINT32 = 9, HCCL_DATA_TYPE_FP64 = 10, HCCL_DATA_TYPE_BFP16 = 11,
  HCCL_DATA_TYPE_RESERVED = 255
};
constexpr int32_t HCCL_SUCCESS = 0;
constexpr int32_t HCCL_FAILED = -1;

}  // namespace AscendC

namespace opkit::sim::detail {

inline const char* hccl_cmd_name(uint32_t cmd) {
  switch (cmd) {
    case 2: return "AllReduce";
    case 6: return "AllGather";
    case 7: return "ReduceScatter";
    case 10: return "AlltoAll";
    default: return "collective";
  }
}

// Wait as core_sync.h's spin_until does: counted as parked (a launch with more blocks than threads starts another: the
// core it waits for may not run yet) and as a GM wait (the judge of a stall is the watchdog, not the deadlock check:
// the other ranks move it on). `ready` returns 1 (done), 0 (not yet; it may sleep a little) or -1 (never: `err` says
// why).
template <typename Ready>
inline void hccl_park_until(const char* api, const SourceLoc& where, Ready ready) {
  char err[512] = {0};
  int r = 0;
  spin_until(api, where, [&] { return (r = ready(err, sizeof err)) != 0; });
  if (r < 0) fault(api, err, where);
}

inline opkit::hccl::Context* hccl_context_of_launch(uint32_t index) {
  const LaunchState* l = current_block().launch;
  return l == nullptr || index >= 2 ? nullptr : static_cast<opkit::hccl::Context*>(l->hccl_context[index]);
}

}  // namespace opkit::sim::detail

namespace AscendC {

// The communication context of domain `index` (MC2().HcclGroup's order) for this launch, or null when the op
// declared none. SetHcclContext replaces it for the calling core.
template <uint32_t index = 0>
inline GM_ADDR GetHcclContext() {
  return reinterpret_cast<GM_ADDR>(opkit::sim::detail::hccl_context_of_launch(index));
}

template <HcclServerType serverType = HCCL_SERVER_TYPE_AICPU, const auto& config = DEFAULT_CFG>
class Hccl {
 public:
  // Init/InitV2: `initTiling` is the Mc2InitTiling the host's Mc2CcTilingConfig wrote (InitV2: the start of the
  // tiling struct, whose first member it is).
  void Init(GM_ADDR context, __gm__ void* /*initTiling*/ = nullptr, OPKIT_SIM_HERE) {
    init("Hccl::Init", context, where);
  }
  void InitV2(GM_ADDR context, const void* tilingData, OPKIT_SIM_HERE) {
    init("Hccl::InitV2", context, where);
    tiling_ = static_cast<const uint8_t*>(tilingData);
  }
  int32_t SetCcTiling(__gm__ void* ccOpTilingData, OPKIT_SIM_HERE) {
    require_init("Hccl::SetCcTiling", where);
    if (ccOpTilingData == nullptr) return HCCL_FAILED;
    opkit::sim::detail::Mc2CcLayout cc;
    std::memcpy(&cc, ccOpTilingData, sizeof cc);
    if (cc.opType < sizeof(skip_local_)) {
      skip_local_[cc.opType] = cc.skipLocalRankCopy;
      cc_set_[cc.opType] = true;
    }
    return HCCL_SUCCESS;
  }
  // The cc tiling at `offset` bytes into the tiling struct InitV2 was given.
  int32_t SetCcTilingV2(uint64_t offset, OPKIT_SIM_HERE) {
    require_init("Hccl::SetCcTilingV2", where);
    if (tiling_ == nullptr) opkit::sim::detail::fault("Hccl::SetCcTilingV2", "needs InitV2 (with the tiling)", where);
    return SetCcTiling(const_cast<uint8_t*>(tiling_) + offset, where);
  }

  template <bool commit = false>
  HcclHandle AllReduce(GM_ADDR sendBuf, GM_ADDR recvBuf, uint64_t count, HcclDataType dataType, HcclReduceOp op,
                       uint8_t repeat = 1, OPKIT_SIM_HERE) {
    return prepare<commit>("Hccl::AllReduce", 2, sendBuf, recvBuf, count, dataType, op, 0, repeat, where);
  }
  template <bool commit = false>
  HcclHandle AllGather(GM_ADDR sendBuf, GM_ADDR recvBuf, uint64_t sendCount, HcclDataType dataType,
                       uint64_t strideCount, uint8_t repeat = 1, OPKIT_SIM_HERE) {
    return prepare<commit>("Hccl::AllGather", 6, sendBuf, recvBuf, sendCount, dataType, HCCL_REDUCE_SUM, strideCount,
                           repeat, where);
  }
  template <bool commit = false>
  HcclHandle ReduceScatter(GM_ADDR sendBuf, GM_ADDR recvBuf, uint64_t recvCount, HcclDataType dataType,
                           HcclReduceOp op, uint64_t strideCount, uint8_t repeat = 1, OPKIT_SIM_HERE) {
    return prepare<commit>("Hccl::ReduceScatter", 7, sendBuf, recvBuf, recvCount, dataType, op, strideCount, repeat,
                           where);
  }
  template <bool commit = false>
  HcclHandle AlltoAll(GM_ADDR sendBuf, GM_ADDR recvBuf, uint64_t dataCount, HcclDataType dataType,
                      uint64_t strideCount = 0, uint8_t repeat = 1, OPKIT_SIM_HERE) {
    return prepare<commit>("Hccl::AlltoAll", 10, sendBuf, recvBuf, dataCount, dataType, HCCL_REDUCE_SUM, strideCount,
                           repeat, where);
  }

  // One more repeat of the task may run (core 0's call counts, as on the device).
  void Commit(HcclHandle handleId, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    const char* api = "Hccl::Commit";
    check_handle(api, handleId, where);
    Handle& h = handles_[handleId];
    if (h.commits >= h.repeat) {
      d::fault(api, d::cat("handle ", int(handleId), " (", d::hccl_cmd_name(h.cmd), ") is committed ", h.commits + 1,
                           " times but was prepared with repeat ", h.repeat), where);
    }
    ++h.commits;
    if (!working()) return;
    char err[512] = {0};
    if (ctx_->server->commit(ctx_, ctx_->task_of_handle[handleId], err, sizeof err) != 0) d::fault(api, err, where);
  }

  // Blocks until the next repeat of the task has finished on every rank (each core counts its own calls).
  int32_t Wait(HcclHandle handleId, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    const char* api = "Hccl::Wait";
    check_handle(api, handleId, where);
    Handle& h = handles_[handleId];
    if (h.waits >= h.repeat) {
      d::fault(api, d::cat("handle ", int(handleId), " (", d::hccl_cmd_name(h.cmd), ") is waited for ", h.waits + 1,
                           " times but was prepared with repeat ", h.repeat), where);
    }
    ++h.waits;
    wait_repeats(api, handleId, h.waits, where);
    return HCCL_SUCCESS;
  }

  // How many repeats of the task have finished.
  int32_t Query(HcclHandle handleId, OPKIT_SIM_HERE) {
    check_handle("Hccl::Query", handleId, where);
    const int64_t task = __atomic_load_n(&ctx_->task_of_handle[handleId], __ATOMIC_ACQUIRE);
    if (task < 0) return 0;
    char err[512];
    uint32_t n = 0;
    while (n < handles_[handleId].repeat && ctx_->server->wait(ctx_, task, n + 1, 0, err, sizeof err) == 1) ++n;
    return static_cast<int32_t>(n);
  }

  // No more tasks: core 0 waits until every committed repeat has finished. A task committed fewer times than its
  // repeat would keep the device's server waiting for ever: that is a fault here.
  template <bool sync = true>
  void Finalize(OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    const char* api = "Hccl::Finalize";
    require_init(api, where);
    if (!working()) return;
    for (int i = 0; i <= last_handle_; ++i) {
      const Handle& h = handles_[i];
      if (h.commits < h.repeat) {
        d::fault(api, d::cat("handle ", i, " (", d::hccl_cmd_name(h.cmd), ") was prepared with repeat ", h.repeat,
                             " but committed ", h.commits, " time(s); the server would wait for the rest for ever"),
                 where);
      }
      if (sync) wait_repeats(api, static_cast<HcclHandle>(i), h.repeat, where);
    }
  }

  uint32_t GetRankId() const { return ctx_ == nullptr ? 0 : ctx_->rank_id; }
  uint32_t GetRankDim() const { return ctx_ == nullptr ? 0 : ctx_->rank_num; }
  GM_ADDR GetWindowsInAddr(uint32_t rankId) const {
    return ctx_ == nullptr || rankId >= ctx_->rank_num ? nullptr : ctx_->windows_in[rankId];
  }
  GM_ADDR GetWindowsOutAddr(uint32_t rankId) const {
    return ctx_ == nullptr || rankId >= ctx_->rank_num ? nullptr : ctx_->windows_out[rankId];
  }

 private:
  struct Handle {
    uint32_t cmd = 0;
    uint32_t repeat = 0;
    uint32_t commits = 0;
    uint32_t waits = 0;
  };

  bool working() const {
    const opkit::sim::detail::BlockContext& c = opkit::sim::detail::current_block();
    const bool type_ok = config.type == CoreType::DEFAULT || (config.type == CoreType::ON_AIV ? c.is_aiv : c.is_aic);
    return type_ok && c.block_idx == config.blockId;
  }

  void init(const char* api, GM_ADDR context, const opkit::sim::detail::SourceLoc& where) {
    namespace d = opkit::sim::detail;
    auto* ctx = reinterpret_cast<opkit::hccl::Context*>(context);
    if (ctx == nullptr) {
      d::fault(api, "the HCCL context is null: the op's OpDef declares no MC2().HcclGroup, or the kernel was launched "
                    "without a communicator (opkit runs MC2 ops through their aclnn API)", where);
    }
    if (ctx->magic != opkit::hccl::kContextMagic) {
      d::fault(api, "the context is not an HCCL context (pass GetHcclContext<HCCL_GROUP_ID_0>())", where);
    }
    ctx_ = ctx;
  }

  void require_init(const char* api, const opkit::sim::detail::SourceLoc& where) const {
    if (ctx_ == nullptr) opkit::sim::detail::fault(api, "called before Hccl::Init/InitV2", where);
  }

  void check_handle(const char* api, HcclHandle handleId, const opkit::sim::detail::SourceLoc& where) const {
    namespace d = opkit::sim::detail;
    require_init(api, where);
    if (handleId < 0 || handleId > last_handle_) {
      d::fault(api, d::cat("handle ", int(handleId), " was not returned by a Prepare call (AllGather, ReduceScatter, "
                           "AllReduce, ...) of this Hccl object"), where);
    }
  }

  // The bytes of a task's buffers on this rank, for the GM bounds check.
  static void extents(uint32_t cmd, uint64_t count, uint64_t stride, uint32_t repeat, uint32_t ranks,
                      uint64_t* send, uint64_t* recv) {
    const uint64_t step = stride != 0 ? stride : count;
    const uint64_t span = (uint64_t(repeat) - 1) * count + (uint64_t(ranks) - 1) * step + count;
    *send = cmd == 7 || cmd == 10 ? span : uint64_t(repeat) * count;
    *recv = cmd == 6 || cmd == 10 ? span : uint64_t(repeat) * count;
  }

  template <bool commit>
  HcclHandle prepare(const char* api, uint32_t cmd, GM_ADDR send, GM_ADDR recv, uint64_t count, HcclDataType dtype,
                     HcclReduceOp op, uint64_t stride, uint8_t repeat, const opkit::sim::detail::SourceLoc& where) {
    namespace d = opkit::sim::detail;
    require_init(api, where);
    const uint64_t size = opkit::hccl::dtype_size(static_cast<uint32_t>(dtype));
    if (size == 0) d::fault(api, d::cat("data type ", int(dtype), " is not an HcclDataType"), where);
    if (count == 0) d::fault(api, "the data count is 0", where);
    if (repeat == 0) d::fault(api, "repeat is 0 (at least 1)", where);
    if (last_handle_ + 1 >= opkit::hccl::kMaxHandles) {
      d::fault(api, d::cat("more than ", opkit::hccl::kMaxHandles, " Prepare calls in one kernel (CANN's limit)"),
               where);
    }
    if (cmd != 6 && cmd != 10 && static_cast<uint32_t>(op) > 3) {
      d::fault(api, d::cat("reduce op ", int(op), " is not an HcclReduceOp"), where);
    }
    const HcclHandle id = static_cast<HcclHandle>(++last_handle_);
    handles_[id] = Handle{cmd, repeat, 0, 0};
    if (working()) {
      uint64_t send_n = 0, recv_n = 0;
      extents(cmd, count, stride, repeat, ctx_->rank_num, &send_n, &recv_n);
      d::check_gm(api, "sendBuf read", send, send_n * size, where);
      d::check_gm(api, "recvBuf write", recv, recv_n * size, where);
      opkit::hccl::Task task;
      task.cmd = cmd;
      task.dtype = static_cast<uint32_t>(dtype);
      task.op = static_cast<uint32_t>(op);
      task.repeat = repeat;
      task.count = count;
      task.stride = stride;
      task.send = send;
      task.recv = recv;
      task.skip_local = cmd < sizeof(skip_local_) && cc_set_[cmd] ? skip_local_[cmd] : 0;
      int64_t index = -1;
      char err[512] = {0};
      if (ctx_->server->prepare(ctx_, &task, &index, err, sizeof err) != 0) d::fault(api, err, where);
      __atomic_store_n(&ctx_->task_of_handle[id], index, __ATOMIC_RELEASE);
    }
    if (commit) {  // every repeat may run at once
      for (uint32_t i = 0; i < repeat; ++i) Commit(id, where);
    }
    return id;
  }

  void wait_repeats(const char* api, HcclHandle handleId, uint32_t repeats, const opkit::sim::detail::SourceLoc& where) {
    opkit::hccl::Context* ctx = ctx_;
    opkit::sim::detail::hccl_park_until(api, where, [&](char* err, size_t n) {
      const int64_t task = __atomic_load_n(&ctx->task_of_handle[handleId], __ATOMIC_ACQUIRE);
      if (task < 0) {  // core 0 has not prepared it yet
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return 0;
      }
      return ctx->server->wait(ctx, task, repeats, 20, err, n);
    });
  }

  opkit::hccl::Context* ctx_ = nullptr;
  const uint8_t* tiling_ = nullptr;
  Handle handles_[opkit::hccl::kMaxHandles];
  int last_handle_ = -1;
  uint8_t skip_local_[32] = {};
  bool cc_set_[32] = {};
};

}  // namespace AscendC
