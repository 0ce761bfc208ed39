/* Tiling data of PadShiftCustom, shared by host and kernel. */
#ifndef PAD_SHIFT_CUSTOM_TILING_H
#define PAD_SHIFT_CUSTOM_TILING_H
#include <cstdint>
struct PadShiftCustomTilingData {
    uint32_t totalLength;
    float shift;
};
#endif  // PAD_SHIFT_CUSTOM_TILING_H
