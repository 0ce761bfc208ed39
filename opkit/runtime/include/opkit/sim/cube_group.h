// Cube resource groups (CANN's kernel_operator_cube_group_intf.h; impl dav_c220 core_mng/roc): vector cores (AIV)
// post messages into a GM table, the cube cores (AIC) of a CubeResGroupHandle run the user's callback on each.
// CANN's layout: blockStart/blockSize count AIV (two per AIC), so the group's AICs are [blockStart/2, +blockSize/2);
// its msgQueueSize queues are split aivPerAic = ceil(queues / AICs) per AIC; each AIC's table holds MAX_MSG_PER_AIV
// rows of aivPerAic messages, queue q owning column q % aivPerAic of AIC q / aivPerAic's table. A vector core walks its
// column (AllocMessage waits for a FREE slot, PostMessage writes VALID, Wait waits for FREE again); the AIC walks its
// table row by row, skipping queues that quit, until all its queues have quit. The state byte (head.msgState, first
// in the message) is read and written with atomics, as the device's dcci makes it visible; a wait that no core can end
// any more is a fault naming it (cube_group_watch.h), and so is each misuse CANN only asserts in its debug build.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "opkit/sim/block.h"
#include "opkit/sim/context.h"
#include "opkit/sim/cube_group_watch.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/group_barrier.h"
#include "opkit/sim/launch_state.h"

namespace AscendC {

enum class CubeMsgState : uint8_t { FREE = 0, VALID, QUIT, FAKE };

constexpr uint32_t MAX_MSG_PER_AIV = 4;  // a queue's depth: messages one AIV may have in flight

struct CubeGroupMsgHead {  // 2 bytes, first in every message type, named `head`
  volatile CubeMsgState msgState = CubeMsgState::FREE;
  volatile uint8_t aivID;
};

// Callback overloads by function id: `typename IsEqual<id, 0>::Type` is void only for id 0.
template <int32_t ActualFuncId, int32_t ExpectFuncId>
struct IsEqual {};
template <int32_t FuncId>
struct IsEqual<FuncId, FuncId> {
  using Type = void;
};

// Where the groups' message areas go: each CreateCubeResGroup takes its area here and moves the start past it. The
// memory must be zeroed before the launch (every state FREE).
class KfcWorkspace {
 public:
  KfcWorkspace(GM_ADDR workspace) : msgStart_(workspace) {}  // NOLINT: implicit, as CANN declares it
  void UpdateKfcWorkspace(uint32_t offset) { msgStart_ += offset; }
  GM_ADDR GetKfcWorkspace() { return msgStart_; }

 private:
  friend uint8_t GetEventId(KfcWorkspace& desc);
  GM_ADDR msgStart_;
  uint8_t evtID_ = 0;  // the MTE3->S event of PipeMode::MTE3_MODE posts; copies are immediate here
};

inline uint8_t GetEventId(KfcWorkspace& desc) { return desc.evtID_; }

}  // namespace AscendC

namespace opkit::sim::detail {

inline const char* msg_state_name(uint8_t s) {
  static const char* names[] = {"FREE", "VALID", "QUIT", "FAKE"};
  return s < 4 ? names[s] : "not a CubeMsgState";
}

// A state byte that is not a CubeMsgState was never written by the API: the workspace was not cleared.
[[noreturn]] inline void fault_unzeroed_msg(const char* api, const void* msg, uint8_t state, const SourceLoc& where) {
  fault(api, cat("the message at ", msg, " has state byte ", int(state), ", not a CubeMsgState: the KfcWorkspace "
                 "was not zeroed (memory used before holds whatever was left there). CANN asks for the workspace to be "
                 "cleared before KfcWorkspace is made (aclrtMemset on the host, or zeros written and synchronised "
                 "first)"), where);
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename CubeMsgType>
class CubeResGroupHandle {
  using SourceLoc = opkit::sim::detail::SourceLoc;

 public:
  CubeResGroupHandle() = default;

  CubeResGroupHandle(GM_ADDR workspace, uint8_t blockStart, uint8_t blockSize, uint8_t msgQueueSize, uint8_t evtIDIn,
                     OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    const char* api = "CubeResGroupHandle";
    if (blockStart % 2 != 0 || blockSize % 2 != 0 || blockSize == 0) {
      d::fault(api, d::cat("blockStart ", int(blockStart), " and blockSize ", int(blockSize), " count vector cores, "
                           "two per cube core: both must be even and blockSize above 0"), where);
    }
    if (msgQueueSize == 0) d::fault(api, "msgQueueSize is 0: a group needs a queue per vector core", where);
    aicSize = blockSize / 2;
    aivSize = msgQueueSize;
    aivPerAic = uint8_t((aivSize + aicSize - 1) / aicSize);
    const int aivInLastAic = int(aivSize) - (aicSize - 1) * aivPerAic;
    if (aivInLastAic <= 0 || aivPerAic > 64) {
      d::fault(api, d::cat(int(msgQueueSize), " queues over ", int(aicSize), " cube cores give ", int(aivPerAic),
                           " per cube core and ", aivInLastAic, " to the last: each cube core needs 1 to 64 queues"),
               where);
    }
    aicStart_ = blockStart / 2;
    const bool last = GetBlockIdx() == aicStart_ + aicSize - 1;
    aivNumForCurAic = uint8_t(ASCEND_IS_AIC && last ? aivInLastAic : aivPerAic);
    aivWorkState = (aivNumForCurAic >= 64 ? ~uint64_t(0) : (uint64_t(1) << aivNumForCurAic) - 1);
    msgSize = uint16_t(aivPerAic * aicSize * MAX_MSG_PER_AIV);
    area_ = reinterpret_cast<CubeMsgType*>(workspace);
    msgHead = area_;
    if (ASCEND_IS_AIC && in_group()) msgHead += (GetBlockIdx() - aicStart_) * aivPerAic * MAX_MSG_PER_AIV;
    msgCurrent = msgHead;
    eventID = evtIDIn;
  }

  // AIV: take queue queueIdIn of the group (its column of the table). CANN asserts queueIdIn < msgQueueSize on both.
  void AssignQueue(uint8_t queueIdIn, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    const char* api = "CubeResGroupHandle::AssignQueue";
    if (queueIdIn >= aivSize) {
      d::fault(api, d::cat("queue ", int(queueIdIn), " is not below the group's msgQueueSize ", int(aivSize)), where);
    }
    if (!ASCEND_IS_AIV) return;
    const uint8_t aicSub = queueIdIn / aivPerAic, aivSub = queueIdIn % aivPerAic;
    aivNumForCurAic = aicSub != aicSize - 1 ? aivPerAic : uint8_t(aivSize - (aicSize - 1) * aivPerAic);
    queueId = queueIdIn;
    msgHead = area_ + aicSub * aivPerAic * MAX_MSG_PER_AIV + aivSub;
    msgCurrent = msgHead;
    msgPos = 0;
    allocated_ = posted_ = 0;
    take_queue(api, where);
    for (uint32_t row = 0; row < MAX_MSG_PER_AIV; ++row) {  // only this core writes its column: all FREE at the start
      CubeMsgType* m = msgHead + row * aivPerAic;
      const uint8_t s = state(m);
      if (s > 3) d::fault_unzeroed_msg(api, m, s, where);
      if (s != 0) {
        d::fault(api, d::cat("queue ", int(queueId), "'s message ", row, " at ", static_cast<const void*>(m),
                             " already holds a ", d::msg_state_name(s), " message before this core posted any: a "
                             "launch before left it there (QUIT messages stay); zero the KfcWorkspace before every "
                             "launch"),
                 where);
      }
    }
  }

  // AIV: the queue's next slot, once the cube core has freed it (slots are used in order, never skipped).
  template <PipeMode pipeMode = PipeMode::SCALAR_MODE>
  CubeMsgType* AllocMessage(OPKIT_SIM_HERE) {
    if (!ASCEND_IS_AIV) return msgCurrent;
    const char* api = "CubeResGroupHandle::AllocMessage";
    require_queue(api, where);
    CubeMsgType* m = msgCurrent;
    const uint32_t row = msgPos;
    if (allocated_ & (1u << row)) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat(
          "queue ", int(queueId), " has all ", MAX_MSG_PER_AIV, " messages allocated and message ", row, " is not "
          "posted yet: the cube core reads the queue in order, so this wait would never end"), where);
    }
    wait_state(api, m, where, [](uint8_t s) { return s == 0; }, "to be freed by the cube core (state FREE)");
    allocated_ |= 1u << row;
    posted_ &= ~(1u << row);
    msgPos = uint16_t(msgPos == MAX_MSG_PER_AIV - 1 ? 0 : msgPos + 1);
    msgCurrent = msgHead + msgPos * aivPerAic;
    return m;
  }

  // AIV: copy msgInput (its head's state included, VALID as a rule) into the slot; returns the slot's offset.
  template <PipeMode pipeMode = PipeMode::SCALAR_MODE>
  uint16_t PostMessage(CubeMsgType* msg, CubeMsgType& msgInput, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    if (!ASCEND_IS_AIV) return uint16_t(msg - msgHead);
    const char* api = "CubeResGroupHandle::PostMessage";
    if (pipeMode != PipeMode::SCALAR_MODE && pipeMode != PipeMode::MTE3_MODE) {
      d::fault(api, "PostMessage supports PipeMode::SCALAR_MODE and MTE3_MODE only", where);
    }
    const uint8_t s = static_cast<uint8_t>(msgInput.head.msgState);
    if (s == 0 || s > 3) {
      d::fault(api, d::cat("msgInput.head.msgState is ", d::msg_state_name(s), " (", int(s), "): the cube core waits "
                           "for a state other than FREE, so it would never see this message; set it to "
                           "CubeMsgState::VALID"), where);
    }
    take_slot(api, msg, where);
    // The body first, the state byte last: the cube core reads the body once it sees the state.
    std::memcpy(reinterpret_cast<uint8_t*>(msg) + 1, reinterpret_cast<const uint8_t*>(&msgInput) + 1,
                sizeof(CubeMsgType) - 1);
    set_state(msg, s);
    return uint16_t(msg - msgHead);
  }

  // AIC: the message is done; its vector core's Wait returns.
  uint16_t FreeMessage(CubeMsgType* msg, OPKIT_SIM_HERE) {
    if (ASCEND_IS_AIC) {
      require_own_table("CubeResGroupHandle::FreeMessage", msg, where);
      set_state(msg, 0);
    }
    return uint16_t(msg - msgHead);
  }

  // AIC: wait until the message's vector core has written waitState (FAKE: the messages a merged one covers), then
  // free it.
  uint16_t FreeMessage(CubeMsgType* msg, CubeMsgState waitState, OPKIT_SIM_HERE) {
    if (ASCEND_IS_AIC) {
      const char* api = "CubeResGroupHandle::FreeMessage";
      require_own_table(api, msg, where);
      const uint8_t want = static_cast<uint8_t>(waitState);
      wait_state(api, msg, where, [want](uint8_t s) { return s == want; },
                 opkit::sim::detail::cat("to become ", opkit::sim::detail::msg_state_name(want)));
      set_state(msg, 0);
    }
    return uint16_t(msg - msgHead);
  }

  // AIV: mark the slot FAKE: the cube core merged this core's work into another message and frees it unread.
  uint16_t PostFakeMsg(CubeMsgType* msg, OPKIT_SIM_HERE) {
    if (ASCEND_IS_AIV) {
      take_slot("CubeResGroupHandle::PostFakeMsg", msg, where);
      set_state(msg, uint8_t(CubeMsgState::FAKE));
    }
    return uint16_t(msg - msgHead);
  }

  // AIV: tell the cube core this queue is done; it skips the queue from then on. The handle posts nothing more.
  void SetQuit(CubeMsgType* msg, OPKIT_SIM_HERE) {
    if (!ASCEND_IS_AIV) return;
    const char* api = "CubeResGroupHandle::SetQuit";
    take_slot(api, msg, where);
    msg->head.aivID = uint8_t(queueId % aivPerAic);
    set_state(msg, uint8_t(CubeMsgState::QUIT));
    quit_ = true;
    if (opkit::sim::detail::LaunchState* l = opkit::sim::detail::current_block().launch) {
      opkit::sim::detail::CubeGroupWatch& w = opkit::sim::detail::cube_group_watch(*l);
      std::lock_guard<std::mutex> lock(w.m);
      opkit::sim::detail::cube_group_queues(w, area_, aivSize).quit[queueId] = true;
    }
  }

  // AIC, in the callback: the next skipCnt messages of this row were merged into this one (freed by the callback).
  void SetSkipMsg(uint8_t skipCnt, OPKIT_SIM_HERE) {
    if (!ASCEND_IS_AIC) return;
    if (aivWork + skipCnt >= aivNumForCurAic) {
      opkit::sim::detail::fault("CubeResGroupHandle::SetSkipMsg", opkit::sim::detail::cat(
          "skipping ", int(skipCnt), " messages from queue ", int(aivWork), " of the row passes its last queue (",
          int(aivNumForCurAic), " per row): a skip may not reach into the next row"), where);
    }
    aivWork = uint8_t(aivWork + skipCnt);
    msgPos = uint16_t(msgPos + skipCnt);
  }

  // AIV: sync: wait until the cube core freed the message at offset; else say whether it has.
  template <bool sync = true>
  bool Wait(uint16_t offset, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    if (!ASCEND_IS_AIV) return true;
    const char* api = "CubeResGroupHandle::Wait";
    require_queue(api, where);
    const uint32_t row = offset / aivPerAic;
    if (offset % aivPerAic != 0 || row >= MAX_MSG_PER_AIV) {
      d::fault(api, d::cat("offset ", offset, " is not one of queue ", int(queueId), "'s messages (0, ",
                           int(aivPerAic), ", ... ", (MAX_MSG_PER_AIV - 1) * aivPerAic, "): pass what PostMessage "
                           "returned"), where);
    }
    if (allocated_ & (1u << row)) {
      d::fault(api, d::cat("message ", row, " of queue ", int(queueId), " was allocated but not posted: its state is "
                           "still FREE, so Wait would return before any work was done"), where);
    }
    if (!(posted_ & (1u << row))) {
      d::fault(api, d::cat("message ", row, " of queue ", int(queueId), " (offset ", offset, ") was never posted by "
                           "this core"), where);
    }
    CubeMsgType* m = msgHead + offset;
    if (!sync) return state(m) == 0;
    wait_state(api, m, where, [](uint8_t s) { return s == 0; }, "to be freed by the cube core (state FREE)");
    return true;
  }

  // ---- the cube core's side, run by CreateCubeResGroup ----
  bool opkit_in_group() const { return in_group(); }
  bool opkit_running() const { return aivWorkState != 0; }

  CubeMsgType* opkit_receive(OPKIT_SIM_HERE) {
    CubeMsgType* m = msgCurrent;
    const uint32_t q = uint32_t(GetBlockIdx() - aicStart_) * aivPerAic + aivWork;
    wait_state("CreateCubeResGroup", m, where, [](uint8_t s) { return s != 0; },
               opkit::sim::detail::cat("the next message of queue ", q, " (row ", msgPos / aivPerAic, ")"), q);
    return m;
  }

  void opkit_quit_queue(uint8_t aivID, OPKIT_SIM_HERE) {
    if (aivID >= aivNumForCurAic) {
      opkit::sim::detail::fault("CreateCubeResGroup", opkit::sim::detail::cat(
          "a QUIT message names queue column ", int(aivID), " of a cube core that serves ", int(aivNumForCurAic)),
          where);
    }
    aivWorkState &= ~(uint64_t(1) << aivID);
  }

  // CANN's __ReleaseMessage: on to the next message of a queue that has not quit.
  void opkit_release() {
    step();
    if (aivWorkState == 0) return;
    while (!(aivWorkState & (uint64_t(1) << aivWork))) step();
  }

  uint32_t opkit_area_bytes() const { return uint32_t(msgSize) * sizeof(CubeMsgType); }
  const CubeMsgType* opkit_area() const { return area_; }

 private:
  bool in_group() const {
    const int64_t b = GetBlockIdx();
    return b >= aicStart_ && b < aicStart_ + aicSize;
  }

  void step() {
    if (aivWork + 1 >= aivNumForCurAic) {
      const uint32_t line = msgPos / aivPerAic;
      msgPos = uint16_t(line == MAX_MSG_PER_AIV - 1 ? 0 : msgPos + (aivPerAic - aivNumForCurAic) + 1);
      aivWork = 0;
    } else {
      msgPos += 1;
      aivWork += 1;
    }
    msgCurrent = msgHead + msgPos;
  }

  static uint8_t state(const CubeMsgType* m) {
    return __atomic_load_n(reinterpret_cast<const uint8_t*>(m), __ATOMIC_SEQ_CST);
  }
  static void set_state(CubeMsgType* m, uint8_t s) {
    __atomic_store_n(reinterpret_cast<uint8_t*>(m), s, __ATOMIC_SEQ_CST);
    opkit::sim::detail::cube_group_wrote();
  }

  template <typename Ready>
  void wait_state(const char* api, CubeMsgType* m, const SourceLoc& where, Ready ready, const std::string& what,
                  int64_t queue = -1) const {
    namespace d = opkit::sim::detail;
    const uint8_t now = state(m);
    if (now > 3) d::fault_unzeroed_msg(api, m, now, where);
    if (ready(now)) return;
    const bool aic = ASCEND_IS_AIC;
    const int64_t me = GetBlockIdx();
    const int64_t q = aic ? queue : queueId;
    const void* area = area_;
    const uint32_t queues = aivSize;
    const void* at = m;
    d::LaunchState* l = d::current_block().launch;
    auto describe = [=]() {
      std::string who = d::cat(aic ? "cube core " : "vector core ", me, " waits in ", api, " for ",
                               aic ? what : d::cat("queue ", q, "'s message at ", at, " ", what),
                               " (now ", d::msg_state_name(state(static_cast<const CubeMsgType*>(at))), ")");
      if (!aic || l == nullptr || q < 0) return who;
      d::CubeGroupWatch& w = d::cube_group_watch(*l);
      int64_t owner = -1, block = -1;
      {
        std::lock_guard<std::mutex> lock(w.m);
        const d::CubeGroupQueues& g = d::cube_group_queues(w, area, queues);
        owner = g.owner[size_t(q)];
        block = g.owner_block[size_t(q)];
      }
      if (owner < 0) return who + d::cat(": no vector core called AssignQueue(", q, ")");
      return who + (d::core_returned(*l, owner) ? d::cat(": its vector core ", block, " returned without SetQuit")
                                                : d::cat(" from vector core ", block));
    };
    d::cube_group_wait(api, where, [&] {
      const uint8_t s = state(m);
      if (s > 3) d::fault_unzeroed_msg(api, m, s, where);
      return ready(s);
    }, describe);
  }

  void require_queue(const char* api, const SourceLoc& where) const {
    if (!assigned_) opkit::sim::detail::fault(api, "the handle has no queue: call AssignQueue first", where);
    if (quit_) opkit::sim::detail::fault(api, "the queue has quit (SetQuit): the cube core reads it no more", where);
  }

  // The slot must be one AllocMessage handed out and nothing was posted into it since.
  void take_slot(const char* api, CubeMsgType* msg, const SourceLoc& where) {
    namespace d = opkit::sim::detail;
    require_queue(api, where);
    const int64_t off = msg - msgHead;
    const bool in_column = off >= 0 && off % aivPerAic == 0 && off / aivPerAic < int64_t(MAX_MSG_PER_AIV);
    if (!in_column || !(allocated_ & (1u << (off / aivPerAic)))) {
      d::fault(api, d::cat("the message at ", static_cast<const void*>(msg), " is not one AllocMessage handed out "
                           "to queue ", int(queueId), in_column ? " (posted already, or not allocated yet)" :
                           " (outside the queue's slots)"), where);
    }
    allocated_ &= ~(1u << (off / aivPerAic));
    posted_ |= 1u << (off / aivPerAic);
  }

  void require_own_table(const char* api, const CubeMsgType* msg, const SourceLoc& where) const {
    const int64_t off = msg - msgHead;
    if (off < 0 || off >= int64_t(aivPerAic) * MAX_MSG_PER_AIV) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat(
          "the message at ", static_cast<const void*>(msg), " is not in this cube core's table (", int(aivPerAic),
          " x ", MAX_MSG_PER_AIV, " messages at ", static_cast<const void*>(msgHead), ")"), where);
    }
  }

  void take_queue(const char* api, const SourceLoc& where) {
    namespace d = opkit::sim::detail;
    assigned_ = true;
    quit_ = false;
    d::LaunchState* l = d::current_block().launch;
    if (l == nullptr) return;
    d::CubeGroupWatch& w = d::cube_group_watch(*l);
    const int64_t core = d::current_block().core_index;
    int64_t other = -1;
    {
      std::lock_guard<std::mutex> lock(w.m);
      d::CubeGroupQueues& g = d::cube_group_queues(w, area_, aivSize);
      if (g.owner[queueId] >= 0 && g.owner[queueId] != core) {
        other = g.owner_block[queueId];
      } else {
        g.owner[queueId] = core;
        g.owner_block[queueId] = GetBlockIdx();
      }
    }
    if (other >= 0) {
      d::fault(api, d::cat("queue ", int(queueId), " is vector core ", other, "'s already: one queue per vector core"),
               where);
    }
  }

 public:  // CANN's fields (its friends read them)
  uint8_t aicSize = 0;
  uint8_t aivSize = 0;
  uint8_t aivPerAic = 0;
  uint8_t aivNumForCurAic = 0;
  uint8_t queueId = 0;
  CubeMsgType* msgHead = nullptr;
  CubeMsgType* msgCurrent = nullptr;
  uint16_t msgPos = 0;
  uint16_t msgSize = 0;
  uint64_t aivWorkState = 0;
  uint8_t aivWork = 0;
  uint8_t eventID = 0;

 private:
  CubeMsgType* area_ = nullptr;  // the group's message area (all its cube cores' tables)
  int64_t aicStart_ = 0;
  uint8_t allocated_ = 0;  // rows of this queue handed out by AllocMessage and not posted yet
  uint8_t posted_ = 0;     // rows posted since their last AllocMessage
  bool assigned_ = false;
  bool quit_ = false;
};

// Make a group. A vector core gets its handle back at once; a cube core of the group serves the group's queues here
// (Init once, then Call for each message, until every queue has quit) and returns after; other cube cores return.
template <int groupID, class MatmulApiType, template <class, class> class CallBack, typename CubeMsgType>
CubeResGroupHandle<CubeMsgType> CreateCubeResGroup(KfcWorkspace& desc, uint8_t blockStart, uint8_t blockSize,
                                                   uint8_t msgQueueSize, GM_ADDR tiling, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(std::is_same_v<std::remove_cv_t<decltype(std::declval<CubeMsgType&>().head)>, CubeGroupMsgHead>,
                "CreateCubeResGroup: the message type's first member must be `CubeGroupMsgHead head`");
  const char* api = "CreateCubeResGroup";
  if (sizeof(CubeMsgType) % 64 != 0) {
    d::fault(api, d::cat("the message type is ", sizeof(CubeMsgType), " bytes; CANN needs a multiple of 64 (one "
                         "cache line per message)"), where);
  }
  const d::BlockContext& c = d::current_block();
  if (c.launch != nullptr && (c.launch->fused_core || c.launch->aic_per_block == 0 || c.launch->aiv_per_block == 0)) {
    d::fault(api, "a cube group needs the separate cube and vector cores of a mixed kernel: declare "
                  "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2) (or 1_1) on an Ascend910B-class SoC", where);
  }
  CubeResGroupHandle<CubeMsgType> handle(desc.GetKfcWorkspace(), blockStart, blockSize, msgQueueSize,
                                         GetEventId(desc), where);
  if (c.launch != nullptr) {
    const int64_t aivs = c.launch->block_num * c.launch->aiv_per_block;
    if (blockStart / 2 + blockSize / 2 > c.launch->block_num || msgQueueSize > aivs) {
      d::fault(api, d::cat("the group's cube cores [", blockStart / 2, ", ", blockStart / 2 + blockSize / 2, ") and ",
                           int(msgQueueSize), " queues do not fit the launch's ", c.launch->block_num, " cube and ",
                           aivs, " vector cores"), where);
    }
  }
  d::check_gm(api, "access", handle.opkit_area(), handle.opkit_area_bytes(), where, nullptr);
  desc.UpdateKfcWorkspace(handle.opkit_area_bytes());
  if (!ASCEND_IS_AIC || !handle.opkit_in_group()) return handle;
  MatmulApiType mm;
  CallBack<MatmulApiType, CubeMsgType> obj;
  obj.Init(obj, mm, tiling);
  while (handle.opkit_running()) {
    CubeMsgType* rcv = handle.opkit_receive(where);
    if (__atomic_load_n(reinterpret_cast<const uint8_t*>(rcv), __ATOMIC_SEQ_CST) == uint8_t(CubeMsgState::QUIT)) {
      handle.opkit_quit_queue(rcv->head.aivID, where);
    } else {
      obj.Call(mm, rcv, handle);
    }
    handle.opkit_release();
  }
  return handle;
}

}  // namespace AscendC
