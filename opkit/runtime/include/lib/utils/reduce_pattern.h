// ReducePattern (CANN's reduce_tiling.h / normalize_utils.h): which axes of a tensor a reduction runs over, shared by
// the advanced reductions' host helpers and Normalize's config.
#pragma once

#include <cstdint>

namespace AscendC {

enum class ReducePattern : uint32_t {
  AR = 0, RA = 1, R, ARA, ARAR, ARARA, ARARAR, ARARARA, ARARARAR, ARARARARA,
  RAR, RARA, RARAR, RARARA, RARARAR, RARARARA,
};

}  // namespace AscendC
