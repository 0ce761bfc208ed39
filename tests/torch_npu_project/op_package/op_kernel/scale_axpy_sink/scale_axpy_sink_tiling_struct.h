#ifndef SCALE_AXPY_SINK_TILING_STRUCT_H
#define SCALE_AXPY_SINK_TILING_STRUCT_H
#include <cstdint>

struct ScaleAxpySinkTilingData {
    uint32_t totalLength;
    float alpha;
    int32_t beta;
};
#endif
