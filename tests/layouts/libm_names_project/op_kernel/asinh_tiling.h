/* Tiling data of Asinh (newer layout, included by the host as "../op_kernel/asinh_tiling.h", msopgen's way). */
#ifndef ASINH_TILING_H
#define ASINH_TILING_H
#include <cstdint>
struct AsinhTilingData {
    uint32_t length;
};
#endif  // ASINH_TILING_H
