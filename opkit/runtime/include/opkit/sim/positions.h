// The position, event and pipe enums of Ascend C (TPosition/QuePosition, HardEvent, pipe_t, event ids).
#pragma once

#include <cstdint>

namespace AscendC {

enum class TPosition : uint8_t {
  GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, C2PIPE2GM,
  C2PIPE2LOCAL, MAX,
};
using QuePosition = TPosition;

}  // namespace AscendC
