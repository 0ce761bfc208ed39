/* Tiling data of HeadDoubleCustom (newer layout: a plain struct, included by host and kernel). */
#ifndef HEAD_DOUBLE_CUSTOM_TILING_H
#define HEAD_DOUBLE_CUSTOM_TILING_H
#include <cstdint>
struct HeadDoubleCustomTilingData {
    uint32_t outLength;
};
#endif  // HEAD_DOUBLE_CUSTOM_TILING_H
