/* Tiling data of NonMaxSuppression (newer layout: a plain struct, included by host and kernel). */
#ifndef NON_MAX_SUPPRESSION_TILING_H
#define NON_MAX_SUPPRESSION_TILING_H
#include <cstdint>
struct NonMaxSuppressionTilingData {
    uint32_t batches;
    uint32_t classes;
    uint32_t spatial;        // boxes per batch; at most NMS_MAX_BOXES
    int32_t centerPointBox;  // 0: (y1, x1, y2, x2) corners; 1: (x_center, y_center, width, height)
};
constexpr uint32_t NMS_MAX_BOXES = 1024;
#endif  // NON_MAX_SUPPRESSION_TILING_H
