// The position, event and pipe enums of Ascend C (TPosition/QuePosition, HardEvent, pipe_t, event ids).
#pragma once

#include <cstdint>

// pipe_t and event_t are CCE compiler builtins on the device, so kernels spell them without a namespace.
enum pipe_t : uint8_t {
  PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX,
  VIRTUAL_PIPE_MTE2_L1A, VIRTUAL_PIPE_MTE2_L1B, PIPE_NUM,
};

enum event_t : uint8_t {
  EVENT_ID0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7,
};

namespace AscendC {

enum class TPosition : uint8_t {
  GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, C2PIPE2GM,
  C2PIPE2LOCAL, MAX,
};
using QuePosition = TPosition;

// Producer_consumer pairs of pipes; SetFlag/WaitFlag order the consumer after the producer.
enum class HardEvent : uint8_t {
  MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1, MTE1_MTE3, MTE1_V,
  MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S, MTE2_FIX,
  FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX,
};

using TEventID = int8_t;
using TTagType = int32_t;

// Event ids per HardEvent that a pipe hands out (EVENT_ID0..7).
inline constexpr int32_t kEventIdsPerEvent = 8;

}  // namespace AscendC
