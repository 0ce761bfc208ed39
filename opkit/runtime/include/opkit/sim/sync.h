// Pipe synchronisation (PipeBarrier, SetFlag/WaitFlag, TQueSync, set_flag/wait_flag): no-ops in a sequential
// simulator, but pairing is checked; the three spellings of one event share one pending count.
#pragma once

#include <cstdint>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/names.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/profile.h"

namespace opkit::sim::detail {

static_assert(kHardEvents == static_cast<int>(AscendC::HardEvent::MAX) + 1,
              "context.h's event table must have one row per HardEvent");

inline uint16_t& pending_flag(const char* api, AscendC::HardEvent evt, int32_t id, const SourceLoc& where) {
  check_cancelled(api, where);
  if (id < 0 || id >= kEventIds) {
    fault(api, cat("event id ", id, " of HardEvent::", event_name(evt), " is outside [0, ", kEventIds, ")"), where);
  }
  return current_block().pending_flags[static_cast<uint8_t>(evt)][id];
}

inline void set_flag(const char* api, AscendC::HardEvent evt, int32_t id, const SourceLoc& where) {
  ++pending_flag(api, evt, id, where);
  if (BlockRecord* r = current_block().rec) r->add(Ev::SetFlag, api, static_cast<uint64_t>(evt), uint64_t(id));
}

// A WaitFlag with no earlier SetFlag of the same event and id waits forever on the device.
inline void wait_flag(const char* api, AscendC::HardEvent evt, int32_t id, const SourceLoc& where) {
  uint16_t& pending = pending_flag(api, evt, id, where);
  if (pending == 0) {
    fault(api, cat("WaitFlag<HardEvent::", event_name(evt), ">(", id, ") has no pending SetFlag<HardEvent::",
                   event_name(evt), ">(", id, "); the device would hang here"), where);
  }
  --pending;
  if (BlockRecord* r = current_block().rec) r->add(Ev::WaitFlag, api, static_cast<uint64_t>(evt), uint64_t(id));
}

inline const char* pipe_name(pipe_t p) {
  static const char* const names[] = {"PIPE_S", "PIPE_V", "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
                                      "PIPE_ALL", "PIPE_MTE4", "PIPE_MTE5", "PIPE_V2", "PIPE_FIX",
                                      "VIRTUAL_PIPE_MTE2_L1A", "VIRTUAL_PIPE_MTE2_L1B", "PIPE_NUM"};
  const auto i = static_cast<uint8_t>(p);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}

// The HardEvent by which pipe `dst` waits for pipe `src` (TQueSync and set_flag name the pipes, SetFlag the event);
// HardEvent::MAX when the hardware has no flag between the two.
constexpr AscendC::HardEvent pipe_event(pipe_t src, pipe_t dst) {
  using AscendC::HardEvent;
  struct Pair {
    pipe_t src, dst;
    HardEvent evt;
  };
  constexpr Pair pairs[] = {
      {PIPE_MTE2, PIPE_MTE1, HardEvent::MTE2_MTE1}, {PIPE_MTE1, PIPE_MTE2, HardEvent::MTE1_MTE2},
      {PIPE_MTE1, PIPE_M, HardEvent::MTE1_M},       {PIPE_M, PIPE_MTE1, HardEvent::M_MTE1},
      {PIPE_MTE2, PIPE_V, HardEvent::MTE2_V},       {PIPE_V, PIPE_MTE2, HardEvent::V_MTE2},
      {PIPE_MTE3, PIPE_V, HardEvent::MTE3_V},       {PIPE_V, PIPE_MTE3, HardEvent::V_MTE3},
      {PIPE_M, PIPE_V, HardEvent::M_V},             {PIPE_V, PIPE_M, HardEvent::V_M},
      {PIPE_V, PIPE_V, HardEvent::V_V},             {PIPE_MTE3, PIPE_MTE1, HardEvent::MTE3_MTE1},
      {PIPE_MTE1, PIPE_MTE3, HardEvent::MTE1_MTE3}, {PIPE_MTE1, PIPE_V, HardEvent::MTE1_V},
      {PIPE_MTE2, PIPE_M, HardEvent::MTE2_M},       {PIPE_M, PIPE_MTE2, HardEvent::M_MTE2},
      {PIPE_V, PIPE_MTE1, HardEvent::V_MTE1},       {PIPE_M, PIPE_FIX, HardEvent::M_FIX},
      {PIPE_FIX, PIPE_M, HardEvent::FIX_M},         {PIPE_MTE3, PIPE_MTE2, HardEvent::MTE3_MTE2},
      {PIPE_MTE2, PIPE_MTE3, HardEvent::MTE2_MTE3}, {PIPE_S, PIPE_V, HardEvent::S_V},
      {PIPE_V, PIPE_S, HardEvent::V_S},             {PIPE_S, PIPE_MTE2, HardEvent::S_MTE2},
      {PIPE_MTE2, PIPE_S, HardEvent::MTE2_S},       {PIPE_S, PIPE_MTE3, HardEvent::S_MTE3},
      {PIPE_MTE3, PIPE_S, HardEvent::MTE3_S},       {PIPE_MTE2, PIPE_FIX, HardEvent::MTE2_FIX},
      {PIPE_FIX, PIPE_MTE2, HardEvent::FIX_MTE2},   {PIPE_FIX, PIPE_S, HardEvent::FIX_S},
      {PIPE_M, PIPE_S, HardEvent::M_S},             {PIPE_FIX, PIPE_MTE3, HardEvent::FIX_MTE3},
      {PIPE_MTE1, PIPE_FIX, HardEvent::MTE1_FIX},   {PIPE_FIX, PIPE_MTE1, HardEvent::FIX_MTE1},
      {PIPE_FIX, PIPE_FIX, HardEvent::FIX_FIX},
  };
  for (const Pair& p : pairs) {
    if (p.src == src && p.dst == dst) return p.evt;
  }
  return HardEvent::MAX;
}

// set_flag/wait_flag name the pipes at run time: a pair without a flag is a fault, not a compile error.
inline AscendC::HardEvent pipe_event_or_fault(const char* api, pipe_t src, pipe_t dst, const SourceLoc& where) {
  const AscendC::HardEvent evt = pipe_event(src, dst);
  if (evt == AscendC::HardEvent::MAX) {
    fault(api, cat("no hardware flag makes ", pipe_name(dst), " wait for ", pipe_name(src)), where);
  }
  return evt;
}

}  // namespace opkit::sim::detail

namespace AscendC {

// Program order already serialises every pipe here, so a barrier has nothing to wait for.
template <pipe_t pipe>
void PipeBarrier(OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_cancelled("PipeBarrier", where);
  if (d::BlockRecord* r = d::current_block().rec) r->add(d::Ev::Barrier, "PipeBarrier", static_cast<uint64_t>(pipe));
}

template <HardEvent evt>
void SetFlag(int32_t event_id, OPKIT_SIM_HERE) {
  opkit::sim::detail::set_flag("SetFlag", evt, event_id, where);
}

template <HardEvent evt>
void WaitFlag(int32_t event_id, OPKIT_SIM_HERE) {
  opkit::sim::detail::wait_flag("WaitFlag", evt, event_id, where);
}

// The queue-style spelling of SetFlag/WaitFlag: `TQueSync<PIPE_MTE2, PIPE_V> s; s.SetFlag(id); s.WaitFlag(id);`
// is SetFlag<HardEvent::MTE2_V>(id) then WaitFlag<HardEvent::MTE2_V>(id), and pairs with them.
template <pipe_t src, pipe_t dst>
class TQueSync {
  static constexpr HardEvent kEvent = opkit::sim::detail::pipe_event(src, dst);
  static_assert(kEvent != HardEvent::MAX, "TQueSync<src, dst>: the hardware has no flag by which pipe dst waits "
                                          "for pipe src (see HardEvent for the pairs that exist)");

 public:
  void SetFlag(TEventID id, OPKIT_SIM_HERE) { opkit::sim::detail::set_flag("TQueSync::SetFlag", kEvent, id, where); }
  void WaitFlag(TEventID id, OPKIT_SIM_HERE) {
    opkit::sim::detail::wait_flag("TQueSync::WaitFlag", kEvent, id, where);
  }
};

}  // namespace AscendC

// The CCE builtins that older kernels call directly.
inline void pipe_barrier(pipe_t pipe, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_cancelled("pipe_barrier", where);
  if (d::BlockRecord* r = d::current_block().rec) r->add(d::Ev::Barrier, "pipe_barrier", static_cast<uint64_t>(pipe));
}

inline void set_flag(pipe_t src, pipe_t dst, event_t id, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::set_flag("set_flag", d::pipe_event_or_fault("set_flag", src, dst, where), id, where);
}

inline void wait_flag(pipe_t src, pipe_t dst, event_t id, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::wait_flag("wait_flag", d::pipe_event_or_fault("wait_flag", src, dst, where), id, where);
}
