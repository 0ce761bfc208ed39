/* Tiling data of Fill (newer layout; the host includes it as "fill_tiling.h" through its include path). */
#ifndef FILL_TILING_H
#define FILL_TILING_H
#include <cstdint>
struct FillTilingData {
    uint32_t length;
    float value;
};
#endif  // FILL_TILING_H
