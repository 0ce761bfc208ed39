// Pipe synchronisation (PipeBarrier, SetFlag/WaitFlag): no-ops in a sequential simulator, but pairing is checked.
#pragma once

#include <cstdint>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/names.h"
#include "opkit/sim/positions.h"

namespace opkit::sim::detail {

static_assert(kHardEvents == static_cast<int>(AscendC::HardEvent::MAX) + 1,
              "context.h's event table must have one row per HardEvent");

inline uint16_t& pending_flag(const char* api, AscendC::HardEvent evt, int32_t id, const SourceLoc& where) {
  check_cancelled();
  if (id < 0 || id >= kEventIds) {
    fault(api, cat("event id ", id, " of HardEvent::", event_name(evt), " is outside [0, ", kEventIds, ")"), where);
  }
  return current_block().pending_flags[static_cast<uint8_t>(evt)][id];
}

}  // namespace opkit::sim::detail

namespace AscendC {

// Program order already serialises every pipe here, so a barrier has nothing to wait for.
template <pipe_t pipe>
void PipeBarrier() {
  opkit::sim::detail::check_cancelled();
}

template <HardEvent evt>
void SetFlag(int32_t event_id, OPKIT_SIM_HERE) {
  ++opkit::sim::detail::pending_flag("SetFlag", evt, event_id, where);
}

// A WaitFlag with no earlier SetFlag of the same event and id waits forever on the device.
template <HardEvent evt>
void WaitFlag(int32_t event_id, OPKIT_SIM_HERE) {
  uint16_t& pending = opkit::sim::detail::pending_flag("WaitFlag", evt, event_id, where);
  if (pending == 0) {
    opkit::sim::detail::fault("WaitFlag", opkit::sim::detail::cat(
        "WaitFlag<HardEvent::", opkit::sim::detail::event_name(evt), ">(", event_id, ") has no pending SetFlag<",
        "HardEvent::", opkit::sim::detail::event_name(evt), ">(", event_id, "); the device would hang here"), where);
  }
  --pending;
}

}  // namespace AscendC

// The CCE builtin that older kernels call directly.
inline void pipe_barrier(pipe_t) { opkit::sim::detail::check_cancelled(); }
