/* Tiling data of ScaleAxpyCustom, shared by host and kernel. */
#ifndef SCALE_AXPY_CUSTOM_TILING_H
#define SCALE_AXPY_CUSTOM_TILING_H
#include <cstdint>
struct ScaleAxpyCustomTilingData {
    uint32_t totalLength;
    float alpha;
    int32_t beta;
};
#endif  // SCALE_AXPY_CUSTOM_TILING_H
