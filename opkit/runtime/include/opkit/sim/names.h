// Printable names of the simulator's enums, for fault messages.
#pragma once

#include <cstdint>

#include "opkit/sim/positions.h"

namespace opkit::sim::detail {

inline const char* position_name(AscendC::TPosition p) {
  static const char* const names[] = {"GM", "A1", "A2", "B1", "B2", "C1", "C2", "CO1", "CO2", "VECIN", "VECOUT",
                                      "VECCALC", "SPM", "TSCM", "C2PIPE2GM", "C2PIPE2LOCAL", "MAX"};
  const auto i = static_cast<uint8_t>(p);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}

inline const char* event_name(AscendC::HardEvent e) {
  static const char* const names[] = {
      "MTE2_MTE1", "MTE1_MTE2", "MTE1_M", "M_MTE1", "MTE2_V", "V_MTE2", "MTE3_V", "V_MTE3", "M_V", "V_M", "V_V",
      "MTE3_MTE1", "MTE1_MTE3", "MTE1_V", "MTE2_M", "M_MTE2", "V_MTE1", "M_FIX", "FIX_M", "MTE3_MTE2", "MTE2_MTE3",
      "S_V", "V_S", "S_MTE2", "MTE2_S", "S_MTE3", "MTE3_S", "MTE2_FIX", "FIX_MTE2", "FIX_S", "M_S", "FIX_MTE3",
      "MTE1_FIX", "FIX_MTE1", "FIX_FIX", "MAX"};
  const auto i = static_cast<uint8_t>(e);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}

}  // namespace opkit::sim::detail
