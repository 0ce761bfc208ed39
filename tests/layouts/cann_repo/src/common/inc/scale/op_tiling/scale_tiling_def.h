/* The tiling struct the scale family shares (one level up from its ops, as in CANN's operator repository):
 * declared once, registered for each op that uses it. */
#ifndef SCALE_TILING_DEF_H
#define SCALE_TILING_DEF_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScaleCommonTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, perCore);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ScaleOther, ScaleCommonTilingData)
REGISTER_TILING_DATA_CLASS(ScaleByScalar, ScaleCommonTilingData)
}  // namespace optiling
#endif  // SCALE_TILING_DEF_H
