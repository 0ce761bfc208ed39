// GroupBarrier (CANN's kernel_operator_group_barrier_intf.h): arriveSize blocks Arrive, waitSize blocks Wait until all
// of the round's arrivals are in; rounds repeat. CANN's GM layout and counting (impl/basic_api/dav_c220/core_mng/roc):
// per index i a 512-byte cache line at groupWorkspace + 512 * i holds the arrive counter (uint32 at +0) and the wait
// counter (+64); Arrive and Wait each add 1 to the first max(arriveSize, waitSize) lines' counter; Wait of round r
// spins until its arrive counter reaches r * arriveSize; an Arrive of round r > 1 first waits for the previous round's
// r - 1 waits. Blocks are threads here: the counters are GM atomics and a spinning block yields (the watchdog names a
// wait that never ends). The workspace must start zeroed and hold GetWorkspaceLen() bytes.
#pragma once

#include <cstdint>

#include "opkit/sim/core_sync.h"

namespace AscendC {

enum class PipeMode : uint8_t { SCALAR_MODE = 0, MTE3_MODE = 1, MAX };

template <PipeMode pipeMode>
class GroupBarrier {
 public:
  GroupBarrier(GM_ADDR groupWorkspace, uint32_t arriveSizeIn, uint32_t waitSizeIn, OPKIT_SIM_HERE)
      : ws_(reinterpret_cast<uint8_t*>(groupWorkspace)), arriveSize_(arriveSizeIn), waitSize_(waitSizeIn) {
    namespace d = opkit::sim::detail;
    const char* api = "GroupBarrier";
    if (pipeMode != PipeMode::MTE3_MODE) d::fault(api, "CANN's GroupBarrier supports PipeMode::MTE3_MODE only", where);
    const int64_t blocks = GetBlockNum();
    if (arriveSizeIn == 0 || waitSizeIn == 0 || arriveSizeIn > blocks || waitSizeIn > blocks) {
      d::fault(api, d::cat("arriveSize ", arriveSizeIn, " and waitSize ", waitSizeIn, " must lie in [1, ", blocks,
                           "] (the launch's blocks)"), where);
    }
    d::check_gm(api, "access", ws_, GetWorkspaceLen(), where, nullptr);
    // A counter that is all ones was not cleared (a zeroed counter that others bumped holds a small count; memory used
    // before holds whatever was left there): its waits would never end, so this says why now instead of a watchdog
    // stop later.
    const uint32_t lines = arriveSize_ > waitSize_ ? arriveSize_ : waitSize_;
    for (uint32_t i = 0; i < lines; ++i) {
      for (uint32_t word : {0u, 16u}) {
        if (__atomic_load_n(line(i) + word, __ATOMIC_SEQ_CST) == 0xffffffffu) {
          d::fault(api, d::cat("the workspace's ", word == 0 ? "arrive" : "wait", " counter ", i, " at ",
                               static_cast<const void*>(line(i) + word), " holds 0xffffffff, not a count: the "
                               "workspace was not cleared (memory used before holds whatever was left there). "
                               "GroupBarrier needs its GetWorkspaceLen() bytes zeroed before the launch (aclrtMemset "
                               "on the host)"), where);
        }
      }
    }
  }

  void Arrive(uint32_t arriveIndex, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    check_index("GroupBarrier::Arrive", "arriveIndex", arriveIndex, arriveSize_, where);
    if (counter_ > 1) {
      const uint32_t expected = (counter_ - 1) * waitSize_;
      uint32_t* head = line(arriveIndex) + 16;
      d::spin_until("GroupBarrier::Arrive", where, [&] { return __atomic_load_n(head, __ATOMIC_SEQ_CST) == expected; });
    }
    bump(0);
    counter_ += 1;
    hasArrive_ = true;
  }

  void Wait(uint32_t waitIndex, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    check_index("GroupBarrier::Wait", "waitIndex", waitIndex, waitSize_, where);
    const uint32_t round = hasArrive_ ? counter_ - 1 : counter_;
    const uint32_t expected = round * arriveSize_;
    uint32_t* head = line(waitIndex);
    d::spin_until("GroupBarrier::Wait", where, [&] { return __atomic_load_n(head, __ATOMIC_SEQ_CST) >= expected; });
    bump(16);
    if (!hasArrive_) counter_ += 1;
    hasArrive_ = false;
  }

  uint64_t GetWorkspaceLen() const { return uint64_t(arriveSize_ > waitSize_ ? arriveSize_ : waitSize_) * 512; }

 private:
  uint32_t* line(uint32_t i) const { return reinterpret_cast<uint32_t*>(ws_ + uint64_t(i) * 512); }
  void bump(uint32_t word) const {
    const uint32_t lines = arriveSize_ > waitSize_ ? arriveSize_ : waitSize_;
    for (uint32_t i = 0; i < lines; ++i) __atomic_fetch_add(line(i) + word, 1u, __ATOMIC_SEQ_CST);
  }
  static void check_index(const char* api, const char* name, uint32_t index, uint32_t size,
                          const opkit::sim::detail::SourceLoc& where) {
    if (index >= size) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat(name, " ", index, " is not below ", size), where);
    }
  }

  uint8_t* ws_;
  uint32_t arriveSize_;
  uint32_t waitSize_;
  uint32_t counter_ = 1;
  bool hasArrive_ = false;
};

}  // namespace AscendC
