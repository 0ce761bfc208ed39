/* Tiling data of ScaleEdgeCustom (newer layout: a plain struct, included by host and kernel). */
#ifndef SCALE_EDGE_CUSTOM_TILING_H
#define SCALE_EDGE_CUSTOM_TILING_H
#include <cstdint>
struct ScaleEdgeCustomTilingData {
    uint32_t totalLength;
    uint32_t tileLength;  // elements per copy; the last tile may be shorter
    float scale;
};
#endif  // SCALE_EDGE_CUSTOM_TILING_H
