// The in-core pipe mutex (CANN's kernel_common.h: Mutex::Lock/Unlock<pipe>(id), AllocMutexID, ReleaseMutexID; it
// acts on Ascend 950 and compiles to nothing elsewhere). Pipes run one after another here, so a lock orders
// nothing; what is checked is the use: ids from AllocMutexID (at most MAX_MUTEXID + 1 live), a Lock matched by an
// Unlock of the same pipe, no Unlock of an id the pipe does not hold, and nothing still locked when released.
#pragma once

#include <cstdint>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/sync.h"

namespace AscendC {

using MutexID = uint8_t;
inline constexpr MutexID MAX_MUTEXID = 27;

}  // namespace AscendC

namespace opkit::sim::detail {

inline void check_mutex_id(const char* api, AscendC::MutexID id, const SourceLoc& where) {
  if (id > AscendC::MAX_MUTEXID) {
    fault(api, cat("MutexID ", int(id), " is past MAX_MUTEXID (", int(AscendC::MAX_MUTEXID), ")"), where);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

class Mutex {
 public:
  template <pipe_t pipe>
  static void Lock(MutexID id, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    d::check_mutex_id("Mutex::Lock", id, where);
    uint16_t& held = d::current_block().mutex_held[id];
    if (held & (1u << pipe)) {
      d::fault("Mutex::Lock", d::cat(d::pipe_name(pipe), " locks MutexID ", int(id), " again without Unlock"), where);
    }
    held = uint16_t(held | (1u << pipe));
  }

  template <pipe_t pipe>
  static void Unlock(MutexID id, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    d::check_mutex_id("Mutex::Unlock", id, where);
    uint16_t& held = d::current_block().mutex_held[id];
    if (!(held & (1u << pipe))) {
      d::fault("Mutex::Unlock", d::cat(d::pipe_name(pipe), " unlocks MutexID ", int(id), ", which it has not locked"),
               where);
    }
    held = uint16_t(held & ~(1u << pipe));
  }
};

inline MutexID AllocMutexID(OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  uint32_t& used = d::current_block().mutex_ids;
  for (MutexID id = 0; id <= MAX_MUTEXID; ++id) {
    if (!(used & (1u << id))) {
      used |= 1u << id;
      return id;
    }
  }
  d::fault("AllocMutexID", d::cat("all ", int(MAX_MUTEXID) + 1, " MutexIDs are allocated (ReleaseMutexID frees one)"),
           where);
}

inline void ReleaseMutexID(MutexID id, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_mutex_id("ReleaseMutexID", id, where);
  d::BlockContext& c = d::current_block();
  if (!(c.mutex_ids & (1u << id))) {
    d::fault("ReleaseMutexID", d::cat("MutexID ", int(id), " was not allocated by AllocMutexID"), where);
  }
  if (c.mutex_held[id] != 0) {
    d::fault("ReleaseMutexID", d::cat("MutexID ", int(id), " is still locked by a pipe (Lock without Unlock)"), where);
  }
  c.mutex_ids &= ~(1u << id);
}

}  // namespace AscendC
